"""The auction: which calls are open (and why others are not), and what a call changes.

`open_calls` is the one home of the auction's rules: it says whether the
seat to act may pass, the range of bids open to it, whether it may pitch,
and which rule set those bounds. The legal actions, `apply_action`'s check
and the refusal's words all come from it.
"""

from __future__ import annotations

import enum
import functools
from typing import NamedTuple

from .actions import MAX_LEVEL, Action, Bid, Pass, Pitch, Smudge
from .cards import ALL_BUT, BIT, CARDS, Card, pick
from .dealing import close_hand
from .options import AllPass, DealerMatch
from .refusals import Refusal
from .rules import Rules
from .scoring import passed_out
from .state import GameState, HandState, Phase, advance, with_auction
from .trumps import trump_named_by

__all__: list[str] = []

PASS = Pass()
SMUDGE_CALL = Smudge()
BIDS: tuple[Bid, ...] = tuple(Bid(max(level, 1)) for level in range(MAX_LEVEL + 1))
"""`BIDS[level]`: the shared `Bid` value of each level (index 0 is unused)."""
PITCHES = tuple(Pitch(card) for card in CARDS)
"""`PITCHES[index]`: the shared `Pitch` value of each card."""
_CALLS = (Pass, Bid, Smudge, Pitch)
"""The kinds of action of the auction (a tuple: `Pass | Bid | ...` would build a union
on every call)."""


class Bound(enum.Enum):
    """The rule that sets the calls open to the seat to act."""

    OUTBID = "outbid"
    """A bid must be higher than the highest so far (anyone but the dealer)."""
    DEALER_MATCH = "dealer_match"
    """The dealer may match the highest bid, or bid higher."""
    DEALER_NO_MATCH = "dealer_no_match"
    """The dealer must bid higher: the rules forbid matching this bid."""
    STUCK_EXACTLY = "stuck_exactly"
    """Everyone else passed: the dealer must bid exactly the minimum."""
    STUCK_AT_LEAST = "stuck_at_least"
    """Everyone else passed: the dealer must bid at least the minimum."""
    DEALER_MAY_PASS = "dealer_may_pass"
    """Everyone else passed and the dealer may pass too (redeal or pass the deal)."""
    ANSWER_PITCH = "answer_pitch"
    """A card was pitched: the dealer may pass, pitch his own card, or call Smudge."""


class OpenCalls(NamedTuple):
    """The calls open to the seat to act: pass or not, the levels `lowest` to `highest`
    (none when `lowest > highest`; the level `rules.smudge_level` is the Smudge), pitches
    or not, and the rule that set them."""

    may_pass: bool
    lowest: int
    highest: int
    may_pitch: bool
    bound: Bound


# Module constants: reading a member off an Enum class costs a Python-level lookup.
_ALL_PASS_AT_LEAST_MIN = AllPass.DEALER_AT_LEAST_MIN
_ALL_PASS_EXACTLY_MIN = AllPass.DEALER_EXACTLY_MIN
_ANSWER_PITCH = Bound.ANSWER_PITCH
_DEALER_MATCH = Bound.DEALER_MATCH
_DEALER_MAY_PASS = Bound.DEALER_MAY_PASS
_DEALER_NO_MATCH = Bound.DEALER_NO_MATCH
_OUTBID = Bound.OUTBID
_STUCK_AT_LEAST = Bound.STUCK_AT_LEAST
_STUCK_EXACTLY = Bound.STUCK_EXACTLY
_MATCH_ANY = DealerMatch.ANY
_MATCH_BELOW_MAX = DealerMatch.BELOW_MAX
_MATCH_NONE = DealerMatch.NONE
_BIDDING_PHASE = Phase.BIDDING
_DECLARE_TRUMP_PHASE = Phase.DECLARE_TRUMP
_PLAY_PHASE = Phase.PLAY


def dealer_may_match(rules: Rules, contract: int) -> bool:
    """Whether the dealer may take the contract by matching the bid `contract`."""
    match = rules.dealer_match
    return match is _MATCH_ANY or (match is _MATCH_BELOW_MAX and contract < rules.max_bid)


def open_calls(state: GameState) -> OpenCalls:
    """The calls open to the seat to act, and the rule that bounds them.

    Anyone but the dealer may pass or bid higher than the highest bid. The
    dealer, calling last, may match it where `rules.dealer_match` allows;
    if everyone else passed, `rules.all_pass` says what he must do. A pitch
    (pitch instead of bid) is a bid of 4, open while 4 may be bid and the
    highest bid is below it. Once a card is pitched only the dealer answers:
    pass, Smudge (where it exists) or a pitch of his own, whatever the
    dealer-match option.
    """
    return _position(state)[0]


CallTable = tuple[tuple[tuple[OpenCalls, tuple[Action, ...]], ...], ...]
"""`call_table`'s rows of `(open calls, the calls but the pitches)` entries."""


def _position(state: GameState) -> tuple[OpenCalls, tuple[Action, ...]]:
    """The calls open to the seat to act, and those calls but the pitches, in order: read
    from `call_table` (`Rules.call_table`), whose rows are the dealer's and the others'
    turns and the answer to a pitch."""
    hand = state.hand_state
    row = 2 if state.plays else state.to_act == hand.dealer  # a card pitched, or not
    table: CallTable = state.standing.rules.call_table
    return table[row][hand.contract]


def call_table(rules: Rules) -> CallTable:
    """`calls_open` for every position of an auction under `rules`, and the calls it opens
    but the pitches, in order: row 0 for a seat other than the dealer, row 1 for the
    dealer, row 2 once a card is pitched; one entry per highest call so far (0 to
    `rules.max_bid`). A game asks the same few positions over and over; `Rules.call_table`
    builds this once per rules value."""
    smudge = rules.smudge_level if rules.smudge else 0

    def entry(
        contract: int, dealer: int, seat: int, pitched: bool
    ) -> tuple[OpenCalls, tuple[Action, ...]]:
        calls = calls_open(rules, contract, dealer, seat, pitched)
        return calls, _calls(calls.may_pass, calls.lowest, calls.highest, smudge)

    levels = range(rules.max_bid + 1)
    pitched = entry(0, 0, 0, True)
    return (
        tuple(entry(contract, 0, 1, False) for contract in levels),
        tuple(entry(contract, 0, 0, False) for contract in levels),
        (pitched,) * len(levels),
    )


def calls_open(
    rules: Rules, contract: int, dealer: int, seat: int | None, pitched: bool
) -> OpenCalls:
    """The calls open to `seat` when the highest call so far is `contract` (0 for none),
    `dealer` deals, and a card has been `pitched` or not: the one home of the auction's
    bounds (`open_calls` and the playout kernel ask it)."""
    top, plain = rules.max_bid, rules.max_plain_bid
    if pitched:
        lowest = rules.smudge_level if rules.smudge else top + 1
        return OpenCalls(True, lowest, top, True, _ANSWER_PITCH)
    if seat != dealer:
        lowest, may_pass, bound = max(contract + 1, rules.min_bid), True, _OUTBID
    elif contract == 0:
        policy = rules.all_pass
        lowest = rules.min_bid
        if policy is _ALL_PASS_EXACTLY_MIN:
            return OpenCalls(
                False, lowest, lowest, _may_pitch(rules, lowest, lowest), _STUCK_EXACTLY
            )
        if policy is _ALL_PASS_AT_LEAST_MIN:
            may_pass, bound = False, _STUCK_AT_LEAST
        else:
            may_pass, bound = True, _DEALER_MAY_PASS
    elif dealer_may_match(rules, contract):
        lowest, may_pass, bound = max(contract, rules.min_bid), True, _DEALER_MATCH
    else:
        lowest, may_pass, bound = max(contract + 1, rules.min_bid), True, _DEALER_NO_MATCH
    return OpenCalls(
        may_pass, lowest, top, _may_pitch(rules, lowest, top) and contract < plain, bound
    )


def _may_pitch(rules: Rules, lowest: int, highest: int) -> bool:
    plain = rules.max_plain_bid
    return rules.pitch_instead_of_bid and lowest <= plain <= highest


@functools.lru_cache(maxsize=256)
def _calls(may_pass: bool, lowest: int, highest: int, smudge: int) -> tuple[Action, ...]:
    """Pass (if it may), the plain bids from `lowest` to `highest`, and the Smudge if its
    level `smudge` is in that range."""
    bids: tuple[Action, ...] = tuple(
        SMUDGE_CALL if level == smudge else BIDS[level] for level in range(lowest, highest + 1)
    )
    return ((PASS,) if may_pass else ()) + bids


def listed_calls(state: GameState) -> tuple[Action, ...]:
    """The calls open to the seat to act but the pitches, in order (what `legal_calls`
    lists before them): any of these is legal, so `apply_action` needs no refusal's words
    for it."""
    return _position(state)[1]


def legal_calls(state: GameState) -> tuple[Action, ...]:
    """The calls open to the seat to act: pass (where allowed), then bids low to high,
    then pitches by suit and rank."""
    calls, legal = _position(state)
    if calls.may_pitch:
        seat = state.to_act
        assert seat is not None
        return legal + pick(PITCHES, state.held[seat])
    return legal


def call_refusal(state: GameState, action: object, *, show_hand: bool) -> Refusal | None:
    """Why the seat to act may not make `action` in the auction, or None if it may."""
    rules, hand = state.rules, state.hand_state
    seat = state.to_act
    assert seat is not None
    if not isinstance(action, _CALLS):
        return Refusal("auction_on")
    calls = open_calls(state)
    if isinstance(action, Pass):
        return None if calls.may_pass else _bounds_in_words(rules, hand, calls)
    if isinstance(action, Pitch):
        if not rules.pitch_instead_of_bid:
            return Refusal("no_pitching")
        if not state.held[seat] >> action.card.index & 1:
            return Refusal("not_held", {"seat": seat, "cards": [str(action.card)]})
        if calls.may_pitch:
            return None
        plain = rules.max_plain_bid
        if hand.contract >= plain:
            by = {"highest": hand.contract, "bidder": hand.pitcher}
            return Refusal("pitch_above_top", {"level": plain, **by})
        bound = _bounds_in_words(rules, hand, calls).as_dict()
        return Refusal("pitch_bounded", {"level": plain, "bound": bound})
    if isinstance(action, Smudge):
        if not rules.smudge:
            return Refusal("no_smudge", {"level": rules.max_plain_bid})
        level = rules.smudge_level
    else:
        level = action.level
        if level > rules.max_plain_bid:
            code = "above_top_bid_smudge" if rules.smudge else "above_top_bid"
            return Refusal(code, {"level": rules.max_plain_bid})
    if calls.lowest <= level <= calls.highest:
        return None
    if level < rules.min_bid and calls.bound is not _ANSWER_PITCH:
        return Refusal("below_lowest_bid", {"level": rules.min_bid})
    return _bounds_in_words(rules, hand, calls)


def _bounds_in_words(rules: Rules, hand: HandState, calls: OpenCalls) -> Refusal:
    """What the seat to act may call, in the words of the rule that bounds it."""
    bound, contract, minimum = calls.bound, hand.contract, rules.min_bid
    if bound is _ANSWER_PITCH:
        return Refusal("answer_pitch_smudge" if rules.smudge else "answer_pitch")
    if bound is _STUCK_EXACTLY:
        return Refusal("dealer_stuck_exactly", {"level": minimum})
    if bound is _STUCK_AT_LEAST:
        return Refusal("dealer_stuck", {"level": minimum})
    if bound is _DEALER_MAY_PASS:
        return Refusal("dealer_may_pass", {"level": minimum})
    by = {"highest": contract, "bidder": hand.pitcher}
    if bound is _DEALER_MATCH:
        return Refusal("outbid_or_match", by)
    if bound is _DEALER_NO_MATCH:
        if rules.dealer_match is _MATCH_NONE:
            return Refusal("no_match", by)
        return Refusal("no_match_top", by)
    return Refusal("outbid", by)


def apply_call(state: GameState, action: Action) -> GameState:
    """Record the call of the seat to act; after the dealer's, start play or pass the hand out."""
    rules, hand = state.standing.rules, state.hand_state
    seat = state.to_act
    assert seat is not None
    bids = (*hand.bids, (seat, action))
    if state.plays:  # a card was pitched
        return _answer_pitch(state, action, bids)
    if isinstance(action, Pitch):
        return _pitch(state, action, bids)
    pitcher: int | None
    if isinstance(action, Bid):
        contract, pitcher = action.level, seat
    elif isinstance(action, Smudge):
        contract, pitcher = rules.smudge_level, seat
    else:
        contract, pitcher = hand.contract, hand.pitcher
    if seat != hand.dealer:
        hand = with_auction(hand, bids, contract, pitcher, hand.trump, _BIDDING_PHASE)
        to_act = (seat + 1) % rules.players
        # positionally: phase, to_act, hand_state, held, plays, tricks
        return advance(state, action, _BIDDING_PHASE, to_act, hand, state.held, (), ())
    if pitcher is None:
        hand = with_auction(hand, bids, contract, pitcher, hand.trump, _BIDDING_PHASE)
        return close_hand(state, action, passed_out(rules, hand, state.held))
    phase = _DECLARE_TRUMP_PHASE if rules.declares_trump else _PLAY_PHASE
    hand = with_auction(hand, bids, contract, pitcher, hand.trump, phase)
    return advance(state, action, phase, pitcher, hand, state.held, (), ())


def _next(
    state: GameState,
    action: Action,
    phase: Phase,
    to_act: int,
    hand: HandState,
    *,
    held: tuple[int, ...] | None = None,
    plays: tuple[tuple[int, Card], ...] = (),
) -> GameState:
    """`advance` with the held cards kept unless given and the trick's `plays` (its
    leader is the first of them, or `to_act` when there are none)."""
    held = state.held if held is None else held
    return advance(state, action, phase, to_act, hand, held, plays, ())


def _pitch(state: GameState, action: Pitch, bids: tuple[tuple[int, Action], ...]) -> GameState:
    """The seat to act leads a card face up as a bid of 4 in its suit; the dealer answers,
    unless the dealer pitched: then play goes on from his left."""
    seat = state.to_act
    assert seat is not None
    card, hand = action.card, state.hand_state
    held = list(state.held)
    held[seat] &= ALL_BUT[card.index]
    if seat == hand.dealer:
        to_act, phase = (seat + 1) % state.rules.players, _PLAY_PHASE
    else:
        to_act, phase = hand.dealer, _BIDDING_PHASE
    hand = with_auction(hand, bids, state.rules.max_plain_bid, seat, trump_named_by(card), phase)
    return _next(state, action, phase, to_act, hand, held=tuple(held), plays=((seat, card),))


def _answer_pitch(
    state: GameState, action: Action, bids: tuple[tuple[int, Action], ...]
) -> GameState:
    """The dealer's answer to a pitch: let it stand, pitch his own card, or Smudge.

    Pitching his own card or calling Smudge gives the first pitcher his card back.
    """
    hand, pitched = state.hand_state, state.plays
    (pitcher, card), dealer, players = pitched[0], hand.dealer, state.rules.players
    if isinstance(action, Pass):
        hand = with_auction(hand, bids, hand.contract, hand.pitcher, hand.trump, _PLAY_PHASE)
        return _next(state, action, _PLAY_PHASE, (pitcher + 1) % players, hand, plays=pitched)
    held = list(state.held)
    held[pitcher] |= BIT[card.index]
    if isinstance(action, Pitch):
        held[dealer] &= ALL_BUT[action.card.index]
        trump = trump_named_by(action.card)
        hand = with_auction(hand, bids, state.rules.max_plain_bid, dealer, trump, _PLAY_PHASE)
        plays = ((dealer, action.card),)
        to_act = (dealer + 1) % players
        return _next(state, action, _PLAY_PHASE, to_act, hand, held=tuple(held), plays=plays)
    hand = with_auction(hand, bids, state.rules.smudge_level, dealer, None, _PLAY_PHASE)
    return _next(state, action, _PLAY_PHASE, dealer, hand, held=tuple(held))  # the dealer leads
