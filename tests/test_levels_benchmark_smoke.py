"""A smoke run of benchmarks/levels.py: the first decision's timing, and the guide's table
and chart made from arena duels (tiny ones here; the ladders are run by hand)."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import attrs
import pytest

from setback import Rules
from setback.arena import duel

ROOT = Path(__file__).resolve().parents[1]


def _levels() -> ModuleType:
    spec = importlib.util.spec_from_file_location("levels", ROOT / "benchmarks" / "levels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_and_the_chart_come_from_the_duels() -> None:
    levels = _levels()
    rules = Rules.setback(target=5)
    duels = [
        duel(rules, "medium", "easy", deals=2, seed=0).to_dict(),
        duel(rules, "medium", "hard:playouts=4", deals=1, seed=0).to_dict(),  # no step
        duel(rules, "easy", "medium", deals=2, seed=0).to_dict(),  # the weaker first
    ]
    steps = levels.steps(duels)
    assert [(step["upper"], step["lower"]) for step in steps] == [("medium", "easy")] * 2
    first, turned = steps
    assert first["won"] == turned["won"] and first["rate"] == turned["rate"]
    assert first["points"] == duels[0]["points_per_hand"]
    assert turned["points"] == -duels[2]["points_per_hand"]
    assert turned["points"] == pytest.approx(first["points"])  # the same deals, turned round
    lines = levels.table({"setback": duels})
    assert lines[2].startswith("| setback | medium | easy | 2 (4) |")
    assert "not judged: 2 of 300 deals" in lines[2]
    assert "| setback | hard | medium | not measured | | | | | - |" in lines
    assert "| cinch | - | - | not measured | | | | | - |" in lines
    chart = levels.ladder_chart({"setback": duels, "six": duels[:1]})
    root = ET.fromstring(chart)
    assert root.tag.endswith("svg")
    assert chart.count("<circle") == 3 + 3  # the legend's three, and one per step shown
    assert chart.count("not measured") == 16  # every other preset has its row


def test_the_first_decision_is_timed() -> None:
    levels = _levels()
    seconds = levels.first_decision(Rules.setback(), "medium")
    assert type(seconds) is float and seconds >= 0  # the smoke: a CPU time comes back


def test_a_kept_chunk_reads_back_as_the_arena_played_it() -> None:
    levels = _levels()
    rules = Rules.setback(target=5)
    kept: dict[str, object] = {"seed": 7, "cpu": 0.0, "parts": []}
    levels._play_chunk(rules, ("medium", "easy"), 7, 2, kept)
    levels._play_chunk(rules, ("medium", "easy"), 9, 1, kept)
    assert levels._done(kept) == 3 and kept["cpu"] > 0
    played = levels.arena._play_deals(rules, ("medium", "easy"), 7, 2, 1000)
    first = levels._part_of(kept["parts"][0])  # type: ignore[index]
    counts = [name for name in attrs.fields_dict(type(played)) if name != "times"]
    assert counts and all(getattr(first, name) == getattr(played, name) for name in counts)
    assert [part["first"] for part in kept["parts"]] == [7, 9]  # type: ignore[attr-defined]
