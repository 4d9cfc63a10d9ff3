"""Suits, ranks and cards: the 52-card pack, card text and Game values.

Inside the engine a card is also a number, `index = suit * 13 + rank - 2`, and
a set of cards is an `int` with one bit per index; `Card` values are built once
and shared, so `CARDS[i]` is the card with index `i`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import attrs

from ._face import card_picture
from .errors import InvalidNotationError, echoed
from .notation import RANK_TEXT, SUIT_LETTERS, SUIT_SYMBOLS, SUIT_TEXT, read_card, symbol_of
from .refusals import Refusal

__all__ = ["CARDS", "Card", "Rank", "Suit", "parse_cards"]


class Suit(enum.IntEnum):
    """The four suits, in the order cards are sorted: clubs, diamonds, hearts, spades."""

    CLUBS = 0
    """Clubs, ♣ (letter C); sorts first."""
    DIAMONDS = 1
    """Diamonds, ♦ (letter D)."""
    HEARTS = 2
    """Hearts, ♥ (letter H)."""
    SPADES = 3
    """Spades, ♠ (letter S); sorts last."""

    @property
    def letter(self) -> str:
        """The suit's letter in card text: C, D, H or S."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣, ♦, ♥ or ♠."""
        return SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit named by a letter (`"S"`, `"h"`), a symbol (`"♠"`) or a word (`"spades"`).

        Raises:
            InvalidNotationError: the text names no suit.
            TypeError: `text` is not text.
        """
        if type(text) is not str:
            raise TypeError(f"Suit.parse takes text (str), not {type(text).__name__}")
        try:
            return Suit(SUIT_TEXT[text.strip().lower()])
        except KeyError:
            raise InvalidNotationError(Refusal("not_a_suit", {"value": echoed(text)})) from None


class Rank(enum.IntEnum):
    """The thirteen ranks, valued 2 to 14 (the ace is high), and the three jokers' ranks.

    A joker is a card of no suit whose rank is `JOKER` (the one joker of a
    53-card pack), `BIG_JOKER` or `LITTLE_JOKER` (the two of a 54-card pack).
    Where a joker ranks among the trumps is the rules' business (`TrumpTable`),
    not its rank value's.
    """

    TWO = 2
    """The 2 (card text `2`): the lowest rank."""
    THREE = 3
    """The 3 (card text `3`)."""
    FOUR = 4
    """The 4 (card text `4`)."""
    FIVE = 5
    """The 5 (card text `5`)."""
    SIX = 6
    """The 6 (card text `6`)."""
    SEVEN = 7
    """The 7 (card text `7`)."""
    EIGHT = 8
    """The 8 (card text `8`)."""
    NINE = 9
    """The 9 (card text `9`)."""
    TEN = 10
    """The 10 (card text `10`, also read as `T`): worth 10 towards Game."""
    JACK = 11
    """The jack (card text `J`): worth 1 towards Game."""
    QUEEN = 12
    """The queen (card text `Q`): worth 2 towards Game."""
    KING = 13
    """The king (card text `K`): worth 3 towards Game."""
    ACE = 14
    """The ace (card text `A`): the highest rank, worth 4 towards Game."""
    JOKER = 15
    """The joker of a pack with one (card text `JK`)."""
    BIG_JOKER = 16
    """The big joker of a pack with two (card text `BJ`)."""
    LITTLE_JOKER = 17
    """The little joker of a pack with two (card text `LJ`)."""

    @property
    def text(self) -> str:
        """The rank in card text: 2 to 10, J, Q, K, A; a joker's whole text, JK, BJ or LJ."""
        return RANK_TEXT[self]

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker's rank."""
        return self >= Rank.JOKER

    @property
    def points(self) -> int:
        """What a card of this rank counts towards Game: 10 = 10, A = 4, K = 3, Q = 2, J = 1."""
        return _GAME_POINTS.get(self, 0)

    def __str__(self) -> str:
        return self.text


_JOKER_INDEX = {Rank.BIG_JOKER: 52, Rank.LITTLE_JOKER: 53, Rank.JOKER: 54}
_GAME_POINTS = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def index_of(suit: Suit | None, rank: Rank) -> int:
    """The index of the card `rank` of `suit`: `suit * 13 + rank - 2` (0 is 2♣, 51 is A♠);
    the jokers follow, BJ 52, LJ 53, JK 54 (-1 for no such card)."""
    if suit is None:
        return _JOKER_INDEX.get(rank, -1)
    return suit * 13 + rank - 2 if rank <= Rank.ACE else -1


def _to_suit(value: Any) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    try:
        return Suit(value)
    except ValueError:
        raise InvalidNotationError(Refusal("not_a_suit_value", {"value": echoed(value)})) from None


def _to_rank(value: Any) -> Rank:
    if isinstance(value, Rank):
        return value
    try:
        return Rank(value)
    except ValueError:
        raise InvalidNotationError(Refusal("not_a_rank", {"value": echoed(value)})) from None


def _fits_suit(card: Card, _attribute: Any, rank: Rank) -> None:
    if (card.suit is None) != rank.is_joker:
        suit = None if card.suit is None else card.suit.letter
        raise InvalidNotationError(Refusal("no_such_card", {"rank": int(rank), "card_suit": suit}))


@attrs.frozen(repr=False)
class Card:
    """One card: a suit and a rank (a joker has a joker's rank and no suit).

    Cards sort by suit (clubs, diamonds, hearts, spades), then by rank; the
    jokers sort after the suits.
    `str(card)` is the canonical text (`"KS"`, `"10H"`), which
    `Card.parse` reads back, along with `"K♠"`, `"10h"`, `"Th"`.

    Examples:
        >>> card = Card.parse("K♠")
        >>> str(card), card.symbol, card.points
        ('KS', 'K♠', 3)
    """

    suit: Suit | None = attrs.field(converter=_to_suit)
    """The card's suit; None for a joker (under a trump a joker counts as a trump)."""
    rank: Rank = attrs.field(converter=_to_rank, validator=_fits_suit)
    """The card's rank (a joker's is `Rank.JOKER`, `BIG_JOKER` or `LITTLE_JOKER`)."""
    index: int = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda card: index_of(card.suit, card.rank), takes_self=True),
    )
    """The card's number in the pack, 0 (2♣) to 51 (A♠): `suit * 13 + rank - 2`; then the
    jokers, BJ 52, LJ 53, JK 54."""

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    @property
    def points(self) -> int:
        """The card's Game value: 10 = 10, A = 4, K = 3, Q = 2, J = 1, others (jokers too) 0."""
        return self.rank.points

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker (it has no suit)."""
        return self.suit is None

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, as players write it: `"K♠"`, `"10♥"`; a joker
        `"★"` (one joker), `"B★"` or `"L★"` (big, little). Every symbol is a character of
        the Basic Multilingual Plane that common fonts have (`Card.parse` still reads the
        playing-card joker 🃏 of earlier versions)."""
        return symbol_of(self.rank, self.suit)

    def __str__(self) -> str:
        if self.suit is None:
            return self.rank.text
        return self.rank.text + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """The card written as `text`: rank then suit, e.g. `"KS"`, `"K♠"`, `"10h"`, `"Th"`.

        A `Card` is returned as it is.

        Raises:
            InvalidNotationError: the text is not a card.
            TypeError: `text` is neither text nor a `Card`.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            kind = type(text).__name__
            raise TypeError(f"Card.parse takes card text (str) or a Card, not {kind}")
        card = _PARSED.get(text)
        if card is not None:
            return card
        if len(text) > 40:
            raise InvalidNotationError(Refusal("card_too_long", {"value": echoed(text)}))
        read = read_card(text)
        if read is None:
            raise InvalidNotationError(Refusal("not_a_card", {"value": echoed(text)}))
        rank, suit = read
        return CARDS[index_of(None if suit is None else Suit(suit), Rank(rank))]

    def _repr_svg_(self) -> str:
        """The card's picture, for Jupyter: `setback.svg.card_svg`'s, with its defaults."""
        return card_picture(self.rank, self.suit)


CARDS: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in Suit for rank in Rank if not rank.is_joker
) + tuple(Card(None, rank) for rank in (Rank.BIG_JOKER, Rank.LITTLE_JOKER, Rank.JOKER))
"""Every card, in index order: 2♣ … A♣, 2♦ … A♦, 2♥ … A♥, 2♠ … A♠ (the 52-card pack,
indices 0 to 51), then the jokers BJ, LJ, JK (52, 53, 54)."""
SUITED: tuple[Card, ...] = CARDS[:52]
"""The 52 cards of the four suits."""

_PARSED: dict[str, Card] = {}
for _card in SUITED:
    assert _card.suit is not None
    for _rank in (_card.rank.text, *(["T"] if _card.rank == Rank.TEN else [])):
        for _suit in (_card.suit.letter, _card.suit.symbol):
            for _form in (_rank + _suit, (_rank + _suit).lower()):
                _PARSED[_form] = _card


def parse_cards(cards: Iterable[str | Card] | str) -> tuple[Card, ...]:
    """Cards from card values or text; a string is split at spaces and commas.

    Args:
        cards: `Card` values or card text, or one string of card texts.

    Returns:
        The cards, in the order given.

    Raises:
        InvalidNotationError: one of them is not a card.
        TypeError: `cards` is neither text nor a sequence of cards or card text.
    """
    if type(cards) is str:
        cards = cards.replace(",", " ").split()
    elif isinstance(cards, bytes | dict) or not isinstance(cards, Iterable):
        raise TypeError(f"parse_cards takes cards or card text, not {type(cards).__name__}")
    return tuple(Card.parse(card) for card in cards)


# --- the engine's integer view of cards -------------------------------------------

CARD_POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)
BIT: tuple[int, ...] = tuple(1 << index for index in range(64))
"""`BIT[index]`: the bit set of one card."""
ALL_BUT: tuple[int, ...] = tuple(~bit for bit in BIT)
"""`ALL_BUT[index]`: every bit but that card's (to take a card out of a hand)."""


def mask_of(cards: Iterable[Card]) -> int:
    """The bit set of `cards`."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


_T = TypeVar("_T")


def pick(table: Sequence[_T], mask: int) -> tuple[_T, ...]:
    """`table[i]` for every card index `i` in the bit set, in index order: the cards,
    or the shared actions, of a set of cards."""
    out = []
    while mask:
        low = mask & -mask
        out.append(table[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


_CHUNK = 11
"""The bits `picker`'s tables cover each: five tables of 2,048 entries span the 55 cards."""


def picker(table: Sequence[_T]) -> Callable[[int], tuple[_T, ...]]:
    """`pick(table, ...)` for one table of an item per card (55), answered from five
    precomputed tables of 11 bits each (every subset of 11 cards' items)."""
    assert len(table) == len(CARDS), "one item per card"
    chunks = []
    for start in range(0, len(table), _CHUNK):
        subsets: list[tuple[_T, ...]] = [()]
        for item in table[start : start + _CHUNK]:  # bit i adds item i to every lower subset
            subsets += [(*subset, item) for subset in subsets]
        chunks.append(tuple(subsets))
    c0, c1, c2, c3, c4 = chunks
    low = (1 << _CHUNK) - 1

    def pick_from(mask: int) -> tuple[_T, ...]:
        return (
            c0[mask & low]
            + c1[mask >> 11 & low]
            + c2[mask >> 22 & low]
            + c3[mask >> 33 & low]
            + c4[mask >> 44]
        )

    return pick_from


_CARDS_OF = picker(CARDS)


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit set, in index order (by suit, then rank)."""
    return _CARDS_OF(mask)
