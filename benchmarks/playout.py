"""Random full hands per second through the public, checked API.

Run by hand, not by the test suite:

    python benchmarks/playout.py [HANDS] [ROUNDS]

A hand is dealt, bid with uniformly random legal calls, played with random
legal cards and scored, through `legal_actions` and `apply_action` only. The
hand-tuned reference of `../shared/bench/` (beside the checkout) runs in the
same process, alternating with the library, and the ratio of the two is
printed. Each timed loop starts after `gc.collect()`, so that no loop's
collections walk what the benchmark built for another (the kernel's dealt
states are built after the checked API's loop); the collector stays on
while timing, as in real use. The playout kernel (`setback.playout_hand`, unchecked) plays the same
random hands from dealt states (built before the timing; a second line
times the deal by `new_game` too), in the same rounds. Then: hands per
second (checked API and kernel) for Auction Pitch with 3 players, six
players, the extended presets (Ten-point Pitch, Smear, Auction Pitch with
Joker) and RULES §7's (Trickster's games, Pedro Sancho, Dom Pedro, Cinch, call your
partner, a kitty), and the time of hand 1
against hand 50 of one long game (the cost of a hand must not grow with the
history).
"""

from __future__ import annotations

import gc
import importlib.util
import random
import sys
import time
from pathlib import Path
from types import ModuleType

from setback import (
    GameState,
    RandomPolicy,
    Rules,
    apply_action,
    legal_actions,
    new_game,
    playout_hand,
)

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


def library_hands(rules: Rules, hands: int, seed: int) -> tuple[float, int]:
    """Seconds for `hands` random hands played one after the other, each dealt once like
    the reference's, and the actions taken. A new game starts when one ends or reaches
    50 hands (uniformly random calls rarely end a bid-out game; real games are shorter)."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = played = 0
    start = time.perf_counter()
    state = new_game(rules, seed=seed)
    while played < hands:
        done = len(state.history)
        while len(state.history) == done and not state.is_over:
            state = apply_action(state, choice(legal_actions(state)))
            steps += 1
        played += 1
        if state.is_over or len(state.history) == 50:
            state = new_game(rules, seed=seed + played)
    return time.perf_counter() - start, steps


def dealt_states(rules: Rules, hands: int, seed: int) -> list[GameState]:
    """`hands` freshly dealt states (the auction open), built before any timing."""
    return [new_game(rules, seed=seed + k, dealer=k % rules.players) for k in range(hands)]


def kernel_hands(states: list[GameState], seed: int) -> float:
    """Seconds for the playout kernel to play each dealt state's hand with random choices
    (random calls, trump and discards, random legal cards, as the other loops)."""
    policy = RandomPolicy(random.Random(seed).random)
    start = time.perf_counter()
    for state in states:
        playout_hand(state, policy)
    return time.perf_counter() - start


def kernel_hands_dealing(rules: Rules, hands: int, seed: int) -> float:
    """The same, each state dealt by `new_game` inside the timing."""
    policy = RandomPolicy(random.Random(seed).random)
    start = time.perf_counter()
    for k in range(hands):
        playout_hand(new_game(rules, seed=seed + k, dealer=k % rules.players), policy)
    return time.perf_counter() - start


def reference_hands(reference: ModuleType, hands: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        reference.hand(rng)
    return time.perf_counter() - start


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


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    reference = load_reference()
    german = Rules.setback()
    lib_time = ref_time = kernel_time = dealing_time = 0.0
    steps = 0
    for r in range(rounds):
        if reference is not None:
            gc.collect()
            ref_time += reference_hands(reference, hands, r)
        gc.collect()
        seconds, taken = library_hands(german, hands, r * hands)
        lib_time += seconds
        steps += taken
        states = dealt_states(german, hands, r * hands)
        gc.collect()
        kernel_time += kernel_hands(states, r)
        del states
        gc.collect()
        dealing_time += kernel_hands_dealing(german, hands, r * hands)
    total = hands * rounds
    print(f"setback, German preset     {total / lib_time:10,.0f} hands/s")
    print(
        f"playout kernel, dealt      {total / kernel_time:10,.0f} hands/s (playout_hand, unchecked)"
    )
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
