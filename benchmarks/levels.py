"""The bot levels: CPU time per decision on every preset, the strength ladders, and the
table and chart of the bots guide. Run by hand, not by the test suite:

    python benchmarks/levels.py times [DEALS [PRESET ...]]
    python benchmarks/levels.py ladder PRESET DEALS [CHUNK [SEED]] [--all | --pairs=UPPER-LOWER,...]
    python benchmarks/levels.py report
    python benchmarks/levels.py stretch OTHER DEALS [CHUNK [SEED]]

`times`: for each preset (all by default) and each level, in a fresh process (so the
first decision pays whatever a first decision pays: the shipped table of chances, the
rules' tables), the CPU time of the level's first decision, then a duplicate duel of the
level against `medium` over DEALS deals (default 10; a third of them with three sides,
whose deals are played six times), timing every choice of the level with more than one
legal action (`time.process_time`, as the arena does). Prints mean, p99 (nearest rank,
the first decision included) and the largest, and writes `benchmarks/levels/times.json`.
With DEALS 0, only the first decision (the ladders' duels time every other one).

`ladder`: the levels' ladder on PRESET, by the arena's duplicate duels (its own counting,
`setback.arena`): each level against the level below, DEALS deals each (deal i is the game
seed SEED+i), played in chunks of CHUNK deals (default 25) taken in turn by the three
pairs (with `--pairs=hard-medium,...` only those), so a run stopped at any point leaves
every pair measured over the deals done. Each
chunk's counts are kept in `benchmarks/levels/parts/` (not committed: they hold every
decision's time) and each pair's arena document (the duel over the deals done so far:
counts, intervals, timing) in `benchmarks/levels/PRESET-UPPER-LOWER.json`, rewritten
after every chunk; a run started again goes on from the deals kept. With `--all`, every
pair of the four in one `setback arena` ladder instead (`benchmarks/levels/PRESET.json`,
with each level's rating against the field; all or nothing). Nice it (`nice -n 15`): the
German ladder over 300 deals a pair is about 20 minutes of CPU.

`stretch`: the issue's stretch, `expert` against the bot OTHER (a name or a spec; the
game-aware settings made equal in CPU time a decision) on the German game, DEALS duplicate
deals from SEED (default 0) in chunks of CHUNK (default 25), kept as `ladder` keeps them;
the arena's document of the duel in `benchmarks/levels/stretch.json`.

`report`: from the JSON files of `ladder` and `times`, the bots guide's strength table, its
short ladder (a row a preset) and its table of CPU time per decision (markdown, printed
and written into `docs/guides/bots.md` between its `<!-- levels-strength -->`,
`<!-- levels-summary -->` and `<!-- levels-cpu -->` markers) and its chart,
`docs/images/levels-ladder.svg` (`ladder_chart`: each level's win rate against the level
below, with its 95% interval, one row per preset; drawn here as plain SVG, no plotting
library).
"""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
import time
from html import escape
from pathlib import Path
from typing import Any

import cattrs

import setback.arena as arena
from setback import Rules, apply_action, new_game, observe
from setback.arena import wilson_interval
from setback.bots import LEVELS, bot
from setback.rules import PRESET_NAMES

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "levels"
"""Where the measurements are kept (JSON)."""
CHART = HERE.parent / "docs" / "images" / "levels-ladder.svg"
"""The chart of the bots guide."""
GUIDE = HERE.parent / "docs" / "guides" / "bots.md"
"""The bots guide, whose tables `report` rewrites."""
TARGETS = {"setback": (300, 0.55)}
"""Per preset: the deals per pair and the lower end of the 95% interval each level must
reach against the one below (the issue's targets); any other preset (200, 0.50)."""


def target(preset: str) -> tuple[int, float]:
    """The deals per pair and the lower bound a preset's ladder must reach."""
    return TARGETS.get(preset, (200, 0.50))


# --- times -------------------------------------------------------------------------------


def first_decision(rules: Rules, level: str, seed: int = 0) -> float:
    """The CPU seconds of the first decision with a choice that a fresh `level` bot makes
    in a game of `rules` (the heuristic plays until then)."""
    state = new_game(rules, seed=seed)
    others = bot("medium", seed=seed)
    while True:
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        if len(view.legal_actions) > 1:
            chooser = bot(level, seed=seed)
            start = time.process_time()
            chooser.choose(view)
            return time.process_time() - start
        state = apply_action(state, others.choose(view))


def times_of(preset: str, level: str, deals: int) -> dict[str, Any]:
    """`level`'s first decision and a duel against `medium` on `preset` (in this process):
    the CPU seconds of every choice of `level` with more than one legal action."""
    rules = Rules.preset(preset)
    first = first_decision(rules, level)
    if rules.side_count > 2:
        deals = max(2, deals // 3) if deals else 0
    start = time.process_time()
    part = arena._play_deals(rules, (level, "medium"), 10_000, deals, 1000)
    spent = sorted((first, *part.times[0]))
    return {
        "preset": preset,
        "level": level,
        "deals": deals,
        "decisions": len(spent),
        "first": first,
        "mean": sum(spent) / len(spent),
        "p99": spent[math.ceil(0.99 * len(spent)) - 1],
        "max": spent[-1],
        "cpu": time.process_time() - start,
    }


def times(deals: int, presets: list[str]) -> None:
    """`times_of` for every preset and level, each in a fresh process; printed and kept."""
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / "times.json"
    kept: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    for preset in presets:
        for level in LEVELS:
            done = subprocess.run(
                [sys.executable, __file__, "_times", preset, level, str(deals)],
                check=True,
                capture_output=True,
                text=True,
            )
            row = json.loads(done.stdout)
            kept[f"{preset}/{level}"] = row
            path.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")
            print(
                f"{preset:14} {level:7} {row['decisions']:6} decisions: first "
                f"{row['first'] * 1000:6.1f} ms, mean {row['mean'] * 1000:5.1f} ms, p99 "
                f"{row['p99'] * 1000:6.1f} ms, max {row['max'] * 1000:6.1f} ms "
                f"({row['cpu']:.0f} s)",
                flush=True,
            )


# --- ladders -------------------------------------------------------------------------------


PARTS = RESULTS / "parts"
"""Each pair's chunks as the ladder counted them (every decision's time included)."""


def _part_of(data: dict[str, Any]) -> Any:
    """An arena task's counts from their JSON (`_play_chunk`'s)."""
    return cattrs.structure(data, arena._Part)


def keep_duel(rules: Rules, preset: str, pair: tuple[str, str], kept: dict[str, Any]) -> None:
    """The arena's document of the duel `pair` (upper, lower) over the chunks `kept`."""
    parts = [_part_of(data) for data in kept["parts"]]
    deals = sum(part.deals for part in parts)
    result = arena._result(rules, pair, parts, deals, kept["seed"], 1000)
    document = {
        "rules": preset,
        "players": rules.players,
        "target": rules.target,
        "deals": deals,
        "seed": kept["seed"],
        "seconds": kept["cpu"],
        "result": result.to_dict(),
    }
    path = RESULTS / f"{preset}-{pair[0]}-{pair[1]}.json"
    path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def ladder(
    preset: str, deals: int, chunk: int, seed: int, only: tuple[str, ...] | None = None
) -> None:
    """Each level against the one below on `preset` over `deals` deals from `seed`, in
    chunks taken in turn by the pairs (those named `UPPER-LOWER` in `only`, if given);
    every chunk kept as it ends."""
    rules = Rules.preset(preset)
    PARTS.mkdir(parents=True, exist_ok=True)
    pairs = [(upper, lower) for lower, upper in itertools.pairwise(LEVELS)]
    if only is not None:
        unknown = set(only) - {f"{upper}-{lower}" for upper, lower in pairs}
        if unknown:
            raise SystemExit(f"levels.py: no pair {', '.join(sorted(unknown))} in the ladder")
        pairs = [pair for pair in pairs if f"{pair[0]}-{pair[1]}" in only]
    state: dict[tuple[str, str], dict[str, Any]] = {}
    for pair in pairs:
        path = PARTS / f"{preset}-{pair[0]}-{pair[1]}.json"
        kept = json.loads(path.read_text()) if path.exists() else None
        if kept is None or kept["seed"] != seed:
            kept = {"seed": seed, "cpu": 0.0, "parts": []}
        state[pair] = kept
    while True:
        behind = [pair for pair in pairs if _done(state[pair]) < deals]
        if not behind:
            break
        for pair in behind:
            kept = state[pair]
            done = _done(kept)
            count = min(chunk, deals - done)
            _play_chunk(rules, pair, seed + done, count, kept)
            path = PARTS / f"{preset}-{pair[0]}-{pair[1]}.json"
            path.write_text(json.dumps(kept), encoding="utf-8")
            keep_duel(rules, preset, pair, kept)
            won = sum(data["games_won"][0] for data in kept["parts"])
            lost = sum(data["games_won"][1] for data in kept["parts"])
            low, high = wilson_interval(won, won + lost)
            print(
                f"{preset} {pair[0]} vs {pair[1]}: {_done(kept)} deals, {won} of {won + lost} "
                f"games ({won / max(1, won + lost):.1%}, 95% {low:.1%} to {high:.1%}), "
                f"{kept['cpu']:.0f} s CPU",
                flush=True,
            )


def _play_chunk(
    rules: Rules, pair: tuple[str, str], first: int, count: int, kept: dict[str, Any]
) -> None:
    """Play `count` duplicate deals of `pair` from the seed `first` and add them to `kept`:
    their CPU seconds and the arena's part, as JSON (`_part_of` reads it back)."""
    start = time.process_time()
    part = arena._play_deals(rules, pair, first, count, 1000)
    kept["cpu"] += time.process_time() - start
    kept["parts"].append(cattrs.unstructure(part))


def _done(kept: dict[str, Any]) -> int:
    return sum(data["deals"] for data in kept["parts"])


def ladder_all(preset: str, deals: int, seed: int) -> None:
    """Every pair of the four levels on `preset` by one `setback arena` ladder."""
    from setback.cli import main

    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{preset}.json"
    common = ["--rules", preset, "--deals", str(deals), "--seed", str(seed)]
    bots = [arg for level in LEVELS for arg in ("--bot", level)]
    if main(["arena", *common, *bots, "--json", str(path)]):
        raise SystemExit(2)


# --- the stretch ---------------------------------------------------------------------------


def stretch(other: str, deals: int, chunk: int, seed: int) -> None:
    """The issue's stretch: `expert` against the bot `other` (the game-aware settings of
    `benchmarks/strength.py`, `solver:playouts=140,auction_playouts=360,margin=0,
    smart_leads=true,game_aware=true`, made equal in CPU time a decision) on the German
    game over `deals` duplicate deals from `seed`, in chunks of `chunk` deals, each kept as
    it ends (resumable, as `ladder`); the arena's document of the duel over the deals done
    in `benchmarks/levels/stretch.json`."""
    rules = Rules.preset("setback")
    pair = ("expert", other)
    PARTS.mkdir(parents=True, exist_ok=True)
    path = PARTS / "stretch.json"
    kept = json.loads(path.read_text()) if path.exists() else None
    if kept is None or kept["seed"] != seed or kept["other"] != other:
        kept = {"seed": seed, "other": other, "cpu": 0.0, "parts": []}
    while _done(kept) < deals:
        done = _done(kept)
        _play_chunk(rules, pair, seed + done, min(chunk, deals - done), kept)
        path.write_text(json.dumps(kept), encoding="utf-8")
        parts = [_part_of(data) for data in kept["parts"]]
        result = arena._result(rules, pair, parts, _done(kept), seed, 1000)
        document = {
            "rules": "setback",
            "players": rules.players,
            "target": rules.target,
            "deals": _done(kept),
            "seed": seed,
            "seconds": kept["cpu"],
            "result": result.to_dict(),
        }
        (RESULTS / "stretch.json").write_text(json.dumps(document, indent=2) + "\n")
        low, high = result.win_interval
        plow, phigh = result.points_interval
        print(
            f"expert vs {other}: {_done(kept)} deals, {result.first.games_won} of "
            f"{result.first.games_won + result.second.games_won} games ({result.win_rate:.1%}, "
            f"95% {low:.1%} to {high:.1%}), points per hand {result.points_per_hand:+.3f} "
            f"({plow:+.3f} to {phigh:+.3f}), ms a decision {1000 * result.first.mean_decision:.2f}"
            f" / {1000 * result.second.mean_decision:.2f}, {kept['cpu']:.0f} s CPU",
            flush=True,
        )


# --- report --------------------------------------------------------------------------------


def steps(duels: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each level against the level below, from the arena's duels (either line-up first):
    the stronger one's games won of the finished ones, its win rate and Wilson interval,
    and its paired points per hand with their interval; weakest step first."""
    out = []
    for duel_result in duels:
        first, second = duel_result["first"], duel_result["second"]
        names = (first["bot"], second["bot"])
        if not set(names) <= set(LEVELS):
            continue
        ranks = [LEVELS.index(name) for name in names]
        if abs(ranks[0] - ranks[1]) != 1:
            continue
        flip = ranks[0] < ranks[1]  # the weaker line-up first: turn it round
        strong, weak = (second, first) if flip else (first, second)
        sign = -1 if flip else 1
        won, lost = strong["games_won"], weak["games_won"]
        low, high = wilson_interval(won, won + lost)
        plow, phigh = (sign * value for value in duel_result["points_interval"])
        out.append(
            {
                "lower": weak["bot"],
                "upper": strong["bot"],
                "deals": duel_result["deals"],
                "games": duel_result["games"],
                "won": won,
                "finished": won + lost,
                "rate": won / (won + lost),
                "interval": (low, high),
                "points": sign * duel_result["points_per_hand"],
                "points_interval": (min(plow, phigh), max(plow, phigh)),
                "upper_mean_ms": 1000 * strong["mean_decision"],
                "upper_p99_ms": 1000 * strong["p99_decision"],
            }
        )
    return sorted(out, key=lambda step: LEVELS.index(step["upper"]))


def ladders() -> dict[str, list[dict[str, Any]]]:
    """Every preset's duels kept (its ladder's, or its three duels'), by preset, in the
    order of `PRESET_NAMES`."""
    found: dict[str, list[dict[str, Any]]] = {}
    for preset in PRESET_NAMES:
        duels: list[dict[str, Any]] = []
        whole = RESULTS / f"{preset}.json"
        if whole.exists():
            duels += json.loads(whole.read_text())["result"]["duels"]
        for lower, upper in itertools.pairwise(LEVELS):
            path = RESULTS / f"{preset}-{upper}-{lower}.json"
            if path.exists() and not whole.exists():
                duels.append(json.loads(path.read_text())["result"])
        if duels:
            found[preset] = duels
    return found


def _verdict(step: dict[str, Any], preset: str) -> str:
    """Whether a step meets the preset's target, said plainly."""
    deals, floor = target(preset)
    low = step["interval"][0]
    side = "at or above" if low >= floor else "below"
    if step["deals"] < deals:
        return f"not judged: {step['deals']} of {deals} deals (lower end {side} {floor:.0%})"
    if low >= floor:
        return f"met (lower end {side} {floor:.0%})"
    return f"**missed**: lower end {side} {floor:.0%}"


def table(found: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The bots guide's strength table: a row per preset and step of the ladder; a step or
    a preset not measured has a row that says so."""
    lines = [
        "| preset | level | against | deals (games) | games won | win rate (95%) | "
        "points per hand (95%) | level's ms a decision (mean / p99) | target |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for preset in [*found, *(name for name in PRESET_NAMES if name not in found)]:
        measured = {step["upper"]: step for step in steps(found.get(preset, []))}
        if not measured:
            lines.append(f"| {preset} | - | - | not measured | | | | | - |")
            continue
        for lower, upper in itertools.pairwise(LEVELS):
            step = measured.get(upper)
            if step is None:
                lines.append(f"| {preset} | {upper} | {lower} | not measured | | | | | - |")
                continue
            low, high = step["interval"]
            plow, phigh = step["points_interval"]
            lines.append(
                f"| {preset} | {step['upper']} | {step['lower']} | {step['deals']} "
                f"({step['games']}) | {step['won']} of {step['finished']} | "
                f"{step['rate']:.1%} ({low:.1%} to {high:.1%}) | {step['points']:+.3f} "
                f"({plow:+.3f} to {phigh:+.3f}) | {step['upper_mean_ms']:.1f} / "
                f"{step['upper_p99_ms']:.1f} | {_verdict(step, preset)} |"
            )
    return lines


def summary(found: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The guide's short ladder: a row a preset, a column a step, each cell the stronger
    level's games won with the interval, and every step that misses or is not judged
    (fewer deals than its target) marked."""
    lines = [
        "| preset | "
        + " | ".join(f"`{u}` over `{lo}`" for lo, u in itertools.pairwise(LEVELS))
        + " |",
        "|---|---|---|---|",
    ]
    for preset in [*found, *(name for name in PRESET_NAMES if name not in found)]:
        measured = {step["upper"]: step for step in steps(found.get(preset, []))}
        cells = []
        for _lower, upper in itertools.pairwise(LEVELS):
            step = measured.get(upper)
            if step is None:
                cells.append("not measured")
                continue
            low, high = step["interval"]
            verdict = _verdict(step, preset)
            mark = (
                ""
                if verdict.startswith("met")
                else " **missed**"
                if verdict.startswith("**missed")
                else f" not judged ({step['deals']} deals)"
            )
            cells.append(f"{step['rate']:.1%} ({low:.1%}–{high:.1%}){mark}")
        lines.append(f"| {preset} | " + " | ".join(cells) + " |")
    return lines


def ladder_chart(found: dict[str, list[dict[str, Any]]]) -> str:
    """The ladders as an SVG chart: one row per preset (every preset; one not measured
    says so), for each step of the ladder (easy to medium, medium to hard, hard to expert)
    the stronger level's win rate against the weaker as a dot with its 95% interval as a
    bar, and the deals of each step at the right; lines at 50% and 55%."""
    rows = [*found, *(name for name in PRESET_NAMES if name not in found)]
    colours = ("#1b7837", "#2166ac", "#b2182b")
    left, width, row_height, top, right = 130, 520, 34, 58, 150
    full = left + width + right
    height = top + row_height * len(rows) + 46

    def x(rate: float) -> float:
        return left + width * (rate - 0.3) / 0.7  # 30% to 100%

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {height}" '
        f'width="{full}" height="{height}" font-family="sans-serif" '
        'font-size="12" role="img">',
        "<title>Each level's win rate against the level below, with its 95% interval, "
        "on every preset (duplicate deals in the arena)</title>",
        f'<rect width="{full}" height="{height}" fill="#fff"/>',
    ]
    for k, name in enumerate(("medium vs easy", "hard vs medium", "expert vs hard")):
        parts.append(
            f'<circle cx="{left + 10 + 170 * k}" cy="18" r="5" fill="{colours[k]}"/>'
            f'<text x="{left + 20 + 170 * k}" y="22">{name}</text>'
        )
    parts.append(f'<text x="{left + width + 12}" y="{top - 14}">deals a step</text>')
    for rate in (0.3, 0.4, 0.5, 0.55, 0.6, 0.7, 0.8, 0.9, 1.0):
        stroke = "#888" if rate in (0.5, 0.55) else "#e4e4e4"
        dash = ' stroke-dasharray="4 3"' if rate == 0.55 else ""
        bottom = top + row_height * len(rows)
        parts.append(
            f'<line x1="{x(rate):.1f}" y1="{top - 8}" x2="{x(rate):.1f}" y2="{bottom}" '
            f'stroke="{stroke}"{dash}/>'
            f'<text x="{x(rate):.1f}" y="{bottom + 16}" text-anchor="middle">'
            f"{rate:.0%}</text>"
        )
    parts.append(
        f'<text x="{left + width / 2}" y="{height - 8}" text-anchor="middle">games won by '
        "the stronger level (dot) and its 95% interval (bar)</text>"
    )
    for i, preset in enumerate(rows):
        y = top + row_height * i + row_height / 2
        parts.append(
            f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{escape(preset)}</text>'
        )
        measured = steps(found.get(preset, []))
        if not measured:
            parts.append(f'<text x="{left + 8}" y="{y + 4:.1f}" fill="#888">not measured</text>')
            continue
        counts = {step["upper"]: step["deals"] for step in measured}
        deals_text = " / ".join(str(counts.get(level, "-")) for level in LEVELS[1:])
        parts.append(f'<text x="{left + width + 12}" y="{y + 4:.1f}">{deals_text}</text>')
        for step in measured:
            low, high = step["interval"]
            k = LEVELS.index(step["upper"]) - 1
            dy = y + (k - 1) * 8
            colour = colours[k % 3]
            parts.append(
                f"<g><title>{escape(step['upper'])} vs {escape(step['lower'])} on "
                f"{escape(preset)}: {step['won']} of {step['finished']} games over "
                f"{step['deals']} deals, {step['rate']:.1%} (95% {low:.1%} to "
                f"{high:.1%})</title>"
                f'<line x1="{x(low):.1f}" y1="{dy:.1f}" x2="{x(high):.1f}" y2="{dy:.1f}" '
                f'stroke="{colour}" stroke-width="3"/>'
                f'<circle cx="{x(step["rate"]):.1f}" cy="{dy:.1f}" r="4" fill="{colour}"/></g>'
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def timing(found: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The guide's table of CPU time per decision, every preset: for each level the mean,
    the 99th percentile (nearest rank) and the largest of `times` (its first decision in a
    fresh process and a duel against `medium`), bold above 100 ms; and the largest p99
    of hard and expert over the ladder's duels where they were run."""
    path = RESULTS / "times.json"
    kept = json.loads(path.read_text()) if path.exists() else {}
    head = " | ".join(f"{level}: mean / p99 / max" for level in LEVELS)
    lines = [
        f"| preset | {head} | first decision, hard / expert | decisions timed (expert) | "
        "p99 in the ladder, hard / expert |",
        "|---|" + "---|" * (len(LEVELS) + 3),
    ]

    def ms(seconds: float) -> str:
        text = f"{seconds * 1000:.1f}"
        return f"**{text}**" if seconds > 0.1 else text

    for preset in PRESET_NAMES:
        rows = [kept.get(f"{preset}/{level}") for level in LEVELS]
        cells = [
            "-" if row is None else f"{ms(row['mean'])} / {ms(row['p99'])} / {ms(row['max'])}"
            for row in rows
        ]
        first = " / ".join("-" if row is None else ms(row["first"]) for row in rows[2:])
        counted = "-" if rows[3] is None else str(rows[3]["decisions"])
        in_ladder = []
        for level in LEVELS[2:]:
            p99s = [
                line["p99_decision"]
                for duel_result in found.get(preset, [])
                for line in (duel_result["first"], duel_result["second"])
                if line["bot"] == level and line["decisions"]
            ]
            in_ladder.append(ms(max(p99s)) if p99s else "-")
        lines.append(
            f"| {preset} | "
            + " | ".join(cells)
            + f" | {first} | {counted} | "
            + " / ".join(in_ladder)
            + " |"
        )
    return lines


def _replace(text: str, name: str, lines: list[str]) -> str:
    """`text` with the lines between the guide's markers `<!-- name -->` and
    `<!-- name end -->` replaced by `lines`."""
    begin, end = f"<!-- {name} -->\n", f"<!-- {name} end -->"
    head, rest = text.split(begin, 1)
    _old, tail = rest.split(end, 1)
    return head + begin + "\n".join(lines) + "\n" + end + tail


def report() -> None:
    """The tables (printed, and written into the bots guide between its markers) and the
    chart (written) from every ladder kept."""
    found = ladders()
    strength, cpu = table(found), timing(found)
    for line in [*strength, "", *cpu]:
        print(line)
    CHART.write_text(ladder_chart(found), encoding="utf-8")
    guide = _replace(GUIDE.read_text(encoding="utf-8"), "levels-strength", strength)
    guide = _replace(guide, "levels-summary", summary(found))
    GUIDE.write_text(_replace(guide, "levels-cpu", cpu), encoding="utf-8")
    print(f"\n{CHART.relative_to(HERE.parent)}: {len(found)} presets measured; {GUIDE.name}")


def main(argv: list[str]) -> None:
    command = argv[0] if argv else "times"
    if command == "_times":
        print(json.dumps(times_of(argv[1], argv[2], int(argv[3]))))
    elif command == "times":
        deals = int(argv[1]) if len(argv) > 1 else 10
        times(deals, argv[2:] or list(PRESET_NAMES))
    elif command == "ladder":
        only = next((arg.split("=", 1)[1] for arg in argv if arg.startswith("--pairs=")), None)
        args = [arg for arg in argv if arg != "--all" and not arg.startswith("--pairs=")]
        chunk = int(args[3]) if len(args) > 3 else 25
        seed = int(args[4]) if len(args) > 4 else 0
        if "--all" in argv:
            ladder_all(args[1], int(args[2]), seed)
        else:
            ladder(args[1], int(args[2]), chunk, seed, tuple(only.split(",")) if only else None)
    elif command == "stretch":
        chunk = int(argv[3]) if len(argv) > 3 else 25
        seed = int(argv[4]) if len(argv) > 4 else 0
        stretch(argv[1], int(argv[2]), chunk, seed)
    elif command == "report":
        report()
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
