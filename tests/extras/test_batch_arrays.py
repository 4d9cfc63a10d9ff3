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
    arrays = batch.play_batch(states, policy, first=firsts, seed=8, engine="arrays")
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
    arrays = batch.play_batch(states, lowest, engine="arrays")
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


@pytest.mark.parametrize("policy", [batch.random_policy, batch.playout_policy])
@pytest.mark.parametrize("name", ["setback", "six", "cinch"])
def test_auto_plays_a_small_batch_of_a_built_in_policy_by_the_loop(
    name: str, policy: batch.BatchPolicy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`engine="auto"`: below `SMALL_BATCH` hands a built-in policy's batch is played by
    the loop, from `SMALL_BATCH` on the arrays; either way the hands are the arrays' own
    (same choices, same results) and the result holds read-only numpy arrays of the
    arrays' shapes."""
    from setback.bots import _batch_numpy

    on_arrays = []

    def counted(*args: Any) -> Any:
        on_arrays.append(len(args[1]))
        return played(*args)

    played = _batch_numpy.play_batch
    monkeypatch.setattr(_batch_numpy, "play_batch", counted)
    rules = REPLAY.rules_named(name)
    states, firsts = REPLAY.states_of(rules, batch.SMALL_BATCH, 3)
    for count in (1, batch.SMALL_BATCH - 1, batch.SMALL_BATCH):
        on_arrays.clear()
        auto = batch.play_batch(states[:count], policy, first=firsts[:count], seed=count)
        assert on_arrays == ([count] if count >= batch.SMALL_BATCH else []), count
        on_arrays.clear()
        arrays = batch.play_batch(
            states[:count], policy, first=firsts[:count], seed=count, engine="arrays"
        )
        assert on_arrays == [count]  # "arrays": on the arrays at any size
        assert [auto.result(i) for i in range(count)] == [arrays.result(i) for i in range(count)]
        for field in ("score_changes", "awards", "card_points", "made", "winners", "tricks"):
            mine, theirs = getattr(auto, field), getattr(arrays, field)
            assert isinstance(mine, np.ndarray) and not mine.flags.writeable, field
            assert (mine.shape, mine.dtype) == (theirs.shape, theirs.dtype), field


def test_auto_asks_a_policy_of_ones_own_on_arrays_however_small_the_batch() -> None:
    """Only the built-in policies are played by the loop below `SMALL_BATCH`: a policy of
    one's own is handed numpy arrays at any size."""
    kinds = set()

    def looking(decision: batch.Decision) -> Any:
        kinds.add(type(decision.legal))
        return batch.random_policy(decision)

    states = [new_game(Rules.setback(), seed=k) for k in range(2)]
    batch.play_batch(states, looking, seed=1)
    assert kinds == {np.ndarray}


def test_the_small_batches_benchmark_runs() -> None:
    """A smoke run of `benchmarks/playout.py --small` (measured by hand with 512 hands)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "playout.py"), "--small", "16", "setback"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    assert f"SMALL_BATCH = {batch.SMALL_BATCH}" in done.stdout, done.stdout
    assert len([line for line in done.stdout.splitlines() if line.startswith("setback")]) == 2


@pytest.mark.parametrize("name", ["setback", "six", "call-partner", "trickster-7"])
def test_the_hands_of_one_state_enter_trick_play_as_copies_would(name: str) -> None:
    """A search puts each guessed deal in its batch once per candidate, the same state
    object: those hands' trick-play rows are written once and copied (`_PLAY_ROWS`). Every
    array of the run is what the same states as distinct objects (unpickled copies, one
    entry each) give; and `_PLAY_ROWS` names the arrays `_enter_play` writes, no fewer and
    no more: a hand of the auction entered into a trick in progress changes every one of
    them (but the called partner's two where the trick has none) and nothing else."""
    import pickle

    from setback import Phase
    from setback.bots._batch_numpy import _PLAY_ROWS, _Run, stream_keys

    rules = REPLAY.rules_named(name)
    states, _ = REPLAY.states_of(rules, 60, 9)
    states = [state for state in states if state.phase is Phase.PLAY]
    assert len(states) >= 4
    shared = [state for state in states for _ in range(3)]
    apart = [pickle.loads(pickle.dumps(state)) for state in shared]

    def run(of: list[Any]) -> Any:
        keys = stream_keys(3, list(range(len(of))), len(of))
        return _Run(rules, of, [None] * len(of), keys, batch.random_policy)

    one, two = run(shared), run(apart)
    arrays = {name: value for name, value in vars(one).items() if isinstance(value, np.ndarray)}
    assert set(_PLAY_ROWS) <= set(arrays)
    for field, value in arrays.items():
        assert np.array_equal(value, getattr(two, field)), field
    later = next(state for state in states if state.hand.tricks and state.hand.plays)
    auction = run([new_game(rules, seed=1), *shared])
    before = {field: getattr(auction, field).copy() for field in arrays}
    auction._enter_play(0, later.hand)
    changed = {
        field
        for field, value in before.items()
        if not np.array_equal(value, getattr(auction, field))
    }
    assert set(_PLAY_ROWS) - {"must_play", "partner"} <= changed <= set(_PLAY_ROWS)
