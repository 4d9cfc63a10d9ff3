"""Rules: the presets (the extended ones of RULES §6 included), option validation and sides
(RULES §1 to §4, §6)."""

from __future__ import annotations

from typing import Any

import pytest

from setback import (
    AllPass,
    DealerMatch,
    JokerRank,
    KeepSix,
    LowTo,
    Point,
    Rules,
    RulesError,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
)

from ..support import EXTENDED_POINTS, FIVE_POINTS, joker_pitch_rules, smear_rules, ten_point_rules


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


def test_ten_point_preset() -> None:
    """RULES §6.5: 54 cards, jick, two jokers below the jacks; deal 9 (8 with six players);
    bids 3 to 10, no dealer's match, stuck dealer bids 3; draw back; trumps only; points
    High, Low, Jack, Off-jack, Big joker, Little joker, Game, Trey (T = 10), Low to the
    holder; target 52, pitcher first."""
    rules = Rules.ten_point()
    assert rules == ten_point_rules()
    assert (rules.jokers, rules.off_jack, rules.joker_rank) == (2, True, JokerRank.BELOW_JACKS)
    assert rules.points == EXTENDED_POINTS and rules.total_points == 10
    assert (rules.deal, rules.keep_six, rules.trumps_only) == (9, KeepSix.DRAW_BACK, True)
    assert (rules.min_bid, rules.smudge, rules.dealer_match) == (3, False, DealerMatch.NONE)
    assert rules.low_to is LowTo.HOLDER
    assert (rules.target, rules.win_rule) == (52, WinRule.PITCHER_FIRST)
    assert rules.sides == ((0, 2), (1, 3))
    assert Rules.ten_point(players=6).deal == 8
    assert Rules.ten_point(players=6).sides == ((0, 3), (1, 4), (2, 5))
    assert Rules.ten_point(players=3).sides == ((0,), (1,), (2,))


def test_smear_preset() -> None:
    """RULES §6.6: 54 cards, jick, two jokers below the jacks; deal 10 (9 with six
    players); bids 2 to 10, no dealer's match; discard to six; the Ten-point points,
    Low to the holder; target 21, highest score then pitcher."""
    rules = Rules.smear()
    assert rules == smear_rules()
    assert (rules.jokers, rules.off_jack, rules.joker_rank) == (2, True, JokerRank.BELOW_JACKS)
    assert rules.points == EXTENDED_POINTS and rules.total_points == 10
    assert (rules.deal, rules.keep_six, rules.trumps_only) == (10, KeepSix.NON_TRUMPS_FIRST, False)
    assert (rules.min_bid, rules.smudge, rules.dealer_match) == (2, False, DealerMatch.NONE)
    assert rules.low_to is LowTo.HOLDER
    assert (rules.target, rules.win_rule) == (21, WinRule.HIGHEST_SCORE)
    assert rules.sides == ((0, 2), (1, 3))
    assert Rules.smear(players=6).deal == 9
    assert Rules.smear(players=5).sides == ((0,), (1,), (2,), (3,), (4,))


def test_joker_pitch_preset() -> None:
    """RULES §6.7: Bicycle's form of §2: 53 cards, one joker ranked LOWEST, points High,
    Low, Jack, Joker, Game (T = 5), bids 2 to 5, target 10, Low to the holder, pitcher
    first."""
    rules = Rules.joker_pitch()
    assert (rules.players, rules.partnerships) == (4, False)
    assert (rules.jokers, rules.off_jack, rules.joker_rank) == (1, False, JokerRank.LOWEST)
    assert rules.points == (Point.HIGH, Point.LOW, Point.JACK, Point.JOKER, Point.GAME)
    assert rules.total_points == 5 and rules.deal == 6 and not rules.trumps_only
    assert (rules.min_bid, rules.smudge, rules.target) == (2, False, 10)
    assert rules.low_to is LowTo.HOLDER and rules.win_rule is WinRule.PITCHER_FIRST
    assert joker_pitch_rules().sides == ((0,), (1,), (2,))


def test_presets_take_keyword_overrides() -> None:
    """RULES §6: the presets are option values; any option may be overridden."""
    assert Rules.smear(target=11).target == 11
    assert Rules.smear(target=11).points == EXTENDED_POINTS
    assert Rules.ten_point(target=21).keep_six is KeepSix.DRAW_BACK
    assert Rules.joker_pitch(players=3, target=7).jokers == 1


@pytest.mark.parametrize(
    ("build", "message"),
    [
        # §6.2: a point set must fit the cards
        (lambda: Rules.setback(points=FIVE_POINTS), r"(?i)off_jack"),
        (
            lambda: Rules.setback(
                jokers=1, points=(Point.HIGH, Point.LOW, Point.JACK, Point.BIG_JOKER, Point.GAME)
            ),
            r"(?i)big_joker",
        ),
        (
            lambda: Rules.setback(
                jokers=1,
                points=(Point.HIGH, Point.LOW, Point.JACK, Point.LITTLE_JOKER, Point.GAME),
            ),
            r"(?i)little_joker",
        ),
        (
            lambda: Rules.setback(
                jokers=2, points=(Point.HIGH, Point.LOW, Point.JACK, Point.JOKER, Point.GAME)
            ),
            r"(?i)\bjoker\b",
        ),
        (
            lambda: Rules.setback(
                points=(Point.HIGH, Point.LOW, Point.JACK, Point.GAME, Point.HIGH)
            ),
            "twice",
        ),
        # §6.1: jokers are 0, 1 or 2
        (lambda: Rules.setback(jokers=3), "jokers"),
        # §6.4: a deal the pack cannot serve (6 × 10 > 54, 4 × 14 > 52)
        (lambda: Rules.smear(players=6, deal=10), "deal"),
        (lambda: Rules.setback(deal=14), "deal"),
        (lambda: Rules.setback(deal=9, keep_six="draw_back"), "trumps_only"),
        (lambda: Rules.ten_point(trumps_only=False), "trumps_only"),
        # §6.5.7: trumps-only play needs trump declared before the first lead
        (lambda: Rules.setback(trumps_only=True), "trumps_only"),
        # §6.9.4: LOWEST with two jokers is refused
        (lambda: Rules.smear(joker_rank=JokerRank.LOWEST), r"(?i)lowest"),
        (lambda: Rules.setback(jokers=2, joker_rank=JokerRank.LOWEST), r"(?i)lowest"),
        # §6.3: bids run from min_bid to T
        (lambda: Rules.joker_pitch(min_bid=6), "min_bid"),
        (lambda: Rules.auction_pitch(min_bid=5), "min_bid"),
    ],
)
def test_impossible_extended_options_are_refused(build: Any, message: str) -> None:
    """RULES §6.2, §6.3, §6.4, §6.9.4: impossible combinations raise RulesError naming the
    clash."""
    with pytest.raises(RulesError, match=message):
        build()


def test_trumps_only_does_not_combine_with_no_trump_in_the_first_trick() -> None:
    """§6.5.7 and §4.3 contradict each other: refused."""
    with pytest.raises(RulesError, match="no_trump_first_trick"):
        Rules.ten_point(no_trump_first_trick=True)
