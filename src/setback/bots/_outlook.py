"""Internal: a side's chance of winning the game from a score, for `SolverBot(game_aware=True)`.

A search that plays out the rest of a hand learns how the hand may end (each side's score
change, who pitched, whether the contract was made), but what counts is the game: at 20
to 18 under the German rule only a made bid wins, so a safe hand that scores a point is
worth less than a risky bid. `Outlook` turns the end of a hand into the chance of winning
the game from there: the game's own rule (`scoring.game_winner`) says whether the hand
ends it, and otherwise the chance is read from a table of every score, computed once for
the rules by value iteration over the hands of a sample of games of `HeuristicBot`s (a
model of the hands to come: each is drawn from the sample, whoever deals).
"""

from __future__ import annotations

import functools
from collections import Counter

from ..engine import apply_action, new_game
from ..rules import Rules
from ..scoring import game_winner
from ..state import HandResult
from ..views import observe
from .heuristic import HeuristicBot
from .playout import PlayoutResult

__all__: list[str] = []

SAMPLE_GAMES = 24
"""Games of `HeuristicBot`s whose hands model the hands to come."""
KNOWN = 100_000
"""At most this many chances are kept (then forgotten, all at once)."""
SWEEPS = 200
"""At most this many value-iteration sweeps over the score table."""
SETTLED = 1e-6
"""The sweeps stop once no chance moved more than this in one."""


def applies(rules: Rules) -> bool:
    """Whether `Outlook` can judge a game under `rules`: two sides, a target score (no
    hands limit) and no called partner (whose hands count for a side only once it is
    known)."""
    return rules.side_count == 2 and rules.hands_limit is None and not rules.call_partner


def sample_hands(rules: Rules, games: int = SAMPLE_GAMES) -> list[HandResult]:
    """The hands of `games` games of `HeuristicBot`s under `rules` (seeds 0 to `games` -
    1; at most 40 hands a game)."""
    bots = [HeuristicBot(seed=seat) for seat in range(rules.players)]
    hands: list[HandResult] = []
    for seed in range(games):
        state = new_game(rules, seed=seed, dealer=seed % rules.players)
        while not state.is_over and len(state.history) < 40:
            seat = state.to_act
            assert seat is not None
            state = apply_action(state, bots[seat].choose(observe(state, seat)))
        hands.extend(state.history)
    return hands


class Outlook:
    """The chance that side 0 or 1 wins the game, from any score (see the module)."""

    def __init__(self, rules: Rules, hands: list[HandResult] | None = None) -> None:
        if not applies(rules):
            raise ValueError("Outlook judges two-sided games to a target without a partner")
        self.rules = rules
        """The rules of the game."""
        sample = sample_hands(rules) if hands is None else hands
        counted = Counter(_key(result) for result in sample)
        counted.update(_mirrored(_key(result), rules.players) for result in sample)
        total = sum(counted.values())
        self.hands = [(_result(*key), count / total) for key, count in counted.items()]
        """The model of a hand to come: distinct hand ends and their frequencies (each
        sampled hand counted as it was and with the sides swapped)."""
        target = rules.target
        self.low = -target
        """The lowest score in the table (lower scores read as this one)."""
        self.high = target + 8
        """The highest score in the table (higher scores read as this one)."""
        self.table = self._solve()
        """`table[(mine, theirs)]`: side 0's chance of winning from the score (side 0
        `mine`, side 1 `theirs`), before a hand."""
        self.known: dict[tuple[object, ...], float] = {}
        """Internal: the chances already asked (by score, side and the hand's end)."""

    def _after(self, mine: int, theirs: int, changes: tuple[int, ...]) -> tuple[int, int]:
        """The score after a hand that changed the scores `mine` and `theirs` by
        `changes`, as the table holds it (kept within `low` and `high`)."""
        return (
            min(max(mine + changes[0], self.low), self.high),
            min(max(theirs + changes[1], self.low), self.high),
        )

    def _solve(self) -> dict[tuple[int, int], float]:
        scores = range(self.low, self.high + 1)
        table = dict.fromkeys(((a, b) for a in scores for b in scores), 0.5)
        # each score: the chance the next hand wins the game for side 0, and the scores
        # it may leave otherwise with their chances (hands leaving the same score merged)
        steps: list[tuple[tuple[int, int], float, list[tuple[tuple[int, int], float]]]] = []
        for a, b in table:
            won = 0.0
            goes_on: dict[tuple[int, int], float] = {}
            for result, chance in self.hands:
                winner = game_winner(self.rules, (a, b), result, 0)
                if winner is None:
                    after = self._after(a, b, result.score_changes)
                    goes_on[after] = goes_on.get(after, 0.0) + chance
                elif winner == 0:
                    won += chance
            steps.append(((a, b), won, list(goes_on.items())))
        for _ in range(SWEEPS):
            change = 0.0
            for score, won, moves in steps:
                chance = won + sum(chance * table[after] for after, chance in moves)
                change = max(change, abs(chance - table[score]))
                table[score] = chance
            if change < SETTLED:
                break
        return table

    def chance(self, scores: tuple[int, ...], side: int, result: PlayoutResult) -> float:
        """The chance that `side` wins the game when a hand that began at `scores` ends as
        `result`."""
        end = _key(result)
        key = (scores, side, end)
        known = self.known.get(key)
        if known is not None:
            return known
        winner = game_winner(self.rules, scores, _result(*end), 0)
        if winner is not None:
            known = 1.0 if winner == side else 0.0
        else:
            after = self._after(scores[0], scores[1], result.score_changes)
            known = self.table[after] if side == 0 else 1.0 - self.table[after]
        if len(self.known) >= KNOWN:
            self.known.clear()
        self.known[key] = known
        return known


@functools.lru_cache(maxsize=8)
def outlook(rules: Rules) -> Outlook:
    """The `Outlook` of `rules`, built once a process (0.6 s of CPU for the German game,
    seconds for the 50-point games: a pure function of the rules, so every bot of the
    process may share it)."""
    return Outlook(rules)


def _key(result: HandResult | PlayoutResult) -> tuple[object, ...]:
    """What `game_winner` reads of a hand's end (a finished hand's or a playout's)."""
    return (result.pitcher, result.contract, result.made, result.score_changes, result.awards)


def _mirrored(key: tuple[object, ...], players: int) -> tuple[object, ...]:
    """The same hand end with the sides swapped (the model treats both sides alike)."""
    pitcher, contract, made, changes, awards = key
    assert isinstance(changes, tuple) and isinstance(awards, tuple)
    return (
        None if pitcher is None else (int(pitcher) + 1) % players,  # type: ignore[call-overload]
        contract,
        made,
        changes[::-1],
        tuple((name, None if side is None else 1 - side) for name, side in awards),
    )


def _result(
    pitcher: object, contract: object, made: object, changes: object, awards: object
) -> HandResult:
    """A `HandResult` with what `game_winner` reads: the pitcher, the contract, whether it
    was made, the score changes and the awards (no cards)."""
    assert isinstance(changes, tuple) and isinstance(awards, tuple)
    assert pitcher is None or isinstance(pitcher, int)
    assert contract is None or isinstance(contract, int)
    assert made is None or isinstance(made, bool)
    return HandResult(
        number=0,
        dealer=0,
        hands=(),
        bids=(),
        pitcher=pitcher,
        contract=contract,
        trump=None,
        tricks=(),
        awards=awards,
        card_points=(0,) * len(changes),
        score_changes=changes,
        made=made,
    )
