"""`sample_states`: every sampled state agrees with the seat's view and could have been
played; the true state is always a possible world; the worlds are drawn uniformly."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from math import comb
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from setback import (
    CallPartner,
    DeclareTrump,
    Discard,
    DrawOrder,
    GameState,
    InvalidStateError,
    KeepSix,
    PackRanks,
    Phase,
    Play,
    PlayerView,
    PlayTrump,
    Rules,
    Suit,
    TrumpBy,
    apply_action,
    legal_actions,
    new_game,
    observe,
    parse_cards,
    sample_states,
    trump_table,
)
from setback.bots.sampling import (
    _admits,
    _deal_order,
    _Draws,
    _lacked,
    _place,
    _Problem,
    _problem,
    _Slot,
    _solve,
    check_observed,
)
from setback.cards import CARDS, Card, cards_of, mask_of
from setback.dealing import deal as deal_pack
from setback.dealing import packets
from setback.play import open_to
from setback.state import ForcedStep

from .strategies import (
    PRESETS,
    SOAK,
    any_rules,
    calm_choice,
    each_preset,
    examples,
    random_states,
    seeds,
)
from .support import (
    D1_DISCARDS,
    act,
    cinch_short_stock,
    d1_declared,
    deal,
    p1_called,
    with_held,
    y1_played,
    y2_declared,
)


def _played(state: GameState) -> list[int]:
    """The cards each seat played this hand, as bit sets."""
    played = [0] * state.rules.players
    for trick in (*state.tricks, *((state.trick,) if state.trick else ())):
        for seat, card in trick.plays:
            played[seat] |= 1 << card.index
    return played


def _deck(rules: Rules, dealer: int, hands: list[int], stock: list[int]) -> list[Card]:
    """The pack in the order that deals `hands` (bit sets) and leaves `stock` (in order)."""
    cards = [list(cards_of(mask)) for mask in hands]
    deck: list[Card] = []
    for size in packets(rules):
        for k in range(1, rules.players + 1):
            seat = (dealer + k) % rules.players
            deck.extend(cards[seat][:size])
            del cards[seat][:size]
    return deck + [CARDS[index] for index in stock]


def _first_deal(world: GameState) -> tuple[list[int], list[int]]:
    """A deal from which the world's hand could have been played: each seat's cards as
    dealt and the stock in order. Cards that came from the stock (the draw, the draw
    back) are put back on it in the order the seats drew them."""
    rules, hand = world.rules, world.hand_state
    players, deal = rules.players, rules.deal
    played = _played(world)
    faced = hand.face_up or (0,) * players
    thrown = hand.discarded or (0,) * players
    pitched = [0] * players  # a pitched card lying in the trick is still in its hand
    if world.phase is Phase.BIDDING and world.trick and world.trick.plays:
        seat, card = world.trick.plays[0]
        pitched[seat] = 1 << card.index
    kept = [world.held[s] | played[s] | faced[s] | pitched[s] for s in range(players)]
    order = [(hand.dealer + k) % players for k in range(1, players + 1)]
    stock = list(hand.stock)
    if rules.kitty:  # RULES §7.7.1: the kitty lies after the dealt packets
        return _kitty_deal(world, kept, list(thrown), order, stock)
    robbed = rules.deal > 6 and rules.keep_six is KeepSix.ROB_THE_PACK
    if robbed and world.phase in (Phase.DISCARD, Phase.PLAY):
        return _robbed_first_deal(world, kept, thrown)
    if not any(thrown):
        return kept, stock
    if rules.draw:  # what each seat discarded it drew, from the front of the stock
        drawn: list[int] = []
        for seat in order:
            got = list(cards_of(kept[seat]))[: thrown[seat].bit_count()]
            drawn.extend(card.index for card in got)
            kept[seat] = (kept[seat] & ~sum(1 << c.index for c in got)) | thrown[seat]
        return kept, drawn + stock
    if rules.deal > 6 and rules.keep_six is KeepSix.DISCARD_AND_DRAW:
        # RULES §7.3.11: in its order, each seat drew back to six what it threw beyond
        # deal - 6, from the front of the stock
        assert hand.pitcher is not None
        start = hand.pitcher if rules.draw_order is DrawOrder.PITCHER_LEFT else hand.dealer
        seats = [(start + k) % players for k in range(1, players + 1)]
        drawn = []
        for seat in [s for s in seats if s != hand.pitcher] + [hand.pitcher]:
            if thrown[seat]:
                got = list(cards_of(kept[seat]))[: thrown[seat].bit_count() - (deal - 6)]
                drawn.extend(card.index for card in got)
                kept[seat] = (kept[seat] & ~sum(1 << c.index for c in got)) | thrown[seat]
        return kept, drawn + stock
    if rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK:
        assert hand.trump is not None and hand.pitcher is not None
        trumps = trump_table(hand.trump, rules).trump_mask
        drawn = []
        # RULES §7.3.10: the seats drew in the draw back's order (from the pitcher's left
        # under PITCHER_LEFT), each from the front of the stock
        start = hand.pitcher if rules.draw_order is DrawOrder.PITCHER_LEFT else hand.dealer
        for seat in [(start + k) % players for k in range(1, players + 1)]:
            if seat == hand.pitcher:
                continue
            count = deal - thrown[seat].bit_count()  # the trumps it kept
            keep = list(cards_of(kept[seat] & trumps))[:count]
            mask = sum(1 << c.index for c in keep)
            drawn.extend(c.index for c in cards_of(kept[seat] & ~mask))
            kept[seat] = mask | thrown[seat]
        everything = list(cards_of(kept[hand.pitcher] | thrown[hand.pitcher]))
        everything.sort(key=lambda card: card == world.called)  # he could only draw it
        kept[hand.pitcher] = sum(1 << c.index for c in everything[:deal])
        return kept, drawn + [c.index for c in everything[deal:]]
    return [k | t for k, t in zip(kept, thrown, strict=True)], stock


def _kitty_deal(
    world: GameState, kept: list[int], thrown: list[int], order: list[int], stock: list[int]
) -> tuple[list[int], list[int]]:
    """`_first_deal` with a kitty: the kitty (or, once the pitcher discarded after taking
    it, those discards: any cards may go, so a kitty of them replays the same hand) comes
    right after the packets, then what the draw drew, then the stock."""
    rules, hand = world.rules, world.hand_state
    pitcher = hand.pitcher
    if hand.trump is None or pitcher is None:  # face down: the stock's first cards already
        return kept, stock
    if not thrown[pitcher]:  # he holds the kitty still
        kept[pitcher] &= ~mask_of(world.kitty)
        return kept, [*(c.index for c in world.kitty), *stock]
    trumps = trump_table(hand.trump, rules).trump_mask
    mine = list(cards_of(thrown[pitcher]))
    mine.sort(key=lambda card: not trumps >> card.index & 1)  # trumps first: the draw throws none
    kitty = sum(1 << card.index for card in mine[: rules.kitty])
    thrown[pitcher] &= ~kitty
    drawn: list[int] = []
    if rules.draw:
        for seat in order:
            got = list(cards_of(kept[seat]))[: thrown[seat].bit_count()]
            drawn.extend(card.index for card in got)
            kept[seat] = (kept[seat] & ~sum(1 << c.index for c in got)) | thrown[seat]
    return kept, [*(c.index for c in cards_of(kitty)), *drawn, *stock]


def _kitty_discard(world: GameState, state: GameState, seat: int) -> tuple[Card, ...]:
    """The discard the replay makes for `seat`: with a kitty the pitcher discards first
    what `_kitty_deal` dealt as the kitty, then (the draw) the rest of his discards."""
    cards = world.discards[seat]
    if not world.rules.kitty or seat != world.hand_state.pitcher:
        return cards
    trump = world.hand_state.trump
    assert trump is not None
    trumps = trump_table(trump, world.rules).trump_mask
    mine = sorted(cards, key=lambda card: not trumps >> card.index & 1)
    return tuple(mine[world.rules.kitty :] if state.discards[seat] else mine[: world.rules.kitty])


def _robbed_first_deal(
    world: GameState, kept: list[int], thrown: tuple[int, ...]
) -> tuple[list[int], list[int]]:
    """Cinch's discard and rob put back (RULES §7.5.5): a player who discarded no trump
    face up kept the trumps he was dealt (his deal less his face-up discard, when the
    stock could refill him) and drew the rest; where the stock ran out at him he may have
    kept non-trumps; the dealer's deal is 9 of his cards, the rest the stock he robbed."""
    rules, hand = world.rules, world.hand_state
    players, deal = rules.players, rules.deal
    assert hand.trump is not None
    trumps = trump_table(hand.trump, rules).trump_mask
    faced = hand.face_up or (0,) * players
    order = [(hand.dealer + k) % players for k in range(1, players + 1)]
    if world.phase is Phase.DISCARD:
        order = order[: order.index(world.to_act)] + (  # type: ignore[arg-type]
            [hand.dealer] if world.to_act == hand.dealer else []
        )
    stock = len(rules.pack) - players * deal
    drawn: list[int] = []
    rest = list(hand.stock)
    for seat in order:
        mine = list(cards_of(kept[seat] & ~faced[seat]))
        if seat == hand.dealer:
            everything = list(cards_of(kept[seat] | thrown[seat]))
            kept[seat] = sum(1 << c.index for c in everything[:deal])
            rest = [c.index for c in everything[deal:]]
            continue
        if faced[seat] & trumps:
            continue
        given = min(stock, len(faced_cards := cards_of(faced[seat])) - (deal - 6))
        dealt_kept = 6 - given
        if given < stock:
            keep = [c for c in mine if trumps >> c.index & 1][: deal - len(faced_cards)]
        else:
            keep = sorted(mine, key=lambda c: bool(trumps >> c.index & 1))[:dealt_kept]
        drawn.extend(c.index for c in mine if c not in keep)
        kept[seat] = faced[seat] | sum(1 << c.index for c in keep)
        stock -= given
    return kept, drawn + rest


def _replays(world: GameState) -> None:
    """The world's hand so far replays by the engine's own rules from a deal: the auction,
    the trump, every discard (the draw and the draw back too) and every card played, each
    checked as it is applied; the replay ends where the world is."""
    if world.phase is Phase.GAME_OVER:
        return
    rules, hand = world.rules, world.hand_state
    dealt, stock = _first_deal(world)
    deck = _deck(rules, hand.dealer, dealt, stock)
    state = new_game(rules, seed=world.seed, dealer=hand.dealer, deck=deck, scores=world.scores)
    for seat, action in hand.bids:
        state = apply_action(state, action, seat=seat)
    if state.phase is Phase.DECLARE_TRUMP and world.phase is not Phase.DECLARE_TRUMP:
        assert hand.trump is not None
        state = apply_action(state, DeclareTrump(hand.trump))
    if state.phase is Phase.CALL_PARTNER and world.phase is not Phase.CALL_PARTNER:
        assert world.called is not None  # call your partner (RULES §7.7.3)
        state = apply_action(state, CallPartner(world.called))
    faced = world.face_up_discards
    while state.phase is Phase.DISCARD and (
        state.to_act != world.to_act
        or world.phase is not Phase.DISCARD
        or (rules.kitty and state.discards[state.to_act] != world.discards[state.to_act])
    ):
        seat = state.to_act
        assert seat is not None
        face_up = rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK
        cards = faced[seat] if face_up else _kitty_discard(world, state, seat)
        if rules.deal > 6 and rules.keep_six is KeepSix.ROB_THE_PACK:
            cards = faced[seat] + world.discards[seat]
        state = apply_action(state, Discard(cards), seat=seat)
    done = len(state.plays)  # a pitched card is played already
    plays = [play for trick in world.tricks for play in trick.plays]
    plays += list(world.plays)
    for seat, card in plays[done:]:
        state = apply_action(state, Play(card), seat=seat)  # refuses an illegal play
    assert state.phase is world.phase and state.to_act == world.to_act
    assert state.held == world.held and state.tricks == world.tricks
    assert state.trick == world.trick and state.discards == world.discards
    assert state.face_up_discards == world.face_up_discards
    assert sorted(state.hand_state.stock) == sorted(hand.stock)


def _holdings(state: GameState, seat: int) -> dict[int, list[int]]:
    """Where the hidden cards of `seat`'s view lie in `state`, by the sampler's holders."""
    players = state.rules.players
    view = observe(state, seat)
    problem = _problem(view)
    out: dict[int, list[int]] = {}
    for other in range(players):
        if other != seat:
            out[other] = [c.index for c in cards_of(state.held[other] & ~problem.fixed[other])]
            if state.hand_state.discarded:
                out[players + other] = [
                    c.index for c in cards_of(state.hand_state.discarded[other])
                ]
    out[2 * players] = [card.index for card in state.stock]  # the kitty apart
    setup = state.hand_state
    if state.kitty and setup.trump is None:  # the face-down kitty
        out[2 * players + 1] = [c.index for c in state.kitty]
    elif state.kitty and seat != setup.pitcher and setup.pitcher is not None:
        thrown = setup.discarded[setup.pitcher] if setup.discarded else 0
        if thrown:  # the pitcher's discard after taking the kitty, apart from the draw's
            assert setup.trump is not None
            trumps = trump_table(setup.trump, state.rules).trump_mask
            mine = sorted(cards_of(thrown), key=lambda card: not trumps >> card.index & 1)
            mine = mine[: state.rules.kitty]  # trumps first: the draw threw none
            out[2 * players + 1] = [c.index for c in mine]
            out[players + setup.pitcher] = [c.index for c in cards_of(thrown) if c not in mine]
    return out


@settings(
    max_examples=examples(12, 200), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(rules=any_rules, seed=seeds)
@each_preset
def test_every_sampled_state_agrees_with_the_view_and_replays(rules: Rules, seed: int) -> None:
    """Every fourth state of a random game, for one seat in turn (every seat under the
    soak): each sampled world shows the seat the same view, its hand replays legally, its
    discards keep the variant's rules, and play goes on from it; the true state is a world
    the sampler admits. Every preset and variant is met (`each_preset`)."""
    rng = random.Random(seed)
    for step, state in enumerate(random_states(rules, seed, max_steps=120)):
        if step % 4:
            continue
        turn = step // 4 % rules.players
        for seat in range(rules.players) if SOAK else (turn,):
            view = observe(state, seat)
            if state.phase is not Phase.GAME_OVER:
                assert _admits(_problem(view), _holdings(state, seat)), "the truth is a world"
            for world in sample_states(view, rng, 2):
                assert observe(world, seat) == view
                _replays(world)
                if not world.is_over:
                    apply_action(world, rng.choice(legal_actions(world)))


def _chi2_sf(statistic: float, df: int) -> float:
    """The chi-square survival function: the regularized upper incomplete gamma function
    Q(df/2, statistic/2), by its series below a + 1 and its continued fraction above."""
    a, x = df / 2, statistic / 2
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1 - total * math.exp(log_front)
    tiny = 1e-300
    b, c, d = x + 1 - a, 1 / tiny, 1 / (x + 1 - a)
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def test_the_chi_square_survival_function_matches_the_tables() -> None:
    """Textbook 5% and 0.1% points, and the exact form for two degrees of freedom."""
    assert _chi2_sf(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert _chi2_sf(18.307038, 10) == pytest.approx(0.05, abs=1e-6)
    assert _chi2_sf(29.588298, 10) == pytest.approx(0.001, abs=1e-7)
    assert _chi2_sf(7.0, 2) == pytest.approx(math.exp(-3.5), rel=1e-12)


def _late_position(play_trump: PlayTrump = PlayTrump.ANYTIME) -> GameState:
    """Eight-player cutthroat (seed 1, random play): five tricks done and six cards of
    the last trick played, so two seats hold one card each and the stock four; seats
    have shown voids, so some placements of the six hidden cards are impossible."""
    rules = Rules.cutthroat(players=8, play_trump=play_trump)
    rng = random.Random(1)
    state = new_game(rules, seed=1)
    while not (
        state.phase is Phase.PLAY
        and len(state.tricks) == 5
        and state.trick
        and len(state.trick.plays) == 6
    ):
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


def _worlds(state: GameState, seat: int) -> set[tuple[int, ...]]:
    """Every placement of the hidden cards that the view admits, found without the
    sampler: each way to give the two seats still to play one hidden card each (the rest
    is the stock), kept if it shows `seat` the same view and its trick play replays."""
    view = observe(state, seat)
    players = state.rules.players
    shown = {card for trick in (*state.tricks, state.trick) for card in trick.cards}  # type: ignore[union-attr]
    hidden = [c for c in cards_of(state.rules.pack_mask) if c not in shown and c not in view.hand]
    waiting = [s for s in range(players) if view.hand_sizes[s] and s != seat]
    worlds = set()
    for cards in itertools.permutations(hidden, len(waiting)):
        held = list(state.held)
        for other, card in zip(waiting, cards, strict=True):
            held[other] = 1 << card.index
        stock = tuple(c.index for c in hidden if c not in cards)
        world = with_held(state, tuple(held), state.hand_state._replace(stock=stock))
        try:
            _replays(world)
        except Exception:  # an illegal replay: not a world
            continue
        if observe(world, seat) == view:
            worlds.add(tuple(world.held))
    return worlds


@pytest.mark.parametrize("play_trump", [PlayTrump.ANYTIME, PlayTrump.WHEN_VOID])
def test_the_worlds_are_drawn_uniformly(play_trump: PlayTrump) -> None:
    """Chi-square over a position whose worlds are enumerated exactly: 20,000 draws, each
    a world, every world drawn, and the counts fit the uniform law (p > 0.001). Under
    must-follow-suit (RULES §7.1.1) a seat that trumped a plain lead shows it lacked the
    suit led, which the worlds enumerated by replay confirm."""
    state = _late_position(play_trump)
    seat = state.trick.plays[1][0]  # type: ignore[union-attr]
    worlds = _worlds(state, seat)
    assert 3 <= len(worlds) < 6 * 5  # the voids rule some placements out
    assert tuple(state.held) in worlds
    assert _solve(_problem(observe(state, seat)))[0] == len(worlds)  # the count is exact
    draws = sample_states(observe(state, seat), random.Random(2026), 20_000)
    counts = Counter(tuple(world.held) for world in draws)
    assert set(counts) == worlds
    expected = len(draws) / len(worlds)
    statistic = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    p_value = _chi2_sf(statistic, len(worlds) - 1)
    print(f"chi-square {statistic:.2f}, {len(worlds) - 1} degrees of freedom, p = {p_value:.3f}")
    assert p_value > 0.001


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: f"{rules.players}p-deal{rules.deal}")
def test_the_pack_a_world_is_replayed_from_deals_its_hands(rules: Rules) -> None:
    """Issue 51: sampling's `_deal_order` orders a pack to deal given hands; the engine's
    `dealing.deal` must deal exactly those hands from it, from every dealer (the two
    read `dealing.deal_places`; this fails if either stops)."""
    rng = random.Random(rules.players * 100 + rules.deal)
    for dealer in range(rules.players):
        pack = list(rules.pack_indices)
        rng.shuffle(pack)
        hands, _ = deal_pack(rules, dealer, pack)
        order = _deal_order(rules, dealer, hands)
        assert deal_pack(rules, dealer, order) == (hands, ()), dealer


def test_the_same_seed_draws_the_same_states() -> None:
    view = observe(_late_position(), 0)
    assert sample_states(view, random.Random(5), 4) == sample_states(view, random.Random(5), 4)


@pytest.mark.parametrize(
    ("view", "rng", "n"),
    [
        ("a view", random.Random(1), 1),
        (None, random.Random(1), 1),
        (observe(new_game(Rules.setback(), seed=1), 0), 7, 1),
        (observe(new_game(Rules.setback(), seed=1), 0), random.Random(1), "2"),
        (observe(new_game(Rules.setback(), seed=1), 0), random.Random(1), True),
    ],
)
def test_the_wrong_kind_of_argument_is_a_type_error(view: object, rng: object, n: object) -> None:
    with pytest.raises(TypeError):
        sample_states(view, rng, n)  # type: ignore[arg-type]


def test_fewer_than_one_state_is_refused() -> None:
    view = observe(new_game(Rules.setback(), seed=1), 0)
    with pytest.raises(InvalidStateError, match="at least 1"):
        sample_states(view, random.Random(1), 0)


def test_a_view_that_admits_no_world_is_refused() -> None:
    """Hand-built views: more cards in the others' hands than are hidden; a card shown
    twice; a seat that would have to hold a card of a suit it showed it lacks; the turn
    of a seat whose turn it cannot be."""
    state = _late_position()
    seat = state.trick.plays[1][0]  # type: ignore[union-attr]
    view = observe(state, seat)
    too_many = attrs.evolve(view, stock_size=view.stock_size + 1)
    with pytest.raises(InvalidStateError):
        sample_states(too_many, random.Random(1), 1)
    card = view.trick.plays[0][1]  # type: ignore[union-attr]
    twice = attrs.evolve(
        view,
        hand=(*view.hand, card),
        hand_sizes=tuple(size + (s == seat) for s, size in enumerate(view.hand_sizes)),
    )
    with pytest.raises(InvalidStateError):
        sample_states(twice, random.Random(1), 1)
    worlds = _worlds(state, seat)
    void = next(  # a seat still to play that cannot hold some hidden card
        other
        for other in range(state.rules.players)
        if other != seat and view.hand_sizes[other] and len({w[other] for w in worlds}) < 6
    )
    hidden = sum(view.hand_sizes) - len(view.hand) + view.stock_size
    everything = attrs.evolve(  # the seat with a void would have to hold every hidden card
        view,
        stock_size=0,
        hand_sizes=tuple(
            hidden if s == void else size if s == seat else 0
            for s, size in enumerate(view.hand_sizes)
        ),
    )
    with pytest.raises(InvalidStateError):
        sample_states(everything, random.Random(1), 1)
    wrong_turn = attrs.evolve(view, to_act=(view.to_act + 1) % 8)  # type: ignore[operator]
    with pytest.raises(InvalidStateError, match="legal play"):
        sample_states(wrong_turn, random.Random(1), 1)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=any_rules, seed=seeds)
def test_the_suits_a_play_shows_lacking_are_exactly_what_the_rules_of_following_say(
    rules: Rules, seed: int
) -> None:
    """For plays of random games, and random hands holding the card played: the rules of
    following allow the play exactly when the hand holds no suit the sampler reads from it
    as lacked. So the sampler drops no constraint and adds none."""
    rng = random.Random(seed)
    states = list(random_states(rules, seed, max_steps=150))
    pack = cards_of(rules.pack_mask)
    for before, after in itertools.pairwise(states):
        if (
            Phase.PLAY is not before.phase
            or after.phase is not Phase.PLAY
            or after.hand_number != before.hand_number
        ):
            continue
        seat, action = before.to_act, after.hand_log[-1]
        assert seat is not None and isinstance(action, Play)
        card = action.card
        view = observe(after, (seat + 1) % rules.players)
        tricks = (*view.tricks, *((view.trick,) if view.trick else ()))
        lacked = _lacked(view, tricks, len(before.tricks), len(before.plays))
        trump = after.trump
        assert trump is not None
        suits = trump_table(trump, rules).suits
        for _ in range(6):
            hand = {card, *rng.sample(pack, rng.randint(0, 7))}
            held = list(before.held)
            held[seat] = sum(1 << c.index for c in hand)
            moved = with_held(before, tuple(held))
            allowed = open_to(moved)[0] >> card.index & 1
            if rules.trumps_only or (
                not before.tricks and not before.plays and not rules.declares_trump
            ):
                assert lacked == ()
                continue
            assert bool(allowed) == all(suits[c.index] not in lacked for c in hand)


def test_the_draws_unseen_counts_are_weighted_by_their_placements() -> None:
    """The draw's discard counts, which the view does not show: three seats drew around
    the viewer's 2 cards, from a stock of 6 down to 1. The ways counted are the sum of the
    multinomials over every split the stock allows, and the splits drawn fit them."""
    draws = _Draws(steps=(-1, 2, -1, -1), start=6, end=1, cap=6)
    splits = {}
    for sizes in itertools.product(range(7), repeat=3):
        stock, given = 6, iter(sizes)
        ok = True
        for step in draws.steps:
            d = step if step >= 0 else next(given)
            ok = ok and d <= stock
            stock -= d
        if ok and stock == 1:
            splits[sizes] = math.factorial(3) // math.prod(math.factorial(d) for d in sizes)
    assert draws.ways(0, 6) == sum(splits.values())
    assert all(draws.fits(sizes) for sizes in splits)
    assert not draws.fits((1, 1, 0)) and not draws.fits((3, 0, 1))
    rng = random.Random(7)
    counts = Counter(draws.split(rng) for _ in range(20_000))
    assert set(counts) == set(splits)
    total = sum(splits.values())
    statistic = sum(
        (counts[sizes] - 20_000 * weight / total) ** 2 / (20_000 * weight / total)
        for sizes, weight in splits.items()
    )
    assert _chi2_sf(statistic, len(splits) - 1) > 0.001


def test_the_counting_is_exact_and_the_draws_uniform_over_alternatives() -> None:
    """A small problem with every kind of constraint the sampler builds: a void, a bound
    from below, a stage with two alternatives (Smear's discard: no trump, or a trump and
    nothing but trumps kept) passing a state on to the next stage, and a last slot that
    takes the rest. Every placement of the five cards is tried: the dynamic programme
    counts exactly the admitted ones, and 20,000 draws fit the uniform law."""
    any_ = 1 << 10
    hand0 = _Slot((0,), ((1,),), (any_, 0, any_))
    bare0 = _Slot((0,), ((1,),), (0, 0, any_))
    plain10 = _Slot((10,), ((1,),), (any_, any_, 0))
    trump10 = _Slot((10,), ((1,),), (any_,) * 3, (((2,), 1),))
    hand1 = _Slot((1,), ((1,),), (any_,) * 3, (((0, 1), 1),))  # a class 0 or 1 card
    free = (any_,) * 3
    rest = {1: (_Slot((11, 20), ((1, 1), (2, 0)), free),), 2: (_Slot((20,), ((2,),), free),)}
    problem = _Problem(
        classes=((0, 1), (2, 3), (4,)),
        stages=(
            lambda _aux: (((hand0, plain10), 1), ((bare0, trump10), 2)),
            lambda aux: (((hand1,), aux),),
            lambda aux: ((rest[aux], 0),),
        ),
        fixed=(),
    )
    holders = (0, 1, 10, 11, 20)
    worlds = set()
    for where in itertools.product(holders, repeat=5):
        holdings = {
            holder: [card for card in range(5) if where[card] == holder] for holder in holders
        }
        if _admits(problem, holdings):
            worlds.add(where)
    total, walk = _solve(problem)
    assert total == len(worlds) > 10
    rng = random.Random(11)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(20_000):
        placed = _place(problem, walk(rng), rng)
        counts[
            tuple(next(h for h, cards in placed.items() if card in cards) for card in range(5))
        ] += 1
    assert set(counts) == worlds
    expected = 20_000 / len(worlds)
    statistic = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    p_value = _chi2_sf(statistic, len(worlds) - 1)
    print(f"chi-square {statistic:.2f}, {len(worlds) - 1} degrees of freedom, p = {p_value:.3f}")
    assert p_value > 0.001


def test_samples_fit_a_draw_back_from_the_pitchers_left() -> None:
    """RULES §7.3.10, §7.9 Y2: under `DrawOrder.PITCHER_LEFT` the draw back went Carla,
    Dan, Anna, then Ben; every seat's samples replay to its view (the replay gives each
    seat the stock's cards in that order), while Ben discards face up and in play."""
    state = y2_declared()
    in_play = apply_action(state, "discard 4S", seat=1)
    for world in (state, in_play):
        for seat in range(4):
            view = observe(world, seat)
            for sample in sample_states(view, random.Random(seat), 3):
                assert observe(sample, seat) == view


def test_the_worlds_with_a_kitty_are_drawn_uniformly() -> None:
    """RULES §7.7.1: eight players with a kitty of four, late in the hand: the hidden cards
    are the two cards still to be played and the pitcher's four discards after taking the
    kitty (any cards, which no other seat saw). Every placement that replays and shows the
    seat its view is enumerated; 10,000 draws find each and fit the uniform law."""
    rules = Rules.cutthroat(players=8, kitty=4)
    rng = random.Random(4)
    state = new_game(rules, seed=4)
    while not (state.phase is Phase.PLAY and len(state.tricks) == 5 and len(state.plays) == 6):
        state = apply_action(state, rng.choice(legal_actions(state)))
    pitcher = state.pitcher
    assert pitcher is not None and len(state.discards[pitcher]) == 4
    seat = next(s for s, _ in state.plays if s != pitcher)
    view = observe(state, seat)
    shown = {card for trick in (*state.tricks, state.trick) for card in trick.cards}  # type: ignore[union-attr]
    hidden = [c for c in cards_of(rules.pack_mask) if c not in shown and c not in view.hand]
    waiting = [s for s in range(8) if view.hand_sizes[s] and s != seat]
    assert len(hidden) == len(waiting) + 4
    worlds = set()
    for chosen in itertools.permutations(hidden, len(waiting)):
        held = list(state.held)
        for other, card in zip(waiting, chosen, strict=True):
            held[other] = 1 << card.index
        rest = sum(1 << c.index for c in hidden if c not in chosen)
        thrown = list(state.hand_state.discarded)
        thrown[pitcher] = rest
        forced = (ForcedStep(seat=pitcher, drawn=rest),)  # the kitty taken: its cards
        setup = state.hand_state._replace(discarded=tuple(thrown), forced=forced)
        world = with_held(state, tuple(held), setup)
        try:
            _replays(world)
        except Exception:  # an illegal replay: not a world
            continue
        if observe(world, seat) == view:
            worlds.add(tuple(world.held))
    assert tuple(state.held) in worlds and len(worlds) >= 3
    assert _solve(_problem(view))[0] == len(worlds)  # the count is exact
    draws = sample_states(view, random.Random(2026), 10_000)
    counts = Counter(tuple(world.held) for world in draws)
    assert set(counts) == worlds
    assert all(
        set(world.kitty)
        <= set(cards_of(world.held[pitcher] | world.hand_state.discarded[pitcher]))
        | {card for trick in world.tricks for s, card in trick.plays if s == pitcher}
        | {card for s, card in world.plays if s == pitcher}
        for world in draws[:200]
    )
    expected = len(draws) / len(worlds)
    statistic = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    assert _chi2_sf(statistic, len(worlds) - 1) > 0.001


def test_cinch_samples_keep_the_trumps_each_player_was_dealt() -> None:
    """RULES §7.5.5, §7.9 Y1 after four tricks, seen by Dan: Anna discarded 5 face up, so
    she was dealt 4 trumps and still holds 2 of them; Carla (6 face up) was dealt 3 and
    holds 1; Ben (6 face up) played his 3. Of the 90 ways to give the six cards Dan has
    not seen two each, the 9 that do so are exactly the worlds, counted exactly and drawn
    uniformly."""
    state = y1_played(upto=16)
    view = observe(state, 3)
    hidden = [card for seat in range(3) for card in state.hands[seat]]
    worlds = set()
    for order in itertools.permutations(range(6)):
        hands = [sum(1 << hidden[order[2 * seat + k]].index for k in range(2)) for seat in range(3)]
        if tuple(hands) in worlds:
            continue
        world = with_held(state, (*hands, state.held[3]))
        try:
            _replays(world)
        except Exception:  # an illegal replay: not a world
            continue
        worlds.add(tuple(hands))
    assert len(worlds) == 9 and tuple(state.held[:3]) in worlds
    assert _solve(_problem(view))[0] == 9
    draws = sample_states(view, random.Random(22), 9_000)
    counts = Counter(tuple(world.held[:3]) for world in draws)
    assert set(counts) == worlds
    statistic = sum((counts[w] - 1_000) ** 2 / 1_000 for w in worlds)
    assert _chi2_sf(statistic, 8) > 0.001


def test_cinch_samples_fit_a_short_stock_and_the_dealers_rob() -> None:
    """RULES §7.5.5: Carla, to keep 2 non-trumps of a short stock, and Dan, to rob with 8
    trumps, have a choice in every world drawn for the other seats (the sampler knows a
    seat to act has one), and every seat's samples replay to its view, in play too; the
    dealer's face-down discards are drawn from the cards a seat has not seen."""
    carla = cinch_short_stock()
    dan = apply_action(carla, "discard 2D 3D 4D 6D 7D 8D 9D")
    play = apply_action(dan, "discard JC 7H 8H")
    for position in (carla, dan, play):
        for seat in range(4):
            view = observe(position, seat)
            for world in sample_states(view, random.Random(seat), 4):
                assert observe(world, seat) == view
                _replays(world)
                if position is not play and world.to_act != seat:
                    assert len(legal_actions(world)) > 1
    worlds = sample_states(observe(play, 0), random.Random(5), 40)
    downs = {world.discards[3] for world in worlds}
    assert len(downs) > 1 and all(len(cards) == 1 for cards in downs)
    assert all(cards[0].suit is not Suit.HEARTS and str(cards[0]) != "5D" for cards in downs)
    assert all(all(c.suit is Suit.HEARTS or str(c) == "5D" for c in w.hands[3]) for w in worlds)


# --- call your partner (RULES §7.7.3) ---------------------------------------------------


def test_the_pitcher_samples_the_called_card_among_the_others_by_their_hands() -> None:
    """Sampling (RULES §7.7.3): from Ben's view before trick 1 the ace lies with Anna,
    Carla, Dan or Eva in proportion to the trumps each holds (2, 2, 3, 3 of 10), never
    with Ben; from Anna's view after Carla played 2♠ to trick 1 it lies with Dan or Eva
    (Carla would have had to play it), one chance in two each."""
    ace = Card.parse("AS")
    state = p1_called()

    def holders(seat: int, now: object, n: int) -> Counter[int]:
        worlds = sample_states(observe(now, seat), random.Random(7), n)  # type: ignore[arg-type]
        return Counter(next(s for s, h in enumerate(w.hands) if ace in h) for w in worlds)

    counts = holders(1, state, 2000)
    assert set(counts) == {0, 2, 3, 4}
    for seat, share in {0: 0.2, 2: 0.2, 3: 0.3, 4: 0.3}.items():
        assert abs(counts[seat] / 2000 - share) < 0.04
    later = apply_action(apply_action(state, "play 10S"), "play 2S")
    counts = holders(0, later, 2000)
    assert set(counts) == {3, 4} and abs(counts[3] / 2000 - 0.5) < 0.04


# --- the discard and draw (RULES §7.3.6) ------------------------------------------------


def test_the_discard_and_draws_unseen_counts_are_weighted_by_their_placements() -> None:
    """Each seat threw 3 more than it drew (deal 9): two unseen seats around the viewer's
    draw of 1, from a stock of 16 down to 12. Their discard sizes are 3 + d with d at most
    3: the ways are the sum over the splits of the multinomial of the 9 cards."""
    draws = _Draws(steps=(-1, 1, -1), start=16, end=12, cap=3, offset=3)
    splits = {(3, 6): comb(9, 3), (4, 5): comb(9, 4), (5, 4): comb(9, 5), (6, 3): comb(9, 6)}
    assert draws.total == 9
    assert draws.ways(0, 16) == sum(splits.values()) == 420
    assert all(draws.fits(sizes) for sizes in splits)
    assert not draws.fits((2, 7)) and not draws.fits((7, 2)) and not draws.fits((4, 4))
    rng = random.Random(3)
    counts = Counter(draws.split(rng) for _ in range(8_400))
    assert set(counts) == set(splits)
    for sizes, weight in splits.items():  # 1680 or 2520 expected: well within 10%
        assert abs(counts[sizes] - 8_400 * weight / 420) < 0.1 * 8_400 * weight / 420


def _d1_after_the_others_drew() -> PlayerView:
    """Anna's view of D1 once Ben, Carla and Dan have discarded and drawn."""
    state = d1_declared()
    for seat in (1, 2, 3):
        state = apply_action(state, Discard(parse_cards(D1_DISCARDS[seat])), seat=seat)  # type: ignore[arg-type]
    return observe(state, 0)


def _d1_draws() -> list[tuple[int, int, int]]:
    """The cards Ben, Carla and Dan may each have drawn beyond their three: 6 in all, at
    most 3 each (the sizes of their discards less 3)."""
    return [(d1, d2, 6 - d1 - d2) for d1 in range(4) for d2 in range(4) if 0 <= 6 - d1 - d2 <= 3]


def test_sampling_counts_the_worlds_of_the_discard_and_draw_exactly() -> None:
    """Anna's view once Ben, Carla and Dan have discarded and drawn (6 of the 16 stock
    cards gone): 43 hidden cards; three hands of 6, three discards of 3 + d each, with
    d1 + d2 + d3 = 6 and each d at most 3, and the stock's 10. The sampler counts exactly
    the sum over those splits of the placements, and every world shows Anna her view."""
    view = _d1_after_the_others_drew()
    expected = 0
    for drawn in _d1_draws():
        left, ways = 43, 1
        for size in (6, 6, 6, *(3 + d for d in drawn)):
            ways *= comb(left, size)
            left -= size
        expected += ways
    assert _solve(_problem(view))[0] == expected
    sizes = [[3 + d for d in drawn] for drawn in _d1_draws()]
    for world in sample_states(view, random.Random(9), 20):
        assert observe(world, 0) == view
        assert [len(cards) for cards in world.discards[1:]] in sizes


def test_with_trumps_kept_the_discards_of_the_discard_and_draw_hold_no_trump() -> None:
    """`trumps_kept`: Anna's view of D1 once the others have discarded and drawn. Of the 43
    hidden cards 10 are trumps (spades; Anna holds A K 5); the three discards, 3 + d each,
    are drawn from the 33 others, and the hands and stock share the rest: the sampler
    counts exactly those placements, and no world puts a trump in a discard (without
    `trumps_kept`, some do)."""
    view = _d1_after_the_others_drew()
    expected = 0
    for drawn in _d1_draws():
        ways, others = 1, 33
        for size in (3 + d for d in drawn):
            ways *= comb(others, size)
            others -= size
        left = 43 - 15
        for size in (6, 6, 6):
            ways *= comb(left, size)
            left -= size
        expected += ways
    assert _solve(_problem(view, trumps_kept=True))[0] == expected
    table = trump_table(Suit.SPADES, view.rules)

    def trumps_thrown(world: object) -> int:
        return sum(table.is_trump(card) for cards in world.discards[1:] for card in cards)  # type: ignore[attr-defined]

    kept = sample_states(view, random.Random(9), 30, trumps_kept=True)
    assert all(observe(world, 0) == view for world in kept)
    assert all(trumps_thrown(world) == 0 for world in kept)
    assert sum(trumps_thrown(w) for w in sample_states(view, random.Random(9), 30)) > 0


def test_trumps_kept_changes_nothing_under_other_rules() -> None:
    view = observe(_late_position(), 0)
    assert sample_states(view, random.Random(5), 4, trumps_kept=True) == sample_states(
        view, random.Random(5), 4
    )


def test_where_no_placement_keeps_the_trumps_they_are_drawn_as_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Were no discard without a trump to fit the view (here forced by capping every class
    of the discards at nothing), `trumps_kept` draws the worlds as without it."""
    from setback.bots import sampling

    view = _d1_after_the_others_drew()
    draw_slot = sampling._draw_slot

    def nothing_fits(*args: Any) -> Any:
        slot = draw_slot(*args)
        return attrs.evolve(slot, caps=(0,) * len(slot.caps)) if args[3] else slot

    monkeypatch.setattr(sampling, "_draw_slot", nothing_fits)
    assert not _solve(_problem(view, trumps_kept=True))[0]
    assert sample_states(view, random.Random(2), 3, trumps_kept=True) == sample_states(
        view, random.Random(2), 3
    )


def test_trumps_kept_must_be_a_bool() -> None:
    view = observe(new_game(Rules.setback(), seed=1), 0)
    with pytest.raises(TypeError, match="trumps_kept"):
        sample_states(view, random.Random(1), 1, trumps_kept=1)  # type: ignore[arg-type]


# --- short packs and off cards (RULES §7.2, §7.7.2) -------------------------------------


def test_sampling_hides_only_the_cards_of_a_short_pack() -> None:
    """RULES §7.7.2: a seat's guesses of the hidden cards place only the cards of the
    pack (in `FIVE_UP`, none below the 5; four hands of 6 and a stock of 16)."""
    import random

    from setback import observe, sample_states

    rules = Rules(pack_ranks=PackRanks.FIVE_UP)
    state = new_game(rules, seed=11)
    for guess in sample_states(observe(state, 0), random.Random(2), 20):
        cards = [card for hand in guess.hands for card in hand] + list(guess.stock)
        assert sorted(cards, key=lambda card: card.index) == list(rules.pack)
        assert guess.hands[0] == state.hands[0] and len(guess.stock) == 16


def test_sampling_knows_a_seat_void_in_trumps_holds_no_off_ace() -> None:
    """RULES §7.2.1 with sampling: Ben does not follow Anna's trump lead, so he holds no
    trump, and no guess of Dan's gives him the off-ace A♦ (a trump, not a diamond)."""
    import random

    from setback import observe, sample_states

    rules = Rules(off_ace=True, trump_by=TrumpBy.DECLARE, pitcher_leads_trump=False)
    hands = (
        "A: AH KH QH 2C 3C 4C; B: 5S 6S 7S 8S 9S 10S; C: AD 5D 6D 7D 8D 9D; D: JH 10H 9H 5C 6C 7C"
    )
    state = act(deal(rules, hands, dealer=3), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "trump H", seat=0)
    state = apply_action(state, "play AH", seat=0)
    state = apply_action(state, "play 5S", seat=1)
    guesses = sample_states(observe(state, 3), random.Random(5), 40)
    off_ace = Card.parse("AD")
    assert all(off_ace not in guess.hands[1] for guess in guesses)
    assert any(off_ace in guess.hands[2] for guess in guesses)


# --- must follow suit (RULES §7.1) ------------------------------------------------------


def test_under_must_follow_a_seat_that_trumped_a_plain_lead_is_sampled_void_in_it() -> None:
    """Sampling (§7.1.1): a seat that did not follow suit lacked the suit led, even when it
    trumped (under ANYTIME a trump says nothing about the suit led)."""
    hands = (
        "A: AS KC 3C 4C 5C 6C; B: 9S 8S KH QH JH 2D; C: 7C 8C 9C 10C JC QC; D: 3D 4D 5D 6D 7D 8D"
    )
    for play_trump, void in ((PlayTrump.WHEN_VOID, True), (PlayTrump.ANYTIME, False)):
        rules = Rules.setback(trump_by=TrumpBy.DECLARE, play_trump=play_trump)
        state = act(deal(rules, hands), "A 2, B pass, C pass, D pass")
        state = apply_action(apply_action(state, "trump S", seat=0), "play KC", seat=0)
        state = apply_action(state, "play 8S", seat=1)  # Ben trumps the club lead
        worlds = sample_states(observe(state, 2), random.Random(4), 300)
        clubs = [
            sum(card.suit is not None and card.suit.letter == "C" for card in w.hands[1])
            for w in worlds
        ]
        assert (max(clubs) == 0) is void, play_trump


def test_a_finished_games_view_is_checked_and_sampled() -> None:
    """A view of a finished game shows no hand in progress: it is one `observe` gives
    (`check_observed`), and its worlds are finished games that show the same (the
    mutation run found no fixed test of the replay's early return there)."""
    rules, rng = Rules.setback(target=3), random.Random(4)
    state = new_game(rules, seed=4)
    while not state.is_over:
        state = apply_action(state, calm_choice(state, rng))
    for seat in range(rules.players):
        view = observe(state, seat)
        check_observed(view)
        worlds = sample_states(view, random.Random(seat), 2)
        assert all(world.is_over and observe(world, seat) == view for world in worlds)
