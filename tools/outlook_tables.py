"""Make the game-aware search's tables of chances that ship in the package.

    python tools/outlook_tables.py            write every table to src/setback/bots/data/
    python tools/outlook_tables.py --check    compare every shipped table with one made now
    python tools/outlook_tables.py PRESET-PLAYERS ...   only these (e.g. setback-4)

`SolverBot(game_aware=True)` (the "expert" level) reads a side's chance of winning the
game from a table of every score (`setback.bots._outlook`). Built at the first decision
that needs it, a table costs 1 s of CPU for the German game and up to 25 s for the
50-point games, so the table of every preset, at every seat count where the game-aware
search applies (two sides, a target, no called partner), is made here and shipped as a
file of `src/setback/bots/data/` (the format is in `_outlook`'s docstring). Run it after
a change to the heuristic bot, the engine or a preset (tests/test_outlook.py recomputes
the German game's table and fails when it no longer matches). A table is the same on
every machine: the sample games are seeded and the chances rounded to 65535ths.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from setback import Rules
from setback.bots import _outlook

DATA = Path(__file__).resolve().parents[1] / "src" / "setback" / "bots" / "data"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    wanted = [arg for arg in argv if not arg.startswith("--")]
    pairs = _outlook.table_rules()
    if wanted:
        pairs = [pair for pair in pairs if _outlook.file_name(*pair)[:-5] in wanted]
    stale = 0
    for preset, players in pairs:
        name = _outlook.file_name(preset, players)
        start = time.process_time()
        rules = Rules.preset(preset, players)
        document = _outlook.encode(_outlook.Outlook(rules), preset, players)
        seconds = time.process_time() - start
        text = json.dumps(document, indent=1) + "\n"
        path = DATA / name
        if check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            stale += not same
            print(f"{name}: {'same' if same else 'DIFFERS'} ({seconds:.1f} s)", flush=True)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{name}: {len(text)} bytes ({seconds:.1f} s of CPU)", flush=True)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
