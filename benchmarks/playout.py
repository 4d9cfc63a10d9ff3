"""Random full hands per second through the public, checked API.

Run by hand, not by the test suite:

    python benchmarks/playout.py [HANDS] [ROUNDS]

A hand is dealt, bid with uniformly random legal calls, played with random
legal cards and scored, through `legal_actions` and `apply_action` only, in
the German preset. When the hand-tuned reference of `../shared/bench/` is
beside the checkout, it runs in the same process, alternating with the
library, and the ratio of the two is printed.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType

from setback import Rules, apply_action, legal_actions, new_game

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "reference_playout.py"


def load_reference() -> ModuleType | None:
    if not REFERENCE.exists():
        return None
    spec = importlib.util.spec_from_file_location("reference_playout", REFERENCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def library_hands(rules: Rules, hands: int, seed: int) -> tuple[float, int]:
    """Seconds for `hands` random hands, and the number of actions taken."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    start = time.perf_counter()
    for i in range(hands):
        state = new_game(rules, seed=seed + i)
        while not state.history:
            state = apply_action(state, choice(legal_actions(state)))
            steps += 1
    return time.perf_counter() - start, steps


def reference_hands(reference: ModuleType, hands: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        reference.hand(rng)
    return time.perf_counter() - start


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    reference = load_reference()
    rules = Rules.setback()
    lib_time = ref_time = 0.0
    steps = 0
    for r in range(rounds):
        if reference is not None:
            ref_time += reference_hands(reference, hands, r)
        seconds, taken = library_hands(rules, hands, r * hands)
        lib_time += seconds
        steps += taken
    total = hands * rounds
    print(
        f"setback (German preset)  {total / lib_time:10,.0f} hands/s  "
        f"{lib_time / steps * 1e6:6.2f} µs per legal_actions + apply_action step"
    )
    if reference is not None:
        print(f"reference                {total / ref_time:10,.0f} hands/s")
        print(f"ratio                    {ref_time / lib_time:10.3f}")
    else:
        print(f"(no reference at {REFERENCE})")


if __name__ == "__main__":
    main()
