"""Duplicate matches between bots: `duel`, `ladder`, and their results.

A duplicate match plays every deal more than once, with the line-ups swapped
between the seatings, so the cards cancel out: what one line-up is dealt in
one seating, the other is dealt in the next. Deal *i* is the game seed
`seed + i`; the library deals each hand from (seed, hand number), so every
seating of a deal gets the same cards hand by hand for as long as both games
last, the same first dealer, and bots seeded alike seat by seat.

With two sides (partners, or two players) a deal is played twice. With more
sides (each for himself, or three partnerships) the line-ups alternate round
the sides, and a deal is played once for every rotation of that pattern and
of its mirror image, so each line-up sits at every place equally often.

As with `simulate`, the deals are split into ranges, one task each, run here
or over any `concurrent.futures.Executor`; every count is a whole number, so
the result is the same for a seed however the work is split. Only the timing
fields differ from run to run, and they are left out of equality.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from fractions import Fraction
from typing import Any

import attrs

from .engine import apply_action, new_game
from .errors import RulesError
from .rules import Rules
from .simulation import BotSpec, check_specs, make_bot, spec_name, whole_number
from .views import observe

__all__ = [
    "DuelResult",
    "LadderResult",
    "LineupResult",
    "duel",
    "ladder",
    "paired_interval",
    "seatings",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""The two-sided 95% point of the normal distribution."""


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    """The Wilson 95% interval `(low, high)` of a win rate of `wins` out of `games`.

    Examples:
        >>> low, high = wilson_interval(60, 100)
        >>> round(low, 3), round(high, 3)
        (0.502, 0.691)

    Raises:
        RulesError: `games` is below 1, or `wins` is not from 0 to `games`.
    """
    if games < 1 or not 0 <= wins <= games:
        raise RulesError(f"a win rate needs 0 <= wins <= games and games >= 1: {wins}/{games}")
    p, z2 = wins / games, Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_interval(differences: Sequence[float], hands: Sequence[int]) -> tuple[float, float]:
    """The 95% interval of a mean per hand, paired by deal: `differences[d]` is the sum over
    deal d's hands (every seating) of the first line-up's points minus the second's, and
    `hands[d]` how many hands that was.

    The mean is the ratio of the totals; its spread is that of the deals' residuals from
    it (`differences[d] - mean * hands[d]`), so a deal's seatings count as one draw (the
    cards they share make them move together). With fewer than two deals there is no
    spread to measure: both ends are `nan`.

    Examples:
        >>> low, high = paired_interval([3, -1, 4, 2], [4, 4, 4, 4])
        >>> round(low, 4), round(high, 4)
        (-0.0293, 1.0293)

    Raises:
        RulesError: the two sequences differ in length, or there are no hands.
    """
    if len(differences) != len(hands):
        raise RulesError("paired_interval: one count of hands per deal")
    total_d = sum(Fraction(d) for d in differences)
    total_h = sum(hands)
    if total_h < 1:
        raise RulesError("paired_interval: there are no hands")
    return _ratio_interval(
        len(hands),
        total_d,
        total_h,
        sum(Fraction(d) ** 2 for d in differences),
        sum(h * h for h in hands),
        sum(Fraction(d) * h for d, h in zip(differences, hands, strict=True)),
    )


def _ratio_interval(
    n: int, sd: Fraction | int, sh: int, sdd: Fraction | int, shh: int, sdh: Fraction | int
) -> tuple[float, float]:
    """`paired_interval` from the sums: of d, h, d*d, h*h and d*h over n deals."""
    ratio = Fraction(sd) / sh
    if n < 2:
        return math.nan, math.nan
    residual = sdd - 2 * ratio * sdh + ratio * ratio * shh
    spread = math.sqrt(max(0.0, float(residual * n / (n - 1)))) / sh
    return float(ratio) - Z95 * spread, float(ratio) + Z95 * spread


def seatings(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The seatings of a deal: for each, the line-up (0 or 1) of every side.

    The line-ups alternate round the sides (0, 1, 0, 1, ...); a deal is played in every
    rotation of that pattern and of its mirror image, each once: two seatings with two
    sides (or any even number of them), six with three.

    Examples:
        >>> seatings(Rules.setback())
        ((0, 1), (1, 0))
        >>> len(seatings(Rules.setback(players=3, partnerships=False)))
        6
    """
    count = rules.side_count
    base = tuple(side % 2 for side in range(count))
    found: dict[tuple[int, ...], None] = {}
    for pattern in (base, tuple(1 - x for x in base)):
        for shift in range(count):
            found[pattern[shift:] + pattern[:shift]] = None
    return tuple(found)


@attrs.frozen
class LineupResult:
    """How one line-up of a duel did: whole-number counts, its points, and its timing.

    The timing fields are measured (CPU time of the process that ran the bot) and are
    left out of equality: two runs of the same duel are equal whatever the machine did.
    """

    bot: str
    """The bot's name (its spec as `simulate` names it)."""
    games_won: int
    """Games a seat of this line-up won."""
    hands_won: int
    """Hands where this line-up's sides gained more (on average per side) than the
    other line-up's."""
    points_per_hand: float
    """The mean change of this line-up's scores per hand (per side, every hand of every
    seating, passed-out hands included)."""
    decisions: int
    """Choices this line-up's bots made with more than one legal action."""
    mean_decision: float = attrs.field(eq=False)
    """The mean CPU seconds of those choices (0 when there were none)."""
    p99_decision: float = attrs.field(eq=False)
    """The 99th percentile (nearest rank) of their CPU seconds (0 when there were none)."""

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON values (`json.dumps` takes it)."""
        return attrs.asdict(self)


@attrs.frozen
class DuelResult:
    """The result of `duel`: the two line-ups over every seating of every deal.

    Equal for the same rules, bots, deals and seed however the work was split; the
    timing fields of `first` and `second` are left out of equality.
    """

    deals: int
    """How many deals were played."""
    seed: int
    """Deal i was the game seed `seed + i`."""
    seatings: int
    """How many times each deal was played (see `seatings`)."""
    games: int
    """Games played: `deals * seatings`."""
    unfinished: int
    """Games stopped with no winner after `max_hands` hands (won by neither)."""
    hands: int
    """Hands played over every game, passed-out hands included."""
    first: LineupResult
    """The first line-up's counts and timing."""
    second: LineupResult
    """The second line-up's counts and timing."""
    points_per_hand: float
    """The first line-up's mean points per hand minus the second's (per side)."""
    points_interval: tuple[float, float]
    """The 95% interval of `points_per_hand`, paired by deal (`paired_interval`); `nan`
    at both ends with fewer than two deals."""
    max_hands: int
    """The hand limit each game was played under."""

    @property
    def win_rate(self) -> float:
        """The first line-up's share of the finished games (`nan` when none finished)."""
        finished = self.first.games_won + self.second.games_won
        return self.first.games_won / finished if finished else math.nan

    @property
    def win_interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of `win_rate` (`nan` at both ends when no game
        finished)."""
        finished = self.first.games_won + self.second.games_won
        if not finished:
            return math.nan, math.nan
        return wilson_interval(self.first.games_won, finished)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON values, the properties included (`nan` becomes None)."""
        out = attrs.asdict(self)
        out["win_rate"] = self.win_rate
        out["win_interval"] = self.win_interval
        safe: dict[str, Any] = _json_safe(out)
        return safe


@attrs.frozen
class LadderResult:
    """The result of `ladder`: a duel for every pair of bots, and a rating for each.

    A bot's rating is in Elo points, from its share of the games it finished against
    the field (`400 * log10(share / (1 - share))`, the share kept within 0.1% and
    99.9%); its interval maps the Wilson interval of that share the same way.
    """

    bots: tuple[str, ...]
    """The bots' names, in the order given."""
    duels: tuple[DuelResult, ...]
    """The duel of bots i and j (i < j, i first) for every pair, in the order (0, 1),
    (0, 2), ..., (1, 2), ..."""
    games_won: tuple[int, ...]
    """Games each bot won, over all its duels."""
    games_finished: tuple[int, ...]
    """Finished games each bot played, over all its duels."""
    points_per_hand: tuple[float, ...]
    """Each bot's paired points per hand, averaged over its duels (against each other
    bot once)."""

    @property
    def ratings(self) -> tuple[float, ...]:
        """Each bot's rating (Elo points against the field)."""
        return tuple(
            _elo(won / games if games else 0.5)
            for won, games in zip(self.games_won, self.games_finished, strict=True)
        )

    @property
    def rating_intervals(self) -> tuple[tuple[float, float], ...]:
        """The 95% interval of each rating (from the Wilson interval of its share)."""
        out = []
        for won, games in zip(self.games_won, self.games_finished, strict=True):
            if not games:
                out.append((math.nan, math.nan))
                continue
            low, high = wilson_interval(won, games)
            out.append((_elo(low), _elo(high)))
        return tuple(out)

    def duel_of(self, first: int, second: int) -> DuelResult:
        """The duel between bots `first` and `second` (by index, `first < second`)."""
        if not 0 <= first < second < len(self.bots):
            raise RulesError(f"no duel of bots {first} and {second} (give i < j)")
        n = len(self.bots)
        index = first * n - first * (first + 1) // 2 + (second - first - 1)
        return self.duels[index]

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON values, the ratings included (`nan` becomes None)."""
        safe: dict[str, Any] = _json_safe(
            {
                "bots": self.bots,
                "ratings": self.ratings,
                "rating_intervals": self.rating_intervals,
                "games_won": self.games_won,
                "games_finished": self.games_finished,
                "points_per_hand": self.points_per_hand,
                "duels": [duel.to_dict() for duel in self.duels],
            }
        )
        return safe


def _elo(share: float) -> float:
    share = min(0.999, max(0.001, share))
    return 400 * math.log10(share / (1 - share))


def _json_safe(value: Any) -> Any:
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, dict):
        return {key: _json_safe(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(item) for item in value]
    return value


# --- the tasks -----------------------------------------------------------------------------


@attrs.frozen
class _Part:
    """What one task counted (deals `first` to `first + deals - 1`). Points are scaled to
    whole numbers: a hand's difference is `sum(first's changes) * n2 - sum(second's) * n1`
    (n1, n2: how many sides each line-up has; `n1 * n2` is the same in every seating),
    and a line-up's own points are its changes' sum times the other's side count."""

    first: int
    deals: int
    games: int = 0
    unfinished: int = 0
    hands: int = 0
    games_won: tuple[int, int] = (0, 0)
    hands_won: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)
    sums: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # d, h, d*d, h*h, d*h per deal
    times: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())


def _play_deals(
    rules: Rules, specs: tuple[BotSpec, BotSpec], first: int, count: int, max_hands: int
) -> _Part:
    """Every seating of deals `first` to `first + count - 1`: one task."""
    patterns = seatings(rules)
    players = rules.players
    side_of = rules.seat_sides
    games = unfinished = hands = 0
    games_won, hands_won, points = [0, 0], [0, 0], [0, 0]
    sums = [0, 0, 0, 0, 0]
    times: tuple[list[float], list[float]] = ([], [])
    clock = time.process_time
    for seed in range(first, first + count):
        rng = random.Random(seed)
        bot_seeds = [rng.getrandbits(32) for _ in range(players)]
        dealer = rng.randrange(players)
        deal_d = deal_h = 0
        for pattern in patterns:
            n1 = pattern.count(0)
            n2 = len(pattern) - n1
            lineup = [pattern[side_of[seat]] for seat in range(players)]
            bots = [make_bot(specs[lineup[seat]], bot_seeds[seat]) for seat in range(players)]
            state = new_game(rules, seed=seed, dealer=dealer)
            while not state.is_over and len(state.history) < max_hands:
                seat = state.to_act
                assert seat is not None
                view = observe(state, seat)
                if len(view.legal_actions) > 1:
                    start = clock()
                    action = bots[seat].choose(view)
                    times[lineup[seat]].append(clock() - start)
                else:
                    action = bots[seat].choose(view)
                state = apply_action(state, action, seat=seat)
            games += 1
            if state.winner is None:
                unfinished += 1
            else:
                games_won[pattern[state.winner]] += 1
            for result in state.history:
                one = two = 0
                for side, change in enumerate(result.score_changes):
                    if pattern[side]:
                        two += change
                    else:
                        one += change
                difference = one * n2 - two * n1
                points[0] += one * n2
                points[1] += two * n1
                if difference > 0:
                    hands_won[0] += 1
                elif difference < 0:
                    hands_won[1] += 1
                deal_d += difference
                deal_h += 1
        hands += deal_h
        for i, value in enumerate(
            (deal_d, deal_h, deal_d * deal_d, deal_h * deal_h, deal_d * deal_h)
        ):
            sums[i] += value
    return _Part(
        first,
        count,
        games,
        unfinished,
        hands,
        (games_won[0], games_won[1]),
        (hands_won[0], hands_won[1]),
        (points[0], points[1]),
        (sums[0], sums[1], sums[2], sums[3], sums[4]),
        (tuple(times[0]), tuple(times[1])),
    )


def _result(
    rules: Rules,
    names: tuple[str, str],
    parts: list[_Part],
    deals: int,
    seed: int,
    max_hands: int,
) -> DuelResult:
    """The duel's result from its tasks' counts (added in seed order)."""
    parts = sorted(parts, key=lambda part: part.first)
    sides = rules.side_count
    scale = (sides + 1) // 2 * (sides // 2)
    games = sum(part.games for part in parts)
    hands = sum(part.hands for part in parts)
    sums = [sum(part.sums[i] for part in parts) for i in range(5)]
    lineups = []
    for k in (0, 1):
        times = sorted(t for part in parts for t in part.times[k])
        points = sum(part.points[k] for part in parts)
        lineups.append(
            LineupResult(
                bot=names[k],
                games_won=sum(part.games_won[k] for part in parts),
                hands_won=sum(part.hands_won[k] for part in parts),
                points_per_hand=points / scale / hands if hands else 0.0,
                decisions=len(times),
                mean_decision=sum(times) / len(times) if times else 0.0,
                p99_decision=times[math.ceil(0.99 * len(times)) - 1] if times else 0.0,
            )
        )
    if hands:
        low, high = _ratio_interval(deals, *sums)
        interval = (low / scale, high / scale)
        mean = sums[0] / scale / sums[1]
    else:
        interval, mean = (math.nan, math.nan), 0.0
    return DuelResult(
        deals=deals,
        seed=seed,
        seatings=len(seatings(rules)),
        games=games,
        unfinished=sum(part.unfinished for part in parts),
        hands=hands,
        first=lineups[0],
        second=lineups[1],
        points_per_hand=mean,
        points_interval=interval,
        max_hands=max_hands,
    )


def _check(
    rules: object, deals: object, seed: object, executor: object, max_hands: object
) -> tuple[Rules, int, int, int]:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    if type(seed) is not int:
        raise TypeError(f"seed must be a whole number (an int), not {type(seed).__name__}")
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(
            f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}"
        )
    return rules, whole_number("deals", deals, 1), seed, whole_number("max_hands", max_hands, 1)


def _spec(rules: Rules, spec: BotSpec) -> BotSpec:
    return check_specs(rules, [spec])[0]


def _run(
    rules: Rules,
    pairs: list[tuple[BotSpec, BotSpec]],
    deals: int,
    seed: int,
    executor: Executor | None,
    chunk: int | None,
    max_hands: int,
    progress: Callable[[int, int], None] | None,
) -> list[DuelResult]:
    """The duels of `pairs`, their tasks all run together (here, or on `executor`)."""
    size = max(1, -(-deals // 100)) if chunk is None else whole_number("chunk", chunk, 1)
    per_deal = len(seatings(rules))
    total = len(pairs) * deals * per_deal
    jobs = [
        (k, first, min(size, seed + deals - first))
        for k in range(len(pairs))
        for first in range(seed, seed + deals, size)
    ]
    parts: list[list[_Part]] = [[] for _ in pairs]
    done = 0
    if executor is None:
        for k, first, count in jobs:
            parts[k].append(_play_deals(rules, pairs[k], first, count, max_hands))
            done += count * per_deal
            if progress is not None:
                progress(done, total)
    else:
        futures: dict[Future[_Part], int] = {
            executor.submit(_play_deals, rules, pairs[k], first, count, max_hands): k
            for k, first, count in jobs
        }
        try:
            for future in as_completed(futures):
                part = future.result()
                parts[futures[future]].append(part)
                done += part.deals * per_deal
                if progress is not None:
                    progress(done, total)
        finally:
            for future in futures:  # after a failure, the tasks not yet started
                future.cancel()
    return [
        _result(rules, (spec_name(a), spec_name(b)), parts[k], deals, seed, max_hands)
        for k, (a, b) in enumerate(pairs)
    ]


def duel(
    rules: Rules,
    first: BotSpec,
    second: BotSpec,
    *,
    deals: int,
    seed: int,
    executor: Executor | None = None,
    chunk: int | None = None,
    max_hands: int = 1000,
    progress: Callable[[int, int], None] | None = None,
) -> DuelResult:
    """A duplicate match: bots of `first` against bots of `second` over `deals` deals.

    Deal i is the game seed `seed + i`, played once in every seating (`seatings`):
    each line-up's bot plays every seat of the sides it holds, with the same cards,
    the same first dealer and the same bot seeds seat by seat as the other line-up
    had in the mirror seating. Bots see only their own views. Every choice with
    more than one legal action is timed (CPU time).

    Args:
        rules: the rules of every game.
        first: the first line-up's bot: a name from `BOTS` or a callable taking
            `seed=` (a `BotSpec`).
        second: the second line-up's bot.
        deals: how many deals (each is played `len(seatings(rules))` times).
        seed: deal i is played from the game seed `seed + i`.
        executor: where to run the tasks (`simulate` says which kinds); None runs
            them here. The result is the same either way.
        chunk: deals per task (default: enough for about 100 tasks).
        max_hands: a game with no winner after this many hands stops unfinished.
        progress: called as `progress(games done, games in all)` after each task.

    Returns:
        The counts, points and timing of both line-ups.

    Examples:
        >>> result = duel(Rules.setback(target=7), "heuristic", "random", deals=2, seed=0)
        >>> result.games, result.first.games_won + result.second.games_won + result.unfinished
        (4, 4)

    Raises:
        TypeError: a value of the wrong kind (rules, a count, a bot spec, the executor).
        RulesError: a count out of range or an unknown bot name.
    """
    rules, deals, seed, max_hands = _check(rules, deals, seed, executor, max_hands)
    pair = (_spec(rules, first), _spec(rules, second))
    return _run(rules, [pair], deals, seed, executor, chunk, max_hands, progress)[0]


def ladder(
    rules: Rules,
    bots: Sequence[BotSpec],
    *,
    deals: int,
    seed: int,
    executor: Executor | None = None,
    chunk: int | None = None,
    max_hands: int = 1000,
    progress: Callable[[int, int], None] | None = None,
) -> LadderResult:
    """A duplicate duel for every pair of `bots` (round robin) on the same deals, and a
    rating for each bot against the field.

    Args:
        rules: the rules of every game.
        bots: two or more bot specs (`BotSpec`), each a different bot.
        deals: how many deals in each duel.
        seed: deal i of every duel is the game seed `seed + i`.
        executor: where to run the tasks (all duels' at once); None runs them here.
        chunk: deals per task (default: enough for about 100 tasks per duel).
        max_hands: a game with no winner after this many hands stops unfinished.
        progress: called as `progress(games done, games in all)` after each task.

    Returns:
        Every duel, each bot's wins and points against the field, and its rating.

    Examples:
        >>> table = ladder(Rules.setback(target=5), ["heuristic", "random", "cautious"],
        ...                deals=1, seed=0)
        >>> table.bots, len(table.duels)
        (('heuristic', 'random', 'cautious'), 3)

    Raises:
        TypeError: a value of the wrong kind.
        RulesError: fewer than two bots, the same bot twice, a count out of range, or an
            unknown bot name.
    """
    rules, deals, seed, max_hands = _check(rules, deals, seed, executor, max_hands)
    if isinstance(bots, str):
        raise TypeError("bots must be a sequence of bot specs")
    specs = [_spec(rules, spec) for spec in bots]
    names = tuple(spec_name(spec) for spec in specs)
    if len(specs) < 2:
        raise RulesError(f"a ladder needs two bots or more, not {len(specs)}")
    if len(set(names)) != len(names):
        raise RulesError(f"a ladder takes each bot once: {', '.join(names)}")
    pairs = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    duels = _run(
        rules,
        [(specs[i], specs[j]) for i, j in pairs],
        deals,
        seed,
        executor,
        chunk,
        max_hands,
        progress,
    )
    won = [0] * len(specs)
    finished = [0] * len(specs)
    points: list[list[float]] = [[] for _ in specs]
    for (i, j), result in zip(pairs, duels, strict=True):
        both = result.first.games_won + result.second.games_won
        won[i] += result.first.games_won
        won[j] += result.second.games_won
        finished[i] += both
        finished[j] += both
        points[i].append(result.points_per_hand)
        points[j].append(-result.points_per_hand)
    return LadderResult(
        bots=names,
        duels=tuple(duels),
        games_won=tuple(won),
        games_finished=tuple(finished),
        points_per_hand=tuple(sum(p) / len(p) for p in points),
    )
