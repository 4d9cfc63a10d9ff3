"""The auction: which calls are open (and why others are not), and what a call changes.

`calls_open` is the one home of the auction's bounds: it says whether a
seat may pass, the range of calls open to it, whether it may pitch, and
which rule set those bounds (`open_calls(state)` reads its answer for the
seat to act from the auction's table). `after_call` is the one home of
what a call does. The legal actions, `apply_action`'s check, the refusal's
words and the playout kernel all come from these two.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from .actions import MAX_LEVEL, Action, Bid, Pass, Pitch, Shoot, Smudge
from .cards import ALL_BUT, BIT, CARDS, Card, Suit, pick
from .options import AllPass, DealerMatch, TrumpBy
from .play import open_cards
from .refusals import Refusal
from .rules import Rules
from .state import GameState, Hand, HandState, Phase, core_of, with_auction
from .tables import Bound, CallTable, OpenCalls, Position
from .trumps import TrumpTable, trump_named_by

__all__: list[str] = []

PASS = Pass()
SMUDGE_CALL = Smudge()
SHOOT_CALL = Shoot()
BIDS: tuple[Bid, ...] = tuple(Bid(max(level, 1)) for level in range(MAX_LEVEL + 1))
"""`BIDS[level]`: the shared `Bid` value of each level (index 0 is unused)."""
PITCHES = tuple(Pitch(card) for card in CARDS)
"""`PITCHES[index]`: the shared `Pitch` value of each card."""
_CALLS = (Pass, Bid, Smudge, Shoot, Pitch)
"""The kinds of action of the auction (a tuple: `Pass | Bid | ...` would build a union
on every call)."""
_TOP_CALLS = (Smudge, Shoot)
"""The calls above every bid, worth `rules.smudge_level`."""


# Module constants: reading a member off an Enum class costs a Python-level lookup.
_ALL_PASS_AT_LEAST_MIN = AllPass.DEALER_AT_LEAST_MIN
_ALL_PASS_EXACTLY_MIN = AllPass.DEALER_EXACTLY_MIN
_ALL_PASS_DEALER_FREE = AllPass.DEALER_FREE
_ALL_PASS_ELDEST_FREE = AllPass.ELDEST_FREE
_AFTER_SHOOT = Bound.AFTER_SHOOT
_ANSWER_PITCH = Bound.ANSWER_PITCH
_DEALER_MATCH = Bound.DEALER_MATCH
_DEALER_MAY_PASS = Bound.DEALER_MAY_PASS
_DEALER_NO_MATCH = Bound.DEALER_NO_MATCH
_OUTBID = Bound.OUTBID
_STUCK_AT_LEAST = Bound.STUCK_AT_LEAST
_STUCK_EXACTLY = Bound.STUCK_EXACTLY
_MATCH_ANY = DealerMatch.ANY
_DECLARE = TrumpBy.DECLARE
_MATCH_BELOW_MAX = DealerMatch.BELOW_MAX
_MATCH_NONE = DealerMatch.NONE
_BIDDING = Phase.BIDDING  # module names: an enum member's lookup costs twice a global's
_PLAY = Phase.PLAY
_DECLARE_TRUMP = Phase.DECLARE_TRUMP


def dealer_may_match(rules: Rules, contract: int) -> bool:
    """Whether the dealer may take the contract by matching the bid `contract`."""
    match = rules.dealer_match
    if match is _MATCH_ANY:
        return True
    # the top call: the Smudge, or T without one (a shoot is never matched: `calls_open`)
    top = rules.smudge_level if rules.smudge else rules.max_plain_bid
    return match is _MATCH_BELOW_MAX and contract < top


def open_calls(state: GameState) -> OpenCalls:
    """The calls open to the seat to act, and the rule that bounds them (`calls_open`,
    read from the auction's table)."""
    return _position(state)[0]


@functools.lru_cache(maxsize=64)
def call_table(rules: Rules) -> CallTable:
    """The auction's table of `rules` (the engine's cache, one per rules value)."""
    top = rules.smudge_level if rules.smudge or rules.shoot is not None else 0
    call = SMUDGE_CALL if rules.shoot is None else SHOOT_CALL

    def entry(contract: int, seat: int, pitched: bool) -> Position:
        calls = calls_open(rules, contract, 0, seat, pitched)
        return calls, calls_listed(calls, top, call)

    levels = range(rules.max_bid + 1)
    return CallTable(
        others=tuple(entry(contract, 1, False) for contract in levels),
        dealer=tuple(entry(contract, 0, False) for contract in levels),
        answer=entry(0, 0, True),
    )


def position(table: CallTable, contract: int, dealer: int, seat: int, pitched: bool) -> Position:
    """The calls open to `seat` when the highest call so far is `contract`, `dealer`
    deals, and a card has been `pitched` or not, read from the auction's `table`; and
    those calls but the pitches."""
    if pitched:
        return table.answer
    return (table.dealer if seat == dealer else table.others)[contract]


def _position(state: GameState) -> Position:
    core = state.hand  # the core's fields, not the state's properties: asked on every call
    seat = core.to_act
    assert seat is not None
    setup = core.setup
    return position(state.standing.calls, setup.contract, setup.dealer, seat, bool(core.plays))


def calls_open(
    rules: Rules, contract: int, dealer: int, seat: int | None, pitched: bool
) -> OpenCalls:
    """The calls open to `seat` when the highest call so far is `contract` (0 for none),
    `dealer` deals, and a card has been `pitched` or not: the one home of the auction's
    bounds (`call_table` tables it for every position; `open_calls`, `calls_of` and the
    refusal read that table)."""
    top, plain = rules.max_bid, rules.max_plain_bid
    if contract == rules.shoot_contract:  # a shoot stands
        return OpenCalls(
            may_pass=True, lowest=top + 1, highest=top, may_pitch=False, bound=_AFTER_SHOOT
        )
    if pitched:
        lowest = rules.smudge_level if rules.smudge else top + 1
        return OpenCalls(
            may_pass=True, lowest=lowest, highest=top, may_pitch=True, bound=_ANSWER_PITCH
        )
    if seat != dealer:
        lowest, may_pass, bound = max(contract + 1, rules.min_bid), True, _OUTBID
    elif contract == 0:
        policy = rules.all_pass
        lowest = rules.min_bid
        if policy is _ALL_PASS_EXACTLY_MIN:
            return OpenCalls(
                may_pass=False,
                lowest=lowest,
                highest=lowest,
                may_pitch=_may_pitch(rules, lowest, lowest),
                bound=_STUCK_EXACTLY,
            )
        if policy is _ALL_PASS_AT_LEAST_MIN:
            may_pass, bound = False, _STUCK_AT_LEAST
        else:  # REDEAL, PASS_DEAL; DEALER_FREE and ELDEST_FREE, where his pass plays at 0
            may_pass, bound = True, _DEALER_MAY_PASS
    elif dealer_may_match(rules, contract):
        lowest, may_pass, bound = max(contract, rules.min_bid), True, _DEALER_MATCH
    else:
        lowest, may_pass, bound = max(contract + 1, rules.min_bid), True, _DEALER_NO_MATCH
    return OpenCalls(
        may_pass=may_pass,
        lowest=lowest,
        highest=top,
        may_pitch=_may_pitch(rules, lowest, top) and contract < plain,
        bound=bound,
    )


def _may_pitch(rules: Rules, lowest: int, highest: int) -> bool:
    plain = rules.max_plain_bid
    return rules.pitch_instead_of_bid and lowest <= plain <= highest


def calls_listed(
    calls: OpenCalls, smudge: int, top_call: Action = SMUDGE_CALL
) -> tuple[Action, ...]:
    """Pass (if it may), the plain bids from `calls.lowest` to `calls.highest`, and the
    call above them, `top_call` (the Smudge, or the shoot), if its level `smudge` is in
    that range: the open calls but the pitches."""
    bids: tuple[Action, ...] = tuple(
        top_call if level == smudge else BIDS[level]
        for level in range(calls.lowest, calls.highest + 1)
    )
    return ((PASS,) if calls.may_pass else ()) + bids


def listed_calls(state: GameState) -> tuple[Action, ...]:
    """The calls open to the seat to act but the pitches, in order (what `legal_calls`
    lists before them): any of these is legal, so `apply_action` needs no refusal's words
    for it."""
    return _position(state)[1]


def calls_of(table: CallTable, hand: Hand) -> tuple[Action, ...]:
    """The calls open to the seat to act in the hand core `hand` (read from the auction's
    `table`): pass (where allowed), then bids low to high, then pitches by suit and rank."""
    setup, seat = hand.setup, hand.to_act
    assert seat is not None
    calls, legal = position(table, setup.contract, setup.dealer, seat, bool(hand.plays))
    if calls.may_pitch:
        return legal + pick(PITCHES, hand.held[seat])
    return legal


def legal_calls(state: GameState) -> tuple[Action, ...]:
    """The calls open to the seat to act (`calls_of` its hand)."""
    return calls_of(state.standing.calls, state.hand)


def call_refusal(state: GameState, action: object, *, show_hand: bool) -> Refusal | None:
    """Why the seat to act may not make `action` in the auction, or None if it may (a call
    listed open needs no words: the first test)."""
    if action in _position(state)[1]:
        return None
    rules, hand = state.rules, state.hand_state
    seat = state.to_act
    assert seat is not None
    if not isinstance(action, _CALLS):  # the calls open now, as the sentence lists them
        return Refusal("auction_on", {"calls": [str(call) for call in listed_calls(state)]})
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
    elif isinstance(action, Shoot):
        if rules.shoot is None:
            return Refusal("no_shoot")
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
    if bound is _AFTER_SHOOT:
        return Refusal("shoot_stands", {"bidder": hand.pitcher})
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


class CallOutcome(NamedTuple):
    """What one call changes in the auction (`after_call`): a named tuple, like
    `OpenCalls`, built once per call and read at once."""

    contract: int
    """The highest call after it (0 for none)."""
    pitcher: int | None
    """The seat that made it."""
    trump: Suit | None
    """The trump a pitch named (None until one does)."""
    phase: Phase
    """`BIDDING` while the auction goes on; `DECLARE_TRUMP` or `PLAY` after it."""
    to_act: int | None
    """Who acts next; None when the hand is passed out."""
    plays: tuple[tuple[int, Card], ...] = ()
    """The trick in progress: the pitched card, where one lies face up."""
    taken: Card | None = None
    """The card the caller put face up (a pitch): no longer in his hand."""
    returned: tuple[int, Card] | None = None
    """A pitched card given back to its pitcher (the dealer pitched his own, or Smudged)."""


def after_call(
    rules: Rules,
    dealer: int,
    seat: int,
    contract: int,
    pitcher: int | None,
    pitched: tuple[tuple[int, Card], ...],
    action: Action,
) -> CallOutcome:
    """What `seat`'s call `action` does to an auction whose highest call is `contract`
    (by `pitcher`), with `pitched` the card lying face up (if any): the one home of the
    auction's transitions: who calls next, when the auction ends and what follows (the
    pitcher declares trump or leads, or the hand is passed out), a pitch, and the
    dealer's answer to one (`step_call` builds the next core from it)."""
    players = rules.players
    if pitched:  # the dealer answers a pitch
        first, card = pitched[0]
        if isinstance(action, Pass):  # the pitch stands: play goes on from its left
            return CallOutcome(
                contract=contract,
                pitcher=pitcher,
                trump=trump_named_by(card),
                phase=_PLAY,
                to_act=(first + 1) % players,
                plays=pitched,
            )
        if isinstance(action, Pitch):  # the dealer's own card leads; the first comes back
            return CallOutcome(
                contract=rules.max_plain_bid,
                pitcher=dealer,
                trump=trump_named_by(action.card),
                phase=_PLAY,
                to_act=(dealer + 1) % players,
                plays=((dealer, action.card),),
                taken=action.card,
                returned=(first, card),
            )
        # Smudge: the first pitcher's card comes back; the dealer leads any card (trump)
        return CallOutcome(
            contract=rules.smudge_level,
            pitcher=dealer,
            trump=None,
            phase=_PLAY,
            to_act=dealer,
            returned=(first, card),
        )
    if isinstance(action, Pitch):  # a bid of T, its card face up: the dealer answers it
        dealt = seat == dealer  # the dealer's own pitch is the first lead at once
        return CallOutcome(
            contract=rules.max_plain_bid,
            pitcher=seat,
            trump=trump_named_by(action.card),
            phase=_PLAY if dealt else _BIDDING,
            to_act=(seat + 1) % players if dealt else dealer,
            plays=((seat, action.card),),
            taken=action.card,
        )
    if isinstance(action, Bid):
        contract, pitcher = action.level, seat
    elif isinstance(action, _TOP_CALLS):  # a Smudge, or a shoot
        contract, pitcher = rules.smudge_level, seat
    if seat != dealer:  # the next seat calls
        # positionally (contract, pitcher, trump, phase, to_act): the most common call
        return CallOutcome(contract, pitcher, None, _BIDDING, (seat + 1) % players)
    if pitcher is None:  # everyone passed, the dealer too
        if rules.all_pass is _ALL_PASS_DEALER_FREE:
            pitcher = dealer  # the dealer plays free: contract 0, which cannot be set
        elif rules.all_pass is _ALL_PASS_ELDEST_FREE:
            pitcher = (dealer + 1) % players  # the eldest hand plays free, at contract 0
        else:  # the hand is passed out
            return CallOutcome(0, None, None, _BIDDING, None)  # positionally, as above
    phase = _DECLARE_TRUMP if rules.trump_by is _DECLARE else _PLAY
    return CallOutcome(contract, pitcher, None, phase, pitcher)  # positionally, as above


def held_after(outcome: CallOutcome, seat: int, held: tuple[int, ...]) -> tuple[int, ...]:
    """The cards each seat holds after `seat`'s call had `outcome`: a pitched card leaves
    its pitcher's hand, a card taken back returns to it (the held cards themselves when the
    call moved no card)."""
    if outcome.taken is None and outcome.returned is None:
        return held
    cards = list(held)
    if outcome.taken is not None:
        cards[seat] &= ALL_BUT[outcome.taken.index]
    if outcome.returned is not None:
        back, card = outcome.returned
        cards[back] |= BIT[card.index]
    return tuple(cards)


def step_call(rules: Rules, tables: Sequence[TrumpTable], hand: Hand, action: Action) -> Hand:
    """The seat to act makes the call `action` (`after_call`): the next seat calls, or the
    pitcher declares trump or leads, or the hand is passed out (the core's `to_act` is
    None)."""
    setup = hand.setup
    seat = hand.to_act
    assert seat is not None
    outcome = after_call(
        rules, setup.dealer, seat, setup.contract, setup.pitcher, hand.plays, action
    )
    held = held_after(outcome, seat, hand.held)
    setup = with_auction(
        setup,
        bids=(*setup.bids, (seat, action)),
        contract=outcome.contract,
        pitcher=outcome.pitcher,
        trump=outcome.trump,
        phase=outcome.phase,
    )
    playable = 0
    if outcome.phase is _PLAY and outcome.to_act is not None:
        table = None if outcome.trump is None else tables[outcome.trump]
        led = outcome.plays[0][1].index if outcome.plays else -1
        playable = open_cards(rules, table, held[outcome.to_act], led, True, setup.must_play)[0]
    return core_of(Hand, (setup, outcome.to_act, held, outcome.plays, (), playable))
