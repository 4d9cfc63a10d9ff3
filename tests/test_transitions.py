"""Fixed tests of the hand's transitions, each written to kill a mutant of
`benchmarks/mutants.py` that the other fixed tests let live (the mutant is named in the
test's docstring). Exact hands, exact outcomes, through the public API."""

from __future__ import annotations

from setback import Point, Rules

from .support import hand

# --- §1.6 Game: the strictly highest card-point total; a tie at the top, nobody ----------

SETBACK = Rules.setback()
# D deals; A bids 2 and leads the spades (trump); B, C, D are void. D throws 10♦ on the
# first trick (A takes it: 10 card points); B's 10♥ takes the last trick (10 card points).
TIED_HANDS = (
    "A: 9♠ 8♠ 7♠ 6♠ 5♠ 2♥; B: 10♥ 3♣ 4♣ 5♣ 6♣ 7♣; "
    "C: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦; D: 10♦ 3♥ 4♥ 5♥ 6♥ 7♥"
)
TIED_CALLS = "A 2, B pass, C pass, D pass"
TIED_TRICKS = (
    "A 9♠ B 3♣ C 2♦ D 10♦ → A; A 8♠ B 4♣ C 3♦ D 3♥ → A; A 7♠ B 5♣ C 4♦ D 4♥ → A; "
    "A 6♠ B 6♣ C 5♦ D 5♥ → A; A 5♠ B 7♣ C 6♦ D 6♥ → A; A 2♥ B 10♥ C 7♦ D 7♥ → B"
)


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


CUTTHROAT = Rules.cutthroat(players=3)
# P2 deals; P0 bids 2 and leads four spades (trump), P1 and P2 void. P1's 10♥ takes the
# hearts (10 card points); P2's 8♣ takes P1's 7♣ lead and P0's 10♦ (10 card points).
THREE_HANDS = "P0: 9♠ 8♠ 7♠ 6♠ 2♥ 10♦; P1: 10♥ 3♣ 4♣ 5♣ 6♣ 7♣; P2: 8♣ 3♥ 3♦ 4♦ 5♦ 6♦"
THREE_CALLS = "P0 2, P1 pass, P2 pass"
THREE_TRICKS = (
    "P0 9♠ P1 3♣ P2 3♦ → P0; P0 8♠ P1 4♣ P2 4♦ → P0; P0 7♠ P1 5♣ P2 5♦ → P0; "
    "P0 6♠ P1 6♣ P2 6♦ → P0; P0 2♥ P1 10♥ P2 3♥ → P1; P1 7♣ P2 8♣ P0 10♦ → P2"
)


def test_game_tied_by_two_of_three_sides_goes_to_nobody() -> None:
    """§1.6, three sides: card points 0, 10, 10: the two at the top tie, Game to nobody
    (not to the first of them)."""
    state, result = hand(CUTTHROAT, THREE_HANDS, THREE_CALLS, THREE_TRICKS, dealer=2)
    assert result.card_points == (0, 10, 10)
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": None}
    assert result.score_changes == (2, 0, 0) and state.scores == (2, 0, 0)
