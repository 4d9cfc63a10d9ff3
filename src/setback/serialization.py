"""JSON for states, views, records, rules, actions and hand results: `dumps` and `loads`.

Every document is an envelope `{"format": "setback", "version": 2, "kind": ...,
"data": ...}`. A `GameState` is stored as its `GameRecord` (how the game began
and every action since) and rebuilt by replaying it, so a loaded state is
exactly as consistent as one played through the engine; a few redundant
fields (phase, seat to act, scores) are checked against the replay.
"""

from __future__ import annotations

import enum
import json
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union

from .actions import Action, Bid, DeclareTrump, Discard, Pass, Pitch, Play, Smudge, parse_action
from .cards import Card, Suit
from .errors import InvalidStateError
from .eventlog import EVENT_CLASSES, Event
from .records import game_record, replay
from .rules import Rules
from .state import GameRecord, GameState, HandResult, Trick
from .views import PlayerView

__all__ = ["SCHEMA_VERSION", "dumps", "loads"]

SCHEMA_VERSION = 2
"""The version of the JSON documents `dumps` writes. `loads` reads it and version 1 (whose
`Bid` of level 5 was the Smudge: it loads as `Smudge`)."""

_T = TypeVar("_T")
_MAX_TEXT = 10_000_000


def _strict(kind: type[_T]) -> Any:
    def structure(value: Any, _type: Any) -> _T:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__} {value!r}")
        return value

    return structure


def _converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict(int))
    conv.register_structure_hook(str, _strict(str))
    conv.register_structure_hook(bool, _strict(bool))
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, lambda value, _: Card.parse(_strict(str)(value, str)))
    conv.register_unstructure_hook(Suit, lambda suit: suit.letter)
    conv.register_structure_hook(Suit, lambda value, _: Suit.parse(_strict(str)(value, str)))
    configure_tagged_union(Action, conv, tag_name="type")
    conv.register_unstructure_hook(Rules, _unstructure_rules)
    conv.register_structure_hook(Rules, _structure_rules)
    return conv


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _unstructure_rules(rules: Rules) -> dict[str, Any]:
    return {
        field.name: _plain(getattr(rules, field.name))
        for field in attrs.fields(Rules)
        if field.init
    }


def _structure_rules(data: Any, _type: Any) -> Rules:
    if not isinstance(data, dict):
        raise TypeError(f"rules must be an object, not {data!r}")
    return Rules(**data)


_CONV = _converter()

_KINDS: dict[str, type] = {
    "GameState": GameState,
    "GameRecord": GameRecord,
    "PlayerView": PlayerView,
    "HandResult": HandResult,
    "Rules": Rules,
    "Trick": Trick,
    "Card": Card,
    "Action": Pass,  # any action class: see _kind_of
}
_ACTIONS = (Pass, Bid, Smudge, Play, Pitch, DeclareTrump, Discard)

# Events (`setback.eventlog`): one event ("Event", tagged by "type" like actions) or a tuple
# of them ("Events", as `events()` returns).
configure_tagged_union(Event, _CONV, tag_name="type")
_KINDS["Event"] = Event  # type: ignore[assignment]
_KINDS["Events"] = tuple[Event, ...]


def _event_kind(obj: object) -> str | None:
    if isinstance(obj, EVENT_CLASSES):
        return "Event"
    if isinstance(obj, tuple) and all(isinstance(item, EVENT_CLASSES) for item in obj):
        return "Events"
    return None


def _kind_of(obj: object) -> str:
    if isinstance(obj, _ACTIONS):
        return "Action"
    if _event_kind(obj) is not None:
        return _event_kind(obj)  # type: ignore[return-value]
    for name, kind in _KINDS.items():
        if type(obj) is kind:
            return name
    raise TypeError(f"setback.dumps cannot write {type(obj).__name__}")


def _record_data(record: GameRecord) -> dict[str, Any]:
    return {
        "rules": _CONV.unstructure(record.rules, Rules),
        "seed": record.seed,
        "dealer": record.dealer,
        "scores": None if record.scores is None else list(record.scores),
        "hands": None if record.hands is None else [[str(c) for c in h] for h in record.hands],
        "deck": None if record.deck is None else [str(c) for c in record.deck],
        "actions": [str(action) for action in record.actions],
    }


def _record_from(data: Any) -> GameRecord:
    if not isinstance(data, dict):
        raise TypeError("a game record must be an object")
    known = {"rules", "seed", "dealer", "scores", "hands", "deck", "actions"}
    extra = set(data) - known - {"check"}
    missing = {"rules", "seed", "actions"} - set(data)
    if extra or missing:
        raise TypeError(f"unknown fields {sorted(extra)}, missing fields {sorted(missing)}")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise TypeError("actions must be a list of action texts")
    record = GameRecord(
        rules=_CONV.structure(data["rules"], Rules),
        seed=_CONV.structure(data["seed"], int),
        dealer=_CONV.structure(data.get("dealer", 0), int),
        scores=_CONV.structure(data.get("scores"), tuple[int, ...] | None),  # type: ignore[arg-type]
        hands=_CONV.structure(data.get("hands"), tuple[tuple[Card, ...], ...] | None),  # type: ignore[arg-type]
        deck=_CONV.structure(data.get("deck"), tuple[Card, ...] | None),  # type: ignore[arg-type]
        actions=tuple(parse_action(text) for text in actions),
    )
    dealt = [card for hand in record.hands or () for card in hand] + list(record.deck or ())
    foreign = sorted({str(card) for card in dealt if not record.rules.pack_mask >> card.index & 1})
    if foreign:
        raise InvalidStateError(
            f"cards not in this pack of {len(record.rules.pack)}: {' '.join(foreign[:10])}"
        )
    return record


def _state_data(state: GameState) -> dict[str, Any]:
    data = _record_data(game_record(state))
    data["check"] = {
        "phase": state.phase.value,
        "to_act": state.to_act,
        "scores": list(state.scores),
        "hands_played": len(state.history),
    }
    return data


def _state_from(data: Any) -> GameState:
    state = replay(_record_from(data))
    check = data.get("check")
    if check is not None:
        found = {
            "phase": state.phase.value,
            "to_act": state.to_act,
            "scores": list(state.scores),
            "hands_played": len(state.history),
        }
        if check != found:
            raise InvalidStateError(f"the stored state says {check}, but its actions give {found}")
    return state


def dumps(obj: object, *, indent: int | None = None) -> str:
    """`obj` as versioned JSON: a `GameState`, `PlayerView`, `GameRecord`, `HandResult`,
    `Rules`, `Trick`, `Card`, action, event, or tuple of events (as `events` returns).

    Args:
        obj: the value to write.
        indent: indent the JSON by this many spaces (compact by default).

    Returns:
        The JSON text: `{"format": "setback", "version": 2, "kind": ..., "data": ...}`.

    Examples:
        >>> from setback import Rules, new_game
        >>> text = dumps(new_game(Rules.setback(), seed=7))
        >>> loads(text) == new_game(Rules.setback(), seed=7)
        True

    Raises:
        TypeError: `obj` is none of those.
    """
    kind = _kind_of(obj)
    if kind == "GameState":
        data: Any = _state_data(obj)  # type: ignore[arg-type]
    elif kind == "GameRecord":
        data = _record_data(obj)  # type: ignore[arg-type]
    elif kind == "Action":
        data = _CONV.unstructure(obj, Action)
    else:
        data = _CONV.unstructure(obj, _KINDS[kind])
    envelope = {"format": "setback", "version": SCHEMA_VERSION, "kind": kind, "data": data}
    return json.dumps(envelope, ensure_ascii=False, indent=indent, separators=_separators(indent))


def _separators(indent: int | None) -> tuple[str, str]:
    return (",", ": ") if indent is not None else (",", ":")


def loads(text: str | bytes) -> Any:
    """The object a `dumps` document holds, checked.

    A `GameState` is rebuilt by replaying its record, so it is consistent or
    refused. Other kinds are checked for shape and types.

    Args:
        text: a document written by `dumps` (text or UTF-8 bytes), from any source.

    Returns:
        The value, of the kind the document names.

    Raises:
        InvalidStateError: the text is not JSON, not a setback document of this
            version, or not a consistent value of its kind (the message says why).
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if not isinstance(text, str):
            raise TypeError(f"loads takes text, not {type(text).__name__}")
        if len(text) > _MAX_TEXT:
            raise ValueError(f"{len(text)} characters: too long for a setback document")
        envelope = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise InvalidStateError(f"not a setback JSON document: {error}") from None
    if not isinstance(envelope, dict) or envelope.get("format") != "setback":
        raise InvalidStateError('not a setback JSON document (no "format": "setback")')
    version = envelope.get("version")
    if type(version) is not int or version not in (1, SCHEMA_VERSION):
        raise InvalidStateError(
            f"unknown version {version!r:.40}: this setback reads versions 1 and {SCHEMA_VERSION}"
        )
    kind = envelope.get("kind")
    if (
        not isinstance(kind, str)
        or kind not in _KINDS
        or len(envelope) != 4
        or "data" not in envelope
    ):
        raise InvalidStateError(
            f"unknown kind {kind!r} or extra fields: kinds are {sorted(_KINDS)}"
        )
    data = envelope["data"]
    if version == 1:
        data = _from_version_1(data)
    try:
        if kind == "GameState":
            return _state_from(data)
        if kind == "GameRecord":
            return _record_from(data)
        if kind == "Action":
            return _CONV.structure(data, Action)  # type: ignore[arg-type]
        return _CONV.structure(data, _KINDS[kind])
    except InvalidStateError:
        raise
    except Exception as error:  # untrusted input: every failure becomes one error type
        detail = "; ".join(_messages(error))
        raise InvalidStateError(f"not a valid {kind}: {detail}") from error


def _from_version_1(data: Any) -> Any:
    """A version-1 document's data in today's shape: its `Bid` of level 5 was the Smudge.

    (Version 1 wrote the Smudge's text as "smudge", which reads as `Smudge` already.)
    """
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("type") == "Bid" and item.get("level") == 5 and len(item) == 2:
                item.clear()
                item["type"] = "Smudge"
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return data


def _messages(error: BaseException) -> list[str]:
    if isinstance(error, BaseExceptionGroup):
        return [m for sub in error.exceptions for m in _messages(sub)]
    return [f"{type(error).__name__}: {error}"]
