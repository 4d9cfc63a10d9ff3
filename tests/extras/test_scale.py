"""The `scale` extra: `simulate` on a Dask cluster (a LocalCluster), and the docs' example."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

from setback import Rules, simulate

pytest.importorskip("dask.distributed", reason="the scale extra (dask[distributed]) is absent")
from dask.distributed import Client, LocalCluster

pytestmark = pytest.mark.extras

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "simulate_dask.py"


def test_a_dask_cluster_gives_the_serial_summary() -> None:
    rules = Rules.auction_pitch(players=3)
    serial = simulate(rules, games=12, seed=9, bots=["heuristic"])
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        Client(cluster) as client,
    ):
        spread = simulate(
            rules, games=12, seed=9, bots=["heuristic"], executor=client.get_executor(), chunk=5
        )
    assert spread == serial and spread.games == 12


def test_the_docs_dask_example_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE)])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    assert capsys.readouterr().out.startswith("200 games, ")
