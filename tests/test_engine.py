"""new_game, apply_action and the errors a caller sees."""

from __future__ import annotations

import pytest

from setback import (
    CARDS,
    Bid,
    Card,
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    Pass,
    Rules,
    RulesError,
    SetbackError,
    WinRule,
    apply_action,
    is_legal,
    legal_actions,
    new_game,
)

from .support import E1_HANDS, E1_TRICKS, S1_HANDS, deal, hand

GERMAN = Rules.setback()


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"dealer": 4}, InvalidStateError, "dealer must be a seat"),
        ({"seed": "x"}, TypeError, "seed must be a whole number"),
        ({"scores": (1, 2, 3)}, InvalidStateError, "scores must be 2 whole numbers"),
        ({"hands": ["2C 3C 4C 5C 6C 7C"] * 4}, InvalidStateError, "dealt twice"),
        ({"hands": ["2C"] * 4}, InvalidStateError, "seat 0 has 1 cards"),
        ({"hands": ["2C 3C 4C 5C 6C 7C"]}, InvalidStateError, "need 4 hands"),
        ({"hands": ["2C ZZ"] * 4}, InvalidNotationError, "not a card"),
        ({"deck": CARDS[:51]}, InvalidStateError, "each of the 52 cards of this pack once"),
        ({"deck": CARDS}, InvalidStateError, "got 55 cards, 55 different, some not in it"),
        ({"deck": CARDS[:52], "hands": ["2C"] * 4}, InvalidStateError, "not both"),
    ],
)
def test_bad_arguments_to_new_game(kwargs: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        new_game(GERMAN, **kwargs)  # type: ignore[arg-type]


def test_scores_past_the_target_only_where_the_game_can_go_on() -> None:
    """Under bid-out a side may stand past the target without having won."""
    assert new_game(GERMAN, scores=(25, 3)).scores == (25, 3)
    with pytest.raises(InvalidStateError, match="already reach the target"):
        new_game(Rules.setback(win_rule=WinRule.HIGHEST_SCORE), scores=(25, 3))
    # sides tied at the top play on under HIGHEST_SCORE, so such scores start a game
    tied = Rules.cutthroat(players=3, win_rule=WinRule.HIGHEST_SCORE, target=1)
    assert new_game(tied, scores=(1, 1, -3)).scores == (1, 1, -3)
    with pytest.raises(InvalidStateError, match="already reach the target"):
        new_game(tied, scores=(1, 0, -3))
    with pytest.raises(InvalidStateError, match="already reach the target"):
        new_game(Rules.setback(win_rule=WinRule.PITCHER_FIRST), scores=(21, 21))


def test_rules_must_be_rules() -> None:
    with pytest.raises(TypeError, match="new_game takes a Rules value, not str"):
        new_game("setback")  # type: ignore[arg-type]


def test_an_action_from_the_wrong_seat_is_refused() -> None:
    state = new_game(GERMAN, seed=1, dealer=3)
    with pytest.raises(IllegalActionError, match="it is seat 0's turn") as caught:
        apply_action(state, Pass(), seat=2)
    assert caught.value.seat == 2 and caught.value.action == Pass()


def test_illegal_call_in_the_auction() -> None:
    state = deal(GERMAN, S1_HANDS)
    with pytest.raises(IllegalActionError, match="auction is still on"):
        apply_action(state, "play KS")
    with pytest.raises(IllegalActionError, match="lowest bid is 2"):
        apply_action(state, Bid(1))
    with pytest.raises(IllegalActionError, match="no Smudge"):
        apply_action(deal(Rules.setback(smudge=False), S1_HANDS), "smudge")


def test_text_actions_and_non_actions() -> None:
    state = deal(GERMAN, S1_HANDS)
    assert apply_action(state, "bid 2") == apply_action(state, Bid(2))
    assert is_legal(state, "pass") and not is_legal(state, "play KS") and not is_legal(state, "x")
    with pytest.raises(InvalidNotationError):
        apply_action(state, "raise 3")
    with pytest.raises(TypeError, match=r"takes an action .* or its text, not int"):
        apply_action(state, 3)  # type: ignore[arg-type]


def test_game_over_refuses_everything() -> None:
    from .support import hand

    state, _ = hand(GERMAN, E1_HANDS, "A 3, B pass, C pass, D pass", E1_TRICKS, scores=(18, 0))
    assert state.is_over and legal_actions(state) == ()
    with pytest.raises(IllegalActionError, match="game is over"):
        apply_action(state, "pass")


def test_errors_share_one_base() -> None:
    for error in (IllegalActionError, InvalidNotationError, InvalidStateError, RulesError):
        assert issubclass(error, SetbackError) and issubclass(error, ValueError)


def test_hands_cards_are_card_values() -> None:
    state = new_game(GERMAN, seed=2)
    assert all(isinstance(card, Card) for hand in state.hands for card in hand)


def test_seat_zero_is_refused_out_of_turn() -> None:
    """DESIGN: an action from a seat whose turn it is not is refused, seat 0 included."""
    state = apply_action(new_game(Rules.setback(), seed=1, dealer=3), "pass", seat=0)
    assert state.to_act == 1
    with pytest.raises(IllegalActionError, match="it is seat 1's turn"):
        apply_action(state, "pass", seat=0)


def test_a_finished_game_refuses_every_seat_with_that_reason() -> None:
    """RULES §1.8: once a side has won, nothing is legal, whoever sends it."""

    state, _ = hand(GERMAN, E1_HANDS, "A 3, B pass, C pass, D pass", E1_TRICKS, scores=(18, 0))
    assert state.is_over
    for seat in range(4):
        with pytest.raises(IllegalActionError, match="the game is over"):
            apply_action(state, "pass", seat=seat)


def test_seat_check_refuses_another_seats_action() -> None:
    state = new_game(Rules.setback(), seed=1, dealer=3)
    with pytest.raises(IllegalActionError, match="it is seat 0's turn"):
        apply_action(state, "pass", seat=1)
    assert apply_action(state, "pass", seat=0).to_act == 1
