"""The flat observation: its layout, field by field, and its encoding from a `PlayerView`."""

from __future__ import annotations

import functools
import math
from typing import Any

import attrs
import numpy as np

from ..actions import MAX_LEVEL, Bid, Pass, Pitch, Shoot, Smudge
from ..cards import CARDS, mask_of
from ..rules import Rules
from ..state import GameState, Phase, Trick
from ..views import PlayerView, seen_partner

__all__ = ["ObservationField", "encode_observation", "observation_layout"]

_CARDS = len(CARDS)
PHASES = (
    Phase.BIDDING,
    Phase.DECLARE_TRUMP,
    Phase.DISCARD,
    Phase.PLAY,
    Phase.GAME_OVER,
)
LOW_LEVELS = 20
"""The bid levels of the observation of a point set worth at most 20 (every preset but
Dom Pedro): its layout is the same as before bids went above 20."""


def call_levels(rules: Rules) -> int:
    """The bid levels the observation of `rules` has slots for: 20 (`LOW_LEVELS`) where T
    is at most 20, else `actions.MAX_LEVEL` (36, Dom Pedro)."""
    return LOW_LEVELS if rules.max_plain_bid <= LOW_LEVELS else MAX_LEVEL


SCORE_CLIP = 10.0
"""Scores are given as score / target, clipped to ±10."""
MAX_TRICKS = 16
"""More tricks than a hand can have (trumps-only play has at most 16 trumps to lead)."""


@attrs.frozen
class ObservationField:
    """One field of the flat observation: its name, where it starts, how many numbers it
    holds, their shape (rows for per-seat fields) and what they mean."""

    name: str
    """The field's name (also the key of OpenSpiel's named tensor views)."""
    start: int
    """Its first index in the flat array."""
    size: int
    """How many numbers it holds."""
    shape: tuple[int, ...]
    """Its shape: `(size,)`, or `(players, 55)` and the like for per-seat fields."""
    meaning: str
    """What the numbers say."""

    @property
    def stop(self) -> int:
        """One past its last index."""
        return self.start + self.size


def _fields(
    p: int, s: int, recall: bool, levels: int, partner: bool = False
) -> list[tuple[str, tuple[int, ...], str]]:
    fields = [
        ("seat", (p,), "one-hot: the observing seat"),
        ("dealer", (p,), "one-hot: the dealer of the hand"),
        ("to_act", (p,), "one-hot: the seat to act (all 0 when nobody is)"),
        (
            "phase",
            (len(PHASES) + 1,),
            "one-hot: bidding, declare trump, discard, play, game over, hand over (the "
            "episode ended with the hand; the fields below are 0 then, scores aside)",
        ),
        ("hand", (_CARDS,), "1 for each card the seat holds (by card index)"),
        ("pending_discard", (_CARDS,), "1 for each card chosen so far for its discard"),
        ("own_discards", (_CARDS,), "1 for each card the seat discarded face down this hand"),
        ("face_up_discards", (_CARDS,), "1 for each card anyone discarded face up this hand"),
        ("trump", (4,), "one-hot: the trump suit C, D, H, S (all 0 before it is known)"),
        (
            "calls",
            (p, levels + 3),
            f"per seat, one-hot: its call this hand: pass, bid 1 to {levels}, smudge (or "
            "shoot), pitch (all 0 before it calls)",
        ),
        ("pitcher", (p,), "one-hot: the seat that won the auction"),
        ("contract", (levels + 1,), f"one-hot: the contract's level, 1 to {levels + 1}"),
        ("trick", (p, _CARDS), "per seat, the card it played to the trick in progress"),
        ("leader", (p,), "one-hot: the seat that led the trick in progress"),
        ("played", (p, _CARDS), "per seat, every card it played this hand (this trick too)"),
        ("tricks_won", (s,), "per side, tricks taken this hand / 6"),
        ("hand_sizes", (p,), "per seat, cards held / cards dealt"),
        ("stock", (1,), "cards undealt / cards in the pack"),
        ("scores", (s,), f"per side, score / target, clipped to ±{SCORE_CLIP:g}"),
    ]
    if partner:  # call your partner (`Rules.call_partner`) only: other layouts are unchanged
        fields.append(("called", (_CARDS,), "1 for the card the pitcher called"))
        fields.append(
            ("partner", (p,), "one-hot: the pitcher's partner, once the seat may know him")
        )
    if recall:
        fields.append(
            (
                "trick_of_card",
                (_CARDS,),
                f"per card played this hand, (the number of its trick + 1) / {MAX_TRICKS} "
                "(with `played` and `leader`: the order of play)",
            )
        )
    return fields


def observation_layout(rules: Rules, *, recall: bool = False) -> tuple[ObservationField, ...]:
    """The fields of the flat observation for `rules`, in order.

    `recall=True` adds the field that makes OpenSpiel's information-state tensor
    recall the order of play (`trick_of_card`). The calls and the contract have slots
    for bids up to 20, or up to 36 where the points are worth more than 20 (Dom Pedro).
    Under call your partner (`Rules.call_partner`) the layout adds `called` and
    `partner`, and the call's phase (`Phase.CALL_PARTNER`) shows as declare trump's.

    Examples:
        >>> from setback import Rules
        >>> layout = observation_layout(Rules.setback())
        >>> layout[0].name, layout[-1].stop
        ('seat', 812)
    """
    return _layout(rules.players, rules.side_count, recall, call_levels(rules), rules.call_partner)


@functools.lru_cache(maxsize=64)
def _layout(
    players: int, sides: int, recall: bool, levels: int, partner: bool = False
) -> tuple[ObservationField, ...]:
    out, start = [], 0
    for name, shape, meaning in _fields(players, sides, recall, levels, partner):
        size = math.prod(shape)
        out.append(ObservationField(name, start, size, shape, meaning))
        start += size
    return tuple(out)


def observation_bounds(rules: Rules, recall: bool = False) -> tuple[Any, Any]:
    """The lowest and highest value of each number of the observation."""
    layout = observation_layout(rules, recall=recall)
    low = np.zeros(layout[-1].stop, np.float32)
    high = np.ones(layout[-1].stop, np.float32)
    for field in layout:
        if field.name == "scores":
            low[field.start : field.stop] = -SCORE_CLIP
            high[field.start : field.stop] = SCORE_CLIP
        elif field.name == "tricks_won":
            high[field.start : field.stop] = MAX_TRICKS / 6
        elif field.name == "hand_sizes":
            high[field.start : field.stop] = _CARDS / rules.deal
    return low, high


def encode_observation(
    view: PlayerView,
    pending: int = 0,
    *,
    hand_over: bool = False,
    recall: bool = False,
    private: bool = True,
) -> Any:
    """The flat `float32` observation of `view` (see `observation_layout`).

    Args:
        view: what the seat may know (`setback.observe(state, seat)`).
        pending: the cards chosen so far for a discard in progress (a bit set).
        hand_over: the episode ended with the hand: only seat, phase and scores are set.
        recall: add `trick_of_card` (OpenSpiel's information state).
        private: include the seat's own cards (False: only what every seat sees).

    Returns:
        A `numpy` array of `float32`.
    """
    return _encode(
        view.rules,
        view.seat,
        view.scores,
        hand_over,
        view.dealer,
        view.to_act,
        view.phase,
        mask_of(view.hand),
        pending,
        mask_of(view.discards),
        [mask_of(cards) for cards in view.face_up_discards],
        view.trump,
        view.bids,
        view.pitcher,
        view.contract,
        view.trick,
        view.tricks,
        view.hand_sizes,
        view.stock_size,
        recall,
        private,
        None,
        0 if view.called is None else 1 << view.called.index,
        # the holder knows himself from his own hand: private to him
        view.partner if private or view.called not in view.hand else None,
    )


def encode_state(
    state: GameState,
    seat: int,
    pending: int = 0,
    *,
    hand_over: bool = False,
    memo: list[Any] | None = None,
) -> Any:
    """`encode_observation(observe(state, seat), pending, hand_over=hand_over)`, read
    straight from the state (no `PlayerView` is built).

    `memo`, a list the caller keeps (start with `[]`), remembers the bits of the hand's
    finished tricks and auction and the scores' fractions, computed again only when
    those tuples change."""
    hand = state.hand_state
    over = state.phase is Phase.GAME_OVER
    return _encode(
        state.rules,
        seat,
        state.scores,
        hand_over,
        hand.dealer,
        state.to_act,
        state.phase,
        state.held[seat],
        pending,
        hand.discarded[seat] if hand.discarded and not over else 0,
        () if over else hand.face_up,
        state.trump,
        state.bids,
        state.pitcher,
        state.contract,
        state.trick,
        state.tricks,
        [mask.bit_count() for mask in state.held],
        len(hand.stock),
        False,
        True,
        memo,
        hand.called if not over else 0,
        seen_partner(state, seat) if hand.called else None,
    )


@attrs.frozen(eq=False)
class _Plan:
    """Where each field starts, for one (players, sides, recall): plain ints."""

    size: int
    seat: int
    dealer: int
    to_act: int
    phase: int
    hand: int
    pending: int
    own_discards: int
    face_up: int
    trump: int
    calls: int
    pitcher: int
    contract: int
    trick: int
    leader: int
    played: int
    tricks_won: int
    hand_sizes: int
    stock: int
    scores: int
    trick_of_card: int
    levels: int
    called: int = -1
    partner: int = -1


@functools.lru_cache(maxsize=64)
def _plan(players: int, sides: int, recall: bool, levels: int, partner: bool = False) -> _Plan:
    layout = _layout(players, sides, recall, levels, partner)
    starts = {field.name: field.start for field in layout}
    return _Plan(
        size=layout[-1].stop,
        seat=starts["seat"],
        dealer=starts["dealer"],
        to_act=starts["to_act"],
        phase=starts["phase"],
        hand=starts["hand"],
        pending=starts["pending_discard"],
        own_discards=starts["own_discards"],
        face_up=starts["face_up_discards"],
        trump=starts["trump"],
        calls=starts["calls"],
        pitcher=starts["pitcher"],
        contract=starts["contract"],
        trick=starts["trick"],
        leader=starts["leader"],
        played=starts["played"],
        tricks_won=starts["tricks_won"],
        hand_sizes=starts["hand_sizes"],
        stock=starts["stock"],
        scores=starts["scores"],
        trick_of_card=starts.get("trick_of_card", -1),
        levels=levels,
        called=starts.get("called", -1),
        partner=starts.get("partner", -1),
    )


_PHASE_SLOT = {phase: slot for slot, phase in enumerate(PHASES)}
_PHASE_SLOT[Phase.CALL_PARTNER] = _PHASE_SLOT[Phase.DECLARE_TRUMP]  # the pitcher's choices
_CALL_SLOT: dict[type, int] = {  # a pass is slot 0, a bid its level, these above the bids
    Smudge: 1,  # levels + 1
    Shoot: 1,  # the call above every bid: Smudge and the shoot never coexist
    Pitch: 2,
}


def _sixths() -> tuple[float, ...]:
    """`k` tricks' worth of `1 / 6`, added up in `float32` one trick at a time."""
    total, out = np.float32(0), [0.0]
    for _ in range(MAX_TRICKS):
        total = np.float32(total + np.float32(1 / 6))
        out.append(float(total))
    return tuple(out)


_SIXTHS = _sixths()


def _bits(big: int, size: int) -> Any:
    """The `float32` array of `size` numbers whose ones are the bits of `big`."""
    raw = np.frombuffer(big.to_bytes((size + 7) // 8, "little"), np.uint8)
    return np.unpackbits(raw, count=size, bitorder="little").astype(np.float32)


def _encode(
    rules: Rules,
    seat: int,
    scores: tuple[int, ...],
    hand_over: bool,
    dealer: int,
    to_act: int | None,
    phase: Phase,
    hand: int,
    pending: int,
    discards: int,
    face_up: Any,
    trump: Any,
    bids: tuple[tuple[int, Any], ...],
    pitcher: int | None,
    contract: int | None,
    trick: Trick | None,
    tricks: tuple[Trick, ...],
    hand_sizes: Any,
    stock_size: int,
    recall: bool,
    private: bool,
    memo: list[Any] | None,
    called: int = 0,
    partner: int | None = None,
) -> Any:
    """The observation from its parts: every one-hot bit is set in one Python int, which
    becomes the array in one step; the fractions (contiguous, tricks won to scores) are
    written in one more."""
    plan = _plan(rules.players, rules.side_count, recall, call_levels(rules), rules.call_partner)
    size = plan.size
    ones = 1 << (plan.seat + seat)
    if called and not hand_over:  # call your partner: the called card, and who may be known
        ones |= called << plan.called
        if partner is not None:
            ones |= 1 << (plan.partner + partner)
    if hand_over:
        out = _bits(ones | 1 << (plan.phase + len(PHASES)), size)
    else:
        ones |= 1 << (plan.dealer + dealer) | 1 << (plan.phase + _PHASE_SLOT[phase])
        if to_act is not None:
            ones |= 1 << (plan.to_act + to_act)
        if private:
            ones |= hand << plan.hand | pending << plan.pending | discards << plan.own_discards
        shown = 0
        for mask in face_up:
            shown |= mask
        ones |= shown << plan.face_up
        if trump is not None:
            ones |= 1 << (plan.trump + int(trump))
        if memo is None:
            memo = [None, 0, None, None, None, None]
        elif not memo:
            memo[:] = [None, 0, None, None, None, None]
        if memo[0] is not bids:
            memo[:2] = [bids, _calls(plan.calls, plan.levels, bids)]
        ones |= memo[1]
        if pitcher is not None:
            ones |= 1 << (plan.pitcher + pitcher)
        if contract:
            ones |= 1 << (plan.contract + min(contract, plan.levels + 1) - 1)
        played = plan.played
        if trick is not None:
            ones |= 1 << (plan.leader + trick.leader)
            start = plan.trick
            for player, card in trick.plays:
                ones |= 1 << (start + player * _CARDS + card.index)
                ones |= 1 << (played + player * _CARDS + card.index)
        if memo[2] is not tricks:
            memo[2:4] = [tricks, _finished(plan.played, rules, tricks)]
        if memo[4] is not scores:
            memo[4:] = [scores, _score_values(scores, rules.target)]
        done_bits, won = memo[3]
        out = _bits(ones | done_bits, size)
        deal = rules.deal
        start = plan.tricks_won
        out[start : plan.scores + len(scores)] = [
            *won,
            *[held / deal for held in hand_sizes],
            stock_size / len(rules.pack_indices),
            *memo[5],
        ]
        if recall:
            start = plan.trick_of_card
            every = [*tricks, *([trick] if trick is not None else [])]
            for number, each in enumerate(every):
                for _, card in each.plays:
                    out[start + card.index] = (number + 1) / MAX_TRICKS
        return out
    start = plan.scores
    out[start : start + len(scores)] = _score_values(scores, rules.target)
    return out


def _score_values(scores: tuple[int, ...], target: int) -> list[float]:
    return [max(-SCORE_CLIP, min(SCORE_CLIP, score / float(target))) for score in scores]


def _calls(start: int, levels: int, bids: tuple[tuple[int, Any], ...]) -> int:
    """The bits of each seat's last call (a seat's calls have `levels + 3` slots)."""
    calls: dict[int, int] = {}
    for bidder, action in bids:
        kind = type(action)
        if kind is Bid:
            calls[bidder] = action.level  # a seat's last call counts
        elif kind is Pass:
            calls[bidder] = 0
        elif kind in _CALL_SLOT:
            calls[bidder] = levels + _CALL_SLOT[kind]
    ones, width = 0, levels + 3
    for bidder, slot in calls.items():
        ones |= 1 << (start + bidder * width + slot)
    return ones


def _finished(played: int, rules: Rules, tricks: tuple[Trick, ...]) -> tuple[int, list[float]]:
    """The `played` bits of the hand's finished tricks, and each side's tricks won (as
    `tricks_won` holds them)."""
    ones = 0
    won = [0] * rules.side_count
    side_of = rules.seat_sides
    for done in tricks:
        for player, card in done.plays:
            ones |= 1 << (played + player * _CARDS + card.index)
        if done.winner is not None:
            won[side_of[done.winner]] += 1
    return ones, [_SIXTHS[count] for count in won]
