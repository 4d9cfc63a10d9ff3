"""A smoke run of benchmarks/coach.py (the speed table and the truth checks are run by
hand: `python benchmarks/coach.py all`): one preset, two positions, one decision."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from setback.rules import PRESET_NAMES

from .support import HEAVY

ROOT = Path(__file__).resolve().parents[1]


@HEAVY
def test_the_coach_benchmark_runs_and_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "coach.py"), "all", "2", "1", "setback"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    out = done.stdout
    number = r"\d+\.\d+"
    assert re.search(
        rf"^setback +{number} +{number} +{number} +{number} +{number} +\d+$", out, re.M
    ), out
    truth = re.search(r"^setback +(\d+\.\d)% +(\d+) +(\d) of (\d) +yes$", out, re.M)
    assert truth is not None, out
    assert int(truth.group(2)) >= 2  # the values of one decision
    assert truth.group(3) == truth.group(4)  # open_hands agrees with brute force


def test_the_coach_benchmark_says_how_to_run_it() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "coach.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "python benchmarks/coach.py speed" in done.stdout


def test_the_truth_report_has_a_row_a_preset() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "coach.py"), "truth-report"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")][1:]
    assert len(rows) == len(PRESET_NAMES), done.stdout
    assert [row.split(" | ")[0][2:] for row in rows] == list(PRESET_NAMES)
