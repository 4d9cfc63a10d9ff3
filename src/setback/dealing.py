"""Shuffling and dealing: the library's own shuffle, keyed by (seed, hand number); the
end of a hand (who deals next) and the start of the next."""

from __future__ import annotations

import functools
import hashlib
import operator
import struct
from collections.abc import Callable, Sequence

from .actions import Action
from .cards import BIT
from .errors import IllegalActionError
from .options import AllPass
from .refusals import Refusal
from .rules import Rules
from .scoring import game_winner
from .state import (
    MAX_ACTIONS,
    MAX_HANDS,
    ActionLog,
    GameRecord,
    GameState,
    HandResult,
    HandState,
    Phase,
    make_state,
)

__all__: list[str] = []

# Module constants: reading a member off an Enum class costs a Python-level lookup.
_BIDDING = Phase.BIDDING
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
    takers, dealt = _places(rules.players, rules.deal, dealer)
    hands = []
    for take in takers:
        held = 0
        for index in take(pack):
            held += BIT[index]  # the cards differ: + is |, a loop beats map and sum here
        hands.append(held)
    return tuple(hands), tuple(pack[dealt:])


@functools.lru_cache(maxsize=256)
def _places(
    players: int, size: int, dealer: int
) -> tuple[tuple[Callable[[Sequence[int]], tuple[int, ...]], ...], int]:
    """What each seat takes from a pack dealt `size` cards a seat, in `packets`, from
    `dealer`'s left (its places in the pack, as a getter, in seat order); and how many
    cards are dealt."""
    places: list[list[int]] = [[] for _ in range(players)]
    dealt = 0
    for packet in _packet_sizes(size):
        for k in range(1, players + 1):  # the k-th seat from the dealer's left
            places[(dealer + k) % players].extend(range(dealt, dealt + packet))
            dealt += packet
    return tuple(_getter(seat_places) for seat_places in places), dealt


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
) -> GameState:
    """The state at the start of hand `number`: cards dealt, the auction open.

    `dealt` (hands as bit sets, and the stock) overrides the shuffle.
    """
    if dealt is None:
        dealt = deal(rules, dealer, shuffled_pack(origin.seed, number, rules.pack))
    held, stock = dealt
    return make_state(
        rules=rules,
        origin=origin,
        phase=_BIDDING,
        to_act=(dealer + 1) % rules.players,
        scores=scores,
        history=history,
        winner=None,
        hand_state=HandState(number, dealer, stock),
        held=held,
        trick=None,
        tricks=(),
        log=log,
    )


def next_dealer(rules: Rules, result: HandResult) -> int:
    """Who deals after the hand `result`: the seat to the dealer's left, or the same
    dealer again after a hand everyone passed under `AllPass.REDEAL`."""
    if result.pitcher is None and rules.all_pass is _REDEAL:
        return result.dealer
    return (result.dealer + 1) % rules.players


def close_hand(state: GameState, action: Action, result: HandResult) -> GameState:
    """The state after `action` ended the hand `result`: the hand recorded, the scores
    settled, and the game over or the next hand dealt."""
    standing = state.standing  # the game's fields, read once (not through the properties)
    rules = standing.rules
    scores = tuple(map(operator.add, standing.scores, result.score_changes))  # one per side
    history = standing.history.add(result)
    log = standing.earlier_log.extend((*state.hand_log, action))
    if log.length > MAX_ACTIONS:
        raise IllegalActionError(
            action,
            state.to_act,
            Refusal("too_many_actions", {"count": log.length, "most": MAX_ACTIONS}),
        )
    if history.length > MAX_HANDS:
        raise IllegalActionError(
            action,
            state.to_act,
            Refusal("too_many_hands", {"count": history.length, "most": MAX_HANDS}),
        )
    winner = game_winner(rules, standing.scores, result)
    if winner is None:
        dealer = next_dealer(rules, result)
        return start_hand(rules, standing.origin, result.number + 1, dealer, scores, history, log)
    return make_state(
        rules=rules,
        origin=standing.origin,
        phase=Phase.GAME_OVER,
        to_act=None,
        scores=scores,
        history=history,
        winner=winner,
        hand_state=state.hand_state,
        held=(0,) * rules.players,
        trick=None,
        tricks=(),
        log=log,
    )
