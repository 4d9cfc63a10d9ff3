"""The command line: `setback simulate`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from setback.cli import main


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "games          5" in out
    assert "hands" in out and "per game" in out
    assert "bid 2" in out and "wins" in out and "side 0:" in out and "side 1:" in out
    wins = out.split("wins")[1].split("\n")[0]
    assert sum(int(part.split(":")[1]) for part in wins.split("  ") if ":" in part) == 5


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--games", "3", "--seed", "9"])
    first = capsys.readouterr().out.split("time")[0]
    main(["simulate", "--games", "3", "--seed", "9"])
    assert capsys.readouterr().out.split("time")[0] == first


def test_bad_arguments_exit_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--target", "0"]) == 2
    assert "target must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "0"])


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "setback", "simulate", "--games", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "games          2" in done.stdout
