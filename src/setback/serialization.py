"""JSON for states, views, records, rules, actions and hand results: `dumps` and `loads`.

Every document is an envelope `{"format": "setback", "version": 3, "kind": ...,
"data": ...}`. A `GameState` is stored as its `GameRecord` (how the game began
and every action since) and rebuilt by replaying it, so a loaded state is
exactly as consistent as one played through the engine; a few redundant
fields (phase, seat to act, scores) are checked against the replay.
"""

from __future__ import annotations

import enum
import functools
import importlib.resources
import json
from collections.abc import Callable, Iterable
from types import UnionType
from typing import Any, TypeVar, get_args, get_origin, overload

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, override
from cattrs.strategies import configure_tagged_union

from .actions import (
    MAX_LEVEL,
    Action,
    Bid,
    CallPartner,
    DeclareTrump,
    Discard,
    Pass,
    Pitch,
    Play,
    Shoot,
    Smudge,
    parse_action,
)
from .cards import Card, Suit
from .errors import InvalidStateError, shown
from .eventlog import EVENT_CLASSES, Event
from .points import Point
from .records import game_record, replay
from .rules import MAX_SCORE, Rules
from .scoring import scored_again
from .state import MAX_ACTIONS, MAX_HANDS, GameRecord, GameState, HandResult, Phase, Trick
from .tables import trump_tables
from .views import PlayerView

__all__ = ["MAX_DOCUMENT", "SCHEMA_VERSION", "dumps", "json_schema", "loads"]

SCHEMA_VERSION = 3
"""The version of the JSON documents `dumps` writes. `loads` reads it and versions 1 and 2:
version 1's `Bid` of level 5 was the Smudge (it loads as `Smudge`); versions 1 and 2 wrote
`Rules` with `trumps_only` and without `play_trump`, `trump_by` and `pitcher_leads_trump`
(read as `play_trump` `ONLY` or not, the other two taking what the options imply)."""
_READS = (1, 2, SCHEMA_VERSION)
"""The versions `loads` reads."""

_T = TypeVar("_T")
MAX_DOCUMENT = 16_000_000
"""The longest document `loads` reads, in characters: more than `dumps` writes for any game
(`MAX_ACTIONS` actions of the longest kind)."""
_MAX_ITEMS = 1_000
"""The longest list in any document but a record's actions and a view's legal actions (a
hand has far fewer cards, calls or tricks)."""
_MAX_LEGAL = 200_000
"""The longest list of a view's legal actions: more than any seat is offered (Cinch's
dealer robbing the pack, with no trump among his 25 cards, may throw any 19 of them:
177,100 discards); each is checked against what the engine offers."""
_MAX_ERRORS = 3
_MAX_MESSAGE = 300


def _strict(kind: type[_T]) -> Any:
    def structure(value: Any, _type: Any) -> _T:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    return structure


def _is_tuple(kind: Any) -> bool:
    return get_origin(kind) is tuple


def _is_record_class(kind: Any) -> bool:
    return isinstance(kind, type) and attrs.has(kind) and kind not in (Rules, Card)


def _converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=False)
    conv.register_structure_hook(int, _strict(int))
    conv.register_structure_hook(str, _strict(str))
    conv.register_structure_hook(bool, _strict(bool))
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, lambda value, _: Card.parse(_strict(str)(value, str)))
    conv.register_unstructure_hook(Suit, lambda suit: suit.letter)
    conv.register_structure_hook(Suit, lambda value, _: Suit.parse(_strict(str)(value, str)))
    conv.register_structure_hook(Phase, lambda value, _: Phase(_strict(str)(value, str)))
    conv.register_structure_hook_factory(_is_tuple, lambda kind: _tuple_hook(conv, kind))
    conv.register_structure_hook_factory(_is_record_class, lambda kind: _object_hook(conv, kind))
    configure_tagged_union(Action, conv, tag_name="type")
    conv.register_unstructure_hook(Rules, _unstructure_rules)
    conv.register_structure_hook(Rules, _structure_rules)
    return conv


def _tuple_hook(
    conv: cattrs.Converter, kind: Any, most: int = _MAX_ITEMS
) -> Callable[[Any, Any], tuple[Any, ...]]:
    """A tuple's hook: the value must be a list of a sensible length (at most `most` items
    where their number varies), checked before any element is converted (a string where a
    list belongs is refused at once)."""
    args = get_args(kind)
    if len(args) == 2 and args[1] is Ellipsis:
        item = conv.get_structure_hook(args[0])
        inner = args[0]

        def many(value: Any, _type: Any) -> tuple[Any, ...]:
            if type(value) is not list:
                raise TypeError(f"expected a list, got {type(value).__name__}")
            if len(value) > most:
                raise ValueError(f"a list of {len(value)} items (at most {most})")
            return tuple(item(element, inner) for element in value)

        return many
    hooks = [(conv.get_structure_hook(arg), arg) for arg in args]

    def fixed(value: Any, _type: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != len(hooks):
            raise TypeError(f"expected a list of {len(hooks)} items, got {type(value).__name__}")
        return tuple(hook(item, arg) for (hook, arg), item in zip(hooks, value, strict=True))

    return fixed


def _object_hook(conv: cattrs.Converter, kind: type) -> Callable[[Any, Any], Any]:
    """An attrs class's hook: the value must be an object, checked before its fields."""
    longer: dict[str, Any] = {}
    if kind is PlayerView:  # a seat may be offered many discards (Cinch's rob)
        legal = _tuple_hook(conv, tuple[Action, ...], _MAX_LEGAL)
        longer["legal_actions"] = override(struct_hook=legal)
    generated: Callable[[Any, Any], Any] = make_dict_structure_fn(
        kind, conv, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=False, **longer
    )
    fields = len(attrs.fields(kind))

    def structure(value: Any, _type: Any) -> Any:
        if type(value) is not dict:
            raise TypeError(f"{_a(kind.__name__)} must be an object, got {type(value).__name__}")
        if len(value) > fields + 1:
            raise ValueError(f"{_a(kind.__name__)} has {fields} fields, not {len(value)}")
        return generated(value, kind)

    return structure


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
    if type(data) is not dict:
        raise TypeError(f"rules must be an object, got {type(data).__name__}")
    # `trumps_only`, as versions 1 and 2 wrote it, is still read (the keyword of `Rules`)
    known = {field.name for field in attrs.fields(Rules) if field.init} | {"trumps_only"}
    if len(data) > len(known) or not set(data) <= known:
        unknown = sorted(str(key)[:40] for key in set(data) - known)[:5]
        raise ValueError(f"rules: unknown options {unknown}")
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
_ACTIONS = (Pass, Bid, Smudge, Shoot, Play, Pitch, DeclareTrump, CallPartner, Discard)

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
    if type(obj) in _ACTIONS:
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
    if type(data) is not dict:
        raise TypeError(f"a game record must be an object, got {type(data).__name__}")
    known = {"rules", "seed", "dealer", "scores", "hands", "deck", "actions"}
    extra = [str(key)[:40] for key in data if key not in known and key != "check"][:5]
    missing = sorted({"rules", "seed", "actions"} - set(data))
    if extra or missing:
        raise TypeError(f"unknown fields {extra}, missing fields {missing}")
    actions = data["actions"]
    if type(actions) is not list:
        raise TypeError(f"actions must be a list of action texts, got {type(actions).__name__}")
    if len(actions) > _MAX_RECORD:
        raise ValueError(f"{len(actions)} actions: more than a game holds ({MAX_ACTIONS})")
    record = GameRecord(
        rules=_CONV.structure(data["rules"], Rules),
        seed=_CONV.structure(data["seed"], int),
        dealer=_CONV.structure(data.get("dealer", 0), int),
        scores=_CONV.structure(data.get("scores"), tuple[int, ...] | None),  # type: ignore[arg-type]
        hands=_CONV.structure(data.get("hands"), tuple[tuple[Card, ...], ...] | None),  # type: ignore[arg-type]
        deck=_CONV.structure(data.get("deck"), tuple[Card, ...] | None),  # type: ignore[arg-type]
        actions=_parse_actions(actions),
    )
    dealt = [card for hand in record.hands or () for card in hand] + list(record.deck or ())
    foreign = sorted({str(card) for card in dealt if not record.rules.pack_mask >> card.index & 1})
    if foreign:
        raise InvalidStateError(
            f"cards not in this pack of {len(record.rules.pack_indices)}: {' '.join(foreign[:10])}"
        )
    return record


_MAX_RECORD = MAX_ACTIONS + 1_000  # a state may hold one hand's actions past MAX_ACTIONS


def _parse_actions(texts: list[Any]) -> tuple[Action, ...]:
    """The actions of a record's texts, each distinct text parsed once."""
    parsed: dict[str, Action] = {}
    out = []
    for number, text in enumerate(texts):
        if type(text) is not str:
            raise TypeError(f"action {number} must be text, got {type(text).__name__}")
        action = parsed.get(text)
        if action is None:
            action = parsed[text] = parse_action(text)
        out.append(action)
    return tuple(out)


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
            raise InvalidStateError(
                f"the stored state says {shown(check, 200)}, but its actions give {found}"
            )
    return state


def dumps(obj: object, *, indent: int | None = None) -> str:
    """`obj` as versioned JSON: a `GameState`, `PlayerView`, `GameRecord`, `HandResult`,
    `Rules`, `Trick`, `Card`, action, event, or tuple of events (as `events` returns).

    Every document `dumps` writes, `loads` reads back (a game holds at most `MAX_ACTIONS`
    actions and `MAX_HANDS` hands, well within `MAX_DOCUMENT`).

    Args:
        obj: the value to write.
        indent: indent the JSON by this many spaces (compact by default).

    Returns:
        The JSON text: `{"format": "setback", "version": 3, "kind": ..., "data": ...}`.

    Examples:
        >>> from setback import Rules, new_game
        >>> text = dumps(new_game(Rules.setback(), seed=7))
        >>> loads(text) == new_game(Rules.setback(), seed=7)
        True

    Raises:
        TypeError: `obj` is none of those, or `indent` is not an `int` or None.
    """
    if indent is not None and type(indent) is not int:
        raise TypeError(f"indent must be an int or None, not {type(indent).__name__}")
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


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every document `dumps` writes, as a new `dict`.

    One schema for the envelope (`format`, `version`, `kind`, `data`) and a `$defs`
    entry per kind (`GameState`, `GameRecord`, `PlayerView`, `HandResult`, `Rules`,
    `Trick`, `Card`, `Action`, `Event`, `Events`) and per shape they share (each action
    and event by its `type`, `Seat`, `Suit`, `Phase`, `Point`, `ActionText`). The same
    file, `schema.json`, ships inside the package and on the docs site, for clients in
    any language. It describes what `dumps` writes (canonical card and action text);
    `loads` checks more than a schema can say (no card twice, a game that replays, seats
    that fit the rules).

    Returns:
        The schema, a fresh `dict` on every call (change it freely).

    Examples:
        >>> schema = json_schema()
        >>> schema["$schema"], schema["properties"]["version"]
        ('https://json-schema.org/draft/2020-12/schema', {'const': 3})
        >>> schema["$defs"]["Bid"]["required"]
        ['level', 'type']
    """
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema


@functools.cache
def _schema_text() -> str:
    return importlib.resources.files(__package__).joinpath("schema.json").read_text("utf-8")


def _separators(indent: int | None) -> tuple[str, str]:
    return (",", ": ") if indent is not None else (",", ":")


_LOADABLE: dict[Any, str] = {
    GameState: "GameState",
    GameRecord: "GameRecord",
    PlayerView: "PlayerView",
    HandResult: "HandResult",
    Rules: "Rules",
    Trick: "Trick",
    Card: "Card",
    Action: "Action",
    **dict.fromkeys(_ACTIONS, "Action"),
    Event: "Event",
    **dict.fromkeys(EVENT_CLASSES, "Event"),
}


@overload
def loads(text: str | bytes, kind: None = None, *, rules: Rules | None = None) -> Any: ...
@overload
def loads(text: str | bytes, kind: type[_T], *, rules: Rules | None = None) -> _T: ...
@overload
def loads(text: str | bytes, kind: UnionType, *, rules: Rules | None = None) -> Action: ...
def loads(
    text: str | bytes, kind: type[Any] | UnionType | None = None, *, rules: Rules | None = None
) -> Any:
    """The object a `dumps` document holds, checked.

    A `GameState` or `GameRecord` is rebuilt by replaying its record, so it is consistent
    or refused; a view, hand result or trick is checked for consistency (seats, sides,
    cards, sizes, every card in one place at a time), so whatever loads can be used by
    every function of the library. A view must be one that `observe` gives of a game of
    the rules it names: its hand so far replays under them, and its `legal_actions` are
    what they allow its seat in its phase. A hand result's trick winners, points and
    score changes must be what its tricks score under its rules: those of the view that
    holds it, or `rules` for one on its own (a `HandResult` document names no rules). The
    document is read from any source: any text of up to `MAX_DOCUMENT` characters is
    loaded or refused in time and memory linear in its length, with a short message.

    Args:
        text: a document written by `dumps` (text or UTF-8 bytes), from any source.
        kind: the class the document must hold (`GameState`, `PlayerView`, `GameRecord`,
            `HandResult`, `Rules`, `Trick`, `Card`, `Action` or one action class, `Event`
            or one event class), or None for any of them. A union takes each of its
            classes: `loads(text, Event)` reads a `Dealt`, as `loads(text, Action)` a `Bid`.
        rules: the rules the document's game is played under, or None. A `GameState`,
            `GameRecord`, `PlayerView` or `Rules` document must name these; a
            `HandResult`, `Trick`, `Card` or event, which names none, is checked against
            them (seats and cards, and a hand result's trick winners and score).

    Returns:
        The value, of the kind the document names (an instance of `kind` when given).

    Examples:
        >>> from setback import Rules
        >>> loads(dumps(Rules.setback()), Rules) == Rules.setback()
        True

    Raises:
        InvalidStateError: the text is not JSON, not a setback document of a version
            this library reads, not of the `kind` asked for, or not a consistent value
            of its kind (the message says why), or not of the `rules` given.
        TypeError: `text` is neither text nor bytes, `kind` is no kind `loads` reads, or
            `rules` is not a `Rules` value.
    """
    if rules is not None and type(rules) is not Rules:
        raise TypeError(f"loads takes rules=Rules(...) or None, not {type(rules).__name__}")
    try:
        wanted = None if kind is None else _LOADABLE.get(kind)
    except TypeError:  # an unhashable kind
        wanted = None
    if kind is not None and wanted is None:
        raise TypeError(f"loads cannot read {_a(getattr(kind, '__name__', type(kind).__name__))}")
    if type(text) is bytes:
        if len(text) > 4 * MAX_DOCUMENT:
            raise InvalidStateError(f"{len(text)} bytes: too long for a setback document")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidStateError(f"not a setback JSON document: {error}") from None
    if type(text) is not str:
        raise TypeError(f"loads takes text (str or bytes), not {type(text).__name__}")
    if len(text) > MAX_DOCUMENT:
        raise InvalidStateError(
            f"{len(text)} characters: too long for a setback document (at most {MAX_DOCUMENT})"
        )
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InvalidStateError(f"not a setback JSON document: {_cut(str(error))}") from None
    if type(envelope) is not dict or envelope.get("format") != "setback":
        raise InvalidStateError('not a setback JSON document (no "format": "setback")')
    version = envelope.get("version")
    if type(version) is not int or version not in _READS:
        raise InvalidStateError(
            f"unknown version {shown(version)}: this setback reads versions 1 to {SCHEMA_VERSION}"
        )
    found = envelope.get("kind")
    if (
        type(found) is not str
        or found not in _KINDS
        or len(envelope) != 4
        or "data" not in envelope
    ):
        raise InvalidStateError(
            f"unknown kind {shown(found)} or extra fields: kinds are {sorted(_KINDS)}"
        )
    if wanted is not None and found != wanted:
        raise InvalidStateError(f"the document holds {_a(found)}, not {_a(wanted)}")
    data = envelope["data"]
    if version == 1:
        data = _from_version_1(data)
    try:
        value = _load(found, data, rules)
    except InvalidStateError as error:
        raise InvalidStateError(_cut(str(error))) from None
    except Exception as error:  # untrusted input: every failure becomes one error type
        detail = "; ".join(_messages(error)[:_MAX_ERRORS])
        raise InvalidStateError(_cut(f"not a valid {found}: {detail}")) from None
    if kind is not None and not isinstance(value, kind):  # a union (`Action`, `Event`) too
        name = str(getattr(kind, "__name__", wanted))
        raise InvalidStateError(f"the document holds {_a(type(value).__name__)}, not {_a(name)}")
    return value


def _a(name: str) -> str:
    """A kind's name with its article, as messages say it: "a Dealt", "an Event", and
    "a list of events" for `Events`."""
    if name == "Events":
        return "a list of events"
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


def _load(kind: str, data: Any, rules: Rules | None) -> Any:
    value = _loaded(kind, data, rules)
    if rules is not None and kind in ("GameState", "GameRecord", "PlayerView", "Rules"):
        named = value if kind == "Rules" else value.rules
        _require(named == rules, f"{_a(kind)} of other rules than those given")
    return value


def _loaded(kind: str, data: Any, rules: Rules | None) -> Any:
    if kind == "GameState":
        return _state_from(data)
    if kind == "GameRecord":
        record = _record_from(data)
        replay(record)  # a record that does not replay is refused here, not later
        return record
    if kind == "Action":
        return _CONV.structure(data, Action)  # type: ignore[arg-type]
    if kind == "Events":
        if type(data) is not list:
            raise TypeError(f"expected a list of events, got {type(data).__name__}")
        if len(data) > _MAX_EVENTS:
            raise ValueError(f"{len(data)} events: more than a game has")
        events: tuple[Any, ...] = tuple(_CONV.structure(item, Event) for item in data)  # type: ignore[arg-type]
        for event in events:
            _check_event(event, rules)
        return events
    value: Any = _CONV.structure(data, _KINDS[kind])
    if kind == "Event":
        _check_event(value, rules)
    if kind == "Trick":
        _check_trick(value, 8 if rules is None else rules.players, rules)
    elif kind == "HandResult":
        _check_result(value, rules)
    elif kind == "PlayerView":
        _check_view(value)
    elif kind == "Card" and rules is not None:
        _in_pack(rules, [value], "the card")
    return value


def _cut(message: str) -> str:
    return message if len(message) <= _MAX_MESSAGE else message[:_MAX_MESSAGE] + "..."


# --- consistency of the kinds that are not replayed -------------------------------------


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise InvalidStateError(message)


def _seat(value: int | None, players: int, what: str, *, none: bool = False) -> None:
    if value is None and none:
        return
    _require(
        type(value) is int and 0 <= value < players,
        f"{what} {shown(value)} is no seat of {players}",
    )


def _distinct(cards: list[Card], what: str) -> None:
    _require(len(set(cards)) == len(cards), f"{what}: a card appears twice")


def _once(groups: Iterable[tuple[str, Iterable[Card]]]) -> None:
    """Every card of the named groups at most once across them all (a card is in one place
    at a time: a hand, a discard, a trick); the message names the card and both places."""
    where: dict[Card, str] = {}
    for what, cards in groups:
        for card in cards:
            first = where.get(card)
            if first is not None:
                place = f"twice in {first}" if first == what else f"in {first} and in {what}"
                raise InvalidStateError(f"a card appears twice: {card} {place}")
            where[card] = what


def _check_trick(trick: Trick, players: int, rules: Rules | None) -> None:
    _seat(trick.leader, players, "the trick's leader")
    seats = [seat for seat, _ in trick.plays]
    for seat in seats:
        _seat(seat, players, "a trick's player")
    _require(len(set(seats)) == len(seats), "a seat plays twice to one trick")
    _distinct(list(trick.cards), "a trick")
    _require(trick.winner is None or trick.winner in seats, "a trick's winner did not play to it")
    if rules is not None:
        _in_pack(rules, trick.cards, "a trick")


def _in_pack(rules: Rules, cards: Any, what: str) -> None:
    _require(
        all(rules.pack_mask >> card.index & 1 for card in cards),
        f"{what}: a card that is not in this pack",
    )


_POINT_NAMES = frozenset(point.value for point in Point)


def _check_result(result: HandResult, rules: Rules | None) -> None:
    """A finished hand that every function can read: seats, sides, points and cards that
    fit one another (and `rules`, when known)."""
    players = len(result.hands)
    sides = len(result.card_points)
    _require(2 <= players <= 8, f"a hand of {players} seats (2 to 8)")
    _require(
        sides in (players, players // 2) and sides >= 1 and players % sides == 0,
        f"{sides} sides for {players} seats",
    )
    if rules is not None:
        _require(
            players == rules.players and sides == len(rules.sides),
            f"a hand of {players} seats and {sides} sides under rules of {rules.players} "
            f"seats and {len(rules.sides)} sides",
        )
    _require(len(result.score_changes) == sides, "one score change per side")
    _require(
        all(abs(change) <= 1_000 for change in result.score_changes), "a score change too large"
    )
    _require(all(0 <= points <= 200 for points in result.card_points), "card points out of range")
    _require(0 <= result.number <= MAX_HANDS, f"hand number {shown(result.number)}")
    _seat(result.dealer, players, "the dealer")
    _seat(result.pitcher, players, "the pitcher", none=True)
    for seat, _ in result.bids:
        _seat(seat, players, "a bidder")
    played = result.pitcher is not None
    _require(
        (result.contract is None) != played
        and (result.made is None) != played
        and (played or not result.tricks),
        "a hand's pitcher, contract, result and tricks do not agree",
    )
    _require(
        result.contract is None or 0 <= result.contract <= MAX_LEVEL + 1,
        f"contract {shown(result.contract)}",
    )
    names = [name for name, _ in result.awards]
    _require(set(names) <= _POINT_NAMES, f"no such point among {shown(names)}")
    _require(len(set(names)) == len(names), "a point awarded twice")
    for _, side in result.awards:
        _require(
            side is None or 0 <= side < sides, f"a point awarded to side {shown(side)} of {sides}"
        )
    _seat(result.partner, players, "the partner", none=True)
    _require(
        (result.partner is None or result.called is not None) and (result.called is None or played),
        "a hand's called card and partner do not agree",
    )
    if rules is not None and result.called is not None:
        _require(rules.call_partner, "a called card without call_partner")
        _in_pack(rules, [result.called], "the called card")
    for trick in result.tricks:
        _check_trick(trick, players, rules)
    _check_played(result)
    for seats in (result.discards, result.face_up_discards):
        _require(len(seats) in (0, players), "discards for a different number of seats")
    cards = [
        card
        for group in (result.hands, result.discards, result.face_up_discards)
        for hand in group
        for card in hand
    ]
    _distinct(cards, "a hand")
    if rules is not None:
        _in_pack(rules, cards, "a hand")
    if result.kitty:  # the pitcher's, in his hand when play began or in his discards
        _distinct(list(result.kitty), "the kitty")
        pitcher = result.pitcher
        _require(
            pitcher is not None
            and len(result.kitty) <= 6
            and (rules is None or len(result.kitty) == rules.kitty)
            and set(result.kitty)
            <= {*result.hands[pitcher], *(result.discards[pitcher] if result.discards else ())},
            "a kitty that is not the pitcher's, or of the wrong size",
        )
    if rules is not None:
        _check_scored(result, rules)


def _check_played(result: HandResult) -> None:
    """A finished hand's tricks: each finished, each card played once in the hand, by a
    seat that held it when trick play began (`hands`), under the trump that was named."""
    _require(
        (result.trump is None) == (result.pitcher is None),
        "a hand's pitcher and trump do not agree",
    )
    _once((f"trick {number}", trick.cards) for number, trick in enumerate(result.tricks, 1))
    for number, trick in enumerate(result.tricks, 1):
        _require(bool(trick.plays) and trick.winner is not None, f"trick {number} is not finished")
        for seat, card in trick.plays:
            _require(
                card in result.hands[seat],
                f"trick {number}: seat {seat} plays {card}, not in its hand when play began",
            )


def _check_scored(result: HandResult, rules: Rules) -> None:
    """A finished hand as `rules` score it: each trick's winner as its trump decides it
    (`TrumpTable.winner`), its points, card points, score changes and outcome as the engine
    scores its tricks (`scoring.scored_again`)."""
    if result.trump is not None:
        table = trump_tables(rules)[result.trump]
        for number, trick in enumerate(result.tricks, 1):
            winner = table.winner(trick.plays)
            _require(
                winner == trick.winner,
                f"trick {number} is won by seat {winner} under these rules, "
                f"not by seat {trick.winner}",
            )
    again = scored_again(rules, result)
    for name in ("awards", "card_points", "score_changes", "made"):
        stored, scored = getattr(result, name), getattr(again, name)
        _require(
            stored == scored,
            f"the hand's {name.replace('_', ' ')} {shown(_plain(stored), 80)} are not what "
            f"its tricks score under its rules: {shown(_plain(scored), 80)}",
        )


_MAX_EVENTS = 4 * _MAX_RECORD
"""The most events a document holds: more than any game has (a few per action)."""


def _check_event(event: Any, rules: Rules | None) -> None:
    """An event whose seats, numbers, cards, trick, hand and scores fit one another and
    `rules`, when given (its rules are not in the document: without them, seats are
    checked against the most a game has)."""
    players = 8 if rules is None else rules.players
    for name in ("seat", "dealer"):
        if hasattr(event, name):
            _seat(getattr(event, name), players, name)
    winner = getattr(event, "winner", None)
    _require(winner is None or 0 <= winner < players, f"winner {shown(winner)}")
    for name in ("number", "hand_number", "count", "drawn"):
        value = getattr(event, name, 0)
        _require(0 <= value <= 4 * _MAX_EVENTS, f"{name} {shown(value)}")
    # each list holds distinct cards; a card may be in both (Ten-point's pitcher takes the
    # stock, then discards non-trumps, some of them drawn)
    _distinct(list(getattr(event, "cards", ())), "an event's cards")
    _distinct(list(getattr(event, "drawn_cards", ())), "an event's drawn cards")
    trick = getattr(event, "trick", None)
    if trick is not None:
        _check_trick(trick, players, rules)
    result = getattr(event, "result", None)
    if result is not None:
        _check_result(result, rules)
    scores = getattr(event, "scores", None)
    if scores is not None:
        _require(1 <= len(scores) <= 8, f"{len(scores)} scores")
        _require(all(abs(score) <= 2 * MAX_SCORE for score in scores), "a score too large")


def _check_view(view: PlayerView) -> None:
    """A view that every function can read: its seats, sides, sizes and cards fit its rules."""
    rules = view.rules
    players, sides = rules.players, len(rules.sides)
    _seat(view.seat, players, "the view's seat")
    _seat(view.to_act, players, "the seat to act", none=True)
    _seat(view.dealer, players, "the dealer")
    _seat(view.pitcher, players, "the pitcher", none=True)
    for seat, _ in view.bids:
        _seat(seat, players, "a bidder")
    over = view.phase is Phase.GAME_OVER
    _require(
        (view.to_act is None) == over and (view.winner is not None) == over,
        "the phase, the seat to act and the winner do not agree",
    )
    _require(view.winner is None or 0 <= view.winner < sides, f"no side {shown(view.winner)}")
    _require(0 <= view.hand_number <= MAX_HANDS, f"hand number {shown(view.hand_number)}")
    _require(len(view.scores) == sides, f"{len(view.scores)} scores for {sides} sides")
    _require(all(abs(score) <= 2 * MAX_SCORE for score in view.scores), "a score too large")
    _require(len(view.hand_sizes) == players, f"{len(view.hand_sizes)} hand sizes")
    _require(
        # a draw back may take the whole stock into one hand before its discard
        all(
            0 <= size <= len(rules.pack_indices) - (players - 1) * rules.deal
            for size in view.hand_sizes
        )
        and view.hand_sizes[view.seat] == len(view.hand),
        "hand sizes that do not fit the hand or the deal",
    )
    _require(
        0 <= view.stock_size <= len(rules.pack_indices), f"a stock of {shown(view.stock_size)}"
    )
    _require(
        view.contract is None
        or 1 <= view.contract <= rules.max_bid + 1
        or (view.contract == 0 and rules.all_pass.plays_free),
        f"contract {shown(view.contract)}",
    )
    _require(len(view.face_up_discards) in (0, players), "face-up discards per seat")
    for trick in (*view.tricks, *([view.trick] if view.trick is not None else [])):
        _check_trick(trick, players, rules)
    mine = [*view.hand, *view.discards]
    _distinct(mine, "the seat's cards")
    seen = [card for cards in view.face_up_discards for card in cards]
    _in_pack(rules, [*mine, *seen], "the view")
    _check_once(view)
    _check_call(view)
    _check_kitty(view)
    if view.last_result is not None:
        _check_result(view.last_result, rules)
    _check_observed(view)


def _check_once(view: PlayerView) -> None:
    """Every card of a view at most once across the seat's hand, its discards, the face-up
    discards, the trick in progress and the finished tricks (a pitched card lies in the
    trick while the auction goes on, and is still its pitcher's: in his own hand too)."""
    trick = view.trick
    pitched = view.phase is Phase.BIDDING and trick is not None
    hand = [
        card
        for card in view.hand
        if not (pitched and trick is not None and (view.seat, card) in trick.plays)
    ]
    groups = [
        ("the hand", hand),
        ("the discards", view.discards),
        ("the face-up discards", [card for cards in view.face_up_discards for card in cards]),
        ("the trick", () if trick is None else trick.cards),
        *((f"trick {number}", done.cards) for number, done in enumerate(view.tricks, 1)),
    ]
    _once(groups)


def _check_observed(view: PlayerView) -> None:
    """A view that `observe` gives of some state of its rules: its hand so far replays
    through the engine (the auction's calls legal under its rules, the seat to act the
    one the rules say), and its `legal_actions` are what the engine offers its seat in
    its phase. The hidden-card sampler's `check_observed` is the one home of that
    question: it deals the hidden cards as the view admits, replays the hand and
    compares what `observe` gives with the view (it reads nothing of this module)."""
    from .bots.sampling import check_observed  # above this module: it needs views

    check_observed(view)


def _check_call(view: PlayerView) -> None:
    """Call your partner's fields of a view fit its rules and its cards: a called card
    only once trump is named under `call_partner`, and the partner shown exactly when the
    seat holds the called card or it has been played (by that seat)."""
    rules, called = view.rules, view.called
    _seat(view.partner, rules.players, "the partner", none=True)
    if called is None:
        _require(view.partner is None, "a partner without a called card")
        return
    _require(
        rules.call_partner and view.trump is not None and view.pitcher is not None,
        "a called card without call_partner, trump or a pitcher",
    )
    _in_pack(rules, [called], "the called card")
    played = [
        seat
        for trick in (*view.tricks, *([view.trick] if view.trick is not None else []))
        for seat, card in trick.plays
        if card == called
    ]
    if called in view.hand:
        _require(view.partner == view.seat, "the seat holds the called card: it is the partner")
    elif played:
        _require(view.partner == played[0], "the called card was played: its player is the partner")
    else:
        _require(view.partner is None, "a partner shown before the called card is played")


def _check_kitty(view: PlayerView) -> None:
    """The kitty's size until trump is declared, then its cards for the pitcher alone (in
    his hand, his discards or his plays)."""
    rules, declared = view.rules, view.trump is not None and view.phase is not Phase.GAME_OVER
    face_down = view.trump is None and view.phase is not Phase.GAME_OVER
    _require(
        view.kitty_size == (rules.kitty if face_down else 0),
        f"a kitty of {shown(view.kitty_size)} face-down cards under a kitty of {rules.kitty}",
    )
    if view.kitty:
        played = {
            card
            for trick in (*view.tricks, *([view.trick] if view.trick is not None else []))
            for seat, card in trick.plays
            if seat == view.seat
        }
        _distinct(list(view.kitty), "the kitty")
        _require(
            declared
            and view.seat == view.pitcher
            and len(view.kitty) == rules.kitty
            and set(view.kitty) <= {*view.hand, *view.discards, *played},
            "a kitty shown to a seat that did not take it, or that it does not hold",
        )


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
    return [f"{type(error).__name__}: {_cut(str(error))}"]
