"""Sampling the hidden cards: `sample_states(view, rng, n)`, full states a seat cannot
tell from the real one, drawn uniformly.

What a world is. A world is a full `GameState` that the seat's `PlayerView` admits:
`observe(world, seat)` is the view, and the current hand could have come about by legal
play with exactly the public record the view shows. The hidden cards are the other
seats' hands, the stock and the others' face-down discards; every placement of them that
keeps to the constraints below is one world, and each is drawn with the same probability.
The stock's order is hidden too: it is shuffled uniformly.

The constraints, all read from the view:

- counts: each hand holds `hand_sizes[s]` cards, the stock `stock_size`; the face-down
  discards hold what the variant makes them (`deal - 6` each where hands come down to
  six; the draw's, the draw back's and the discard and draw's counts are not shown by
  the view, so they are part of the hidden world and drawn with it, each weighted by its
  placements: only their sum, the stock the seats took, is known);
- known cards: the seat's own hand and discards, every card played face up, the
  face-up discards, and a pitched card taken back (it is in its pitcher's hand);
- following: for every card another seat played, the rules of following
  (`play.open_cards`, their one home) are asked which suits that seat could not
  have held: the play is tried again with the card alone, and with the card and one
  card of each suit (under the trump); a suit whose card would have forbidden the play
  is one the seat lacked then, and so lacks now. Every rule of following is of this
  form (a play is legal exactly when the hand lacks some suits), so nothing is lost;
- trumps-only play: a seat passed over (when a trick goes round, and when the lead
  passes) holds no trump; the seat to act holds one;
- the discards: the draw's are non-trumps; the discard and draw's are any cards, each
  seat's `deal - 6` and as many more as it drew (at most 3, and what the stock still
  held, in the order from the pitcher's left or from eldest, the pitcher last); Smear's
  discard to six holds a trump only if the hand kept no non-trump; the draw back's
  face-down discards are the non-trumps of the hand, every seat but the pitcher kept
  its trumps and drew to six in turn from what the stock still held, and the pitcher
  kept only trumps; a seat that discarded fewer trumps face up than it held above six
  kept no trump that is no point card, and a seat asked to choose them holds more than
  it must discard;
- the kitty: while it lies face down its `kitty_size` cards are hidden from all; once
  the pitcher took it, his discard of as many cards (any cards, before the draw's) is
  hidden from everyone but him, a holder of its own with no constraint, and his view
  shows the kitty's cards. Which of the pitcher's cards the kitty held is drawn
  uniformly among those he had before that discard (with the draw, among his cards
  and that discard: nothing anyone sees or plays depends on it).

The method: exact sampling by counting. Every constraint speaks of how many cards of a
class a holder gets (a class: the cards of one suit under the trump; in the draw back
the trumps that are point cards and those that are not). A holder's row is how many
cards of each class it receives; the number of placements for a choice of rows is a
product of binomials (which cards of each class), times a multinomial where holders
with the same constraints share a slot. A small dynamic programme over the holders,
memoised on the class counts still to place, counts the worlds that complete each
choice, exactly, in integers. To draw a world, each holder's row (and, where a stage
has alternatives, such as the number of trumps a seat kept, the alternative) is drawn
with probability proportional to the worlds that complete it, then the cards of each
class are drawn uniformly for that row and dealt at random within a slot. The product
of these probabilities is one over the number of worlds: every world is equally
likely, and no world that meets the constraints is ever refused. A view that admits no
world (only a hand-built one can) raises `InvalidStateError`: the counts find most, and
the first world drawn is played again through the engine from a deal it could have
come from, so a public record that no legal play gives is refused too.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Sequence

import attrs

from ..actions import Action, CallPartner, DeclareTrump, Discard, Pitch, Play
from ..bidding import after_call, call_table
from ..cards import CARDS, Card, Suit, cards_of, mask_of
from ..dealing import deal_places
from ..discarding import (
    KEEP_AT_LEAST,
    discard_turns,
    draw_back_order,
    excess_trumps,
    partner_of,
    refill,
)
from ..engine import apply_action, new_game
from ..errors import InvalidStateError, SetbackError
from ..play import open_cards
from ..rules import Rules
from ..scoring import cards_in_play
from ..state import (
    EMPTY_LOG,
    ForcedStep,
    GameRecord,
    GameState,
    Hand,
    HandResult,
    HandState,
    Phase,
    Trick,
    make_state,
)
from ..tables import trump_tables
from ..trumps import TrumpTable
from ..views import PlayerView
from ..views import observe as _observe

__all__ = ["check_observed", "sample_states"]

_CLASSES = 6
"""Classes of cards: the four suits under the trump (by `Suit` value), 4 for the
trumps that are no point card where the draw back tells them apart, and 5 for the called
card of call your partner while it is hidden."""
_FREE = 4
_CALLED = 5
_ANY = 1 << 10
"""A cap that bounds nothing."""


@attrs.frozen
class _Slot:
    """Holders that receive cards under the same constraints.

    `splits` lists how many cards each member may hold (the same total in every split),
    unless `draws` says the members are the draw's discards, whose sizes the view does
    not show; `caps` bounds the cards of each class the slot takes; `lows` are lower
    bounds `(classes, least)` on the cards of those classes together.
    """

    members: tuple[int, ...]
    splits: tuple[tuple[int, ...], ...]
    caps: tuple[int, ...] = (_ANY,) * _CLASSES
    lows: tuple[tuple[tuple[int, ...], int], ...] = ()
    draws: _Draws | None = None
    spread: int = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda s: _spread(s), takes_self=True),
    )
    """The ways to deal a given set of the slot's cards to its members, over all splits."""

    @property
    def total(self) -> int:
        """How many cards the slot takes."""
        return self.draws.total if self.draws is not None else sum(self.splits[0])

    def split(self, rng: random.Random) -> tuple[int, ...]:
        """How many cards each member gets, drawn in proportion to the ways to deal them."""
        if self.draws is not None:
            return self.draws.split(rng)
        return self.splits[_pick(rng, [_multinomial(split) for split in self.splits])]

    def fits(self, sizes: tuple[int, ...]) -> bool:
        """Whether the members may hold `sizes` cards."""
        return self.draws.fits(sizes) if self.draws is not None else sizes in self.splits

    def accepts(self, row: tuple[int, ...]) -> bool:
        """Whether the slot may take `row` cards of each class."""
        return all(sum(row[c] for c in classes) >= least for classes, least in self.lows)


@attrs.frozen
class _Draws:
    """The draw, eldest first: each seat discards up to `cap` cards and draws as many from
    the stock (`start` cards at first, `end` at last). `steps` holds, per seat that
    drew, `-1` for a member of the slot (its count unknown) or the viewer's own count.
    With an `offset`, each seat discarded that many cards more than it drew (the discard
    and draw, `KeepSix.DISCARD_AND_DRAW`: `deal - 6`); a member's size is its discard's."""

    steps: tuple[int, ...]
    start: int
    end: int
    cap: int
    offset: int = 0

    @property
    def total(self) -> int:
        """The members' discards together."""
        drawn = self.start - self.end - sum(step for step in self.steps if step >= 0)
        return drawn + self.offset * self.steps.count(-1)

    table: tuple[tuple[int, ...], ...] = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda d: _draw_table(d), takes_self=True),
    )
    """See `ways`, computed once when the value is built."""

    def ways(self, k: int, stock: int) -> int:
        """The ways to deal the members' cards still undealt from step `k` on, with
        `stock` cards left (a sum of multinomials over every split)."""
        return self.table[k][stock] if 0 <= stock < len(self.table[k]) else 0

    def split(self, rng: random.Random) -> tuple[int, ...]:
        """The members' counts, drawn in proportion to the ways to deal them."""
        sizes: list[int] = []
        stock = self.start
        for k, step in enumerate(self.steps):
            if step >= 0:
                stock -= step
                continue
            rem, offset = self._left(k, stock), self.offset
            counts = range(min(self.cap, stock, rem - offset) + 1)
            weights = [math.comb(rem, d + offset) * self.ways(k + 1, stock - d) for d in counts]
            d = _pick(rng, weights)
            sizes.append(d + offset)
            stock -= d
        return tuple(sizes)

    def fits(self, sizes: tuple[int, ...]) -> bool:
        """Whether the members may have drawn `sizes` cards."""
        given = iter(sizes)
        stock = self.start
        for step in self.steps:
            d = step if step >= 0 else next(given, -1) - self.offset
            if not 0 <= d <= min(self.cap, stock):
                return False
            stock -= d
        return stock == self.end and next(given, None) is None

    def _left(self, k: int, stock: int) -> int:
        """The members' cards still to deal at step `k`, with `stock` cards left."""
        rest = self.steps[k:]
        drawn = stock - self.end - sum(step for step in rest if step >= 0)
        return drawn + self.offset * rest.count(-1)


def _draw_table(draws: _Draws) -> tuple[tuple[int, ...], ...]:
    """`table[k][stock]`: the ways to deal the members' cards still undealt from step `k`
    on with `stock` cards left, a sum of multinomials over every split; from the last
    step back."""
    size = draws.start + 1
    table = [[0] * size for _ in range(len(draws.steps) + 1)]
    if 0 <= draws.end < size:
        table[-1][draws.end] = 1
    for k in range(len(draws.steps) - 1, -1, -1):
        step = draws.steps[k]
        for stock in range(size):
            if step >= 0:
                table[k][stock] = table[k + 1][stock - step] if step <= stock else 0
                continue
            rem, offset = draws._left(k, stock), draws.offset
            if rem >= offset:
                table[k][stock] = sum(
                    math.comb(rem, d + offset) * table[k + 1][stock - d]
                    for d in range(min(draws.cap, stock, rem - offset) + 1)
                )
    return tuple(map(tuple, table))


def _spread(slot: _Slot) -> int:
    if slot.draws is not None:
        return slot.draws.ways(0, slot.draws.start)
    return sum(_multinomial(split) for split in slot.splits)


_Alternative = tuple[tuple[_Slot, ...], int]
"""Slots filled together, and the stage's outgoing state (a number: the stock left in the
draw back's chain, else 0)."""
_Stage = Callable[[int], Sequence[_Alternative]]


def _multinomial(split: Sequence[int]) -> int:
    ways, total = 1, 0
    for size in split:
        total += size
        ways *= math.comb(total, size)
    return ways


def _rows(slot: _Slot, left: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every row the slot may take from `left` cards of each class."""
    out: list[tuple[int, ...]] = []
    caps = slot.caps

    def build(c: int, need: int, row: tuple[int, ...]) -> None:
        if c == len(left) - 1:
            if need <= min(caps[c], left[c]):
                full = (*row, need)
                if slot.accepts(full):
                    out.append(full)
            return
        for m in range(min(caps[c], left[c], need) + 1):
            build(c + 1, need - m, (*row, m))

    build(0, slot.total, ())
    return out


def _ways(row: tuple[int, ...], left: tuple[int, ...]) -> int:
    ways = 1
    for m, r in zip(row, left, strict=True):
        ways *= math.comb(r, m)
    return ways


def _minus(left: tuple[int, ...], row: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(r - m for r, m in zip(left, row, strict=True))


@attrs.frozen
class _Problem:
    """The hidden cards of a view and the constraints on where they lie."""

    classes: tuple[tuple[int, ...], ...]
    """The hidden cards of each class (card indices)."""
    stages: tuple[_Stage, ...]
    fixed: tuple[int, ...]
    """Each seat's known cards (bit sets): the viewer's hand, pitched cards taken back."""


_Walk = Callable[[random.Random], list[tuple[_Slot, tuple[int, ...]]]]


def _solve(problem: _Problem) -> tuple[int, _Walk]:
    """How many worlds `problem` admits, and a function that draws the rows of one of
    them uniformly (each slot with the count of each class of cards it receives)."""
    stages = problem.stages
    last = len(stages) - 1

    @functools.cache
    def alternatives(i: int, aux: int) -> tuple[_Alternative, ...]:
        return tuple(stages[i](aux))

    @functools.cache
    def count(i: int, left: tuple[int, ...], aux: int) -> int:
        if i > last:
            return 1 if not any(left) else 0
        return sum(fill(i, aux, a, 0, left) for a in range(len(alternatives(i, aux))))

    @functools.cache
    def fill(i: int, aux: int, a: int, j: int, left: tuple[int, ...]) -> int:
        slots, out = alternatives(i, aux)[a]
        if j == len(slots):
            return count(i + 1, left, out)
        return sum(w for _, w in choices(i, aux, a, j, left))

    @functools.cache
    def choices(
        i: int, aux: int, a: int, j: int, left: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], int], ...]:
        slots, _ = alternatives(i, aux)[a]
        slot = slots[j]
        rows = _slot_rows(slot, left, i == last and j == len(slots) - 1)
        spread = slot.spread
        found = []
        for row in rows:
            rest = fill(i, aux, a, j + 1, _minus(left, row))
            if rest:
                found.append((row, _ways(row, left) * spread * rest))
        return tuple(found)

    start = tuple(len(cards) for cards in problem.classes)

    def walk(rng: random.Random) -> list[tuple[_Slot, tuple[int, ...]]]:
        picked: list[tuple[_Slot, tuple[int, ...]]] = []
        aux, left = 0, start
        for i in range(len(stages)):
            alts = alternatives(i, aux)
            weights = [fill(i, aux, a, 0, left) for a in range(len(alts))]
            a = _pick(rng, weights)
            slots, out = alts[a]
            for j, slot in enumerate(slots):
                found = choices(i, aux, a, j, left)
                row = found[_pick(rng, [w for _, w in found])][0]
                picked.append((slot, row))
                left = _minus(left, row)
            aux = out
        return picked

    return count(0, start, 0), walk


def _slot_rows(slot: _Slot, left: tuple[int, ...], final: bool) -> list[tuple[int, ...]]:
    """The rows `slot` may take from `left` cards of each class: every one (`_rows`), or,
    for the `final` slot of the last stage, all that is left if it may."""
    if not final:
        return _rows(slot, left)
    ok = sum(left) == slot.total and all(m <= cap for m, cap in zip(left, slot.caps, strict=True))
    return [left] if ok and slot.accepts(left) else []


def _first(problem: _Problem) -> list[tuple[_Slot, tuple[int, ...]]] | None:
    """The rows of one world `problem` admits, the first a depth-first search finds (not
    drawn uniformly: nothing is counted), or None if it admits none."""
    stages = problem.stages
    last = len(stages) - 1
    Found = tuple[tuple[_Slot, tuple[int, ...]], ...] | None

    @functools.cache
    def alternatives(i: int, aux: int) -> tuple[_Alternative, ...]:
        return tuple(stages[i](aux))

    @functools.cache
    def stage(i: int, left: tuple[int, ...], aux: int) -> Found:
        if i > last:
            return None if any(left) else ()
        for a in range(len(alternatives(i, aux))):
            found = fill(i, aux, a, 0, left)
            if found is not None:
                return found
        return None

    @functools.cache
    def fill(i: int, aux: int, a: int, j: int, left: tuple[int, ...]) -> Found:
        slots, out = alternatives(i, aux)[a]
        if j == len(slots):
            return stage(i + 1, left, out)
        slot = slots[j]
        for row in _slot_rows(slot, left, i == last and j == len(slots) - 1):
            rest = fill(i, aux, a, j + 1, _minus(left, row))
            if rest is not None:
                return ((slot, row), *rest)
        return None

    found = stage(0, tuple(len(cards) for cards in problem.classes), 0)
    return None if found is None else list(found)


def _pick(rng: random.Random, weights: Sequence[int]) -> int:
    """An index drawn with probability proportional to `weights` (exact integers)."""
    x = rng.randrange(sum(weights))
    for k, w in enumerate(weights):
        if x < w:
            return k
        x -= w
    raise AssertionError("unreachable")  # pragma: no cover


def _check_args(view: object, rng: object, n: object) -> None:
    if type(view) is not PlayerView:
        raise TypeError(f"sample_states takes a PlayerView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"sample_states takes a random.Random, not {type(rng).__name__}")
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"n must be a whole number, not {type(n).__name__}")
    if n < 1:
        raise InvalidStateError(f"n must be at least 1, not {n}")


def _stage(*alternatives: _Alternative) -> _Stage:
    """A stage whose alternatives do not depend on the state coming in."""
    return lambda _aux: alternatives


def _between(first: int, last: int, players: int) -> list[int]:
    """The seats strictly after `first` and before `last`, clockwise."""
    return [(first + k) % players for k in range(1, (last - first) % players)]


def _probe(
    view: PlayerView, tricks: Sequence[Trick], k: int, i: int, trump: Suit
) -> Callable[[int, int], int]:
    """Asks the rules of following what the player of play `i` of trick `k` could have
    played holding the cards `held` (a bit set): `ask(seat, held)`."""
    rules = view.rules
    trick = tricks[k]
    table = trump_tables(rules)[trump]
    lead = trick.plays[0][1].index if i else -1

    def ask(seat: int, held: int) -> int:  # never under trumps-only play: no called card
        return open_cards(rules, table, held, lead, k == 0, 0)[0]

    return ask


def _lacked(view: PlayerView, tricks: Sequence[Trick], k: int, i: int) -> tuple[Suit, ...]:
    """The suits (under the trump) that play `i` of trick `k` shows its player lacked,
    asked of the rules of following (`play.open_cards`): the card alone must have been
    playable, and a suit lacked is one whose card, held beside it, would have forbidden
    the play. None where the first lead sets trump, or under trumps-only play (there the
    passes tell, not the plays)."""
    rules, trump = view.rules, view.trump
    if trump is None or rules.trumps_only:
        return ()
    if k == 0 and i == 0 and not rules.declares_trump:
        return ()
    seat, card = tricks[k].plays[i]
    ask = _probe(view, tricks, k, i, trump)
    bit = 1 << card.index
    if not ask(seat, bit) & bit:
        raise InvalidStateError(f"seat {seat} could not have played {card}")
    suits = trump_tables(rules)[trump].suits
    lacked = []
    for suit in Suit:
        other = next((x for x in rules.pack_indices if suits[x] is suit and x != card.index), None)
        if other is not None and not ask(seat, bit | 1 << other) & bit:
            lacked.append(suit)
    return tuple(lacked)


def _call_leader(
    rules: Rules, dealer: int, bids: Sequence[tuple[int, Action]]
) -> tuple[int, int | None]:
    """The highest call of an auction in progress and its seat (0 and None for none): the
    calls made so far, each taken by the auction's own transition (`bidding.after_call`)."""
    contract, pitcher = 0, None
    pitched: tuple[tuple[int, Card], ...] = ()
    for seat, action in bids:
        outcome = after_call(rules, dealer, seat, contract, pitcher, pitched, action)
        contract, pitcher, pitched = outcome.contract, outcome.pitcher, outcome.plays
    return contract, pitcher


@attrs.frozen
class _Known:
    """What a view shows of the hand's cards (the known cards constraint)."""

    tricks: tuple[Trick, ...]
    """The finished tricks and the trick in progress."""
    played: tuple[int, ...]
    """Each seat's cards played face up (bit sets)."""
    face: tuple[int, ...]
    """Each seat's face-up discards (bit sets)."""
    fixed: tuple[int, ...]
    """Each seat's known cards in hand: the viewer's, and a pitched card taken back."""
    hidden: int
    """Every card the view does not show (a bit set)."""
    in_hand: tuple[int, ...]
    """How many hidden cards each hand holds."""


def _known_cards(view: PlayerView) -> _Known:
    """The cards `view` shows: its seat's hand and discards, every card played, the
    face-up discards, and a pitched card taken back (in its pitcher's hand:
    `bidding.held_after`)."""
    rules, me = view.rules, view.seat
    players = rules.players
    if len(view.hand_sizes) != players or len(view.hand) != view.hand_sizes[me]:
        raise InvalidStateError("the view's hand sizes do not fit its rules and hand")
    tricks = (*view.tricks, *((view.trick,) if view.trick is not None else ()))
    played = [0] * players
    seen: list[Card] = [*view.hand, *view.discards]
    for trick in tricks:
        for seat, card in trick.plays:
            played[seat] |= 1 << card.index
            seen.append(card)
    face = [mask_of(cards) for cards in view.face_up_discards] or [0] * players
    for cards in view.face_up_discards:
        seen.extend(cards)
    fixed = [0] * players
    fixed[me] = mask_of(view.hand)
    for bidder, action in view.bids:  # a pitched card taken back is in its pitcher's hand
        if (
            isinstance(action, Pitch)
            and bidder != me
            and not any(p >> action.card.index & 1 for p in played)
        ):
            fixed[bidder] |= 1 << action.card.index
            seen.append(action.card)
    known = mask_of(seen)
    if known.bit_count() != len(seen) or known & ~rules.pack_mask:
        raise InvalidStateError("the view shows a card twice, or a card not in the pack")
    in_hand = [size - fixed[s].bit_count() for s, size in enumerate(view.hand_sizes)]
    if min(in_hand) < 0:
        raise InvalidStateError("a seat holds fewer cards than the view shows it holding")
    return _Known(
        tricks, tuple(played), tuple(face), tuple(fixed), rules.pack_mask & ~known, tuple(in_hand)
    )


@attrs.frozen
class _Kinds:
    """The classes of the hidden cards: their suit under the trump, the trumps that are
    no point card where the draw back or the rob tells them apart (`discarding.
    excess_trumps`), and the called card while it is hidden."""

    table: TrumpTable | None
    split: bool
    """Whether the trumps that are no point card are a class of their own."""
    called: int
    """The called card (a bit set; 0 without one)."""
    free: int
    """The trumps that are no point card, where `split` (a bit set)."""
    trumps: tuple[int, ...]
    """The classes that are trumps."""
    others: tuple[int, ...]
    """The classes that are not."""

    def of(self, index: int) -> int:
        """The class of the card `index`."""
        if self.table is None:
            return 0
        if self.called >> index & 1:
            return _CALLED
        return _FREE if self.free >> index & 1 else int(self.table.suits[index])


def _card_kinds(view: PlayerView) -> _Kinds:
    rules, trump = view.rules, view.trump
    split = (rules.draws_back or rules.robs_the_pack) and trump is not None
    table = trump_tables(rules)[trump] if trump is not None else None
    called = 0 if view.called is None else 1 << view.called.index
    free = excess_trumps(rules, table, rules.pack_mask, called)[0] if split and table else 0
    trumps = (
        (int(trump), *((_FREE,) if split else ()), *((_CALLED,) if called else ()))
        if trump is not None
        else ()
    )
    others = tuple(c for c in range(_CLASSES) if c not in trumps)
    return _Kinds(table, split, called, free, trumps, others)


_Caps = list[list[int]]
_Lows = list[list[tuple[tuple[int, ...], int]]]


def _hand_bounds(view: PlayerView, known: _Known, kinds: _Kinds) -> tuple[_Caps, _Lows]:
    """Each seat's caps (the most cards of each class its hand holds) and lower bounds,
    from the plays: the rules of following (`play.open_cards`, asked by `_lacked`),
    trumps-only play's turns (`play.after_play`, `next_leader`: a seat passed over holds
    no trump) and call your partner's first trick (`play.open_cards`: its holder must play
    the called card there)."""
    rules, me, trump = view.rules, view.seat, view.trump
    players, tricks = rules.players, known.tricks
    caps = [[_ANY] * _CLASSES for _ in range(players)]
    lows: _Lows = [[] for _ in range(players)]

    def lacks(seat: int, suit: Suit) -> None:
        caps[seat][int(suit)] = 0
        if suit is trump and kinds.split:
            caps[seat][_FREE] = 0
        if suit is trump:
            caps[seat][_CALLED] = 0

    for k, trick in enumerate(tricks):  # following: which suits each play shows lacked
        for i, (seat, _) in enumerate(trick.plays):
            if seat != me:
                for suit in _lacked(view, tricks, k, i):
                    lacks(seat, suit)
    if rules.trumps_only and view.phase is Phase.PLAY and trump is not None:
        for seat in passed_over(view, tricks):
            lacks(seat, trump)
        # call your partner: a seat that played another card to the first trick does not
        # hold the called card (its holder must play it there), the pitcher apart
        if kinds.called and tricks:
            for seat, card in tricks[0].plays:
                if card.index != view.called.index and seat != view.pitcher:  # type: ignore[union-attr]
                    caps[seat][_CALLED] = 0
        if view.to_act is not None and view.to_act != me:
            lows[view.to_act].append((kinds.trumps, 1))
    return caps, lows


def passed_over(view: PlayerView, tricks: Sequence[Trick]) -> set[int]:
    """Under trumps-only play, the seats the turns passed over (`play.after_play` when a
    trick goes round, `play.next_leader` when the lead passes): none of them holds a
    trump."""
    players = view.rules.players
    assert view.pitcher is not None
    out: set[int] = set()
    before = view.pitcher
    for trick in tricks:
        out.update(_between(before, trick.leader, players))
        if before != trick.leader:
            out.add(before)
        order = [seat for seat, _ in trick.plays]
        for first, then in itertools.pairwise(order):
            out.update(_between(first, then, players))
        if trick.winner is not None:
            out.update(set(range(players)) - set(order))
            before = trick.winner
        elif order and view.to_act is not None:
            out.update(_between(order[-1], view.to_act, players))
    return out


def _discarded(view: PlayerView) -> list[int]:
    """The seats that have made their discard this hand, in the steps' order
    (`discarding.discard_turns`)."""
    rules, phase = view.rules, view.phase
    order = discard_turns(rules, view.dealer, view.pitcher if view.pitcher is not None else 0)
    if _kitty_turn(view):  # the pitcher discards after taking the kitty: nobody drew yet
        return []
    if phase is Phase.DISCARD and view.to_act is not None:
        return order[: order.index(view.to_act)]
    if phase is Phase.PLAY and rules.declares_trump:
        return order
    return []


def _problem(view: PlayerView, trumps_kept: bool = False) -> _Problem:
    """The hidden cards of `view` (in play: not once the game is over) and every
    constraint the view puts on them (with `trumps_kept`: the others' discards in the
    discard and draw hold no trump)."""
    rules, players = view.rules, view.rules.players
    known, kinds = _known_cards(view), _card_kinds(view)
    caps, lows = _hand_bounds(view, known, kinds)
    done = _discarded(view)
    draw_back = rules.draws_back and kinds.split and view.phase in (Phase.DISCARD, Phase.PLAY)
    after = [
        size + known.played[s].bit_count() + known.face[s].bit_count()
        for s, size in enumerate(view.hand_sizes)
    ]
    if draw_back:
        _face_up_bounds(view, known, done, after, caps, lows)
    slots = _Slots(caps, lows, known.in_hand, kinds, players)
    start_stock = len(rules.pack_indices) - players * rules.deal - rules.kitty
    pool: list[tuple[int, int]] = []  # holders under no constraint, and their sizes
    points_capped = False  # a hand's point trumps capped (Cinch's rob): a class of their own
    if draw_back:  # `discarding.draw_back`
        assert view.pitcher is not None
        called = kinds.called & known.hidden
        stages = _draw_back(view, after, slots.hand, slots.discard, start_stock, called)
    else:
        stages, points_capped = _discard_stages(
            view, known, done, slots, start_stock, pool, trumps_kept
        )
    pool.append((2 * players, view.stock_size))
    kitty = _kitty_hidden(view)
    if kitty:  # the face-down kitty, or the pitcher's discard after taking it: any cards
        pool.append((2 * players + 1, kitty))
    holders = tuple(holder for holder, _ in pool)
    sizes = tuple(size for _, size in pool)
    stages.append(_stage(((_Slot(holders, (sizes,)),), 0)))
    return _merged(rules, known, kinds, caps, lows, stages, points_apart=points_capped)


def _face_up_bounds(
    view: PlayerView,
    known: _Known,
    done: Sequence[int],
    after: Sequence[int],
    caps: _Caps,
    lows: _Lows,
) -> None:
    """The draw back's face-up discard of excess trumps (`discarding.forced_face_up`),
    added to the caps and lower bounds: a seat that discarded fewer face up than it held
    above six holds no trump that is no point card; the seat to act discards them."""
    me, face = view.seat, known.face
    for seat in done:
        if seat != me and after[seat] > 6 and face[seat].bit_count() < after[seat] - 6:
            caps[seat][_FREE] = 0
    if view.phase is Phase.DISCARD and view.to_act is not None and view.to_act != me:
        lows[view.to_act].append(((_FREE,), after[view.to_act] - 5))


@attrs.frozen
class _Slots:
    """The slots of a view's holders: a seat's hand under its caps and lower bounds, and
    a seat's face-down discard."""

    caps: _Caps
    lows: _Lows
    in_hand: tuple[int, ...]
    """How many hidden cards each hand holds."""
    kinds: _Kinds
    players: int

    def hand(
        self,
        seat: int,
        extra: Sequence[tuple[tuple[int, ...], int]] = (),
        *,
        bare: bool = False,
        uncalled: bool = False,
        points: int = _ANY,
    ) -> _Slot:
        """The hand of `seat`, with lower bounds `extra` besides its own: nothing but
        trumps if `bare`, not the called card if `uncalled`, at most `points` trumps
        that are point cards (where `split` tells them apart)."""
        cap = list(self.caps[seat])
        trumps = self.kinds.trumps
        if bare:
            for c in self.kinds.others:
                cap[c] = 0
        if uncalled:
            cap[_CALLED] = 0
        if trumps:
            cap[trumps[0]] = min(cap[trumps[0]], points)
        return _Slot((seat,), ((self.in_hand[seat],),), tuple(cap), (*self.lows[seat], *extra))

    def discard(self, seat: int, size: int, *, trumps_in: int = 0) -> _Slot:
        """The face-down discard of `seat`, `size` cards: no trump, or at least
        `trumps_in` trumps."""
        cap = [_ANY] * _CLASSES
        lows: tuple[tuple[tuple[int, ...], int], ...] = ()
        if trumps_in == 0:
            for c in self.kinds.trumps:
                cap[c] = 0
        else:
            lows = ((self.kinds.trumps, trumps_in),)
        return _Slot((self.players + seat,), ((size,),), tuple(cap), lows)


def _discard_stages(
    view: PlayerView,
    known: _Known,
    done: Sequence[int],
    slots: _Slots,
    start_stock: int,
    pool: list[tuple[int, int]],
    trumps_kept: bool = False,
) -> tuple[list[_Stage], bool]:
    """The stages of the hands and discards without the draw back, and whether a hand's
    point trumps are capped; the holders under no constraint join `pool` (`trumps_kept`:
    the others' discards in the discard and draw hold no trump)."""
    rules, me, trump = view.rules, view.seat, view.trump
    players, deal = rules.players, rules.deal
    caps, lows = slots.caps, slots.lows
    constrained = [
        seat != me and (any(c != _ANY for c in caps[seat]) or bool(lows[seat]))
        for seat in range(players)
    ]
    stages: list[_Stage] = []
    handled: set[int] = set()
    points_capped = False
    if rules.robs_the_pack and trump is not None and view.phase in (Phase.DISCARD, Phase.PLAY):
        handled.update(range(players))
        stages, points_capped = _rob_stages(view, known, done, slots)
    elif rules.non_trumps_first and trump is not None:  # `discarding.discard_refusal`
        stages = _non_trumps_first_stages(view, known, done, slots)
        handled.update(seat for seat in done if seat != me)
    elif rules.discards_and_draws and done:  # `discarding.step_discard`'s draw
        kept = slots.kinds.trumps if trumps_kept else ()
        slot = _draw_slot(view, done, start_stock, kept, deal - 6, 6 - KEEP_AT_LEAST)
        stages.append(_stage(((slot,), 0)))
    elif deal > 6:  # `discarding.discard_bounds`: the cards above six
        pool.extend((players + seat, deal - 6) for seat in done if seat != me)
    elif rules.draw and done:  # `discarding.step_discard`'s draw
        slot = _draw_slot(view, done, start_stock, slots.kinds.trumps, 0, deal)
        stages.append(_stage(((slot,), 0)))
    for seat in range(players):
        if seat == me or seat in handled:
            continue
        if constrained[seat]:
            stages.append(_stage(((slots.hand(seat),), 0)))
        else:
            pool.append((seat, slots.in_hand[seat]))
    return stages, points_capped


def _rob_stages(
    view: PlayerView, known: _Known, done: Sequence[int], slots: _Slots
) -> tuple[list[_Stage], bool]:
    """Cinch's discard and rob (`discarding.rob_bounds`, asked by `_rob`): a stage per
    seat but the viewer, and whether a hand's point trumps are capped."""
    kinds = slots.kinds
    assert kinds.table is not None
    robbed = _rob(
        view,
        kinds.table,
        done,
        known.played,
        known.face,
        known.in_hand,
        kinds.trumps,
        kinds.others,
    )
    stages: list[_Stage] = []
    points_capped = False
    for seat, bounds, discards in robbed:
        if seat == view.seat:
            continue
        points_capped |= any(points != _ANY for _, _, points in bounds)
        hands = (
            ((slots.hand(seat, extra, bare=bare, points=points), *discards), 0)
            for extra, bare, points in bounds
        )
        stages.append(_stage(*hands))
    return stages, points_capped


def _non_trumps_first_stages(
    view: PlayerView, known: _Known, done: Sequence[int], slots: _Slots
) -> list[_Stage]:
    """The discards above six where non-trumps go first (`discarding.discard_refusal`): a
    stage per seat that has discarded, but the viewer: its discard held no trump, or it
    held nothing but trumps (none played) and discarded one at least."""
    table, deal = slots.kinds.table, view.rules.deal
    assert table is not None
    stages: list[_Stage] = []
    for seat in done:
        if seat == view.seat:
            continue
        alternatives: list[_Alternative] = [((slots.hand(seat), slots.discard(seat, deal - 6)), 0)]
        if not known.played[seat] & ~table.trump_mask:
            both = (slots.hand(seat, bare=True), slots.discard(seat, deal - 6, trumps_in=1))
            alternatives.append((both, 0))
        stages.append(_stage(*alternatives))
    return stages


def _merged(
    rules: Rules,
    known: _Known,
    kinds: _Kinds,
    caps: _Caps,
    lows: _Lows,
    stages: list[_Stage],
    *,
    points_apart: bool = False,
) -> _Problem:
    """The problem with the classes no constraint tells apart made one (fewer rows to
    count); with `points_apart`, a slot caps the point trumps (the rob's seat to act), so
    they and the other trumps stay apart."""
    trumps = kinds.trumps

    def signature(c: int) -> tuple[object, ...]:
        return (
            tuple(cap[c] for cap in caps),
            tuple(c in classes for bounds in lows for classes, _ in bounds),
            c in trumps,
            c == _CALLED,  # its own class: the pitcher's slot may refuse it (`_draw_back`)
            c == _FREE and points_apart,
        )

    groups: dict[tuple[object, ...], list[int]] = {}
    for c in range(_CLASSES):
        groups.setdefault(signature(c), []).append(c)
    merged = list(groups.values())
    group_of = {c: g for g, members in enumerate(merged) for c in members}

    def narrow(slot: _Slot) -> _Slot:
        return _Slot(
            slot.members,
            slot.splits,
            tuple(slot.caps[members[0]] for members in merged),
            tuple(
                (tuple(sorted({group_of[c] for c in classes})), least)
                for classes, least in slot.lows
            ),
            slot.draws,
        )

    def narrowed(stage: _Stage) -> _Stage:
        return lambda aux: [
            (tuple(narrow(slot) for slot in slots), out) for slots, out in stage(aux)
        ]

    classes: list[list[int]] = [[] for _ in merged]
    for index in rules.pack_indices:
        if known.hidden >> index & 1:
            classes[group_of[kinds.of(index)]].append(index)
    return _Problem(
        tuple(map(tuple, classes)), tuple(narrowed(stage) for stage in stages), known.fixed
    )


def _kitty_turn(view: PlayerView) -> bool:
    """Whether the seat to act is the pitcher discarding after taking the kitty (he holds
    it still: more cards than were dealt)."""
    return (
        bool(view.rules.kitty)
        and view.phase is Phase.DISCARD
        and view.to_act == view.pitcher
        and view.pitcher is not None
        and view.hand_sizes[view.pitcher] > view.rules.deal
    )


def _kitty_hidden(view: PlayerView) -> int:
    """How many hidden cards the kitty accounts for (holder `2 * players + 1`): the kitty
    while it lies face down, then, to every seat but the pitcher, the pitcher's discard
    after taking it (any cards, as many as the kitty held); else 0."""
    if view.kitty_size:
        return view.kitty_size
    rules = view.rules
    taken = rules.kitty and view.trump is not None and view.phase is not Phase.GAME_OVER
    if not taken or view.seat == view.pitcher or _kitty_turn(view):
        return 0
    return rules.kitty


_Alternative_Hand = tuple[tuple[tuple[tuple[int, ...], int], ...], bool, int]
"""A hand's constraints: lower bounds `(classes, least)`, nothing but trumps, and the most
trumps that are point cards it holds."""


def _rob(
    view: PlayerView,
    table: TrumpTable,
    done: Sequence[int],
    played: Sequence[int],
    face: Sequence[int],
    in_hand: Sequence[int],
    trumps: tuple[int, ...],
    others: tuple[int, ...],
) -> list[tuple[int, list[_Alternative_Hand], tuple[_Slot, ...]]]:
    """Cinch's discard and rob (`discarding.rob_bounds`), seat by seat in its order: the
    alternatives each hand may meet and the dealer's face-down discard. A player but the
    dealer who has discarded kept the trumps he was dealt (as many as his deal less his
    face-up discard, where the stock could refill him), or only trumps (he discarded
    trumps face up), or anything (the stock ran out at him); the dealer kept only trumps if
    he discarded any face up, and discarded only non-trumps face down. The seat to act has
    a choice: below six trumps, or one its stock cannot refill (more non-trumps than it
    could keep), or seven or more but not every point card among them."""
    rules = view.rules
    players, deal = rules.players, rules.deal
    mask = table.trump_mask
    plain = tuple(0 if c in trumps else _ANY for c in range(_CLASSES))
    stock = len(rules.pack_indices) - players * deal
    out: list[tuple[int, list[_Alternative_Hand], tuple[_Slot, ...]]] = []
    assert view.pitcher is not None
    for seat in discard_turns(rules, view.dealer, view.pitcher):  # the rob's steps' order
        up = face[seat].bit_count()
        if seat in done and seat == view.dealer:
            kept = in_hand[seat] + played[seat].bit_count()
            down = _Slot((players + seat,), ((deal + stock - kept - up,),), plain)
            slots = (down,) if seat != view.seat else ()
            out.append((seat, [((), bool(face[seat] & mask), _ANY)], slots))
        elif seat in done:
            if face[seat] & mask:  # seven trumps or more: only trumps kept, nothing drawn
                out.append((seat, [((), True, _ANY)], ()))
                continue
            drawn = up - (deal - 6)  # back to six, if the stock could
            if drawn < stock:  # refilled: he kept the trumps he was dealt
                need = deal - up - (played[seat] & mask).bit_count()
                out.append((seat, [(((trumps, need),) if need > 0 else (), False, _ANY)], ()))
            else:  # the stock ran out at him: refilled exactly, or he chose what to keep
                out.append((seat, [((), False, _ANY)], ()))
                drawn = stock
            stock -= drawn
        elif seat == view.to_act and view.phase is Phase.DISCARD:
            size = in_hand[seat]
            left = 0 if seat == view.dealer else view.stock_size
            choices: list[_Alternative_Hand] = [(((trumps, 7),), False, 5)]
            if left <= 5:  # fewer trumps than six less what the stock can give
                choices.append((((others, size - 5 + left),), False, _ANY))
            out.append((seat, choices, ()))
        else:
            out.append((seat, [((), False, _ANY)], ()))
    return out


def _draw_slot(
    view: PlayerView,
    done: Sequence[int],
    stock: int,
    trumps: tuple[int, ...],
    offset: int,
    most: int,
) -> _Slot:
    """The face-down discards of the seats that have drawn (not the viewer's), in their
    order: the draw's (non-trumps, as many as each seat drew: `trumps` are the classes
    they hold none of, `offset` 0) or the discard and draw's (any cards, `offset` more
    than each seat drew, at most `most` drawn). The view does not show each seat's count:
    every split the stock allows. (A pitcher's discard after taking the kitty is not
    one of them.)"""
    me = view.seat
    own = len(view.discards) - offset - (view.rules.kitty if me == view.pitcher else 0)
    steps = tuple(own if seat == me else -1 for seat in done)
    draws = _Draws(steps, stock, view.stock_size, most, offset)
    if draws.total < 0 or not draws.ways(0, stock):
        raise InvalidStateError("no draw leaves the stock the view shows")
    cap = tuple(0 if c in trumps else _ANY for c in range(_CLASSES))
    players = view.rules.players
    members = tuple(players + seat for seat in done if seat != me)
    return _Slot(members, (), cap, draws=draws)


def _draw_back(
    view: PlayerView,
    after: Sequence[int],
    hand_slot: Callable[..., _Slot],
    discard_slot: Callable[..., _Slot],
    stock: int,
    called: int = 0,
) -> list[_Stage]:
    """The draw back, a chain of stages in its order (`discarding.draw_back_order`; each
    passes on the stock it left):
    each seat but the pitcher kept its `t` trumps, discarded the rest of its deal face
    down and drew to six from what was left; the pitcher took the rest of the stock and
    kept only trumps. `after` is each seat's hand size when the draw back was done;
    `called` is call your partner's called card while hidden: the pitcher did not hold it
    when he called it, so he holds it only if he drew it (from a stock left to him)."""
    rules, me, pitcher = view.rules, view.seat, view.pitcher
    deal, players = rules.deal, rules.players
    assert pitcher is not None
    played = [0] * players
    for trick in (*view.tricks, *((view.trick,) if view.trick is not None else ())):
        for seat, _ in trick.plays:
            played[seat] += 1
    face = [len(cards) for cards in view.face_up_discards] or [0] * players
    stages: list[_Stage] = []

    def seat_stage(seat: int) -> _Stage:
        if seat == me:
            kept = deal - len(view.discards)

            def mine(left: int) -> list[_Alternative]:
                got = refill(kept, left)
                return [((), left - got)] if kept + got == after[seat] else []

            return mine
        trumps = tuple(c for c in range(_CLASSES) if c in (_FREE, _CALLED, int(view.trump)))  # type: ignore[arg-type]

        def theirs(left: int) -> list[_Alternative]:
            found: list[_Alternative] = []
            for kept in range(deal + 1):
                got = refill(kept, left)
                if kept + got != after[seat]:
                    continue
                need = kept - played[seat] - face[seat]
                extra = ((trumps, need),) if need > 0 else ()
                slots = (hand_slot(seat, extra), discard_slot(seat, deal - kept))
                found.append((slots, left - got))
            return found

        return theirs

    def pitcher_stage(left: int) -> list[_Alternative]:
        thrown = deal + left - after[pitcher]
        if pitcher == me:
            return [((), 0)] if thrown == len(view.discards) else []
        if thrown < 0:
            return []
        own = hand_slot(pitcher, bare=True, uncalled=bool(called) and not left)
        return [((own, discard_slot(pitcher, thrown)), 0)]

    first = True
    for seat in draw_back_order(rules, view.dealer, pitcher)[:-1]:  # the pitcher is last
        stage = seat_stage(seat)
        if first:  # the chain starts from the whole stock
            stages.append(lambda _aux, stage=stage: stage(stock))  # type: ignore[misc]
            first = False
        else:
            stages.append(stage)
    if first:
        stages.append(lambda _aux: pitcher_stage(stock))
    else:
        stages.append(pitcher_stage)
    return stages


def sample_states(
    view: PlayerView, rng: random.Random, n: int, *, trumps_kept: bool = False
) -> tuple[GameState, ...]:
    """`n` full states that `view`'s seat cannot tell from the real one, drawn uniformly.

    Each state agrees with everything the view shows: `observe(state, view.seat)` is
    `view`, and the hand so far could have been played as the view shows it. The hidden
    cards (the other hands, the stock, the others' face-down discards) are placed at
    random, keeping every constraint the view puts on them: hand sizes and the stock's
    size, suits a seat showed it lacks by the rules of following (and in trumps-only
    play by being passed over), what the variant's discards may hold. Every placement
    that keeps them is equally likely; none is ever refused (the sampling counts the
    placements exactly, it does not guess and retry). The stock's order is shuffled.
    A state's seed is drawn from `rng` (later deals are unknown too); its `history`
    holds only the view's `last_result`, and its log starts at the current hand, so
    it is a state to search from, not to store: no game record replays to it, and
    `loads` refuses what `dumps` writes of it.

    With `trumps_kept`, the guesses also assume what players do where the rules let
    them choose: in the discard and draw (`KeepSix.DISCARD_AND_DRAW`), each other seat's
    face-down discard holds no trump (the trumps stay in its hand or the stock). Every
    placement that keeps this too is equally likely; where none does, the placements
    are drawn as without it. Under other rules it changes nothing.

    Args:
        view: what one seat sees (`observe(state, seat)`).
        rng: the source of randomness; the same seed gives the same states.
        n: how many states, at least 1.
        trumps_kept: guess that the others kept their trumps in the discard and draw.

    Returns:
        A tuple of `n` states, each independently drawn.

    Raises:
        TypeError: `view` is not a `PlayerView`, `rng` not a `random.Random`, `n` not
            an int, or `trumps_kept` not a bool.
        InvalidStateError: `n` is below 1, or no state agrees with `view` (only a view
            built by hand can be so).

    Examples:
        >>> import random
        >>> from setback import Rules, new_game, observe
        >>> state = new_game(Rules.setback(), seed=7)
        >>> worlds = sample_states(observe(state, 1), random.Random(1), 3)
        >>> [observe(world, 1) == observe(state, 1) for world in worlds]
        [True, True, True]
    """
    _check_args(view, rng, n)
    if type(trumps_kept) is not bool:
        raise TypeError(f"trumps_kept must be True or False, not {type(trumps_kept).__name__}")

    def draw() -> tuple[GameState, ...]:
        if view.phase is Phase.GAME_OVER:
            return tuple(_game_over(view, rng) for _ in range(n))
        problem = _problem(view, trumps_kept)
        total, walk = _solve(problem)
        if not total and trumps_kept:  # no placement keeps the trumps: every one alike
            problem = _problem(view)
            total, walk = _solve(problem)
        if not total:
            raise InvalidStateError(_NO_DEAL)
        return tuple(_build(view, problem, walk(rng), rng) for _ in range(n))

    return _agreeing(view, draw)


def check_observed(view: PlayerView) -> None:
    """Whether `view` is one that `observe` gives of some state of its rules: raises if
    not, saying why. The check `sample_states` makes of the states it draws, on one state
    found without counting them all (so quicker): the hidden cards are dealt as the view
    admits, the hand so far is replayed through the engine under the view's rules (each
    call, discard and card legal, the seat to act, the pitcher, contract and trump what
    they give), and `observe` of that state must be `view`, `legal_actions` included
    (what the engine offers the seat in its phase). `loads` checks every view so, and a
    bot a view it fails on.

    Args:
        view: a view from any source.

    Raises:
        TypeError: `view` is not a `PlayerView`.
        InvalidStateError: no state of its rules gives `view` (the message says why: the
            legal actions the rules allow, the engine's refusal of a step of the hand, the
            fields that differ).

    Examples:
        >>> from setback import Bid, Rules, new_game, observe
        >>> import attrs
        >>> view = observe(new_game(Rules.setback(), seed=7), 1)
        >>> check_observed(view)
        >>> check_observed(attrs.evolve(view, legal_actions=(Bid(3),)))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        setback.errors.InvalidStateError: the view's legal actions are not what its rules ...
    """
    rng = random.Random(0)
    _check_args(view, rng, 1)

    def find() -> tuple[GameState, ...]:
        if view.phase is Phase.GAME_OVER:
            return (_game_over(view, rng),)
        problem = _problem(view)
        rows = _first(problem)
        if rows is None:
            raise InvalidStateError(_NO_DEAL)
        return (_build(view, problem, rows, rng),)

    _agreeing(view, find)


_NO_DEAL = "no deal of the hidden cards agrees with this view under its rules"


def _agreeing(view: PlayerView, make: Callable[[], tuple[GameState, ...]]) -> tuple[GameState, ...]:
    """The states `make` builds for `view`, checked: the first replays through the engine,
    and `observe` of it is `view` (what differs among them is hidden: one check will do).
    Whatever fails for a view built by hand becomes `InvalidStateError`, saying why."""
    try:
        worlds = make()
        shown = _observe(worlds[0], view.seat)
        _replay_hand(worlds[0])
    except InvalidStateError:
        raise
    except SetbackError as error:  # the engine refused the hand's replay: say its rule
        raise InvalidStateError(
            f"the view's hand is not one that legal play gives: {error}"
        ) from error
    except (AssertionError, IndexError, KeyError, TypeError, ValueError) as error:
        # a view built by hand whose parts do not fit together
        raise InvalidStateError(f"the view is not consistent ({error!r})") from error
    if shown != view:
        raise InvalidStateError(_unlike(shown, view))
    return worlds


def _unlike(shown: PlayerView, view: PlayerView) -> str:
    """Why `view` is not `shown`, what `observe` gives of a state that agrees with the rest
    of it: its legal actions, named as the engine gives them (they come from the seat's own
    cards), or the fields that differ."""
    if shown.legal_actions != view.legal_actions:
        allowed = ", ".join(map(str, shown.legal_actions[:8]))
        more = ", ..." if len(shown.legal_actions) > 8 else ""
        return (
            f"the view's legal actions are not what its rules allow seat {view.seat} in the "
            f"{view.phase.value} phase: {allowed + more if allowed else 'none'}"
        )
    differ = [
        field.name
        for field in attrs.fields(PlayerView)
        if getattr(shown, field.name) != getattr(view, field.name)
    ]
    return f"the view is not one that observe gives of any state (its {', '.join(differ)})"


def _place(
    problem: _Problem, rows: list[tuple[_Slot, tuple[int, ...]]], rng: random.Random
) -> dict[int, list[int]]:
    """The hidden cards dealt for `rows`: each slot's cards of each class drawn uniformly,
    then dealt at random among its members (card indices by holder)."""
    left = [list(cards) for cards in problem.classes]
    got: dict[int, list[int]] = {}
    for slot, row in rows:
        cards: list[int] = []
        for c, m in enumerate(row):
            if m == len(left[c]):  # all of them: the shuffle below orders them
                cards.extend(left[c])
                left[c] = []
            elif m:
                chosen = rng.sample(left[c], m)
                cards.extend(chosen)
                taken = set(chosen)
                left[c] = [x for x in left[c] if x not in taken]
        rng.shuffle(cards)
        sizes = slot.split(rng)
        at = 0
        for holder, size in zip(slot.members, sizes, strict=True):
            got[holder] = cards[at : at + size]
            at += size
    return got


def _build(
    view: PlayerView,
    problem: _Problem,
    rows: list[tuple[_Slot, tuple[int, ...]]],
    rng: random.Random,
) -> GameState:
    """The state whose hidden cards are dealt for `rows` (`_place`)."""
    rules, me = view.rules, view.seat
    players = rules.players
    got = _place(problem, rows, rng)
    held = tuple(problem.fixed[s] | sum(1 << x for x in got.get(s, ())) for s in range(players))
    phase = view.phase
    discarded: tuple[int, ...] = ()
    if rules.declares_trump and phase in (Phase.DISCARD, Phase.PLAY):
        discarded = tuple(
            mask_of(view.discards) if s == me else sum(1 << x for x in got.get(players + s, ()))
            for s in range(players)
        )
    kitty = _world_kitty(view, got, held, rng)
    if kitty and view.kitty_size == 0 and view.seat != view.pitcher and not _kitty_turn(view):
        assert view.pitcher is not None  # the pitcher's discard after taking the kitty
        thrown = list(discarded)
        thrown[view.pitcher] |= mask_of(CARDS[i] for i in got.get(2 * players + 1, ()))
        discarded = tuple(thrown)
    face_up = tuple(mask_of(cards) for cards in view.face_up_discards)
    if not any(face_up) and phase is not Phase.DISCARD:
        face_up = ()
    if phase is Phase.BIDDING:
        contract, pitcher = _call_leader(rules, view.dealer, view.bids)
    else:
        contract, pitcher = view.contract or 0, view.pitcher
    called = must_play = 0
    partner = None
    if view.called is not None:  # call your partner: who holds the card in this world
        assert pitcher is not None
        called = 1 << view.called.index
        shown = [play for trick in (*view.tricks, view.trick) if trick for play in trick.plays]
        in_play = cards_in_play(held, (), shown)[0]
        must_play, partner = partner_of(called, in_play, pitcher)
    stock = tuple(got.get(2 * players, ()))
    forced: tuple[ForcedStep, ...] = ()
    if kitty and view.kitty_size:  # face down: the stock's first cards
        stock = (*(card.index for card in cards_of(kitty)), *stock)
    elif kitty:  # taken: the hand's first forced step
        assert view.pitcher is not None
        forced = (ForcedStep(seat=view.pitcher, drawn=kitty),)
    hand = HandState(
        number=view.hand_number,
        dealer=view.dealer,
        stock=stock,
        bids=view.bids,
        contract=contract,
        pitcher=pitcher,
        trump=view.trump,
        discarded=discarded,
        face_up=face_up if rules.draws_back or rules.robs_the_pack else (),
        phase=phase,
        forced=forced,
        kitty=kitty,
    )
    if called:
        hand = hand._replace(called=called, must_play=must_play, partner=partner)
    tables = trump_tables(rules)
    playable = 0
    if phase is Phase.PLAY and view.to_act is not None:
        plays = view.trick.plays if view.trick is not None else ()
        table = None if view.trump is None else tables[view.trump]
        lead = plays[0][1].index if plays else -1
        first = not view.tricks
        playable = open_cards(rules, table, held[view.to_act], lead, first, must_play)[0]
    core = Hand(
        setup=hand,
        to_act=view.to_act,
        held=held,
        plays=() if view.trick is None else view.trick.plays,
        tricks=view.tricks,
        playable=playable,
    )
    return make_state(
        rules=rules,
        origin=GameRecord(rules=rules, seed=rng.getrandbits(64), dealer=view.dealer),
        scores=view.scores,
        history=_history(view.last_result),
        winner=view.winner,
        hand=core,
        log=EMPTY_LOG,
        tables=tables,
        calls=call_table(rules),
    )


def _world_kitty(
    view: PlayerView, got: dict[int, list[int]], held: tuple[int, ...], rng: random.Random
) -> int:
    """The kitty's cards in a world (a bit set): the face-down cards drawn for it; the
    pitcher's own view's kitty; for anyone else once the pitcher took it, any `kitty` of the
    pitcher's cards from before his discard, drawn uniformly (which of them the kitty held
    changes nothing anyone can see or play; with the draw, his cards now stand for those)."""
    rules = view.rules
    if not rules.kitty or view.phase is Phase.GAME_OVER:
        return 0
    if view.kitty_size:
        return mask_of(CARDS[i] for i in got.get(2 * rules.players + 1, ()))
    if view.seat == view.pitcher:
        return mask_of(view.kitty)
    pitcher = view.pitcher
    assert pitcher is not None
    mine = held[pitcher] | mask_of(CARDS[i] for i in got.get(2 * rules.players + 1, ()))
    for trick in (*view.tricks, *((view.trick,) if view.trick is not None else ())):
        for seat, card in trick.plays:
            if seat == pitcher:
                mine |= 1 << card.index
    return mask_of(rng.sample(cards_of(mine), rules.kitty))


def _history(last: HandResult | None) -> tuple[HandResult, ...]:
    return () if last is None else (last,)


def _game_over(view: PlayerView, rng: random.Random) -> GameState:
    """A finished game as the view shows it: the last hand's undealt stock drawn from the
    cards the seat never saw."""
    rules = view.rules
    last = view.last_result
    seen: set[Card] = set()
    if last is not None:
        seen.update(card for cards in last.hands for card in cards)
        seen.update(card for cards in last.discards for card in cards)
        seen.update(card for cards in last.face_up_discards for card in cards)
        seen.update(card for trick in last.tricks for card in trick.cards)
    unseen = [i for i in rules.pack_indices if CARDS[i] not in seen]
    if view.stock_size > len(unseen):
        raise InvalidStateError("the stock the view shows is larger than the unseen cards")
    stock = rng.sample(unseen, view.stock_size)
    hand = HandState(
        number=view.hand_number, dealer=view.dealer, stock=tuple(stock), phase=Phase.GAME_OVER
    )
    return make_state(
        rules=rules,
        origin=GameRecord(rules=rules, seed=rng.getrandbits(64), dealer=view.dealer),
        scores=view.scores,
        history=_history(last),
        winner=view.winner,
        hand=Hand(setup=hand, to_act=None, held=(0,) * rules.players),
        log=EMPTY_LOG,
        tables=trump_tables(rules),
        calls=call_table(rules),
    )


def _admits(problem: _Problem, holdings: dict[int, Sequence[int]]) -> bool:
    """Whether a placement of the hidden cards (card indices by holder: seat `s`'s hand is
    `s`, its face-down discards `players + s`, the stock `2 * players`) keeps every
    constraint of `problem`: the check behind the tests that the true state is always a
    world the sampler may draw."""
    group = {index: c for c, cards in enumerate(problem.classes) for index in cards}
    placed = [index for cards in holdings.values() for index in cards]
    if sorted(placed) != sorted(group):
        return False

    def row(slot: _Slot) -> tuple[int, ...] | None:
        sizes = tuple(len(holdings.get(member, ())) for member in slot.members)
        if not slot.fits(sizes):
            return None
        counts = [0] * len(problem.classes)
        for member in slot.members:
            for index in holdings.get(member, ()):
                counts[group[index]] += 1
        full = tuple(counts)
        if any(m > cap for m, cap in zip(full, slot.caps, strict=True)):
            return None
        return full if slot.accepts(full) else None

    used = {holder for holder, cards in holdings.items() if cards}

    def walk(i: int, aux: int, seen: frozenset[int]) -> bool:
        if i == len(problem.stages):
            return used <= seen
        return any(
            all(row(slot) is not None for slot in slots)
            and walk(i + 1, out, seen.union(m for slot in slots for m in slot.members))
            for slots, out in problem.stages[i](aux)
        )

    return walk(0, 0, frozenset())


def _replay_hand(world: GameState) -> None:
    """Play the world's hand again through the engine, from a deal it could have come
    from, and check that it ends where the world is: a view built by hand whose public
    record no legal play gives (a wrong seat to act, a call out of turn) is refused.
    Raises `IllegalActionError`, `InvalidStateError` or `AssertionError` if not."""
    if world.phase is Phase.GAME_OVER:
        return
    rules, hand = world.rules, world.hand_state
    deck, kitty = _replay_deck(world)
    state = new_game(rules, seed=world.seed, dealer=hand.dealer, deck=deck, scores=world.scores)
    state = _replay_calls(state, world)
    state = _replay_discards(state, world, kitty)
    plays = [play for trick in world.tricks for play in trick.plays] + list(world.plays)
    for seat, card in plays[len(state.plays) :]:
        state = apply_action(state, Play(card), seat=seat)
    if not _same_hand(state, world):
        raise InvalidStateError("the view's hand is not one that legal play gives")


def _replay_deck(world: GameState) -> tuple[list[Card], int]:
    """A deck that deals the world's hand (each seat's cards as dealt, the kitty, then the
    cards drawn in order and the rest of the stock), and the kitty to replay, which is also
    the pitcher's discard after taking it (`_replay_kitty`)."""
    rules, hand = world.rules, world.hand_state
    players = rules.players
    played = [0] * players
    for trick in (*world.tricks, *((world.trick,) if world.trick is not None else ())):
        for seat, card in trick.plays:
            played[seat] |= 1 << card.index
    if world.phase is Phase.BIDDING and world.plays:  # a pitched card: still in its hand
        seat, card = world.plays[0]
        played[seat] |= 1 << card.index
    faced = hand.face_up or (0,) * players
    thrown = list(hand.discarded or (0,) * players)
    kept = [world.held[s] | played[s] | faced[s] for s in range(players)]
    kitty = _replay_kitty(world, kept, thrown)
    kept, drawn, stock = _undrawn(world, kept, thrown)  # the kitty is in no seat's `kept`
    deck = [
        *(CARDS[i] for i in _deal_order(rules, hand.dealer, kept)),
        *cards_of(kitty),
        *(CARDS[i] for i in drawn + stock),
    ]
    return deck, kitty


def _undrawn(
    world: GameState, kept: list[int], thrown: list[int]
) -> tuple[list[int], list[int], list[int]]:
    """Each seat's cards before the hand's draw (`kept`: its cards now, played and
    face-up ones included; `thrown`: its face-down discards), the cards drawn, in order,
    and the rest of the stock: the draw's, Cinch's rob's, the discard and draw's and the
    draw back's (`discarding`), or, without a draw, the discards back in their hands."""
    rules, hand = world.rules, world.hand_state
    deal = rules.deal
    stock = list(hand.stock)
    drawn: list[int] = []
    if rules.draw:  # each seat drew as many as it discarded, from the front of the stock
        for seat in discard_turns(rules, hand.dealer, hand.pitcher or 0):  # the steps' order
            got = mask_of(cards_of(kept[seat])[: thrown[seat].bit_count()])
            drawn.extend(card.index for card in cards_of(got))
            kept[seat] = kept[seat] & ~got | thrown[seat]
    elif rules.robs_the_pack and hand.trump is not None and world.phase is not Phase.DECLARE_TRUMP:
        trumps = world.standing.tables[hand.trump].trump_mask
        kept, drawn, stock = _robbed_deal(world, kept, thrown, trumps)
    elif rules.discards_and_draws and any(thrown):  # in its order, back to six
        assert hand.pitcher is not None
        for seat in draw_back_order(rules, hand.dealer, hand.pitcher):
            if thrown[seat]:  # a seat that has discarded threw at least deal - 6
                got = mask_of(cards_of(kept[seat])[: thrown[seat].bit_count() - (deal - 6)])
                drawn.extend(card.index for card in cards_of(got))
                kept[seat] = kept[seat] & ~got | thrown[seat]
    elif rules.draws_back and any(thrown):
        kept, drawn, stock = _drawn_back(world, kept, thrown)
    else:
        kept = [k | t for k, t in zip(kept, thrown, strict=True)]
    return kept, drawn, stock


def _drawn_back(
    world: GameState, kept: list[int], thrown: Sequence[int]
) -> tuple[list[int], list[int], list[int]]:
    """`_undrawn` for the draw back (`discarding.draw_back`): each seat but the pitcher
    kept its lowest trumps and drew the rest; the pitcher took the rest of the stock,
    drawing the card he called if it was there."""
    rules, hand = world.rules, world.hand_state
    deal = rules.deal
    assert hand.trump is not None and hand.pitcher is not None
    trumps = world.standing.tables[hand.trump].trump_mask
    drawn: list[int] = []
    for seat in draw_back_order(rules, hand.dealer, hand.pitcher)[:-1]:  # pitcher last
        keep = mask_of(cards_of(kept[seat] & trumps)[: deal - thrown[seat].bit_count()])
        drawn.extend(card.index for card in cards_of(kept[seat] & ~keep))
        kept[seat] = keep | thrown[seat]
    everything = [card.index for card in cards_of(kept[hand.pitcher] | thrown[hand.pitcher])]
    everything.sort(key=lambda index: hand.called >> index & 1)  # he drew what he called
    kept[hand.pitcher] = sum(1 << index for index in everything[:deal])
    return kept, drawn, everything[deal:]


def _replay_calls(state: GameState, world: GameState) -> GameState:
    """The replay after the world's auction, and its trump declaration and partner call
    where the world has made them."""
    hand = world.hand_state
    for seat, action in hand.bids:
        state = apply_action(state, action, seat=seat)
    if state.phase is Phase.DECLARE_TRUMP and world.phase is not Phase.DECLARE_TRUMP:
        assert hand.trump is not None
        state = apply_action(state, DeclareTrump(hand.trump))
    if state.phase is Phase.CALL_PARTNER and world.phase is not Phase.CALL_PARTNER:
        assert world.called is not None
        state = apply_action(state, CallPartner(world.called))
    return state


def _replay_discards(state: GameState, world: GameState, kitty: int) -> GameState:
    """The replay after the discards the world's seats have made, each seat's as the world
    shows it (face up where the draw back shows them; the pitcher's after taking the
    kitty, then his draw's; Cinch's face-up cards and the dealer's face-down ones)."""
    rules, hand = world.rules, world.hand_state
    face_up = rules.draws_back
    while state.phase is Phase.DISCARD and (
        world.phase is not Phase.DISCARD
        or state.to_act != world.to_act
        or (kitty and _kitty_pending(state, world))
    ):
        seat = state.to_act
        assert seat is not None
        cards = world.face_up_discards[seat] if face_up else world.discards[seat]
        if kitty and seat == hand.pitcher:  # his discard after taking the kitty, then the draw
            mine = mask_of(cards)
            cards = cards_of(mine & ~kitty if state.discards[seat] else kitty)
        if rules.robs_the_pack:  # face up, and the dealer's non-trumps face down
            cards = world.face_up_discards[seat] + world.discards[seat]
        state = apply_action(state, Discard(cards), seat=seat)
    return state


def _same_hand(state: GameState, world: GameState) -> bool:
    """Whether the replay ends where the world is: the phase and seat to act, the cards
    held, played and discarded, the calls, and what the hand's setup holds."""
    setup, hand = state.hand_state, world.hand_state
    return (
        state.phase is world.phase
        and state.to_act == world.to_act
        and state.held == world.held
        and state.tricks == world.tricks
        and state.trick == world.trick
        and state.discards == world.discards
        and state.face_up_discards == world.face_up_discards
        and state.bids == world.bids
        and setup.pitcher == hand.pitcher
        and setup.contract == hand.contract
        and setup.trump == hand.trump
        and setup.called == hand.called
        and setup.must_play == hand.must_play
        and setup.partner == hand.partner
    )


def _kitty_pending(state: GameState, world: GameState) -> bool:
    """Whether the replay's seat to act (the world's too) has yet to make a discard the
    world's seat made: the pitcher's after taking the kitty, before his draw's turn."""
    seat = state.to_act
    return seat is not None and state.discards[seat] != world.discards[seat]


def _replay_kitty(world: GameState, kept: list[int], thrown: list[int]) -> int:
    """For the replay of a world's hand with a kitty: the kitty to deal after the packets
    (a bit set), which is also the pitcher's discard after taking it, and `thrown` without
    that discard (what the draw threw). Once he took it, that discard is the kitty
    replayed (any cards may be discarded, so a deal whose kitty was them gives the same
    hand), and the pitcher's face-down cards it holds: his trumps first (the draw throws
    none), then the lowest; while he holds the kitty still, the world's kitty. (While it
    lies face down it is the stock's first cards already: nothing to add.)"""
    rules, hand = world.rules, world.hand_state
    pitcher = hand.pitcher
    if not rules.kitty or world.phase is Phase.GAME_OVER or hand.trump is None:
        return 0  # no kitty, or it lies face down first in the stock
    assert pitcher is not None
    if not thrown[pitcher]:  # he holds it still: his turn to discard
        kept[pitcher] &= ~hand.kitty
        return hand.kitty
    assert hand.trump is not None
    trumps = world.standing.tables[hand.trump].trump_mask
    mine = thrown[pitcher]
    first = mask_of(cards_of(mine & trumps)[: rules.kitty])
    discard = first | mask_of(cards_of(mine & ~first)[: rules.kitty - first.bit_count()])
    thrown[pitcher] = mine & ~discard
    return discard


def _robbed_deal(
    world: GameState, kept: list[int], thrown: Sequence[int], trumps: int
) -> tuple[list[int], list[int], list[int]]:
    """A deal from which Cinch's discard and rob gives the world (`discarding.rob_bounds`):
    each seat's cards as dealt, the cards the players but the dealer were given from the
    stock, in order, and the rest of the stock (what the dealer robbed, or what is left).
    `kept` holds each seat's cards now, played and face-up ones included."""
    rules, hand = world.rules, world.hand_state
    players, deal = rules.players, rules.deal
    assert hand.pitcher is not None
    order = discard_turns(rules, hand.dealer, hand.pitcher)  # the rob's steps' order
    faced = hand.face_up or (0,) * players
    if world.phase is Phase.DISCARD:
        assert world.to_act is not None
        done = order[: order.index(world.to_act)]
    else:
        done = order
    dealt, drawn = list(kept), list[int]()
    stock = len(rules.pack_indices) - players * deal
    for seat in done:
        if seat == hand.dealer:
            continue
        now = kept[seat] & ~faced[seat]
        if faced[seat] & trumps:  # seven trumps or more: nothing drawn
            continue
        given = faced[seat].bit_count() - (deal - 6)
        if given < stock:  # refilled: the trumps he was dealt are his lowest
            keep = mask_of(cards_of(now & trumps)[: deal - faced[seat].bit_count()])
        else:  # the stock ran out: a non-trump kept (his choice), or only trumps dealt
            given = stock
            keep = mask_of(cards_of(now & ~trumps)[: 6 - given])
            keep |= mask_of(cards_of(now & ~keep)[: 6 - given - keep.bit_count()])
        drawn.extend(card.index for card in cards_of(now & ~keep))
        dealt[seat] = keep | faced[seat]
        stock -= given
    rest = list(hand.stock)
    dealer = hand.dealer
    if dealer in done or (world.to_act == dealer and world.phase is Phase.DISCARD):
        everything = [card.index for card in cards_of(kept[dealer] | thrown[dealer])]
        dealt[dealer] = sum(1 << index for index in everything[:deal])
        rest = everything[deal:]
    return dealt, drawn, rest


def _deal_order(rules: Rules, dealer: int, hands: Sequence[int]) -> list[int]:
    """The card indices in the order that deals `hands` (bit sets): each seat's cards, low
    to high, at its places in the pack (`dealing.deal_places`)."""
    places = deal_places(rules.players, rules.deal, dealer)
    order = [0] * sum(map(len, places))
    for seat, mask in enumerate(hands):
        for place, card in zip(places[seat], cards_of(mask), strict=True):
            order[place] = card.index
    return order
