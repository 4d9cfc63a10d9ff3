"""The auction (RULES §1.3, §2, §4.2, §5 E4, §6.9.1): the calls, the dealer's privilege,
pitch instead of bid and Smudge; then the auction against its plain restatement
(`reference.legal_calls`): the restatement against RULES §5 E4, and the engine against the
restatement in every auction state."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setback import (
    Action,
    AllPass,
    Bid,
    Card,
    DealerMatch,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    Pitch,
    Point,
    Rules,
    Smudge,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
)

from .. import reference
from ..strategies import all_rules, any_rules, random_states, seeds
from ..support import (
    E48_HANDS,
    FIVE_POINTS,
    S1_HANDS,
    S4_HANDS,
    X1_HANDS,
    X3_HANDS,
    act,
    ben_pitches,
    deal,
    joker_pitch_rules,
    smear_rules,
    texts,
    x2_dealt,
)

DRAW = Rules.setback(draw=True)

pitching_rules = (
    all_rules()
    .filter(lambda rules: not rules.declares_trump and rules.shoot is None)
    .map(lambda rules: attrs.evolve(rules, pitch_instead_of_bid=True))
)
"""Any rules that allow pitch instead of bid (§4.2), so the pitch rules are met often."""


GERMAN = Rules.setback()
AUCTION = Rules.auction_pitch(players=4)
SMEAR = Rules.smear(players=4)
TEN_POINT = Rules.ten_point(players=4)
FIVE_POINT = Rules.setback(
    off_jack=True, points=(Point.HIGH, Point.LOW, Point.JACK, Point.OFF_JACK, Point.GAME)
)


def _bids(low: int, high: int) -> set[str]:
    """The texts of the plain bids `low` to `high`."""
    return {f"bid {level}" for level in range(low, high + 1)}


DAN = parse_cards("A♠ 10♦ 5♥ Q♣ 4♦ 7♥")
E4 = [  # (rules, calls so far with the last seat dealing, seat to act, pitched, calls open)
    (GERMAN, "0 bid 2, 1 bid 3, 2 pass", 3, False, {"pass", "bid 3", "bid 4", "smudge"}),
    (GERMAN, "0 pass, 1 pass, 2 pass", 3, False, {"bid 2"}),
    (
        Rules.setback(all_pass="dealer_at_least_min"),
        "0 pass, 1 pass, 2 pass",
        3,
        False,
        {"bid 2", "bid 3", "bid 4", "smudge"},
    ),
    (GERMAN, "0 smudge", 1, False, {"pass"}),
    (GERMAN, "0 smudge, 1 pass, 2 pass", 3, False, {"pass", "smudge"}),
    (GERMAN, "0 bid 3", 1, False, {"pass", "bid 4", "smudge"}),
    (AUCTION, "0 pass, 1 bid 4, 2 pass", 3, False, {"pass", "bid 4"}),
    (
        Rules.auction_pitch(players=4, dealer_match="below_max"),
        "0 pass, 1 bid 4, 2 pass",
        3,
        False,
        {"pass"},
    ),
    (
        Rules.auction_pitch(players=4, dealer_match="below_max"),
        "0 pass, 1 bid 3, 2 pass",
        3,
        False,
        {"pass", "bid 3", "bid 4"},
    ),
    (
        Rules.setback(pitch_instead_of_bid=True),
        "0 pass, 1 pitch 7D",
        3,
        True,
        {"pass", "smudge"} | {f"pitch {card}" for card in DAN},
    ),
    # §6.10 X1: Smear, bids 2 to 10, no dealer's match: after Carla's 5, Dan passes or bids
    # 6 to 10
    (SMEAR, "0 pass, 1 bid 3, 2 bid 5", 3, False, {"pass"} | _bids(6, 10)),
    # §6.10 X2: Ten-point, bids 3 to 10: after Ben's 5 Dan passes or bids 6 to 10; stuck,
    # he must bid 3
    (TEN_POINT, "0 pass, 1 bid 5, 2 pass", 3, False, {"pass"} | _bids(6, 10)),
    (TEN_POINT, "0 pass, 1 pass, 2 pass", 3, False, {"bid 3"}),
    (TEN_POINT, "0 pass", 1, False, {"pass"} | _bids(3, 10)),
    # §6.10 X3: Auction Pitch with Joker, three players, bids 2 to 5: the dealer P2 may
    # pass, match 3, or bid 4 or 5
    (Rules.joker_pitch(players=3), "0 bid 2, 1 bid 3", 2, False, {"pass"} | _bids(3, 5)),
    # §6.3, §6.8: the five-point recipe with Smudge: bids 2 to 5, Smudge worth 6 above them
    (FIVE_POINT, "0 bid 5", 1, False, {"pass", "smudge"}),
    (FIVE_POINT, "0 bid 4, 1 pass, 2 pass", 3, False, {"pass", "bid 4", "bid 5", "smudge"}),
]


@pytest.mark.parametrize(("rules", "calls", "seat", "pitched", "expected"), E4)
def test_the_restatement_gives_the_worked_examples(
    rules: Rules, calls: str, seat: int, pitched: bool, expected: set[str]
) -> None:
    """RULES §5 E4.1, E4.2, E4.3, E4.5, E4.6 and E4.8, and the auctions of §6.10 X1 to X3,
    asked of `reference.legal_calls` alone."""
    auction: list[tuple[int, Action]] = [
        (int(call.split(maxsplit=1)[0]), parse_action(call.split(maxsplit=1)[1]))
        for call in calls.split(", ")
    ]
    dealer = rules.players - 1  # Dan, or P2 with three players
    hand = DAN if seat == 3 else parse_cards("K♠ 9♦ 4♠ Q♥ 10♣ 3♥")
    assert reference.legal_calls(rules, dealer, seat, auction, hand, pitched) == expected


def _check(state: GameState) -> None:
    """The calls the engine offers in `state` are the restatement's."""
    seat = state.to_act
    assert seat is not None
    pitched = any(isinstance(action, Pitch) for _, action in state.bids)
    assert (state.trick is not None) == pitched, "a pitched card lies on the table"
    expected = reference.legal_calls(
        state.rules, state.dealer, seat, state.bids, state.hands[seat], pitched
    )
    assert {str(action) for action in legal_actions(state)} == expected


@settings(max_examples=150, deadline=None)
@given(rules=st.one_of(any_rules, pitching_rules), seed=seeds)
def test_every_auction_offers_exactly_the_calls_of_the_rules(rules: Rules, seed: int) -> None:
    """RULES §1.3, §2.2, §3, §4.2 and §6.3: in every auction state the legal actions are
    exactly the calls the rules give the seat to act: who may pass, which bids are open
    (dealer's match, stuck dealer, minimum bid, bids up to T, Smudge worth T + 1), and when
    and what one may pitch. Checked in
    each state of a random game and after each call open there (so every answer to a pitch,
    every match and every stuck dealer is met)."""
    for state in random_states(rules, seed, max_steps=200):
        if state.phase is not Phase.BIDDING:
            continue
        _check(state)
        for action in legal_actions(state):
            after = apply_action(state, action)
            if after.phase is Phase.BIDDING:
                _check(after)


def _calls(state: object) -> list[str]:
    return [str(a) for a in legal_actions(state)]  # type: ignore[arg-type]


def test_e4_1_dealer_matches_and_takes_the_contract() -> None:
    """RULES §5 E4.1: Anna 2, Ben 3, Carla pass, Dan 3 → Dan pitches at 3."""
    state = act(deal(GERMAN, S1_HANDS), "A 2, B 3, C pass, D 3")
    assert state.phase is Phase.PLAY and state.pitcher == 3 and state.contract == 3
    assert state.to_act == 3


def test_e4_2_stuck_dealer_must_bid_the_minimum() -> None:
    """RULES §1.3 and §5 E4.2: all pass → Dan must bid 2; with 'at least', 2, 3, 4 or Smudge."""
    state = act(deal(GERMAN, S1_HANDS), "A pass, B pass, C pass")
    assert _calls(state) == ["bid 2"]
    with pytest.raises(IllegalActionError, match="dealer must bid"):
        act(state, "D pass")
    loose = act(
        deal(Rules.setback(all_pass=AllPass.DEALER_AT_LEAST_MIN), S1_HANDS),
        "A pass, B pass, C pass",
    )
    assert _calls(loose) == ["bid 2", "bid 3", "bid 4", "smudge"]


def test_e4_3_smudge_can_be_matched_by_the_dealer() -> None:
    """RULES §5 E4.3: Anna Smudge → Ben and Carla may only pass; Dan may match."""
    state = act(deal(GERMAN, S1_HANDS), "A smudge")
    assert _calls(state) == ["pass"]
    state = act(state, "B pass, C pass")
    assert _calls(state) == ["pass", "smudge"]
    state = act(state, "D smudge")
    assert state.pitcher == 3 and state.contract == 5


def test_e4_4_highest_bid_takes_the_contract() -> None:
    """RULES §5 E4.4: Anna 3, Ben pass, Carla 4, Dan pass → Carla pitches 4."""
    state = act(deal(GERMAN, S1_HANDS), "A 3, B pass, C 4, D pass")
    assert state.pitcher == 2 and state.contract == 4 and state.to_act == 2


@pytest.mark.parametrize(("calls", "bad"), [("A 3", "B 3"), ("A 3, B pass, C pass", "D 2")])
def test_e4_5_bids_must_be_higher(calls: str, bad: str) -> None:
    """RULES §5 E4.5: Ben 3 after Anna 3 and Dan 2 after Anna 3 are illegal."""
    state = act(deal(GERMAN, S1_HANDS), calls)
    with pytest.raises(IllegalActionError, match="higher than the highest"):
        act(state, bad)


def test_outbidding_ones_partner_is_allowed() -> None:
    """RULES §1.3: Carla may outbid her partner Anna."""
    state = act(deal(GERMAN, S1_HANDS), "A 2, B pass")
    assert "bid 3" in _calls(state)


@pytest.mark.parametrize(
    ("match", "first", "dealer_calls"),
    [
        (DealerMatch.ANY, "4", ["pass", "bid 4", "smudge"]),
        (DealerMatch.BELOW_MAX, "4", ["pass", "bid 4", "smudge"]),
        (DealerMatch.BELOW_MAX, "smudge", ["pass"]),
        (DealerMatch.ANY, "smudge", ["pass", "smudge"]),
        (DealerMatch.NONE, "3", ["pass", "bid 4", "smudge"]),
        (DealerMatch.ANY, "3", ["pass", "bid 3", "bid 4", "smudge"]),
    ],
)
def test_dealer_match_options(match: DealerMatch, first: str, dealer_calls: list[str]) -> None:
    """RULES §3, dealer match: none; below the top call (Smudge); any."""
    state = act(deal(Rules.setback(dealer_match=match), S1_HANDS), f"A {first}, B pass, C pass")
    assert _calls(state) == dealer_calls


def test_pass_out_is_recorded_and_the_deal_moves() -> None:
    """RULES §3, all pass: 'deal passes on' records a passed-out hand with no pitcher."""
    rules = Rules.setback(all_pass=AllPass.PASS_DEAL)
    state = act(deal(rules, S1_HANDS), "A pass, B pass, C pass, D pass")
    result = state.history[-1]
    assert result.pitcher is None and result.contract is None and result.trump is None
    assert result.made is None and result.tricks == () and result.score_changes == (0, 0)
    assert state.dealer == 0 and state.phase is Phase.BIDDING and state.to_act == 1
    redeal = act(
        deal(Rules.setback(all_pass=AllPass.REDEAL), S1_HANDS), "A pass, B pass, C pass, D pass"
    )
    assert redeal.dealer == 3 and redeal.hand_number == 1
    assert legal_actions(redeal)[0] == Pass() and Bid(2) in legal_actions(redeal)


def test_auction_pitch_has_no_smudge_call() -> None:
    """RULES §2.2: the action text `smudge` is illegal in Auction Pitch."""
    state = deal(AUCTION, S4_HANDS)
    assert texts(state) == ["pass", "bid 2", "bid 3", "bid 4"]
    with pytest.raises(IllegalActionError, match="no Smudge"):
        apply_action(state, "smudge")


def test_e4_6_auction_pitch_dealer_match() -> None:
    """RULES §5 E4.6: P1 4 → the dealer may match 4; with 'below the top call' he cannot,
    but after P1 3 he may match 3."""
    state = act(deal(AUCTION, S4_HANDS), "P0 pass, P1 4, P2 pass")
    assert texts(state) == ["pass", "bid 4"]
    assert act(state, "P3 4").pitcher == 3
    below = Rules.auction_pitch(players=4, dealer_match=DealerMatch.BELOW_MAX)
    assert texts(act(deal(below, S4_HANDS), "P0 pass, P1 4, P2 pass")) == ["pass"]
    assert texts(act(deal(below, S4_HANDS), "P0 pass, P1 3, P2 pass")) == [
        "pass",
        "bid 3",
        "bid 4",
    ]


def test_e4_7_two_player_cutthroat() -> None:
    """RULES §5 E4.7: the non-dealer passes → the dealer must bid; the non-dealer bids 3 →
    the dealer may pass, match 3, bid 4 or Smudge."""
    rules = Rules.cutthroat(players=2)
    state = new_game(rules, seed=5, dealer=1)
    assert state.to_act == 0
    assert texts(apply_action(state, "pass")) == ["bid 2"]
    assert texts(apply_action(state, "bid 3")) == ["pass", "bid 3", "bid 4", "smudge"]


PITCH = Rules.setback(pitch_instead_of_bid=True)


def test_e4_8_pitch_skips_to_the_dealer() -> None:
    """RULES §5 E4.8: Ben pitches 7♦ (4 in ♦); Carla may not call; Dan may pass, pitch a card
    or Smudge, whatever the dealer-match option, but not bid 4."""
    state = ben_pitches()
    assert state.to_act == 3 and state.phase is Phase.BIDDING
    assert state.trump is Suit.DIAMONDS
    assert state.trick is not None and str(state.trick.cards[0]) == "7D"
    assert len(state.hands[1]) == 5
    with pytest.raises(IllegalActionError, match="turn"):
        apply_action(state, "pass", seat=2)
    dealer = texts(state)
    assert dealer[:2] == ["pass", "smudge"] and "bid 4" not in dealer
    assert dealer[2:] == [f"pitch {c}" for c in ("QC", "4D", "10D", "5H", "7H", "AS")]
    none = act(
        deal(Rules.setback(pitch_instead_of_bid=True, dealer_match="none"), E48_HANDS), "A pass"
    )
    assert texts(apply_action(none, "pitch 7D"))[:2] == ["pass", "smudge"]


def test_e4_8a_dealer_passes_and_the_pitch_stands() -> None:
    """(a) Dan passes: Ben pitches at 4, ♦ trump, trick 1 goes on with Carla."""
    state = apply_action(ben_pitches(), "pass")
    assert state.phase is Phase.PLAY and state.pitcher == 1 and state.contract == 4
    assert state.trump is Suit.DIAMONDS and state.to_act == 2
    assert [str(c) for c in state.trick.cards] == ["7D"]  # type: ignore[union-attr]
    assert [str(a) for a, _ in [(b, s) for s, b in state.bids]] == ["pass", "pitch 7D", "pass"]
    assert [seat for seat, _ in state.bids] == [0, 1, 3]


def test_e4_8b_dealer_pitches_his_own_card() -> None:
    """(b) Dan pitches A♠: Dan at 4, ♠ trump, Ben takes 7♦ back, Anna plays next."""
    state = apply_action(ben_pitches(), "pitch AS")
    assert state.pitcher == 3 and state.contract == 4 and state.trump is Suit.SPADES
    assert state.to_act == 0 and [str(c) for c in state.trick.cards] == ["AS"]  # type: ignore[union-attr]
    assert Card.parse("7D") in state.hands[1] and len(state.hands[1]) == 6


def test_e4_8c_dealer_smudges() -> None:
    """(c) Smudge: Dan at 5, Ben takes 7♦ back, Dan leads any card, which sets trump."""
    state = apply_action(ben_pitches(), "smudge")
    assert state.pitcher == 3 and state.contract == 5 and state.trump is None
    assert state.to_act == 3 and state.trick.plays == ()  # type: ignore[union-attr]
    assert Card.parse("7D") in state.hands[1]
    assert len(texts(state)) == 6
    assert apply_action(state, "play QC").trump is Suit.CLUBS


def test_pitch_only_while_the_highest_bid_is_below_4() -> None:
    """RULES §4.2: a pitch is a bid of 4, legal only while the highest bid is below 4."""
    state = act(deal(PITCH, E48_HANDS), "A 4")
    assert not any(t.startswith("pitch") for t in texts(state))
    with pytest.raises(IllegalActionError, match="bid of 4"):
        apply_action(state, "pitch 7D")


def test_dealer_pitch_starts_play_at_once() -> None:
    state = act(deal(PITCH, E48_HANDS), "A pass, B pass, C 2")
    state = apply_action(state, "pitch AS", seat=3)
    assert state.phase is Phase.PLAY and state.pitcher == 3 and state.to_act == 0


def test_pitch_is_refused_in_a_declared_trump_game() -> None:
    state = act(deal(DRAW, E48_HANDS), "A pass")
    with pytest.raises(IllegalActionError, match="not part of these rules"):
        apply_action(state, Pitch("7D"))


DAN_PITCHES = {f"pitch {card}" for card in ("QC", "4D", "10D", "5H", "7H", "AS")}


def test_dealer_may_not_pitch_once_4_is_bid() -> None:
    """RULES §4.2: a pitch is a bid of 4, legal only while the highest bid is below 4.
    Anna bids 4: Dan (dealer, who may match any bid) may pass, match 4 or Smudge, and a
    pitch is refused."""
    state = act(deal(PITCH, E48_HANDS), "A 4, B pass, C pass")
    assert state.to_act == 3
    assert set(texts(state)) == {"pass", "bid 4", "smudge"}
    with pytest.raises(IllegalActionError, match="a pitch is a bid of 4"):
        apply_action(state, "pitch AS")
    with pytest.raises(IllegalActionError, match="a pitch is a bid of 4"):
        apply_action(state, "pitch AS", seat=3)


def test_non_dealer_may_not_pitch_once_4_is_bid() -> None:
    """RULES §4.2: after Anna's 4, Ben may only pass or Smudge; no pitch."""
    state = act(deal(PITCH, E48_HANDS), "A 4")
    assert state.to_act == 1
    assert set(texts(state)) == {"pass", "smudge"}
    with pytest.raises(IllegalActionError, match="a pitch is a bid of 4"):
        apply_action(state, "pitch 7D")


def test_dealer_may_pitch_while_the_highest_bid_is_below_4() -> None:
    """RULES §4.2: after Anna's 3 the dealer may still pitch (a bid of 4 above 3)."""
    state = act(deal(PITCH, E48_HANDS), "A 3, B pass, C pass")
    assert set(texts(state)) == {"pass", "bid 3", "bid 4", "smudge"} | DAN_PITCHES


def test_five_point_recipe_bids_up_to_5_and_smudges_at_6() -> None:
    """RULES §6.8 and §6.3: five-point (HIGH, LOW, JACK, OFF_JACK, GAME with off_jack), T = 5;
    bids run from min_bid to T, and Smudge, worth T + 1, stays its own call."""
    rules = Rules.setback(points=FIVE_POINTS, off_jack=True)
    assert rules.total_points == 5
    assert texts(new_game(rules, seed=1, dealer=3)) == [
        "pass",
        "bid 2",
        "bid 3",
        "bid 4",
        "bid 5",
        "smudge",
    ]


def test_smudge_is_its_own_call() -> None:
    """RULES §6.9.1: Smudge is its own call, text `smudge`."""
    assert parse_action("smudge") == Smudge() and str(Smudge()) == "smudge"
    assert parse_action("Smudge") == Smudge()
    assert parse_action("smudge") != parse_action("bid 5")


def test_bid_n_is_always_a_plain_bid() -> None:
    """RULES §6.9.1: `bid N` is always a plain bid of N (in the extended presets `bid 5` is
    an ordinary bid)."""
    assert str(Bid(5)) == "bid 5" and parse_action("bid 5") == Bid(5)
    assert str(parse_action("bid 10")) == "bid 10"


def test_german_calls_are_pass_2_3_4_and_smudge() -> None:
    """RULES §1.3 and §6.9.1: in the four-point game the calls are pass, 2, 3, 4 and the
    Smudge call (worth 5), which is `Smudge()`; a plain bid of 5 does not exist there."""
    state = deal(Rules.setback(), S1_HANDS)
    assert texts(state) == ["pass", "bid 2", "bid 3", "bid 4", "smudge"]
    assert legal_actions(state)[-1] == Smudge()
    with pytest.raises(IllegalActionError):
        apply_action(state, "bid 5")


def test_auction_pitch_refuses_smudge() -> None:
    """RULES §2.2 and §6.9.1: Smudge exists only where `smudge` is on."""
    state = deal(Rules.auction_pitch(players=4), S1_HANDS)
    with pytest.raises(IllegalActionError):
        apply_action(state, "smudge")
    with pytest.raises(IllegalActionError):
        apply_action(state, Smudge())


def test_x1_smear_dealer_may_not_match() -> None:
    """RULES §6.6.3 and §6.10 X1: after Ben 3 and Carla 5, Dan may not match: his calls are
    pass or 6 to 10."""
    state = act(deal(smear_rules(), X1_HANDS), "A pass, B 3, C 5")
    assert state.to_act == 3
    assert texts(state) == ["pass", "bid 6", "bid 7", "bid 8", "bid 9", "bid 10"]
    with pytest.raises(IllegalActionError):
        apply_action(state, "bid 5", seat=3)


def test_x2_auction_bids_3_to_10_without_dealers_match() -> None:
    """RULES §6.5.3 and §6.10 X2: bids 3 to 10; after Ben's 5 Dan's calls are pass or 6 to
    10 (no dealer's match)."""
    state = x2_dealt()
    assert texts(state) == ["pass"] + [f"bid {n}" for n in range(3, 11)]
    state = act(state, "A pass, B 5, C pass")
    assert texts(state) == ["pass", "bid 6", "bid 7", "bid 8", "bid 9", "bid 10"]


def test_x2_stuck_dealer_must_bid_3() -> None:
    """RULES §6.5.3 and §6.10 X2: all pass: the dealer must bid 3."""
    state = act(x2_dealt(), "A pass, B pass, C pass")
    assert state.to_act == 3 and texts(state) == ["bid 3"]


def test_x3_auction_bids_2_to_5_and_the_dealer_may_match() -> None:
    """RULES §6.7 and §6.10 X3: bids 2 to 5; after P0 2 and P1 3, the dealer P2 may pass,
    match 3, or bid 4 or 5."""
    state = deal(joker_pitch_rules(), X3_HANDS, dealer=2)
    assert state.to_act == 0
    assert texts(state) == ["pass", "bid 2", "bid 3", "bid 4", "bid 5"]
    state = act(state, "P0 2, P1 3")
    assert texts(state) == ["pass", "bid 3", "bid 4", "bid 5"]
    state = act(state, "P2 pass")
    assert state.phase is Phase.PLAY and state.pitcher == 1 and state.to_act == 1


# --- the auction's bounds with a pitch and no Smudge (T = 4 is then the top call) -------


PITCH_NO_SMUDGE = Rules.setback(pitch_instead_of_bid=True, smudge=False)
PITCH_HANDS = (
    "A: K♠ 9♦ 4♠ Q♥ 10♣ 3♥; B: 7♦ 3♠ 5♦ J♦ 8♣ 2♥; C: J♠ 6♠ A♦ K♣ 9♥ 3♣; D: A♠ 10♦ 5♥ Q♣ 4♦ 7♥"
)


def test_without_smudge_the_eldest_may_pitch_at_the_top_call() -> None:
    """§4.2: a pitch is a bid of T = 4, which is also the top call when there is no
    Smudge: A may pass, bid 2 to 4, or pitch any card (mutant: a pitch open only below the
    top call)."""
    state = deal(PITCH_NO_SMUDGE, PITCH_HANDS)
    pitches = {f"pitch {card}" for card in ("KS", "4S", "3H", "QH", "9D", "10C")}
    assert set(texts(state)) == {"pass", "bid 2", "bid 3", "bid 4"} | pitches


def test_without_smudge_the_dealer_answers_a_pitch_by_pass_or_pitch_only() -> None:
    """§4.2: A pitches K♠; with no Smudge the dealer's answers are pass and a pitch of his
    own, no bid (mutants: the answer's lowest bid set to T or T - 1)."""
    state = apply_action(deal(PITCH_NO_SMUDGE, PITCH_HANDS), "pitch KS", seat=0)
    assert state.to_act == 3
    pitches = {f"pitch {card}" for card in ("AS", "7H", "5H", "4D", "10D", "QC")}
    assert set(texts(state)) == {"pass"} | pitches
