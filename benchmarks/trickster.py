"""The bot levels against an outside opponent: Trickster Cards' PitchBot. Run by hand:

    python benchmarks/trickster.py play LEVEL DEALS [--preset P ...] [--seed S] [--jobs N]
    python benchmarks/trickster.py report

`play`: LEVEL (a level or any bot spec the arena takes) against Trickster's `PitchBot`
on every Trickster game at four players (trickster-4, -5, -6, -7, -9, -10, -11 and -13,
or the `--preset`s named), DEALS duplicate deals each (deal i is the game seed SEED+i,
default seed 0), through `setback.arena.duel`. One process a preset (`--jobs` at a
time, default 1), each with its own `mono PitchServer.exe`. Each match's result goes to
`benchmarks/trickster/PRESET--LEVEL--DEALSxSEED.json` (or `--out DIR`) and its line is
printed as it ends. Four players only: at
five (call your partner) the harness never asks the bot for its call, so those games
would not be a fair measure yet.

`report`: the markdown tables of the kept results, the one with the most deals for each
preset and level: one row a match (preset, level, deals, games won with the 95% interval,
points a hand), and the bots guide's grid (a row a game, a column a level, each cell the
games won with its interval, every miss of the targets marked), printed and written into
`docs/guides/bots.md` between its `<!-- trickster -->` and `<!-- trickster end -->`
markers. The targets: `medium` wins at least 50% with the lower end at least 45%;
`expert`'s lower end at least 55% (60% on the 4- and 10-point games); `hard` between.

The outside bot lives outside the package: the harness is `../shared/trickster/`
beside this checkout (or `--harness DIR`, or `$SETBACK_TRICKSTER`), built with its
`build.sh` under Debian's Mono into `$TRICKSTER_BUILD` (default
`~/.cache/setback-trickster`). Without Mono, the harness or its build, this says so in
one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "trickster"
GAMES = (
    "trickster-4",
    "trickster-5",
    "trickster-6",
    "trickster-7",
    "trickster-9",
    "trickster-10",
    "trickster-11",
    "trickster-13",
)


class Unavailable(Exception):
    """What is missing to seat the outside bot, in one line."""


def harness_dir(given: str | None) -> Path:
    """The harness folder: `given`, else $SETBACK_TRICKSTER, else ../shared/trickster."""
    path = Path(
        given or os.environ.get("SETBACK_TRICKSTER") or HERE.parent.parent / "shared" / "trickster"
    )
    if not (path / "trickster_bot.py").is_file():
        raise Unavailable(f"no Trickster harness at {path} (trickster_bot.py): pass --harness DIR")
    return path


def build_dir() -> Path:
    """Where build.sh put the compiled bot."""
    return Path(os.environ.get("TRICKSTER_BUILD") or Path.home() / ".cache" / "setback-trickster")


def check(harness: Path) -> None:
    """Raise `Unavailable` unless Mono and the built bot are here."""
    if shutil.which("mono") is None:
        raise Unavailable(
            "mono is not installed (apt-get install -y mono-mcs mono-runtime): "
            "Trickster's bot cannot run"
        )
    exe = build_dir() / "build" / "PitchServer.exe"
    if not exe.is_file():
        raise Unavailable(
            f"Trickster's bot is not built ({exe} missing): run {harness}/build.sh first"
        )


def match(harness: str, preset: str, level: str, deals: int, seed: int) -> dict[str, Any]:
    """One duplicate match of `level` against Trickster's bot (in this process)."""
    sys.path.insert(0, harness)
    from trickster_bot import STATS, trickster  # type: ignore[import-not-found]

    from setback import Rules
    from setback.arena import duel

    start = time.time()
    result = duel(
        Rules.preset(preset), level, trickster, deals=deals, seed=seed, chunk=max(1, deals // 20)
    )
    illegal = sum(
        n for key, n in STATS.items() if key.startswith(("illegal", "error", "unsupported"))
    )
    return {
        "preset": preset,
        "level": level,
        "deals": result.deals,
        "seed": result.seed,
        "games": result.games,
        "unfinished": result.unfinished,
        "hands": result.hands,
        "won": result.first.games_won,
        "lost": result.second.games_won,
        "win_rate": result.win_rate,
        "win_interval": list(result.win_interval),
        "points_per_hand": result.points_per_hand,
        "points_interval": list(result.points_interval),
        "mean_decision_ms": 1000 * result.first.mean_decision,
        "trickster_requests": STATS["asked"],
        "trickster_illegal": illegal,
        "elapsed_s": round(time.time() - start, 1),
    }


def line(doc: dict[str, Any]) -> str:
    """One markdown row of a kept result."""
    low, high = doc["win_interval"]
    plow, phigh = doc["points_interval"]
    wins = f"{100 * doc['win_rate']:.1f}% ({100 * low:.1f}–{100 * high:.1f})"
    points = f"{doc['points_per_hand']:+.2f} ({plow:+.2f} to {phigh:+.2f})"
    return f"| {doc['preset']} | `{doc['level']}` | {doc['deals']} | {wins} | {points} |"


def file_name(out: Path, doc: dict[str, Any]) -> Path:
    """Where a match's result is kept: by preset, level, deals and seed."""
    level = doc["level"].replace(":", "_").replace(",", "_").replace("=", "-")
    return out / f"{doc['preset']}--{level}--{doc['deals']}x{doc['seed']}.json"


def play(args: argparse.Namespace) -> int:
    from setback import SetbackError
    from setback.bots import parse_spec

    if args.deals < 1:
        raise Unavailable(f"DEALS must be at least 1, not {args.deals}")
    try:
        parse_spec(args.level)
    except SetbackError as error:
        raise Unavailable(str(error)) from None
    harness = harness_dir(args.harness)
    check(harness)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    presets = args.preset or list(GAMES)
    tasks = [(str(harness), preset, args.level, args.deals, args.seed) for preset in presets]
    with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else nullcontext() as pool:
        done = (
            (future.result() for future in [pool.submit(match, *task) for task in tasks])
            if pool
            else (match(*task) for task in tasks)
        )
        for doc in done:
            file_name(out, doc).write_text(json.dumps(doc, indent=1) + "\n")
            print(
                line(doc),
                f"{doc['elapsed_s']} s, {doc['trickster_illegal']} illegal answers",
                flush=True,
            )
    return 0


GUIDE = HERE.parent / "docs" / "guides" / "bots.md"
DEALS = 200
"""The deals a match needs for the grid to judge it (the issue's count)."""


def _target(preset: str, level: str, doc: dict[str, Any], rates: dict[str, float]) -> str:
    """Whether `doc` (the level's match on `preset`) meets its target, as the grid says it."""
    low = doc["win_interval"][0]
    if level == "medium":
        return "" if doc["win_rate"] >= 0.5 and low >= 0.45 else " **missed**"
    if level == "expert":
        floor = 0.60 if preset in ("trickster-4", "trickster-10") else 0.55
        return "" if low >= floor else " **missed**"
    if level == "hard" and "medium" in rates and "expert" in rates:
        between = rates["medium"] <= doc["win_rate"] <= rates["expert"]
        return "" if between else " **not between**"
    return ""


def grid(docs: list[dict[str, Any]]) -> str:
    """The guide's grid: a row a game, a column a level."""
    levels = ("medium", "hard", "expert")
    by = {(doc["preset"], doc["level"]): doc for doc in docs}
    lines = [
        "| game | " + " | ".join(f"`{level}`" for level in levels) + " |",
        "|---|" + "---|" * len(levels),
    ]
    for preset in GAMES:
        rates = {lv: by[preset, lv]["win_rate"] for lv in levels if (preset, lv) in by}
        cells = []
        for level in levels:
            doc = by.get((preset, level))
            if doc is None:
                cells.append("not measured")
                continue
            low, high = doc["win_interval"]
            judged = "" if doc["deals"] >= DEALS else " (not judged: under 200 deals)"
            cells.append(
                f"{100 * doc['win_rate']:.1f}% ({100 * low:.1f}–{100 * high:.1f}), "
                f"{doc['deals']} deals{_target(preset, level, doc, rates)}{judged}"
            )
        lines.append(f"| {preset} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def report(args: argparse.Namespace) -> int:
    order = {name: i for i, name in enumerate(GAMES)}
    levels = {"easy": 0, "medium": 1, "hard": 2, "expert": 3}
    largest: dict[tuple[str, str], dict[str, Any]] = {}
    for path in sorted(Path(args.out).glob("*.json")):
        doc = json.loads(path.read_text())
        kept = largest.get((doc["preset"], doc["level"]))
        if kept is None or doc["deals"] > kept["deals"]:
            largest[doc["preset"], doc["level"]] = doc
    docs = sorted(
        largest.values(),
        key=lambda d: (order.get(d["preset"], 99), levels.get(d["level"], 9), d["level"]),
    )
    print("| preset | level | deals | setback wins (95%) | points a hand (95%) |")
    print("|---|---|--:|---|---|")
    for doc in docs:
        print(line(doc))
    table = grid(docs)
    print()
    print(table)
    if Path(args.out) == OUT and GUIDE.exists():
        text = GUIDE.read_text(encoding="utf-8")
        start, end = "<!-- trickster -->\n", "<!-- trickster end -->"
        if start in text and end in text:
            head, rest = text.split(start, 1)
            GUIDE.write_text(head + start + table + end + rest.split(end, 1)[1], encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="LEVEL against Trickster's bot on every Trickster game")
    p.add_argument("level")
    p.add_argument("deals", type=int)
    p.add_argument("--preset", action="append", choices=GAMES)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--harness")
    p.add_argument("--out", default=str(OUT))
    r = sub.add_parser("report", help="the table of every kept result (the most deals of each)")
    r.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    try:
        return play(args) if args.command == "play" else report(args)
    except Unavailable as missing:
        print(f"trickster.py: {missing}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
