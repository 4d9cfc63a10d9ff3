"""The exceptions of setback: every one is a `SetbackError`."""

from __future__ import annotations

import itertools
import json
import math
import reprlib
from typing import Any

from .refusals import Refusal

__all__ = [
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidStateError",
    "LanguageError",
    "RecordError",
    "RulesError",
    "SetbackError",
]


class SetbackError(Exception):
    """The base of every exception this library raises on purpose."""


class IllegalActionError(SetbackError, ValueError):
    """An action that the rules do not allow in this state.

    `action` is what was tried, `seat` who tried it (or `None` when no seat
    could act), `refusal` the rule that forbids it: its `code` and `params`
    (see `setback.refusals`) and `reason`, the English sentence built from them.
    A sentence of the caller's own (a `str`) is taken as the code `"message"`.
    """

    def __init__(self, action: Any, seat: int | None, refusal: Refusal | str) -> None:
        if isinstance(refusal, str):
            refusal = Refusal("message", {"message": refusal})
        self.action = action
        """The action that was refused, as it was given (an action value or its text)."""
        self.seat = seat
        """The seat that tried it; None when no seat could act (the game is over)."""
        self.refusal = refusal
        """The rule that forbids it, as data: its code and params."""
        self.code = refusal.code
        """The rule's stable code (a key of `setback.refusals.MESSAGES`)."""
        self.params = refusal.params
        """The params of the rule's sentence (JSON values; see `setback.refusals.PARAMS`)."""
        self.reason = refusal.message
        """Why the rules forbid it, in words a player understands (English)."""
        who = "nobody" if seat is None else f"seat {shown(seat)}"
        super().__init__(f"{shown_text(action)} by {who} is illegal: {self.reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.action, self.seat, self.refusal))


class InvalidNotationError(SetbackError, ValueError):
    """Text that is not a card or an action, or a value that is no card or call.

    `code` and `params` name the rule (see `setback.refusals`); the message is the
    English sentence built from them. A sentence of the caller's own (a `str`) is
    taken as the code `"message"`.
    """

    def __init__(self, refusal: Refusal | str) -> None:
        if isinstance(refusal, str):
            refusal = Refusal("message", {"message": refusal})
        self.refusal = refusal
        """The refusal, as data: its code and params."""
        self.code = refusal.code
        """The stable code of what is wrong (a key of `setback.refusals.MESSAGES`)."""
        self.params = refusal.params
        """The params of its sentence (JSON values; see `setback.refusals.PARAMS`)."""
        super().__init__(refusal.message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.refusal,))


class RulesError(SetbackError, ValueError):
    """An option value, or a combination of options, that makes no game."""


class InvalidStateError(SetbackError, ValueError):
    """A deal, score sheet or stored state that is not consistent with the rules."""


class RecordError(InvalidStateError):
    """A game record's text that cannot be read (a PTN record, `setback.read_ptn`), or
    that does not replay where it says: the message says what and where.

    `hand` and `trick` say where, counted from 1 (None where the fault lies in no one
    hand or trick); `card` is the card, as the record writes it (`"C9"`), that could not
    be played there, else None.
    """

    def __init__(
        self,
        message: str,
        hand: int | None = None,
        trick: int | None = None,
        card: str | None = None,
    ) -> None:
        self.hand = hand
        """The hand of the record where the fault is, counted from 1; None if in none."""
        self.trick = trick
        """The trick of that hand where the fault is, counted from 1; None if in none."""
        self.card = card
        """The card, as the record writes it, that could not be played there; or None."""
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.args[0], self.hand, self.trick, self.card))


class DrawingError(SetbackError, ValueError):
    """A picture's option out of its range: a `scale`, `colors`, `layout`,
    `orientation`, seat or number of players that `setback.svg` cannot draw."""


class LanguageError(SetbackError, ValueError):
    """A language the text helpers and `setback play` do not speak (they speak
    `setback.text.LANGUAGES`: "en", "de", "sv", "fr").

    `lang` is the code that was asked for.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang
        """The language code that was asked for."""
        super().__init__(f"no language {shown(lang)}: setback speaks en, de, sv and fr")


ECHO = 40
"""How many characters of a caller's value an error message repeats at most."""

_REPR = reprlib.Repr()
_REPR.maxstring = ECHO
_REPR.maxother = ECHO
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxlevel = 2


def shown(value: object, limit: int = ECHO) -> str:
    """`value` as an error message repeats it: its `repr`, cut to about `limit` characters.

    An integer too long to print is described by its size; a value whose `repr` fails
    is named by its type. Never raises, and costs little whatever the value's size, so
    every message stays short whatever the caller passed.
    """
    try:
        if type(value) is int and value.bit_length() > 4 * limit:
            return f"(a whole number of about {int(value.bit_length() * 0.30103) + 1} digits)"
        text = _REPR.repr(value)
    except Exception:  # a caller's object whose repr fails: name its type
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit + 5 else text[:limit] + "..."


def echoed(value: object, limit: int = ECHO) -> str | int | float | bool | None:
    """`value` as a refusal's params repeat it: a plain JSON value a client can show.

    Text is itself, cut to about `limit` characters (`"..."` marks a cut); a number,
    `True`, `False` or `None` is itself (an integer beyond JSON's safe range, and a float
    that is no JSON number, as their text, cut); a list or an object as its JSON text,
    with at most four items a level and two levels, cut; anything else (no JSON value)
    as its type's name. Never raises, and costs little whatever the value's size. The
    English sentence shows text in quotes (`'fold'`).
    """
    if type(value) is str:
        return value if len(value) <= limit + 5 else value[:limit] + "..."
    if value is None or type(value) is bool:
        return value
    if type(value) is int:
        if -(2**53) < value < 2**53:
            return value
        return shown(value, limit)
    if type(value) is float:
        return value if math.isfinite(value) else repr(value)
    if not isinstance(value, dict | list | tuple):
        return f"<{type(value).__name__}>"
    text = _json_text(value, 2)
    return text if len(text) <= 2 * limit + 5 else text[: 2 * limit] + "..."


def _json_text(value: object, depth: int) -> str:
    """A bounded JSON text of `value` (at most four items a level, `depth` levels)."""
    if isinstance(value, dict):
        if depth <= 0:
            return "{...}"
        items = [
            f"{_json_text(key if type(key) is str else str(key), 0)}: {_json_text(item, depth - 1)}"
            for key, item in itertools.islice(value.items(), 4)
        ]
        return "{" + ", ".join(items + (["..."] if len(value) > 4 else [])) + "}"
    if isinstance(value, list | tuple):
        if depth <= 0:
            return "[...]"
        listed = [_json_text(item, depth - 1) for item in value[:4]]
        return "[" + ", ".join(listed + (["..."] if len(value) > 4 else [])) + "]"
    plain = echoed(value) if type(value) in (str, int, float, bool, type(None)) else None
    if plain is None and value is not None:
        return json.dumps(f"<{type(value).__name__}>")
    return json.dumps(plain, ensure_ascii=False)


def shown_text(value: object, limit: int = ECHO) -> str:
    """`str(value)` for the library's own values (actions, cards), `shown(value)` for
    anything else: an error repeats a caller's value in bounded words."""
    if type(value).__module__.startswith("setback."):
        try:
            return str(value)[: 4 * limit]
        except Exception:
            return f"<{type(value).__name__}>"
    return shown(value, limit)


def kind_error(function: str, expected: str, value: object) -> TypeError:
    """The `TypeError` for a value of the wrong kind: what `function` takes, and the type
    it was given (its name, never the value itself)."""
    return TypeError(f"{function} takes {expected}, not {type(value).__name__}")
