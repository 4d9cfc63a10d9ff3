"""Cinch (RULES §7.5): the preset, the discard and rob (`KeepSix.ROB_THE_PACK`, §7.8.7,
§7.8.8, §7.8.14) and the worked hand Y1 (§7.9) as an exact test."""

from __future__ import annotations

import pytest

from setback import (
    AllPass,
    DealerMatch,
    Discard,
    IllegalActionError,
    KeepSix,
    LowTo,
    PlayTrump,
    Rules,
    RulesError,
    Settlement,
    TrumpBy,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
    observe,
)
from tests.support import Y1_DECK, y1_declared, y1_played
from tests.support import card_set as cards_in

from ..support import cinch_short_stock

Y1_TRICKS = [
    "AH 8H 3H 4H",
    "KH 2H 10H 6H",
    "3C 5H AC QH",
    "JS 7S KS AS",
    "9H 7H JH 9C",
    "5D QD 6D 2D",
]


def test_cinch_is_the_preset_of_rules_7_5() -> None:
    """RULES §7.5: four partners, 52 cards, deal 9, bids 1 to 14 with no dealer's match and
    the dealer free when all pass, trump declared and any lead, follow or trump, the left
    pedro a trump, six points to the capturer worth 14, the difference, first to 51."""
    rules = Rules.cinch()
    assert rules == Rules.preset("cinch")
    assert (rules.players, rules.partnerships, len(rules.pack), rules.deal) == (4, True, 52, 9)
    assert rules.keep_six is KeepSix.ROB_THE_PACK and rules.robs_the_pack
    assert (rules.min_bid, rules.max_bid, rules.smudge) == (1, 14, False)
    assert rules.dealer_match is DealerMatch.NONE and rules.all_pass is AllPass.DEALER_FREE
    assert (rules.trump_by, rules.pitcher_leads_trump) == (TrumpBy.DECLARE, False)
    assert rules.play_trump is PlayTrump.ANYTIME and rules.off_five
    assert [point.value for point in rules.points] == [
        "high",
        "low",
        "jack",
        "ten",
        "five",
        "off_five",
    ]
    assert rules.low_to is LowTo.CAPTURER and rules.settlement is Settlement.DIFFERENCE
    assert (rules.target, rules.win_rule) == (51, WinRule.HIGHEST_SCORE)
    assert rules.discard_count == 0


def test_rob_the_pack_does_not_make_the_pitcher_lead_trump() -> None:
    """RULES §7.8.14: left unset, `pitcher_leads_trump` is true with the free discard, the
    discard to six and the draw back, not with the rob."""
    assert not Rules(deal=9, keep_six=KeepSix.ROB_THE_PACK, smudge=False).pitcher_leads_trump
    assert Rules(deal=9, keep_six=KeepSix.NON_TRUMPS_FIRST).pitcher_leads_trump


def test_cinch_refuses_other_seat_counts() -> None:
    """RULES §7.5.1, §7.8.9: the difference needs two sides (cut-throat Cinch is not
    covered)."""
    with pytest.raises(RulesError, match="DIFFERENCE needs exactly two sides"):
        Rules.cinch(partnerships=False)


def test_y1_non_dealers_discard_face_up_and_are_refilled() -> None:
    """RULES §7.9 Y1: Anna, Ben and Carla discard every non-trump face up and the dealer
    gives them cards from the stock's front back to six, forced steps; then Dan robs the
    pack (adds the other 8 cards) and has the choice of 2 of his 13 non-trumps (78)."""
    state = y1_declared()
    assert [set(cards) for cards in state.face_up_discards] == [
        cards_in("KC 8S 4D 10D 2C"),
        cards_in("AD 9S 3S 7C JD 4C"),
        cards_in("QS 5S 8D 6C QC 4S"),
        set(),
    ]
    hands = [set(hand) for hand in state.hands]
    assert hands[0] == cards_in("AH KH JH 5D 7S 3C")
    assert hands[1] == cards_in("5H 2H 8H KS QD 9C")
    assert hands[2] == cards_in("10H 9H 3H AS AC 6D")
    assert hands[3] == cards_in("QH 7H 6H 4H JS 2D 10S 3D 8C 6S 2S KD 9D 7D JC 10C 5C")
    assert state.stock == ()
    assert state.to_act == 3 and len(legal_actions(state)) == 78
    assert all(len(action.cards) == 11 for action in legal_actions(state))  # type: ignore[attr-defined]
    assert all(not set(action.cards) & cards_in("QH 7H 6H 4H") for action in legal_actions(state))  # type: ignore[attr-defined]


def test_y1_the_dealer_discards_eleven_face_down() -> None:
    """RULES §7.9 Y1: Dan keeps J♠ 2♦ with his four trumps; his 11 non-trumps are face down,
    seen only by him."""
    state = y1_declared()
    thrown = "10S 3D 8C 6S 2S KD 9D 7D JC 10C 5C"
    state = apply_action(state, "discard " + thrown)
    assert set(state.hands[3]) == cards_in("QH 7H 6H 4H JS 2D")
    assert set(state.discards[3]) == cards_in(thrown)
    assert state.face_up_discards[3] == ()
    assert observe(state, 0).discards == () and set(observe(state, 3).discards) == cards_in(thrown)
    assert state.to_act == 0 and state.phase.name == "PLAY"
    assert len(legal_actions(state)) == 6  # the pitcher leads any card


def test_y1_tricks_points_and_score() -> None:
    """RULES §7.9 Y1: every trick's winner, who takes each point (High, Low, Jack and Ten to
    AC, Five to BD, Off-five to AC: 9 to 5) and AC +4, BD 0 (the difference)."""
    state = y1_played()
    result = state.history[-1]
    assert [trick.winner for trick in result.tricks] == [0, 0, 3, 2, 0, 0]
    assert [" ".join(str(card) for _, card in trick.plays) for trick in result.tricks] == Y1_TRICKS
    assert result.awards == (
        ("high", 0),
        ("low", 0),
        ("jack", 0),
        ("ten", 0),
        ("five", 1),
        ("off_five", 0),
    )
    assert result.points_won == (9, 5)
    assert result.made and result.contract == 9
    assert result.score_changes == (4, 0) and state.scores == (4, 0)


def test_y1_trumping_while_able_to_follow() -> None:
    """RULES §7.9 Y1 trick 3: Ben holds 9♣ but may trump with 5♥ (ANYTIME)."""
    state = y1_played(upto=9)
    assert state.to_act == 1
    assert {str(a) for a in legal_actions(state)} >= {"play 9C", "play 5H"}


def test_y1_bid_ten_is_set_for_fifteen() -> None:
    """RULES §7.9 Y1: had Anna bid 10, BD score 5 + 10 = 15 and AC nothing."""
    state = y1_played(bid=10)
    result = state.history[-1]
    assert not result.made and result.score_changes == (0, 15)


def test_y1_under_each() -> None:
    """RULES §7.9 Y1: under `Settlement.EACH` AC +9, BD +5."""
    state = y1_played(rules=Rules.cinch(settlement=Settlement.EACH))
    assert state.history[-1].score_changes == (9, 5)


def test_y1_deck_deals_the_hands() -> None:
    """RULES §7.9 Y1's deck, dealt in packets of three from Anna."""
    state = new_game(Rules.cinch(), deck=Y1_DECK, dealer=3)
    assert set(state.hands[0]) == cards_in("AH KH JH 5D KC 8S 4D 10D 2C")
    assert [str(card) for card in state.stock][:2] == ["7S", "3C"]


def test_seven_trumps_discard_non_point_trumps_face_up() -> None:
    """RULES §7.5.5, §7.8.14: a non-dealer with seven trumps or more keeps six and discards
    the rest face up, trumps that are no point card, in one action with his non-trumps."""
    hands = [
        "AH KH QH JH 10H 9H 8H 2C 3C",  # seven trumps under hearts: must throw one of K Q 9 8
        "4C 5C 6C 7C 8C 9C 10C JC QC",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S",
        "JS QS KS AS 2D 3D 4D 6D 7D",
    ]
    state = new_game(Rules.cinch(), hands=hands, dealer=3, seed=1)
    for call in ("bid 5", "pass", "pass", "pass", "trump H"):
        state = apply_action(state, call)
    assert state.to_act == 0
    assert sorted(str(a) for a in legal_actions(state)) == sorted(
        f"discard 2C 3C {card}" for card in ("8H", "9H", "QH", "KH")
    )
    with pytest.raises(IllegalActionError) as point:
        apply_action(state, "discard 2C 3C 10H")
    assert point.value.code == "face_up_point_trump"
    with pytest.raises(IllegalActionError) as first:
        apply_action(state, "discard 2C 9H 8H")
    assert first.value.code == "non_trumps_first"
    with pytest.raises(IllegalActionError) as count:
        apply_action(state, "discard 2C 3C")
    assert count.value.code == "rob_count" and count.value.params == {"count": 3}
    state = apply_action(state, "discard 2C 3C 8H")
    assert set(state.face_up_discards[0]) == cards_in("2C 3C 8H")
    assert set(state.hands[0]) == cards_in("AH KH QH JH 10H 9H")


def test_the_rob_keeps_trumps_first() -> None:
    """RULES §7.5.5: the dealer keeps every trump (below seven) and chooses among his
    non-trumps; a trump in his discard is refused."""
    state = y1_declared()
    with pytest.raises(IllegalActionError) as trump:
        apply_action(state, "discard 4H 3D 8C 6S 2S KD 9D 7D JC 10C 5C")
    assert trump.value.code == "keep_trumps"
    with pytest.raises(IllegalActionError) as count:
        apply_action(state, "discard 3D 8C")
    assert count.value.code == "rob_count" and count.value.params == {"count": 11}
    assert isinstance(legal_actions(state)[0], Discard)


def test_a_short_stock_and_the_dealers_excess_trumps() -> None:
    """RULES §7.5.5, §7.8.7, §7.8.14: Anna and Ben take 6 cards each, so only 4 are left for
    Carla, who holds no trump: she keeps 2 of her non-trumps, her choice (an action), and
    is given the last 4. Dan robs an empty stock; with eight trumps he discards his
    non-trump face down and 2 trumps that are no point card face up, in one action."""
    state = cinch_short_stock()
    assert state.to_act == 2 and len(state.stock) == 4
    assert len(legal_actions(state)) == 36  # 2 of her 9 non-trumps kept
    with pytest.raises(IllegalActionError) as count:
        apply_action(state, "discard 2D 3D 4D 6D 7D 8D 9D 10D JD")
    assert count.value.code == "rob_count" and count.value.params == {"count": 7}
    stock = set(state.stock)
    state = apply_action(state, "discard 2D 3D 4D 6D 7D 8D 9D")
    assert set(state.hands[2]) == cards_in("10D JD") | stock
    assert set(state.face_up_discards[2]) == cards_in("2D 3D 4D 6D 7D 8D 9D")
    assert state.to_act == 3 and state.stock == ()
    actions = {str(action) for action in legal_actions(state)}
    free = ["7H", "8H", "9H", "QH", "KH"]  # A, J and 10 are point cards
    assert actions == {f"discard JC {a} {b}" for i, a in enumerate(free) for b in free[i + 1 :]}
    with pytest.raises(IllegalActionError) as point:
        apply_action(state, "discard JC AH KH")
    assert point.value.code == "face_up_point_trump"
    with pytest.raises(IllegalActionError) as first:
        apply_action(state, "discard 7H 8H 9H")
    assert first.value.code == "non_trumps_first"
    state = apply_action(state, "discard JC 7H 8H")
    assert state.discards[3] == tuple(cards_in("JC"))
    assert set(state.face_up_discards[3]) == cards_in("7H 8H")
    assert set(state.hands[3]) == cards_in("AH KH QH JH 10H 9H")
    assert state.phase.name == "PLAY" and state.to_act == 3
