"""The bot levels against an outside opponent: Trickster Cards' PitchBot. Run by hand:

    python benchmarks/trickster.py play LEVEL DEALS [--preset P ...] [--seed S] [--jobs N]
    python benchmarks/trickster.py report

`play`: LEVEL (a level or any bot spec the arena takes) against Trickster's `PitchBot`
on every Trickster game at four players (trickster-4, -5, -6, -7, -9, -10, -11 and -13,
or the `--preset`s named), DEALS duplicate deals each (deal i is the game seed SEED+i,
default seed 0), by `setback.arena`'s duplicate deals. One process a preset (`--jobs`
at a time, default 1), each with its own `mono PitchServer.exe`. The deals are played in
chunks of `--chunk` (default 10), each chunk's counts kept in
`benchmarks/trickster/parts/PRESET--LEVEL--SEED.json` (or under `--out DIR`; not
committed) as it ends, so a run stopped at any point goes on from the deals kept when it
is started again, and a match of 200 deals extends one of 100. Each match's result goes to
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

import cattrs

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


def match(
    harness: str, preset: str, level: str, deals: int, seed: int, chunk: int, out: str
) -> dict[str, Any]:
    """One duplicate match of `level` against Trickster's bot (in this process), played
    in chunks of `chunk` deals from the kept ones on (`parts_file`)."""
    sys.path.insert(0, harness)
    from trickster_bot import STATS, trickster  # type: ignore[import-not-found]

    import setback.arena as arena
    from setback import Rules

    rules = Rules.preset(preset)
    pair = (level, trickster)
    path = parts_file(Path(out), preset, level, seed)
    kept = json.loads(path.read_text()) if path.exists() else None
    if kept is None or kept["seed"] != seed:
        kept = {"seed": seed, "elapsed_s": 0.0, "requests": 0, "illegal": 0, "parts": []}
    while (done := sum(data["deals"] for data in kept["parts"])) < deals:
        start = time.time()
        STATS.clear()
        part = arena._play_deals(rules, pair, seed + done, min(chunk, deals - done), 1000)
        kept["parts"].append(cattrs.unstructure(part))
        kept["elapsed_s"] += time.time() - start
        kept["requests"] += STATS["asked"]
        kept["illegal"] += sum(
            n for key, n in STATS.items() if key.startswith(("illegal", "error", "unsupported"))
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(kept), encoding="utf-8")
    chunks = [data for data in kept["parts"] if data["first"] < seed + deals]
    parts = [cattrs.structure(data, arena._Part) for data in chunks]
    if sum(part.deals for part in parts) != deals:
        raise Unavailable(f"{path} holds chunks that do not end at {deals} deals: remove it")
    result = arena._result(rules, (level, "trickster"), parts, deals, seed, 1000)
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
        "trickster_requests": kept["requests"],
        "trickster_illegal": kept["illegal"],
        "elapsed_s": round(kept["elapsed_s"], 1),
    }


def parts_file(out: Path, preset: str, level: str, seed: int) -> Path:
    """Where a match's chunks are kept as they end (not committed)."""
    return out / "parts" / f"{preset}--{_file_word(level)}--{seed}.json"


def _file_word(level: str) -> str:
    return level.replace(":", "_").replace(",", "_").replace("=", "-")


def line(doc: dict[str, Any]) -> str:
    """One markdown row of a kept result."""
    low, high = doc["win_interval"]
    plow, phigh = doc["points_interval"]
    wins = f"{100 * doc['win_rate']:.1f}% ({100 * low:.1f}–{100 * high:.1f})"
    points = f"{doc['points_per_hand']:+.2f} ({plow:+.2f} to {phigh:+.2f})"
    return f"| {doc['preset']} | `{doc['level']}` | {doc['deals']} | {wins} | {points} |"


def file_name(out: Path, doc: dict[str, Any]) -> Path:
    """Where a match's result is kept: by preset, level, deals and seed."""
    return out / f"{doc['preset']}--{_file_word(doc['level'])}--{doc['deals']}x{doc['seed']}.json"


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
    if args.chunk < 1:
        raise Unavailable(f"--chunk must be at least 1, not {args.chunk}")
    tasks = [
        (str(harness), preset, args.level, args.deals, args.seed, args.chunk, str(out))
        for preset in presets
    ]
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
    p.add_argument("--chunk", type=int, default=10)
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
