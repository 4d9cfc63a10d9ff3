"""`hands_limit` (RULES §7.7.4): the target is ignored; after that many played hands the
highest score wins, a tie at the top plays one more hand at a time, and passed-out hands do
not count."""

from __future__ import annotations

import pytest

from setback import AllPass, EndReason, GameState, Rules, RulesError, apply_action, legal_actions
from setback.text import state_text

from .. import reference
from ..support import FREE_TRICKS, S1_HANDS, act, deal, play

SWEEP_HANDS = (
    "A: A♥ K♥ Q♥ J♥ 10♥ 9♥; B: 8♠ 7♠ 6♠ 5♠ 4♠ 3♠; C: A♣ K♣ Q♣ J♣ 10♣ 9♣; D: 2♣ 3♦ 4♦ 5♦ 6♦ 7♦"
)
SWEEP_TRICKS = (
    "D 2♣ A 9♥ B 3♠ C A♣ → C; C K♣ D 3♦ A 10♥ B 4♠ → C; C Q♣ D 4♦ A J♥ B 5♠ → C; "
    "C J♣ D 5♦ A Q♥ B 6♠ → C; C 10♣ D 6♦ A K♥ B 7♠ → C; C 9♣ D 7♦ A A♥ B 8♠ → C"
)
"""Dan plays free (contract 0) and AC take all four points: AC +4, BD 0."""
ALL_PASS = "A pass, B pass, C pass, D pass"


def limited(limit: int, **options: object) -> Rules:
    return Rules.setback(hands_limit=limit, all_pass=AllPass.DEALER_FREE, **options)  # type: ignore[arg-type]


def finish_hand(state: GameState) -> GameState:
    """The hand in progress played to its end with the last legal action each time (the
    highest call, so it is not passed out)."""
    number = state.hand_number
    while not state.is_over and state.hand_number == number:
        state = apply_action(state, legal_actions(state)[-1])
    return state


def test_after_the_last_hand_the_highest_score_wins_below_the_target() -> None:
    """RULES §7.7.4: after one played hand AC lead 4 to 0 and win, far below 21."""
    state = play(act(deal(limited(1), SWEEP_HANDS), ALL_PASS), SWEEP_TRICKS)
    assert state.is_over and state.winner == 0 and state.scores == (4, 0)


def test_the_target_is_ignored_before_the_last_hand() -> None:
    """RULES §7.7.4: with two hands to play, AC at 30 + 4 (above the target 21) play on."""
    state = play(act(deal(limited(2), SWEEP_HANDS, scores=(30, 0)), ALL_PASS), SWEEP_TRICKS)
    assert not state.is_over and state.scores == (34, 0) and state.hand_number == 1
    state = finish_hand(state)
    assert state.is_over and state.winner == 0


def test_a_tie_at_the_top_plays_one_more_hand() -> None:
    """RULES §7.7.4, chosen: the free hand scores 1 to each side, so 3-3 becomes 4-4 and a
    second hand is played; the game ends after it unless the top is tied again."""
    state = play(act(deal(limited(1), S1_HANDS, scores=(3, 3)), ALL_PASS), FREE_TRICKS)
    assert not state.is_over and state.scores == (4, 4) and state.hand_number == 1
    state = finish_hand(state)
    first, second = state.scores
    assert state.is_over == (first != second)
    assert state.is_over and state.winner == (0 if first > second else 1)


def test_the_leader_wins_after_the_last_hand_even_if_the_pitcher_was_set() -> None:
    """RULES §7.7.4: the win rule's bid-out does not apply; from 5-2 the tied free hand
    gives 6-3 and AC win although Dan (BD) pitched."""
    state = play(act(deal(limited(1), S1_HANDS, scores=(5, 2)), ALL_PASS), FREE_TRICKS)
    assert state.is_over and state.winner == 0 and state.scores == (6, 3)


def test_passed_out_hands_do_not_count() -> None:
    """RULES §7.7.4, chosen: a hand everyone passed (under `REDEAL`) is not one of the
    limit's hands: with a limit of 2, a passed-out hand and one played hand end nothing."""
    rules = Rules.setback(hands_limit=2, all_pass=AllPass.REDEAL)
    state = act(deal(rules, S1_HANDS), ALL_PASS)
    assert not state.is_over and state.hand_number == 1 and state.history[0].pitcher is None
    state = finish_hand(state)
    assert state.history[-1].pitcher is not None and state.scores != (0, 0)
    assert not state.is_over and state.hand_number == 2
    assert reference.winner(rules, (0, 0), state.history[-1], 1) is None


@pytest.mark.parametrize(
    ("value", "error", "words"),
    [
        (0, RulesError, "hands_limit must be at least 1, not 0"),
        (10_001, RulesError, "hands_limit must be from 1 to 10_000"),
        ("3", TypeError, "hands_limit must be a whole number"),
        (True, TypeError, "hands_limit must be a whole number"),
    ],
)
def test_hands_limit_is_a_positive_whole_number(
    value: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        Rules.setback(hands_limit=value)


def test_the_limit_in_words() -> None:
    """The state's summary names the limit instead of the target, in every language."""
    state = deal(limited(3), S1_HANDS)
    heads = [state_text(state, lang=lang).splitlines()[0] for lang in ("en", "de", "sv", "fr")]
    assert heads == [
        "4 players, 2 sides, 3 played hands",
        "4 Spieler, 2 Parteien, 3 gespielte Runden",
        "4 spelare, 2 sidor, 3 spelade giv",
        "4 joueurs, 2 camps, 3 coups joués",
    ]


def test_a_game_ended_by_its_last_hand_says_so() -> None:
    """RULES §7.7.4: the game's end names its rule, the number of hands, not the target."""
    state = play(act(deal(limited(1), SWEEP_HANDS), ALL_PASS), SWEEP_TRICKS)
    assert state.end_reason is EndReason.HANDS_LIMIT
