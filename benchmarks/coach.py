"""The coach's speed and truth (issue 49, items 4 and 5), on one core.

Run by hand, not by the test suite (which runs a small smoke of it):

    python benchmarks/coach.py speed [POSITIONS] [PRESET ...]
    python benchmarks/coach.py open [DEALS] [PRESET ...]
    python benchmarks/coach.py floor [DEALS] [PRESET ...]
    python benchmarks/coach.py truth [DECISIONS] [PRESET ...] [--keep] [--dir=DIR]
    python benchmarks/coach.py truth-report [--dir=DIR]
    python benchmarks/coach.py all [POSITIONS] [DECISIONS] [PRESET ...]

`speed` prints, for every preset (or the ones named), the CPU time of `hint` at its
default budget over `POSITIONS` decisions (default 100; the 50th, 99th percentile and the
slowest), `review` of one whole hand for every seat (the slowest seat), and `open_hands` of
the hand as trick play begins (the choice of trump, or the first lead that names it: a
whole hand, all four trumps; where discards follow the trump, the first lead after them:
a whole hand, one trump; not under trumps-only play) with the peak of memory it allocated
(`tracemalloc`, timed apart; stopped after `OPEN_LIMIT` CPU seconds). `open` prints the
`open_hands` columns alone; with DEALS, over that many deals a preset (seeds 0, 10,
20, ...): the median, the slowest, the slowest deal's memory, and how many took over
1 s. The floors: hint p99
under 1 s, review under 10 s, open_hands under 1 s and 200 MB.

`floor` prints, for the slowest of DEALS deals a preset (default 1), how many cards
`open_hands`'s search played (one `after_play` each, about one a position searched), its
CPU seconds and microseconds a card, and trick play's own steps alone among them: the
CPU seconds of its `after_play` calls, how many times it asked `open_cards` (a seat's
cards it may play, also asked to order the leads) and their CPU seconds, and the
microseconds of a step of either kind, each kind timed on an even sample of
`FLOOR_SAMPLE` calls made again. No search that plays as many cards by trick play's step
can take less than its `after_play` seconds in Python. It finds the calls by wrapping
the names the search calls (`setback.bots.solver.after_play`,
`setback.coach.open_cards`); a run has no time limit (six players' slowest of 15 deals:
some 6 minutes).

`truth` prints, for every preset, how often each value's 95% interval (`evaluate` at its
default budget) covers an estimate of the same value made with 20 times the budget and
another seed, over `DECISIONS` decisions (default 200; the floor: 90%); whether
`open_hands` agrees with a brute-force search of the last two tricks (every card tried
through `legal_actions` and `apply_action`); and whether each review's losses add up to
its total. With `--keep` (to `truth` or `all`), each preset's figures are kept in
`benchmarks/coach/truth-PRESET.json`, or in `--dir=DIR` (a run of some presets adds to the
others'); `truth-report` prints their table, a row a preset.

The decisions are those of games of medium bots (seeds 0, 1, ...): every decision of a
seat with more than one choice, one in three kept, until there are enough.
"""

from __future__ import annotations

import json
import signal
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import setback.bots.solver as solver_module
import setback.coach as coach_module
from setback import GameState, Rules, apply_action, game_record, legal_actions, new_game, observe
from setback.bots import Bot, bot
from setback.coach import DEFAULT_BUDGET, evaluate, hint, open_hands, review
from setback.play import after_play, open_cards
from setback.rules import PRESET_NAMES
from setback.state import Phase
from setback.views import PlayerView

FACTOR = 20
"""The reference estimate's budget, in times the default."""
FLOOR_SAMPLE = 100_000
"""How many of the search's steps `floor` records and times again."""
OPEN_LIMIT = 120
"""The CPU seconds `open_hands` may take in `speed` before it is stopped (printed as over
the limit)."""


def decisions(rules: Rules, count: int) -> Iterator[PlayerView]:
    """`count` views of a seat to act with a choice, from games of medium bots."""
    bots = [bot("medium", seed=seat) for seat in range(rules.players)]
    found = 0
    seed = 0
    while True:
        state = new_game(rules, seed=seed)
        step = 0
        while not state.is_over and state.hand_number < 3:
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            if len(view.legal_actions) > 1:
                step += 1
                if step % 3 == seed % 3:
                    yield view
                    found += 1
                    if found >= count:
                        return
            state = apply_action(state, bots[seat].choose(view))
        seed += 1


def first_hand(rules: Rules, seed: int) -> GameState:
    """The first whole hand of a game of medium bots (the state after it)."""
    bots = [bot("medium", seed=seat) for seat in range(rules.players)]
    state = new_game(rules, seed=seed)
    while state.hand_number == 0 and not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, bots[seat].choose(observe(state, seat)))
    return state


def trick_play_begins(rules: Rules, seed: int) -> GameState | None:
    """The first hand's start of trick play, as medium bots bid: the choice of trump, or a
    first lead that names it (a whole hand, every trump); where discards follow the trump
    (any trump of the choice), the first lead after them (a whole hand, the trump named);
    None if ten deals pass out."""
    medium = bot("medium", seed=0)
    for offset in range(10):
        state = new_game(rules, seed=seed + offset)
        while state.phase is Phase.BIDDING and state.hand_number == 0:
            seat = state.to_act
            assert seat is not None
            state = apply_action(state, medium.choose(observe(state, seat)))
        if state.hand_number != 0:
            continue
        if state.phase is Phase.DECLARE_TRUMP:
            # every trump to trick play next: all of them are tabled (some trumps may
            # bring discards where others do not, as Trickster 7's keep six)
            if all(apply_action(state, a).phase is Phase.PLAY for a in legal_actions(state)):
                return state
            return discarded(state, medium)
        if state.phase is Phase.PLAY:
            return state
    return None


def discarded(state: GameState, medium: Bot) -> GameState:
    """`state` (the choice of a trump that discards follow) once trick play begins, as
    `medium` names the trump and discards."""
    playing = state
    while playing.phase is not Phase.PLAY and playing.hand_number == 0:
        seat = playing.to_act
        assert seat is not None
        playing = apply_action(playing, medium.choose(observe(playing, seat)))
    return playing


class _OverLimit(Exception):
    pass


def _stop(signum: int, frame: object) -> None:
    raise _OverLimit


def time_open(rules: Rules, seed: int = 0) -> tuple[str, str]:
    """The CPU seconds of `open_hands` as trick play begins (`trick_play_begins` of the
    deal `seed`) and the megabytes it allocated at its peak (a second run, under
    `tracemalloc`); '-' where no deal of ten comes to trick play, '>OPEN_LIMIT' if stopped
    there."""
    state = trick_play_begins(rules, seed)
    if state is None:
        return "-", "-"
    previous = signal.signal(signal.SIGVTALRM, _stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, OPEN_LIMIT)
    try:
        start = time.process_time()
        open_hands(state)
        opened = f"{time.process_time() - start:.2f}"
    except _OverLimit:
        return f">{OPEN_LIMIT}", "-"
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)
    tracemalloc.start()
    open_hands(state)
    peak = f"{tracemalloc.get_traced_memory()[1] / 1e6:.0f}"
    tracemalloc.stop()
    return opened, peak


def opening(presets: list[str], deals: int = 1) -> None:
    """`open_hands` alone: its time and memory on every preset (the speed table's last
    two columns), for the first deal; with `deals` more than 1, for that many deals
    (seeds 0, 10, 20, ...: `trick_play_begins` tries ten), the median, the slowest and
    the slowest deal's memory."""
    if deals == 1:
        print(f"{'preset':14} {'open':>7} {'MB':>6}")
        for name in presets:
            opened, peak = time_open(Rules.preset(name))
            print(f"{name:14} {opened:>7} {peak:>6}", flush=True)
        return
    print(f"{'preset':14} {'deals':>6} {'median':>7} {'slowest':>8} {'MB':>6} {'over 1 s':>8}")
    for name in presets:
        rules = Rules.preset(name)
        timed = [(time_open(rules, 10 * deal)[0], 10 * deal) for deal in range(deals)]
        seconds = sorted(
            (float(opened.lstrip(">")), seed) for opened, seed in timed if opened != "-"
        )
        if not seconds:
            print(f"{name:14} {0:>6} {'-':>7} {'-':>8} {'-':>6} {'-':>8}", flush=True)
            continue
        slowest, seed = seconds[-1]
        over = any(opened.startswith(">") for opened, _ in timed)
        peak = "-" if over else time_open(rules, seed)[1]
        shown = f">{OPEN_LIMIT}" if over else f"{slowest:.2f}"
        median = statistics.median(value for value, _ in seconds)
        over_1 = sum(1 for value, _ in seconds if value > 1)
        print(
            f"{name:14} {len(seconds):>6} {median:>7.2f} {shown:>8} {peak:>6} {over_1:>8}",
            flush=True,
        )


class _Recorder:
    """One of trick play's steps as the search calls it: the calls counted, and an even
    sample of their arguments kept (every `stride`-th call, the stride doubled each time
    `FLOOR_SAMPLE` are kept; hands and tricks copied, as the search changes them)."""

    def __init__(self, step: Callable[..., Any]) -> None:
        self.step = step
        self.count = 0
        self.stride = 1
        self.sample: list[tuple[Any, ...]] = []

    def __call__(self, *args: Any) -> Any:
        self.count += 1
        if self.count % self.stride == 0:
            self.sample.append(tuple(tuple(a) if isinstance(a, list) else a for a in args))
            if len(self.sample) >= FLOOR_SAMPLE:
                del self.sample[1::2]
                self.stride *= 2
        return self.step(*args)

    def seconds(self) -> float:
        """The CPU seconds of every call, from the sample's calls made again (less the
        loop around them)."""
        step, sample = self.step, self.sample
        start = time.process_time()
        for args in sample:
            step(*args)
        spent = time.process_time() - start
        start = time.process_time()
        for _args in sample:
            pass
        spent -= time.process_time() - start
        return max(0.0, spent) / max(1, len(sample)) * self.count


def searched(state: GameState) -> tuple[_Recorder, _Recorder]:
    """`open_hands(state)`, with trick play's two steps recorded where its search calls
    them: `after_play` (`setback.bots.solver`'s, once a card is played) and `open_cards`
    (`setback.coach`'s, a seat's cards it may play)."""
    played, opened = _Recorder(after_play), _Recorder(open_cards)
    setattr(solver_module, "after_play", played)  # noqa: B010 (the search's own names)
    setattr(coach_module, "open_cards", opened)  # noqa: B010
    try:
        open_hands(state)
    finally:
        setattr(solver_module, "after_play", after_play)  # noqa: B010
        setattr(coach_module, "open_cards", open_cards)  # noqa: B010
    return played, opened


def floor(presets: list[str], deals: int = 1) -> None:
    """For each preset, the slowest of `deals` deals' `open_hands` (as `opening` times
    them; the search is the same each run): the cards its search played, its CPU seconds
    and the microseconds a card; the CPU seconds of its `after_play` calls alone (one a
    card), how many times it asked `open_cards` and their CPU seconds alone, and the
    microseconds of a step of either kind."""
    print(
        f"{'preset':14} {'seed':>5} {'cards':>10} {'seconds':>8} {'us/card':>8} "
        f"{'after_play s':>12} {'open_cards':>10} {'open_cards s':>12} {'us/step':>8}"
    )
    for name in presets:
        rules = Rules.preset(name)
        slowest: tuple[float, int, GameState] | None = None
        for deal in range(deals):
            state = trick_play_begins(rules, 10 * deal)
            if state is None:
                continue
            start = time.process_time()
            open_hands(state)
            seconds = time.process_time() - start
            if slowest is None or seconds > slowest[0]:
                slowest = (seconds, 10 * deal, state)
        if slowest is None:
            print(f"{name:14} {'-':>5}", flush=True)
            continue
        seconds, seed, state = slowest
        played, opened = searched(state)
        count, played_seconds, opened_seconds = played.count, played.seconds(), opened.seconds()
        a_step = (played_seconds + opened_seconds) / max(1, count + opened.count) * 1e6
        print(
            f"{name:14} {seed:>5} {count:>10} {seconds:8.2f} "
            f"{seconds / max(1, count) * 1e6:8.1f} {played_seconds:12.3f} "
            f"{opened.count:>10} {opened_seconds:12.3f} {a_step:8.2f}",
            flush=True,
        )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def speed(presets: list[str], positions: int) -> None:
    print(
        f"{'preset':14} {'hint p50':>9} {'p99':>7} {'max':>7} {'review':>8} {'open':>7} {'MB':>6}"
    )
    for name in presets:
        rules = Rules.preset(name)
        times = []
        for view in decisions(rules, positions):
            start = time.process_time()
            hint(view)
            times.append(time.process_time() - start)
        record = game_record(first_hand(rules, 0))
        slowest = 0.0
        for seat in range(rules.players):
            start = time.process_time()
            review(record, seat, hand=0)
            slowest = max(slowest, time.process_time() - start)
        opened, peak = time_open(rules)
        print(
            f"{name:14} {statistics.median(times):9.3f} {percentile(times, 0.99):7.3f} "
            f"{max(times):7.3f} {slowest:8.2f} {opened:>7} {peak:>6}",
            flush=True,
        )


def _brute(state: GameState, side: int) -> int:
    number = state.hand_number
    seat = state.to_act
    assert seat is not None
    values = []
    for action in legal_actions(state):
        after = apply_action(state, action)
        if after.hand_number != number or after.is_over:
            changes = after.history[number].score_changes
            values.append(changes[side] - max(c for s, c in enumerate(changes) if s != side))
        else:
            values.append(_brute(after, side))
    return max(values) if state.rules.side_of(seat) == side else min(values)


TRUTH = Path(__file__).resolve().parent / "coach"
"""Where `truth` keeps each preset's figures (`truth-PRESET.json`), read by `truth-report`."""


def truth(presets: list[str], count: int, keep: Path | None = None) -> None:
    print(f"{'preset':14} {'covered':>9} {'values':>7} {'open = brute':>13} {'losses add up':>14}")
    for name in presets:
        rules = Rules.preset(name)
        start = time.process_time()
        covered = total = decided = 0
        missed_decisions = 0  # decisions with a value its interval did not cover
        for view in decisions(rules, count):
            quick = evaluate(view, seed=1)
            slow = evaluate(view, budget=FACTOR * DEFAULT_BUDGET, seed=2)
            missed = 0
            for value in quick.values:
                low, high = value.interval
                reference = slow.value_of(value.action).value
                hit = low - 1e-9 <= reference <= high + 1e-9  # equal but for rounding
                covered += hit
                missed += not hit
                total += 1
            decided += 1
            missed_decisions += missed > 0
        agreed = checked = 0
        for seed in range(3):
            state = first_hand(rules, seed)
            record = game_record(state)
            replayed = new_game(
                rules, seed=record.seed, dealer=record.dealer, hands=record.hands, deck=record.deck
            )
            for action in record.actions:
                if replayed.phase is Phase.PLAY and len(replayed.tricks) == rules.deal - 2:
                    break
                replayed = apply_action(replayed, action)
            if replayed.phase is not Phase.PLAY or replayed.hand_number != 0:
                continue
            seat = replayed.to_act
            assert seat is not None
            analysis = open_hands(replayed)
            agreed += analysis.moves[0][1] == _brute(replayed, rules.side_of(seat))
            checked += 1
        done = review(game_record(first_hand(rules, 0)), 0, hand=0)
        adds = abs(done.total_loss - sum(d.loss for d in done.decisions)) < 1e-9
        document = {
            "preset": name,
            "decisions": decided,
            "values": total,
            "covered": covered,
            "decisions_with_a_miss": missed_decisions,
            "open_agreed": agreed,
            "open_checked": checked,
            "losses_add_up": adds,
            "seconds": round(time.process_time() - start, 1),
            "date": time.strftime("%Y-%m-%d"),
        }
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            path = keep / f"truth-{name}.json"
            path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        print(
            f"{name:14} {covered / max(1, total):9.1%} {total:7} {agreed:>6} of {checked:<4} "
            f"{'yes' if adds else 'NO':>14}",
            flush=True,
        )


def truth_report(kept: Path) -> None:
    """The truth table (markdown) from every preset's figures kept in `kept`, presets in
    their order, those not measured marked so."""
    print(
        "| preset | decisions | values | covered | decisions with a miss | open = brute "
        "| losses add up | CPU | date |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name in PRESET_NAMES:
        path = kept / f"truth-{name}.json"
        if not path.exists():
            print(f"| {name} | not measured | | | | | | | |")
            continue
        d = json.loads(path.read_text(encoding="utf-8"))
        share = d["covered"] / max(1, d["values"])
        mark = "" if share >= 0.9 else " **below 90%**"
        print(
            f"| {name} | {d['decisions']} | {d['values']} | {share:.1%}{mark} | "
            f"{d['decisions_with_a_miss']} | {d['open_agreed']} of {d['open_checked']} | "
            f"{'yes' if d['losses_add_up'] else '**no**'} | {d['seconds']:.0f} s | {d['date']} |"
        )


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("speed", "open", "floor", "truth", "truth-report", "all"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    kept = TRUTH
    for word in rest:
        if word.startswith("--dir="):
            kept = Path(word.removeprefix("--dir="))
    if command == "truth-report":
        truth_report(kept)
        return 0
    keep = kept if "--keep" in rest else None
    rest = [word for word in rest if word != "--keep" and not word.startswith("--dir=")]
    numbers = [int(word) for word in rest if word.isdigit()]
    presets = [word for word in rest if not word.isdigit()] or list(PRESET_NAMES)
    if command == "open":
        opening(presets, numbers[0] if numbers else 1)
    if command == "floor":
        floor(presets, numbers[0] if numbers else 1)
    if command in ("speed", "all"):
        speed(presets, numbers[0] if numbers else 100)
    if command in ("truth", "all"):
        at = 1 if command == "all" else 0
        truth(presets, numbers[at] if len(numbers) > at else 200, keep)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
