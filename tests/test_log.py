"""The action log: recorded as actions are taken, shared between states, safe at any length."""

from __future__ import annotations

import copy
import pickle
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from setback import (
    Action,
    ActionLog,
    GameState,
    Rules,
    apply_action,
    game_record,
    new_game,
    replay,
)

from .strategies import calm_choice


def _long_game(actions: int, seed: int = 1) -> tuple[GameState, list[Action]]:
    """A calm random game of `actions` actions that cannot end (target 10**9)."""
    rng = random.Random(seed)
    state = new_game(Rules.setback(target=10**9), seed=seed)
    taken = []
    for _ in range(actions):
        action = calm_choice(state, rng)
        taken.append(action)
        state = apply_action(state, action)
    return state, taken


@contextmanager
def _recursion_limit(limit: int) -> Iterator[None]:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def test_the_log_holds_every_action_in_the_order_taken() -> None:
    state, taken = _long_game(600)
    assert len(state.log) == 600
    assert list(state.log) == taken
    assert list(reversed(state.log)) == taken[::-1]
    assert state.log[0] == taken[0] and state.log[-1] == taken[-1]
    assert game_record(state).actions == tuple(taken)


def test_a_step_adds_one_action_and_shares_the_earlier_hands() -> None:
    """Within a hand a step copies only that hand's actions; at its end the hand's actions
    become one shared chunk of the next hand's log."""
    state, _ = _long_game(50)
    rng = random.Random(0)
    after = apply_action(state, calm_choice(state, rng))
    assert list(after.log) == [*state.log, after.log[-1]]
    if len(after.history) == len(state.history):
        assert after.earlier_log is state.earlier_log
    for _ in range(200):
        if len(after.history) > len(state.history):
            break
        state, after = after, apply_action(after, calm_choice(after, rng))
    assert after.earlier_log.earlier is state.earlier_log or not state.earlier_log
    assert after.hand_log == ()


def test_a_long_log_compares_hashes_pickles_and_prints_without_recursion() -> None:
    """A game thousands of actions long stays well inside Python's recursion limit."""
    state, taken = _long_game(4000)
    rebuilt = ActionLog.of(taken)  # equal, but sharing no node with state.log
    with _recursion_limit(200):
        assert rebuilt == state.log
        assert hash(rebuilt) == hash(state.log)
        assert rebuilt != ActionLog.of(taken[:-1])
        assert rebuilt != ActionLog.of([*taken[:-1], taken[0]]) or taken[-1] == taken[0]
        loaded = pickle.loads(pickle.dumps(state))
        assert loaded == state and loaded.log == state.log
        assert copy.deepcopy(state.log) == state.log
        assert len(repr(state.log)) < 100
        assert replay(game_record(state)) == state


def test_logs_that_differ_anywhere_are_unequal() -> None:
    state, taken = _long_game(300)
    changed = list(taken)
    changed[5] = taken[6] if taken[6] != taken[5] else taken[4]
    assert changed != taken
    assert ActionLog.of(changed) != state.log


def test_a_games_log_holds_each_finished_hand_as_one_chunk_and_pickles_so() -> None:
    """The engine adds each finished hand's actions to the log as one chunk: the event
    log reads where each hand's actions end from them (`eventlog.hand_logs`), and a pickled
    state keeps them."""
    state, taken = _long_game(200)
    chunks = state.earlier_log.chunks()
    assert len(chunks) == len(state.history) > 3
    assert [action for chunk in chunks for action in chunk] == taken[: len(state.earlier_log)]
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.earlier_log.chunks() == chunks
