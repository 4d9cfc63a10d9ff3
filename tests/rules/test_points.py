"""Points and how each is awarded (`points.py`): the tally of a hand's cards, High, Low,
Jack and Game, each point to its holder or its capturer (RULES §1.6, §6.2, §7.2)."""

from __future__ import annotations

import random

import pytest

from setback import (
    GameState,
    Point,
    Rules,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    parse_cards,
)
from setback.bots.solver import Solver
from setback.options import LowTo
from setback.points import certain_points
from setback.rules import PRESET_NAMES
from setback.state import Phase
from setback.tables import trump_table

from ..support import (
    JOKER_HANDS,
    JOKER_TRICKS,
    THREE_CALLS,
    THREE_HANDS,
    THREE_TRICKS,
    TIED_CALLS,
    TIED_HANDS,
    TIED_TRICKS,
    hand,
)

SETBACK = Rules.setback()
CUTTHROAT = Rules.cutthroat(players=3)
TWO_JOKERS = Rules.setback(jokers=2)


def test_game_tied_by_two_sides_goes_to_nobody() -> None:
    """§1.6: card points 10 and 10: Game to nobody (mutant: `_game` gives a tie to the
    first side). A's side takes High (9♠) and Low (5♠, captured): 2, its bid."""
    state, result = hand(SETBACK, TIED_HANDS, TIED_CALLS, TIED_TRICKS)
    assert result.card_points == (10, 10)
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": None}
    assert result.made is True and result.score_changes == (2, 0)
    assert state.scores == (2, 0)


def test_game_absent_a_tie_awards_nothing_else() -> None:
    """The same hand without the Game point: the tie counts for nobody, and no award is
    named for it."""
    rules = Rules.setback(points=(Point.HIGH, Point.LOW, Point.JACK))
    state, result = hand(rules, TIED_HANDS, TIED_CALLS, TIED_TRICKS)
    assert result.card_points == (10, 10)
    assert result.points == {"high": 0, "low": 0, "jack": None}
    assert result.score_changes == (2, 0) and state.scores == (2, 0)


def test_game_tied_by_two_of_three_sides_goes_to_nobody() -> None:
    """§1.6, three sides: card points 0, 10, 10: the two at the top tie, Game to nobody
    (not to the first of them)."""
    state, result = hand(CUTTHROAT, THREE_HANDS, THREE_CALLS, THREE_TRICKS, dealer=2)
    assert result.card_points == (0, 10, 10)
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": None}
    assert result.score_changes == (2, 0, 0) and state.scores == (2, 0, 0)


def test_high_is_held_and_low_captured_and_neither_is_a_joker() -> None:
    """§1.6 and §6: High, 10♠, to A who held it (though B's joker took it); Low, the same
    10, to B who captured it; Game to B and D (mutants: High to its capturer; the big
    joker, card index 52, counted among High and Low)."""
    _, result = hand(TWO_JOKERS, JOKER_HANDS, TIED_CALLS, JOKER_TRICKS)
    assert result.points == {"high": 0, "low": 1, "jack": None, "game": 1}
    assert result.card_points == (0, 10)
    assert result.made is False and result.score_changes == (-2, 2)


# --- the points already certain part way through a hand (the open-hand search's bounds) ---


def _bits(text: str) -> int:
    return sum(1 << card.index for card in parse_cards(text))


def _certain(
    rules: Rules,
    in_play: tuple[str, ...],
    captured: tuple[str, ...],
    points: tuple[int, ...],
    held: str,
    holding: tuple[str, ...] | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`certain_points` under `rules` with spades trump, the cards written out."""
    return certain_points(
        rules.points,
        trump_table(Suit.SPADES, rules),
        rules.low_to,
        [_bits(cards) for cards in in_play],
        [_bits(cards) for cards in captured],
        points,
        _bits(held),
        None if holding is None else [_bits(cards) for cards in holding],
    )


def test_high_and_low_to_a_holder_are_certain_before_the_first_trick() -> None:
    """High (A♠) and Low (2♠, Low to its holder) are side 0's from the start; the Jack,
    held, and Game, which both sides can reach, are open to both (mutants: High or Low
    waiting for a capture, an open point given to one side alone)."""
    rules = Rules.setback(low_to=LowTo.HOLDER)
    assert _certain(rules, ("AS 2S", "KS JS"), ("", ""), (0, 0), "AS 2S KS JS") == (
        (2, 0),
        (2, 2),
    )


def test_low_to_its_capturer_waits_for_the_capture() -> None:
    """Low (2♠) to its capturer: open while a hand holds it, then the capturer's (mutant:
    Low to its holder under `LowTo.CAPTURER`). With K♠ the last card held, side 1's 4
    card points cannot be reached: Game is its as well."""
    held = _certain(SETBACK, ("AS 2S", "KS"), ("", ""), (0, 0), "AS 2S KS")
    assert held == ((1, 0), (2, 2))  # High to side 0; Low and Game open
    taken = _certain(SETBACK, ("AS 2S", "KS"), ("", "2S AS"), (0, 4), "KS")
    assert taken == ((1, 2), (0, 0))  # High to side 0; Low and Game to side 1


def test_a_point_card_on_the_table_is_still_open_and_one_not_in_play_is_nobodys() -> None:
    """The Jack played to the trick under way (among `held`, no side's capture yet) is
    open; a Jack in no hand is nobody's and not open (mutants: a card not held counted
    as decided, a point card out of play counted open)."""
    table = _certain(SETBACK, ("AS JS", "KS 2S"), ("", ""), (0, 0), "AS JS KS 2S")
    assert table == ((1, 0), (3, 3))  # High to side 0; Low, Jack and Game open
    gone = _certain(SETBACK, ("AS 3S", "KS 2S"), ("", ""), (0, 0), "AS 3S KS 2S")
    assert gone == ((1, 0), (2, 2))  # Low and Game open: no Jack in play


def test_game_is_certain_once_no_side_but_the_leader_can_reach_it() -> None:
    """Card points 20 to 5 with 10 still held: side 0 takes Game whatever happens; 20 to
    12 with 8 held: side 1 can still tie, so Game is not side 0's for certain, but side 1
    can at best tie and cannot take it (at 20 to 13 it can); 20 to 20 with none held: a
    tie, nobody's; at
    three sides, 20, 15 and 2 with 6 held: open to the first two alone (mutants: a tie
    that can still happen counted as a win, a tie counted as a take, a final tie given to
    the first side, Game open to a side that cannot reach it)."""
    rules = Rules.setback(points=(Point.HIGH, Point.GAME), min_bid=1)
    assert _certain(rules, ("", ""), ("", ""), (20, 5), "10H") == ((1, 0), (0, 0))
    assert _certain(rules, ("", ""), ("", ""), (20, 12), "AH AD") == ((0, 0), (1, 0))
    assert _certain(rules, ("", ""), ("", ""), (20, 13), "AH AD") == ((0, 0), (1, 1))
    assert _certain(rules, ("", ""), ("", ""), (20, 20), "") == ((0, 0), (0, 0))
    three = Rules.cutthroat(players=3, points=(Point.HIGH, Point.GAME), min_bid=1)
    assert _certain(three, ("", "", ""), ("", "", ""), (20, 15, 2), "AH QD") == (
        (0, 0, 0),
        (1, 1, 0),
    )


def test_a_trump_that_scores_waits_only_for_the_sides_that_can_capture_it() -> None:
    """With each side's cards known at a trick's start, a trump that scores for its
    capturer can be taken only by a side holding it or a trump above it. Side 0 holds
    A♠ 2♠ and side 1 J♠ 3♠: the Jack and Low (2♠, to its capturer) are open to both
    (A♠ is above J♠; J♠ and 3♠ above 2♠), High is side 0's and so is Game (A♠'s 4 card
    points against 1 at most). With 2♠ alone against J♠ 3♠, side 0 cannot take the
    Jack: High, the Jack and Game are side 1's, Low open to both (mutants: a side
    without a higher trump counted able, the one able side left waiting, the trumps
    above a card read as those below)."""
    open_to_both = _certain(
        SETBACK, ("AS 2S", "JS 3S"), ("", ""), (0, 0), "AS 2S JS 3S", ("AS 2S", "JS 3S")
    )
    assert open_to_both == ((2, 0), (2, 2))
    one_side = _certain(SETBACK, ("2S", "JS 3S"), ("", ""), (0, 0), "2S JS 3S", ("2S", "JS 3S"))
    assert one_side == ((0, 3), (1, 1))
    assert _certain(SETBACK, ("2S", "JS 3S"), ("", ""), (0, 0), "2S JS 3S") == ((0, 1), (3, 3))


def test_the_off_jack_waits_only_for_the_sides_that_can_capture_it() -> None:
    """Trickster's 5-point game, spades trump: J♣, the off-jack (a trump, just below J♠),
    is side 0's with 3♠, against side 1's 2♠ 4♠. No trump above it is on side 1, so the
    off-jack is side 0's for certain, as are High (J♣ is the highest trump in play) and
    Game (its 1 card point, the only one held); Low (2♠, to its holder) side 1's. Told
    nothing of who holds what, the off-jack and Game stay open (mutant: a scoring card
    taken for no trump, where the card just above it in the pack is none)."""
    rules = Rules.preset("trickster-5")
    in_play = ("JC 3S", "2S 4S")
    assert _certain(rules, in_play, ("", ""), (0, 0), "JC 3S 2S 4S", in_play) == ((3, 1), (0, 0))
    assert _certain(rules, in_play, ("", ""), (0, 0), "JC 3S 2S 4S") == ((1, 1), (2, 2))


def test_the_highest_trumps_are_sure_of_their_card_points() -> None:
    """Side 0 holds A♠ K♠ (7 card points), above side 1's Q♠: each takes the trick it is
    played to, so side 0 is sure of 7 more. At 0 to 10 with A♠ K♠ Q♠ 10♥ held (19),
    side 1 can end with at most 10 + 12 = 22 and side 0 with at least 7: Game is open to
    both; at 10 to 0, side 0 ends with at least 17 and side 1 with at most 12: side 0's
    (mutants: the sure points given to the side below, or not taken from the others'
    reach)."""
    rules = Rules.setback(points=(Point.HIGH, Point.GAME), min_bid=1)
    holding = ("AS KS", "QS 10H")
    held = "AS KS QS 10H"
    assert _certain(rules, ("AS KS", "QS"), ("", ""), (0, 10), held, holding) == ((1, 0), (1, 1))
    assert _certain(rules, ("AS KS", "QS"), ("", ""), (10, 0), held, holding) == ((2, 0), (0, 0))
    assert _certain(rules, ("AS KS", "QS"), ("", ""), (10, 0), held) == ((1, 0), (1, 1))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_certain_points_are_the_hands_awards_at_every_trick(preset: str) -> None:
    """Random hands under every preset: at every step of trick play the points certain
    are each side's at the hand's end, at most the open points more."""
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    for seed in range(4):
        state = new_game(rules, seed=seed)
        steps = []
        while state.hand_number == 0 and not state.is_over:
            if state.phase is Phase.PLAY and state.trump is not None:
                steps.append(_certain_of(state))
            state = apply_action(state, rng.choice(legal_actions(state)))
        if state.is_over and not state.history:
            continue
        result = state.history[0]
        final = [0] * rules.side_count
        for point in rules.points:
            side = result.points[point.value]
            if side is not None:
                final[side] += point.worth
        for won, still in steps:
            assert all(w <= f <= w + s for w, f, s in zip(won, final, still, strict=True))


def _certain_of(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`certain_points` of `state`, from the bots' solver's account of its trick play."""
    solver = Solver(state, 0, {})
    held = 0
    for cards in solver.hands:
        held |= cards
    for _, card in solver.trick_plays:
        held |= 1 << card
    if state.rules.trumps_only:
        held &= solver.trump_mask
    holding = None  # each side's part, at a trick's start
    if not solver.trick_plays:
        holding = [0] * state.rules.side_count
        for seat, cards in enumerate(solver.hands):
            holding[state.rules.side_of(seat)] |= cards & held
    return certain_points(
        state.rules.points,
        solver.table_of_trump,
        state.rules.low_to,
        solver.played,
        solver.captured,
        solver.points,
        held,
        holding,
    )
