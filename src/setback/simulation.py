"""Many games at once: `simulate` over any `concurrent.futures.Executor`, and its summary.

Game *i* of a run is played from seed `seed + i`, whoever plays it and
wherever: the games are split into ranges of seeds, each range is played by
one task (in this process, in a process pool, or on a cluster), and the
tasks' counts are added up. Every count is a whole number, so the summary is
the same however the games were split and in whatever order the tasks
finished.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from types import MappingProxyType
from typing import Any, TypeVar

import attrs

from .actions import Action, Bid, Pass
from .bots import Bot, play_game
from .bots import levels as _levels
from .bots._batch_core import Decision, results_of, uniform
from .bots.levels import BotSpec
from .bots.playout import random_cards
from .dealing import next_dealer, start_hand
from .engine import apply_action, legal_actions, new_game
from .errors import RulesError
from .rules import Rules
from .scoring import game_end
from .state import GameState, HandResult, Phase

__all__ = ["BOTS", "BotSpec", "SimulationSummary", "simulate"]

BOTS: Mapping[str, Callable[[int], Bot]] = MappingProxyType(
    {name: functools.partial(_levels.named, name) for name in _levels.KINDS}
)
"""The built-in bots by name (the names `simulate(bots=...)`, the arena and every `--bot`
take): the levels `easy`, `medium`, `hard` and `expert` (`setback.bots.LEVELS`), then
`random`, `cautious`, `heuristic`, `montecarlo` and `solver`; each makes a bot from a
seed. Read-only. A name with options (`expert:playouts=60`) is read by
`setback.bots.parse_spec`."""

_PASS = Pass()
_T = TypeVar("_T")


@attrs.frozen
class SimulationSummary:
    """What happened in a run of `simulate`: whole-number counts only.

    Two summaries of the same games are equal however the games were split
    among workers. Rates are the counts divided (`contracts` gives bids and
    makes per level; `wins[side] / games` is a side's share).
    """

    games: int
    """How many games were played."""
    hands: int
    """How many hands they had, passed-out hands included."""
    passed_out: int
    """Hands that everyone passed (nothing was scored)."""
    points: int
    """Points taken in all played hands, by every side (each point counts its worth)."""
    contracts: tuple[tuple[int, int, int], ...]
    """`(level, bid, made)` per contract level that won an auction, lowest first: how
    often it was the contract and how often the pitching side made it (a Smudge
    counts at `smudge_level`)."""
    wins: tuple[int, ...]
    """Games won by each side."""
    unfinished: int
    """Games stopped with no winner after `max_hands` hands."""
    bots: tuple[str, ...]
    """The name of each side's bot; empty when cautious random players played on the
    full state."""
    smudge_level: int | None
    """The contract level of a Smudge under the rules, or None without Smudge."""
    max_hands: int
    """The hand limit each game was played under."""
    shoot_level: int | None = attrs.field(default=None, kw_only=True)
    """The contract level of a shoot (`Rules.shoot`), or None without one."""


def spec_name(spec: BotSpec) -> str:
    """How results name a bot spec: a level's name, a configured spec's text, a partial's
    function with its arguments, or a callable's qualified name."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, _levels.Configured):
        return spec.text
    if isinstance(spec, functools.partial):
        words = [*map(repr, spec.args), *(f"{k}={v!r}" for k, v in spec.keywords.items())]
        return f"{spec_name(spec.func)}({', '.join(words)})"
    name = getattr(spec, "__qualname__", None)
    return name if isinstance(name, str) else repr(spec)


def make_bot(spec: BotSpec, seed: int) -> Bot:
    """The bot of `spec` (a level's name or a callable taking `seed=`), seeded with `seed`."""
    if isinstance(spec, str):
        return _levels.bot(spec, seed=seed)
    return spec(seed=seed)


_PASSES = 0.75
"""How often the cautious random players pass when they may (and have another call)."""
_LOWEST = 0.75
"""How often they bid the lowest plain bid when they do not pass (and one is open)."""


def _cautious_pick(
    can_pass: bool,
    calls: Sequence[_T],
    bids: Sequence[_T],
    chance: Callable[[int], float],
    pick: Callable[[Sequence[_T]], _T],
) -> _T | None:
    """The cautious random players' call (None: a pass), the one home of their rule, asked
    by the unbatched players (`_cautious_choice`) and the batched ones (`_cautious_call`):
    pass when they may, three times in four (`_PASSES`, draw 0 of `chance`), else the
    lowest of `bids` (the plain bids open, lowest first) three times in four (`_LOWEST`,
    draw 1), else any of `calls` (every call open but the pass) by `pick`. Uniformly
    random calls are mostly failed Smudges, and a bid-out game played that way almost
    never ends; these players make and lose plausible contracts."""
    if can_pass and (not calls or chance(0) < _PASSES):
        return None
    if bids and chance(1) < _LOWEST:
        return bids[0]
    return pick(calls)


def _cautious_choice(state: GameState, rng: random.Random) -> Action:
    """A random legal action that passes when it may and bids low (`_cautious_pick`)."""
    legal = legal_actions(state)
    if state.phase is not Phase.BIDDING:
        return rng.choice(legal)
    calls = [action for action in legal if action != _PASS]
    bids = [action for action in calls if isinstance(action, Bid)]
    call = _cautious_pick(legal[0] == _PASS, calls, bids, lambda _: rng.random(), rng.choice)
    return _PASS if call is None else call


def _random_game(rules: Rules, seed: int, max_hands: int) -> GameState:
    """A whole game between cautious random players on the full state, stopped
    unfinished after `max_hands` hands; deals and choices come from `seed`."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=rng.randrange(rules.players))
    while not state.is_over and len(state.history) < max_hands:
        state = apply_action(state, _cautious_choice(state, rng))
    return state


def _bot_game(rules: Rules, specs: Sequence[BotSpec], seed: int, max_hands: int) -> GameState:
    """A whole game with a bot made from `specs[side]` in every seat of each side."""
    rng = random.Random(seed)
    bots = [
        make_bot(specs[rules.side_of(seat)], rng.getrandbits(32)) for seat in range(rules.players)
    ]
    return play_game(
        rules, bots, seed=seed, dealer=rng.randrange(rules.players), max_hands=max_hands
    )


BATCHED = ("random", "cautious")
"""The bots `simulate(batched=True)` plays through the batched engine."""


def _cautious_call(decision: Decision, k: int) -> int:
    """`_cautious_choice`'s call as a batched policy's, for the `k`-th hand of `decision`
    (its luck the decision's: draw 0 whether to pass, draw 1 whether to bid lowest, draw
    2 which call)."""
    from .bots.batch import PITCH

    rules = decision.rules
    legal = int(decision.legal[k])
    pitches = 0 if decision.pitches is None else int(decision.pitches[k])
    key, step = int(decision.streams[k]), int(decision.steps[k])
    calls = legal & ~1
    listed = [level for level in range(64) if calls >> level & 1]
    listed += [PITCH + card for card in range(64) if pitches >> card & 1]
    bids = [level for level in listed if 1 <= level <= rules.max_plain_bid]

    def chance(draw: int) -> float:
        return uniform(key, step, draw)

    def pick(options: Sequence[int]) -> int:
        return options[int(uniform(key, step, 2) * len(options))]

    call = _cautious_pick(bool(legal & 1), listed, bids, chance, pick)
    return 0 if call is None else call


def _cautious_policy(decision: Decision) -> Any:
    """The cautious random players (`_cautious_choice`) as a batched policy:
    `_cautious_call` in the auction, else a uniformly random choice among the open ones
    (`_random_bot_policy`)."""
    from .bots.batch import CALL

    if decision.kind != CALL:
        return _random_bot_policy(decision)
    if isinstance(decision.legal, tuple) or (
        decision.pitches is not None and any(decision.pitches)
    ):
        return [_cautious_call(decision, k) for k in range(len(decision))]
    return _cautious_calls(decision)


def _cautious_calls(decision: Decision) -> Any:
    """`_cautious_call` on numpy arrays (no pitches), to the same bits."""
    import numpy

    from .bots._batch_numpy import highest_bit, kth_bit, popcount

    u64 = numpy.uint64
    legal = decision.legal
    calls = legal & ~u64(1)
    passing = ((legal & u64(1)) != 0) & ((calls == 0) | (decision.uniform(0) < _PASSES))
    bids = calls & u64((1 << (decision.rules.max_plain_bid + 1)) - 2)
    lowest = highest_bit(bids & (~bids + u64(1)))
    anyone = kth_bit(calls, (decision.uniform(2) * popcount(calls)).astype(numpy.int64))
    bidding = (bids != 0) & (decision.uniform(1) < _LOWEST)
    return numpy.where(passing, 0, numpy.where(bidding, lowest, anyone)).astype(numpy.int64)


def _uniform_discard(decision: Decision, k: int) -> int:
    """A discard drawn uniformly from every discard open in the `k`-th hand of `decision`
    (`RandomBot`'s and the cautious players' `rng.choice` over the legal discards), with the
    decision's luck: draw 0 picks one of the open discards (so a size by how many discards
    it has), the next draws its cards.

    What is open (`Decision`'s `"discard"`): `fewest` to `most` cards of `legal`, all of
    `first` before any other. So a discard of `size` cards is `size` of `first` when `size`
    is below `first`'s count, else all of `first` and `size - f` of the others."""
    legal = int(decision.legal[k])
    assert decision.fewest is not None and decision.most is not None
    assert decision.first is not None
    fewest, most, first = int(decision.fewest[k]), int(decision.most[k]), int(decision.first[k])
    key, step = int(decision.streams[k]), int(decision.steps[k])
    n, f = legal.bit_count(), first.bit_count()
    sizes = range(fewest, most + 1)
    ways = [math.comb(f, size) if size < f else math.comb(n - f, size - f) for size in sizes]
    pick = int(uniform(key, step, 0) * sum(ways))
    size = fewest
    while pick >= ways[size - fewest]:
        pick -= ways[size - fewest]
        size += 1
    draws = (uniform(key, step, draw) for draw in itertools.count(1))
    if size <= f:
        return random_cards(draws.__next__, first, size)
    return first | random_cards(draws.__next__, legal & ~first, size - f)


def _random_bot_policy(decision: Decision) -> Any:
    """`RandomBot` as a batched policy: a uniformly random choice among the open ones
    (`batch.random_policy`, but for a discard, drawn uniformly among the open discards as
    `RandomBot` draws it from `legal_actions`, not a size first)."""
    from .bots.batch import DISCARD, random_policy

    if decision.kind != DISCARD:
        return random_policy(decision)
    return [_uniform_discard(decision, k) for k in range(len(decision))]


def _cautious_bot_call(decision: Decision, k: int) -> int:
    """`RandomBot(cautious=True)`'s call in the `k`-th hand of `decision`: a pass when it
    may, else the lowest bid, else the first call open (`legal_actions` lists a pass, the
    bids low to high, the Smudge or shoot, then the pitches in card order)."""
    from .bots.batch import PITCH

    legal = int(decision.legal[k])
    if legal & 1:
        return 0
    if legal:
        return (legal & -legal).bit_length() - 1
    assert decision.pitches is not None
    pitches = int(decision.pitches[k])
    return PITCH + (pitches & -pitches).bit_length() - 1


def _cautious_bot_policy(decision: Decision) -> Any:
    """`RandomBot(cautious=True)` (the bot named "cautious") as a batched policy: in the
    auction a pass when it may, else the lowest call (`_cautious_bot_call`); else as
    `_random_bot_policy`."""
    from .bots.batch import CALL

    if decision.kind != CALL:
        return _random_bot_policy(decision)
    return [_cautious_bot_call(decision, k) for k in range(len(decision))]


def _batch_policy(specs: Sequence[BotSpec]) -> Callable[[Decision], Any]:
    """The batched policy that plays as the players of `specs` do unbatched (the same
    distribution of choices): the cautious random players for no bots, else `RandomBot`
    ("random") or `RandomBot(cautious=True)` ("cautious")."""
    if not specs:
        return _cautious_policy
    return _random_bot_policy if specs[0] == "random" else _cautious_bot_policy


_HAND_STREAMS = 4096
"""Hands of a game with a luck stream of their own under the batch seed 0: hand `number`
of game `seed` plays on stream `seed * 4096 + number % 4096` of the batch seed
`number // 4096` (`_hand_luck`)."""


def _hand_luck(seed: int, number: int) -> tuple[int, int]:
    """The batch seed and the stream of hand `number` of game `seed` (batched): a pair of
    its own for every game and hand (hand 4096 of game s does not share game s + 1's
    first hand's luck), and for the first 4096 hands of a game the batch seed 0."""
    batch_seed, hand = divmod(number, _HAND_STREAMS)
    return batch_seed, seed * _HAND_STREAMS + hand


def _batched_range(
    rules: Rules, specs: Sequence[BotSpec], first: int, count: int, max_hands: int
) -> list[tuple[int | None, list[HandResult]]]:
    """The games from seeds `first` to `first + count - 1` played together through the
    batched engine: each game's winner (None: unfinished) and its hands' results (records
    of their contract, points and score changes; no cards). Game `seed` is dealt
    from `seed` (its dealer drawn from it as `_random_game` draws it), hand by hand; a
    hand's luck is the stream of its game and number (`_hand_luck`), so a game plays the
    same in any batch."""
    from .bots.batch import SMALL_BATCH, play_batch

    policy = _batch_policy(specs)
    seeds = range(first, first + count)
    starts = [
        new_game(rules, seed=seed, dealer=random.Random(seed).randrange(rules.players))
        for seed in seeds
    ]
    states = list(starts)
    scores = [start.scores for start in starts]
    played = [0] * count
    winners: list[int | None] = [None] * count
    results: list[list[HandResult]] = [[] for _ in seeds]
    live = list(range(count))
    number = 0
    while live:
        # the last few games by the loop, faster there (`SMALL_BATCH`; the policies take
        # tuples and choose the same on them)
        play = (
            functools.partial(play_batch, engine="loop") if len(live) < SMALL_BATCH else play_batch
        )
        batch = play(
            [states[g] for g in live],
            policy,
            streams=[_hand_luck(seeds[g], number)[1] for g in live],
            seed=_hand_luck(0, number)[0],  # the same for every game: one hand number
        )
        going = []
        for g, outcome in zip(live, results_of(batch), strict=True):
            hand = HandResult(
                number=number,
                dealer=states[g].dealer,
                hands=(),
                bids=(),
                pitcher=outcome.pitcher,
                contract=outcome.contract,
                trump=outcome.trump,
                tricks=(),
                awards=outcome.awards,
                card_points=outcome.card_points,
                score_changes=outcome.score_changes,
                made=outcome.made,
            )
            results[g].append(hand)
            played[g] += hand.pitcher is not None
            end = game_end(rules, scores[g], hand, played[g])
            scores[g] = tuple(map(operator.add, scores[g], hand.score_changes))
            if end is not None:
                winners[g] = end[0]
            elif number + 1 < max_hands:
                standing = starts[g].standing
                states[g] = start_hand(
                    rules,
                    standing.origin,
                    number + 1,
                    next_dealer(rules, hand),
                    scores[g],
                    standing.history,
                    standing.earlier_log,
                    tables=standing.tables,
                    calls=standing.calls,
                )
                going.append(g)
        live = going
        number += 1
    return list(zip(winners, results, strict=True))


def _play_range(
    rules: Rules,
    specs: tuple[BotSpec, ...],
    first: int,
    count: int,
    max_hands: int,
    batched: bool = False,
) -> SimulationSummary:
    """The summary of the games from seeds `first` to `first + count - 1`: one task."""
    bid: Counter[int] = Counter()
    made: Counter[int] = Counter()
    wins = [0] * len(rules.sides)
    hands = passed = unfinished = points = 0
    games: Iterable[tuple[int | None, Iterable[HandResult]]]
    if batched and count:
        games = _batched_range(rules, specs, first, count, max_hands)
    else:
        games = (
            (final.winner, final.history)
            for final in (
                _bot_game(rules, specs, seed, max_hands)
                if specs
                else _random_game(rules, seed, max_hands)
                for seed in range(first, first + count)
            )
        )
    for winner, history in games:
        if winner is None:
            unfinished += 1
        else:
            wins[winner] += 1
        for result in history:
            hands += 1
            if result.contract is None:
                passed += 1
                continue
            bid[result.contract] += 1
            points += sum(result.points_won)
            made[result.contract] += bool(result.made)
    return SimulationSummary(
        games=count,
        hands=hands,
        passed_out=passed,
        points=points,
        contracts=tuple((level, bid[level], made[level]) for level in sorted(bid)),
        wins=tuple(wins),
        unfinished=unfinished,
        bots=tuple(spec_name(spec) for spec in specs),
        smudge_level=rules.smudge_contract,
        max_hands=max_hands,
        shoot_level=rules.shoot_contract,
    )


def _merge(parts: Iterable[SimulationSummary], empty: SimulationSummary) -> SimulationSummary:
    """The sum of the summaries of disjoint ranges of games (in any order)."""
    games = hands = passed = points = unfinished = 0
    wins = list(empty.wins)
    bid: Counter[int] = Counter()
    made: Counter[int] = Counter()
    for part in parts:
        games += part.games
        hands += part.hands
        passed += part.passed_out
        points += part.points
        unfinished += part.unfinished
        wins = [a + b for a, b in zip(wins, part.wins, strict=True)]
        for level, times, makes in part.contracts:
            bid[level] += times
            made[level] += makes
    return attrs.evolve(
        empty,
        games=games,
        hands=hands,
        passed_out=passed,
        points=points,
        contracts=tuple((level, bid[level], made[level]) for level in sorted(bid)),
        wins=tuple(wins),
        unfinished=unfinished,
    )


def check_specs(rules: Rules, bots: Sequence[BotSpec]) -> tuple[BotSpec, ...]:
    """One bot spec per side of `rules` (one given serves every side), each checked.

    Raises:
        TypeError: `bots` is text, or a spec is neither a name nor a callable.
        RulesError: an unknown name, or neither one spec nor one per side.
    """
    if isinstance(bots, str):
        raise TypeError("bots must be a sequence of bot specs, one per side (or one for all)")
    specs = tuple(bots)
    for spec in specs:
        if isinstance(spec, str):
            if spec not in BOTS:
                _levels.parse_spec(spec)  # a name with options (or refused, by name)
        elif not callable(spec):
            raise TypeError(f"a bot spec is a bot's name or a callable, not {spec!r}")
    sides = len(rules.sides)
    if len(specs) == 1:
        return specs * sides
    if specs and len(specs) != sides:
        raise RulesError(f"bots: give one, or one per side ({sides}), not {len(specs)}")
    return specs


def whole_number(name: str, value: object, least: int) -> int:
    """`value`, checked to be an int of at least `least` (`name` is the argument's name).

    Raises:
        TypeError: `value` is not an int.
        RulesError: it is below `least`.
    """
    if type(value) is not int:
        raise TypeError(f"{name} must be a whole number (an int), not {type(value).__name__}")
    if value < least:
        raise RulesError(f"{name} must be at least {least}, not {value}")
    return value


def simulate(
    rules: Rules,
    *,
    games: int,
    seed: int = 0,
    bots: Sequence[BotSpec] = (),
    executor: Executor | None = None,
    chunk: int | None = None,
    max_hands: int = 1000,
    progress: Callable[[int, int], None] | None = None,
    batched: bool = False,
) -> SimulationSummary:
    """Play `games` games, the i-th from seed `seed + i`, and count what happened.

    Without `bots` every seat is a cautious random player on the full state
    (the fast path: random cards, and in the auction a pass three times in
    four when it may, else mostly the lowest bid). With them, side k is
    played by bots made from `bots[k]` (one spec for every side if only one
    is given), each seeing only its own view; a game's bots are seeded from
    the game's seed.

    The games are split into ranges of `chunk` seeds, one task each. Without
    an `executor` the tasks run here, one after the other; with one (a
    `ProcessPoolExecutor`, Dask's `Client.get_executor()`, Ray's
    `RayExecutor`, ...) they are submitted to it and run wherever it runs
    them, so `rules` and every bot spec must pickle (see `BotSpec`). The
    summary is the same either way.

    Args:
        rules: the rules of every game.
        games: how many games.
        seed: game i is played from seed `seed + i`.
        bots: a `BotSpec` per side, or one for all; empty for cautious random
            players.
        executor: where to run the tasks; None runs them in this process.
        chunk: games per task (default: enough for about 100 tasks; when the games
            are batched, at least 1,024 games a task, or all of them).
        max_hands: a game with no winner after this many hands stops
            unfinished (random play may never end a bid-out game).
        progress: called as `progress(done, games)` after each task, in the
            order the tasks finish.
        batched: the games of a task are played together through the batched engine
            (`setback.bots.batch`, on numpy arrays with the extra `fast`): for the
            cautious random players (no `bots`) and `bots=["random"]` or
            `["cautious"]`, each choosing as without `batched` (`RandomBot`: uniformly
            among the open actions, a discard among the open discards;
            `RandomBot(cautious=True)`: a pass when it may, else the lowest bid). Their
            choices are drawn from each game's and hand's own luck stream, not from the
            unbatched run's generators (so the counts differ from the unbatched run's
            by chance only), and are the same with numpy or without and however the
            games are split. Other bots, and call your partner, play as without it.

    Returns:
        The counts of the run.

    Examples:
        >>> summary = simulate(Rules.setback(), games=3, seed=1)
        >>> summary.games, sum(summary.wins) + summary.unfinished
        (3, 3)

    Raises:
        TypeError: a value of the wrong kind (rules, a count, a bot spec, the executor).
        RulesError: a count out of range, an unknown bot name, or a number of bots
            that fits neither one nor every side.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    games = whole_number("games", games, 0)
    if type(seed) is not int:
        raise TypeError(f"seed must be a whole number (an int), not {type(seed).__name__}")
    max_hands = whole_number("max_hands", max_hands, 1)
    size = max(1, -(-games // 100)) if chunk is None else whole_number("chunk", chunk, 1)
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(
            f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}"
        )
    specs = check_specs(rules, bots)
    if type(batched) is not bool:
        raise TypeError(f"batched must be True or False, not {type(batched).__name__}")
    batched = (
        batched
        and not rules.call_partner
        and all(spec == specs[0] and spec in BATCHED for spec in specs)
    )
    if batched and chunk is None:  # only when the games are batched: else ~100 tasks
        size = max(size, min(games, 1024))  # a batch pays from a few hundred hands
    empty = _play_range(rules, specs, seed, 0, max_hands)
    ranges = [(first, min(size, seed + games - first)) for first in range(seed, seed + games, size)]
    parts: list[SimulationSummary] = []
    played = 0
    if executor is None:
        for first, count in ranges:
            parts.append(_play_range(rules, specs, first, count, max_hands, batched))
            played += count
            if progress is not None:
                progress(played, games)
        return _merge(parts, empty)
    futures: list[Future[SimulationSummary]] = [
        executor.submit(_play_range, rules, specs, first, count, max_hands, batched)
        for first, count in ranges
    ]
    try:
        for future in as_completed(futures):
            parts.append(future.result())
            played += parts[-1].games
            if progress is not None:
                progress(played, games)
    finally:
        for future in futures:  # after a failure, the tasks not yet started
            future.cancel()
    return _merge(parts, empty)
