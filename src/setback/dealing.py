"""Shuffling and dealing: the library's own shuffle, keyed by (seed, hand number); who
deals next, and the state at the start of a hand."""

from __future__ import annotations

import functools
import hashlib
import operator
import struct
from collections.abc import Callable, Sequence

from .cards import BIT
from .discarding import draw_from
from .options import AllPass
from .rules import Rules
from .state import (
    ActionLog,
    GameRecord,
    GameState,
    Hand,
    HandResult,
    HandState,
    core_of,
    make_state,
)
from .tables import CallTable
from .trumps import TrumpTable

__all__: list[str] = []

_REDEAL = AllPass.REDEAL


def shuffled_pack(seed: int, number: int, pack: Sequence[int] = tuple(range(52))) -> list[int]:
    """The card indices of `pack` in the order of hand `number` of the game with `seed`.

    A Fisher-Yates shuffle driven by SHAKE-256 of the seed and the hand
    number: the same on every Python version and platform, unlike `random`.
    (The 52-card pack shuffles as it always has; a pack with jokers draws one
    more word per card from the same stream.)
    """
    words, steps = _plan(len(pack))
    key = f"setback/{seed}/{number}".encode()
    draws = words.unpack(hashlib.shake_256(key).digest(words.size))
    order = list(pack)
    for i, bound in steps:
        j = draws[i] % bound
        order[i], order[j] = order[j], order[i]
    return order


@functools.lru_cache(maxsize=8)
def _plan(size: int) -> tuple[struct.Struct, tuple[tuple[int, int], ...]]:
    """The shuffle of a pack of `size` cards: `size` little-endian 64-bit words (one per
    card), and its steps `(i, i + 1)` for `i` from `size - 1` down to 1 (card `i` swaps
    with card `draws[i] % (i + 1)`)."""
    return struct.Struct(f"<{size}Q"), tuple((i, i + 1) for i in range(size - 1, 0, -1))


def packets(rules: Rules) -> tuple[int, ...]:
    """The packet sizes each player receives in turn: threes, the last smaller (3, 3 for
    six cards, 3, 3, 2 for eight, 3, 3, 3, 1 for ten)."""
    return _packet_sizes(rules.deal)


def _packet_sizes(size: int) -> tuple[int, ...]:
    return (3,) * (size // 3) + ((size % 3,) if size % 3 else ())


def deal(rules: Rules, dealer: int, pack: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deal `pack` in packets clockwise from the dealer's left.

    Returns each seat's hand as a bit set and the undealt rest, in order.
    """
    takers, dealt = _takers(rules.players, rules.deal, dealer)
    hands = []
    for take in takers:
        held = 0
        for index in take(pack):
            held += BIT[index]  # the cards differ: + is |, a loop beats map and sum here
        hands.append(held)
    return tuple(hands), tuple(pack[dealt:])


@functools.lru_cache(maxsize=256)
def deal_places(players: int, size: int, dealer: int) -> tuple[tuple[int, ...], ...]:
    """Where each seat's cards lie in a pack dealt `size` cards a seat, in `packets`,
    clockwise from `dealer`'s left: its places in the pack, ascending, in seat order. The
    one home of the deal's order (the deal and sampling's replay of a world ask it)."""
    places: list[list[int]] = [[] for _ in range(players)]
    dealt = 0
    for packet in _packet_sizes(size):
        for k in range(1, players + 1):  # the k-th seat from the dealer's left
            places[(dealer + k) % players].extend(range(dealt, dealt + packet))
            dealt += packet
    return tuple(map(tuple, places))


@functools.lru_cache(maxsize=256)
def _takers(
    players: int, size: int, dealer: int
) -> tuple[tuple[Callable[[Sequence[int]], tuple[int, ...]], ...], int]:
    """What each seat takes from a pack dealt as `deal_places` says (its places, as a
    getter, in seat order); and how many cards are dealt."""
    places = deal_places(players, size, dealer)
    return tuple(_getter(list(seat)) for seat in places), sum(map(len, places))


def _getter(places: list[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    get = operator.itemgetter(*places)
    if len(places) == 1:  # itemgetter of one place returns the item, not a tuple
        return lambda pack: (get(pack),)
    return get


def start_hand(
    rules: Rules,
    origin: GameRecord,
    number: int,
    dealer: int,
    scores: tuple[int, ...],
    history: Sequence[HandResult],
    log: ActionLog,
    dealt: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
    *,
    tables: tuple[TrumpTable, ...],
    calls: CallTable,
    last_hand: HandState | None = None,
) -> GameState:
    """The state at the start of hand `number`: cards dealt, the auction open.

    `dealt` (hands as bit sets, and the stock) overrides the shuffle. `tables` and `calls`
    are the engine's tables of `rules` (`tables.trump_tables`, `bidding.call_table`): the
    last hand's, or those a new game looked up.
    """
    if dealt is None:
        dealt = deal(rules, dealer, shuffled_pack(origin.seed, number, rules.pack_indices))
    held, stock = dealt
    kitty = draw_from(stock, rules.kitty)[0]  # it lies first, until the pitcher takes it
    setup = HandState(number=number, dealer=dealer, stock=stock, kitty=kitty)
    return make_state(
        rules=rules,
        origin=origin,
        scores=scores,
        history=history,
        winner=None,
        hand=core_of(Hand, (setup, (dealer + 1) % rules.players, held, (), (), 0)),
        log=log,
        tables=tables,
        calls=calls,
        last_hand=last_hand,
    )


def next_dealer(rules: Rules, result: HandResult) -> int:
    """Who deals after the hand `result`: the seat to the dealer's left, or the same
    dealer again after a hand everyone passed under `AllPass.REDEAL`."""
    if result.pitcher is None and rules.all_pass is _REDEAL:
        return result.dealer
    return (result.dealer + 1) % rules.players
