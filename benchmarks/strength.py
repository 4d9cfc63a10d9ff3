"""How strong the bots are: win rates over many German games, with 95% intervals.

Run by hand, not by the test suite:

    python benchmarks/strength.py [GAMES] [PROCESSES]

Two matches of GAMES games each (default 200) of the German game, partners
against partners, the dealer and the sides alternating from game to game:

1. HeuristicBot against cautious random players (pass whenever allowed, bid
   the minimum when forced, random legal cards);
2. MonteCarloBot (default settings) against HeuristicBot, timing every
   decision the Monte Carlo bot computes itself.

Then HeuristicBot against cautious random players on each extended preset
(Ten-point Pitch, Smear, Auction Pitch with Joker; GAMES games each):
partners against partners, or, each for himself (four players), two
heuristic seats against two cautious ones, alternating round the table.
"""

from __future__ import annotations

import importlib
import math
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from types import ModuleType

import setback
from setback import Action, PlayerView, Rules
from setback.bots import Bot, HeuristicBot, MonteCarloBot, RandomBot, play_game

RULES = Rules.setback()
PRESETS = ("ten-point", "smear", "joker-pitch")
"""The extended presets whose heuristic-against-cautious match is run too."""


class Timed:
    """Times the decisions of a bot that are its own (trick play with a choice)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, view: PlayerView) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view)
        if view.phase.name == "PLAY" and len(view.legal_actions) > 1:
            self.times.append(time.perf_counter() - start)
        return action


MAKERS: dict[str, Callable[[int], Bot]] = {
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "cautious": lambda seed: RandomBot(seed=seed, cautious=True),
    "montecarlo": lambda seed: MonteCarloBot(seed=seed),
}


def one_game(job: tuple[str, str, int, str]) -> tuple[bool, list[float]]:
    """Game `g` of preset `name`, the dealer g % players. Partnerships: side g % 2 is
    played by `first`. Each for himself (four seats): the seats of parity g % 2 are
    `first`, the others `second`, and a game counts as won when a `first` seat wins it
    (as with partners: two against two)."""
    first, second, g, name = job
    rules = Rules.preset(name)
    if not rules.partnerships:
        ours_at = [k for k in range(rules.players) if k % 2 == g % 2]
        mine = {k: Timed(MAKERS[first](1000 * g + k)) for k in ours_at}
        seats: list[Bot] = [
            mine[k] if k in mine else MAKERS[second](1000 * g + 500 + k)
            for k in range(rules.players)
        ]
        final = play_game(rules, seats, seed=g, dealer=g % rules.players, max_hands=1000)
        won = final.winner is not None and rules.sides[final.winner][0] in mine
        return won, [t for bot in mine.values() for t in bot.times]
    ours = [Timed(MAKERS[first](1000 * g + k)) for k in range(2)]
    theirs = [MAKERS[second](1000 * g + 500 + k) for k in range(2)]
    side = g % 2
    bots: list[Bot] = [ours[0], theirs[0], ours[1], theirs[1]]
    if side == 1:
        bots = [theirs[0], ours[0], theirs[1], ours[1]]
    final = play_game(rules, bots, seed=g, dealer=g % 4, max_hands=1000)
    return final.winner == side, ours[0].times + ours[1].times


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(first: str, second: str, games: int, processes: int, name: str = "setback") -> None:
    start = time.perf_counter()
    jobs = [(first, second, g, name) for g in range(games)]
    with Pool(processes) as pool:
        results = pool.map(one_game, jobs, chunksize=1)
    seconds = time.perf_counter() - start
    wins = sum(won for won, _ in results)
    low, high = wilson(wins, games)
    print(
        f"{name}: {first} vs {second}: {wins}/{games} won = {wins / games:.1%} "
        f"(95% CI {low:.1%} to {high:.1%}), {seconds:.0f} s"
    )
    times = sorted(t for _, ts in results for t in ts)
    if first == "montecarlo" and times:
        p99 = times[int(0.99 * (len(times) - 1))]
        print(
            f"  {len(times)} Monte Carlo decisions: mean {statistics.mean(times) * 1000:.1f} ms, "
            f"median {statistics.median(times) * 1000:.1f} ms, 99th percentile "
            f"{p99 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"
        )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    processes = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    match("heuristic", "cautious", games, processes)
    match("montecarlo", "heuristic", games, processes)
    for name in PRESETS:
        match("heuristic", "cautious", games, processes, name)


# --- against the MonteCarloBot of commit a6eb03f ------------------------------------------

OLD_COMMIT = "a6eb03f"
OLD_DIR = Path(tempfile.gettempdir()) / f"setback_{OLD_COMMIT}"
"""Where the old package is unpacked, as the module `setback_a6eb03f` (its imports are
relative, so the renamed package runs beside today's)."""


def old_package() -> ModuleType:
    """The `setback` package of commit a6eb03f, imported as `setback_a6eb03f`."""
    package = OLD_DIR / f"setback_{OLD_COMMIT}"
    if not package.exists():
        OLD_DIR.mkdir(parents=True, exist_ok=True)
        repo = Path(__file__).resolve().parents[1]
        archive = subprocess.run(
            ["git", "-C", str(repo), "archive", OLD_COMMIT, "src/setback"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(OLD_DIR)], input=archive, check=True)
        (OLD_DIR / "src" / "setback").rename(package)
    if str(OLD_DIR) not in sys.path:
        sys.path.insert(0, str(OLD_DIR))
    return importlib.import_module(f"setback_{OLD_COMMIT}")


def versus_game(job: tuple[int, int, int, int]) -> tuple[bool, list[float], list[float]]:
    """Game `g` of the German game, dealer g % 4: today's MonteCarloBot (`playouts`) on side
    `new_side`, the a6eb03f one (`determinizations`) on the other. Both engines are
    stepped side by side (the same seed deals the same cards); each bot sees its own
    engine's view. Whether today's side won, and the CPU seconds of each side's searched
    decisions (its own searches: today's every choice but discards, a6eb03f's cards)."""
    g, new_side, determinizations, playouts = job
    old = old_package()
    old_bots = importlib.import_module(f"setback_{OLD_COMMIT}.bots")
    rules, old_rules = Rules.setback(), old.Rules.setback()
    state = setback.new_game(rules, seed=g, dealer=g % 4)
    old_state = old.new_game(old_rules, seed=g, dealer=g % 4)
    bots = {
        seat: MonteCarloBot(seed=1000 * g + seat, playouts=playouts)
        if rules.side_of(seat) == new_side
        else old_bots.MonteCarloBot(seed=1000 * g + seat, determinizations=determinizations)
        for seat in range(4)
    }
    new_times: list[float] = []
    old_times: list[float] = []
    while not state.is_over and len(state.history) < 200:
        seat = state.to_act
        assert seat is not None and old_state.to_act == seat
        searched = len(setback.legal_actions(state)) > 1
        start = time.process_time()  # CPU time: the machine is shared, its load varies
        if rules.side_of(seat) == new_side:
            action = bots[seat].choose(setback.observe(state, seat))
            if searched and state.phase.name != "DISCARD":
                new_times.append(time.process_time() - start)
        else:
            action = bots[seat].choose(old.observe(old_state, seat))
            if searched and state.phase.name == "PLAY":
                old_times.append(time.process_time() - start)
        state = setback.apply_action(state, str(action))
        old_state = old.apply_action(old_state, str(action))
    return state.winner == new_side, new_times, old_times


def versus(
    games: int, processes: int, determinizations: int, playouts: int, first: int = 0
) -> None:
    """Today's MonteCarloBot against a6eb03f's over `games` deals, each played twice with
    the sides swapped (so the cards do not decide)."""
    old_package()  # unpack once, before the workers start
    start = time.perf_counter()
    jobs = [
        (g, side, determinizations, playouts)
        for g in range(first, first + games)
        for side in (0, 1)
    ]
    results = []
    with Pool(processes) as pool:
        for result in pool.imap_unordered(versus_game, jobs, chunksize=1):
            results.append(result)
            if len(results) % 20 == 0:  # a running count, for long runs
                won = sum(r[0] for r in results)
                print(f"  ... {won}/{len(results)} won so far", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    wins = sum(won for won, _, _ in results)
    n = len(results)
    low, high = wilson(wins, n)
    new_times = [t for _, ts, _ in results for t in ts]
    old_times = [t for _, _, ts in results for t in ts]
    print(
        f"setback: montecarlo (playouts={playouts}) vs montecarlo@{OLD_COMMIT} "
        f"(determinizations={determinizations}): {wins}/{n} won = {wins / n:.1%} "
        f"(95% CI {low:.1%} to {high:.1%}), deals {first} to {first + games - 1} x 2 "
        f"seatings, {seconds:.0f} s"
    )
    for name, times in (("today's", new_times), (f"{OLD_COMMIT}'s", old_times)):
        if times:
            print(
                f"  {name} searched decisions: {len(times)}, CPU time mean "
                f"{statistics.mean(times) * 1000:.1f} ms, median "
                f"{statistics.median(times) * 1000:.1f} ms"
            )


def calibrate(games: int) -> None:
    """Mean ms per searched decision of both bots at a reference budget, in one run (scale
    linearly to the wanted time per decision)."""
    versus(games, 1, 40, 400)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "versus":
        # python benchmarks/strength.py versus DEALS PROCESSES DETERMINIZATIONS PLAYOUTS [FIRST]
        versus(*(int(arg) for arg in sys.argv[2:7]))
    elif len(sys.argv) > 1 and sys.argv[1] == "calibrate":
        calibrate(int(sys.argv[2]) if len(sys.argv) > 2 else 4)
    else:
        main()
