"""Suits, ranks and cards: the 52-card pack, card text and Game values.

Inside the engine a card is also a number, `index = suit * 13 + rank - 2`, and
a set of cards is an `int` with one bit per index; `Card` values are built once
and shared, so `CARDS[i]` is the card with index `i`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import attrs

from .errors import InvalidNotationError

__all__ = ["CARDS", "Card", "Rank", "Suit", "parse_cards"]


class Suit(enum.IntEnum):
    """The four suits, in the order cards are sorted: clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card text: C, D, H or S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣, ♦, ♥ or ♠."""
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit named by a letter (`"S"`, `"h"`), a symbol (`"♠"`) or a word (`"spades"`).

        Raises:
            InvalidNotationError: the text names no suit.
        """
        try:
            return _SUIT_TEXT[text.strip().lower()]
        except (KeyError, AttributeError):
            raise InvalidNotationError(
                f"not a suit: {text!r} (use C, D, H, S or ♣ ♦ ♥ ♠)"
            ) from None


class Rank(enum.IntEnum):
    """The thirteen ranks, valued 2 to 14: the ace is high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """The rank in card text: 2 to 10, J, Q, K, A."""
        return _RANK_TEXT[self]

    @property
    def points(self) -> int:
        """What a card of this rank counts towards Game: 10 = 10, A = 4, K = 3, Q = 2, J = 1."""
        return _GAME_POINTS.get(self, 0)

    def __str__(self) -> str:
        return self.text


_SUIT_TEXT = {
    **{s.letter.lower(): s for s in Suit},
    **{s.symbol: s for s in Suit},
    **{s.name.lower(): s for s in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_RANK_TEXT = {r: str(int(r)) for r in Rank if r <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_PARSE = {text.lower(): r for r, text in _RANK_TEXT.items()} | {"t": Rank.TEN}
_GAME_POINTS = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def index_of(suit: Suit, rank: Rank) -> int:
    """The index of the card `rank` of `suit`: `suit * 13 + rank - 2` (0 is 2♣, 51 is A♠)."""
    return suit * 13 + rank - 2


def _to_suit(value: Any) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    try:
        return Suit(value)
    except ValueError:
        raise InvalidNotationError(f"not a suit: {value!r}") from None


def _to_rank(value: Any) -> Rank:
    if isinstance(value, Rank):
        return value
    try:
        return Rank(value)
    except ValueError:
        raise InvalidNotationError(f"not a rank: {value!r} (ranks are 2 to 14)") from None


@attrs.frozen(repr=False)
class Card:
    """One card of the 52-card pack: a suit and a rank.

    Cards sort by suit (clubs, diamonds, hearts, spades), then by rank.
    `str(card)` is the canonical text (`"KS"`, `"10H"`), which
    `Card.parse` reads back, along with `"K♠"`, `"10h"`, `"Th"`.

    Examples:
        >>> card = Card.parse("K♠")
        >>> str(card), card.symbol, card.points
        ('KS', 'K♠', 3)
    """

    suit: Suit = attrs.field(converter=_to_suit)
    rank: Rank = attrs.field(converter=_to_rank)
    index: int = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda card: index_of(card.suit, card.rank), takes_self=True),
    )
    """The card's number in the pack, 0 (2♣) to 51 (A♠): `suit * 13 + rank - 2`."""

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
        """The card's Game value: 10 = 10, A = 4, K = 3, Q = 2, J = 1, others 0."""
        return self.rank.points

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, as players write it: `"K♠"`, `"10♥"`."""
        return self.rank.text + self.suit.symbol

    def __str__(self) -> str:
        return self.rank.text + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """The card written as `text`: rank then suit, e.g. `"KS"`, `"K♠"`, `"10h"`, `"Th"`.

        A `Card` is returned as it is.

        Raises:
            InvalidNotationError: the text is not a card.
        """
        if isinstance(text, Card):
            return text
        try:
            return _PARSED[text]
        except KeyError:
            pass
        except TypeError:
            raise InvalidNotationError(f"not a card: {text!r}") from None
        if not isinstance(text, str):
            raise InvalidNotationError(f"not a card: {text!r}")
        compact = "".join(text.split()).lower()
        rank = _RANK_PARSE.get(compact[:-1])
        suit = _SUIT_TEXT.get(compact[-1:])
        if rank is not None and suit is not None:
            return CARDS[index_of(suit, rank)]
        raise InvalidNotationError(
            f"not a card: {text!r} (write the rank, then the suit: KS, K♠, 10h, Th)"
        )


CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
"""All 52 cards, in index order: 2♣ … A♣, 2♦ … A♦, 2♥ … A♥, 2♠ … A♠."""

_PARSED: dict[str, Card] = {}
for _card in CARDS:
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
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return tuple(Card.parse(card) for card in cards)


# --- the engine's integer view of cards -------------------------------------------

FULL_PACK = (1 << 52) - 1
CARD_POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)


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


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit set, in index order (by suit, then rank)."""
    return pick(CARDS, mask)
