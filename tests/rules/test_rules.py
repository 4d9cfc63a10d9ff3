"""Rules: the presets (the extended ones of RULES §6 included), option validation and sides
(RULES §1 to §4, §6)."""

from __future__ import annotations

from typing import Any

import pytest

from setback import (
    CARDS,
    AllPass,
    DealerMatch,
    DrawOrder,
    JokerRank,
    KeepSix,
    LowTo,
    PlayTrump,
    Point,
    Rules,
    RulesError,
    Suit,
    TrumpBy,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
    trump_table,
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
    assert (rules.hand_size, rules.discards) == (8, 2)
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
        assert again.side_count == rules.side_count and again.pack == rules.pack
        state = new_game(again, seed=3)
        assert apply_action(state, legal_actions(state)[0]) == apply_action(
            new_game(rules, seed=3), legal_actions(state)[0]
        )
    # unpickling checks the options again, as building the value does
    forged = pickle.dumps(Rules.setback()).replace(b"min_bid", b"max_bid")
    with pytest.raises(TypeError):
        pickle.loads(forged)


def test_rules_are_plain_data_and_carry_no_engine_table() -> None:
    """Issue 21: `Rules` carries no engine table (`tests/test_imports.py` checks that
    `rules.py` imports no engine module)."""
    for internal in ("follow_tables", "call_table", "award_plan"):
        assert not hasattr(Rules.setback(), internal)


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


# --- RULES §7.3 and §7.6: Trickster's games and Pedro Sancho ------------------------------

TRICKSTER = {
    # points: (target, min_bid, deal, jokers, off_jack, off_ace, off_three, points)
    4: (11, 2, 6, 0, False, False, False, "high low jack game"),
    5: (11, 2, 6, 0, True, False, False, "high low jack off_jack game"),
    6: (11, 3, 6, 1, True, False, False, "high low jack off_jack joker game"),
    7: (21, 3, 9, 2, True, False, False, "high low jack off_jack big_joker little_joker ten"),
    10: (32, 5, 9, 2, True, False, False, "high low jack off_jack big_joker little_joker ten trey"),
    11: (
        52,
        5,
        9,
        2,
        True,
        True,
        False,
        "high low jack off_jack big_joker little_joker ten trey off_ace",
    ),
    13: (
        52,
        6,
        9,
        2,
        True,
        False,
        True,
        "high low jack off_jack big_joker little_joker ten trey off_three",
    ),
}


@pytest.mark.parametrize("points", sorted(TRICKSTER))
def test_trickster_games_are_their_table_row(points: int) -> None:
    """RULES §7.3 (the table, rules 3 to 10): each game's pack, deal, points, bids,
    target, and what all share: trump declared and led by the pitcher, no Smudge, no
    dealer's match, a redeal when all pass, Low to the holder, pitcher first."""
    target, low, deal, jokers, off_jack, off_ace, off_three, names = TRICKSTER[points]
    rules = Rules.trickster(points)
    assert rules == Rules.preset(f"trickster-{points}")
    assert (rules.players, rules.partnerships, rules.side_count) == (4, True, 2)
    assert (rules.target, rules.min_bid, rules.max_bid, rules.deal) == (target, low, points, deal)
    assert (rules.jokers, rules.off_jack, rules.off_ace, rules.off_three) == (
        jokers,
        off_jack,
        off_ace,
        off_three,
    )
    assert " ".join(point.value for point in rules.points) == names
    assert rules.total_points == points
    assert len(rules.pack) == 52 + jokers
    assert (rules.trump_by, rules.pitcher_leads_trump) == (TrumpBy.DECLARE, True)
    assert not rules.smudge and rules.dealer_match is DealerMatch.NONE
    assert rules.all_pass is AllPass.REDEAL and rules.low_to is LowTo.HOLDER
    assert rules.win_rule is WinRule.PITCHER_FIRST
    big = points >= 7
    assert rules.play_trump is (PlayTrump.ONLY if big else PlayTrump.ANYTIME)
    assert rules.keep_six is (KeepSix.DRAW_BACK if big else KeepSix.FREE_DISCARD)
    assert rules.draw_order is (DrawOrder.PITCHER_LEFT if big else DrawOrder.ELDEST)
    if not big:
        assert rules.joker_rank is JokerRank.BELOW_JACKS


def test_trickster_seat_counts_and_refusals() -> None:
    """RULES §7.3.1: 2 to 4 players in the 4- to 6-point games (4 as partners unless told
    otherwise), 4 or 6 (three sides of two) in the 7- to 13-point games (the 9-point game:
    tests/rules/test_discard_and_draw.py) or 5 with call your partner in 7, 10, 11 and 13
    (tests/rules/test_call_partner.py); other point counts are no Trickster game."""
    assert Rules.trickster(4, players=3).partnerships is False
    assert Rules.trickster(6, players=2).side_count == 2
    assert Rules.trickster(4, partnerships=False).side_count == 4
    assert Rules.trickster(10, players=6).sides == ((0, 3), (1, 4), (2, 5))
    assert Rules.trickster(13, players=6).deal == 9
    for points in (0, 3, 8, 12, 14):
        with pytest.raises(RulesError, match=r"Rules\.trickster is for 4, 5, 6, 7, 9, 10, 11, 13"):
            Rules.trickster(points)
    with pytest.raises(RulesError, match=r"trickster\(10\) is for 4 or 5 or 6 players, not 3"):
        Rules.trickster(10, players=3)
    with pytest.raises(RulesError, match=r"trickster\(9\) is for 4 players, not 5"):
        Rules.trickster(9, players=5)
    with pytest.raises(RulesError, match=r"trickster\(4\) is for 2 or 3 or 4 players, not 5"):
        Rules.trickster(4, players=5)
    with pytest.raises(TypeError):
        Rules.trickster("10")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="no preset 'trickster-8'"):
        Rules.preset("trickster-8")


def test_trickster_13_plays_rules_y2() -> None:
    """RULES §7.9 Y2 with the preset itself: the legal face-up discards after the draw
    back from the pitcher's left, the six tricks and the score."""
    deck = (
        "AS 7S AH KS QS BJ 2S 5S QH JC 10S AC KH QD 9C 3C 9S AD JH 8D 4C KD 9H 5C 5H 7D 2C KC "
        "10H 6D 6H 2D 10C JD 3H 8C 3S 8H 10D QC 8S 6S 7H 9D LJ 5D 7C 4H JS 4S 2H 4D 3D 6C"
    )
    state = new_game(Rules.trickster(13), deck=deck, dealer=3)
    for call in ("pass", "bid 8", "pass", "pass", "trump S"):
        state = apply_action(state, call)
    assert [str(a) for a in legal_actions(state)] == [
        "discard 4S",
        "discard 9S",
        "discard QS",
        "discard KS",
    ]
    state = apply_action(state, "discard 4S")
    for card in [
        "KS",
        "3S",
        "6S",
        "AS",
        "7S",
        "QS",
        "5S",
        "8S",
        "JS",
        "2S",
        "10S",
        "LJ",
        "9S",
        "JC",
        "BJ",
        "3C",
    ]:
        state = apply_action(state, f"play {card}")
    result = state.history[-1]
    assert [trick.winner for trick in result.tricks] == [0, 1, 1, 3, 1, 1]
    assert result.made and result.score_changes == (5, 8) and state.scores == (5, 8)


def test_pedro_sancho_is_auction_pitch_with_pedro_and_sancho() -> None:
    """RULES §7.6.1: Auction Pitch's table (2 to 8 each for himself, the first lead sets
    trump, follow or trump, the dealer may match), six points to the capturer worth 18,
    bids 1 to 18 and a stuck dealer bidding 1, pitcher first to 50."""
    rules = Rules.pedro_sancho()
    assert rules == Rules.preset("pedro-sancho")
    assert [point.value for point in rules.points] == ["high", "low", "jack", "ten", "five", "nine"]
    assert (rules.total_points, rules.min_bid, rules.max_bid, rules.target) == (18, 1, 18, 50)
    assert (rules.partnerships, rules.smudge, rules.low_to) == (False, False, LowTo.CAPTURER)
    assert (rules.trump_by, rules.play_trump) == (TrumpBy.LEAD, PlayTrump.ANYTIME)
    assert rules.dealer_match is DealerMatch.ANY and rules.win_rule is WinRule.PITCHER_FIRST
    assert rules.all_pass is AllPass.DEALER_EXACTLY_MIN
    assert Rules.pedro_sancho(players=8).players == 8


def test_pedro_sancho_worked_hand() -> None:
    """A hand worked by hand (docs/rules/pedro-sancho.md): P1 must follow the trump lead and
    gives Pedro to P0's ace; P0 leads Sancho and P1's king takes it with the Jack and the
    Ten. P0 takes High, Low (the 2♥ he captured) and Five, 7, and makes his 5; P1 takes
    Jack, Ten and Nine, 11."""
    hands = [
        "A♥ 9♥ 5♣ K♠ 7♦ 3♣",
        "K♥ 5♥ 10♣ 4♠ 8♦ 2♣",
        "10♥ 2♥ Q♣ J♠ 6♦ 9♣",
        "J♥ 3♥ A♣ 8♠ 9♦ 4♣",
    ]
    state = new_game(Rules.pedro_sancho(), hands=hands, dealer=3)
    for call in ("bid 5", "pass", "pass", "pass"):
        state = apply_action(state, call)
    assert [str(a) for a in legal_actions(apply_action(state, "play AH"))] == [
        "play 5H",
        "play KH",
    ]
    tricks = "AH 5H 2H 3H 9H KH 10H JH 10C QC AC 3C 8S KS 4S JS 7D 8D 6D 9D 4C 5C 2C 9C"
    for card in tricks.split():
        state = apply_action(state, f"play {card}")
    result = state.history[-1]
    assert [trick.winner for trick in result.tricks] == [0, 1, 3, 0, 3, 2]
    assert dict(result.points) == {
        "high": 0,
        "low": 0,
        "jack": 1,
        "ten": 1,
        "five": 0,
        "nine": 1,
    }
    assert result.made and result.score_changes == (7, 11, 0, 0)


def test_dom_pedro_is_pedro_sancho_with_the_snoozer_and_the_trey() -> None:
    """RULES §7.6.2: Pedro Sancho plus one joker (53 cards) ranked LOWEST; points High, Low,
    Jack, Ten, Trey, Five, Nine, Snoozer (T = 36) to the capturer; bids 1 to 36; target 50."""
    rules = Rules.dom_pedro()
    assert rules == Rules.preset("dom-pedro")
    assert [point.value for point in rules.points] == [
        "high",
        "low",
        "jack",
        "ten",
        "trey",
        "five",
        "nine",
        "snoozer",
    ]
    assert (rules.total_points, rules.min_bid, rules.max_bid, rules.target) == (36, 1, 36, 50)
    assert (rules.jokers, rules.joker_rank, len(rules.pack)) == (1, JokerRank.LOWEST, 53)
    assert (rules.partnerships, rules.smudge, rules.low_to) == (False, False, LowTo.CAPTURER)
    assert (rules.trump_by, rules.play_trump) == (TrumpBy.LEAD, PlayTrump.ANYTIME)
    assert rules.dealer_match is DealerMatch.ANY and rules.win_rule is WinRule.PITCHER_FIRST
    assert rules.all_pass is AllPass.DEALER_EXACTLY_MIN
    assert Rules.dom_pedro(players=8).players == 8
    order = trump_table(Suit.HEARTS, rules).order
    assert str(CARDS[order[-2]]) == "2H" and str(CARDS[order[-1]]) == "JK"


def test_dom_pedro_bids_run_to_36_and_a_call_above_them_to_37() -> None:
    """RULES §6.3 with §7.6.2: bids 1 to 36 (above the 20 the calls stopped at before); a
    shoot, or a Smudge where it is on, is T + 1 = 37; an all-pass dealer must bid 1."""
    state = new_game(Rules.dom_pedro(), seed=1, dealer=3)
    calls = [str(action) for action in legal_actions(state)]
    assert calls == ["pass", *(f"bid {level}" for level in range(1, 37))]
    state = apply_action(state, "bid 36")
    assert [str(action) for action in legal_actions(state)] == ["pass"]
    for options, top in (({"shoot": "all_points"}, "shoot"), ({"smudge": True}, "smudge")):
        rules = Rules.dom_pedro(**options)
        assert rules.max_bid == rules.smudge_level == 37
        state = apply_action(new_game(rules, seed=1, dealer=3), top)
        for _ in range(3):
            state = apply_action(state, "pass")
        assert (state.pitcher, state.contract) == (0, 37)
    state = new_game(Rules.dom_pedro(), seed=1, dealer=3)
    for _ in range(3):
        state = apply_action(state, "pass")
    assert [str(action) for action in legal_actions(state)] == ["bid 1"]


DOM_PEDRO_HANDS = [
    "A♥ 9♥ 5♥ A♣ 7♠ 4♦",
    "JK 7♥ Q♣ 8♣ 6♦ 10♠",
    "2♥ 4♥ 9♠ 5♠ 8♦ 3♣",
    "J♥ 6♥ 3♥ K♦ Q♦ K♣",
]
DOM_PEDRO_TRICKS = "AH 7H 4H 6H 4D 6D 8D KD QD 7S JK 2H 5S KC 5H 10S AC QC 3C 3H JH 9H 8C 9S"


def _dom_pedro_hand(upto: int) -> Any:
    state = new_game(Rules.dom_pedro(), hands=DOM_PEDRO_HANDS, dealer=3)
    for call in ("bid 6", "pass", "pass", "pass"):
        state = apply_action(state, call)
    for card in DOM_PEDRO_TRICKS.split()[:upto]:
        state = apply_action(state, f"play {card}")
    return state


def test_dom_pedro_worked_hand() -> None:
    """A hand worked by hand (docs/rules/dom-pedro.md): P1 must follow the trump lead with
    7♥ or the joker; in trick 3 his Snoozer beats the plain Q♦ and 7♠ but P2's deuce of
    trumps captures it. P0 takes High and Five, 6, his bid; P2 Low and the Snoozer, 16; P3
    Jack, Trey and Nine, 13. The 10♥ is not dealt: the Ten scores for nobody."""
    assert [str(a) for a in legal_actions(_dom_pedro_hand(1))] == ["play 7H", "play JK"]
    state = _dom_pedro_hand(24)
    result = state.history[-1]
    assert [trick.winner for trick in result.tricks] == [0, 3, 2, 0, 3, 3]
    assert dict(result.points) == {
        "high": 0,
        "low": 2,
        "jack": 3,
        "ten": None,
        "trey": 3,
        "five": 0,
        "nine": 3,
        "snoozer": 2,
    }
    assert result.made and result.score_changes == (6, 0, 16, 13) and state.scores == (6, 0, 16, 13)


def test_dom_pedros_joker_wins_a_plain_suit_trick_but_loses_to_the_deuce() -> None:
    """RULES §7.6.2, Foster: "the deuce of trumps will win it, but it will win any trick in
    plain suits". Trick 3 of the worked hand: with P2's 2♥ the deuce wins; had P2 thrown
    9♠, P1's joker would have won the diamond trick."""
    state = _dom_pedro_hand(11)  # trick 3: Q♦ 7♠ JK played
    assert "play 2H" in [str(a) for a in legal_actions(state)]
    assert apply_action(state, "play 2H").tricks[-1].winner == 2
    assert apply_action(state, "play 9S").tricks[-1].winner == 1


def test_dom_pedros_joker_led_first_makes_spades_trump_and_is_never_low() -> None:
    """RULES §7.6.2 with §6.1.5 and §6.2: a joker led first makes ♠ trump; the joker is
    the lowest trump but never Low: Low is the lowest spade in play, P2's 4♠, which P3's
    K♠ captures."""
    hands = [
        "JK 2C 3C 4C 5C 6C",
        "7C 8C 9C 10C JC QC",
        "4♠ KC AC 2D 3D 5D",
        "K♠ 6D 7D 8D 9D 10D",
    ]
    state = new_game(Rules.dom_pedro(), hands=hands, dealer=3)
    for call in ("bid 1", "pass", "pass", "pass"):
        state = apply_action(state, call)
    state = apply_action(state, "play JK")
    assert state.trump is Suit.SPADES
    for card in ("7C", "4S", "KS"):
        state = apply_action(state, f"play {card}")
    assert state.tricks[-1].winner == 3
    while not state.history:
        state = apply_action(state, legal_actions(state)[0])
    points = dict(state.history[-1].points)
    assert (points["high"], points["low"], points["snoozer"]) == (3, 3, 3)


def test_the_smudge_and_the_shoot_are_the_contract_above_every_bid_where_the_rules_have_one() -> (
    None
):
    """RULES §1, §6.3 and §7.4: the Smudge and the shoot are each the contract T + 1
    (`smudge_level`); `smudge_contract` and `shoot_contract` name it where the rules have
    the call, and nothing where they do not (scoring, the words and the records ask them)."""
    german = Rules.setback()
    assert (german.smudge_contract, german.shoot_contract) == (5, None)
    assert (Rules.auction_pitch().smudge_contract, Rules.auction_pitch().shoot_contract) == (
        None,
        None,
    )
    shoot = Rules.setback(smudge=False, shoot="all_points")
    assert (shoot.smudge_contract, shoot.shoot_contract) == (None, 5)
    ten = Rules.ten_point(shoot="all_tricks")
    assert (ten.smudge_contract, ten.shoot_contract) == (None, 11)
