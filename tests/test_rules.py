"""Rules: the preset, option validation and sides (RULES §1 and §3)."""

from __future__ import annotations

from typing import Any

import pytest

from setback import AllPass, DealerMatch, LowTo, Rules, RulesError, WinRule


def test_german_preset_defaults() -> None:
    """RULES §1: four players in two partnerships, Smudge, dealer match any, stuck dealer
    bids exactly 2, Low to the capturer, bid-out to 21."""
    rules = Rules.setback()
    assert rules == Rules()
    assert (rules.players, rules.partnerships, rules.target, rules.min_bid) == (4, True, 21, 2)
    assert rules.smudge and rules.max_bid == 5 and rules.hand_size == 6
    assert rules.dealer_match is DealerMatch.ANY
    assert rules.all_pass is AllPass.DEALER_EXACTLY_MIN
    assert rules.low_to is LowTo.CAPTURER and rules.win_rule is WinRule.BID_OUT
    assert rules.sides == ((0, 2), (1, 3))
    assert [rules.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_cutthroat_sides_are_seats() -> None:
    rules = Rules.setback(players=5, partnerships=False)
    assert rules.sides == ((0,), (1,), (2,), (3,), (4,))
    assert rules.side_of(4) == 4


def test_options_accept_their_text_values() -> None:
    rules = Rules.setback(dealer_match="below_max", low_to="HOLDER")
    assert rules.dealer_match is DealerMatch.BELOW_MAX and rules.low_to is LowTo.HOLDER


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"players": 1}, "players must be from 2 to 8"),
        ({"players": 9, "partnerships": False}, "players must be from 2 to 8"),
        ({"players": 3}, "partnerships need 4 players"),
        ({"players": 6}, "partnerships need 4 players"),
        ({"target": 0}, "target must be at least 1"),
        ({"min_bid": 0}, "min_bid must be from 1 to 4"),
        ({"min_bid": 5}, "min_bid must be from 1 to 4"),
        ({"min_bid": "2"}, "min_bid must be a whole number"),
        ({"smudge": 1}, "smudge must be True or False"),
        ({"dealer_match": "sometimes"}, "DealerMatch must be one of"),
        ({"all_pass": None}, "AllPass must be one of"),
        ({"low_to": 3}, "LowTo must be one of"),
        ({"win_rule": "first"}, "WinRule must be one of"),
        ({"trumps": 2}, "no such option: trumps"),
    ],
)
def test_impossible_options_are_refused(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.setback(**overrides)


def test_rules_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Rules.setback(target=-1)


def test_side_of_unknown_seat() -> None:
    with pytest.raises(RulesError, match="no seat 4"):
        Rules.setback().side_of(4)
