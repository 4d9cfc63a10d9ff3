"""Steps per second of the PettingZoo environment with random legal actions, beside the
core engine's steps per second on the same rules.

Run by hand, not by the test suite (needs the extra `rl`):

    python benchmarks/env_speed.py [STEPS]

The engine figure is `legal_actions` + `apply_action` with a random legal action; the
environment figure is a whole AEC step as an agent sees it: `last()` (observation
and action mask), a random id from the mask (`random.choice` of its nonzero ids),
`step()`. Both play one hand per
episode from a fresh deal, the way the environment does by default. Then the raw
environment (no wrappers), and the OpenSpiel game's steps per second (player
actions; the deal's chance nodes are counted as steps too). Times are the process's
CPU time, so a busy machine slows the figures less than the wall clock would.
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

import setback.rl
import setback.rl.openspiel
from setback import Rules, apply_action, legal_actions, new_game

PRESETS = ("setback", "auction-pitch", "six", "smear", "ten-point")


def engine(rules: Rules, steps: int) -> float:
    rng = random.Random(1)
    done = 0
    start = time.process_time()
    while done < steps:
        state = new_game(rules, seed=rng.getrandbits(32), dealer=rng.randrange(rules.players))
        while not state.history:
            state = apply_action(state, rng.choice(legal_actions(state)))
            done += 1
    return done / (time.process_time() - start)


def environment(env: object, steps: int) -> float:
    rng = random.Random(1)  # numpy's Generator.choice would cost more than the step itself
    done, episode = 0, 0
    start = time.process_time()
    while done < steps:
        env.reset(seed=episode)  # type: ignore[attr-defined]
        episode += 1
        for _ in env.agent_iter():  # type: ignore[attr-defined]
            obs, _, term, trunc, _ = env.last()  # type: ignore[attr-defined]
            if term or trunc:
                env.step(None)  # type: ignore[attr-defined]
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))  # type: ignore[attr-defined]
            done += 1
    return done / (time.process_time() - start)


def openspiel(preset: str, steps: int) -> float:
    import pyspiel

    game = pyspiel.load_game("python_setback", {"preset": preset})
    rng = random.Random(1)
    done = 0
    start = time.process_time()
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return done / (time.process_time() - start)


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    print(
        f"{'rules':14} {'engine':>10} {'env()':>10} {'raw_env':>10} {'ratio':>6} {'OpenSpiel':>10}"
    )
    for preset in PRESETS:
        rules = Rules.preset(preset)
        core = engine(rules, steps)
        wrapped = environment(setback.rl.env(preset), steps)
        raw = environment(setback.rl.raw_env(preset), steps)
        spiel = openspiel(preset, steps)
        print(
            f"{preset:14} {core:10,.0f} {wrapped:10,.0f} {raw:10,.0f} "
            f"{core / wrapped:6.1f} {spiel:10,.0f}"
        )
    print("steps per CPU second; ratio = engine / env()")


if __name__ == "__main__":
    main()
