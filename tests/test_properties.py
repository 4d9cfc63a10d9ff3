"""Properties over random legal play, for random rules and seeds."""

from __future__ import annotations

import functools
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setback import (
    CARDS,
    Action,
    Bid,
    CallPartner,
    Card,
    DeclareTrump,
    Discard,
    GameState,
    HandResult,
    IllegalActionError,
    KeepSix,
    Pass,
    Phase,
    Pitch,
    Play,
    Rules,
    Shoot,
    Smudge,
    Suit,
    Trick,
    apply_action,
    is_legal,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
)
from setback.actions import MAX_LEVEL

from . import reference
from .strategies import (
    any_rules,
    calm_choice,
    each_preset,
    examples,
    random_game,
    random_states,
    seeds,
)
from .support import HEAVY, NAMES


@functools.lru_cache(maxsize=256)
def every_action(rules: Rules) -> tuple[Action, ...]:
    """Every action worth trying under `rules`: each call, every level up to two above T
    (so above Smudge) and the highest a `Bid` may carry, each card of the pack and one
    joker from outside it played, pitched and discarded, each trump named."""
    pack = [*reference.pack(rules), Card.parse("JK" if rules.jokers != 1 else "BJ")]
    levels = sorted({*range(1, min(reference.total_points(rules) + 3, MAX_LEVEL + 1)), MAX_LEVEL})
    return (
        Pass(),
        *(Bid(level) for level in levels),
        Smudge(),
        *(Play(card) for card in pack),
        *(Pitch(card) for card in pack),
        *(DeclareTrump(suit) for suit in Suit),
        *(CallPartner(card) for card in pack),
        Discard(),
        *(Discard([card]) for card in pack),
    )


KINDS = (Pass, Bid, Smudge, Shoot, Pitch, DeclareTrump, CallPartner, Discard, Play)


def order(action: Action) -> tuple[int, ...]:
    """The documented order: pass, bids low to high, smudge, then the other actions; cards
    by suit, then rank, the jokers last (big before little); discards fewest first."""
    kind = KINDS.index(type(action))
    if isinstance(action, Bid):
        return (kind, action.level)
    if isinstance(action, Play | Pitch | CallPartner):
        return (kind, action.card.index)
    if isinstance(action, DeclareTrump):
        return (kind, action.suit)
    if isinstance(action, Discard):
        return (kind, len(action.cards), *(card.index for card in action.cards))
    return (kind,)


@settings(max_examples=examples(4, 500), deadline=None)
@given(rules=any_rules, seed=seeds)
@each_preset
def test_every_state_offers_exactly_the_legal_actions(rules: Rules, seed: int) -> None:
    """Every action from legal_actions applies; every other one is refused with a reason,
    and is_legal says which is which; in play the legal cards are exactly RULES §1.5's (with
    the trumps of §6.1, trumps only under §6.5.7), and the legal discards exactly those of
    §4.1, §4.4, §6.4 and §6.5.6. (Every preset and a few drawn rules here; more drawn rules
    in the heavy step, below.)"""
    _offers_exactly_the_legal_actions(rules, seed)


@HEAVY
@settings(max_examples=examples(40, 40), deadline=None)
@given(rules=any_rules, seed=seeds)
def test_every_state_offers_exactly_the_legal_actions_under_more_drawn_rules(
    rules: Rules, seed: int
) -> None:
    """The same over more drawn rules: CI's heavy step (it is the suite's slowest property)."""
    _offers_exactly_the_legal_actions(rules, seed)


def _offers_exactly_the_legal_actions(rules: Rules, seed: int) -> None:
    """The checks of `test_every_state_offers_exactly_the_legal_actions` on one game."""
    for state in random_states(rules, seed, max_steps=250):
        legal = legal_actions(state)
        if state.is_over:
            assert legal == () and state.to_act is None
            continue
        assert legal, "a seat to act always has a legal action"
        assert list(legal) == sorted(set(legal), key=order), "stable order"
        if state.phase is Phase.PLAY:
            assert state.trick is not None
            hand = state.hands[state.to_act]  # type: ignore[index]
            first = not state.tricks
            called = state.called if state.to_act != state.pitcher else None  # §7.7.3
            expected = reference.legal_cards(
                rules, hand, state.trick.cards, state.trump, first, called
            )
            assert {a.card for a in legal} == expected  # type: ignore[union-attr]
        if state.phase is Phase.DISCARD:
            assert state.trump is not None and state.to_act is not None
            hand = state.hands[state.to_act]
            if _kitty_turn(state):
                expected_discards = reference.kitty_discards(rules, hand)
            else:
                expected_discards = reference.legal_discards(
                    rules,
                    hand,
                    state.trump,
                    len(state.stock),
                    state.called,
                    dealer=state.to_act == state.dealer,
                )
            assert {frozenset(a.cards) for a in legal} == expected_discards  # type: ignore[union-attr]
            if _draws_back(rules) or _robs(rules):
                assert len(expected_discards) > 1, "a discard without a choice is made"
        if state.phase is Phase.CALL_PARTNER:  # §7.7.3: a trump he does not hold
            assert state.trump is not None and state.to_act == state.pitcher
            hand = state.hands[state.to_act]
            assert {str(a) for a in legal} == reference.partner_calls(rules, hand, state.trump)
        for offer in legal:
            assert is_legal(state, offer)
            apply_action(state, offer)
        offered = set(legal)
        for action in every_action(rules):
            assert is_legal(state, action) == (action in offered), f"is_legal on {action}"
            if action not in offered:
                try:  # not pytest.raises: this loop runs some 10^5 times
                    apply_action(state, action)
                except IllegalActionError as refused:
                    reason = str(refused).partition(" is illegal: ")[2]
                else:
                    raise AssertionError(f"{action} was applied though it is not offered")
                assert reason.strip(), f"{action} was refused without a reason"


CARD_SYMBOL = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]|[BL]?★")


@settings(max_examples=examples(8, 300), deadline=None)
@given(rules=any_rules, seed=seeds)
@each_preset
def test_a_refused_play_names_hidden_cards_only_to_their_holder(rules: Rules, seed: int) -> None:
    """STYLE 'An error': a refusal names cards the sender may not know only when the caller
    said which seat sent it. A play refused without `seat=` names no card in anyone's hand
    but the one played; with `seat=` (the seat to act) it may name that seat's own cards,
    never another seat's."""
    for state in random_states(rules, seed, max_steps=120):
        if state.phase is not Phase.PLAY:
            continue
        seat = state.to_act
        assert seat is not None
        held = {card.symbol: holder for holder, hand in enumerate(state.hands) for card in hand}
        legal = legal_actions(state)
        for card in CARDS:
            action = Play(card)
            if action in legal:
                continue
            shown = set(CARD_SYMBOL.findall(_refusal(state, action, None))) - {card.symbol}
            assert not shown & held.keys(), f"{action} refused naming held {sorted(shown)}"
            shown = set(CARD_SYMBOL.findall(_refusal(state, action, seat))) - {card.symbol}
            assert all(held.get(symbol, seat) == seat for symbol in shown), (
                f"{action} by seat {seat} refused naming another seat's {sorted(shown)}"
            )


def _refusal(state: GameState, action: Action, seat: int | None) -> str:
    """The message of the error `apply_action` raises for an illegal action."""
    try:
        apply_action(state, action, seat=seat)
    except IllegalActionError as error:
        return str(error)
    raise AssertionError(f"{action} was not refused")


def _kitty_turn(state: GameState) -> bool:
    """Whether the seat to act discards after taking the kitty (RULES §7.7.1): the pitcher,
    before any discard of his."""
    return bool(
        state.rules.kitty
        and state.phase is Phase.DISCARD
        and state.to_act == state.pitcher
        and not state.discards[state.to_act]
    )


def _robs(rules: Rules) -> bool:
    """Whether the hands come down to six by Cinch's discard and rob (RULES §7.5.5)."""
    return rules.deal > 6 and rules.keep_six is KeepSix.ROB_THE_PACK


def _draws_back(rules: Rules) -> bool:
    """Whether the hands come down to six by Ten-point's draw back (RULES §6.5.5-6)."""
    return rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK


def _discards_and_draws(rules: Rules) -> bool:
    """Whether the hands come down to six by the discard and draw (RULES §7.3.11)."""
    return rules.deal > 6 and rules.keep_six is KeepSix.DISCARD_AND_DRAW


@settings(max_examples=examples(100, 300), deadline=None)
@given(rules=any_rules, seed=seeds)
def test_every_hand_follows_the_rules(rules: Rules, seed: int) -> None:
    """Each finished hand: cards in play played once (a trumps-only hand leaves its dead
    cards unplayed, and its tricks may be short and more or fewer than six), discards as
    the variant allows, tricks led, played and won as the rules say, at most T points,
    every point and the settlement exactly as RULES §1.6-§1.7 and §6.2-§6.3, scores moved
    by exactly the changes, and the game ended only as the win rule says. (100 games here;
    300 in the heavy step, below.)"""
    _follows_the_rules(rules, seed)


@HEAVY
@settings(max_examples=examples(300, 300), deadline=None)
@given(rules=any_rules, seed=seeds)
def test_every_hand_follows_the_rules_in_more_games(rules: Rules, seed: int) -> None:
    """The same over 300 games: CI's heavy step."""
    _follows_the_rules(rules, seed)


def _follows_the_rules(rules: Rules, seed: int) -> None:
    """The checks of `test_every_hand_follows_the_rules` on one game."""
    final = random_game(rules, seed)
    before = [0] * len(rules.sides)
    played = 0
    for number, result in enumerate(final.history):
        played += result.pitcher is not None
        assert result.number == number
        expected_auction = reference.auction_winner(rules, result.dealer, result.bids)
        if expected_auction is None:
            assert result.pitcher is None and result.contract is None
        else:
            assert (result.pitcher, result.contract) == expected_auction
        if result.pitcher is None:
            assert result.score_changes == (0,) * len(rules.sides)
            assert result.tricks == () and result.trump is None
            assert all(len(hand) == rules.hand_size for hand in result.hands)
            assert result.discards == () and not any(result.face_up_discards)
        else:
            _check_played_hand(rules, result)
        after = [b + c for b, c in zip(before, result.score_changes, strict=True)]
        expected_winner = reference.winner(rules, before, result, played)
        if number < len(final.history) - 1 or not final.is_over:
            assert expected_winner is None, "the game went on after a win"
        else:
            assert expected_winner is not None and final.winner == expected_winner
        before = after
    assert list(final.scores) == before
    if final.is_over:
        assert final.winner is not None and 0 <= final.winner < len(rules.sides)


def _check_played_hand(rules: Rules, result: HandResult) -> None:
    trump = result.trump
    assert trump is not None
    held = Counter(card for hand in result.hands for card in hand)
    played = Counter(card for trick in result.tricks for card in trick.cards)
    assert max(held.values()) == 1 and max(played.values(), default=1) == 1
    for seat, hand in enumerate(result.hands):
        mine = [c for t in result.tricks for s, c in t.plays if s == seat]
        assert set(mine) <= set(hand), f"seat {seat} played a card it did not hold"
        dead = set(hand) - set(mine)
        if rules.trumps_only:  # §6.5.7: only trumps are played, and every one of them
            assert all(reference.is_trump(rules, card, trump) for card in mine)
            assert not any(reference.is_trump(rules, card, trump) for card in dead)
        else:
            assert not dead and len(hand) == 6
    _check_discards(rules, result)
    if rules.call_partner:  # §7.7.3: the holder when play began; he played it to trick 1
        assert result.called is not None
        assert result.partner == reference.partner_of(result)
        if result.partner != result.pitcher:
            assert (result.partner, result.called) in result.tricks[0].plays
        assert result.called not in [c for cards in result.face_up_discards for c in cards]
    else:
        assert result.called is None and result.partner is None
    if not rules.declares_trump:  # §1.4, §6.1.5: the first lead sets trump
        assert trump == reference.trump_named_by(result.tricks[0].plays[0][1])
    if rules.trumps_only:  # §6.5.7: who leads and who plays, and the hand's end
        shape = [(t.leader, [seat for seat, _ in t.plays]) for t in result.tricks]
        assert shape == reference.trumps_only_tricks(rules, result)
    else:
        assert len(result.tricks) == 6
        assert result.tricks[0].leader == result.pitcher
        for previous, trick in zip((None, *result.tricks), result.tricks, strict=False):
            if previous is not None:
                assert trick.leader == previous.winner
            assert [seat for seat, _ in trick.plays] == [
                (trick.leader + k) % rules.players for k in range(rules.players)
            ]
    for trick in result.tricks:
        assert trick.winner == reference.trick_winner(rules, trick.plays, trump)
    assert sum(result.points_won) <= reference.total_points(rules), "at most T points a hand"
    assert [name for name, _ in result.awards] == [point.value for point in rules.points]
    assert dict(result.points) == reference.points(rules, result)
    assert sum(result.card_points) == sum(card.points for card in played)
    top_call = reference.smudged(result) or reference.shot(result)
    assert (result.contract == reference.total_points(rules) + 1) == top_call
    made, changes = reference.score_changes(rules, result)
    assert result.made == made
    assert list(result.score_changes) == changes


def _check_discards(rules: Rules, result: HandResult) -> None:
    """What was discarded, face down and face up, as §4.1, §4.4, §6.4 and §6.5.5-6 allow."""
    trump = result.trump
    assert trump is not None
    in_play = {card for hand in result.hands for card in hand}
    thrown = [card for cards in result.discards for card in cards]
    face_up = [card for cards in result.face_up_discards for card in cards]
    assert not (set(thrown) | set(face_up)) & in_play, "a discarded card is in play"
    assert len(set(thrown) | set(face_up)) == len(thrown) + len(face_up)
    pitcher = result.pitcher
    assert pitcher is not None
    if rules.kitty:  # §7.7.1: the pitcher took the kitty and discarded as many, any cards
        mine = set(result.hands[pitcher]) | set(result.discards[pitcher])
        assert len(result.kitty) == rules.kitty and set(result.kitty) <= mine
        assert len(result.discards[pitcher]) >= rules.kitty
        if not rules.draw:
            assert len(result.discards[pitcher]) == rules.kitty
            thrown = [
                card
                for seat, cards in enumerate(result.discards)
                if seat != pitcher
                for card in cards
            ]
    else:
        assert result.kitty == ()
    if _robs(rules):  # §7.5.5: six each; face down only the dealer's non-trumps
        assert [len(hand) for hand in result.hands] == [6] * rules.players
        points = reference.point_cards(rules, trump)
        for seat, cards in enumerate(result.discards or ((),) * rules.players):
            assert seat == result.dealer or not cards
            assert not any(reference.is_trump(rules, card, trump) for card in cards)
        for seat, cards in enumerate(result.face_up_discards):
            trumps = {card for card in cards if reference.is_trump(rules, card, trump)}
            assert not trumps & points, "a point card discarded"
            if trumps:  # seven trumps or more: every non-trump went, six trumps are kept
                assert all(reference.is_trump(rules, card, trump) for card in result.hands[seat])
            assert seat != result.dealer or trumps == set(cards)
        return
    if rules.discards:
        assert [len(cards) for cards in result.discards] == [rules.discards] * rules.players
    elif _discards_and_draws(rules):  # §7.3.11: keep 3 to 6 of the dealt cards
        assert all(rules.deal - 6 <= len(cards) <= rules.deal - 3 for cards in result.discards)
        assert [len(hand) for hand in result.hands] == [6] * rules.players
    elif not rules.draw and not _draws_back(rules):
        assert thrown == []
    if rules.draw or _draws_back(rules):  # only non-trumps go face down (the kitty's any)
        trumps = [card for card in thrown if reference.is_trump(rules, card, trump)]
        if rules.kitty:
            assert set(trumps) <= set(result.discards[pitcher]) and len(trumps) <= rules.kitty
        else:
            assert trumps == []
    if rules.deal > 6 and rules.keep_six is KeepSix.NON_TRUMPS_FIRST:
        for seat, cards in enumerate(result.discards):
            if any(reference.is_trump(rules, card, trump) for card in cards):
                kept = result.hands[seat]
                assert all(reference.is_trump(rules, card, trump) for card in kept)
    if not _draws_back(rules):
        assert face_up == []
        return
    points = reference.point_cards(rules, trump)
    assert all(reference.is_trump(rules, card, trump) and card not in points for card in face_up)
    shown = result.face_up_discards or ((),) * rules.players
    for hand, up in zip(result.hands, shown, strict=True):
        if len(hand) > 6 or up:  # §6.5.6: down to six, or to point cards only
            assert len(hand) == 6 or set(hand) <= points


@settings(max_examples=60, deadline=None)
@given(rules=any_rules, seed=seeds, choices=st.integers(0, 2**32))
def test_same_seed_and_actions_give_the_same_game(rules: Rules, seed: int, choices: int) -> None:
    """Determinism: a seed and the same actions replay the identical game."""

    def run() -> list[GameState]:
        rng = random.Random(choices)
        state = new_game(rules, seed=seed)
        states = [state]
        for _ in range(150):
            if state.is_over:
                break
            state = apply_action(state, calm_choice(state, rng))
            states.append(state)
        return states

    assert run() == run()


@settings(max_examples=150, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_players_hold_what_the_phase_allows(rules: Rules, seed: int) -> None:
    """Every seat holds the dealt hand until the discards (a pitcher one card fewer while
    his pitch lies on the table), then six, then one card fewer for each trick it has
    played to (under trumps only, what it held when play began, less what it played);
    the draw back deals out the stock as RULES §6.5.5 says; every card of the pack is in
    exactly one place in every state."""
    pack = sorted(reference.pack(rules))
    at_play: dict[int, list[set[Card]]] = {}
    previous: GameState | None = None
    for state in random_states(rules, seed, max_steps=150):
        if state.is_over:
            continue
        sizes = [len(hand) for hand in state.hands]
        on_table = {seat for seat, _ in state.trick.plays} if state.trick else set()
        if state.phase in (Phase.BIDDING, Phase.DECLARE_TRUMP, Phase.CALL_PARTNER):
            assert sizes == [rules.hand_size - (seat in on_table) for seat in range(rules.players)]
        elif _kitty_turn(state):  # §7.7.1: the pitcher holds the kitty too
            assert sizes == [
                6 + rules.kitty * (seat == state.pitcher) for seat in range(rules.players)
            ]
        elif state.phase is Phase.DISCARD and _discards_and_draws(rules):
            assert state.to_act is not None and state.pitcher is not None
            order = reference.discard_and_draw_order(rules, state.dealer, state.pitcher)
            done = set(order[: order.index(state.to_act)])
            assert sizes == [6 if seat in done else rules.deal for seat in range(rules.players)]
        elif state.phase is Phase.DISCARD and _robs(rules):  # §7.5.5: six once discarded
            assert state.to_act is not None
            order = [(state.dealer + k) % rules.players for k in range(1, rules.players + 1)]
            done = order[: order.index(state.to_act)]
            assert all(sizes[seat] == 6 for seat in done)
        elif state.phase is Phase.DISCARD and not _draws_back(rules):
            assert state.to_act is not None
            order = [(state.dealer + k) % rules.players for k in range(1, rules.players + 1)]
            done = set(order[: order.index(state.to_act)])
            assert sizes == [
                rules.hand_size - rules.discards * (seat in done) for seat in range(rules.players)
            ]
        elif state.phase is Phase.DISCARD:  # §6.5.6: only a seat above six discards face up
            assert state.to_act is not None and sizes[state.to_act] > 6
        elif not rules.trumps_only:
            left = 6 - len(state.tricks)
            assert sizes == [left - (seat in on_table) for seat in range(rules.players)]
        if state.phase is Phase.PLAY:
            _check_hands_in_play(state, at_play)
        before_draw_back = Phase.CALL_PARTNER if rules.call_partner else Phase.DECLARE_TRUMP
        if previous is not None and previous.phase is before_draw_back and _draws_back(rules):
            _check_draw_back(previous, state)
        if (
            previous is not None
            and previous.phase is Phase.DISCARD
            and _discards_and_draws(rules)
            and state.hand_number == previous.hand_number
        ):
            _check_discard_and_draw(previous, state)
        if previous is not None and previous.phase is Phase.DECLARE_TRUMP and _robs(rules):
            _check_rob(previous, state)
        seen = [card for hand in state.hands for card in hand]
        seen += [card for _, card in state.trick.plays] if state.trick else []
        seen += [card for trick in state.tricks for card in trick.cards]
        seen += list(state.stock)
        seen += list(state.kitty) if state.trump is None else []  # §7.7.1: not yet taken
        seen += [card for cards in state.discards for card in cards]
        seen += [card for cards in state.face_up_discards for card in cards]
        assert sorted(seen) == pack, "every card of the pack is in exactly one place"
        stock = len(pack) - rules.players * rules.hand_size - rules.kitty
        undrawn = (Phase.BIDDING, Phase.DECLARE_TRUMP, Phase.CALL_PARTNER)
        if _draws_back(rules) and state.phase not in undrawn:
            stock = 0  # the pitcher took the rest of the stock
        if not rules.draw and not _discards_and_draws(rules) and not _robs(rules):
            assert len(state.stock) == stock, "the stock moved"
        previous = state


def _check_hands_in_play(state: GameState, at_play: dict[int, list[set[Card]]]) -> None:
    """In trick play each seat holds the cards it held when play began, less those it has
    played: what it holds plus what it has played (dead cards included) never changes
    within a hand."""
    played: list[set[Card]] = [set() for _ in state.hands]
    for trick in (*state.tricks, *([state.trick] if state.trick else [])):
        for seat, card in trick.plays:
            played[seat].add(card)
    now = [set(hand) | mine for hand, mine in zip(state.hands, played, strict=True)]
    assert at_play.setdefault(state.hand_number, now) == now


def _check_discard_and_draw(before: GameState, after: GameState) -> None:
    """RULES §7.3.11: one seat's discard and draw, restated: it threw its discard, drew
    from the front of the stock back to six, and the next seat in the order (the pitcher
    last) discards, or the pitcher leads."""
    rules, seat, pitcher = before.rules, before.to_act, before.pitcher
    assert seat is not None and pitcher is not None
    thrown = after.discards[seat]
    stock = list(before.stock)
    assert set(after.hands[seat]) == reference.discard_and_draw(before.hands[seat], thrown, stock)
    assert list(after.stock) == stock
    order = reference.discard_and_draw_order(rules, before.dealer, pitcher)
    if seat == pitcher:
        assert order[-1] == seat and after.phase is Phase.PLAY
        assert after.to_act == pitcher or rules.trumps_only  # a pitcher with no trump is out
    else:
        assert after.phase is Phase.DISCARD and after.to_act == order[order.index(seat) + 1]


def _check_rob(declared: GameState, after: GameState) -> None:
    """RULES §7.5.5: from the hands and the stock as trump is named, the forced discards and
    refills of Cinch's discard and rob give each seat what the rules say, up to the first
    seat with a choice, who is then to act (or, when nobody had one, play begins)."""
    trump = after.trump
    assert trump is not None
    held, up, stock, chooser = reference.rob_the_pack(
        after.rules, declared.hands, declared.stock, trump, declared.dealer
    )
    if after.hand_number != declared.hand_number:
        return  # the hand ended at once (cannot happen in plain play, but be safe)
    if chooser is None:
        assert after.phase is Phase.PLAY
        dealer = declared.dealer
        assert (
            set(after.hands[dealer])
            | set(after.discards[dealer])
            | set(after.face_up_discards[dealer])
            == held[dealer]
        )
        held[dealer] = set(after.hands[dealer])
        up[dealer] = set(after.face_up_discards[dealer])
    else:
        assert after.phase is Phase.DISCARD and after.to_act == chooser
        assert list(after.stock) == stock
    assert [set(hand) for hand in after.hands] == held
    assert [set(cards) for cards in after.face_up_discards] == up


def _check_draw_back(declared: GameState, after: GameState) -> None:
    """RULES §6.5.5: from the hands and the stock as trump is named, the draw back gives
    each seat what the rules say (less any face-up discard made already), and the face-down
    discards are every non-trump thrown."""
    trump, pitcher = after.trump, declared.pitcher
    assert trump is not None and pitcher is not None and declared.to_act == pitcher
    held, thrown = reference.draw_back(
        after.rules, declared.hands, declared.stock, trump, declared.dealer, pitcher
    )
    assert after.hand_number == declared.hand_number, "the draw back always leaves a trump"
    for seat in range(after.rules.players):
        hand, face_up = set(after.hands[seat]), set(after.face_up_discards[seat])
        assert hand | face_up == held[seat] and not hand & face_up
    assert [set(cards) for cards in after.discards] == thrown


# --- the restatement against the worked hands of RULES §6.10 -----------------------------


def _worked(
    rules: Rules,
    *,
    hands: str,
    calls: str,
    tricks: str,
    dealer: int,
    trump: Suit,
    points: dict[str, int | None],
    changes: tuple[int, ...],
    made: bool,
) -> HandResult:
    """A hand of RULES §6.10 as a `HandResult` built from the page alone (no engine): cards
    in play 'A: 9♠ 3♠ …; B: …', calls 'B 3, C 5', tricks 'C K♠ D 7♠ → B; …', and the
    page's points, score changes and outcome."""
    in_play: dict[int, tuple[Card, ...]] = {}
    for part in hands.split(";"):
        name, cards = part.split(":")
        in_play[NAMES[name.strip()]] = tuple(Card.parse(word) for word in cards.split())
    bids = []
    for call in calls.split(","):
        name, text = call.split()
        bids.append((NAMES[name], parse_action(text if text == "pass" else f"bid {text}")))
    played = []
    for trick in tricks.split(";"):
        moves, winner = trick.split("→")
        words = moves.split()
        pairs = zip(words[::2], words[1::2], strict=True)
        plays = tuple((NAMES[name], Card.parse(card)) for name, card in pairs)
        played.append(Trick(plays[0][0], plays, NAMES[winner.strip()]))
    contract = max(action.level for _, action in bids if isinstance(action, Bid))
    pitcher = [seat for seat, action in bids if action == Bid(contract)][-1]
    return HandResult(
        number=0,
        dealer=dealer,
        hands=tuple(in_play[seat] for seat in range(rules.players)),
        bids=tuple(bids),
        pitcher=pitcher,
        contract=contract,
        trump=trump,
        tricks=tuple(played),
        awards=tuple(points.items()),
        card_points=(),
        score_changes=changes,
        made=made,
    )


X1_POINTS: dict[str, int | None] = {
    "high": 1,
    "low": 1,
    "jack": None,
    "off_jack": 1,
    "big_joker": 0,
    "little_joker": 1,
    "game": 0,
    "trey": 1,
}


def _x1(rules: Rules, points: dict[str, int | None], changes: tuple[int, ...]) -> HandResult:
    return _worked(
        rules,
        hands=(
            "A: 9♠ 3♠ K♣ 8♣ A♥ Q♦; B: A♠ 2♠ 7♣ 9♥ 10♥ 9♦; "
            "C: K♠ Q♠ 10♠ 8♠ 4♠ LJ; D: BJ J♣ 7♠ 4♥ 10♦ 5♦"
        ),
        calls="A pass, B 3, C 5, D pass",
        tricks=(
            "C K♠ D 7♠ A 3♠ B A♠ → B; B 7♣ C LJ D J♣ A 8♣ → D; D 5♦ A Q♦ B 9♦ C 4♠ → C; "
            "C Q♠ D BJ A 9♠ B 2♠ → C; C 8♠ D 4♥ A A♥ B 9♥ → C; C 10♠ D 10♦ A K♣ B 10♥ → C"
        ),
        dealer=3,
        trump=Suit.SPADES,
        points=points,
        changes=changes,
        made=False,
    )


def test_the_restatement_gives_worked_hand_x1() -> None:
    """RULES §6.10 X1 (Smear), asked of the plain restatement alone: the jick does not follow
    clubs and ranks above the jokers, every trick's winner, the points in award order, the
    set, the race to 21 and the seven-point variant."""
    smear = Rules.smear(players=4)
    result = _x1(smear, X1_POINTS, (-5, 7))
    seven_clubs = [Card.parse("7C")]  # trick 2: Ben leads 7♣
    anna = [card for card in result.hands[0] if card != Card.parse("3S")]
    assert reference.legal_cards(smear, anna, seven_clubs, Suit.SPADES, False) == set(
        parse_cards("K♣ 8♣ 9♠")
    )
    dan = [card for card in result.hands[3] if card != Card.parse("7S")]
    assert set(dan) == set(parse_cards("BJ J♣ 4♥ 10♦ 5♦"))  # J♣ is no club: Dan is void
    assert reference.legal_cards(smear, dan, seven_clubs, Suit.SPADES, False) == set(dan)
    for trick in result.tricks:
        assert reference.trick_winner(smear, trick.plays, Suit.SPADES) == trick.winner
    assert reference.points(smear, result) == X1_POINTS
    assert reference.score_changes(smear, result) == (False, [-5, 7])
    assert reference.winner(smear, (20, 14), result) == 1
    bid_out = Rules.smear(players=4, win_rule="bid_out")
    assert reference.winner(bid_out, (20, 14), result) is None
    seven = Rules.smear(
        players=4,
        points=("high", "low", "jack", "off_jack", "big_joker", "little_joker", "ten"),
    )
    seven_points = {**X1_POINTS, "ten": 0}
    del seven_points["game"], seven_points["trey"]
    result = _x1(seven, seven_points, (-5, 4))
    assert reference.points(seven, result) == seven_points
    assert reference.score_changes(seven, result) == (False, [-5, 4])


X2_POINTS: dict[str, int | None] = {
    "high": 1,
    "low": 0,
    "jack": 1,
    "off_jack": 1,
    "big_joker": 1,
    "little_joker": 1,
    "game": 1,
    "trey": 1,
}


def test_the_restatement_gives_worked_hand_x2() -> None:
    """RULES §6.10 X2 (Ten-point Pitch), asked of the plain restatement alone: the draw back,
    the face-up choice among non-point trumps, trumps-only play with players dropping out
    and short tricks, the points, the score and the race to 52."""
    ten = Rules.ten_point(players=4)
    dealt = [
        "A♠ Q♥ 9♠ K♣ 2♥ 7♣ 4♠ 6♦ 2♦",
        "A♥ K♠ K♥ 5♠ 10♥ 10♣ 7♥ 3♣ A♦",
        "Q♠ 10♠ 5♥ 6♠ 2♠ 9♣ 5♣ Q♦ 4♦",
        "J♥ J♠ 8♥ A♣ J♣ 3♥ 6♣ 9♦ 7♦",
    ]
    stock = "3♠ 9♥ Q♣ 8♦ 7♠ 8♣ BJ 10♦ 3♦ 4♣ 6♥ 5♦ 8♠ J♦ 2♣ LJ K♦ 4♥"
    held, thrown = reference.draw_back(
        ten,
        [parse_cards(hand) for hand in dealt],
        parse_cards(stock),
        Suit.HEARTS,
        dealer=3,
        pitcher=1,
    )
    after = [
        "Q♥ 2♥ 3♠ 9♥ Q♣ 8♦",
        "A♥ K♥ 10♥ 7♥ J♦ LJ 4♥",  # seven trumps: one goes face up
        "5♥ 7♠ 8♣ BJ 10♦ 3♦",
        "J♥ 8♥ 3♥ 4♣ 6♥ 5♦",
    ]
    assert held == [set(parse_cards(hand)) for hand in after]
    assert thrown[1] == set(parse_cards("K♠ 5♠ 10♣ 3♣ A♦ 8♠ 2♣ K♦"))
    assert thrown[3] == set(parse_cards("J♠ A♣ J♣ 6♣ 9♦ 7♦"))  # J♣ is no trump under ♥
    choices = reference.legal_discards(ten, parse_cards(after[1]), Suit.HEARTS, 0)
    assert choices == {frozenset([Card.parse(text)]) for text in ("KH", "10H", "7H", "4H")}
    result = _worked(
        ten,
        hands=(
            "A: Q♥ 9♥ 2♥ 3♠ Q♣ 8♦; B: A♥ K♥ 10♥ 7♥ J♦ LJ; "
            "C: 5♥ BJ 7♠ 8♣ 10♦ 3♦; D: J♥ 8♥ 6♥ 3♥ 4♣ 5♦"
        ),
        calls="A pass, B 5, C pass, D pass",
        tricks=(
            "B A♥ C 5♥ D 3♥ A 2♥ → B; B K♥ C BJ D 6♥ A 9♥ → B; B 7♥ D 8♥ A Q♥ → A; "
            "B 10♥ D J♥ → D; B J♦ → B; B LJ → B"
        ),
        dealer=3,
        trump=Suit.HEARTS,
        points=X2_POINTS,
        changes=(1, 9),
        made=True,
    )
    carla = result.hands[2]
    assert reference.legal_cards(ten, carla, [Card.parse("AH")], Suit.HEARTS, True) == {
        Card.parse("5H"),
        Card.parse("BJ"),
    }
    assert reference.trumps_only_tricks(ten, result) == [
        (1, [1, 2, 3, 0]),
        (1, [1, 2, 3, 0]),
        (1, [1, 3, 0]),
        (1, [1, 3]),
        (1, [1]),
        (1, [1]),
    ]
    for trick in result.tricks:
        assert reference.trick_winner(ten, trick.plays, Suit.HEARTS) == trick.winner
    assert reference.points(ten, result) == X2_POINTS
    assert reference.score_changes(ten, result) == (True, [1, 9])
    assert reference.winner(ten, (51, 40), result) == 0
    assert reference.winner(ten, (40, 43), result) == 1
    assert reference.winner(ten, (40, 42), result) is None


X3_POINTS: dict[str, int | None] = {"high": 1, "low": 2, "jack": 1, "joker": 0, "game": 1}


@pytest.mark.parametrize(
    ("before", "winner"), [((9, 7, 9), 1), ((9, 6, 9), 2), ((9, 6, 8), 0), ((0, 0, 0), None)]
)
def test_the_restatement_gives_worked_hand_x3(before: tuple[int, ...], winner: int | None) -> None:
    """RULES §6.10 X3 (Auction Pitch with Joker), asked of the plain restatement alone: the
    joker led first makes ♠ trump and ranks below the 2, it is never Low, the points and the
    pitcher-first race to 10."""
    joker = Rules.joker_pitch(players=3)
    result = _worked(
        joker,
        hands="P0: 5♠ A♦ K♦ 9♣ 8♥ 4♣; P1: JK A♠ J♠ 10♠ K♥ Q♣; P2: 2♠ Q♥ 10♦ 7♣ 3♥ 6♦",
        calls="P0 2, P1 3, P2 pass",
        tricks=(
            "P1 JK P2 2♠ P0 5♠ → P0; P0 A♦ P1 10♠ P2 6♦ → P1; P1 A♠ P2 3♥ P0 4♣ → P1; "
            "P1 J♠ P2 7♣ P0 9♣ → P1; P1 K♥ P2 Q♥ P0 8♥ → P1; P1 Q♣ P2 10♦ P0 K♦ → P1"
        ),
        dealer=2,
        trump=Suit.SPADES,
        points=X3_POINTS,
        changes=(1, 3, 1),
        made=True,
    )
    assert reference.trump_named_by(Card.parse("JK")) is Suit.SPADES
    p2 = result.hands[2]
    assert reference.legal_cards(joker, p2, [Card.parse("JK")], Suit.SPADES, True) == {
        Card.parse("2S")
    }
    for trick in result.tricks:
        assert reference.trick_winner(joker, trick.plays, Suit.SPADES) == trick.winner
    assert reference.points(joker, result) == X3_POINTS
    assert reference.score_changes(joker, result) == (True, [1, 3, 1])
    assert reference.winner(joker, before, result) == winner
