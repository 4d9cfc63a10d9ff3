"""The expert's playouts, batched and not: CPU time a decision and playouts per CPU ms.

    python benchmarks/solver_batched.py [PRESET] [GAMES] [SCALE ...]

Views are taken from `GAMES` games (default 6) of four `HeuristicBot`s under `PRESET`
(default `setback`): every decision with a choice that the expert level searches by
playouts (not a discard, a partner's call or the solved endgame), at most 60 of them,
split into the auction's (a call, the trump, a first lead that names trump:
`auction_playouts`) and trick play's (`playouts`). Each is chosen by the expert level
(`levels._EXPERT`: `SolverBot(playouts=160, auction_playouts=200, ...)`) unbatched and by
the same bot with `batched=True`, its two budgets times each `SCALE` (default 1): the CPU
time a decision (`time.process_time`, one core, numpy's threads pinned to one) and the
hands played out per CPU millisecond.
"""

from __future__ import annotations

import os
import random
import sys
import time

for _threads in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")  # one core: before numpy is imported

from setback import Phase, PlayerView, Rules, apply_action, new_game, observe  # noqa: E402
from setback.bots import HeuristicBot, SolverBot  # noqa: E402
from setback.bots.levels import _EXPERT  # noqa: E402


def views_of(rules: Rules, games: int) -> list[PlayerView]:
    """Every decision of `games` games of `HeuristicBot`s (at most 200 a game)."""
    views = []
    for game in range(games):
        state = new_game(rules, seed=100 + game)
        bots = [HeuristicBot(seed=game * 10 + seat) for seat in range(rules.players)]
        for _ in range(200):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            views.append(view)
            state = apply_action(state, bots[seat].choose(view))
    return views


def in_auction(view: PlayerView) -> bool:
    """Whether the expert spends `auction_playouts` on `view`."""
    return view.phase is not Phase.PLAY or view.trump is None


def hands_of(bot: SolverBot, view: PlayerView) -> int:
    """The hands a decision plays out: its deals times its candidates."""
    count = 4 if view.phase is Phase.DECLARE_TRUMP else len(view.legal_actions)
    return -(-bot._budget(view) // count) * count


def timed(views: list[PlayerView], batched: bool, scale: float) -> tuple[float, float]:
    """CPU ms a decision and hands played out per CPU ms, after one untimed decision."""
    options = dict(_EXPERT)
    for key in ("playouts", "auction_playouts"):
        options[key] = max(1, round(int(options[key]) * scale))  # type: ignore[call-overload]
    bot = SolverBot(seed=7, batched=batched, **options)  # type: ignore[arg-type]
    bot.choose(views[0])
    hands = 0
    cpu = time.process_time()
    for view in views:
        bot.choose(view)
        hands += hands_of(bot, view)
    spent = time.process_time() - cpu
    return spent / len(views) * 1000, hands / (spent * 1000)


def main() -> None:
    args = sys.argv[1:]
    name = args[0] if args else "setback"
    games = int(args[1]) if len(args) > 1 else 6
    scales = [float(arg) for arg in args[2:]] or [1.0]
    rules = Rules.preset(name)
    probe = SolverBot(seed=1, **dict(_EXPERT))  # type: ignore[arg-type]
    searched = [
        view
        for view in views_of(rules, games)
        if len(view.legal_actions) > 1
        and view.phase not in (Phase.DISCARD, Phase.CALL_PARTNER)
        and not probe._solves(view)
    ]
    picked = random.Random(0).sample(searched, min(60, len(searched)))
    groups = {
        "auction": [view for view in picked if in_auction(view)],
        "play": [view for view in picked if not in_auction(view)],
    }
    counts = ", ".join(f"{len(views)} {label}" for label, views in groups.items())
    print(f"{name}: the expert's playout decisions ({counts}); CPU ms a decision, hands per CPU ms")
    for label, views in groups.items():
        if not views:
            continue
        ms, rate = timed(views, False, 1.0)
        print(f"  {label:<8} unbatched            {ms:8.2f} ms {rate:8.2f} hands/ms", flush=True)
        for scale in scales:
            ms, rate = timed(views, True, scale)
            print(f"  {label:<8} batched, budget x{scale:<4g} {ms:8.2f} ms {rate:8.2f} hands/ms")


if __name__ == "__main__":
    main()
