"""The extra `fast`: the batched engine on numpy arrays, proven by replay.

Every preset (and the variants beside them) is played batched from mixed states (fresh
deals, random games at any point, some with a first action); every decision the engine
asks is recorded and replayed through `apply_action` with the same legal sets, tricks,
points and score changes (`benchmarks/batch_replay.py`, which runs the full counts by
hand). The arrays and the loop without numpy give the same results for the same choices.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setback import Rules, new_game
from setback.bots import batch
from setback.rules import PRESET_NAMES

from ..strategies import any_rules, random_states, seeds
from ..support import batch_replay

np = pytest.importorskip("numpy", reason="the fast extra (numpy) is absent")

pytestmark = pytest.mark.extras

ROOT = Path(__file__).resolve().parents[2]


REPLAY = batch_replay()
NAMES = [*PRESET_NAMES, *REPLAY.VARIANTS]


def test_numpy_is_used() -> None:
    assert batch.numpy_enabled()


@pytest.mark.parametrize("name", NAMES)
def test_every_preset_replays_through_the_checked_api(name: str) -> None:
    """300 hands of each preset and variant, every decision replayed."""
    counts = REPLAY.prove(REPLAY.rules_named(name), 300, seed=11)
    assert counts["hands"] == 300 and counts["play"] > 0


@pytest.mark.parametrize("policy", [batch.random_policy, batch.playout_policy])
@pytest.mark.parametrize("name", NAMES)
def test_the_arrays_and_the_loop_give_the_same_hands(name: str, policy: batch.BatchPolicy) -> None:
    """The same states, first actions, streams and seed: the same results with numpy and
    without (the built-in policies' luck is the hand's, not the batch's; the playout
    rule's arithmetic on arrays is the plain one's, to the last bit)."""
    rules = REPLAY.rules_named(name)
    states, firsts = REPLAY.states_of(rules, 120, 5)
    arrays = batch.play_batch(states, policy, first=firsts, seed=8)
    looped = batch.play_batch(states, policy, first=firsts, seed=8, engine="loop")
    assert [arrays.result(i) for i in range(120)] == [looped.result(i) for i in range(120)]
    assert isinstance(arrays.score_changes, np.ndarray)
    assert not arrays.score_changes.flags.writeable


@settings(max_examples=60, deadline=None)
@given(rules=any_rules, seed=seeds, pick=st.integers(0, 10**6))
def test_any_rules_replay_through_the_checked_api(rules: Rules, seed: int, pick: int) -> None:
    """Random option sets, from any state of a random game, in one batch."""
    states = [s for s in random_states(rules, seed, max_steps=150) if not s.is_over]
    rng = random.Random(pick)
    chosen = [rng.choice(states) for _ in range(12)]
    recorder = REPLAY.Recorder(batch.random_policy, len(chosen))
    result = batch.play_batch(chosen, recorder, seed=seed)
    counts: Counter[str] = Counter()
    for i, state in enumerate(chosen):
        REPLAY.replay(state, None, recorder.logs[i], result.result(i), counts)
    assert counts["hands"] == len(chosen)


def test_a_policy_of_numpy_arrays_plays() -> None:
    """A policy of one's own: the lowest open card, the lowest open call (a numpy policy
    over the legal masks); the arrays and the loop agree."""

    def lowest(decision: batch.Decision) -> Any:
        if decision.kind == batch.DECLARE:
            return np.zeros(len(decision), dtype=np.int64)
        if decision.kind == batch.DISCARD:
            return np.asarray(decision.first) if decision.first is not None else None
        legal = np.asarray(decision.legal, dtype=np.uint64)
        return np.argmax(batch_bits(legal), axis=1)

    rules = Rules.setback()
    states = [new_game(rules, seed=k) for k in range(50)]
    arrays = batch.play_batch(states, lowest)
    looped = batch.play_batch(states, lowest, engine="loop")
    assert [arrays.result(i) for i in range(50)] == [looped.result(i) for i in range(50)]


def batch_bits(masks: Any) -> Any:
    return (masks[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)


def test_a_policy_of_the_wrong_shape_is_a_type_error() -> None:
    states = [new_game(Rules.setback(), seed=k) for k in range(4)]
    with pytest.raises(TypeError, match="one choice per hand: 4 hands asked, 3"):
        batch.play_batch(states, lambda d: np.zeros(len(d) - 1, dtype=np.int64))
    with pytest.raises(TypeError, match="whole number"):
        batch.play_batch(states, lambda d: np.zeros(len(d)))


def test_a_batch_of_one_thousand_plays_fast_enough_to_matter() -> None:
    """Not a timing: the batch of 1,024 completes and every hand has six tricks."""
    states = [new_game(Rules.setback(), seed=k) for k in range(1024)]
    result = batch.play_batch(states, batch.random_policy)
    assert (np.asarray(result.tricks) == 6).all()


def test_the_replay_benchmark_runs() -> None:
    """A smoke run of `benchmarks/batch_replay.py` (the full counts are run by hand)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "batch_replay.py"), "40", "setback", "cinch"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    assert "decisions replayed: identical" in done.stdout, done.stdout
