"""What strong players do, checked by a large evaluation. Run by hand:

    python benchmarks/positions.py [DEALS [NAME ...]]

For each position of `tests/positions.py` (all by default), DEALS (default 2,000) deals
that the seat to act cannot tell from the real one (`sample_states`), each played out to
the end of the hand once after every legal action, with `medium` (the `HeuristicBot`) at
every seat; every action meets the same deals. An action's value is its side's score
change less the best other side's, averaged over the deals. Prints each action's value
and, for the accepted action, its lead over the best other with the 95% interval of
that paired difference: the position stands when the interval's lower end is above 0.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from setback import Phase, apply_action, observe
from setback.bots import HeuristicBot
from setback.bots.sampling import sample_states
from tests.positions import POSITIONS, Position


def _finish(state, bot: HeuristicBot, hands: int):  # type: ignore[no-untyped-def]
    """`state` played on to the end of the hand in progress, every seat by `bot`."""
    while len(state.history) == hands and state.phase is not Phase.GAME_OVER:
        state = apply_action(state, bot.choose(observe(state, state.to_act)))
    return state.history[-1]


def evaluate(position: Position, deals: int, seed: int = 0) -> list[tuple[str, float, list[float]]]:
    """Every legal action of `position` with its mean value and its values deal by deal."""
    state = position.build()
    seat = state.to_act
    view = observe(state, seat)
    bot = HeuristicBot()
    side = view.rules.side_of(seat)
    rows = []
    states = sample_states(view, random.Random(seed), deals)
    for action in view.legal_actions:
        values = []
        for sampled in states:
            hands = len(sampled.history)
            result = _finish(apply_action(sampled, action), bot, hands)
            changes = result.score_changes
            values.append(changes[side] - max(c for s, c in enumerate(changes) if s != side))
        rows.append((str(action), sum(values) / len(values), values))
    return rows


def lead(rows: list[tuple[str, float, list[float]]], accepted: str) -> tuple[float, float, float]:
    """The accepted action's lead over the best other: mean and its 95% interval."""
    mine = next(values for text, _, values in rows if text == accepted)
    other = max((row for row in rows if row[0] != accepted), key=lambda row: row[1])[2]
    diffs = [a - b for a, b in zip(mine, other, strict=True)]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    half = 1.96 * sd / math.sqrt(len(diffs))
    return mean, mean - half, mean + half


def main(argv: list[str]) -> int:
    deals = int(argv[0]) if argv else 2000
    names = set(argv[1:])
    for position in POSITIONS:
        if names and position.name not in names:
            continue
        rows = evaluate(position, deals)
        mean, low, high = lead(rows, position.accepted)
        verdict = "stands" if low > 0 else "NOT SHOWN"
        interval = f"({low:+.3f} to {high:+.3f})"
        print(f"{position.name}: {position.accepted} leads by {mean:+.3f} {interval}: {verdict}")
        for text, value, _ in sorted(rows, key=lambda row: -row[1]):
            print(f"    {text:12} {value:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
