"""The auction: which calls are legal, and what a call changes."""

from __future__ import annotations

import functools

import attrs

from .actions import Action, Bid, Pass
from .rules import AllPass, DealerMatch, Rules
from .scoring import end_hand, passed_out
from .state import GameState, Phase, Trick

__all__: list[str] = []

PASS = Pass()
BIDS = (None, *(Bid(level) for level in range(1, 6)))
"""`BIDS[level]`: the shared `Bid` value of each level."""


@functools.lru_cache(maxsize=256)
def _calls(with_pass: bool, lowest: int, highest: int) -> tuple[Action, ...]:
    bids = tuple(BIDS[level] for level in range(lowest, highest + 1))
    return ((PASS,) if with_pass else ()) + bids  # type: ignore[operator]


def dealer_may_match(rules: Rules, high: int) -> bool:
    """Whether the dealer may take the contract by matching the bid `high`."""
    match = rules.dealer_match
    return match is DealerMatch.ANY or (match is DealerMatch.BELOW_MAX and high < rules.max_bid)


def legal_calls(state: GameState) -> tuple[Action, ...]:
    """The calls open to the seat to act: pass (where allowed), then bids, low to high."""
    rules, hand = state.rules, state.hand
    high, top = hand.high, rules.max_bid
    if state.to_act != hand.dealer:
        return _calls(True, max(high + 1, rules.min_bid), top)
    if high == 0:
        policy = rules.all_pass
        if policy is AllPass.DEALER_EXACTLY_MIN:
            return _calls(False, rules.min_bid, rules.min_bid)
        return _calls(policy is not AllPass.DEALER_AT_LEAST_MIN, rules.min_bid, top)
    lowest = high if dealer_may_match(rules, high) else high + 1
    return _calls(True, max(lowest, rules.min_bid), top)


def apply_call(state: GameState, action: Action) -> GameState:
    """Record the call of the seat to act; after the dealer's, start play or pass the hand out."""
    rules, hand = state.rules, state.hand
    seat = state.to_act
    assert seat is not None
    bids = (*hand.bids, (seat, action))
    if isinstance(action, Bid):
        hand = attrs.evolve(hand, bids=bids, high=action.level, bidder=seat)
    else:
        hand = attrs.evolve(hand, bids=bids)
    if seat != hand.dealer:
        return GameState(
            rules=rules,
            seed=state.seed,
            phase=Phase.BIDDING,
            to_act=(seat + 1) % rules.players,
            scores=state.scores,
            history=state.history,
            winner=None,
            hand=hand,
            held=state.held,
            trick=None,
            tricks=(),
        )
    if hand.bidder is None:
        following = hand.dealer if rules.all_pass is AllPass.REDEAL else hand.dealer + 1
        return end_hand(state, passed_out(state, hand), following % rules.players)
    pitcher = hand.bidder
    return GameState(
        rules=rules,
        seed=state.seed,
        phase=Phase.PLAY,
        to_act=pitcher,
        scores=state.scores,
        history=state.history,
        winner=None,
        hand=hand,
        held=state.held,
        trick=Trick(pitcher),
        tricks=(),
    )
