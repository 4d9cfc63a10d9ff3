"""`sample_states`: every sampled state agrees with the seat's view and could have been
played; the true state is always a possible world; the worlds are drawn uniformly."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from setback import (
    GameState,
    InvalidStateError,
    KeepSix,
    Phase,
    Play,
    Rules,
    Trick,
    apply_action,
    legal_actions,
    new_game,
    observe,
    sample_states,
)
from setback.cards import cards_of
from setback.discarding import excess_trumps
from setback.play import first_with_trump
from setback.sampling import _admits, _problem
from setback.state import make_state

from .strategies import any_rules, random_states, seeds


def _played(state: GameState) -> list[int]:
    """The cards each seat played this hand, as bit sets."""
    played = [0] * state.rules.players
    for trick in (*state.tricks, *((state.trick,) if state.trick else ())):
        for seat, card in trick.plays:
            played[seat] |= 1 << card.index
    return played


def _replays(world: GameState) -> None:
    """The world's trick play replays by the engine's own rules from the first lead:
    every card played was legal for the cards its player held then, the seats passed
    over in trumps-only play held no trump, and the replay ends in the world's hands."""
    rules, hand = world.rules, world.hand_state
    tricks = (*world.tricks, *((world.trick,) if world.trick else ()))
    if world.phase is not Phase.PLAY or not tricks:
        return
    played = _played(world)
    start = tuple(held | cards for held, cards in zip(world.held, played, strict=True))
    leader = tricks[0].leader
    if rules.trumps_only:
        assert hand.trump is not None
        assert first_with_trump(rules, hand.trump, start, hand.pitcher) == leader
    trump = hand.trump if rules.declares_trump else None
    state = make_state(
        rules=rules,
        origin=world.origin,
        phase=Phase.PLAY,
        to_act=leader,
        scores=world.scores,
        history=world.history,
        winner=None,
        hand_state=attrs.evolve(hand, trump=trump),
        held=start,
        trick=Trick(leader),
        tricks=(),
        log=world.log,
    )
    for trick in tricks:
        for seat, card in trick.plays:
            state = apply_action(state, Play(card), seat=seat)  # refuses an illegal play
    assert state.held == world.held and state.to_act == world.to_act
    assert state.tricks == world.tricks and state.trick == world.trick


def _discards_keep_the_rules(world: GameState, seat: int) -> None:
    """The others' face-down discards are what the variant lets a seat discard."""
    rules, hand = world.rules, world.hand_state
    if not hand.discarded or hand.trump is None:
        return
    trumps = rules.trump_tables[hand.trump].trump_mask
    played = _played(world)
    faced = hand.face_up or (0,) * rules.players
    for other, thrown in enumerate(hand.discarded):
        kept = world.held[other] | played[other] | faced[other]
        if rules.draw or (rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK):
            assert not thrown & trumps, "the draw discards only non-trumps"
        if rules.deal > 6 and rules.keep_six is KeepSix.NON_TRUMPS_FIRST and thrown:
            assert thrown.bit_count() == rules.deal - 6
            assert not thrown & trumps or not kept & ~trumps, "a trump only with every non-trump"
        if rules.deal > 6 and rules.keep_six is KeepSix.FREE_DISCARD and thrown:
            assert thrown.bit_count() == rules.deal - 6
        if rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK:
            if other == hand.pitcher:
                assert not kept & ~trumps, "the pitcher keeps only trumps"
            elif world.phase is Phase.PLAY and faced[other]:
                free, count = excess_trumps(rules, hand.trump, kept)
                assert faced[other].bit_count() == count or not free & ~faced[other]


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
    out[2 * players] = list(state.hand_state.stock)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=any_rules, seed=seeds)
def test_every_sampled_state_agrees_with_the_view_and_replays(rules: Rules, seed: int) -> None:
    """Every seat, every state of a random game: each sampled world shows the seat the
    same view, its hand replays legally, its discards keep the variant's rules, and play
    goes on from it; the true state is a world the sampler admits."""
    rng = random.Random(seed)
    for step, state in enumerate(random_states(rules, seed, max_steps=120)):
        if step % 4:
            continue
        for seat in range(rules.players):
            view = observe(state, seat)
            if state.phase is not Phase.GAME_OVER:
                assert _admits(_problem(view), _holdings(state, seat)), "the truth is a world"
            for world in sample_states(view, rng, 2):
                assert observe(world, seat) == view
                _replays(world)
                _discards_keep_the_rules(world, seat)
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


def _late_position() -> GameState:
    """Eight-player cutthroat (seed 1, random play): five tricks done and six cards of
    the last trick played, so two seats hold one card each and the stock four; seats
    have shown voids, so some placements of the six hidden cards are impossible."""
    rules = Rules.cutthroat(players=8)
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
        world = attrs.evolve(
            state, held=tuple(held), hand_state=attrs.evolve(state.hand_state, stock=stock)
        )
        try:
            _replays(world)
        except Exception:  # an illegal replay: not a world
            continue
        if observe(world, seat) == view:
            worlds.add(tuple(world.held))
    return worlds


def test_the_worlds_are_drawn_uniformly() -> None:
    """Chi-square over a position whose worlds are enumerated exactly: 20,000 draws, each
    a world, every world drawn, and the counts fit the uniform law (p > 0.001)."""
    state = _late_position()
    seat = state.trick.plays[1][0]  # type: ignore[union-attr]
    worlds = _worlds(state, seat)
    assert 3 <= len(worlds) < 6 * 5  # the voids rule some placements out
    assert tuple(state.held) in worlds
    draws = sample_states(observe(state, seat), random.Random(2026), 20_000)
    counts = Counter(tuple(world.held) for world in draws)
    assert set(counts) == worlds
    expected = len(draws) / len(worlds)
    statistic = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    p_value = _chi2_sf(statistic, len(worlds) - 1)
    print(f"chi-square {statistic:.2f}, {len(worlds) - 1} degrees of freedom, p = {p_value:.3f}")
    assert p_value > 0.001


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
    twice; a seat that would have to hold a card of a suit it showed it lacks."""
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
