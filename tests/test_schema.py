"""The JSON Schema of the documents (`json_schema()`): real documents of every kind and
every preset validate against it, and it refuses documents that `loads` refuses."""

from __future__ import annotations

import copy
import functools
import importlib.util
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from setback import (
    SCHEMA_VERSION,
    GameState,
    InvalidStateError,
    Phase,
    Pitch,
    Rules,
    Shoot,
    apply_action,
    dumps,
    events,
    game_record,
    json_schema,
    legal_actions,
    loads,
    new_game,
    observe,
    parse_action,
)
from setback.rules import PRESET_NAMES

from .strategies import calm_choice, random_states

ROOT = Path(__file__).resolve().parents[1]

GAMES = [
    *(pytest.param(Rules.preset(name), id=name) for name in PRESET_NAMES),
    pytest.param(Rules.preset("auction-pitch", players=3), id="auction-pitch-3"),
    pytest.param(Rules.preset("cutthroat", players=5), id="cutthroat-5"),
    pytest.param(Rules.preset("ten-point", players=3), id="ten-point-3"),
    pytest.param(Rules.preset("smear", players=6), id="smear-6"),
    pytest.param(Rules.setback(draw=True), id="draw"),
    pytest.param(Rules.setback(pitch_instead_of_bid=True), id="pitch-instead-of-bid"),
    pytest.param(Rules.setback(no_trump_first_trick=True), id="no-trump-first-trick"),
    pytest.param(Rules.cutthroat(players=3, all_pass="redeal"), id="redeal"),
    pytest.param(Rules.trickster(10, players=5), id="trickster-10-call-partner"),
    pytest.param(
        Rules.setback(smudge=False, shoot="all_points", all_pass="dealer_free", hands_limit=3),
        id="shoot-dealer-free-hands-limit",
    ),
]
"""Every preset, some other seatings, and the options with kinds of their own (the
draw's discards, pitches, declared trump, passed-out hands)."""


@functools.cache
def validator() -> jsonschema.Draft202012Validator:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(text: str) -> list[str]:
    """What the schema finds wrong with a document (empty when it validates)."""
    return [error.message for error in validator().iter_errors(json.loads(text))]


def near_the_end(rules: Rules) -> list[GameState]:
    """Every state of a calm random game begun one point short of the target on every
    side, of the first seed whose game ends within three hands (a whole game, briefly)."""
    scores = (rules.target - 1,) * len(rules.sides)
    for seed in range(100):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed, dealer=rng.randrange(rules.players), scores=scores)
        states = [state]
        while not state.is_over and len(state.history) < 3:
            state = apply_action(state, calm_choice(state, rng))
            states.append(state)
        if state.is_over:
            return states
    raise AssertionError("no game ended within three hands")


def values(rules: Rules) -> Iterator[Any]:
    """The values `dumps` writes from one seeded game: the state at every phase of every
    hand, every seat's view there, each action offered, the trick in progress, the
    finished hands, their tricks, cards and calls, and at the end the record, the rules
    and every seat's events (and one event of each kind alone)."""
    seen: set[tuple[Phase, int]] = set()
    state = None
    for state in near_the_end(rules):
        key = (state.phase, len(state.history))
        if key in seen:
            continue
        seen.add(key)
        yield state
        yield from (observe(state, seat) for seat in range(rules.players))
        yield from legal_actions(state)
        if state.trick is not None:
            yield state.trick
    assert state is not None
    yield game_record(state)
    yield rules
    for result in state.history:
        yield result
        yield from result.tricks
        yield from result.hands[0]
        yield from (call for _, call in result.bids)
    kinds = set()
    for seat in range(rules.players):
        stream = events(state, seat)
        yield stream
        for event in stream:  # each event is in a stream above: one of each kind alone
            if type(event) not in kinds:
                kinds.add(type(event))
                yield event
    first = near_the_end(rules)[0]
    for pitch in [a for a in legal_actions(first) if isinstance(a, Pitch)][:1]:
        pitched = apply_action(first, pitch)  # calm players never pitch: one does here
        yield pitched
        yield from (observe(pitched, seat) for seat in range(rules.players))
        yield from events(pitched, 0)
    for shoot in [a for a in legal_actions(first) if isinstance(a, Shoot)][:1]:
        shot = apply_action(first, shoot)  # calm players never shoot: one does here
        yield shot
        yield shoot
        yield from (observe(shot, seat) for seat in range(rules.players))
        yield from events(shot, 0)


@functools.cache
def documents(rules: Rules) -> tuple[str, ...]:
    return tuple(dumps(value) for value in values(rules))


@pytest.mark.parametrize("rules", GAMES)
def test_real_documents_validate(rules: Rules) -> None:
    """Every document of a whole seeded game, of every kind, is what the schema says."""
    kinds = set()
    for text in documents(rules):
        assert errors(text) == [], f"{text[:300]} (a new field? see tools/json_schema.py)"
        kinds.add(json.loads(text)["kind"])
    assert kinds == set(json_schema()["properties"]["kind"]["enum"])


def test_every_kind_of_action_and_event_is_met() -> None:
    """Across the games above, every action and event class of the schema appears (so each
    of its `$defs` was checked against real documents)."""
    met = set()
    for param in GAMES:
        for text in documents(*param.values):  # type: ignore[arg-type]
            envelope = json.loads(text)
            if envelope["kind"] in ("Action", "Event"):
                met.add(envelope["data"]["type"])
    schema = json_schema()
    tagged = [item["$ref"].rsplit("/", 1)[1] for item in schema["$defs"]["Action"]["oneOf"]]
    tagged += [item["$ref"].rsplit("/", 1)[1] for item in schema["$defs"]["Event"]["oneOf"]]
    assert sorted(set(tagged) - met) == []


@pytest.mark.parametrize("rules", GAMES)
def test_offered_actions_round_trip(rules: Rules) -> None:
    """A client sends back each entry of its view's `legal_actions` exactly as it got it:
    `parse_action` turns it into that action, and the schema describes it."""
    for state in random_states(rules, 3, max_steps=80):
        if state.to_act is None:
            continue
        view = json.loads(dumps(observe(state, state.to_act)))["data"]
        offered = [parse_action(item) for item in view["legal_actions"]]
        assert offered == list(observe(state, state.to_act).legal_actions)


def _view() -> dict[str, Any]:
    state = list(random_states(Rules.setback(), 2, max_steps=12))[-1]
    return json.loads(dumps(observe(state, 0)))


def _state() -> dict[str, Any]:
    return json.loads(dumps(list(random_states(Rules.setback(), 2, max_steps=12))[-1]))


def _events() -> dict[str, Any]:
    state = list(random_states(Rules.setback(), 2, max_steps=12))[-1]
    return json.loads(dumps(events(state, 1)))


def _document(kind: str, data: Any) -> dict[str, Any]:
    return {"format": "setback", "version": SCHEMA_VERSION, "kind": kind, "data": data}


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        *steps, last = path.split("/")
        item: Any = document
        for step in steps:
            item = item[int(step) if isinstance(item, list) else step]
        if value is _DELETE:
            del item[last]
        else:
            item[int(last) if isinstance(item, list) else last] = value

    return change


_DELETE = object()

BROKEN = [
    # the envelope
    ("view", _set("format", "chess")),
    ("view", _set("version", 4)),
    ("view", _set("version", "2")),
    ("view", _set("kind", "Board")),
    ("view", _set("kind", "PlayerViews")),
    ("view", _set("extra", 1)),
    ("view", _set("data", _DELETE)),
    ("view", _set("kind", "GameState")),  # a view's data is no state
    # a view: wrong types, missing and extra fields, bad values
    ("view", _set("data/seat", "0")),
    ("view", _set("data/seat", True)),
    ("view", _set("data/hand_number", -1)),
    ("view", _set("data/phase", "lunch")),
    ("view", _set("data/hand/0", "1S")),
    ("view", _set("data/hand/0", "KX")),
    ("view", _set("data/hand", "KS QS")),
    ("view", _set("data/trump", "X")),
    ("view", _set("data/scores", None)),
    ("view", _set("data/rules", _DELETE)),
    ("view", _set("data/legal_actions", _DELETE)),
    ("view", _set("data/spectators", [])),
    ("view", _set("data/rules/players", 9)),
    ("view", _set("data/rules/low_to", "nobody")),
    ("view", _set("data/rules/points", ["high", "pinochle"])),
    ("view", _set("data/rules/colour", "red")),
    ("view", _set("data/legal_actions", [{"type": "Bid"}])),
    ("view", _set("data/legal_actions", [{"type": "Bid", "level": 37}])),
    ("view", _set("data/legal_actions", [{"type": "Fold"}])),
    ("view", _set("data/legal_actions", [{"type": "Bid", "level": 2, "seat": 1}])),
    ("view", _set("data/legal_actions", [{"type": "Play", "card": 12}])),
    ("view", _set("data/bids", [[0]])),
    ("view", _set("data/bids", [[0, {"type": "Pass"}, 1]])),
    ("view", _set("data/to_act", 8)),
    # a state: its record
    ("state", _set("data/seed", "7")),
    ("state", _set("data/actions/0", 5)),
    ("state", _set("data/rules", _DELETE)),
    ("state", _set("data/check/phase", "lunch")),
    ("state", _set("data/check/moves", 3)),
    ("state", _set("data/dealer", -1)),
    # events
    ("events", _set("data", {"type": "Dealt"})),
    ("events", _set("data/0/type", "Shuffled")),
    ("events", _set("data/0/number", -1)),
    ("events", _set("data/0/cards", ["KS", "KS "])),
    ("events", _set("data/0/dealer", _DELETE)),
    ("events", _set("data/1/call", {"type": "Bid", "level": "2"})),
]


@pytest.mark.parametrize(
    ("source", "change"), BROKEN, ids=[f"{source}-{n}" for n, (source, _) in enumerate(BROKEN)]
)
def test_schema_refuses_what_loads_refuses(
    source: str, change: Callable[[dict[str, Any]], None]
) -> None:
    """A document `loads` refuses for its shape, the schema refuses too."""
    document = copy.deepcopy({"view": _view, "state": _state, "events": _events}[source]())
    change(document)
    text = json.dumps(document)
    with pytest.raises(InvalidStateError):
        loads(text)
    assert errors(text) != []


@pytest.mark.parametrize(
    "document",
    [
        _document("Card", "10H"),
        _document("Card", "JK"),
        _document("Action", {"type": "Discard", "cards": []}),
        _document("Action", {"type": "DeclareTrump", "suit": "S"}),
        _document("Rules", {}),
        _document("Rules", {"players": 3, "partnerships": False}),
        _document("Trick", {"leader": 2}),
    ],
)
def test_short_documents_validate_and_load(document: dict[str, Any]) -> None:
    """Fields with a default may be left out, in the schema as in `loads`."""
    text = json.dumps(document)
    assert errors(text) == []
    loads(text)


def test_action_text_is_the_canonical_text() -> None:
    """A record's actions are `str(action)`: the schema's pattern takes exactly those."""
    pattern = json_schema()["$defs"]["ActionText"]
    check = jsonschema.Draft202012Validator(pattern)
    for text in ("pass", "smudge", "bid 2", "bid 20", "bid 36", "play 10H", "pitch JK", "trump S"):
        assert check.is_valid(text) and str(parse_action(text)) == text
    for text in ("discard", "discard 2C 7D", "discard BJ LJ"):
        assert check.is_valid(text) and str(parse_action(text)) == text
    for text in ("Pass", "bid 37", "bid 02", "play 1H", "play KS ", "trump ♠", "discard  2C"):
        assert not check.is_valid(text)


def test_json_schema_is_a_fresh_copy() -> None:
    first = json_schema()
    first["$defs"].clear()
    assert json_schema()["$defs"]["Card"]["pattern"] == "^(?:(?:[2-9]|10|[JQKA])[CDHS]|JK|BJ|LJ)$"


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("json_schema", ROOT / "tools" / "json_schema.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shape(schema: Any) -> Any:
    """The schema without its descriptions (the words may lag; the shapes may not)."""
    if isinstance(schema, dict):
        return {key: _shape(value) for key, value in schema.items() if key != "description"}
    if isinstance(schema, list):
        return [_shape(item) for item in schema]
    return schema


def test_the_shipped_schema_is_current() -> None:
    """src/setback/schema.json is what tools/json_schema.py builds from the classes today
    (if not: run `python tools/json_schema.py`)."""
    assert _shape(json_schema()) == _shape(_generator().build()), (
        "src/setback/schema.json is stale: run `python tools/json_schema.py`"
    )


def test_every_field_is_described() -> None:
    """Each kind and each of its fields says what it is (words from the docstrings)."""
    defs = json_schema()["$defs"]
    assert [name for name, value in defs.items() if not value.get("description")] == []
    bare = [
        f"{name}.{field}"
        for name, value in defs.items()
        for field, shape in value.get("properties", {}).items()
        if field != "type" and not shape.get("description")
    ]
    assert bare == []


def test_kinds_are_those_loads_reads() -> None:
    """The schema's kinds are the envelope kinds `loads` names when it refuses one."""
    with pytest.raises(InvalidStateError) as caught:
        loads(json.dumps(_document("Board", {})))
    kinds = json_schema()["properties"]["kind"]["enum"]
    assert str(caught.value).endswith(f"kinds are {sorted(kinds)}")


def test_offered_action_type_is_the_class_name() -> None:
    """The `type` of an action's object is its class's name (what a client switches on)."""
    for ref in json_schema()["$defs"]["Action"]["oneOf"]:
        name = ref["$ref"].rsplit("/", 1)[1]
        assert json_schema()["$defs"][name]["properties"]["type"] == {"const": name}
