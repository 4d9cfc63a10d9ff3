"""Points and how each is awarded (`points.py`): the tally of a hand's cards, High, Low,
Jack and Game, each point to its holder or its capturer (RULES §1.6, §6.2, §7.2)."""

from __future__ import annotations

from setback import Point, Rules

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
