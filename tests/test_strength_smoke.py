"""A smoke run of the strength benchmark's match against the MonteCarloBot of commit
a6eb03f: one deal, both seatings, tiny budgets (the 400-game match is run by hand)."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _has_old_commit() -> bool:
    try:
        done = subprocess.run(
            ["git", "-C", str(ROOT), "cat-file", "-e", "a6eb03f^{commit}"],
            capture_output=True,
            check=False,
        )
    except OSError:
        return False
    return done.returncode == 0


@pytest.mark.skipif(not _has_old_commit(), reason="no git history with commit a6eb03f")
def test_todays_montecarlo_plays_a6eb03fs_on_both_sides_of_a_deal() -> None:
    spec = importlib.util.spec_from_file_location("strength", ROOT / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    for side in (0, 1):
        won, new_times, old_times = strength.versus_game((3, side, 2, 12))
        assert isinstance(won, bool)
        assert new_times and old_times  # both bots searched their own decisions


def test_the_perfect_information_player_plays_in_the_arena() -> None:
    """The benchmark's perfect player (it reads the true state) finishes a short duel."""
    import setback
    import setback.arena
    from setback import Rules
    from setback.arena import duel

    spec = importlib.util.spec_from_file_location("strength", ROOT / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    try:
        result = duel(Rules.setback(target=3), strength.PerfectPlayer, "heuristic", deals=1, seed=0)
    finally:
        setback.arena.observe = setback.observe  # type: ignore[attr-defined]
    assert result.games == 2 and result.first.decisions > 0


def test_the_family_measure_plays_whole_games(capsys: pytest.CaptureFixture[str]) -> None:
    """The benchmark's whole-game measure of RULES §7's presets (run by hand at 100 games
    each) plays two games of each and prints one line per preset."""
    spec = importlib.util.spec_from_file_location("strength", ROOT / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    strength.family(2, 1)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == list(strength.FAMILY)
    assert all("/2 won" in line for line in lines)
