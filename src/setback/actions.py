"""Actions: the calls and plays a seat can make, and their text form."""

from __future__ import annotations

from typing import Any

import attrs

from .cards import Card
from .errors import InvalidNotationError
from .rules import SMUDGE

__all__ = ["Action", "Bid", "Pass", "Play", "parse_action"]


@attrs.frozen(repr=False)
class Pass:
    """A pass in the auction. Text: `"pass"`."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


def _check_level(_instance: Any, _attribute: Any, value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= SMUDGE:
        raise InvalidNotationError(f"no such call: {value!r} (bids are 1 to 4, and 5 for smudge)")


@attrs.frozen(repr=False)
class Bid:
    """A bid of `level` points, 1 to 4; level 5 is Smudge.

    Text: `"bid 3"`; a Smudge is `"smudge"`.
    """

    level: int = attrs.field(validator=_check_level)

    @property
    def is_smudge(self) -> bool:
        """Whether this is the Smudge call (level 5)."""
        return self.level == SMUDGE

    def __str__(self) -> str:
        return "smudge" if self.level == SMUDGE else f"bid {self.level}"

    def __repr__(self) -> str:
        return f"Bid({self.level})"


def _to_card(value: Any) -> Card:
    return Card.parse(value)


@attrs.frozen(repr=False)
class Play:
    """Playing `card` to the trick (a lead or a follow). Text: `"play KS"`."""

    card: Card = attrs.field(converter=_to_card)

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play(Card.parse({str(self.card)!r}))"


Action = Pass | Bid | Play
"""Any action: the union of the action classes."""

_PASS = Pass()
_WORDS = "pass, bid N, smudge, play CARD"


def parse_action(text: str) -> Action:
    """The action written as `text`; `str(action)` gives the canonical form back.

    Accepts `"pass"`, `"bid 3"`, `"smudge"` (also `"bid 5"`), `"play KS"`
    (any card text `Card.parse` reads), case and spacing free.

    Example:
        >>> parse_action("play 10h")
        Play(Card.parse('10H'))
        >>> str(parse_action("Smudge"))
        'smudge'

    Raises:
        InvalidNotationError: the text is no action.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"not an action: {text!r} (actions are text: {_WORDS})")
    words = text.split()
    if not words:
        raise InvalidNotationError(f"not an action: {text!r} is empty ({_WORDS})")
    verb, rest = words[0].lower(), words[1:]
    if verb == "pass" and not rest:
        return _PASS
    if verb == "smudge" and not rest:
        return Bid(SMUDGE)
    if verb == "bid" and len(rest) == 1:
        if rest[0].isascii() and rest[0].isdecimal() and len(rest[0]) <= 3:
            return Bid(int(rest[0]))
        if rest[0].lower() == "smudge":
            return Bid(SMUDGE)
    if verb == "play" and rest:
        return Play(Card.parse("".join(rest)))
    raise InvalidNotationError(f"not an action: {text!r} (actions are {_WORDS})")
