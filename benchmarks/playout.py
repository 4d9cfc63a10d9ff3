"""Random full hands per second through the public, checked API.

Run by hand, not by the test suite (which runs a small smoke of it):

    python benchmarks/playout.py [HANDS] [ROUNDS]

A hand is dealt, bid with uniformly random legal calls, played with random
legal cards and scored, through `legal_actions` and `apply_action` only. The
hand-tuned reference of `../shared/bench/` (beside the checkout) runs in the
same process, and the ratio of the two is printed. The German preset's loops
take turns a chunk of `CHUNK` hands at a time (the reference, the checked
API, the playout kernel from dealt states, the kernel dealing each state by
`new_game`), each round going on where its last chunk stopped: the same
hands as one long loop each, but a slow spell of a shared machine (they
last seconds here) falls on every loop alike instead of on one of them, so
the ratios move far less from run to run. Each timed chunk starts after
`gc.collect()`, so that no loop's collections walk what the benchmark built
for another (the kernel's dealt states are built before the round); the
collector stays on while timing, as in real use. Then: hands per second
(checked API and kernel) for Auction Pitch with 3 players, six players, the
extended presets (Ten-point Pitch, Smear, Auction Pitch with Joker) and
RULES §7's (Trickster's games, Pedro Sancho, Dom Pedro, Cinch, call your
partner, a kitty), and the time of hand 1 against hand 50 of one long game
(the cost of a hand must not grow with the history).

The batched engine (`setback.bots.batch`, numpy with the extra `fast`):

    python benchmarks/playout.py --batch [HANDS] [PRESET ...]

prints, for every preset (or the ones named), random hands per second of `play_batch`
with `random_policy` at batch sizes 1, 16, 64, 256, 1,024 and 4,096, beside the playout
kernel on the same dealt states and (German) the reference, each by the wall clock and by
the CPU clock (`time.process_time`; on a shared machine the wall clock counts the others'
turns too). Each size plays at least `HANDS` hands (default 4,096) and at least two whole
batches (sizes above `HANDS` are left out, for a smoke run); the states are dealt before
the timing, as the kernel's. numpy's threads are pinned to one (`OMP_NUM_THREADS=1` and
the like, set before numpy loads). The default run prints the German row too. The
table is the arrays' (`engine="arrays"`), at every size.

Where the arrays start to pay (`batch.SMALL_BATCH`, below which `engine="auto"` plays the
built-in policies by the loop):

    python benchmarks/playout.py --small [HANDS] [PRESET ...]

prints hands per CPU second of `play_batch` on the arrays (`engine="arrays"`) and by the
loop (`engine="loop"`) at batch sizes 1 to 32, for `random_policy` and `playout_policy`
(default: the German game and six players; `HANDS` hands a cell, default 512).
"""

from __future__ import annotations

import gc
import importlib.util
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TypeVar

for _threads in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")  # one core: before numpy is imported

from setback import (  # noqa: E402
    GameState,
    RandomPolicy,
    Rules,
    apply_action,
    legal_actions,
    new_game,
    playout_hand,
)

T = TypeVar("T")

_HERE = Path(__file__).resolve().parents[1]
REFERENCE = next(
    (
        place / "shared" / "bench" / "reference_playout.py"
        for place in (_HERE.parent, _HERE.parent.parent)
        if (place / "shared" / "bench" / "reference_playout.py").exists()
    ),
    _HERE.parent / "shared" / "bench" / "reference_playout.py",
)


def load_reference() -> ModuleType | None:
    if not REFERENCE.exists():
        return None
    spec = importlib.util.spec_from_file_location("reference_playout", REFERENCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHUNK = 100
"""Hands a loop of the German preset plays before the next loop's turn (see above)."""


def library_stream(rules: Rules, seed: int) -> Iterator[int]:
    """Random hands played one after the other, each dealt once like the reference's: each
    `next` plays one more hand and gives the actions it took. A new game starts when one
    ends or reaches 50 hands (uniformly random calls rarely end a bid-out game; real
    games are shorter)."""
    rng = random.Random(seed)
    choice = rng.choice
    played = 0
    state = new_game(rules, seed=seed)
    while True:
        steps = 0
        done = len(state.history)
        while len(state.history) == done and not state.is_over:
            state = apply_action(state, choice(legal_actions(state)))
            steps += 1
        played += 1
        if state.is_over or len(state.history) == 50:
            state = new_game(rules, seed=seed + played)
        yield steps


def library_hands(rules: Rules, hands: int, seed: int) -> tuple[float, int]:
    """Seconds for `hands` hands of `library_stream`, and the actions taken."""
    stream = library_stream(rules, seed)
    start = time.perf_counter()
    steps = sum(next(stream) for _ in range(hands))
    return time.perf_counter() - start, steps


def dealt_states(rules: Rules, hands: int, seed: int) -> list[GameState]:
    """`hands` freshly dealt states (the auction open), built before any timing."""
    return [new_game(rules, seed=seed + k, dealer=k % rules.players) for k in range(hands)]


def kernel_hands(states: list[GameState], seed: int) -> float:
    """Seconds for the playout kernel to play each dealt state's hand with random choices
    (random calls, trump and discards, random legal cards, as the other loops)."""
    return timed(kernel_chunk, states, RandomPolicy(random.Random(seed).random))[0]


def reference_hands(reference: ModuleType, hands: int, seed: int) -> float:
    """Seconds for `hands` hands of the reference."""
    return timed(reference_chunk, reference, random.Random(seed), hands)[0]


def long_game(hands: int, window: int) -> list[float]:
    """Mean seconds per hand in successive windows of one very long game."""
    rules = Rules.setback(target=10**9)
    rng = random.Random(1)
    state = new_game(rules, seed=1)
    means = []
    for _ in range(hands // window):
        start = time.perf_counter()
        goal = len(state.history) + window
        while len(state.history) < goal:
            state = apply_action(state, rng.choice(legal_actions(state)))
        means.append((time.perf_counter() - start) / window)
    return means


def hand_times(games: int, upto: int) -> list[float]:
    """Mean seconds of each hand 1..`upto` of long games that cannot end (target 10,000)."""
    rules = Rules.setback(target=10_000)
    totals = [0.0] * upto
    for g in range(games):
        rng = random.Random(g)
        state = new_game(rules, seed=g)
        for k in range(upto):
            start = time.perf_counter()
            while len(state.history) == k:
                state = apply_action(state, rng.choice(legal_actions(state)))
            totals[k] += time.perf_counter() - start
    return [t / games for t in totals]


CPU: dict[str, float] = {}
"""CPU seconds (`time.process_time`) each chunk function took in all, by name: on a
shared machine the wall clock counts the other processes' turns too, the CPU clock only
this one's work (what the README quotes)."""


def timed(run: Callable[..., T], *args: object) -> tuple[float, T]:
    """Seconds `run(*args)` takes, after `gc.collect()`, and what it returned; its CPU
    seconds are added to `CPU[run.__name__]`."""
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    value = run(*args)
    name = getattr(run, "__name__", "")
    CPU[name] = CPU.get(name, 0.0) + time.process_time() - cpu
    return time.perf_counter() - start, value


def reference_chunk(reference: ModuleType, rng: random.Random, size: int) -> None:
    for _ in range(size):
        reference.hand(rng)


def library_chunk(stream: Iterator[int], size: int) -> int:
    return sum(next(stream) for _ in range(size))


def kernel_chunk(states: list[GameState], policy: RandomPolicy) -> None:
    for state in states:
        playout_hand(state, policy)


def dealing_chunk(rules: Rules, seed: int, hands: range, policy: RandomPolicy) -> None:
    for k in hands:  # hand k of `dealt_states(rules, ..., seed)`, dealt inside the timing
        playout_hand(new_game(rules, seed=seed + k, dealer=k % rules.players), policy)


BATCH_SIZES = (1, 16, 64, 256, 1024, 4096)
"""The batch sizes of the batched engine's table."""


def batched_hands(
    states: list[GameState], size: int, engine: str = "arrays", policy_name: str = "random"
) -> tuple[float, float]:
    """Wall and CPU seconds for `play_batch` to play every state's hand with `policy_name`'s
    choices (`random_policy` or `playout_policy`), `size` hands a batch, by `engine` (after
    one untimed batch, which builds the rules' tables)."""
    from setback.bots import batch

    policy = batch.random_policy if policy_name == "random" else batch.playout_policy
    batch.play_batch(states[:size], policy, seed=-1, engine=engine)
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    for first in range(0, len(states), size):
        batch.play_batch(states[first : first + size], policy, seed=first, engine=engine)
    return time.perf_counter() - start, time.process_time() - cpu


SMALL_SIZES = (1, 2, 4, 8, 10, 12, 16, 24, 32)
"""The batch sizes of the small batches' table (`--small`)."""


def small_table(names: list[str], hands: int) -> None:
    """Hands per CPU second on the arrays and by the loop at small batch sizes, for the two
    built-in policies: where `batch.SMALL_BATCH` should lie (see the module)."""
    from setback.bots import batch

    if not batch.numpy_enabled():
        print("(no numpy: play_batch loops the playout kernel; install the extra 'fast')")
        return
    print(f"hands per CPU second, one core: arrays / loop (SMALL_BATCH = {batch.SMALL_BATCH})")
    header = "".join(f"{f'batch {size}':>18}" for size in SMALL_SIZES)
    print(f"{'preset':<14}{'policy':<9}{header}")
    for name in names or ["setback", "six"]:
        rules = Rules.preset(name)
        states = dealt_states(rules, hands, 0)
        for policy_name in ("random", "playout"):
            cells = []
            for size in SMALL_SIZES:
                played = states[: max(hands, 2 * size)]
                _, arrays = batched_hands(played, size, "arrays", policy_name)
                _, loop = batched_hands(played, size, "loop", policy_name)
                cells.append(f"{len(played) / arrays:>8,.0f} /{len(played) / loop:>7,.0f}")
            row = "".join(f"{cell:>18}" for cell in cells)
            print(f"{name:<14}{policy_name:<9}{row}", flush=True)


def kernel_times(states: list[GameState], seed: int) -> tuple[float, float]:
    """Wall and CPU seconds for the playout kernel on the same states (random choices)."""
    policy = RandomPolicy(random.Random(seed).random)
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    kernel_chunk(states, policy)
    return time.perf_counter() - start, time.process_time() - cpu


def reference_times(reference: ModuleType, hands: int) -> tuple[float, float]:
    """Wall and CPU seconds for `hands` hands of the reference (German)."""
    rng = random.Random(0)
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    reference_chunk(reference, rng, hands)
    return time.perf_counter() - start, time.process_time() - cpu


def batched_table(names: list[str], hands: int, reference: ModuleType | None) -> None:
    """The batched engine's table: hands per second by preset and batch size, beside the
    kernel and (German) the reference, wall clock and CPU clock (see the module)."""
    from setback.bots import batch
    from setback.rules import PRESET_NAMES

    if not batch.numpy_enabled():
        print("(no numpy: play_batch loops the playout kernel; install the extra 'fast')")
    print("random hands per second, one core; each cell: wall clock / CPU clock (process_time)")
    sizes = [size for size in BATCH_SIZES if size <= max(hands, 16)]  # a smoke: small ones
    header = "".join(f"{f'batch {size:,}':>18}" for size in sizes)
    print(f"{'preset':<14}{'reference':>18}{'kernel':>18}{header}")
    for name in names or list(PRESET_NAMES):
        rules = Rules.preset(name)
        most = max(hands, 2 * sizes[-1])
        states = dealt_states(rules, most, 0)
        cells = []
        if name == "setback" and reference is not None:
            wall, cpu = reference_times(reference, hands)
            cells.append(f"{hands / wall:>8,.0f} /{hands / cpu:>8,.0f}")
        else:
            cells.append(f"{'-':>18}")
        wall, cpu = kernel_times(states[:hands], 0)
        cells.append(f"{hands / wall:>8,.0f} /{hands / cpu:>8,.0f}")
        for size in sizes:
            played = states[: max(hands, 2 * size)]
            wall, cpu = batched_hands(played, size)
            cells.append(f"{len(played) / wall:>8,.0f} /{len(played) / cpu:>8,.0f}")
        reason = batch.uncovered(rules)
        note = "" if reason is None else f"  (loop: {reason})"
        print(f"{name:<14}" + "".join(f"{cell:>18}" for cell in cells) + note, flush=True)


def main() -> None:
    if "--small" in sys.argv:
        args = [arg for arg in sys.argv[1:] if arg != "--small"]
        count = int(args[0]) if args and args[0].isdigit() else 512
        small_table([arg for arg in args if not arg.isdigit()], count)
        return
    if "--batch" in sys.argv:
        args = [arg for arg in sys.argv[1:] if arg != "--batch"]
        count = int(args[0]) if args and args[0].isdigit() else 4096
        batched_table([arg for arg in args if not arg.isdigit()], count, load_reference())
        return
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    reference = load_reference()
    german = Rules.setback()
    lib_time = ref_time = kernel_time = dealing_time = 0.0
    steps = 0
    for r in range(rounds):
        # each loop's own stream, going on where its last chunk stopped
        ref_rng = random.Random(r)
        stream = library_stream(german, r * hands)
        states = dealt_states(german, hands, r * hands)
        policy = RandomPolicy(random.Random(r).random)
        dealing_policy = RandomPolicy(random.Random(r * hands).random)
        for start in range(0, hands, CHUNK):
            end = min(start + CHUNK, hands)
            if reference is not None:
                ref_time += timed(reference_chunk, reference, ref_rng, end - start)[0]
            seconds, taken = timed(library_chunk, stream, end - start)
            lib_time += seconds
            steps += taken
            kernel_time += timed(kernel_chunk, states[start:end], policy)[0]
            dealt = range(start, end)
            dealing_time += timed(dealing_chunk, german, r * hands, dealt, dealing_policy)[0]
        del states
    total = hands * rounds
    print(f"setback, German preset     {total / lib_time:10,.0f} hands/s")
    print(f"  by the CPU clock         {total / CPU['library_chunk']:10,.0f} hands per CPU second")
    print(
        f"playout kernel, dealt      {total / kernel_time:10,.0f} hands/s (playout_hand, unchecked)"
    )
    print(f"  by the CPU clock         {total / CPU['kernel_chunk']:10,.0f} hands per CPU second")
    print(f"kernel + new_game deal     {total / dealing_time:10,.0f} hands/s")
    if reference is not None:
        print(f"reference (hand-tuned)     {total / ref_time:10,.0f} hands/s")
        print(f"ratio                      {ref_time / lib_time:10.3f}")
        print(f"kernel ratio               {ref_time / kernel_time:10.3f} (from dealt states)")
        print(f"kernel ratio, deal timed   {ref_time / dealing_time:10.3f}")
    else:
        print(f"(no reference at {REFERENCE})")
    per_step = lib_time / steps * 1e6
    print(f"per step                   {per_step:10.2f} µs (legal_actions + apply_action)")
    for name, rules in (
        ("Auction Pitch, 3 players", Rules.auction_pitch(players=3)),
        ("six players", Rules.six_player()),
        ("Ten-point Pitch", Rules.ten_point()),
        ("Smear", Rules.smear()),
        ("Auction Pitch with Joker", Rules.joker_pitch()),
        *((f"Trickster {n}-point", Rules.trickster(n)) for n in (4, 5, 6, 7, 9, 10, 11, 13)),
        ("Pedro Sancho", Rules.pedro_sancho()),
        ("Dom Pedro", Rules.dom_pedro()),
        ("Cinch", Rules.cinch()),
        ("Trickster 10, 5 players", Rules.trickster(10, players=5)),  # call your partner
        ("Setback, a kitty of 4", Rules.setback(kitty=4)),
    ):
        seconds, _ = library_hands(rules, hands, 0)
        kernel = kernel_hands(dealt_states(rules, hands, 0), 0)
        print(
            f"{name:<26} {hands / seconds:10,.0f} hands/s, kernel {hands / kernel:10,.0f} hands/s"
        )
    batched_table(["setback"], hands, reference)
    times = hand_times(max(hands // 50, 20), 50)
    print(f"hand 1 of a game           {times[0] * 1e6:10.0f} µs")
    print(f"hand 50 of the same game   {times[49] * 1e6:10.0f} µs")
    windows = long_game(3000, 500)
    print(
        "one 3,000-hand game, mean µs per hand in windows of 500: "
        + " ".join(f"{t * 1e6:.0f}" for t in windows)
    )


if __name__ == "__main__":
    main()
