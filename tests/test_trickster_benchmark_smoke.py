"""A smoke run of benchmarks/trickster.py, the outside opponent: one deal on the 4-point
game where Mono and the built bot are here (skipped, with the reason, where they are
not), and its refusals everywhere: one line and status 2, never a traceback."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trickster", ROOT / "benchmarks" / "trickster.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _refused(capsys: pytest.CaptureFixture[str], args: list[str], runner: ModuleType) -> str:
    assert runner.main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("trickster.py: ")
    return err


def test_without_mono_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    runner = _runner()
    monkeypatch.setattr(runner.shutil, "which", lambda name: None)
    harness = tmp_path / "harness"
    harness.mkdir()
    (harness / "trickster_bot.py").write_text("")
    err = _refused(capsys, ["play", "medium", "1", "--harness", str(harness)], runner)
    assert "mono is not installed" in err


def test_without_the_harness_or_its_build_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    runner = _runner()
    err = _refused(capsys, ["play", "medium", "1", "--harness", str(tmp_path)], runner)
    assert "no Trickster harness" in err
    (tmp_path / "trickster_bot.py").write_text("")
    monkeypatch.setattr(runner.shutil, "which", lambda name: "/usr/bin/mono")
    monkeypatch.setenv("TRICKSTER_BUILD", str(tmp_path / "nothing"))
    err = _refused(capsys, ["play", "medium", "1", "--harness", str(tmp_path)], runner)
    assert "not built" in err


def test_a_wrong_level_or_count_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    runner = _runner()
    assert "no bot named 'medum'" in _refused(capsys, ["play", "medum", "1"], runner)
    assert "at least 1" in _refused(capsys, ["play", "medium", "0"], runner)


def test_a_wrong_chunk_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    runner = _runner()
    try:
        runner.check(runner.harness_dir(None))
    except runner.Unavailable as missing:
        pytest.skip(f"Trickster's bot cannot run here: {missing}")
    err = _refused(capsys, ["play", "medium", "1", "--chunk", "0"], runner)
    assert "--chunk must be at least 1" in err


def test_one_deal_against_trickster_where_it_can_run(tmp_path: Path) -> None:
    runner = _runner()
    try:
        runner.check(runner.harness_dir(None))
    except runner.Unavailable as missing:
        pytest.skip(f"Trickster's bot cannot run here: {missing}")
    assert shutil.which("mono") is not None
    out = tmp_path / "results"
    args = ["play", "medium", "1", "--preset", "trickster-4", "--out", str(out)]
    assert runner.main(args) == 0
    (kept,) = out.glob("*.json")
    doc = json.loads(kept.read_text())
    assert doc["preset"] == "trickster-4" and doc["deals"] == 1 and doc["games"] == 2
    assert doc["trickster_illegal"] == 0 and doc["trickster_requests"] > 0
    # played on to two deals, the first deal's chunk is kept and only the second is played
    chunks = json.loads(runner.parts_file(out, "trickster-4", "medium", 0).read_text())
    (first,) = chunks["parts"]
    assert first["first"] == 0
    assert runner.main([*args[:2], "2", *args[3:], "--chunk", "1"]) == 0
    chunks = json.loads(runner.parts_file(out, "trickster-4", "medium", 0).read_text())
    assert [part["first"] for part in chunks["parts"]] == [0, 1]
    assert chunks["parts"][0] == first  # kept, not played again (its timings are the same)
    doc = json.loads((out / "trickster-4--medium--2x0.json").read_text())
    assert doc["deals"] == 2 and doc["games"] == 4
