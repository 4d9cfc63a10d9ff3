"""Shuffling and dealing: the library's own shuffle, keyed by (seed, hand number)."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence

from .rules import Rules
from .state import GameRecord, GameState, HandResult, HandState, Phase

__all__: list[str] = []

_WORDS = struct.Struct("<52Q")


def shuffled_pack(seed: int, number: int) -> list[int]:
    """The 52 card indices in the order of hand `number` of the game with `seed`.

    A Fisher-Yates shuffle driven by SHAKE-256 of the seed and the hand
    number: the same on every Python version and platform, unlike `random`.
    """
    key = f"setback/{seed}/{number}".encode()
    words = _WORDS.unpack(hashlib.shake_256(key).digest(_WORDS.size))
    pack = list(range(52))
    for i in range(51, 0, -1):
        j = words[i] % (i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def packets(rules: Rules) -> tuple[int, ...]:
    """The packet sizes each player receives in turn: 3, 3 for six cards."""
    size = rules.hand_size
    return (3,) * (size // 3) + ((size % 3,) if size % 3 else ())


def deal(rules: Rules, dealer: int, pack: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deal `pack` in packets clockwise from the dealer's left.

    Returns each seat's hand as a bit set and the undealt rest, in order.
    """
    players = rules.players
    hands = [0] * players
    pos = 0
    for size in packets(rules):
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            for index in pack[pos : pos + size]:
                hands[seat] |= 1 << index
            pos += size
    return tuple(hands), tuple(pack[pos:])


def start_hand(
    rules: Rules,
    origin: GameRecord,
    number: int,
    dealer: int,
    scores: tuple[int, ...],
    history: tuple[HandResult, ...],
    dealt: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
) -> GameState:
    """The state at the start of hand `number`: cards dealt, the auction open.

    `dealt` (hands as bit sets, and the stock) overrides the shuffle.
    """
    if dealt is None:
        dealt = deal(rules, dealer, shuffled_pack(origin.seed, number))
    held, stock = dealt
    return GameState(
        rules=rules,
        origin=origin,
        phase=Phase.BIDDING,
        to_act=(dealer + 1) % rules.players,
        scores=scores,
        history=history,
        winner=None,
        hand=HandState(number=number, dealer=dealer, dealt=held, stock=stock),
        held=held,
        trick=None,
        tricks=(),
    )
