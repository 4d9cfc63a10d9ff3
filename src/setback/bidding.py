"""The auction: which calls are legal, and what a call changes."""

from __future__ import annotations

import functools

import attrs

from .actions import Action, Bid, Pass, Pitch
from .cards import CARDS, pick
from .rules import SMUDGE, AllPass, DealerMatch, Rules
from .scoring import end_hand, passed_out
from .state import GameState, HandState, Phase, Trick, rebuilt_hand

__all__: list[str] = []

PASS = Pass()
BIDS: tuple[Bid, ...] = tuple(Bid(max(level, 1)) for level in range(6))
"""`BIDS[level]`: the shared `Bid` value of each level, 1 to 5 (index 0 is unused)."""
PITCHES = tuple(Pitch(card) for card in CARDS)
"""`PITCHES[index]`: the shared `Pitch` value of each card."""


@functools.lru_cache(maxsize=256)
def _calls(with_pass: bool, lowest: int, highest: int) -> tuple[Action, ...]:
    bids: tuple[Action, ...] = tuple(BIDS[level] for level in range(lowest, highest + 1))
    return ((PASS,) if with_pass else ()) + bids


def dealer_may_match(rules: Rules, high: int) -> bool:
    """Whether the dealer may take the contract by matching the bid `high`."""
    match = rules.dealer_match
    return match is DealerMatch.ANY or (match is DealerMatch.BELOW_MAX and high < rules.max_bid)


def _plain_calls(state: GameState) -> tuple[Action, ...]:
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


def _pitches(state: GameState) -> tuple[Action, ...]:
    assert state.to_act is not None
    return pick(PITCHES, state.held[state.to_act])


def legal_calls(state: GameState) -> tuple[Action, ...]:
    """The calls open to the seat to act: pass (where allowed), then bids low to high,
    then pitches (pitch instead of bid) by suit and rank.

    A pitch is a bid of 4: open while the highest bid is below 4 to a seat that
    could bid 4. Once a card is pitched, only the dealer answers: pass, Smudge
    (where it exists) or a pitch of his own, whatever the dealer-match option.
    """
    if state.trick is not None:
        answers: tuple[Action, ...] = (PASS, BIDS[SMUDGE]) if state.rules.smudge else (PASS,)
        return answers + _pitches(state)
    calls = _plain_calls(state)
    if state.rules.pitch_instead_of_bid and state.hand.high < 4 and BIDS[4] in calls:
        return calls + _pitches(state)
    return calls


def apply_call(state: GameState, action: Action) -> GameState:
    """Record the call of the seat to act; after the dealer's, start play or pass the hand out."""
    rules, hand = state.rules, state.hand
    seat = state.to_act
    assert seat is not None
    bids = (*hand.bids, (seat, action))
    if state.trick is not None:
        return _answer_pitch(state, attrs.evolve(hand, bids=bids), action)
    if isinstance(action, Pitch):
        return _pitch(state, attrs.evolve(hand, bids=bids), seat, action)
    if isinstance(action, Bid):
        hand = rebuilt_hand(hand, bids, action.level, seat, hand.trump)
    else:
        hand = rebuilt_hand(hand, bids, hand.high, hand.bidder, hand.trump)
    if seat != hand.dealer:
        return _next(state, Phase.BIDDING, (seat + 1) % rules.players, hand, state.held, None)
    if hand.bidder is None:
        following = hand.dealer if rules.all_pass is AllPass.REDEAL else hand.dealer + 1
        return end_hand(state, passed_out(state, hand), following % rules.players)
    pitcher = hand.bidder
    if rules.declares_trump:
        return _next(state, Phase.DECLARE_TRUMP, pitcher, hand, state.held, None)
    return _next(state, Phase.PLAY, pitcher, hand, state.held, Trick(pitcher))


def _next(
    state: GameState,
    phase: Phase,
    to_act: int,
    hand: HandState,
    held: tuple[int, ...],
    trick: Trick | None,
) -> GameState:
    return GameState(
        rules=state.rules,
        origin=state.origin,
        phase=phase,
        to_act=to_act,
        scores=state.scores,
        history=state.history,
        winner=None,
        hand=hand,
        held=held,
        trick=trick,
        tricks=(),
    )


def _pitch(state: GameState, hand: HandState, seat: int, action: Pitch) -> GameState:
    """`seat` leads a card face up as a bid of 4 in its suit; the dealer answers, unless
    the dealer pitched: then play goes on from his left."""
    card = action.card
    held = list(state.held)
    held[seat] &= ~(1 << card.index)
    hand = attrs.evolve(hand, high=4, bidder=seat, trump=card.suit)
    trick = Trick(seat, ((seat, card),))
    if seat == hand.dealer:
        return _next(state, Phase.PLAY, (seat + 1) % state.rules.players, hand, tuple(held), trick)
    return _next(state, Phase.BIDDING, hand.dealer, hand, tuple(held), trick)


def _answer_pitch(state: GameState, hand: HandState, action: Action) -> GameState:
    """The dealer's answer to a pitch: let it stand, pitch his own card, or Smudge.

    Pitching his own card or calling Smudge gives the first pitcher his card back.
    """
    trick = state.trick
    assert trick is not None
    dealer, players = hand.dealer, state.rules.players
    if isinstance(action, Pass):
        return _next(state, Phase.PLAY, (trick.leader + 1) % players, hand, state.held, trick)
    pitcher, card = trick.plays[0]
    held = list(state.held)
    held[pitcher] |= 1 << card.index
    if isinstance(action, Pitch):
        held[dealer] &= ~(1 << action.card.index)
        hand = attrs.evolve(hand, high=4, bidder=dealer, trump=action.card.suit)
        trick = Trick(dealer, ((dealer, action.card),))
        return _next(state, Phase.PLAY, (dealer + 1) % players, hand, tuple(held), trick)
    hand = attrs.evolve(hand, high=SMUDGE, bidder=dealer, trump=None)
    return _next(state, Phase.PLAY, dealer, hand, tuple(held), Trick(dealer))
