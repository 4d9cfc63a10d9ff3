"""A smoke run of `benchmarks/solver_batched.py` (measured by hand with more games)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_batched_solver_benchmark_runs_and_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "solver_batched.py"), "setback", "1", "1.5"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    out = done.stdout
    assert out.startswith("setback: the expert's playout decisions"), out
    for label in ("unbatched", r"batched, budget x1\.5"):
        row = rf"^  (auction|play) +{label} +[\d.]+ ms +[\d.]+ hands/ms$"
        assert re.search(row, out, re.M), out
