"""Random games for `setback simulate`: cautious random players and a summary."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TextIO

import attrs

from .actions import Action, Bid, Pass
from .bots import Bot, HeuristicBot, MonteCarloBot, RandomBot, play_game
from .engine import apply_action, legal_actions, new_game
from .rules import Rules
from .state import GameState, Phase

_PASS = Pass()


def cautious_choice(state: GameState, rng: random.Random) -> Action:
    """A random legal action that passes when it may (three times in four) and bids low.

    Uniformly random calls are mostly failed Smudges, and a bid-out game played
    that way almost never ends; these players make and lose plausible contracts.
    """
    legal = legal_actions(state)
    if state.phase is not Phase.BIDDING:
        return rng.choice(legal)
    if legal[0] == _PASS and (len(legal) == 1 or rng.random() < 0.75):
        return _PASS
    calls = [action for action in legal if action != _PASS]
    bids = [action for action in calls if isinstance(action, Bid)]
    return bids[0] if bids and rng.random() < 0.75 else rng.choice(calls)


MAX_HANDS = 1000
"""Games stop unfinished after this many hands (random play may never end a game)."""


def play_random_game(rules: Rules, seed: int) -> GameState:
    """A whole game between cautious random players, stopped unfinished after `MAX_HANDS`
    hands; deals and choices come from `seed`."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=rng.randrange(rules.players))
    while not state.is_over and len(state.history) < MAX_HANDS:
        state = apply_action(state, cautious_choice(state, rng))
    return state


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "cautious": lambda seed: RandomBot(seed=seed, cautious=True),
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "montecarlo": lambda seed: MonteCarloBot(seed=seed),
}
"""The built-in bots by their command-line names."""


def play_bot_game(rules: Rules, kinds: Sequence[str], seed: int) -> GameState:
    """A whole game with the bot `kinds[side]` in every seat of each side."""
    rng = random.Random(seed)
    bots = [BOTS[kinds[rules.side_of(seat)]](rng.getrandbits(32)) for seat in range(rules.players)]
    return play_game(
        rules, bots, seed=seed, dealer=rng.randrange(rules.players), max_hands=MAX_HANDS
    )


@attrs.frozen
class Summary:
    """What `setback simulate` reports."""

    games: int
    hands: int
    contracts: tuple[tuple[int, int, int], ...]  # level, bid, made
    wins: tuple[int, ...]
    passed_out: int
    bots: tuple[str, ...] = ()
    unfinished: int = 0
    smudge_level: int | None = None
    points: int = 0

    def lines(self, seconds: float) -> list[str]:
        names = {} if self.smudge_level is None else {self.smudge_level: "smudge"}
        played = self.hands - self.passed_out
        out = [
            f"games          {self.games}",
            f"hands          {self.hands} ({self.hands / max(self.games, 1):.1f} per game, "
            f"{self.passed_out} passed out)",
            f"points         {self.points / max(played, 1):.2f} per played hand",
            "contracts      made / bid",
        ]
        for level, bid, made in self.contracts:
            name = names.get(level, f"bid {level}")
            out.append(f"  {name:<12} {made:>6} / {bid:<6} {made / bid:6.1%}")
        out.append("wins")
        for side, count in enumerate(self.wins):
            bot = f" ({self.bots[side]})" if self.bots else ""
            out.append(f"  side {side}{bot:<13} {count:>6}   {count / max(self.games, 1):6.1%}")
        if self.unfinished:
            out.append(f"unfinished     {self.unfinished} (no winner after {MAX_HANDS} hands)")
        out.append(f"time           {seconds:.2f} s ({self.hands / seconds:,.0f} hands/s)")
        return out


def simulate(
    rules: Rules,
    games: int,
    seed: int,
    bots: Sequence[str] = (),
    progress: TextIO | None = None,
) -> Summary:
    """Play `games` games, the i-th from seed `seed + i`, and count what happened.

    Without `bots` every seat is a cautious random player on the full state (the
    fast path); with them, side k is played by bots of kind `bots[k]` (one kind
    for every side if only one is given), each seeing only its own view.
    """
    kinds = tuple(bots) * len(rules.sides) if len(bots) == 1 else tuple(bots)
    bid: Counter[int] = Counter()
    made: Counter[int] = Counter()
    wins = [0] * len(rules.sides)
    hands = passed = unfinished = points = 0
    for i in range(games):
        if kinds:
            final = play_bot_game(rules, kinds, seed + i)
        else:
            final = play_random_game(rules, seed + i)
        if final.winner is None:
            unfinished += 1
        else:
            wins[final.winner] += 1
        for result in final.history:
            hands += 1
            if result.contract is None:
                passed += 1
                continue
            bid[result.contract] += 1
            points += sum(result.points_won)
            made[result.contract] += bool(result.made)
        if progress is not None:
            _progress_bar(progress, i + 1, games)
    contracts = tuple((level, bid[level], made[level]) for level in sorted(bid))
    smudge = rules.smudge_level if rules.smudge else None
    return Summary(games, hands, contracts, tuple(wins), passed, kinds, unfinished, smudge, points)


def _progress_bar(stream: TextIO, done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        stream.write("\n")
    stream.flush()
