"""Instructions per random hand, counted by callgrind: steadier than wall time on a busy machine.

Run by hand, not by the test suite (valgrind must be installed):

    python benchmarks/instructions.py [--cache] [HANDS] [LOOP ...]

For each loop of `benchmarks/playout.py` (the checked API on the German preset, the
playout kernel from dealt states, the hand-tuned reference of `../shared/bench/`), it runs
this file under `valgrind --tool=callgrind` twice, with HANDS hands and with none, and
prints the difference divided by HANDS: the instructions one hand costs, the set-up (imports,
dealing the kernel's states) cancelled out. The ratios are the reference's instructions
over the library's (higher is faster, as in `playout.py`). LOOP names the loops to count
(`library`, `kernel`, `reference`; all three by default).

With `--cache` it runs `valgrind --tool=cachegrind` with its cache and branch
simulation instead, and prints per hand also the first-level instruction and data cache
misses and the mispredicted branches (conditional + indirect). Instructions alone can
hide a cost: on 2026-12-02 the checked API ran 5.6% more instructions a hand than 62cecef
but took about 14% more time, and the simulation showed why (`--cache 300 library`: 29% more
instruction-cache misses, 25% more data-cache misses, 13% more mispredicted branches). The
simulated machine is not this one: read the misses as a comparison between two commits,
not as cycles.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _run(loop: str, hands: int) -> None:
    """One loop of `playout.py`, `hands` hands (the set-up is the same for 0)."""
    import playout

    from setback import RandomPolicy, Rules, playout_hand

    rules = Rules.setback()
    if loop == "library":
        playout.library_hands(rules, hands, 11)
    elif loop == "kernel":
        states = playout.dealt_states(rules, 400, 12)
        policy = RandomPolicy(random.Random(12).random)
        for state in states[:hands]:
            playout_hand(state, policy)
    else:
        reference = playout.load_reference()
        assert reference is not None, "the reference of ../shared/bench/ is missing"
        playout.reference_hands(reference, hands, 13)


CACHE_EVENTS = {
    "I1 misses": ("I1mr",),
    "D1 misses": ("D1mr", "D1mw"),
    "mispredicted": ("Bcm", "Bim"),
}
"""What `--cache` prints beside the instructions, as sums of cachegrind's events."""


def _counts(loop: str, hands: int, *, cache: bool) -> dict[str, int]:
    """Valgrind's totals of one run of `loop` with `hands` hands, by event name (only `Ir`
    under callgrind; every event of the simulation under cachegrind, with `cache`)."""
    tool = "cachegrind" if cache else "callgrind"
    simulate = ["--cache-sim=yes", "--branch-sim=yes"] if cache else []
    with tempfile.TemporaryDirectory() as out:
        log = os.path.join(out, "valgrind.out")
        subprocess.run(
            [
                "valgrind",
                f"--tool={tool}",
                *simulate,
                f"--{tool}-out-file={log}",
                sys.executable,
                __file__,
                "--loop",
                loop,
                str(hands),
            ],
            check=True,
            capture_output=True,
        )
        text = Path(log).read_text()
    events = re.search(r"^events: (.+)$", text, re.MULTILINE)
    totals = re.search(r"^(?:summary|totals): (.+)$", text, re.MULTILINE)
    assert events is not None and totals is not None
    return dict(zip(events.group(1).split(), map(int, totals.group(1).split()), strict=False))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--loop":
        _run(sys.argv[2], int(sys.argv[3]))
        return
    args = sys.argv[1:]
    cache = "--cache" in args
    if cache:
        args.remove("--cache")
    hands = int(args[0]) if args else 300
    loops = args[1:] or ["library", "kernel", "reference"]
    per_hand = {}
    for loop in loops:
        empty = _counts(loop, 0, cache=cache)  # first: any byte-compiling happens in this run
        full = _counts(loop, hands, cache=cache)
        per_hand[loop] = (full["Ir"] - empty["Ir"]) / hands
        line = f"{loop:<10} {per_hand[loop] / 1e6:8.3f} M instructions per hand"
        for name, events in CACHE_EVENTS.items() if cache else ():
            count = sum(full[event] - empty[event] for event in events) / hands
            line += f", {count / 1e3:7.2f} k {name}"
        print(line, flush=True)
    if len(per_hand) == 3:
        print(f"ratio      {per_hand['reference'] / per_hand['library']:8.3f} (checked API)")
        print(f"kernel     {per_hand['reference'] / per_hand['kernel']:8.3f} (from dealt states)")


if __name__ == "__main__":
    main()
