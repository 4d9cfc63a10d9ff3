"""Internal: `heuristic.best_suit` of many hands at once, on numpy arrays.

The search's auction playouts give every seat of every guessed deal its best trump and the
estimate of its hand (`heuristic.best_suit`): four `expected_points` a hand, in plain
Python the largest part of a batched auction decision. `best_suits` makes the same choice
and the same float to the last bit for a whole batch of hands: the same terms, added in
the same order, from the heuristic's own chances (`HIGH_CHANCE`, `LOW_CHANCE`,
`hold_chance`, `LOST_CHANCE`). It is a second form of `expected_points`, so a test ties
the two hand by hand under every preset (`tests/test_batch.py`,
`test_the_estimates_on_arrays_are_the_heuristics_to_the_last_bit`). Rule sets whose
points are captured (the Pedro games: `heuristic.captures_points`) are estimated by
`best_suit` itself, one hand at a time.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from ..cards import CARDS, Rank, Suit, mask_of
from ..options import LowTo
from ..points import FOUR_POINTS
from ..rules import Rules
from ..tables import trump_table

# the heuristic's own terms: this module is their second form, tied to them by a test
from .heuristic import (
    HIGH_CHANCE,
    LOST_CHANCE,
    LOW_CHANCE,
    best_suit,
    captures_points,
    hold_chance,
)

__all__: list[str] = []


@attrs.frozen
class _Suit:
    """What `expected_points` reads of a hand for one trump suit, as bit sets."""

    trumps: int
    """The trumps (the jick and the jokers too)."""
    natural: int
    """The cards of the trump suit."""
    highs: tuple[tuple[int, float], ...]
    """High's chance by the top card of the suit held: (card, chance), highest first."""
    lows: tuple[tuple[int, float], ...]
    """Low's chance by the lowest card of the suit held: (card, chance), lowest first."""
    jack: int
    """The jack of the suit."""
    above_jack: int
    """The queen, king and ace of the suit."""
    king_or_ace: int
    """The king and ace of the suit."""
    extended: tuple[tuple[int, float, float], ...]
    """Each point of the extended forms: its card (0: none), its worth times the chance
    it comes home when held, and when not."""


def _suit(rules: Rules, trump: Suit) -> _Suit:
    table = trump_table(trump, rules)
    pack = [CARDS[index] for index in rules.pack_indices]
    natural = [card for card in pack if card.suit is trump]

    def of(*ranks: Rank) -> int:
        return mask_of(card for card in natural if card.rank in ranks)

    extended = []
    for point in rules.points:
        if point in FOUR_POINTS:
            continue
        card = point.card(trump)
        kept, lost = hold_chance(point, rules) * point.worth, LOST_CHANCE * point.worth
        extended.append((0 if card is None else 1 << card, kept, lost))
    low_chance = LOW_CHANCE[rules.low_to is LowTo.HOLDER]
    return _Suit(
        trumps=mask_of(card for card in pack if table.is_trump(card)),
        natural=mask_of(natural),
        highs=tuple((of(rank), chance) for rank, chance in HIGH_CHANCE.items()),
        lows=tuple((of(rank), chance) for rank, chance in low_chance.items()),
        jack=of(Rank.JACK),
        above_jack=of(Rank.QUEEN, Rank.KING, Rank.ACE),
        king_or_ace=of(Rank.KING, Rank.ACE),
        extended=tuple(extended),
    )


@attrs.frozen
class _Tables:
    suits: tuple[_Suit, ...]
    """Each trump suit's, in `Suit` order."""
    tens: int
    """The tens of the pack."""
    honours: tuple[tuple[int, int], ...]
    """The aces, kings, queens and jacks, each with its Game points."""


@functools.lru_cache(maxsize=32)
def _tables(rules: Rules) -> _Tables:
    pack = [CARDS[index] for index in rules.pack_indices]
    return _Tables(
        suits=tuple(_suit(rules, suit) for suit in Suit),
        tens=mask_of(c for c in pack if c.rank == Rank.TEN),
        honours=tuple(
            (mask_of(c for c in pack if c.rank == rank), rank.points)
            for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
        ),
    )


def _chance(has: Any, count: int, table: tuple[tuple[int, float], ...], otherwise: float) -> Any:
    """For each of `count` hands, the chance of the first card of `table` it holds (`has`),
    else `otherwise`."""
    import numpy as np

    value = np.full(count, otherwise)
    for card, chance in reversed(table):
        value = np.where(has(card), chance, value)
    return value


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
    high = _chance(has, len(held), s.highs, 0.15)
    low = _chance(has, len(held), s.lows, 0.1)
    jack = np.where(
        has(s.jack),
        np.where((count >= 3) | has(s.above_jack), 0.85, 0.5),
        np.where(has(s.king_or_ace) & (count >= 2), 0.25, 0.1),
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
