"""Every public name has a docstring: each class, function, field and property reachable
from the `__all__` of `setback`, `setback.bots`, `setback.bots.batch`, `setback.simulation`,
`setback.rl` and `setback.rl.openspiel`.

Attribute docstrings (a string right under a field) do not exist at run time, so the
source is read with griffe, the same reader the API reference is built with: a member
that has no docstring here is a member the reference would leave out. (griffe is in
the `test` extra for this test.)
"""

from __future__ import annotations

import re
from pathlib import Path

import griffe
import pytest

import setback

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
MODULES = (
    "setback",
    "setback.bots",
    "setback.bots.batch",
    "setback.simulation",
    "setback.svg",
    "setback.coach",
    "setback.rl",
    "setback.rl.openspiel",
)
"""The public modules; their `__all__` is read by griffe, so the optional extras' modules
need not be importable here."""


def _walk(obj: griffe.Object, path: str, seen: set[str], out: dict[str, bool]) -> None:
    """Record `path` (documented or not) and, for a class, every public member it has,
    its own and those it inherits from classes of this package."""
    if obj.path in seen:
        out[path] = bool(obj.docstring and obj.docstring.value.strip())
        return
    seen.add(obj.path)
    out[path] = bool(obj.docstring and obj.docstring.value.strip())
    if not obj.is_class:
        return
    for name, member in obj.all_members.items():
        if name.startswith("_"):
            continue
        target = member.final_target if member.is_alias else member
        if not target.path.startswith("setback."):
            continue  # inherited from the standard library (Exception, Enum, Sequence)
        _walk(target, f"{path}.{name}", seen, out)


def public_names() -> dict[str, bool]:
    """Every public name of the API, mapped to whether it has a docstring."""
    package = griffe.load("setback", search_paths=[str(SRC)], resolve_aliases=True)
    out: dict[str, bool] = {}
    seen: set[str] = set()
    for module_path in MODULES:
        module = package if module_path == "setback" else package[module_path[8:]]
        assert module.exports is not None, f"{module_path} has no __all__"
        for name in map(str, module.exports):
            member = module[name]
            _walk(
                member.final_target if member.is_alias else member,
                f"{module_path}.{name}",
                seen,
                out,
            )
    return out


@pytest.fixture(scope="module")
def names() -> dict[str, bool]:
    return public_names()


def test_every_public_name_has_a_docstring(names: dict[str, bool]) -> None:
    missing = sorted(path for path, documented in names.items() if not documented)
    assert missing == [], f"{len(missing)} public names without a docstring: {missing}"


def test_the_walk_reaches_fields_properties_methods_and_bots(names: dict[str, bool]) -> None:
    """The check above cannot pass by looking at nothing: the walk reaches the fields an
    app reads, properties, methods, enum members, module constants and the bots' options."""
    for path in (
        "setback.GameState.phase",
        "setback.GameState.is_over",
        "setback.PlayerView.to_act",
        "setback.Card.suit",
        "setback.Play.card",
        "setback.Trick.winner",
        "setback.GameRecord.actions",
        "setback.Rules.setback",
        "setback.Rules.players",
        "setback.Suit.SPADES",
        "setback.CARDS",
        "setback.IllegalActionError.reason",
        "setback.bots.HeuristicBot.choose",
        "setback.bots.play_game",
        "setback.rl.raw_env.whole_game",
        "setback.rl.openspiel.SetbackGame.rules",
    ):
        assert path in names, path
    assert len(names) > 250


@pytest.fixture(scope="module")
def rendered() -> griffe.Module:
    """The package as the API reference reads it: with the extension mkdocs.yml names."""
    extensions = griffe.load_extensions(str(ROOT / "tools" / "griffe_attrs.py"))
    return griffe.load(
        "setback", search_paths=[str(SRC)], resolve_aliases=True, extensions=extensions
    )


def _signature(cls: griffe.Class) -> dict[str, str | None]:
    init = cls.members["__init__"]
    assert isinstance(init, griffe.Function)
    return {p.name: None if p.default is None else str(p.default) for p in init.parameters}


def test_the_reference_shows_constructors_with_their_defaults(rendered: griffe.Module) -> None:
    bots = rendered["bots"]
    assert _signature(bots["HeuristicBot"].final_target) == {
        "self": None,
        "seed": "None",
        "boldness": "0.0",
        "mistakes": "0.0",
    }
    assert _signature(bots["MonteCarloBot"].final_target)["rollout"] == "'greedy'"
    rules = _signature(rendered["Rules"].final_target)
    assert rules["players"] == "4"
    assert rules["dealer_match"] == "DealerMatch.ANY"
    assert rules["points"] == "(Point.HIGH, Point.LOW, Point.JACK, Point.GAME)"
    assert "side_count" not in rules  # computed when the value is built, not a parameter
    assert rules["play_trump"] == "PlayTrump.ANYTIME"
    assert rules["trump_by"] == rules["pitcher_leads_trump"] == "implied"
    assert rules["trumps_only"] == "None"  # the older keyword, beside the fields
    assert _signature(rendered["Card"].final_target) == {"self": None, "suit": None, "rank": None}
    assert _signature(rendered["Discard"].final_target) == {"self": None, "cards": "()"}


def test_the_reference_shows_no_internals(rendered: griffe.Module) -> None:
    """No `attrs.field(...)`, validator or factory where a default belongs; no member
    whose docstring says it is internal; no constructor for a value built by a function."""
    state = rendered["GameState"].final_target
    for name in ("held", "hand_state", "playable", "earlier_log", "hand_log"):
        assert name not in state.members, name
    assert "__init__" not in state.members
    assert "rng" not in rendered["bots"]["RandomBot"].final_target.members
    for path in [*(f"setback.{name}" for name in setback.__all__), "setback.bots.MonteCarloBot"]:
        obj = rendered[path[8:]]
        obj = obj.final_target if obj.is_alias else obj
        if not obj.is_class:
            continue
        for member in obj.members.values():
            if member.is_alias:
                continue
            assert not (member.docstring and member.docstring.value.startswith("Internal:"))
            if isinstance(member, griffe.Attribute) and member.value is not None:
                shown = str(member.value)
                assert not any(word in shown for word in ("attrs.", "Factory", "_int_in")), (
                    f"{member.path} = {shown}"
                )


def test_the_display_shapes_in_signatures_are_explained(rendered: griffe.Module) -> None:
    """`setback.svg` and `setback.text` annotate what they draw with the private protocols
    of `setback._shapes` (`GameStateLike`, ...): the API page of each function whose
    signature names one says what it is, so a reader of the reference is not left with a
    type the reference never shows."""
    shapes = {name for name in rendered["_shapes"].members if name.endswith("Like")}
    pages = (ROOT / "docs" / "api" / "svg.md", ROOT / "docs" / "api" / "text.md")
    named: set[str] = set()
    for page in pages:
        lines = page.read_text(encoding="utf-8").splitlines()
        prose = "\n".join(line for line in lines if not line.startswith(":::"))
        for line in lines:
            if not line.startswith("::: setback."):
                continue
            obj = rendered[line.split()[1][8:]]
            obj = obj.final_target if obj.is_alias else obj
            if not isinstance(obj, griffe.Function):
                continue
            for parameter in obj.parameters:
                for shape in shapes & set(str(parameter.annotation).replace("|", " ").split()):
                    named.add(shape)
                    assert f"`{shape}`" in prose, (page.name, obj.name, shape)
    assert named == shapes - {"TableLike"}  # every shape a signature shows was checked


def test_no_public_docstring_names_a_private_member(names: dict[str, bool]) -> None:
    """The reference shows every public docstring: none sends the reader to a private name
    (`` `_value` ``, `` `_batch_greedy.GreedyRule` ``), which the reference never shows."""
    package = griffe.load("setback", search_paths=[str(SRC)], resolve_aliases=True)
    private = re.compile(r"`(_[a-z]\w*|[\w.]*\._[a-z]\w*)")
    named = []
    for path in names:
        obj = package[path[8:]] if path != "setback" else package
        obj = obj.final_target if obj.is_alias else obj
        text = obj.docstring.value if obj.docstring else ""
        named += [(path, name) for name in private.findall(text)]
    assert named == []
