"""The `setback` command: `setback play` and `setback simulate`."""

from __future__ import annotations

import argparse
import functools
import os
import secrets
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from ._play import TerminalGame
from ._version import __version__
from .errors import RulesError, SetbackError
from .rules import PRESET_NAMES, Rules
from .simulation import BOTS, SimulationSummary, simulate

PRESETS = PRESET_NAMES
"""The presets by their command-line names (the one table, `rules.PRESET_NAMES`)."""


def build_rules(name: str, players: int | None, **options: Any) -> Rules:
    """The preset `name` with `players` seats (where the preset takes a count)."""
    return Rules.preset(name, players, **options)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `setback` command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="setback", description="Setback (Pitch, High-Low-Jack): play or simulate games."
    )
    parser.add_argument("--version", action="version", version=f"setback {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser(
        "simulate", help="play games between random players and summarise them"
    )
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="game i is played from seed SEED+i")
    sim.add_argument("--rules", choices=list(PRESETS), default="setback", help="the preset")
    sim.add_argument("--players", type=int, help="seats (default: the preset's)")
    sim.add_argument("--target", type=int, help="the score that wins (default: the preset's)")
    sim.add_argument(
        "--bot",
        action="append",
        choices=list(BOTS),
        default=[],
        help="the bot of a side; repeat once per side, or give once for all "
        "(default: fast cautious random players)",
    )
    sim.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes (default 1: this one; 0: one per core); the output is the same",
    )
    game = commands.add_parser("play", help="play a game in the terminal against bots")
    game.add_argument("--rules", choices=list(PRESETS), default="setback", help="the preset")
    game.add_argument("--players", type=int, help="seats (default: the preset's)")
    game.add_argument("--target", type=int, help="the score that wins (default: the preset's)")
    game.add_argument("--seed", type=int, help="replay a game by its seed")
    game.add_argument("--bot", choices=list(BOTS), default="heuristic", help="the opponents")
    game.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    args = parser.parse_args(argv)
    if args.command == "play":
        return _play(args)

    try:
        overrides = {} if args.target is None else {"target": args.target}
        rules = build_rules(args.rules, args.players, **overrides)
        if args.games < 1:
            parser.error("--games must be at least 1")
        if args.bot and len(args.bot) not in (1, len(rules.sides)):
            parser.error(f"--bot: give one, or one per side ({len(rules.sides)})")
        if args.jobs < 0:
            parser.error("--jobs must be 0 (one per core) or more")
        jobs = args.jobs or os.cpu_count() or 1
        show = sys.stderr if args.progress or (sys.stderr.isatty() and args.games >= 20) else None
        bar = None if show is None else functools.partial(_draw_progress, show)
        start = time.perf_counter()
        if jobs == 1:
            summary = simulate(rules, games=args.games, seed=args.seed, bots=args.bot, progress=bar)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                summary = simulate(
                    rules,
                    games=args.games,
                    seed=args.seed,
                    bots=args.bot,
                    executor=pool,
                    progress=bar,
                )
        seconds = time.perf_counter() - start
    except SetbackError as error:
        print(f"setback: {error}", file=sys.stderr)
        return 2
    print(
        f"{args.rules}: {rules.players} players, target {rules.target}, seeds "
        f"{args.seed}..{args.seed + args.games - 1}"
    )
    for line in _summary_lines(summary, seconds):
        print(line)
    return 0


def _summary_lines(summary: SimulationSummary, seconds: float) -> list[str]:
    """The summary as `setback simulate` prints it."""
    smudge = summary.smudge_level
    names = {} if smudge is None else {smudge: "smudge"}
    games = max(summary.games, 1)
    played = summary.hands - summary.passed_out
    out = [
        f"games          {summary.games}",
        f"hands          {summary.hands} ({summary.hands / games:.1f} per game, "
        f"{summary.passed_out} passed out)",
        f"points         {summary.points / max(played, 1):.2f} per played hand",
        "contracts      made / bid",
    ]
    for level, bid, made in summary.contracts:
        name = names.get(level, f"bid {level}")
        out.append(f"  {name:<12} {made:>6} / {bid:<6} {made / bid:6.1%}")
    out.append("wins")
    for side, count in enumerate(summary.wins):
        bot = f" ({summary.bots[side]})" if summary.bots else ""
        out.append(f"  side {side}{bot:<13} {count:>6}   {count / games:6.1%}")
    if summary.unfinished:
        out.append(
            f"unfinished     {summary.unfinished} (no winner after {summary.max_hands} hands)"
        )
    out.append(f"time           {seconds:.2f} s ({summary.hands / seconds:,.0f} hands/s)")
    return out


def _draw_progress(stream: TextIO, done: int, total: int) -> None:
    """Redraw the progress bar: `done` of `total` games finished (in any worker)."""
    width = 30
    filled = width * done // total
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        stream.write("\n")
    stream.flush()


def _play(args: argparse.Namespace) -> int:
    try:
        overrides = {} if args.target is None else {"target": args.target}
        rules = build_rules(args.rules, args.players, **overrides)
        if not 0 <= args.seat < rules.players:
            raise RulesError(f"--seat must be from 0 to {rules.players - 1}")
    except SetbackError as error:
        print(f"setback: {error}", file=sys.stderr)
        return 2
    # Without --seed, draw one now: the game, its first dealer and the bots all come from
    # it, so the seed printed at the start replays the whole game.
    seed = secrets.randbits(32) if args.seed is None else args.seed
    bots = {
        seat: BOTS[args.bot](seed * 10 + seat) for seat in range(rules.players) if seat != args.seat
    }
    TerminalGame(rules, bots, args.seat, seed, sys.stdin.readline, sys.stdout).run()
    return 0
