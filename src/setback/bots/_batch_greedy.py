"""Internal: `batch.playout_policy`, `MonteCarloBot`'s playout rule (`GreedyPolicy`) as a
batched policy: one hand at a time in plain Python (`greedy_one`, for the loop without
numpy and for the rare decisions), and on numpy arrays (`greedy_arrays`) for the calls,
the trump and the cards, making the same choices to the last bit.

The rule is `GreedyPolicy`'s, asked of its own pieces (`_greedy_rule.estimate` for a hand's
worth in each suit, `_greedy_rule.low_discard`, `highest_trump`): calls by the heuristic's
rule from the bit-count estimate (the search's per-deal estimates are not passed to a
batch), the best suit as trump, the first lead that names trump the top card of the best
suit, a quarter of the other plays at random, leads at random, and when following: let
a partner's winning card stand, else win as cheaply as possible, else throw the lowest
card. Its luck is the decision's (`Decision.uniform`: draw 0 whether to play at random,
draw 1 which card), not a `random.Random`, so it is not `GreedyPolicy`'s stream of
choices, only its rule.

`GreedyRule` is the same rule with `GreedyPolicy`'s options that a search sets: leads by
rule (`smart_leads`, `_greedy_rule.lead`) and, in the auction's playouts, each seat's best
trump and estimate as the search gave them for the deal (`estimates`, in place of the
bit-count estimate, for the calls and the first lead that names trump).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ..cards import CARDS, Suit
from ..rules import Rules
from ..tables import trump_table
from ._batch_core import CALL, CALL_PARTNER, DECLARE, DISCARD, PITCH, Decision, uniform
from ._greedy_rule import estimate, follow, lead, low_discard
from .playout import highest_trump

__all__: list[str] = []

RANDOMNESS = 0.25
"""The share of plays (not first leads that name trump) made at random, as `GreedyPolicy`'s
default."""
_NATURAL = (1 << 52) - 1
"""The cards of the four suits (no jokers)."""


def _best(rules: Rules, held: int) -> tuple[int, float]:
    """The best trump for `held` and its estimate (the first suit of the highest)."""
    return max(((int(s), estimate(rules, held, s)) for s in Suit), key=lambda pair: pair[1])


def _nth(cards: int, n: int) -> int:
    """The index of the `n`-th lowest card of the bit set `cards`."""
    for _ in range(n):
        cards &= cards - 1
    return (cards & -cards).bit_length() - 1


def _random_card(legal: int, u: float) -> int:
    return _nth(legal, int(u * legal.bit_count()))


Estimates = Sequence[Sequence[tuple[int, float]]]
"""Per hand of a batch, per seat: its best trump and the estimate of its hand (the search's,
`heuristic.best_suit`)."""


class GreedyRule:
    """`playout_policy`'s rule as a batched policy, with the options of `GreedyPolicy` a
    search sets: `smart_leads` (leads by `_greedy_rule.lead`, not at random) and
    `estimates` (each hand's seats' best trump and estimate, used for the calls and the
    first lead that names trump; None: the bit-count estimate of the cards held)."""

    def __init__(self, smart_leads: bool = False, estimates: Estimates | None = None) -> None:
        self.smart_leads = smart_leads
        self.estimates = estimates
        self._arrays: tuple[Any, Any] | None = None

    def best(self, decision: Decision, k: int) -> tuple[int, float] | None:
        """The search's best trump and estimate for the `k`-th hand's seat, or None."""
        if self.estimates is None:
            return None
        return self.estimates[int(decision.hands[k])][int(decision.seats[k])]

    def bests(self, decision: Decision) -> tuple[Any, Any] | None:
        """`best` for every hand of `decision` on arrays (suits, estimates), or None."""
        if self.estimates is None:
            return None
        import numpy as np

        if self._arrays is None:
            suits = np.array([[s for s, _ in row] for row in self.estimates], dtype=np.int64)
            values = np.array([[v for _, v in row] for row in self.estimates], dtype=np.float64)
            self._arrays = suits, values
        suits, values = self._arrays
        hands, seats = np.asarray(decision.hands), np.asarray(decision.seats)
        return suits[hands, seats], values[hands, seats]

    def __call__(self, decision: Decision) -> Any:
        if isinstance(decision.legal, tuple):
            return tuple(self.one(decision, k) for k in range(len(decision)))
        if decision.kind in (DISCARD, CALL_PARTNER) or (
            decision.kind == CALL and decision.pitches is not None and any(decision.pitches)
        ):
            import numpy as np

            return np.array([self.one(decision, k) for k in range(len(decision))], dtype=np.int64)
        return greedy_arrays(decision, self)

    def one(self, decision: Decision, k: int) -> int:
        return greedy_one(decision, k, self)


PLAIN = GreedyRule()
"""`playout_policy`'s rule: random leads, the bit-count estimate."""


def greedy_one(decision: Decision, k: int, rule: GreedyRule = PLAIN) -> int:
    """`rule`'s choice for the `k`-th hand of `decision`, in plain Python."""
    rules = decision.rules
    kind = decision.kind
    held = int(decision.held[k])
    legal = int(decision.legal[k])
    if kind == DECLARE:
        return _best(rules, held)[0]
    if kind == CALL:
        pitches = 0 if decision.pitches is None else int(decision.pitches[k])
        return _call(rules, held, legal, pitches, rule.best(decision, k))
    if kind == CALL_PARTNER:
        return highest_trump(trump_table(Suit(int(decision.trump[k])), rules), legal)
    if kind == DISCARD:
        assert (
            decision.fewest is not None and decision.most is not None and decision.first is not None
        )
        trump = int(decision.trump[k])
        return low_discard(
            legal,
            int(decision.fewest[k]),
            int(decision.most[k]),
            int(decision.first[k]),
            trump_table(Suit(trump), rules).trump_mask if trump >= 0 else 0,
        )
    assert decision.trick is not None and decision.trick_seats is not None
    key, step = int(decision.streams[k]), int(decision.steps[k])
    trump = int(decision.trump[k])
    trick = [int(card) for card in decision.trick[k] if card >= 0]
    seats = [int(seat) for seat in decision.trick_seats[k] if seat >= 0]
    if trump < 0 and not trick:  # the first lead names trump: the best suit's top card
        known = rule.best(decision, k)
        suit = known[0] if known is not None else _best(rules, legal)[0]
        mask = trump_table(Suit(suit), rules).masks[suit] & legal & _NATURAL
        if mask:
            return mask.bit_length() - 1
        return _random_card(legal, uniform(key, step, 1))
    if trump < 0 or legal & (legal - 1) == 0 or uniform(key, step, 0) < RANDOMNESS:
        return _random_card(legal, uniform(key, step, 1))
    table = trump_table(Suit(trump), rules)
    if not trick:  # a lead: by rule with `smart_leads`, else at random
        if rule.smart_leads:
            return lead(legal, table)
        return _random_card(legal, uniform(key, step, 1))
    power = table.power[table.suits[trick[0]]]
    plays = list(zip(seats, trick, strict=True))
    return follow(power, plays, legal, rules.seat_sides, int(decision.seats[k]))


def _call(
    rules: Rules, held: int, legal: int, pitches: int, known: tuple[int, float] | None
) -> int:
    """`GreedyPolicy.call` on numbered calls (levels in `legal`, pitches in `pitches`), from
    the search's best trump and estimate (`known`) or the bit-count one."""
    suit, estimate = known if known is not None else _best(rules, held)
    if rules.partnerships:
        estimate += 0.4
    if pitches and estimate >= 3.6:
        mine = pitches & _natural_suit(suit)
        pool = mine or pitches
        top = max(
            (index for index in range(len(CARDS)) if pool >> index & 1),
            key=lambda index: CARDS[index].rank,
        )
        return PITCH + top
    total = rules.total_points
    smudge = rules.smudge_level
    long_trump = (held & trump_table(Suit(suit), rules).masks[suit]).bit_count() >= 5
    if legal >> smudge & 1 and estimate >= total + 0.6 and long_trump:
        return smudge
    threshold = 2.0 + 0.4 * (total - 4)
    wanted = min(rules.max_plain_bid, int(estimate)) if estimate >= threshold else 0
    bids = legal & ((1 << (wanted + 1)) - 2)
    if bids:
        return (bids & -bids).bit_length() - 1
    if legal:
        return (legal & -legal).bit_length() - 1
    return PITCH + (pitches & -pitches).bit_length() - 1


@functools.lru_cache(maxsize=4)
def _natural_suit(suit: int) -> int:
    """The cards whose own suit is `suit` (a bit set)."""
    mask = 0
    for card in CARDS:
        if card.suit is not None and int(card.suit) == suit:
            mask |= 1 << card.index
    return mask


# --- on arrays ------------------------------------------------------------------------


class _Tables:
    """What the rule reads, per rules value, as numpy arrays."""

    def __init__(self, rules: Rules) -> None:
        import numpy as np

        u64 = np.uint64
        tables = [trump_table(suit, rules) for suit in Suit]
        self.trump_masks = np.array([t.trump_mask for t in tables], dtype=u64)
        self.suit_masks = np.array([t.masks[int(t.trump)] for t in tables], dtype=u64)
        self.top = np.array([1 << t.order[0] for t in tables], dtype=u64)
        self.second = np.array([1 << t.order[1] for t in tables], dtype=u64)
        self.twos = np.array([1 << (int(s) * 13) for s in Suit], dtype=u64)
        self.threes = np.array([1 << (int(s) * 13 + 1) for s in Suit], dtype=u64)
        self.jacks = np.array([1 << (int(s) * 13 + 9) for s in Suit], dtype=u64)
        self.tens = u64(sum(1 << (s * 13 + 8) for s in range(4)))
        self.sides = np.array(rules.seat_sides, dtype=np.int64)


@functools.lru_cache(maxsize=32)
def _tables(rules: Rules) -> _Tables:
    return _Tables(rules)


def _estimates(rules: Rules, held: Any) -> Any:
    """`_greedy_rule.estimate` of every hand of `held` for each suit (one row per hand),
    with the same float operations in the same order."""
    import numpy as np

    from ._batch_numpy import popcount

    t = _tables(rules)
    held = np.asarray(held, dtype=np.uint64)[:, None]
    trumps = held & t.trump_masks
    count = popcount(trumps).astype(np.int64)
    value = 0.15 * count
    top = np.where((trumps & t.top) != 0, 1.0, np.where((trumps & t.second) != 0, 0.6, 0.0))
    value = value + top
    low = np.where((held & t.twos) != 0, 0.9, np.where((held & t.threes) != 0, 0.5, 0.0))
    value = value + low
    jack = np.where(count >= 3, 0.7, 0.4)
    value = value + np.where((held & t.jacks) != 0, jack, 0.0)
    tens = popcount(held & t.tens).astype(np.int64)
    value = value + (0.2 + 0.15 * tens)
    value = value * rules.total_points / 4
    return np.where(count > 0, value, 0.0)


def greedy_arrays(decision: Decision, rule: GreedyRule = PLAIN) -> Any:
    """`rule` on numpy arrays (the calls without pitches, the trump, the cards)."""
    import numpy as np

    from ._batch_numpy import arrays, bit_matrix, highest_bit, kth_bit, popcount

    rules = decision.rules
    kind = decision.kind
    legal = decision.legal
    if kind == DECLARE:
        return np.argmax(_estimates(rules, decision.held), axis=1).astype(np.int64)
    if kind == CALL:
        return _call_arrays(rules, decision.held, legal, rule.bests(decision))
    assert decision.trick is not None and decision.trick_seats is not None
    u = decision.uniform(1)
    sizes = popcount(legal)
    choice = kth_bit(legal, (u * sizes).astype(np.int64))
    trump = np.asarray(decision.trump)
    trick = np.asarray(decision.trick)
    played = (trick >= 0).sum(axis=1)
    naming = (trump < 0) & (played == 0)
    if naming.any():
        t = _tables(rules)
        known = rule.bests(decision)
        if known is not None:
            best = known[0][naming]
        else:
            best = np.argmax(_estimates(rules, legal[naming]), axis=1)
        mask = t.suit_masks[best] & legal[naming] & np.uint64(_NATURAL)
        top = highest_bit(mask)
        choice[naming] = np.where(mask != 0, top, choice[naming])
    chosen = (trump >= 0) & (sizes > 1) & (decision.uniform(0) >= RANDOMNESS)
    if rule.smart_leads:  # leads by rule, one hand at a time (a few a hand)
        for row in np.flatnonzero(chosen & (played == 0)):
            table = trump_table(Suit(int(trump[row])), rules)
            choice[row] = lead(int(legal[row]), table)
    greedy = chosen & (played > 0)
    if greedy.any():
        rows = np.flatnonzero(greedy)
        a = arrays(rules)
        plays = trick[rows]
        trumps = trump[rows]
        led = a.suit_of[trumps, plays[:, 0] + 1]
        power = a.power[trumps, led]  # one row of 56 per hand; column 55 (-1) for no card
        strength = np.take_along_axis(power, plays, axis=1)
        best = strength.max(axis=1)
        best_seat = np.asarray(decision.trick_seats)[rows, np.argmax(strength, axis=1)]
        cards = power[:, :55]
        held = bit_matrix(legal[rows], 55)
        big = np.int64(10**6)
        lowest = np.argmin(np.where(held, cards, big), axis=1)
        wins = held & (cards > best[:, None])
        cheapest = np.argmin(np.where(wins, cards, big), axis=1)
        sides = _tables(rules).sides
        partner = sides[best_seat] == sides[np.asarray(decision.seats)[rows]]
        choice[rows] = np.where(partner | ~wins.any(axis=1), lowest, cheapest)
    return choice


def _call_arrays(rules: Rules, held: Any, legal: Any, known: tuple[Any, Any] | None) -> Any:
    """`_call` on arrays, for calls without pitches (`known`: the search's best trumps and
    estimates, else the bit-count ones)."""
    import numpy as np

    from ._batch_numpy import BITS, highest_bit, popcount

    if known is not None:
        suit, estimate = known
    else:
        estimates = _estimates(rules, held)
        suit = np.argmax(estimates, axis=1)
        estimate = estimates[np.arange(len(suit)), suit]
    if rules.partnerships:
        estimate = estimate + 0.4
    total = rules.total_points
    smudge = rules.smudge_level
    t = _tables(rules)
    long_trump = popcount(np.asarray(held, dtype=np.uint64) & t.suit_masks[suit]) >= 5
    smudges = ((legal & BITS[smudge]) != 0) & (estimate >= total + 0.6) & long_trump
    threshold = 2.0 + 0.4 * (total - 4)
    wanted = np.where(
        estimate >= threshold,
        np.minimum(rules.max_plain_bid, estimate.astype(np.int64)),
        0,
    )
    below = (np.left_shift(np.uint64(1), (wanted + 1).astype(np.uint64))) - np.uint64(2)
    bids = legal & below
    lowest_bid = highest_bit(bids & (~bids + np.uint64(1)))
    lowest = highest_bit(legal & (~legal + np.uint64(1)))
    out = np.where(bids != 0, lowest_bid, lowest)
    return np.where(smudges, smudge, out).astype(np.int64)
