"""A smoke run of benchmarks/coach.py (the speed table and the truth checks are run by
hand: `python benchmarks/coach.py all`): one preset, two positions, one decision."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from setback.rules import PRESET_NAMES

from .support import HEAVY

ROOT = Path(__file__).resolve().parents[1]


def _coach(*words: str, check: bool = True, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    """`python benchmarks/coach.py WORDS...`, its output captured."""
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "coach.py"), *words],
        capture_output=True,
        text=True,
        check=check,
        timeout=timeout,
    )


@HEAVY
def test_the_coach_benchmark_runs_and_prints_its_figures() -> None:
    done = _coach("all", "2", "1", "setback")
    out = done.stdout
    number = r"\d+\.\d+"
    assert re.search(
        rf"^setback +{number} +{number} +{number} +{number} +{number} +\d+$", out, re.M
    ), out
    truth = re.search(r"^setback +(\d+\.\d)% +(\d+) +(\d) of (\d) +yes$", out, re.M)
    assert truth is not None, out
    assert int(truth.group(2)) >= 2  # the values of one decision
    assert truth.group(3) == truth.group(4)  # open_hands agrees with brute force


@HEAVY
def test_the_open_hands_benchmark_times_several_deals() -> None:
    """`open DEALS PRESET`: the median, the slowest and its memory over that many deals."""
    done = _coach("open", "3", "cutthroat")
    found = re.search(r"^cutthroat +3 +(\d+\.\d+) +(\d+\.\d+) +\d+ +[0-3]$", done.stdout, re.M)
    assert found is not None, done.stdout
    assert float(found.group(1)) <= float(found.group(2))


@HEAVY
def test_the_floor_benchmark_counts_the_cards_searched_and_their_least_time() -> None:
    """`floor DEALS PRESET`: the slowest deal's cards played in the search, its seconds,
    the microseconds a card, and the seconds of trick play's own steps among them (some,
    and less than the whole search)."""
    done = _coach("floor", "2", "cutthroat")
    found = re.search(
        r"^cutthroat +(0|10) +(\d+) +(\d+\.\d\d) +(\d+\.\d)"  # seed, cards, seconds, a card
        r" +(\d+\.\d{3}) +(\d+) +(\d+\.\d{3}) +(\d+\.\d\d)$",  # the steps alone
        done.stdout,
        re.M,
    )
    assert found is not None, done.stdout
    cards, seconds, per_card = int(found.group(2)), float(found.group(3)), float(found.group(4))
    assert cards > 100  # a whole hand's search plays many cards
    assert abs(per_card * cards / 1e6 - seconds) <= 0.005 + 0.05 * cards / 1e6  # roundings
    played, asked, opened = float(found.group(5)), int(found.group(6)), float(found.group(7))
    assert asked > 100  # a seat's cards are asked at most positions
    assert played + opened < seconds  # the search does more than its steps
    a_step = float(found.group(8))
    steps = cards + asked  # the seconds printed to 0.0005, the microseconds to 0.005
    assert abs(a_step * steps / 1e6 - (played + opened)) <= 0.001 + 0.005 * steps / 1e6
    assert 0.01 < a_step < per_card  # the steps were timed: some tenths of a microsecond


def test_the_coach_benchmark_says_how_to_run_it() -> None:
    done = _coach(check=False, timeout=120)
    assert done.returncode == 2 and "python benchmarks/coach.py speed" in done.stdout


def test_the_truth_report_has_a_row_a_preset_from_the_kept_figures(tmp_path: Path) -> None:
    kept = {
        "preset": "cinch",
        "decisions": 200,
        "values": 1000,
        "covered": 850,
        "decisions_with_a_miss": 31,
        "open_agreed": 3,
        "open_checked": 3,
        "losses_add_up": True,
        "seconds": 412.4,
        "date": "2026-12-07",
    }
    (tmp_path / "truth-cinch.json").write_text(json.dumps(kept), encoding="utf-8")
    done = _coach("truth-report", f"--dir={tmp_path}", timeout=120)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")][1:]
    assert [row.split(" | ")[0][2:] for row in rows] == list(PRESET_NAMES), done.stdout
    cinch = next(row for row in rows if row.startswith("| cinch |"))
    assert cinch == (
        "| cinch | 200 | 1000 | 85.0% **below 90%** | 31 | 3 of 3 | yes | 412 s | 2026-12-07 |"
    )
    assert "| setback | not measured |" in done.stdout
