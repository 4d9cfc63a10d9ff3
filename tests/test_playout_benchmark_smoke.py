"""A smoke run of `benchmarks/playout.py` (the speed floors are measured by hand with
`python benchmarks/playout.py 3000 3`): tiny counts (its long game and the hand-1
against hand-50 times keep their own sizes, about 4,000 hands, a second or two)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_playout_benchmark_runs_and_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "playout.py"), "30", "2"],
        capture_output=True,
        text=True,
        check=True,
        timeout=240,
    )
    out = done.stdout
    for label in ("setback, German preset", "playout kernel, dealt", "kernel + new_game deal"):
        assert re.search(rf"^{re.escape(label)} +[\d,]+ hands/s", out, re.M), out
    assert re.search(r"^Cinch +[\d,]+ hands/s, kernel +[\d,]+ hands/s$", out, re.M), out
    assert re.search(r"^hand 50 of the same game +\d+ µs$", out, re.M), out
    # the batched engine's German row: the reference (or -), the kernel, batches of 1 and 16
    cell = r" +[\d,]+ / *[\d,]+"
    assert re.search(rf"^setback +(-|[\d,]+ / *[\d,]+)({cell}){{3}}$", out, re.M), out
    if "(no reference at" not in out:  # the reference of ../shared/bench/ is beside
        ratio = re.search(r"^ratio +(\d+\.\d+)$", out, re.M)
        assert ratio is not None and float(ratio.group(1)) > 0, out
