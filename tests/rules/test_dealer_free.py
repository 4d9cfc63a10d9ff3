"""`AllPass.DEALER_FREE` (RULES §7.5.3, §7.8.5, §7.8.11): when every other seat has passed,
the dealer may bid or pass, and his pass does not pass the hand out: he is the pitcher at
contract 0, which is always made."""

from __future__ import annotations

import pytest

from setback import (
    AllPass,
    IllegalActionError,
    Phase,
    Rules,
    apply_action,
    new_game,
)

from .. import reference
from ..support import FREE, FREE_TRICKS, S1_HANDS, act, deal, play, texts


def test_the_dealers_calls_are_his_bids_and_pass() -> None:
    """RULES §7.8.11: after three passes the dealer may pass or make any bid."""
    state = act(deal(FREE, S1_HANDS), "A pass, B pass, C pass")
    assert texts(state) == ["pass", "bid 2", "bid 3", "bid 4", "smudge"]
    assert reference.legal_calls(FREE, 3, 3, state.bids, state.hands[3], None) == set(texts(state))


def test_the_dealers_pass_makes_him_pitcher_at_contract_0() -> None:
    """RULES §7.8.11: the dealer's pass does not pass the hand out; he leads (trump by the
    first lead here)."""
    state = act(deal(FREE, S1_HANDS), "A pass, B pass, C pass, D pass")
    assert state.phase is Phase.PLAY and state.hand_number == 0
    assert (state.pitcher, state.contract, state.to_act) == (3, 0, 3)


def test_the_free_dealer_declares_trump_where_trump_is_declared() -> None:
    """RULES §7.5.3: the dealer 'may name the trump suit' (here the draw declares it)."""
    state = act(
        deal(Rules.setback(all_pass="dealer_free", draw=True), S1_HANDS),
        "A pass, B pass, C pass, D pass",
    )
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 3 and state.contract == 0


def test_a_free_hand_is_made_and_scores_what_each_side_won() -> None:
    """RULES §7.8.5: contract 0 is always made; under `EACH` the dealer's side scores its
    points as any made bid does. Clubs trump (Dan's Q♣ led): High K♣ to AC, Low 3♣ to BD
    (Dan captured it in trick 1), no jack in play, Game tied 20-20."""
    state = play(act(deal(FREE, S1_HANDS), "A pass, B pass, C pass, D pass"), FREE_TRICKS)
    result = state.history[-1]
    assert (result.pitcher, result.contract, result.made) == (3, 0, True)
    assert dict(result.points) == {"high": 0, "low": 1, "jack": None, "game": None}
    assert result.score_changes == (1, 1) and state.scores == (1, 1)


def test_a_free_hand_with_no_point_is_made_and_scores_0() -> None:
    """RULES §7.5.3: the dealer 'is not obligated to take a minimum number of points': a
    free hand that wins nothing is made (never set) and changes nothing."""
    hands = (
        "A: A♥ K♥ Q♥ J♥ 10♥ 9♥; B: 8♠ 7♠ 6♠ 5♠ 4♠ 3♠; C: A♣ K♣ Q♣ J♣ 10♣ 9♣; D: 2♣ 3♦ 4♦ 5♦ 6♦ 7♦"
    )
    state = act(deal(FREE, hands), "A pass, B pass, C pass, D pass")
    tricks = (
        "D 2♣ A 9♥ B 3♠ C A♣ → C; C K♣ D 3♦ A 10♥ B 4♠ → C; C Q♣ D 4♦ A J♥ B 5♠ → C; "
        "C J♣ D 5♦ A Q♥ B 6♠ → C; C 10♣ D 6♦ A K♥ B 7♠ → C; C 9♣ D 7♦ A A♥ B 8♠ → C"
    )
    result = play(state, tricks).history[-1]
    assert (result.pitcher, result.contract, result.made) == (3, 0, True)
    assert result.score_changes == (4, 0)


def test_the_other_all_pass_rules_still_pass_the_hand_out() -> None:
    """RULES §3: under `REDEAL` the same four passes pass the hand out."""
    state = act(deal(Rules.setback(all_pass="redeal"), S1_HANDS), "A pass, B pass, C pass, D pass")
    assert state.history[-1].pitcher is None and state.hand_number == 1


def test_the_stuck_dealer_still_may_not_pass() -> None:
    """RULES §1.3: the default stuck dealer is unchanged."""
    state = act(deal(Rules.setback(), S1_HANDS), "A pass, B pass, C pass")
    with pytest.raises(IllegalActionError, match="dealer must bid"):
        apply_action(state, "pass")
    assert new_game(FREE, seed=1).rules.all_pass is AllPass.DEALER_FREE
