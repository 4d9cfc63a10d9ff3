"""Actions: the calls and plays a seat can make, and their text form."""

from __future__ import annotations

import operator
from typing import Any

import attrs

from .cards import Card, Suit, parse_cards
from .errors import InvalidNotationError, shown
from .refusals import Refusal

__all__ = [
    "Action",
    "Bid",
    "DeclareTrump",
    "Discard",
    "Pass",
    "Pitch",
    "Play",
    "Smudge",
    "parse_action",
]


@attrs.frozen(repr=False)
class Pass:
    """A pass in the auction. Text: `"pass"`."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


MAX_LEVEL = 20
"""The highest level a `Bid` value may carry (above any point set's total)."""


def _check_level(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not int:
        raise TypeError(f"a bid's level is a whole number (int), not {type(value).__name__}")
    if not 1 <= value <= MAX_LEVEL:
        why = Refusal("no_such_bid", {"value": shown(value), "most": MAX_LEVEL})
        raise InvalidNotationError(why)


@attrs.frozen(repr=False)
class Bid:
    """A plain bid of `level` points (2 to 4 in the four-point game, up to the points a
    hand awards in the extended forms). Text: `"bid 3"`.

    A Smudge is its own action, `Smudge`; `Bid(5)` is a plain bid of 5.
    """

    level: int = attrs.field(validator=_check_level)
    """How many points the bidder's side undertakes to win."""

    @property
    def is_smudge(self) -> bool:
        """Always False: a Smudge is the `Smudge` action (kept for older code)."""
        return False

    def __str__(self) -> str:
        return f"bid {self.level}"

    def __repr__(self) -> str:
        return f"Bid({self.level})"


@attrs.frozen(repr=False)
class Smudge:
    """The Smudge call: every trick and every point, worth one more than the highest plain
    bid (5 in the four-point game). Text: `"smudge"`."""

    def __str__(self) -> str:
        return "smudge"

    def __repr__(self) -> str:
        return "Smudge()"


def _to_card(value: Any) -> Card:
    return Card.parse(value)


@attrs.frozen(repr=False)
class Play:
    """Playing `card` to the trick (a lead or a follow). Text: `"play KS"`."""

    card: Card = attrs.field(converter=_to_card)
    """The card played (card text such as `"KS"` is read with `Card.parse`)."""

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play(Card.parse({str(self.card)!r}))"


@attrs.frozen(repr=False)
class Pitch:
    """Pitch instead of bid: lead `card` face up as a bid of 4 in its suit.

    Under `Rules.pitch_instead_of_bid`, a player may, instead of calling, lead a
    card face up; after it only the dealer acts (passes, pitches a card of his
    own, or calls Smudge). Text: `"pitch 10H"`.
    """

    card: Card = attrs.field(converter=_to_card)
    """The card pitched: led face up, its suit the trump the pitcher wants."""

    def __str__(self) -> str:
        return f"pitch {self.card}"

    def __repr__(self) -> str:
        return f"Pitch(Card.parse({str(self.card)!r}))"


def _to_suit(value: Any) -> Suit:
    return value if type(value) is Suit else Suit.parse(value)


@attrs.frozen(repr=False)
class DeclareTrump:
    """The pitcher names the trump suit before the first lead. Text: `"trump S"`."""

    suit: Suit = attrs.field(converter=_to_suit)
    """The suit named as trump (a letter or symbol such as `"S"`, `"♠"` is read too)."""

    def __str__(self) -> str:
        return f"trump {self.suit.letter}"

    def __repr__(self) -> str:
        return f"DeclareTrump(Suit.{self.suit.name})"


_INDEX = operator.attrgetter("index")


def _to_discards(value: Any) -> tuple[Card, ...]:
    if type(value) in (str, Card):
        value = [value]
    elif type(value) not in (tuple, list):
        raise TypeError(f"Discard takes a sequence of cards, not {type(value).__name__}")
    if len(value) > 54:
        raise InvalidNotationError(Refusal("discard_too_long", {"count": len(value)}))
    cards = tuple(
        sorted([card if type(card) is Card else Card.parse(card) for card in value], key=_INDEX)
    )  # by index: the cards' order (`Card.__lt__`), without a Python call per comparison
    if len(set(map(_INDEX, cards))) != len(cards):
        raise InvalidNotationError(Refusal("discarded_twice", {"written": list(map(str, cards))}))
    return cards


@attrs.frozen(repr=False)
class Discard:
    """Discard `cards`: face down (with the draw, then draw as many), or, for Ten-point
    Pitch's excess trumps, face up.

    Text: `"discard 2C 7D"`; a bare `"discard"` discards nothing. The cards are
    kept sorted, so the same cards in any order are the same action.
    """

    cards: tuple[Card, ...] = attrs.field(default=(), converter=_to_discards)
    """The cards discarded, sorted (empty: discard nothing)."""

    def __str__(self) -> str:
        return " ".join(["discard", *map(str, self.cards)])

    def __repr__(self) -> str:
        return f"Discard({[str(card) for card in self.cards]!r})"


Action = Pass | Bid | Smudge | Play | Pitch | DeclareTrump | Discard
"""Any action: the union of the action classes."""

_PASS = Pass()
_SMUDGE = Smudge()
_WORDS = "pass, bid N, smudge, play CARD, pitch CARD, trump SUIT, discard CARDS"
_LONGEST = 1000
"""The longest action text read: a discard of every card of a pack, spaced out, fits."""


def parse_action(text: str) -> Action:
    """The action written as `text`; `str(action)` gives the canonical form back.

    Accepts `"pass"`, `"bid 3"`, `"smudge"` (also `"bid smudge"`), `"play KS"`
    (any card text `Card.parse` reads), `"pitch 10H"`, `"trump S"` (or
    `"trump ♠"`), `"discard 2C 7D"` (bare `"discard"` or `"discard nothing"` discards
    nothing), case and spacing free, and the forms `setback.text.action_text` shows
    (`"play 5♦"`). A bare card (`"5♦"`, `"5d"`) is a play of it.

    Args:
        text: the action's text.

    Returns:
        The action value (`Pass`, `Bid`, `Smudge`, `Play`, `Pitch`, `DeclareTrump` or
        `Discard`).

    Examples:
        >>> parse_action("play 10h")
        Play(Card.parse('10H'))
        >>> str(parse_action("Smudge"))
        'smudge'
        >>> parse_action("5♦")
        Play(Card.parse('5D'))

    Raises:
        InvalidNotationError: the text is no action.
        TypeError: `text` is not text.
    """
    if type(text) is not str:
        raise TypeError(f"parse_action takes an action's text (str), not {type(text).__name__}")
    if len(text) > _LONGEST:
        why = Refusal("action_too_long", {"value": shown(text), "count": len(text)})
        raise InvalidNotationError(why)
    words = text.split()
    if not words:
        raise InvalidNotationError(Refusal("empty_action", {"value": shown(text)}))
    verb, rest = words[0].lower(), words[1:]
    if verb == "pass" and not rest:
        return _PASS
    if verb == "smudge" and not rest:
        return _SMUDGE
    if verb == "bid" and len(rest) == 1:
        level = rest[0]
        if level.isascii() and level.isdecimal() and len(level) <= 3 and level[0] != "0":
            return Bid(int(level))
        if rest[0].lower() == "smudge":
            return _SMUDGE
    if verb == "play" and rest:
        return Play(Card.parse("".join(rest)))
    if verb == "pitch" and rest:
        return Pitch(Card.parse("".join(rest)))
    if verb == "trump" and len(rest) == 1:
        return DeclareTrump(Suit.parse(rest[0]))
    if verb == "discard":
        if len(rest) == 1 and rest[0].lower() == "nothing":
            return Discard()
        return Discard(parse_cards(" ".join(rest)))
    if verb == "bid" and len(rest) == 1 and rest[0][:1] == "0" and rest[0].isdecimal():
        raise InvalidNotationError(Refusal("leading_zeros", {"value": shown(text)}))
    if len(words) <= 2:  # a bare card, as `setback.text` shows a hand: a play
        try:
            return Play(Card.parse("".join(words)))
        except InvalidNotationError:
            pass
    raise InvalidNotationError(Refusal("not_an_action", {"value": shown(text)}))
