"""`AllPass.ELDEST_FREE` (RULES §7.8.15): Foster's "the eldest hand pitches without the
obligation of making anything". When every seat has passed, the dealer too, the hand is
not passed out: the eldest hand (the dealer's left) is the pitcher at contract 0, which
is always made; the eldest's own pass in the auction is an ordinary pass."""

from __future__ import annotations

import pytest

from setback import AllPass, IllegalActionError, Phase, Rules, new_game

from .. import reference
from ..support import S1_HANDS, act, deal, play, texts

ELDEST = Rules.setback(all_pass=AllPass.ELDEST_FREE)
ALL_PASS = "A pass, B pass, C pass, D pass"
ELDEST_TRICKS = (
    "A K♠ B A♠ C J♠ D 2♠ → B; B 3♠ C 6♠ D 7♥ A 4♠ → C; C 9♥ D 5♥ A Q♥ B 2♥ → A; "
    "A 9♦ B J♦ C A♦ D 10♦ → C; C K♣ D Q♣ A 10♣ B 8♣ → C; C 3♣ D 4♦ A 7♦ B 5♦ → C"
)
"""S1's deal played at contract 0 by Anna, the eldest: her K♠ lead makes spades trump."""


def test_the_eldests_pass_is_an_ordinary_pass() -> None:
    """RULES §7.8.15: the eldest passes first and the auction goes on to Ben; nobody is
    pitcher yet."""
    state = act(deal(ELDEST, S1_HANDS), "A pass")
    assert state.phase is Phase.BIDDING and state.to_act == 1 and state.pitcher is None


def test_the_dealers_calls_are_his_bids_and_pass() -> None:
    """RULES §7.8.15, as §7.8.11: after three passes the dealer may pass or make any bid."""
    state = act(deal(ELDEST, S1_HANDS), "A pass, B pass, C pass")
    assert texts(state) == ["pass", "bid 2", "bid 3", "bid 4", "smudge"]
    assert reference.legal_calls(ELDEST, 3, 3, state.bids, state.hands[3], None) == set(
        texts(state)
    )


def test_when_everyone_passes_the_eldest_is_pitcher_at_contract_0_and_leads() -> None:
    """RULES §7.8.15: the dealer's pass does not pass the hand out: Anna, the dealer's
    left, is the pitcher at contract 0 and leads (trump by the first lead here)."""
    state = act(deal(ELDEST, S1_HANDS), ALL_PASS)
    assert state.phase is Phase.PLAY and state.hand_number == 0
    assert (state.pitcher, state.contract, state.to_act) == (0, 0, 0)
    assert reference.auction_winner(ELDEST, 3, state.bids) == (0, 0)


def test_the_free_eldest_declares_trump_where_trump_is_declared() -> None:
    """RULES §7.8.15: with the draw, the eldest names trump first."""
    rules = Rules.setback(all_pass=AllPass.ELDEST_FREE, draw=True)
    state = act(deal(rules, S1_HANDS), ALL_PASS)
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 0 and state.contract == 0


def test_the_eldests_free_hand_is_made_and_scores_what_each_side_won() -> None:
    """RULES §7.8.15, §7.8.5: contract 0 is always made; under `EACH` the eldest's side
    scores its points as any made bid does. Spades trump (Anna's K♠ led): High A♠, Low
    2♠ and Jack J♠ go to BD (Ben took the first trick), Game to AC (32 to 8)."""
    state = play(act(deal(ELDEST, S1_HANDS), ALL_PASS), ELDEST_TRICKS)
    result = state.history[-1]
    assert (result.pitcher, result.contract, result.made) == (0, 0, True)
    assert dict(result.points) == {"high": 1, "low": 1, "jack": 1, "game": 0}
    assert result.card_points == (32, 8)
    assert result.score_changes == (1, 3) and state.scores == (1, 3)
    assert reference.score_changes(ELDEST, result) == (True, [1, 3])


def test_the_other_all_pass_rules_do_not_make_the_eldest_pitcher() -> None:
    """RULES §7.8.15: only `ELDEST_FREE` does; a redeal passes the hand out, the free
    dealer plays it himself."""
    redeal = act(deal(Rules.setback(all_pass=AllPass.REDEAL), S1_HANDS), ALL_PASS)
    assert redeal.history[-1].pitcher is None and redeal.hand_number == 1
    free = act(deal(Rules.setback(all_pass=AllPass.DEALER_FREE), S1_HANDS), ALL_PASS)
    assert free.pitcher == 3


def test_eldest_free_is_an_option_by_value_and_no_preset_has_it() -> None:
    """RULES §7.8.15: "The presets keep their all-pass rule"."""
    assert Rules.setback(all_pass="eldest_free").all_pass is AllPass.ELDEST_FREE
    assert Rules.pedro_sancho().all_pass is AllPass.DEALER_EXACTLY_MIN
    assert all(
        Rules.preset(name).all_pass is not AllPass.ELDEST_FREE
        for name in ("setback", "auction-pitch", "pedro-sancho", "dom-pedro", "cinch")
    )
    with pytest.raises(IllegalActionError):  # the stuck dealer of the preset may not pass
        act(deal(Rules.pedro_sancho(), S1_HANDS), ALL_PASS)
    assert new_game(ELDEST, seed=1).rules == ELDEST
