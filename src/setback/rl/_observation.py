"""The flat observation: its layout, field by field, and its encoding from a `PlayerView`."""

from __future__ import annotations

import functools
import math
from typing import Any

import attrs
import numpy as np

from ..actions import MAX_LEVEL, Bid, Pass, Pitch, Smudge
from ..cards import CARDS, cards_of
from ..rules import Rules
from ..state import Phase
from ..views import PlayerView

__all__ = ["ObservationField", "encode_observation", "observation_layout"]

_CARDS = len(CARDS)
PHASES = (
    Phase.BIDDING,
    Phase.DECLARE_TRUMP,
    Phase.DISCARD,
    Phase.PLAY,
    Phase.GAME_OVER,
)
CALLS = 1 + MAX_LEVEL + 2
"""Slots of one seat's call: pass, bid 1 to 20, smudge, pitch."""
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


def _fields(p: int, s: int, recall: bool) -> list[tuple[str, tuple[int, ...], str]]:
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
            (p, CALLS),
            "per seat, one-hot: its call this hand: pass, bid 1 to 20, smudge, pitch "
            "(all 0 before it calls)",
        ),
        ("pitcher", (p,), "one-hot: the seat that won the auction"),
        ("contract", (MAX_LEVEL + 1,), "one-hot: the contract's level, 1 to 21"),
        ("trick", (p, _CARDS), "per seat, the card it played to the trick in progress"),
        ("leader", (p,), "one-hot: the seat that led the trick in progress"),
        ("played", (p, _CARDS), "per seat, every card it played this hand (this trick too)"),
        ("tricks_won", (s,), "per side, tricks taken this hand / 6"),
        ("hand_sizes", (p,), "per seat, cards held / cards dealt"),
        ("stock", (1,), "cards undealt / cards in the pack"),
        ("scores", (s,), f"per side, score / target, clipped to ±{SCORE_CLIP:g}"),
    ]
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
    recall the order of play (`trick_of_card`).

    Examples:
        >>> from setback import Rules
        >>> layout = observation_layout(Rules.setback())
        >>> layout[0].name, layout[-1].stop
        ('seat', 812)
    """
    return _layout(rules.players, rules.side_count, recall)


@functools.lru_cache(maxsize=64)
def _layout(players: int, sides: int, recall: bool) -> tuple[ObservationField, ...]:
    out, start = [], 0
    for name, shape, meaning in _fields(players, sides, recall):
        size = math.prod(shape)
        out.append(ObservationField(name, start, size, shape, meaning))
        start += size
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _offsets(players: int, sides: int, recall: bool) -> dict[str, ObservationField]:
    return {field.name: field for field in _layout(players, sides, recall)}


def _call_slot(action: object, rules: Rules) -> int:
    if isinstance(action, Pass):
        return 0
    if isinstance(action, Bid):
        return int(action.level)
    if isinstance(action, Smudge):
        return MAX_LEVEL + 1
    if isinstance(action, Pitch):
        return MAX_LEVEL + 2
    return -1


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
    rules = view.rules
    layout = _offsets(rules.players, rules.side_count, recall)
    out = np.zeros(layout["scores" if not recall else "trick_of_card"].stop, np.float32)
    ones: list[int] = []
    seat = view.seat
    ones.append(layout["seat"].start + seat)
    scores = layout["scores"]
    target = float(rules.target)
    for side, score in enumerate(view.scores):
        out[scores.start + side] = max(-SCORE_CLIP, min(SCORE_CLIP, score / target))
    if hand_over:
        ones.append(layout["phase"].start + len(PHASES))
        out[ones] = 1.0
        return out
    players = rules.players
    ones.append(layout["dealer"].start + view.dealer)
    if view.to_act is not None:
        ones.append(layout["to_act"].start + view.to_act)
    ones.append(layout["phase"].start + PHASES.index(view.phase))
    if private:
        start = layout["hand"].start
        ones.extend(start + card.index for card in view.hand)
        if pending:
            start = layout["pending_discard"].start
            ones.extend(start + card.index for card in cards_of(pending))
        start = layout["own_discards"].start
        ones.extend(start + card.index for card in view.discards)
    start = layout["face_up_discards"].start
    ones.extend(start + card.index for cards in view.face_up_discards for card in cards)
    if view.trump is not None:
        ones.append(layout["trump"].start + int(view.trump))
    start = layout["calls"].start
    calls: dict[int, int] = {}
    for bidder, action in view.bids:
        slot = _call_slot(action, rules)
        if slot >= 0:
            calls[bidder] = slot  # a seat's last call counts
    ones.extend(start + bidder * CALLS + slot for bidder, slot in calls.items())
    if view.pitcher is not None:
        ones.append(layout["pitcher"].start + view.pitcher)
    if view.contract:
        ones.append(layout["contract"].start + min(view.contract, MAX_LEVEL + 1) - 1)
    played = layout["played"].start
    if view.trick is not None:
        ones.append(layout["leader"].start + view.trick.leader)
        start = layout["trick"].start
        for player, card in view.trick.plays:
            ones.append(start + player * _CARDS + card.index)
            ones.append(played + player * _CARDS + card.index)
    won = layout["tricks_won"].start
    side_of = rules.seat_sides
    for trick in view.tricks:
        for player, card in trick.plays:
            ones.append(played + player * _CARDS + card.index)
        if trick.winner is not None:
            out[won + side_of[trick.winner]] += 1 / 6
    sizes = layout["hand_sizes"].start
    out[sizes : sizes + players] = view.hand_sizes
    out[sizes : sizes + players] /= rules.deal
    out[layout["stock"].start] = view.stock_size / len(rules.pack)
    if recall:
        start = layout["trick_of_card"].start
        tricks = [*view.tricks, *([view.trick] if view.trick is not None else [])]
        for number, trick in enumerate(tricks):
            for _, card in trick.plays:
                out[start + card.index] = (number + 1) / MAX_TRICKS
    out[ones] = 1.0
    return out
