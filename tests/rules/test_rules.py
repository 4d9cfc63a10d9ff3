"""Rules: the presets, option validation and sides (RULES §1 to §4)."""

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
    assert not (rules.draw or rules.pitch_instead_of_bid or rules.no_trump_first_trick)
    assert not rules.declares_trump and rules.discards == 0
    assert rules.sides == ((0, 2), (1, 3))
    assert [rules.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_auction_pitch_preset() -> None:
    """RULES §2 and §3: cutthroat, bids 2-4 without Smudge, dealer match any, Low to the
    holder, target 7, pitcher first."""
    rules = Rules.auction_pitch()
    assert (rules.players, rules.partnerships, rules.target, rules.smudge) == (4, False, 7, False)
    assert rules.min_bid == 2 and rules.max_bid == 4
    assert rules.dealer_match is DealerMatch.ANY
    assert rules.all_pass is AllPass.DEALER_EXACTLY_MIN
    assert rules.low_to is LowTo.HOLDER and rules.win_rule is WinRule.PITCHER_FIRST
    assert Rules.auction_pitch(players=3).sides == ((0,), (1,), (2,))


def test_six_player_preset() -> None:
    """RULES §4.4: three sides of two (seats i and i+3), 8 cards, discard 2, trump declared."""
    rules = Rules.six_player()
    assert rules == Rules.setback(players=6)
    assert rules.sides == ((0, 3), (1, 4), (2, 5))
    assert (rules.hand_size, rules.discards, rules.tricks_per_hand) == (8, 2, 6)
    assert rules.declares_trump and rules.must_lead_trump


def test_cutthroat_preset() -> None:
    """RULES §4.6: the German rules, each for himself."""
    rules = Rules.cutthroat(players=5)
    assert rules.sides == ((0,), (1,), (2,), (3,), (4,)) and rules.side_of(4) == 4
    assert rules.smudge and rules.win_rule is WinRule.BID_OUT
    assert rules.low_to is LowTo.CAPTURER and rules.dealer_match is DealerMatch.ANY


def test_variant_flags() -> None:
    assert Rules.setback(draw=True).must_lead_trump
    assert Rules.setback(draw=True).declares_trump
    ntf = Rules.setback(no_trump_first_trick=True)
    assert ntf.declares_trump and not ntf.must_lead_trump
    assert not Rules.setback(draw=True, no_trump_first_trick=True).must_lead_trump
    assert not Rules.setback(pitch_instead_of_bid=True).declares_trump


def test_options_accept_their_text_values() -> None:
    rules = Rules.setback(dealer_match="below_max", low_to="HOLDER")
    assert rules.dealer_match is DealerMatch.BELOW_MAX and rules.low_to is LowTo.HOLDER


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Rules(players=1, partnerships=False), "players must be at least 2"),
        (lambda: Rules.cutthroat(players=9), "players must be from 2 to 8"),
        (lambda: Rules(players=3), "partnerships need 4 or 6 players"),
        (lambda: Rules(players=8), "partnerships need 4 or 6 players"),
        (lambda: Rules.setback(players=3), r"use Rules.cutthroat\(players=3\)"),
        (lambda: Rules.setback(players=5), r"use Rules.cutthroat\(players=5\)"),
        (lambda: Rules.setback(target=0), "target must be at least 1"),
        (lambda: Rules.setback(min_bid=0), "min_bid must be at least 1"),
        # bids run from min_bid to T, the points a hand awards (4 here; RULES §6.3)
        (lambda: Rules.setback(min_bid=5), "min_bid 5 is above the 4 points a hand awards"),
        (lambda: Rules.setback(dealer_match="sometimes"), "DealerMatch must be one of"),
        (lambda: Rules.setback(all_pass=None), "AllPass must be one of"),
        (lambda: Rules.setback(low_to=3), "LowTo must be one of"),
        (lambda: Rules.setback(win_rule="first"), "WinRule must be one of"),
        (lambda: Rules.setback(trumps=2), "no such option: trumps"),
        # pitch instead of bid needs trump set by the first card (RULES §4.2)
        (lambda: Rules.setback(pitch_instead_of_bid=True, draw=True), "does not combine"),
        (
            lambda: Rules.setback(pitch_instead_of_bid=True, no_trump_first_trick=True),
            "does not combine",
        ),
        (lambda: Rules.six_player(pitch_instead_of_bid=True), "does not combine"),
        # six players are dealt 8 and already discard two (RULES §4.4, §6.4)
        (lambda: Rules.six_player(draw=True), "draw does not combine with a deal of 8"),
    ],
)
def test_impossible_options_are_refused(build: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        build()


def test_rules_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Rules.setback(target=-1)


def test_side_of_unknown_seat() -> None:
    with pytest.raises(RulesError, match="no seat 4"):
        Rules.setback().side_of(4)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Rules.setback(min_bid="2"), "min_bid must be a whole number"),
        (lambda: Rules.setback(smudge=1), "smudge must be True or False"),
        (lambda: Rules.setback(draw="yes"), "draw must be True or False"),
    ],
)
def test_options_of_the_wrong_kind_are_type_errors(build: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        build()


def test_rules_pickle_as_their_options_and_are_built_again() -> None:
    import pickle

    from setback import apply_action, legal_actions, new_game

    for rules in (Rules.setback(), Rules.smear(), Rules.ten_point(), Rules.joker_pitch()):
        data = pickle.dumps(rules)
        assert len(data) < 1500  # the options, not the derived tables (several KB)
        again = pickle.loads(data)
        assert again == rules and hash(again) == hash(rules)
        assert again.follow_tables == rules.follow_tables
        assert again.award_plan == rules.award_plan
        state = new_game(again, seed=3)
        assert apply_action(state, legal_actions(state)[0]) == apply_action(
            new_game(rules, seed=3), legal_actions(state)[0]
        )
    # unpickling checks the options again, as building the value does
    forged = pickle.dumps(Rules.setback()).replace(b"min_bid", b"max_bid")
    with pytest.raises(TypeError):
        pickle.loads(forged)


def test_a_table_that_fails_to_build_is_an_error_not_trumps_only_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import setback.following

    def broken(_table: Any) -> Any:
        raise TypeError("a bug in the table of following")

    monkeypatch.setattr(setback.following, "follow_table", broken)
    with pytest.raises(RuntimeError, match="could not build the tables"):
        Rules.setback(min_bid=3)
