"""Shoot the moon (RULES §7.4, §7.8.4, §7.8.14): the `Shoot` call above every bid, which
nobody may overcall or match; made with every point (`ALL_POINTS`) or every trick
(`ALL_TRICKS`); `WIN`/`SCORE` and `LOSE`/`SET_BACK`; and the worked example Y3."""

from __future__ import annotations

import pytest

from setback import (
    EndReason,
    GameState,
    IllegalActionError,
    Rules,
    RulesError,
    Shoot,
    apply_action,
    legal_actions,
    new_game,
)

from .. import reference
from ..support import S1_HANDS, Y3_TRICKS, act, deal, play, texts, trickster_4, y3_declared


def test_trickster_4_is_the_form_y3_names() -> None:
    """Y3 was first written against a hand-built form: 4 players in partnership, target
    11, bids 2 to 4 without Smudge or the dealer's match, all pass redeals, Low to the
    holder, trump declared by the pitcher who must lead trump, pitcher first; the preset
    is that form."""
    assert trickster_4() == Rules.setback(
        target=11,
        smudge=False,
        dealer_match="none",
        all_pass="redeal",
        low_to="holder",
        win_rule="pitcher_first",
        trump_by="declare",
        pitcher_leads_trump=True,
        shoot="all_points",
    )


def test_the_shoot_is_a_call_above_every_bid() -> None:
    """RULES §7.4.1: `shoot` comes after the bids; after it the others may only pass, the
    dealer too (it cannot be matched)."""
    rules = trickster_4(dealer_match="any")
    state = deal(rules, S1_HANDS)
    assert texts(state) == ["pass", "bid 2", "bid 3", "bid 4", "shoot"]
    state = apply_action(state, "shoot", seat=0)
    assert texts(state) == ["pass"]
    with pytest.raises(IllegalActionError, match="seat 0 shot the moon") as raised:
        apply_action(state, "bid 4", seat=1)
    assert raised.value.code == "shoot_stands" and raised.value.params == {"bidder": 0}
    state = act(state, "B pass, C pass")
    assert texts(state) == ["pass"]  # the dealer may match anything else, not a shoot
    state = act(state, "D pass")
    assert (state.pitcher, state.contract, state.to_act) == (0, 5, 0)
    assert reference.legal_calls(rules, 3, 1, ((0, Shoot()),), state.hands[1], False) == {"pass"}


def test_a_shoot_where_it_is_off_is_refused() -> None:
    """RULES §7.4.5: no preset has a shoot; `shoot` there is refused, naming the rule."""
    with pytest.raises(IllegalActionError, match="no shoot the moon") as raised:
        apply_action(deal(Rules.setback(), S1_HANDS), "shoot")
    assert raised.value.code == "no_shoot"


def test_the_stuck_dealer_may_not_shoot_unless_he_may_bid_any_call() -> None:
    """RULES §7.8.14: a dealer who must bid exactly the minimum may not shoot; under every
    other all-pass rule he may."""
    exactly = act(
        deal(trickster_4(all_pass="dealer_exactly_min"), S1_HANDS), "A pass, B pass, C pass"
    )
    assert texts(exactly) == ["bid 2"]
    with pytest.raises(IllegalActionError, match="dealer must bid exactly 2"):
        apply_action(exactly, "shoot")
    loose = act(
        deal(trickster_4(all_pass="dealer_at_least_min"), S1_HANDS), "A pass, B pass, C pass"
    )
    assert texts(loose) == ["bid 2", "bid 3", "bid 4", "shoot"]
    free = act(deal(trickster_4(all_pass="dealer_free"), S1_HANDS), "A pass, B pass, C pass")
    assert texts(free) == ["pass", "bid 2", "bid 3", "bid 4", "shoot"]


def test_y3_a_made_shoot_under_when_void_wins_the_game() -> None:
    """RULES §7.9 Y3 (`play_trump=WHEN_VOID`): Ben must follow with 5♣ in trick 2; AC take
    all four points, score +4 and win the game at once (`shoot_made=WIN`), far from 11."""
    state = y3_declared(trickster_4(play_trump="when_void"))
    assert texts(state) == ["play 2D", "play JD", "play KD", "play AD"]  # must lead trump
    state = play(state, "A A♦ B 5♦ C 8♦ D 3♦ → A")
    state = apply_action(state, "play AC")
    assert texts(state) == ["play 5C"]  # Ben holds a club: his only legal card
    state = play(state, Y3_TRICKS.split("; ", 1)[1].replace("A A♣ ", "", 1))
    result = state.history[-1]
    assert dict(result.points) == {"high": 0, "low": 0, "jack": 0, "game": 0}
    assert result.card_points == (28, 0)
    assert result.made is True and result.score_changes == (4, 0)
    assert state.is_over and state.winner == 0 and state.scores == (4, 0)


def anytime_failed(rules: Rules) -> GameState:
    """Y3 under `ANYTIME`: in trick 2 Ben trumps with Q♦, and Carla plays K♣ and Dan 10♥:
    Ben's trick holds 19 of the 28 card points. The rest is played with the first legal
    card each time."""
    state = y3_declared(rules)
    state = play(state, "A A♦ B 5♦ C 8♦ D 3♦ → A")
    state = apply_action(state, "play AC")
    assert texts(state) == ["play 5C", "play QD"]
    state = play(state, "B Q♦ C K♣ D 10♥ → B")
    while not state.is_over and state.hand_number == 0:
        state = apply_action(state, legal_actions(state)[0])
    return state


def test_y3_under_anytime_the_shoot_fails_and_bd_win_the_game() -> None:
    """RULES §7.9 Y3, the same hand under `ANYTIME`: BD win Game, the shoot fails, and with
    `shoot_failed=LOSE` BD win the game."""
    state = anytime_failed(trickster_4())
    result = state.history[-1]
    assert result.points["game"] == 1 and result.made is False
    assert result.score_changes == (-4, result.points_won[1])
    assert state.is_over and state.winner == 1


def test_y3_under_anytime_with_set_back_ac_lose_4_and_play_goes_on() -> None:
    """RULES §7.9 Y3: with `SET_BACK` the hand scores AC −4, plus BD's points, and the
    game goes on."""
    state = anytime_failed(trickster_4(shoot_failed="set_back"))
    result = state.history[-1]
    assert result.made is False and result.score_changes == (-4, result.points_won[1])
    assert not state.is_over and state.hand_number == 1


def test_a_made_shoot_under_score_only_scores() -> None:
    """RULES §7.4.3: `SCORE` scores the made shoot as a made bid of T; the game goes on."""
    state = play(y3_declared(trickster_4(play_trump="when_void", shoot_made="score")), Y3_TRICKS)
    assert state.history[-1].score_changes == (4, 0) and not state.is_over


def test_a_made_shoot_under_score_wins_by_the_target_as_any_hand() -> None:
    """RULES §7.4.3: under `SCORE` the made shoot's hand ends the game as any made bid
    does: from AC 8, BD 0, its +4 takes AC to 12, past the target of 11."""
    rules = trickster_4(play_trump="when_void", shoot_made="score")
    state = play(y3_declared(rules, scores=(8, 0)), Y3_TRICKS)
    assert state.scores == (12, 0) and state.is_over and state.winner == 0


def test_all_tricks_needs_every_trick() -> None:
    """RULES §7.4.2: `ALL_TRICKS` is made by winning every trick (Y3: Anna wins all six)."""
    state = play(y3_declared(trickster_4(play_trump="when_void", shoot="all_tricks")), Y3_TRICKS)
    assert state.history[-1].made is True and state.winner == 0
    failed = anytime_failed(trickster_4(shoot="all_tricks", shoot_failed="set_back"))
    assert failed.history[-1].made is False  # Ben won trick 2


def test_a_shoot_under_difference() -> None:
    """RULES §7.8.14: under `DIFFERENCE` a made shoot scores the difference, a failed one
    gives the other side Q + T."""
    made = play(
        y3_declared(trickster_4(play_trump="when_void", settlement="difference")), Y3_TRICKS
    )
    assert made.history[-1].score_changes == (4, 0) and made.winner == 0
    failed = anytime_failed(trickster_4(settlement="difference", shoot_failed="set_back"))
    result = failed.history[-1]
    assert result.score_changes == (0, result.points_won[1] + 4)


def test_hands_limit_still_ends_the_game_at_a_shoot() -> None:
    """RULES §7.8.14: with `hands_limit`, a shoot's `WIN` still ends the game at once."""
    state = play(y3_declared(trickster_4(play_trump="when_void", hands_limit=5)), Y3_TRICKS)
    assert state.is_over and state.winner == 0


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"smudge": True}, "shoot does not combine with smudge"),
        ({"smudge": False, "pitch_instead_of_bid": True}, "shoot does not combine with pitch"),
    ],
)
def test_shoot_with_smudge_or_a_pitch_is_refused(options: dict[str, object], words: str) -> None:
    """RULES §7.4.1, §7.8.9."""
    with pytest.raises(RulesError, match=words):
        Rules.setback(shoot="all_points", **options)  # type: ignore[arg-type]


def _failed_shoot(rules: Rules, dealer: int, scores: tuple[int, ...] | None) -> GameState:
    """Seed 1's first hand: eldest shoots, the others pass, the first legal card each time."""
    state = new_game(rules, seed=1, dealer=dealer, scores=scores)
    state = apply_action(state, "shoot")
    while not state.is_over and state.hand_number == 0:
        state = apply_action(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize("dealer", [2, 0])
def test_a_lost_shoot_tied_among_the_others_goes_first_clockwise(dealer: int) -> None:
    """RULES §7.4.4, chosen: under `LOSE` the highest of the other sides wins, a tie to the
    side first clockwise from the pitcher (seat 1 after seat 0, seat 2 after seat 1)."""
    rules = Rules.cutthroat(players=3, smudge=False, shoot="all_points", target=50)
    pitcher = (dealer + 1) % 3
    changes = _failed_shoot(rules, dealer, None).history[-1].score_changes
    assert changes[pitcher] == -4
    scores = tuple(10 - change for change in changes)  # the two others end tied at 10
    state = _failed_shoot(rules, dealer, scores)
    assert state.history[-1].made is False and state.is_over
    assert state.winner == (pitcher + 1) % 3


def test_a_game_ended_by_a_shoot_says_whether_it_was_made() -> None:
    """RULES §7.4: a made shoot under `WIN` and a failed one under `LOSE` end the game at
    once, and the game's end names which (not the win rule)."""
    made = play(y3_declared(trickster_4(play_trump="when_void")), Y3_TRICKS)
    assert made.is_over and made.end_reason is EndReason.SHOOT_MADE
    failed = anytime_failed(trickster_4())
    assert failed.is_over and failed.end_reason is EndReason.SHOOT_FAILED
    assert anytime_failed(trickster_4(shoot_failed="set_back")).end_reason is None
