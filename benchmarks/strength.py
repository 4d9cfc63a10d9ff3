"""How strong the bots are: duplicate duels in the arena, with 95% intervals.

Run by hand, not by the test suite:

    python benchmarks/strength.py [DEALS] [PROCESSES]
    python benchmarks/strength.py [GAMES] [PROCESSES] family
    python benchmarks/strength.py duel FIRST SECOND DEALS PROCESSES [SEED [PRESET]]
    python benchmarks/strength.py times SPEC [GAMES [SEED]]
    python benchmarks/strength.py steady FIRST SECOND DEALS [SEED]

FIRST, SECOND and SPEC are bot names or bots with options (`spec_of`), e.g.
`solver:playouts=170,auction_playouts=400,margin=0`; `times` prints a bot's CPU time
per decision on the views of a few games (to calibrate budgets); `steady` runs a
German-game duel here in chunks of ten deals, printing the result so far after each.

Duplicate duels (`setback.arena.duel`: every deal played in every seating, so
both line-ups get the same cards) of DEALS deals each (default 100):

1. on the German game: HeuristicBot against cautious random players (pass
   whenever allowed, bid the minimum when forced, random legal cards), and
   MonteCarloBot (default settings) against HeuristicBot;
2. HeuristicBot against cautious random players on each other preset.

With `family`: HeuristicBot against cautious random players in GAMES whole games of each
of RULES §7's presets in `FAMILY` (the target: at least 90% won).

Each prints the win rate with its Wilson interval, the points per hand with
its paired interval, and the first line-up's CPU time per decision (mean and
99th percentile).
"""

from __future__ import annotations

import functools
import importlib
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import Pool
from pathlib import Path
from types import ModuleType

import setback
import setback.arena as arena
from setback import GameState, PlayerView, Rules
from setback.arena import DuelResult, duel, wilson_interval
from setback.bots import MonteCarloBot, SolverBot
from setback.simulation import BOTS, BotSpec, simulate, spec_name

PRESETS = ("auction-pitch", "cutthroat", "six", "ten-point", "smear", "joker-pitch")
"""The presets besides the German game whose heuristic-against-cautious duel is run."""


CLASSES = {"montecarlo": MonteCarloBot, "solver": SolverBot}
"""The bots a spec with options may name (`spec_of`)."""


def spec_of(text: str) -> BotSpec:
    """A bot spec from its text: a name from `BOTS`, or `montecarlo:` or `solver:` and
    options as `key=value` pairs split by commas (numbers, `true`, `false`, `none`), e.g.
    `solver:playouts=170,auction_playouts=400,margin=0`."""
    name, colon, options = text.partition(":")
    if not colon:
        return name
    keywords: dict[str, object] = {}
    for pair in options.split(","):
        key, _, value = pair.partition("=")
        word = value.lower()
        parsed: object
        if word in ("true", "false"):
            parsed = word == "true"
        elif word == "none":
            parsed = None
        elif word.lstrip("-").isdigit():
            parsed = int(word)
        else:
            parsed = float(word)
        keywords[key] = parsed
    return functools.partial(CLASSES[name], **keywords)


def decision_times(spec: BotSpec, games: int, seed: int = 0) -> None:
    """CPU ms per decision of the bot `spec` (mean, p99, by phase) on the views of `games`
    German games among default MonteCarloBots (every choice with more than one legal
    action), each view asked of a fresh bot seeded by its number."""
    rules = Rules.setback()
    views = []
    for g in range(games):
        bots = [MonteCarloBot(seed=100 * g + s) for s in range(4)]
        state = setback.new_game(rules, seed=seed + g, dealer=g % 4)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = setback.observe(state, seat)
            if len(view.legal_actions) > 1:
                views.append(view)
            state = setback.apply_action(state, bots[seat].choose(view))
    by_phase: dict[str, list[float]] = {}
    for i, view in enumerate(views):
        bot = BOTS[spec](i) if isinstance(spec, str) else spec(seed=i)
        start = time.process_time()
        bot.choose(view)
        by_phase.setdefault(view.phase.name, []).append(time.process_time() - start)
    times = sorted(t for phase in by_phase.values() for t in phase)
    p99 = times[math.ceil(0.99 * len(times)) - 1]  # nearest rank, as the arena's p99_decision
    phases = ", ".join(
        f"{phase} {statistics.mean(ts) * 1000:.1f} ms ({len(ts)})" for phase, ts in by_phase.items()
    )
    print(
        f"{spec_name(spec)}: {len(times)} decisions, mean {statistics.mean(times) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms; {phases}",
        flush=True,
    )


def report(name: str, result: DuelResult, seconds: float) -> str:
    """One duel as lines of text: win rate, points per hand, time per decision."""
    first, second = result.first, result.second
    low, high = result.win_interval
    plow, phigh = result.points_interval
    return (
        f"{name}: {first.bot} vs {second.bot}: {first.games_won}/{result.games} won = "
        f"{result.win_rate:.1%} (95% CI {low:.1%} to {high:.1%}); points/hand "
        f"{result.points_per_hand:+.3f} (95% CI {plow:+.3f} to {phigh:+.3f}); "
        f"{result.deals} deals x {result.seatings} seatings, {seconds:.0f} s\n"
        f"  {first.bot}: {first.decisions} decisions, mean "
        f"{first.mean_decision * 1000:.1f} ms, p99 {first.p99_decision * 1000:.1f} ms; "
        f"{second.bot}: mean {second.mean_decision * 1000:.1f} ms, p99 "
        f"{second.p99_decision * 1000:.1f} ms"
    )


def match(
    first: BotSpec,
    second: BotSpec,
    deals: int,
    processes: int,
    name: str = "setback",
    seed: int = 0,
) -> DuelResult:
    """A duplicate duel of `deals` deals on preset `name`, printed."""
    rules = Rules.preset(name)
    start = time.perf_counter()
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            result = duel(rules, first, second, deals=deals, seed=seed, executor=pool)
    else:
        result = duel(rules, first, second, deals=deals, seed=seed)
    print(report(name, result, time.perf_counter() - start), flush=True)
    return result


def steady(first: BotSpec, second: BotSpec, deals: int, seed: int = 0, chunk: int = 10) -> None:
    """A duplicate duel of up to `deals` deals on the German game, run here in chunks of
    `chunk` deals, its result so far printed after each: stopped at any time, the last
    line is the result of `duel` over the deals done (the result is the same however the
    work is split)."""
    rules = Rules.setback()
    specs = (arena._spec(rules, first), arena._spec(rules, second))
    names = (spec_name(specs[0]), spec_name(specs[1]))
    parts = []
    start = time.perf_counter()
    for at in range(seed, seed + deals, chunk):
        count = min(chunk, seed + deals - at)
        parts.append(arena._play_deals(rules, specs, at, count, 1000))
        done = at + count - seed
        result = arena._result(rules, names, parts, done, seed, 1000)
        print(report("setback", result, time.perf_counter() - start), flush=True)


# --- the perfect-information player (never a bot: it reads the true state) ---------------

_TRUTH: list[GameState] = []
"""The state the arena last observed: it observes a seat just before that seat chooses,
so a perfect player reads the true deal here (in whichever process plays the game)."""


def _observe_and_keep(state: GameState, seat: int) -> PlayerView:
    _TRUTH[:] = [state]
    return setback.observe(state, seat)


class PerfectPlayer(SolverBot):
    """Sees every card: `SolverBot`'s search with every guessed deal the true one (so its
    playouts and its exact solve of the last 16 cards are of the real hands). Only for
    this benchmark: it reads the arena's last observed state, which no bot may see."""

    def __init__(self, *, seed: int | None = None) -> None:
        super().__init__(seed=seed, solve_cards=16, nodes=10**7, solve_deals=1, inference=False)
        # built in the process that plays the game, before it starts: from now on the
        # arena's observe keeps the true state for us
        arena.observe = _observe_and_keep  # type: ignore[attr-defined]

    def _sample(self, view: PlayerView, rng: random.Random, n: int) -> list[GameState]:
        truth = _TRUTH[0]
        assert setback.observe(truth, view.seat) == view, "the perfect player lost the game"
        return [truth] * n


def perfect(deals: int, processes: int, seed: int = 0) -> None:
    """The perfect-information player against the heuristic and today's bots."""
    for second in ("heuristic", "montecarlo", "solver"):
        match(PerfectPlayer, second, deals, processes, seed=seed)


FAMILY = ("trickster-10", "trickster-13", "cinch", "pedro-sancho", "dom-pedro")
"""RULES §7's presets whose whole-game target is measured (`family`): the heuristic wins at
least 90% of 100 games against cautious random players."""


def family(games: int, processes: int, names: Sequence[str] = FAMILY) -> None:
    """HeuristicBot against cautious random players in whole games (not duplicate deals) of
    each preset in `names`: the heuristic holds one side (one seat each for himself, both
    seats of a partnership), the side changing from game to game, so every side and first
    dealer gets its share; the heuristic's share of the games won, with its Wilson interval."""
    for name in names:
        rules = Rules.preset(name)
        sides = len(rules.sides)
        won = played = 0
        start = time.perf_counter()
        for mine in range(sides):
            seats = ["heuristic" if side == mine else "cautious" for side in range(sides)]
            count = games // sides + (1 if mine < games % sides else 0)
            if processes > 1:
                with ProcessPoolExecutor(processes) as pool:
                    summary = simulate(
                        rules, games=count, seed=1000 * mine, bots=seats, executor=pool
                    )
            else:
                summary = simulate(rules, games=count, seed=1000 * mine, bots=seats)
            won += summary.wins[mine]
            played += count
        low, high = wilson_interval(won, played)
        print(
            f"{name}: heuristic vs cautious, whole games: {won}/{played} won = "
            f"{won / played:.1%} (95% CI {low:.1%} to {high:.1%}), "
            f"{time.perf_counter() - start:.0f} s",
            flush=True,
        )


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    processes = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    if len(sys.argv) > 3 and sys.argv[3] == "family":
        family(deals, processes)
        return
    match("heuristic", "cautious", deals, processes)
    match("montecarlo", "heuristic", deals, processes)
    for name in PRESETS:
        match("heuristic", "cautious", deals, processes, name)


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
    low, high = wilson_interval(wins, n)
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
    elif len(sys.argv) > 1 and sys.argv[1] == "perfect":
        # python benchmarks/strength.py perfect DEALS PROCESSES [SEED]
        perfect(*(int(arg) for arg in sys.argv[2:5]))
    elif len(sys.argv) > 1 and sys.argv[1] == "duel":
        # python benchmarks/strength.py duel FIRST SECOND DEALS PROCESSES [SEED [PRESET]]
        deals, processes = int(sys.argv[4]), int(sys.argv[5])
        seed = int(sys.argv[6]) if len(sys.argv) > 6 else 0
        preset = sys.argv[7] if len(sys.argv) > 7 else "setback"
        match(spec_of(sys.argv[2]), spec_of(sys.argv[3]), deals, processes, preset, seed)
    elif len(sys.argv) > 1 and sys.argv[1] == "steady":
        # python benchmarks/strength.py steady FIRST SECOND DEALS [SEED]
        steady(
            spec_of(sys.argv[2]),
            spec_of(sys.argv[3]),
            int(sys.argv[4]),
            int(sys.argv[5]) if len(sys.argv) > 5 else 0,
        )
    elif len(sys.argv) > 1 and sys.argv[1] == "times":
        # python benchmarks/strength.py times SPEC [GAMES [SEED]]
        games = int(sys.argv[3]) if len(sys.argv) > 3 else 3
        decision_times(spec_of(sys.argv[2]), games, int(sys.argv[4]) if len(sys.argv) > 4 else 0)
    elif len(sys.argv) > 1 and sys.argv[1] == "calibrate":
        calibrate(int(sys.argv[2]) if len(sys.argv) > 2 else 4)
    else:
        main()
