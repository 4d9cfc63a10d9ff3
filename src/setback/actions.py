"""Actions: the calls and plays a seat can make, and their text form."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

import attrs

from .cards import Card, Suit, parse_cards
from .errors import InvalidNotationError, echoed
from .options import MAX_LEVEL as MAX_LEVEL  # the highest bid, read here by the actions
from .refusals import Refusal

__all__ = [
    "Action",
    "Bid",
    "CallPartner",
    "DeclareTrump",
    "Discard",
    "Pass",
    "Pitch",
    "Play",
    "Shoot",
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


def _check_level(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not int:
        raise TypeError(f"a bid's level is a whole number (int), not {type(value).__name__}")
    if not 1 <= value <= MAX_LEVEL:
        why = Refusal("no_such_bid", {"value": echoed(value), "most": MAX_LEVEL})
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


@attrs.frozen(repr=False)
class Shoot:
    """Shoot the moon: a call above every bid, which nobody may overcall or match, to win
    every point or every trick (`Rules.shoot`). Text: `"shoot"`."""

    def __str__(self) -> str:
        return "shoot"

    def __repr__(self) -> str:
        return "Shoot()"


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
    """Pitch instead of bid: lead `card` face up as a bid of T in its suit (every point of
    the hand: 4 in the four-point game).

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


@attrs.frozen(repr=False)
class CallPartner:
    """Call your partner (`Rules.call_partner`): after naming trump, the pitcher calls
    `card`, a trump he does not hold; its holder is his partner for the hand. Text:
    `"call QS"`."""

    card: Card = attrs.field(converter=_to_card)
    """The card called (card text such as `"QS"` is read with `Card.parse`)."""

    def __str__(self) -> str:
        return f"call {self.card}"

    def __repr__(self) -> str:
        return f"CallPartner(Card.parse({str(self.card)!r}))"


_INDEX = operator.attrgetter("index")


class _InOrder(tuple[Card, ...]):
    """Cards already distinct and in index order (the engine's own enumeration of the legal
    discards): `Discard` keeps them as they are instead of parsing, sorting and checking
    them again (a discard and draw offers hundreds of discards at a time)."""

    __slots__ = ()


def discards_in_order(choices: Iterable[tuple[Card, ...]]) -> tuple[Discard, ...]:
    """Internal: the `Discard` of each of `choices`, whose cards must be distinct and in
    index order (as `cards.cards_of` and `itertools.combinations` of its result give
    them). One call for all the legal discards: a discard and draw offers hundreds."""
    return tuple([Discard(_InOrder(cards)) for cards in choices])


def _to_discards(value: Any) -> tuple[Card, ...]:
    if type(value) is _InOrder:  # the engine's own, checked where they were chosen
        return tuple(value)
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


Action = Pass | Bid | Smudge | Shoot | Play | Pitch | DeclareTrump | CallPartner | Discard
"""Any action: the union of the action classes."""

_PASS = Pass()
_SMUDGE = Smudge()
_SHOOT = Shoot()
_WORDS = "pass, bid N, smudge, play CARD, pitch CARD, trump SUIT, call CARD, discard CARDS"
_LONGEST = 1000
"""The longest action text read: a discard of every card of a pack, spaced out, fits."""


def parse_action(value: str | dict[str, Any]) -> Action:
    """The action written as `value`: its text, or its JSON object as any document holds it.

    Text: `"pass"`, `"bid 3"`, `"smudge"` (also `"bid smudge"`), `"shoot"`, `"play KS"`
    (any card text `Card.parse` reads), `"pitch 10H"`, `"trump S"` (or
    `"trump ♠"`), `"call QS"`, `"discard 2C 7D"` (bare `"discard"` or `"discard nothing"` discards
    nothing), case and spacing free, and the forms `setback.text.action_text` shows
    (`"play 5♦"`). A bare card (`"5♦"`, `"5d"`) is a play of it. `str(action)` gives the
    canonical text back.

    A `dict` is an action's object as every JSON document writes it (`dumps`), e.g. an
    entry of a view's `legal_actions`:
    `{"type": "Bid", "level": 2}`, `{"type": "Play", "card": "KS"}`,
    `{"type": "Discard", "cards": ["2C", "7D"]}`, `{"type": "DeclareTrump", "suit": "S"}`,
    `{"type": "Pass"}`, `{"type": "Shoot"}`, `{"type": "CallPartner", "card": "QS"}`. So a
    client that knows only the JSON sends back what it was offered, exactly as it was
    offered.

    Args:
        value: the action's text, or its JSON object (parsed, as a `dict`).

    Returns:
        The action value (`Pass`, `Bid`, `Smudge`, `Shoot`, `Play`, `Pitch`,
        `DeclareTrump`, `CallPartner` or `Discard`).

    Examples:
        >>> parse_action("play 10h")
        Play(Card.parse('10H'))
        >>> str(parse_action("Smudge"))
        'smudge'
        >>> parse_action("5♦")
        Play(Card.parse('5D'))
        >>> parse_action({"level": 2, "type": "Bid"})
        Bid(2)

    Raises:
        InvalidNotationError: the text is no action, or the `dict` is no action's object
            (an unknown `"type"`, a missing or extra field, a field of the wrong JSON
            type, or a value that is no card, suit or level).
        TypeError: `value` is neither text nor a `dict`.
    """
    if isinstance(value, dict):
        return _action_of(value)
    if type(value) is not str:
        raise TypeError(
            "parse_action takes an action's text (str) or its JSON object (dict), "
            f"not {type(value).__name__}"
        )
    text = value
    if len(text) > _LONGEST:
        why = Refusal("action_too_long", {"value": echoed(text), "count": len(text)})
        raise InvalidNotationError(why)
    words = text.split()
    if not words:
        raise InvalidNotationError(Refusal("empty_action", {"value": echoed(text)}))
    verb, rest = words[0].lower(), words[1:]
    if verb == "pass" and not rest:
        return _PASS
    if verb == "smudge" and not rest:
        return _SMUDGE
    if verb == "shoot" and not rest:
        return _SHOOT
    if verb == "bid" and len(rest) == 1:
        level = rest[0]
        if level.isascii() and level.isdecimal() and len(level) <= 3 and level[0] != "0":
            return Bid(int(level))
        if rest[0].lower() == "smudge":
            return _SMUDGE
    if verb == "play" and rest:  # "10 h" is a card; an error repeats the words as typed
        return Play(Card.parse(" ".join(rest)))
    if verb == "pitch" and rest:
        return Pitch(Card.parse(" ".join(rest)))
    if verb == "trump" and len(rest) == 1:
        return DeclareTrump(Suit.parse(rest[0]))
    if verb == "call" and rest:
        return CallPartner(Card.parse(" ".join(rest)))
    if verb == "discard":
        if len(rest) == 1 and rest[0].lower() == "nothing":
            return Discard()
        return Discard(parse_cards(" ".join(rest)))
    if verb == "bid" and len(rest) == 1 and rest[0][:1] == "0" and rest[0].isdecimal():
        raise InvalidNotationError(Refusal("leading_zeros", {"value": echoed(text)}))
    if len(words) <= 2:  # a bare card, as `setback.text` shows a hand: a play
        try:
            return Play(Card.parse(" ".join(words)))
        except InvalidNotationError:
            pass
    raise InvalidNotationError(Refusal("not_an_action", {"value": echoed(text)}))


_OBJECT_FIELDS: dict[str, tuple[str, ...]] = {
    "Pass": (),
    "Bid": ("level",),
    "Smudge": (),
    "Shoot": (),
    "Play": ("card",),
    "Pitch": ("card",),
    "DeclareTrump": ("suit",),
    "CallPartner": ("card",),
    "Discard": ("cards",),
}
"""Each action's JSON object: its `"type"` and the fields beside it."""


def _action_of(value: dict[Any, Any]) -> Action:
    """The action a JSON object names (`parse_action` of a `dict`)."""
    kind = value.get("type")
    fields = _OBJECT_FIELDS.get(kind) if type(kind) is str else None
    if fields is None:
        why = Refusal("unknown_action_type", {"value": echoed(value), "given": echoed(kind)})
        raise InvalidNotationError(why)
    if len(value) != len(fields) + 1 or any(name not in value for name in fields):
        extra = next((name for name in value if name != "type" and name not in fields), None)
        shown_value = echoed(value)
        if extra is not None:  # a field the type does not have: named, as JSON text names it
            named = extra if type(extra) is str else str(echoed(extra))
            named = named if len(named) <= 45 else named[:40] + "..."
            if fields:
                params = {"value": shown_value, "kind": kind, "field": fields[0], "extra": named}
                why = Refusal("object_extra_field", params)
            else:
                why = Refusal(
                    "object_type_only", {"value": shown_value, "kind": kind, "extra": named}
                )
        else:  # one field at most, and it is missing: "level", "card", "suit" or "cards"
            why = Refusal("object_fields", {"value": shown_value, "kind": kind, "field": fields[0]})
        raise InvalidNotationError(why)
    if kind == "Bid":
        level = value["level"]
        if type(level) is not int:
            raise InvalidNotationError(Refusal("level_not_int", {"value": echoed(level)}))
        return Bid(level)
    if kind == "Play":
        return Play(_text_of(value["card"], kind, "card"))
    if kind == "Pitch":
        return Pitch(_text_of(value["card"], kind, "card"))
    if kind == "CallPartner":
        return CallPartner(_text_of(value["card"], kind, "card"))
    if kind == "DeclareTrump":
        return DeclareTrump(Suit.parse(_text_of(value["suit"], kind, "suit")))
    if kind == "Discard":
        cards = value["cards"]
        if type(cards) is not list or len(cards) > 54:
            raise InvalidNotationError(Refusal("cards_not_list", {"value": echoed(cards)}))
        return Discard([_text_of(card, kind, "card") for card in cards])
    return _PASS if kind == "Pass" else _SHOOT if kind == "Shoot" else _SMUDGE


def _text_of(value: Any, kind: str, what: str) -> str:
    """A card's or suit's text in an action's object (text, else the object is no action)."""
    if type(value) is not str:
        code = "card_not_text" if what == "card" else "suit_not_text"
        raise InvalidNotationError(Refusal(code, {"kind": kind, "value": echoed(value)}))
    return value
