"""The points of a hand as data: `Point`, what each is worth, and how each is awarded.

Scoring walks `rules.points` in order and asks each point who takes it; a
new point is one more member here and one more award function.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable, Iterable, Sequence

import attrs

from .cards import CARD_POINTS, Rank, Suit, index_of
from .options import LowTo
from .trumps import TrumpTable, off_card_of

__all__ = ["FOUR_POINTS", "Point", "Tally"]

JOKERS_FROM = 52
"""Card indices from here on are jokers: never High or Low."""
_HOLDER = LowTo.HOLDER


class Point(enum.Enum):
    """A point a hand can award (its value is its lower-case name)."""

    HIGH = "high"
    """The highest trump in play, to the side that held it."""
    LOW = "low"
    """The lowest trump in play, to its holder's or its capturer's side (`Rules.low_to`)."""
    JACK = "jack"
    """The jack of trumps, to the side that captured it; nobody if it is not in play."""
    OFF_JACK = "off_jack"
    """The jick (the jack of the other suit of trump's colour), to the side that captured it."""
    JOKER = "joker"
    """The joker (a pack with one), to the side that captured it."""
    BIG_JOKER = "big_joker"
    """The big joker (a pack with two), to the side that captured it."""
    LITTLE_JOKER = "little_joker"
    """The little joker (a pack with two), to the side that captured it."""
    TEN = "ten"
    """The 10 of trumps, to the side that captured it."""
    TREY = "trey"
    """The 3 of trumps, worth 3, to the side that captured it."""
    GAME = "game"
    """The strictly highest total of card points taken in tricks; a tie at the top, nobody."""
    FIVE = "five"
    """The 5 of trumps (Cinch's right pedro, Pedro Sancho's "Pedro"), worth 5, to the side
    that captured it."""
    OFF_FIVE = "off_five"
    """The off-five (Cinch's left pedro; needs `Rules.off_five`), worth 5, to the side that
    captured it."""
    NINE = "nine"
    """The 9 of trumps (Pedro Sancho's "Sancho"), worth 9, to the side that captured it."""
    OFF_ACE = "off_ace"
    """The off-ace (needs `Rules.off_ace`), to the side that captured it."""
    OFF_THREE = "off_three"
    """The off-three (needs `Rules.off_three`), worth 3, to the side that captured it."""
    SNOOZER = "snoozer"
    """The joker of Dom Pedro (a pack with one joker; not with `JOKER`), worth 15, to the
    side that captured it."""

    @property
    def worth(self) -> int:
        """How many points it scores: 15 for the Snoozer, 9 for the Nine, 5 for the Five and
        the off-five, 3 for the Trey and the off-three, 1 for every other point."""
        return _WORTH.get(self._value_, 1)  # by value: an Enum's hash is a Python call

    def card(self, trump: Suit) -> int | None:
        """The index of the card this point is for under `trump` (None for High, Low, Game:
        they go to whichever trump is highest or lowest, or to card points)."""
        cards = _CARD_OF.get(self._value_)  # by value: an Enum's hash is a Python call
        return None if cards is None else cards[trump]

    def award(self, tally: Tally) -> int | None:
        """The side that takes this point in the hand `tally` describes, or None."""
        return _AWARDS[self._value_](tally)


_WORTH: dict[str, int] = {
    "trey": 3,
    "off_three": 3,
    "five": 5,
    "off_five": 5,
    "nine": 9,
    "snoozer": 15,
}
"""What each point is worth, by its value, where it is not 1."""

FOUR_POINTS = (Point.HIGH, Point.LOW, Point.JACK, Point.GAME)
"""The points of the four-point game, in the order they are awarded."""


_CARD_POINT_GROUPS: tuple[tuple[int, int], ...] = tuple(
    (worth, sum(1 << index for index, points in enumerate(CARD_POINTS) if points == worth))
    for worth in sorted(set(CARD_POINTS))
    if worth
)
"""The cards that count for Game, grouped by their card points: `(points, bit set)`."""


def card_points_of(cards: int) -> int:
    """The card points (for Game) of the bit set `cards`: 10 for a ten, 4 for an ace, 3
    for a king, 2 for a queen, 1 for a jack (`Card.points`)."""
    return sum([worth * (cards & group).bit_count() for worth, group in _CARD_POINT_GROUPS])


@attrs.frozen
class Tally:
    """Everything the points of one played hand depend on: who held and who captured each
    card in the tricks, as bit sets (bit `card.index`)."""

    seat_sides: tuple[int, ...]
    """Each seat's side (`Rules.seat_sides`)."""
    low_to: LowTo
    """Who takes Low."""
    table: TrumpTable
    """The trump of the hand."""
    in_play: tuple[int, ...]
    """Each seat's cards in play: what it held when trick play began, every card it
    played to a trick among them (cards it still holds at the end, dead cards under
    trumps-only play, are in no trick: no point reads them)."""
    won: tuple[int, ...]
    """Each seat's captured cards: every card of the tricks it won."""
    card_points: tuple[int, ...]
    """Card points (for Game) in each side's tricks."""
    in_tricks: int = attrs.field(
        init=False,
        default=attrs.Factory(
            lambda tally: functools.reduce(operator.or_, tally.won), takes_self=True
        ),
    )
    """Every card in the tricks (the cards of `won` together; derived, not given)."""

    @classmethod
    def of(
        cls,
        seat_sides: tuple[int, ...],
        low_to: LowTo,
        table: TrumpTable,
        in_play: tuple[int, ...],
        won: tuple[int, ...],
    ) -> Tally:
        """The tally of a hand whose seats had the cards `in_play` and captured the cards
        `won` (bit sets, one per seat: `scoring.cards_in_play`). The one builder: the
        checked engine's scoring and the playout kernel both come here."""
        captured = [0] * (max(seat_sides) + 1)  # each side's tricks
        for seat, cards in enumerate(won):
            captured[seat_sides[seat]] |= cards
        return cls(
            seat_sides=seat_sides,
            low_to=low_to,
            table=table,
            in_play=in_play,
            won=won,
            card_points=tuple([card_points_of(cards) for cards in captured]),
        )

    def holder_of(self, index: int) -> int:
        """The side that held the card `index`, which is in a trick."""
        for seat, cards in enumerate(self.in_play):
            if cards >> index & 1:
                return self.seat_sides[seat]
        raise ValueError(f"card {index} is in no seat's cards in play")

    def capturer_of(self, index: int) -> int | None:
        """The side that captured the card `index`, or None if it is in no trick."""
        for seat, cards in enumerate(self.won):
            if cards >> index & 1:
                return self.seat_sides[seat]
        return None


def _first_trump(cards: int, order: Iterable[int]) -> int | None:
    """The first trump of `order` (card indices) among `cards` (a bit set), jokers left
    out (High and Low are never jokers); None if there is none."""
    for index in order:
        if index < JOKERS_FROM and cards >> index & 1:
            return index
    return None


def _trump_in_tricks(tally: Tally, order: Iterable[int]) -> int | None:
    """The first trump of `order` (card indices) in the tricks (`_first_trump`)."""
    return _first_trump(tally.in_tricks, order)


def _high(tally: Tally) -> int | None:
    high = _trump_in_tricks(tally, tally.table.order)  # the trumps, highest first
    return None if high is None else tally.holder_of(high)


def _low(tally: Tally) -> int | None:
    low = _trump_in_tricks(tally, reversed(tally.table.order))
    if low is None:
        return None
    return tally.holder_of(low) if _to_holder(Point.LOW, tally.low_to) else tally.capturer_of(low)


def _to_holder(point: Point, low_to: LowTo) -> bool:
    """Whether `point` goes to the side that held its card (High; Low to its holder),
    not to the side that captured it."""
    return point is Point.HIGH or (point is Point.LOW and low_to is _HOLDER)


def _captured(cards: tuple[int, ...], tally: Tally) -> int | None:
    """The side that captured the point's card (`cards[trump]`: its card under each trump)."""
    return tally.capturer_of(cards[tally.table.trump])


def _game(tally: Tally) -> int | None:
    return _leader(tally.card_points)


def _leader(totals: Sequence[int]) -> int | None:
    """The side with the strictly highest of `totals`; None on a tie at the top."""
    best = max(totals)
    return totals.index(best) if totals.count(best) == 1 else None


def game_contenders(card_points: Sequence[int], held_card_points: int) -> list[int]:
    """The sides that can still take Game or tie for it: those whose card points, with
    every card point still held (`held_card_points`), reach the leader's."""
    best = max(card_points)
    return [side for side, points in enumerate(card_points) if points + held_card_points >= best]


_CARD_FOR: dict[str, Callable[[Suit], int]] = {
    Point.JACK.value: lambda trump: index_of(trump, Rank.JACK),
    Point.OFF_JACK.value: lambda trump: off_card_of(trump, Rank.JACK).index,
    Point.JOKER.value: lambda trump: index_of(None, Rank.JOKER),
    Point.BIG_JOKER.value: lambda trump: index_of(None, Rank.BIG_JOKER),
    Point.LITTLE_JOKER.value: lambda trump: index_of(None, Rank.LITTLE_JOKER),
    Point.TEN.value: lambda trump: index_of(trump, Rank.TEN),
    Point.TREY.value: lambda trump: index_of(trump, Rank.THREE),
    Point.FIVE.value: lambda trump: index_of(trump, Rank.FIVE),
    Point.OFF_FIVE.value: lambda trump: off_card_of(trump, Rank.FIVE).index,
    Point.NINE.value: lambda trump: index_of(trump, Rank.NINE),
    Point.OFF_ACE.value: lambda trump: off_card_of(trump, Rank.ACE).index,
    Point.OFF_THREE.value: lambda trump: off_card_of(trump, Rank.THREE).index,
    Point.SNOOZER.value: lambda trump: index_of(None, Rank.JOKER),
}
"""The card each card point is for, under a trump, by the point's value."""

_CARD_OF: dict[str, tuple[int, ...]] = {
    name: tuple(card_for(trump) for trump in Suit) for name, card_for in _CARD_FOR.items()
}
"""The same, tabled: `_CARD_OF[value][trump]`."""

_AWARDS: dict[str, Callable[[Tally], int | None]] = {
    Point.HIGH.value: _high,
    Point.LOW.value: _low,
    Point.GAME.value: _game,
    **{name: functools.partial(_captured, cards) for name, cards in _CARD_OF.items()},
}
"""How each point is awarded, by the point's value."""


def award_all(
    points: Sequence[Point], tally: Tally, sides: int
) -> tuple[tuple[tuple[str, int | None], ...], tuple[int, ...]]:
    """Who takes each of `points` (in order) in the hand `tally` describes, as `(value,
    side)` pairs (side None: nobody), and how many points each of the `sides` won (each
    point counts its worth): the one awarding loop, which the engine's scoring and the
    playout kernel share."""
    won = [0] * sides
    awards = []
    for point in points:
        value = point._value_  # the value's attribute: `point.value` is a descriptor call
        side = _AWARDS[value](tally)
        if side is not None:
            won[side] += _WORTH.get(value, 1)  # `point.worth`, without the property call
        awards.append((value, side))
    return tuple(awards), tuple(won)


def certain_points(
    points: Sequence[Point],
    table: TrumpTable,
    low_to: LowTo,
    in_play: Sequence[int],
    captured: Sequence[int],
    card_points: Sequence[int],
    held: int,
    holding: Sequence[int] | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Part way through a hand's trick play, each side's points of `points` already
    certain, and the most each side may still add to them. Each side had the cards
    `in_play` (its trumps at least: what it held when trick play began), has `captured`
    these cards (its trumps at least) and `card_points` in its tricks (bit sets and
    counts, one a side); `held` (a bit set) is every card still to be played to a trick:
    those in the hands and on the table (in trumps-only play, the trumps among them).
    `holding`, at a trick's start (no card on the table), is each side's part of `held`.

    The rules of `award_all`'s awards, read early: High and Low to a holder are certain
    from the start; a point that goes to a card's capturer (the jack, the ten, ..., Low
    to its capturer) once its card is taken (nobody's if it is not in play); Game once
    one side is sure to end with strictly the most card points, or none are held. What a
    side may still add: every point that waits for a capture, and Game where it can
    still end with the most card points. With `holding`, a trump that scores for its
    capturer can be captured only by a side that holds it or a trump above it (the
    highest trump takes a trick), so it waits for those sides alone, and is certain for
    the one side that can; and the side that holds the highest trumps still held is
    sure of the card points of those above every other side's trumps (each takes the
    trick it is played to), which no other side can reach. Every card held is played
    (in trumps-only play, every trump). A test walks random hands and compares every
    step's certain points with the hand's awards.
    """
    sides = len(in_play)
    assert holding is None or functools.reduce(operator.or_, holding) == held, (
        "holding: at a trick's start, each side's part of held"
    )
    certain = [0] * sides
    may_take = [0] * sides
    trump = table.trump
    held_card_points = card_points_of(held)
    every = held
    for cards in in_play:
        every |= cards
    for point in points:
        worth = _WORTH.get(point._value_, 1)
        if point is Point.GAME:
            sure = [0] * sides if holding is None else _sure_card_points(table, holding)
            least = [taken + own for taken, own in zip(card_points, sure, strict=True)]
            most = [
                taken + held_card_points - (sum(sure) - own)
                for taken, own in zip(card_points, sure, strict=True)
            ]
            for side in range(sides):
                if all(least[side] > most[other] for other in range(sides) if other != side):
                    certain[side] += worth  # nobody else can reach it
                elif all(most[side] > least[other] for other in range(sides) if other != side):
                    may_take[side] += worth  # it can still end above every other side
            continue
        to_holder = _to_holder(point, low_to)
        if point is Point.HIGH:
            card = _first_trump(every, table.order)
        elif point is Point.LOW:
            card = _first_trump(every, reversed(table.order))
        else:
            card = point.card(trump)
        if card is None:
            continue  # no trump in play: nobody's (a card out of play: no side's below)
        if not to_holder and held >> card & 1:
            able = list(range(sides))  # the sides that may capture it
            if holding is not None and table.trump_mask >> card & 1:
                within = _trumps_above(table, card) | 1 << card
                able = [side for side in range(sides) if holding[side] & within]
            if len(able) == 1:
                certain[able[0]] += worth
            else:
                for side in able:
                    may_take[side] += worth
            continue
        for side, cards in enumerate(in_play if to_holder else captured):
            if cards >> card & 1:
                certain[side] += worth
                break
    return tuple(certain), tuple(may_take)


def _trumps_above(table: TrumpTable, card: int) -> int:
    """The trumps above the trump `card` under `table` (a bit set)."""
    above = 0
    for index in table.order:
        if index == card:
            return above
        above |= 1 << index
    return above


def _sure_card_points(table: TrumpTable, holding: Sequence[int]) -> list[int]:
    """Each side's card points it is sure to take with the cards `holding` (bit sets, a
    side's each): those of the trumps of the side that holds the highest trump, above
    every other side's trumps (each wins the trick it is played to); 0 for the others."""
    sure = [0] * len(holding)
    every = 0
    for cards in holding:
        every |= cards
    owner = -1
    for index in table.order:
        if not every >> index & 1:
            continue
        side = 0
        while not holding[side] >> index & 1:
            side += 1
        if owner >= 0 and side != owner:
            break
        owner = side
        sure[side] += CARD_POINTS[index]
    return sure
