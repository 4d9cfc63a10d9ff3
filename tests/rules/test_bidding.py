"""The auction against its plain restatement (`reference.legal_calls`): the restatement
against RULES §5 E4, then the engine against the restatement in every auction state."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setback import (
    Action,
    GameState,
    Phase,
    Pitch,
    Point,
    Rules,
    apply_action,
    legal_actions,
    parse_action,
    parse_cards,
)

from .. import reference
from ..strategies import all_rules, any_rules, random_states, seeds

pitching_rules = (
    all_rules()
    .filter(lambda rules: not rules.declares_trump)
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
