"""Internal: `heuristic.best_suit` of many hands at once, on numpy arrays.

The search's auction playouts give every seat of every guessed deal its best trump and the
estimate of its hand (`heuristic.best_suit`): four `expected_points` a hand, in plain
Python the largest part of a batched auction decision. `best_suits` makes the same choice
and the same float to the last bit for a whole batch of hands: the same terms, added in
the same order. It is a second form of `expected_points`, so a test ties the two hand by
hand under every preset (`tests/extras/test_batch_estimate.py`). Rule sets whose points
are captured (the Pedro games: `heuristic.captures_points`) are estimated by
`best_suit` itself, one hand at a time.
"""

from __future__ import annotations

import functools
from typing import Any

from ..cards import CARDS, Rank, Suit
from ..options import JokerRank, LowTo
from ..points import Point
from ..rules import Rules
from ..tables import trump_table
from .heuristic import _FOUR, _HOLD_CHANCE, best_suit, captures_points

__all__: list[str] = []

_HIGH = ((Rank.ACE, 1.0), (Rank.KING, 0.65), (Rank.QUEEN, 0.4))
"""`expected_points`' High by the top trump's rank (else 0.15)."""


def _bits(cards: Any) -> int:
    out = 0
    for card in cards:
        out |= 1 << card.index
    return out


def _mask(index: int | None) -> int:
    return 0 if index is None else 1 << index


class _Suit:
    """What `expected_points` reads of a hand for one trump suit, as bit sets."""

    def __init__(self, rules: Rules, trump: Suit) -> None:
        table = trump_table(trump, rules)
        pack = [CARDS[index] for index in rules.pack_indices]
        self.trumps = _bits(card for card in pack if table.is_trump(card))
        natural = [card for card in pack if card.suit is trump]
        self.rank = {rank: _bits(c for c in natural if c.rank == rank) for rank in Rank}
        holder = rules.low_to is LowTo.HOLDER
        self.lows = (
            (self.rank[Rank.TWO], 1.0 if holder else 0.7),
            (self.rank[Rank.THREE], 0.6 if holder else 0.45),
            (self.rank[Rank.FOUR], 0.35 if holder else 0.25),
        )
        self.natural = _bits(natural)
        lowest = rules.joker_rank is JokerRank.LOWEST
        self.extended = tuple(
            (
                _mask(point.card(trump)),
                (0.15 if lowest and point is Point.JOKER else _HOLD_CHANCE[point]) * point.worth,
                0.1 * point.worth,
            )
            for point in rules.points
            if point not in _FOUR
        )


class _Tables:
    def __init__(self, rules: Rules) -> None:
        pack = [CARDS[index] for index in rules.pack_indices]
        self.suits = tuple(_Suit(rules, suit) for suit in Suit)
        self.tens = _bits(c for c in pack if c.rank == Rank.TEN)
        self.honours = tuple(
            (_bits(c for c in pack if c.rank == rank), rank.points)
            for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
        )


@functools.lru_cache(maxsize=32)
def _tables(rules: Rules) -> _Tables:
    return _Tables(rules)


def _expected(s: _Suit, held: Any, tens: Any, honours: Any) -> Any:
    """`expected_points` of every hand of `held` with the trump of `s`."""
    import numpy as np

    from ._batch_numpy import popcount

    def has(mask: int) -> Any:
        return (held & np.uint64(mask)) != 0

    extended = np.zeros(len(held), dtype=np.float64)
    for card, kept, lost in s.extended:
        extended = extended + (np.where(has(card), kept, lost) if card else lost)
    count = popcount(held & np.uint64(s.trumps)).astype(np.int64)
    ace, king, queen = has(s.rank[Rank.ACE]), has(s.rank[Rank.KING]), has(s.rank[Rank.QUEEN])
    high = np.where(ace, 1.0, np.where(king, 0.65, np.where(queen, 0.4, 0.15)))
    (two, at_two), (three, at_three), (four, at_four) = s.lows
    low = np.where(
        has(two), at_two, np.where(has(three), at_three, np.where(has(four), at_four, 0.1))
    )
    above_jack = ace | king | queen
    jack = np.where(
        has(s.rank[Rank.JACK]),
        np.where((count >= 3) | above_jack, 0.85, 0.5),
        np.where((ace | king) & (count >= 2), 0.25, 0.1),
    )
    game = np.minimum(0.9, 0.2 + 0.2 * tens + 0.03 * honours + 0.08 * count)
    value = high + low + jack + game + 0.15 * np.maximum(0, count - 2) + extended
    return np.where(has(s.natural), value, np.where(count > 0, extended, 0.0))


def best_suits(rules: Rules, held: Any) -> tuple[Any, Any]:
    """`heuristic.best_suit` of every hand of `held` (a sequence of card bit sets): the
    suits (as ints) and the estimates, as numpy arrays."""
    import numpy as np

    from ._batch_numpy import popcount

    held = np.asarray(held, dtype=np.uint64)
    if captures_points(rules):
        from ..cards import cards_of

        pairs = [best_suit(cards_of(int(cards)), rules) for cards in held.tolist()]
        return (
            np.array([int(suit) for suit, _ in pairs], dtype=np.int64),
            np.array([value for _, value in pairs], dtype=np.float64),
        )
    t = _tables(rules)
    tens = popcount(held & np.uint64(t.tens)).astype(np.int64)
    honours = np.zeros(len(held), dtype=np.int64)
    for mask, points in t.honours:
        honours = honours + points * popcount(held & np.uint64(mask)).astype(np.int64)
    best = np.zeros(len(held), dtype=np.int64)
    value = np.full(len(held), -np.inf)
    for suit, s in zip(Suit, t.suits, strict=True):
        mine = _expected(s, held, tens, honours)
        better = mine >= value  # best_suit's key: the higher estimate, then the higher suit
        best = np.where(better, int(suit), best)
        value = np.where(better, mine, value)
    return best, value
