"""Instructions per random hand, counted by callgrind: steadier than wall time on a busy machine.

Run by hand, not by the test suite (valgrind must be installed):

    python benchmarks/instructions.py [HANDS] [LOOP ...]

For each loop of `benchmarks/playout.py` (the checked API on the German preset, the
playout kernel from dealt states, the hand-tuned reference of `../shared/bench/`), it runs
this file under `valgrind --tool=callgrind` twice, with HANDS hands and with none, and
prints the difference divided by HANDS: the instructions one hand costs, the set-up (imports,
dealing the kernel's states) cancelled out. The ratios are the reference's instructions
over the library's (higher is faster, as in `playout.py`). LOOP names the loops to count
(`library`, `kernel`, `reference`; all three by default).
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


def _instructions(loop: str, hands: int) -> int:
    with tempfile.TemporaryDirectory() as out:
        log = os.path.join(out, "callgrind.out")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={log}",
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
    match = re.search(r"^summary: (\d+)", text, re.MULTILINE) or re.search(
        r"^totals: (\d+)", text, re.MULTILINE
    )
    assert match is not None
    return int(match.group(1))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--loop":
        _run(sys.argv[2], int(sys.argv[3]))
        return
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    loops = sys.argv[2:] or ["library", "kernel", "reference"]
    per_hand = {}
    for loop in loops:
        empty = _instructions(loop, 0)  # first: any byte-compiling happens in this run
        per_hand[loop] = (_instructions(loop, hands) - empty) / hands
        print(f"{loop:<10} {per_hand[loop] / 1e6:8.3f} M instructions per hand", flush=True)
    if len(per_hand) == 3:
        print(f"ratio      {per_hand['reference'] / per_hand['library']:8.3f} (checked API)")
        print(f"kernel     {per_hand['reference'] / per_hand['kernel']:8.3f} (from dealt states)")


if __name__ == "__main__":
    main()
