"""Internal: the pieces of `MonteCarloBot`'s greedy playout rule that both its playout
policy (`montecarlo.GreedyPolicy`) and the batched one (`batch.playout_policy`) ask: a
hand's rough worth under a trump, the low discard, the card to a trick already led, and the
rule-based lead (`smart_leads`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Rank, Suit
from ..rules import Rules
from ..tables import trump_table
from ..trumps import TrumpTable

__all__: list[str] = []

_JACK, _TWO, _THREE = Rank.JACK - 2, 0, 1  # offsets of ranks within a suit's 13 bits


def estimate(rules: Rules, held: int, suit: Suit) -> float:
    """A rough count of the points `held` takes with `suit` trump (bit operations only)."""
    table = trump_table(suit, rules)
    trumps = held & table.trump_mask
    count = trumps.bit_count()
    if not count:
        return 0.0
    base = suit * 13
    value = 0.15 * count
    top = table.order[0]
    if trumps >> top & 1:
        value += 1.0
    elif trumps >> table.order[1] & 1:
        value += 0.6
    if held >> (base + _TWO) & 1:
        value += 0.9
    elif held >> (base + _THREE) & 1:
        value += 0.5
    if held >> (base + _JACK) & 1:
        value += 0.7 if count >= 3 else 0.4
    tens = 0
    for s in range(4):
        tens += held >> (s * 13 + 8) & 1
    value += 0.2 + 0.15 * tens
    return value * rules.total_points / 4


def low_discard(cards: int, fewest: int, most: int, first: int, trumps: int = 0) -> int:
    """The playouts' discard: the lowest cards of `first` first (in the draw and the discard
    and draw: every non-trump below a ten), from `fewest` to `most` of `cards`; the cards of
    `trumps` (the trump's cards, 0 when unknown) only when no other may go, lowest first.

    (The discard and draw lets any card go: without the trump a playout threw its deuce and
    five of trumps, the Low and the five points of the 9-point game, as low cards.)"""
    if fewest < most:
        low = 0
        for index in range(52):
            if first >> index & 1 and index % 13 < 8:
                low |= 1 << index
        count = min(max((low & ~trumps).bit_count(), fewest), most)
    else:
        count = fewest
    chosen = 0
    rest = cards & ~first
    for pool in (first & ~trumps, first & trumps, rest & ~trumps, rest & trumps):
        for rank in range(15):
            for s in range(5):
                index = s * 13 + rank if s < 4 else 52 + rank
                if chosen.bit_count() >= count:
                    return chosen
                if index < 55 and pool >> index & 1:
                    chosen |= 1 << index
    return chosen


def follow(
    power: Sequence[int],
    plays: Sequence[tuple[int, int]],
    legal: int,
    sides: Sequence[int],
    seat: int,
) -> int:
    """The greedy rule's card for `seat` to a trick already led (`plays`: its (seat, card)
    pairs in order; `power`: the cards' strength in the led suit under trump): let a
    partner's winning card stand (the lowest of `legal`), else win as cheaply as it can,
    else the lowest."""
    best, best_seat = -1, plays[0][0]
    for player, card in plays:
        if power[card] > best:
            best, best_seat = power[card], player
    lowest = cheapest = -1
    low_power = win_power = 10**6
    rest = legal
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        strength = power[card]
        if strength < low_power:
            lowest, low_power = card, strength
        if best < strength < win_power:
            cheapest, win_power = card, strength
    if sides[best_seat] == sides[seat] or cheapest < 0:
        return lowest
    return cheapest


def lead(choices: int, table: TrumpTable) -> int:
    """The rule-based lead (`smart_leads`): the top trump while holding one of the two
    highest, else a non-trump ace, else the lowest non-trump, else the lowest trump."""
    trumps = choices & table.trump_mask
    order = table.order
    if trumps >> order[0] & 1:
        return order[0]
    if trumps >> order[1] & 1:
        return order[1]
    others = choices & ~table.trump_mask
    if others:
        for suit in range(4):
            ace = suit * 13 + 12
            if others >> ace & 1:
                return ace
        lowest, rank = -1, 99
        rest = others
        while rest:
            low = rest & -rest
            index = low.bit_length() - 1
            rest ^= low
            if index % 13 < rank:
                lowest, rank = index, index % 13
        return lowest
    power = table.power[table.trump]
    weakest, least = -1, 10**6
    rest = trumps
    while rest:
        low = rest & -rest
        index = low.bit_length() - 1
        rest ^= low
        if power[index] < least:
            weakest, least = index, power[index]
    return weakest
