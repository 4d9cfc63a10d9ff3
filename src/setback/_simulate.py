"""Random games for `setback simulate`: cautious random players and a summary."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from .actions import Action, Bid, Pass
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


def play_random_game(rules: Rules, seed: int) -> GameState:
    """A whole game between cautious random players; deals and choices come from `seed`."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=rng.randrange(rules.players))
    while not state.is_over:
        state = apply_action(state, cautious_choice(state, rng))
    return state


@attrs.frozen
class Summary:
    """What `setback simulate` reports."""

    games: int
    hands: int
    contracts: tuple[tuple[int, int, int], ...]  # level, bid, made
    wins: tuple[int, ...]
    passed_out: int

    def lines(self, seconds: float) -> list[str]:
        names = {5: "smudge"}
        out = [
            f"games          {self.games}",
            f"hands          {self.hands} ({self.hands / max(self.games, 1):.1f} per game, "
            f"{self.passed_out} passed out)",
            "contracts      made / bid",
        ]
        for level, bid, made in self.contracts:
            name = names.get(level, f"bid {level}")
            out.append(f"  {name:<12} {made:>6} / {bid:<6} {made / bid:6.1%}")
        wins = "  ".join(f"side {side}: {count}" for side, count in enumerate(self.wins))
        if len(self.wins) > 3:
            wins = "  ".join(f"{side}: {count}" for side, count in enumerate(self.wins))
            wins = f"by side  {wins}"
        out.append(f"wins           {wins}")
        out.append(f"time           {seconds:.2f} s ({self.hands / seconds:,.0f} hands/s)")
        return out


def simulate(rules: Rules, games: int, seed: int) -> Summary:
    """Play `games` random games, the i-th from seed `seed + i`, and count what happened."""
    bid: Counter[int] = Counter()
    made: Counter[int] = Counter()
    wins = [0] * len(rules.sides)
    hands = passed = 0
    for i in range(games):
        final = play_random_game(rules, seed + i)
        assert final.winner is not None
        wins[final.winner] += 1
        for result in final.history:
            hands += 1
            if result.contract is None:
                passed += 1
                continue
            bid[result.contract] += 1
            made[result.contract] += bool(result.made)
    contracts = tuple((level, bid[level], made[level]) for level in sorted(bid))
    return Summary(games, hands, contracts, tuple(wins), passed)
