"""Write `src/setback/schema.json`: the JSON Schema of every document `setback.dumps` writes.

Run it after changing a class that `dumps` writes (a test says when the file is stale):

    python tools/json_schema.py

The shapes are written here by hand, kind by kind, as `setback.serialization` writes
them; the field names, which fields a document may leave out (those with a default,
which `loads` fills in) and every description come from the classes themselves
(`attrs.fields` and the fields' docstrings), so the two cannot drift apart unseen: the
tests validate real documents of every kind and every preset against the file.
"""

from __future__ import annotations

import ast
import enum
import inspect
import itertools
import json
import textwrap
import typing
from pathlib import Path
from typing import Any

import attrs

import setback
from setback import eventlog
from setback.actions import MAX_LEVEL
from setback.rules import MAX_HANDS_LIMIT, MAX_TARGET

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "setback" / "schema.json"

DRAFT = "https://json-schema.org/draft/2020-12/schema"
CARD = "(?:[2-9]|10|[JQKA])[CDHS]|JK|BJ|LJ"
"""Card text as `str(card)` writes it: rank then suit letter, or a joker's name."""


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **more}


def pair(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "prefixItems": [first, second], "items": False, "minItems": 2}


INT = {"type": "integer"}
COUNT = {"type": "integer", "minimum": 0}
BOOL = {"type": "boolean"}
SEAT = ref("Seat")
SIDE = ref("Side")
CARDS = array(ref("Card"))


def field_docs(cls: type) -> dict[str, str]:
    """Each field's docstring (the string under it in the class body), dedented."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs = {}
    for before, after in itertools.pairwise(body):
        if (
            isinstance(before, ast.AnnAssign)
            and isinstance(before.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[before.target.id] = " ".join(inspect.cleandoc(after.value.value).split())
    return docs


def summary(cls: type) -> str:
    """The first paragraph of a class's docstring, on one line."""
    return " ".join((inspect.getdoc(cls) or "").split("\n\n")[0].split())


def record(cls: type, shapes: dict[str, dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """The object an attrs class is written as: one property per field (its shape from
    `shapes`, its description from its docstring), those without a default required."""
    docs = field_docs(cls)
    fields = [field for field in attrs.fields(cls) if field.init]
    names = [field.name for field in fields]
    if sorted(names) != sorted(shapes):
        raise SystemExit(f"{cls.__name__}: fields {names}, shapes for {sorted(shapes)}")
    properties = {
        field.name: {**shapes[field.name], "description": docs[field.name]} for field in fields
    }
    required = [field.name for field in fields if field.default is attrs.NOTHING]
    return {
        "description": summary(cls),
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
        **extra,
    }


def tagged(cls: type, shapes: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """An action or event: its fields and `"type"`, the class's name."""
    schema = record(cls, shapes)
    schema["properties"]["type"] = {"const": cls.__name__}
    schema["required"].append("type")
    return schema


def enum_values(kind: type[enum.Enum]) -> dict[str, Any]:
    return {"enum": [member.value for member in kind]}


RULES_INTS = {
    "players": {"minimum": 2, "maximum": 8},
    "target": {"minimum": 1, "maximum": MAX_TARGET},
    "min_bid": {"minimum": 1, "maximum": MAX_LEVEL},
    "jokers": {"minimum": 0, "maximum": 2},
    "deal": {"minimum": 6, "maximum": 54},
    "hands_limit": {"minimum": 1, "maximum": MAX_HANDS_LIMIT},
    "kitty": {"minimum": 0, "maximum": 6},
}


def rules_shapes() -> dict[str, dict[str, Any]]:
    """Each option of `Rules` by its type: a boolean, a number, an enum's value, a list."""
    hints = typing.get_type_hints(setback.Rules)
    shapes: dict[str, dict[str, Any]] = {}
    for field in attrs.fields(setback.Rules):
        if not field.init:
            continue
        kind = hints[field.name]
        if kind is bool:
            shapes[field.name] = dict(BOOL)
        elif kind is int:
            shapes[field.name] = {"type": "integer", **RULES_INTS.get(field.name, {})}
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            shapes[field.name] = enum_values(kind)
        elif typing.get_origin(kind) is tuple and typing.get_args(kind)[0] is setback.Point:
            shapes[field.name] = array(ref("Point"), minItems=1, uniqueItems=True)
        elif kind == setback.ShootFor | None:
            shapes[field.name] = {"enum": [*(member.value for member in setback.ShootFor), None]}
        elif kind == int | None:
            shapes[field.name] = {
                "type": ["integer", "null"],
                "minimum": 1,
                **RULES_INTS.get(field.name, {}),
            }
        else:
            raise SystemExit(f"Rules.{field.name}: no JSON shape for {kind!r}")
    return shapes


def rules() -> dict[str, Any]:
    schema = record(setback.Rules, rules_shapes())
    schema["required"] = []
    schema["description"] += (
        " Every option is written; a document may leave any out, which then takes its"
        " default (`Rules()`; `trump_by` and `pitcher_leads_trump` left out take what the"
        " other options imply). Options that make no game together are refused by `loads`."
    )
    return schema


TRICK = {
    "leader": SEAT,
    "plays": array(pair(SEAT, ref("Card"))),
    "winner": nullable(SEAT),
}

HAND_RESULT = {
    "number": COUNT,
    "dealer": SEAT,
    "hands": array(CARDS),
    "bids": array(pair(SEAT, ref("Action"))),
    "pitcher": nullable(SEAT),
    "contract": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_LEVEL + 1},
    "trump": nullable(ref("Suit")),
    "tricks": array(ref("Trick")),
    "awards": array(pair(ref("Point"), nullable(SIDE))),
    "card_points": array(COUNT),
    "score_changes": array(INT),
    "made": {"type": ["boolean", "null"]},
    "discards": array(CARDS),
    "face_up_discards": array(CARDS),
    "kitty": array(ref("Card"), maxItems=6, uniqueItems=True),
    "called": nullable(ref("Card")),
    "partner": nullable(SEAT),
}

PLAYER_VIEW = {
    "rules": ref("Rules"),
    "seat": SEAT,
    "phase": ref("Phase"),
    "to_act": nullable(SEAT),
    "dealer": SEAT,
    "hand_number": COUNT,
    "scores": array(INT, minItems=1),
    "hand": CARDS,
    "hand_sizes": array(COUNT, minItems=2),
    "stock_size": COUNT,
    "bids": array(pair(SEAT, ref("Action"))),
    "pitcher": nullable(SEAT),
    "contract": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_LEVEL + 1},
    "trump": nullable(ref("Suit")),
    "trick": nullable(ref("Trick")),
    "tricks": array(ref("Trick")),
    "discards": CARDS,
    "legal_actions": array(ref("Action")),
    "last_result": nullable(ref("HandResult")),
    "winner": nullable(SIDE),
    "face_up_discards": array(CARDS),
    "kitty_size": {"type": "integer", "minimum": 0, "maximum": 6},
    "kitty": array(ref("Card"), maxItems=6, uniqueItems=True),
    "called": nullable(ref("Card")),
    "partner": nullable(SEAT),
}

GAME_RECORD = {
    "rules": ref("Rules"),
    "seed": INT,
    "dealer": SEAT,
    "scores": nullable(array(INT, minItems=1)),
    "hands": nullable(array(CARDS)),
    "deck": nullable(CARDS),
    "actions": array(ref("ActionText")),
}

ACTIONS = {
    setback.Pass: {},
    setback.Bid: {"level": {"type": "integer", "minimum": 1, "maximum": MAX_LEVEL}},
    setback.Smudge: {},
    setback.Shoot: {},
    setback.Play: {"card": ref("Card")},
    setback.Pitch: {"card": ref("Card")},
    setback.DeclareTrump: {"suit": ref("Suit")},
    setback.CallPartner: {"card": ref("Card")},
    setback.Discard: {"cards": array(ref("Card"), maxItems=54, uniqueItems=True)},
}

NUMBER = {"type": "integer", "minimum": 1}
EVENTS = {
    setback.Dealt: {"number": NUMBER, "hand_number": COUNT, "dealer": SEAT, "cards": CARDS},
    setback.Called: {"number": NUMBER, "seat": SEAT, "call": ref("Action")},
    setback.Pitched: {
        "number": NUMBER,
        "seat": SEAT,
        "card": ref("Card"),
        "trump": ref("Suit"),
    },
    setback.TrumpDeclared: {"number": NUMBER, "seat": SEAT, "trump": ref("Suit")},
    setback.Discarded: {
        "number": NUMBER,
        "seat": SEAT,
        "count": COUNT,
        "drawn": COUNT,
        "cards": CARDS,
        "drawn_cards": CARDS,
    },
    setback.FaceUpDiscarded: {
        "number": NUMBER,
        "seat": SEAT,
        "cards": CARDS,
        "drawn": COUNT,
        "drawn_cards": CARDS,
    },
    setback.PartnerCalled: {"number": NUMBER, "seat": SEAT, "card": ref("Card")},
    setback.Played: {
        "number": NUMBER,
        "seat": SEAT,
        "card": ref("Card"),
        "trump": nullable(ref("Suit")),
    },
    setback.TrickWon: {"number": NUMBER, "winner": SEAT, "trick": ref("Trick")},
    setback.HandScored: {"number": NUMBER, "result": ref("HandResult"), "scores": array(INT)},
    setback.GameOver: {"number": NUMBER, "winner": nullable(SIDE), "scores": array(INT)},
}

KINDS = {
    "GameState": "The whole game, as the server keeps it (never send it to a player: it "
    "holds every hand and the seed). Written as its record, plus `check`.",
    "GameRecord": summary(setback.GameRecord),
    "PlayerView": summary(setback.PlayerView),
    "HandResult": summary(setback.HandResult),
    "Rules": summary(setback.Rules),
    "Trick": summary(setback.Trick),
    "Card": "One card, as its text.",
    "Action": "One action, as its object.",
    "Event": "One event of `events()`.",
    "Events": "The events of `events()`, oldest first.",
}


def action_text() -> dict[str, Any]:
    card = f"(?:{CARD})"
    levels = "|".join(str(level) for level in range(MAX_LEVEL, 0, -1))
    return {
        "description": "An action's canonical text (`str(action)`), as a record stores it: "
        '"pass", "bid 3", "smudge", "play KS", "pitch 10H", "trump S", "call QS", "discard 2C 7D" '
        '(a bare "discard" discards nothing).',
        "type": "string",
        "pattern": (
            f"^(?:pass|smudge|shoot|bid (?:{levels})|(?:play|pitch|call) {card}|trump [CDHS]"
            f"|discard(?: {card})*)$"
        ),
    }


def state() -> dict[str, Any]:
    schema = record(setback.GameRecord, GAME_RECORD)
    schema["description"] = KINDS["GameState"]
    schema["properties"]["check"] = {
        "description": "What the state is at the end of its actions, checked by `loads` "
        "against the replay (optional).",
        "type": "object",
        "properties": {
            "phase": ref("Phase"),
            "to_act": nullable(SEAT),
            "scores": array(INT, minItems=1),
            "hands_played": COUNT,
        },
        "required": ["phase", "to_act", "scores", "hands_played"],
        "additionalProperties": False,
    }
    return schema


def build() -> dict[str, Any]:
    """The schema: the envelope, and one `$defs` entry per kind and per shape it uses."""
    defs: dict[str, Any] = {
        "GameState": state(),
        "GameRecord": record(setback.GameRecord, GAME_RECORD),
        "PlayerView": record(setback.PlayerView, PLAYER_VIEW),
        "HandResult": record(setback.HandResult, HAND_RESULT),
        "Rules": rules(),
        "Trick": record(setback.Trick, TRICK),
        "Card": {
            "description": "A card's text (`str(card)`): its rank (2 to 10, J, Q, K, A) and "
            'suit letter (C, D, H, S), e.g. "KS", "10H"; the jokers are "JK" (the one '
            'joker of a 53-card pack), "BJ" and "LJ" (the big and little joker of 54).',
            "type": "string",
            "pattern": f"^(?:{CARD})$",
        },
        "Action": {
            "description": "Any action, by its `type`. `setback.parse_action` reads this "
            "object back exactly as it is written.",
            "oneOf": [ref(cls.__name__) for cls in ACTIONS],
        },
        "Event": {
            "description": "Any event of `setback.events()`, by its `type`.",
            "oneOf": [ref(cls.__name__) for cls in EVENTS],
        },
        "Events": {"description": KINDS["Events"], "type": "array", "items": ref("Event")},
    }
    defs.update({cls.__name__: tagged(cls, shapes) for cls, shapes in ACTIONS.items()})
    defs.update({cls.__name__: tagged(cls, shapes) for cls, shapes in EVENTS.items()})
    defs.update(
        {
            "ActionText": action_text(),
            "Suit": {"description": "A suit's letter: C, D, H, S.", "enum": ["C", "D", "H", "S"]},
            "Seat": {
                "description": "A seat, from 0 (play goes to seat + 1; partners sit "
                "opposite, seats i and i + players / 2).",
                "type": "integer",
                "minimum": 0,
                "maximum": 7,
            },
            "Side": {
                "description": "A side: an index into `scores` (seat i plays for side i % sides).",
                "type": "integer",
                "minimum": 0,
                "maximum": 7,
            },
            "Phase": {"description": summary(setback.Phase), **enum_values(setback.Phase)},
            "Point": {"description": summary(setback.Point), **enum_values(setback.Point)},
        }
    )
    if set(ACTIONS) != set(typing.get_args(setback.Action)):
        raise SystemExit("ACTIONS must list every class of setback.Action")
    if set(EVENTS) != set(eventlog.EVENT_CLASSES):
        raise SystemExit("EVENTS must list every event class")
    return {
        "$schema": DRAFT,
        "title": f"setback JSON documents, version {setback.SCHEMA_VERSION}",
        "description": "Every document `setback.dumps` writes: an envelope naming its "
        "`kind`, whose `data` is that kind's entry of `$defs`. `setback.loads` reads them "
        "(and versions 1 and 2: version 2's `Rules` wrote `trumps_only` instead of "
        "`play_trump`, `trump_by` and `pitcher_leads_trump`; version 1's `Bid` of level 5 "
        "was the Smudge) and checks far more than a schema can say: "
        "that cards are not dealt twice, that a game replays, that seats fit the rules.",
        "type": "object",
        "properties": {
            "format": {"const": "setback"},
            "version": {"const": setback.SCHEMA_VERSION},
            "kind": {"enum": list(KINDS)},
            "data": {},
        },
        "required": ["format", "version", "kind", "data"],
        "additionalProperties": False,
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": kind}}},
                "then": {"properties": {"data": ref(kind)}},
            }
            for kind in KINDS
        ],
        "$defs": defs,
    }


def text() -> str:
    """The file's text: the schema as indented JSON."""
    return json.dumps(build(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size} bytes)")
