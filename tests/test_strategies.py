"""The property strategies reach every option of `Rules` (issue 51, item 4): each field
`Rules` takes, at each of its values (every member of an enum, both truth values, a set
value and none), is drawn by `any_rules`, the strategy the property tests of the checked
engine, the playout kernel and the batched engine all draw from. A field added to `Rules`
and left out of `tests/strategies.py` fails here, with no list of fields to edit."""

from __future__ import annotations

import ast
import enum
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import NoSuchExample

from setback import Rules

from .strategies import any_rules

TESTS = Path(__file__).resolve().parent
FIELDS = [field for field in attrs.fields(Rules) if field.init]
"""Every option `Rules` takes (its derived fields are computed, not given)."""

SEARCH = settings(
    max_examples=5000,
    database=None,
    phases=[Phase.generate],  # the first example found: no shrinking
    suppress_health_check=list(HealthCheck),
    deadline=None,
)


ANOTHER = object()
"""A value other than `Rules()`'s (an int, a tuple of points: two values at least)."""
SET = object()
"""Any value but None (an optional field)."""


def _values(field: attrs.Attribute[Any]) -> list[tuple[str, Any]]:
    """The values of `field` the strategies must reach, named: each member of an enum,
    both truth values, None and a value for an optional field, else a value other than
    `Rules()`'s."""
    given = getattr(Rules(), field.name)
    if isinstance(given, enum.Enum):
        return [(member.name, member) for member in type(given)]
    if isinstance(given, bool):
        return [("True", True), ("False", False)]
    if given is None:
        return [("None", None), ("set", SET)]
    return [("another", ANOTHER)]


def _cases() -> list[Any]:
    return [
        pytest.param(field.name, value, id=f"{field.name}={label}")
        for field in FIELDS
        for label, value in _values(field)
    ]


def _reached(value: Any, default: Any) -> Any:
    """The test of a drawn field's value that it is `value` (or `ANOTHER`, `SET`)."""
    if value is ANOTHER:
        return lambda got: got != default
    if value is SET:
        return lambda got: got is not None
    return lambda got: got is value


@pytest.mark.parametrize(("name", "value"), _cases())
def test_the_strategies_reach_every_value_of_every_rules_field(name: str, value: Any) -> None:
    reached = _reached(value, getattr(Rules(), name))
    try:
        find(any_rules, lambda rules: reached(getattr(rules, name)), settings=SEARCH)
    except NoSuchExample:
        pytest.fail(f"tests/strategies.py never draws Rules.{name} = {value!r}: add it")


ENGINE_TESTS = {
    "the checked engine": TESTS / "test_properties.py",
    "the playout kernel": TESTS / "test_playout.py",
    "the batched engine's loop": TESTS / "test_batch.py",
    "the batched engine's arrays": TESTS / "extras" / "test_batch_arrays.py",
}
"""Where each engine's property tests live."""


@pytest.mark.parametrize("path", ENGINE_TESTS.values(), ids=list(ENGINE_TESTS))
def test_each_engine_has_property_tests_over_any_rules(path: Path) -> None:
    """Each engine is tested on the rules `any_rules` draws (so on every field above),
    not on a list of rule sets kept by hand."""
    drawn = [
        node
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "given"
        and any(
            keyword.arg == "rules" and getattr(keyword.value, "id", None) == "any_rules"
            for keyword in node.keywords
        )
    ]
    assert drawn, f"{path.name} has no @given(rules=any_rules, ...) test"
