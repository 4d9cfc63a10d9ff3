"""Internal: the batched engine on numpy arrays (`setback.bots.batch` imports it when numpy
is present).

Each hand of the batch is a row of arrays: the cards each seat holds (bit sets in
`uint64`), the seat to act, the auction's highest call and bidder, the trump, the trick
in progress and the tricks won. A step takes every hand that waits for the same kind of
decision at once: it reads what is open from the tables of `_batch_tables` (made by
asking each rule's home), asks the policy once for all of them, checks every choice,
and applies them with the same tables. Trump, the call of a partner and the discards
(a few steps a hand, under the rules that have them) are stepped hand by hand by the
engine's own `engine.step_core`, with the choices still asked of the policy in one batch.
The tally is computed on arrays; settlement asks `scoring.settle` once per distinct end.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..actions import Action
from ..cards import CARD_POINTS, Suit
from ..declaring import CALLS, DECLARATIONS, callable_cards
from ..discarding import discard_of, discard_options
from ..engine import step_core
from ..options import LowTo
from ..play import HAND_TRICKS
from ..rules import Rules
from ..scoring import cards_in_play, settle
from ..state import (
    GameState,
    Hand,
    Phase,
    with_auction,
)
from ..tables import trump_tables
from ._batch_core import (
    CALL,
    CALL_PARTNER,
    DECLARABLE,
    DECLARE,
    DISCARD,
    PLAY,
    STREAM,
    BatchResult,
    Decision,
    action_of,
    code_of,
    declarable,
    mix,
    not_open,
    stream_key,
)
from ._batch_tables import (
    BIDDING,
    CAPTURED,
    GAME,
    HIGH,
    HOLDS_CALLED,
    LEADING,
    LOW,
    NO_TRUMP,
    BatchTables,
    batch_tables,
)
from ._batch_tables import DECLARE as DECLARING
from ._batch_tables import PLAY as PLAYING

__all__: list[str] = []

_U64 = np.uint64
BITS = np.array([1 << index for index in range(64)] + [0], dtype=_U64)
"""`BITS[index]`: the bit of a card; `BITS[-1]` (index 64) is 0, for padding."""
_POPCOUNT8 = np.array([bin(byte).count("1") for byte in range(256)], dtype=np.int64)
_SELECT8 = np.array(
    [
        [
            [j for j in range(8) if byte >> j & 1][k] if k < bin(byte).count("1") else 0
            for k in range(8)
        ]
        for byte in range(256)
    ],
    dtype=np.int64,
)
"""`_SELECT8[byte, k]`: the place of the k-th set bit of a byte."""
_HAS_BITWISE_COUNT = hasattr(np, "bitwise_count")

_AUCTION, _MIDDLE, _TRICKS, _DONE = 0, 1, 2, 3
"""Where each hand of a batch is."""


def popcount(masks: Any) -> Any:
    """The number of cards in each bit set."""
    masks = np.asarray(masks, dtype=_U64)
    if _HAS_BITWISE_COUNT:
        return np.bitwise_count(masks)
    octets = np.ascontiguousarray(masks).astype("<u8").view(np.uint8).reshape(*masks.shape, 8)
    return _POPCOUNT8[octets].sum(axis=-1)


_BELOW = np.array([(1 << place) - 1 for place in range(65)], dtype=_U64)
"""`_BELOW[p]`: the bits below bit `p`."""


def kth_bit(masks: Any, k: Any) -> Any:
    """The index of each bit set's `k`-th lowest set bit (0 for the lowest); each `k` must
    be below the set's size: a binary search for the place below which `k + 1` bits lie."""
    masks = np.asarray(masks, dtype=_U64)
    k = np.asarray(k).astype(np.uint8)  # as popcount's counts: no casting in the loop
    place = np.zeros(masks.shape, dtype=np.int64)
    for step in (32, 16, 8, 4, 2, 1):
        wider = place + step
        place = np.where(popcount(masks & _BELOW[wider]) <= k, wider, place)
    return place


def highest_bit(masks: Any) -> Any:
    """The index of each bit set's highest set bit (-1 for an empty set)."""
    masks = np.asarray(masks, dtype=_U64)
    out = np.full(masks.shape, -1, dtype=np.int64)
    rest = masks.copy()
    for shift in (32, 16, 8, 4, 2, 1):
        big = rest >= (_U64(1) << _U64(shift))
        out = np.where(big, out + shift, out)
        rest = np.where(big, rest >> _U64(shift), rest)
    return np.where(masks != 0, out + 1, -1)


def bit_matrix(masks: Any, width: int = 55) -> Any:
    """Each bit set as a row of `width` booleans (bit i in column i)."""
    masks = np.asarray(masks, dtype=_U64)
    return (masks[..., None] & BITS[:width]) != 0


# --- the tables of a rules value, as arrays --------------------------------------------


class _Arrays:
    """The `BatchTables` of one rules value as numpy arrays, shaped to be indexed by
    several arrays at once (read-only after the build)."""

    def __init__(self, rules: Rules, tables: BatchTables) -> None:
        def u64(values: Sequence[Any]) -> Any:
            return np.array(values, dtype=_U64)

        def i64(values: Sequence[Any]) -> Any:
            return np.array(values, dtype=np.int64)

        players, top, holders = tables.players, rules.max_bid + 1, tables.holder_sets
        self.players = players
        self.top = top - 1
        self.holder_sets = holders
        # [trump, card + 1]: a row of LEADING for no trump yet (nothing is led then)
        self.suit_of = i64([*tables.suit_of, *[LEADING] * 56]).reshape(5, 56)
        self.suit_masks = u64(tables.suit_masks).reshape(5, 4)
        self.trump_masks = u64(tables.trump_masks)
        # [trump, led, card]: a last column of -1, which the padding (-1) reads
        power = i64(tables.power).reshape(4, 4, 55)
        self.power = np.concatenate([power, np.full((4, 4, 1), -1, dtype=np.int64)], axis=2)
        self.named_by = i64(tables.named_by)
        self.follow = u64(tables.follow).reshape(5, 5, 2, 32)
        self.only_called = np.array(tables.only_called, dtype=bool).reshape(5, 5, 2, 32)
        self.next_seat = i64(tables.next_seat).reshape(players, 2**players, holders)
        self.leader = i64(tables.leader).reshape(players, HAND_TRICKS + 1, holders)
        self.most_tricks = tables.most_tricks
        self.call_open = u64(tables.call_open).reshape(2, top)
        self.after = i64(tables.after).reshape(players, top, players + 1, top, 4)
        self.point_kinds = tables.point_kinds
        self.point_cards = i64(tables.point_cards).reshape(len(tables.point_kinds), 4)
        self.worth = tables.worth
        longest = max(len(order) for order in tables.orders)
        self.high = i64([[*order, *[64] * (longest - len(order))] for order in tables.orders])
        self.low = i64([[*order[::-1], *[64] * (longest - len(order))] for order in tables.orders])
        self.seat_sides = i64(rules.seat_sides)
        self.side_count = rules.side_count
        groups: dict[int, int] = {}
        for index, points in enumerate(CARD_POINTS):
            if points:
                groups[points] = groups.get(points, 0) | 1 << index
        self.card_point_groups = [(points, _U64(mask)) for points, mask in sorted(groups.items())]
        for value in vars(self).values():
            if isinstance(value, np.ndarray):
                value.flags.writeable = False


@functools.lru_cache(maxsize=32)
def arrays(rules: Rules) -> _Arrays:
    """The engine's arrays for `rules` (built once per rules value)."""
    return _Arrays(rules, batch_tables(rules))


_GATHER = np.uint32((1 << 24) | (1 << 17) | (1 << 10) | (1 << 3))
"""Multiplied by four booleans in the bytes of a 32-bit word, it gathers them into bits
24 to 27 (and writes nothing else at or above bit 24)."""
_LITTLE_U32 = np.dtype("<u4")


def signatures(suit_masks: Any, cards: Any) -> Any:
    """Which suits each hand holds, as four bits (one row of `suit_masks`, the cards of each
    suit, per hand)."""
    holds = (suit_masks & cards[:, None]) != 0
    return (holds.view(_LITTLE_U32)[:, 0] * _GATHER) >> np.uint32(24)


def read_only(values: Any) -> Any:
    """A read-only copy of the array `values`, for a policy: a write into a `Decision`'s
    arrays raises, and the engine's own arrays (what is open, the luck) stay its own."""
    out = np.array(values, copy=True)
    out.flags.writeable = False
    return out


# --- the batch --------------------------------------------------------------------------


_PLAY_ROWS = (
    "held",
    "pitcher",
    "contract",
    "trump",
    "must_play",
    "partner",
    "in_play",
    "won",
    "winners",
    "tricks",
    "trick",
    "trick_seats",
    "played",
    "trick_cards",
    "count",
    "to_act",
    "stage",
)
"""The arrays whose rows `_Run._enter_play` writes (the hands of one state copy them)."""


class _Run:
    """One batch in play: the arrays of every hand (internal scratch, never shared)."""

    def __init__(
        self,
        rules: Rules,
        states: Sequence[GameState],
        firsts: Sequence[Action | None],
        keys: Any,
        policy: Any,
    ) -> None:
        self.rules = rules
        self.tables = trump_tables(rules)
        self.a = a = arrays(rules)
        self.policy = policy
        n = self.n = len(states)
        players = rules.players
        cores = [state.hand for state in states]
        setups = [core.setup for core in cores]
        self.setups = setups
        self.held = np.array([core.held for core in cores], dtype=_U64).reshape(n, players)
        self.to_act = np.array(
            [-1 if core.to_act is None else core.to_act for core in cores], dtype=np.int64
        )
        self.dealer = np.array([setup.dealer for setup in setups], dtype=np.int64)
        self.contract = np.array([setup.contract for setup in setups], dtype=np.int64)
        self.pitcher = np.array(
            [-1 if setup.pitcher is None else setup.pitcher for setup in setups], dtype=np.int64
        )
        self.trump = np.array(
            [NO_TRUMP if setup.trump is None else int(setup.trump) for setup in setups],
            dtype=np.int64,
        )
        self.keys = keys
        self.steps = np.zeros(n, dtype=np.int64)
        self.pending = np.array([first is not None for first in firsts], dtype=bool)
        self.pending_left = int(self.pending.sum())
        codes = [None if first is None else code_of(rules, first) for first in firsts]
        self.first_kind = [None if code is None else code[0] for code in codes]
        self.first_code = [0 if code is None else code[1] for code in codes]
        phase_of = {Phase.BIDDING: _AUCTION, Phase.PLAY: _TRICKS}
        self.stage = np.array([phase_of.get(setup.phase, _MIDDLE) for setup in setups])
        # trick play's arrays
        self.in_play = np.zeros((n, players), dtype=_U64)
        self.won = np.zeros((n, players), dtype=_U64)
        self.winners = np.full((n, a.most_tricks), -1, dtype=np.int64)
        self.tricks = np.zeros(n, dtype=np.int64)
        self.trick = np.full((n, players), -1, dtype=np.int64)
        self.trick_seats = np.full((n, players), -1, dtype=np.int64)
        self.count = np.zeros(n, dtype=np.int64)  # cards in the trick in progress
        self.played = np.zeros(n, dtype=np.int64)  # the seats that played to it (bits)
        self.trick_cards = np.zeros(n, dtype=_U64)  # its cards
        self.must_play = np.zeros(n, dtype=_U64)
        self.partner = np.full(n, -1, dtype=np.int64)  # call your partner's, as recorded
        self.middle: dict[int, Hand] = {}
        playing: dict[int, list[int]] = {}  # the hands of one state (a search's deal) together
        for i in np.flatnonzero(self.stage != _AUCTION).tolist():
            if self.stage[i] == _MIDDLE:
                self.middle[i] = cores[i]
            else:
                playing.setdefault(id(cores[i]), []).append(i)
        copy_to: list[int] = []
        copy_from: list[int] = []
        for first, *rest in playing.values():
            self._enter_play(first, cores[first])
            copy_to.extend(rest)
            copy_from.extend([first] * len(rest))
        if copy_to:  # the other hands of a state: its rows, copied in one step an array
            for name in _PLAY_ROWS:
                rows = getattr(self, name)
                rows[copy_to] = rows[copy_from]

    # --- asking the policy ----------------------------------------------------------------

    def ask(self, kind: str, hands: Any, seats: Any, held: Any, legal: Any, **fields: Any) -> Any:
        """The choice of each of `hands` (its pending first action, else the policy's),
        checked (`IllegalActionError` naming the first hand whose choice is not open)."""
        count = len(hands)
        asked: Any = None  # every hand is asked
        choices: Any = None
        if self.pending_left:
            pending = self.pending[hands]
            if pending.any():
                choices = np.zeros(count, dtype=np.int64)
                for k in np.flatnonzero(pending).tolist():
                    hand = int(hands[k])
                    if self.first_kind[hand] != kind:
                        first = action_of(
                            self.rules, self.first_kind[hand] or kind, self.first_code[hand]
                        )
                        raise not_open(first, int(seats[k]), hand)
                    choices[k] = self.first_code[hand]
                self.pending[hands[pending]] = False
                self.pending_left -= int(pending.sum())
                asked = np.flatnonzero(~pending)
        if asked is None or len(asked):
            if asked is None:
                every = count == self.n
                sel: Any = slice(None) if every else hands
                pick: Any = None
                chosen_hands = hands
            else:
                sel = hands[asked]
                pick = asked
                chosen_hands = sel

            def part(values: Any) -> Any:
                return read_only(values if pick is None else values[pick])

            trump = self.trump[sel]
            decision = Decision(
                kind=kind,
                rules=self.rules,
                hands=read_only(chosen_hands),
                seats=part(seats),
                held=part(held),
                legal=part(legal),
                streams=read_only(self.keys[sel]),
                steps=read_only(self.steps[sel]),
                trump=read_only(np.where(trump == NO_TRUMP, -1, trump)),
                contract=read_only(self.contract[sel]),
                dealer=read_only(self.dealer[sel]),
                **{name: None if value is None else part(value) for name, value in fields.items()},
            )
            answer = _as_choices(self.policy(decision), len(chosen_hands), kind)
            if choices is None:
                choices = answer
            else:
                choices[asked] = answer
            self.steps[sel] += 1
        self.check(kind, hands, seats, legal, choices, fields)
        return choices

    def check(
        self, kind: str, hands: Any, seats: Any, legal: Any, choices: Any, fields: dict[str, Any]
    ) -> None:
        """Raise `IllegalActionError` for the first of `choices` that is not open."""
        if kind == DECLARE:
            bad = np.array([not declarable(choice) for choice in choices.tolist()], dtype=bool)
        elif kind == DISCARD:
            chosen = choices.astype(_U64)
            first = fields["first"]
            size = popcount(chosen)
            bad = (
                (choices < 0)
                | ((chosen & ~legal) != 0)
                | (size < fields["fewest"])
                | (size > fields["most"])
                | (((chosen & ~first) != 0) & ((chosen & first) != first))
            )
        else:  # one of the bits of `legal`: a negative choice reads as a huge one
            bad = (legal & BITS[np.minimum(choices.astype(_U64), _U64(64))]) == 0
        if not bad.any():
            return
        k = int(np.flatnonzero(bad)[0])
        raise not_open(action_of(self.rules, kind, int(choices[k])), int(seats[k]), int(hands[k]))

    # --- the auction ----------------------------------------------------------------------

    def auction(self) -> None:
        """Every hand in the auction, a call at a time, to its end."""
        a, players = self.a, self.rules.players
        hands = np.flatnonzero(self.stage == _AUCTION)
        while len(hands):
            every = len(hands) == self.n
            sel: Any = slice(None) if every else hands
            seats = self.to_act[sel]
            dealer = self.dealer[sel]
            seat = (seats - dealer) % players
            contract = self.contract[sel]
            legal = a.call_open[(seat == 0).view(np.int8), contract]
            level = self.ask(
                CALL,
                hands,
                seats,
                self.held[hands, seats],
                legal,
                pitches=np.zeros(len(hands), dtype=_U64),
            )
            pitcher = self.pitcher[sel]
            bidder = np.where(pitcher >= 0, (pitcher - dealer) % players, -1)
            after = a.after[seat, contract, bidder + 1, level]
            self.contract[sel] = after[:, 0]
            self.pitcher[sel] = np.where(after[:, 1] >= 0, (after[:, 1] + dealer) % players, -1)
            to_act = np.where(after[:, 3] >= 0, (after[:, 3] + dealer) % players, -1)
            self.to_act[sel] = to_act
            phase = after[:, 2]
            going = (phase == BIDDING) & (to_act >= 0)
            if going.all():
                continue
            ended = ~going
            playing = ended & (phase == PLAYING) & (to_act >= 0)  # the first lead sets trump
            if playing.any():
                lead = hands[playing]
                self.stage[lead] = _TRICKS
                self.in_play[lead] = self.held[lead]
            out = ended & (to_act < 0)  # passed out
            self.stage[hands[out]] = _DONE
            for i in hands[ended & (phase == DECLARING) & (to_act >= 0)].tolist():
                self._declaring(i)
            hands = hands[going]

    def _declaring(self, i: int) -> None:
        """Hand `i`'s auction is over and its pitcher names trump: its core, for the
        engine's own steps."""
        setup = self.setups[i]
        ended = with_auction(
            setup,
            bids=setup.bids,
            contract=int(self.contract[i]),
            pitcher=int(self.pitcher[i]),
            trump=None,
            phase=Phase.DECLARE_TRUMP,
        )
        held = tuple(int(cards) for cards in self.held[i].tolist())
        self.stage[i] = _MIDDLE
        self.middle[i] = Hand(setup=ended, to_act=int(self.to_act[i]), held=held)

    # --- trump, call your partner, the discards: the engine's own steps, hand by hand ------

    def middle_phases(self) -> None:
        """Every hand declaring trump, calling a partner or discarding, a decision at a
        time (asked in one batch per kind), through `engine.step_core`."""
        rules, tables = self.rules, self.tables
        while self.middle:
            waiting: dict[str, list[int]] = {}
            for i, core in self.middle.items():
                waiting.setdefault(_KIND_OF[core.setup.phase], []).append(i)
            for kind, listed in waiting.items():
                hands = np.array(listed, dtype=np.int64)
                cores = [self.middle[i] for i in listed]
                acting = [_seat(core) for core in cores]
                seats = np.array(acting, dtype=np.int64)
                held = np.array(
                    [core.held[seat] for core, seat in zip(cores, acting, strict=True)], dtype=_U64
                )
                self.trump[hands] = [
                    NO_TRUMP if core.setup.trump is None else int(core.setup.trump)
                    for core in cores
                ]
                fields: dict[str, Any] = {}
                if kind == DECLARE:
                    legal = np.full(len(listed), DECLARABLE, dtype=_U64)
                elif kind == CALL_PARTNER:
                    legal = np.array(
                        [
                            callable_cards(rules, tables[_trump(core)], core.held[seat])
                            for core, seat in zip(cores, acting, strict=True)
                        ],
                        dtype=_U64,
                    )
                else:
                    bounds = [discard_options(rules, tables, core) for core in cores]
                    legal = np.array([bound[0] for bound in bounds], dtype=_U64)
                    fields = {
                        "fewest": np.array([bound[1] for bound in bounds], dtype=np.int64),
                        "most": np.array([bound[2] for bound in bounds], dtype=np.int64),
                        "first": np.array([bound[3] for bound in bounds], dtype=_U64),
                    }
                choices = self.ask(kind, hands, seats, held, legal, **fields)
                for i, core, choice in zip(listed, cores, choices.tolist(), strict=True):
                    action: Action
                    if kind == DECLARE:
                        action = DECLARATIONS[choice]
                    elif kind == CALL_PARTNER:
                        action = CALLS[choice]
                    else:
                        action = discard_of(choice)
                    after = step_core(rules, tables, core, action)
                    if after.to_act is not None and after.setup.phase is not Phase.PLAY:
                        self.middle[i] = after
                        continue
                    del self.middle[i]
                    self._enter_play(i, after)

    def _enter_play(self, i: int, core: Hand) -> None:
        """Hand `i` begins (or, from a state in trick play, goes on with) trick play: it
        writes the rows `i` of the arrays `_PLAY_ROWS` names."""
        setup = core.setup
        self.held[i] = core.held
        self.pitcher[i] = -1 if setup.pitcher is None else setup.pitcher
        self.contract[i] = setup.contract
        self.trump[i] = NO_TRUMP if setup.trump is None else int(setup.trump)
        self.must_play[i] = setup.must_play
        self.partner[i] = -1 if setup.partner is None else setup.partner
        tricks, plays = core.tricks, core.plays
        in_play, won = cards_in_play(core.held, tricks, plays)
        self.in_play[i] = in_play
        self.won[i] = won
        for t, trick in enumerate(tricks):
            self.winners[i, t] = -1 if trick.winner is None else trick.winner
        self.tricks[i] = len(tricks)
        for k, (seat, card) in enumerate(plays):
            self.trick[i, k] = card.index
            self.trick_seats[i, k] = seat
            self.played[i] |= 1 << seat
            self.trick_cards[i] |= BITS[card.index]
        self.count[i] = len(plays)
        to_act = core.to_act
        self.to_act[i] = -1 if to_act is None else to_act
        self.stage[i] = _TRICKS if to_act is not None else _DONE

    # --- trick play -----------------------------------------------------------------------

    def trick_play(self) -> None:
        """Every hand in trick play, a card at a time, to its last trick.

        While every hand is at the same place of the same trick (`step` of trick
        `trick_number`: fresh deals, or the guessed deals of one view, outside trumps-only
        play), those places are plain numbers, not arrays."""
        a = self.a
        calling = self.rules.call_partner
        trumps_only = a.holder_sets > 1
        hands = np.flatnonzero((self.stage == _TRICKS) & (self.to_act >= 0))
        held = self.held
        unknown = bool((self.trump[hands] == NO_TRUMP).any())  # a first lead to set trump
        step = trick_number = -1
        counts, tricks = set(self.count.tolist()), set(self.tricks.tolist())
        if len(hands) == self.n and len(counts) == 1 and len(tricks) == 1:
            step, trick_number = counts.pop(), tricks.pop()
        while len(hands):
            every = len(hands) == self.n
            together = every and step >= 0
            sel: Any = slice(None) if every else hands
            seats = self.to_act[sel]
            cards = held[hands, seats]
            trump = self.trump[sel]
            trick = self.trick[sel]
            led = a.suit_of[trump, trick[:, 0] + 1]
            signature = signatures(a.suit_masks[trump], cards)
            if together:
                first: Any = int(trick_number == 0)
            else:
                first = (self.tricks[sel] == 0).view(np.int8)
            if calling:
                must = self.must_play[sel]
                signature = signature | ((cards & must) != 0).view(np.int8) * HOLDS_CALLED
                legal = np.where(
                    a.only_called[trump, led, first, signature],
                    must,
                    cards & a.follow[trump, led, first, signature],
                )
            else:
                legal = cards & a.follow[trump, led, first, signature]
            chosen = self.ask(
                PLAY, hands, seats, cards, legal, trick=trick, trick_seats=self.trick_seats[sel]
            )
            bit = BITS[chosen]
            held[hands, seats] = cards & ~bit
            if unknown:  # the first lead sets trump
                trump = np.where(trump == NO_TRUMP, a.named_by[chosen], trump)
                self.trump[sel] = trump
                unknown = bool((trump == NO_TRUMP).any())
            if together:
                self.trick[:, step] = chosen
                self.trick_seats[:, step] = seats
                step += 1
                self.count[:] = step
            else:
                count = self.count[sel]
                self.trick[hands, count] = chosen
                self.trick_seats[hands, count] = seats
                self.count[sel] = count + 1
            played = self.played[sel]
            played |= 1 << seats
            in_trick = self.trick_cards[sel]
            in_trick |= bit
            if not every:
                self.played[sel] = played
                self.trick_cards[sel] = in_trick
            holders: Any = 0
            if trumps_only:
                holders = self._holders(hands, trump)
            after = a.next_seat[seats, played, holders]
            going = after >= 0
            if going.all():
                self.to_act[sel] = after
                continue
            if going.any():
                step = -1  # the hands part: some tricks are over, some go on
                together = False
                self.to_act[hands[going]] = after[going]
                done = ~going
                closing = hands[done]
                if trumps_only:
                    holders = holders[done]
                trump, in_trick = trump[done], in_trick[done]
            else:
                closing = hands
            self._close_tricks(closing, trump, in_trick, holders)
            if together:
                step, trick_number = 0, trick_number + 1
            ended = self.to_act[hands] < 0
            if ended.any():
                hands = hands[~ended]
                step = -1

    def _holders(self, hands: Any, trump: Any) -> Any:
        """The seats of each hand that hold a trump, as bits."""
        holds = (self.held[hands] & self.a.trump_masks[trump][:, None]) != 0
        return (holds * (1 << np.arange(self.rules.players))).sum(axis=1)

    def _close_tricks(self, hands: Any, trump: Any, in_trick: Any, holders: Any) -> None:
        """The tricks of `hands` are complete: each goes to its winner, who leads next (or
        the hand is over)."""
        a = self.a
        every = len(hands) == self.n
        sel: Any = slice(None) if every else hands
        trick = self.trick[sel]
        led = a.suit_of[trump, trick[:, 0] + 1]
        strength = a.power[trump[:, None], led[:, None], trick]  # the padding (-1) is weakest
        winner = self.trick_seats[sel][np.arange(len(hands)), np.argmax(strength, axis=1)]
        self.won[hands, winner] |= in_trick
        tricks = self.tricks[sel]
        self.winners[hands, tricks] = winner
        tricks = tricks + 1
        self.tricks[sel] = tricks
        self.to_act[sel] = a.leader[winner, np.minimum(tricks, HAND_TRICKS), holders]
        self.count[sel] = 0
        self.played[sel] = 0
        self.trick_cards[sel] = 0
        self.trick[sel] = -1
        self.trick_seats[sel] = -1

    # --- the end: the tally on arrays, settlement by `scoring.settle` -----------------------

    def result(self) -> BatchResult:
        """How every hand ended."""
        rules, a = self.rules, self.a
        n, sides = self.n, a.side_count
        played = self.pitcher >= 0
        trump = np.where(played, self.trump % 4, 0)
        won, in_play = self.won, self.in_play
        captured = np.zeros((n, sides), dtype=_U64)
        for seat, side in enumerate(rules.seat_sides):
            captured[:, side] |= won[:, seat]
        in_tricks = np.bitwise_or.reduce(won, axis=1)
        card_points = np.zeros((n, sides), dtype=np.int64)
        for worth, group in a.card_point_groups:
            card_points += worth * popcount(captured & group).astype(np.int64)
        awards = np.full((n, len(a.point_kinds)), -1, dtype=np.int64)
        rows = np.arange(n)
        for p, kind in enumerate(a.point_kinds):
            if kind == CAPTURED:
                taker = _seat_with(won, BITS[a.point_cards[p, trump]])
            elif kind == GAME:
                top = card_points.max(axis=1)
                alone = (card_points == top[:, None]).sum(axis=1) == 1
                awards[:, p] = np.where(alone, np.argmax(card_points, axis=1), -1)
                continue
            else:
                order = (a.high if kind == HIGH else a.low)[trump]
                present = (in_tricks[:, None] & BITS[order]) != 0
                found = np.where(present.any(axis=1), order[rows, np.argmax(present, axis=1)], 64)
                holding = won if kind == LOW and rules.low_to is not LowTo.HOLDER else in_play
                taker = _seat_with(holding, BITS[found])
            awards[:, p] = np.where(taker >= 0, a.seat_sides[taker], -1)
        points = np.zeros((n, sides), dtype=np.int64)
        for p, worth in enumerate(a.worth):
            for side in range(sides):
                points[:, side] += worth * (awards[:, p] == side)
        made, changes = self._settle(played, points)
        card_points[~played] = 0
        awards[~played] = -1
        out = {
            "score_changes": changes,
            "awards": awards,
            "card_points": card_points,
            "made": made,
            "pitcher": np.where(played, self.pitcher, -1),
            "contract": np.where(played, self.contract, -1),
            "trump": np.where(played, trump, -1),
            "winners": np.where(played[:, None], self.winners, -1),
            "tricks": np.where(played, self.tricks, 0),
        }
        for value in out.values():
            value.flags.writeable = False
        return BatchResult(rules=rules, **out)

    def _settle(self, played: Any, points: Any) -> tuple[Any, Any]:
        """Made or set and the score changes, asked of `scoring.settle` once per distinct
        (pitcher, partner, contract, sweep, points) among the played hands."""
        rules, a = self.rules, self.a
        n, sides, players = self.n, a.side_count, rules.players
        pitcher = np.maximum(self.pitcher, 0)
        if rules.call_partner:
            # the pairing as the call's step recorded it (discarding.partner_of, its home)
            partner = np.where(self.partner >= 0, self.partner, pitcher)
            ours = (self.winners == pitcher[:, None]) | (self.winners == partner[:, None])
        else:
            partner = np.full(n, -1, dtype=np.int64)
            side = a.seat_sides[pitcher]
            ours = a.seat_sides[self.winners] == side[:, None]  # -1 (no trick) reads a side
        sweep = (ours | (self.winners < 0)).all(axis=1)
        top = a.top + 1
        base = rules.total_points + 1
        key = ((pitcher * (players + 1) + partner + 1) * top + np.maximum(self.contract, 0)) * 2
        key = key + sweep
        for side in range(sides):
            key = key * base + points[:, side]
        key = np.where(played, key, -1)
        distinct, inverse = np.unique(key, return_inverse=True)
        made_of = np.zeros(len(distinct), dtype=bool)
        changes_of = np.zeros((len(distinct), sides), dtype=np.int64)
        for u, value in enumerate(distinct.tolist()):
            if value < 0:
                continue
            won = []
            for _ in range(sides):
                value, part = divmod(value, base)
                won.append(part)
            value, swept = divmod(value, 2)
            value, contract = divmod(value, top)
            who, ally = divmod(value, players + 1)
            made, change = _settled(rules, who, ally - 1, contract, bool(swept), tuple(won[::-1]))
            made_of[u] = made
            changes_of[u] = change
        inverse = inverse.reshape(-1)
        return made_of[inverse], changes_of[inverse]


def _seat(core: Hand) -> int:
    """The seat to act in a hand that is not over."""
    seat = core.to_act
    assert seat is not None
    return seat


def _trump(core: Hand) -> Suit:
    """The trump of a hand past its declaration."""
    trump = core.setup.trump
    assert trump is not None
    return trump


_KIND_OF = {Phase.DECLARE_TRUMP: DECLARE, Phase.CALL_PARTNER: CALL_PARTNER, Phase.DISCARD: DISCARD}


def _settled(
    rules: Rules, pitcher: int, partner: int, contract: int, swept: bool, won: tuple[int, ...]
) -> tuple[bool, tuple[int, ...]]:
    """`scoring.settle` for a hand of these points, whose tricks all went to the pitching
    side (`swept`) or not (one trick won by a seat outside it)."""
    ours = {pitcher, partner} if partner >= 0 else set(rules.sides[rules.seat_sides[pitcher]])
    outside = next(seat for seat in range(rules.players) if seat not in ours)
    winners = [pitcher] if swept else [outside]
    return settle(rules, pitcher, contract, winners, won, None if partner < 0 else partner)


def _seat_with(cards: Any, bit: Any) -> Any:
    """The seat whose cards (one row of bit sets per hand) hold `bit`, -1 where none does."""
    has = (cards & bit[:, None]) != 0
    return np.where(has.any(axis=1), np.argmax(has, axis=1), -1)


def _as_choices(answer: Any, count: int, kind: str) -> Any:
    """A policy's answer as whole numbers, one per asked hand."""
    try:
        values = np.asarray(answer)
    except Exception as error:  # a policy's odd object
        raise TypeError(
            f"a batched policy returns whole numbers, not {type(answer).__name__}"
        ) from error
    if values.dtype.kind not in "iu" or values.ndim != 1:
        raise TypeError(
            f"a batched policy returns one whole number per hand (a {kind} decision), "
            f"not {values.dtype} values of shape {values.shape}"
        )
    if len(values) != count:
        raise TypeError(
            f"a batched policy returns one choice per hand: {count} hands asked, "
            f"{len(values)} choices returned"
        )
    return values if values.dtype == np.int64 else values.astype(np.int64)


def stream_keys(state: int, streams: Sequence[int] | None, count: int) -> Any:
    """`_batch_core.stream_key` of each stream (default: 0 to `count` - 1) on arrays."""
    if streams is not None and not all(0 <= stream < 1 << 64 for stream in streams):
        return np.array([stream_key(state, stream) for stream in streams], dtype=_U64)
    words = np.arange(count, dtype=_U64) if streams is None else np.array(streams, dtype=_U64)
    words ^= _U64(state)
    words = mix(words)
    words += _U64(STREAM)
    return mix(words)


def play_batch(
    rules: Rules,
    states: Sequence[GameState],
    firsts: Sequence[Action | None],
    state: int,
    streams: Sequence[int] | None,
    policy: Any,
) -> BatchResult:
    """The hands of `states` played to their ends on arrays (see the module)."""
    run = _Run(rules, states, firsts, stream_keys(state, streams, len(states)), policy)
    run.auction()
    run.middle_phases()
    run.trick_play()
    return run.result()


def random_choices(decision: Decision) -> Any:
    """`batch.random_policy` on arrays."""
    kind = decision.kind
    u = decision.uniform(0)
    legal = decision.legal
    if kind == DECLARE:
        return (u * 4).astype(np.int64)
    if kind == DISCARD:
        raise AssertionError("discards are chosen hand by hand")
    if kind == CALL and decision.pitches is not None and np.any(decision.pitches):
        raise AssertionError("pitches are chosen hand by hand")
    sizes = popcount(legal)
    return kth_bit(legal, (u * sizes).astype(np.int64))
