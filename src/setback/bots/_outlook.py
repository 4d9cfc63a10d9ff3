"""Internal: a side's chance of winning the game from a score, for `SolverBot(game_aware=True)`.

A search that plays out the rest of a hand learns how the hand may end (each side's score
change, who pitched, whether the contract was made), but what counts is the game: at 20
to 18 under the German rule only a made bid wins, so a safe hand that scores a point is
worth less than a risky bid. `Outlook` turns the end of a hand into the chance of winning
the game from there: the game's own rule (`scoring.game_winner`) says whether the hand
ends it, and otherwise the chance is read from a table of every score, computed for the
rules by value iteration over the hands of a sample of games of `HeuristicBot`s (a model
of the hands to come: each is drawn from the sample, whoever deals).

With more than two sides (cutthroat, six players in three partnerships, ...) a table of
every score of every side would be too large (a million scores at four sides and 21
points), so the table is one of two sides' scores, the race of a pair: `table[(a, b)]` is
the chance that a side at `a` reaches the game before one at `b`, the hands drawn from
the same sample (every ordered pair of its sides, the others far behind). A side's chance
of winning the game is then its chances against each other side, multiplied, as a share
of every side's product (`chance`): the pairwise races put together, as a tournament of
players of known strength is judged by their chances two by two. With two sides that
share is the table's own chance, so two-sided games read it as before.

The tables of every preset (at every seat count where they apply) are computed ahead of
time and ship in the package, in `data/` (`tools/outlook_tables.py` makes them; a test
recomputes one): the first decision need not spend seconds building one. Each file is
JSON: the preset's name and seat count, the rules as `dumps` writes them, the scores the
table covers (`low` to `high` for each side), and the table itself, row by row (side 0's
score from `low` up, then side 1's), each chance in 65535ths (`SCALE`, as every table
is rounded, built or shipped), each row as differences from the entry before it (mod
2 ** 16), big-endian 16-bit words compressed with zlib and written in base64, with the
SHA-256 of those words. A file that is unreadable, or whose rules, size or checksum do
not match, is never read for chances: the table is built again and a `RuntimeWarning`
says so. Rules with no shipped table (any other options) build theirs at their first
decision, once a process.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import operator
import struct
import warnings
import zlib
from collections import Counter
from importlib import resources
from typing import Any

from ..engine import apply_action, new_game
from ..points import Point
from ..rules import PRESET_NAMES, Rules
from ..scoring import game_winner
from ..serialization import dumps
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
SCALE = 65535
"""Every chance of a table is rounded to a whole number of 65535ths (so a table built here
is the one shipped, to the last bit)."""
FORMAT = 1
"""The version of the shipped tables' file format."""


def applies(rules: Rules) -> bool:
    """Whether `Outlook` judges a game under `rules`: a target score (no hands limit), no
    called partner (whose hands count for a side only once it is known), and with more
    than two sides only the rules of a shipped table (each such preset at its own seat
    count: measured, the chance there is worth about what the points are, the bots guide,
    so not the seconds of a first decision that builds a table, nor a table a seat
    count)."""
    if not _judged(rules):
        return False
    return rules.side_count == 2 or rules in shipped()


def _judged(rules: Rules) -> bool:
    """A target score, no called partner, and with more than two sides no shoot (whose
    failure hands the game to the best of the other sides, which a race of two cannot
    see)."""
    return (
        rules.hands_limit is None
        and not rules.call_partner
        and (rules.side_count == 2 or rules.shoot is None)
    )


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
    """The chance that a side wins the game, from any score (see the module)."""

    def __init__(
        self,
        rules: Rules,
        hands: list[HandResult] | None = None,
        *,
        table: dict[tuple[int, int], float] | None = None,
    ) -> None:
        """`hands`: the model's sample (None: `sample_hands`); `table`: the table already
        made (shipped), so nothing is sampled or solved."""
        if not applies(rules):
            raise ValueError("Outlook judges games to a target without a called partner")
        self.rules = rules
        """The rules of the game."""
        self.hands: list[tuple[HandResult, float]] = []
        """The model of a hand to come: distinct hand ends and their frequencies (each
        sampled hand counted as it was and with the sides swapped; with more than two
        sides, as each ordered pair of sides sees it, `_pairs`); empty for a table that
        was shipped."""
        target = rules.target
        self.low = -target
        """The lowest score in the table (lower scores read as this one)."""
        self.high = target + 8
        """The highest score in the table (higher scores read as this one)."""
        if table is None:
            sample = sample_hands(rules) if hands is None else hands
            if rules.side_count == 2:
                counted = Counter(_key(result) for result in sample)
                counted.update(_mirrored(_key(result), rules.players) for result in sample)
            else:
                counted = Counter(
                    pair for result in sample for pair in _pairs(_key(result), rules.side_count)
                )
            total = sum(counted.values())
            self.hands = [(_result(*key), count / total) for key, count in counted.items()]
            table = self._solve()
        self.table = table
        """`table[(mine, theirs)]`: side 0's chance of winning from the score (side 0
        `mine`, side 1 `theirs`), before a hand, in whole 65535ths (`SCALE`); with more
        than two sides, the chance of a side at `mine` to reach the game before one at
        `theirs`."""
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
        low, high = self.low, self.high
        width = high - low + 1
        # each score (numbered `(a - low) * width + b - low`, nearest the game first): the
        # chance the next hand wins the game for side 0, and the scores it may leave
        # otherwise with their chances (hands leaving the same score merged)
        steps: list[tuple[int, float, list[int], list[float]]] = []
        rules = self.rules
        behind = (low,) * min(1, rules.side_count - 2)  # the pair's others
        # a hand can end the game only from the scores `_reach` says; below every hand's,
        # only the changes count (the hands of the same two changes merged)
        reach = [_reach(rules, result) for result, _ in self.hands]
        near = (min(r[0] for r in reach), min(r[1] for r in reach)) if reach else (0, 0)
        merged: dict[tuple[int, int], float] = {}
        for result, chance in self.hands:
            key = (result.score_changes[0], result.score_changes[1])
            merged[key] = merged.get(key, 0.0) + chance
        for a in range(high, low - 1, -1):
            for b in range(high, low - 1, -1):
                won = 0.0
                goes_on: dict[int, float] = {}
                if a < near[0] and b < near[1]:
                    for changes, chance in merged.items():
                        mine, theirs = self._after(a, b, changes)
                        after = (mine - low) * width + theirs - low
                        goes_on[after] = goes_on.get(after, 0.0) + chance
                else:
                    for at, (result, chance) in enumerate(self.hands):
                        if a < reach[at][0] and b < reach[at][1]:
                            winner = None
                        else:
                            winner = game_winner(rules, (a, b, *behind), result, 0)
                        if winner is None:
                            mine, theirs = self._after(a, b, result.score_changes)
                            after = (mine - low) * width + theirs - low
                            goes_on[after] = goes_on.get(after, 0.0) + chance
                        elif winner == 0:
                            won += chance
                steps.append(((a - low) * width + b - low, won, [*goes_on], [*goes_on.values()]))
        values = [0.5] * (width * width)
        read = values.__getitem__
        for _ in range(SWEEPS):
            moved = 0.0
            for score, won, afters, chances in steps:
                chance = won + sum(map(operator.mul, chances, map(read, afters)))
                moved = max(moved, abs(chance - values[score]))
                values[score] = chance
            if moved < SETTLED:
                break
        return {
            (a, b): round(values[(a - low) * width + b - low] * SCALE) / SCALE
            for a in range(low, high + 1)
            for b in range(low, high + 1)
        }

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
        elif len(scores) == 2:
            after = self._after(scores[0], scores[1], result.score_changes)
            known = self.table[after] if side == 0 else 1.0 - self.table[after]
        else:
            known = self._share(scores, side, result.score_changes)
        if len(self.known) >= KNOWN:
            self.known.clear()
        self.known[key] = known
        return known

    def _share(self, scores: tuple[int, ...], side: int, changes: tuple[int, ...]) -> float:
        """With more than two sides: `side`'s chance from its races against each other
        side after a hand that changed `scores` by `changes`, as a share of every side's."""
        after = [
            min(max(score + change, self.low), self.high)
            for score, change in zip(scores, changes, strict=True)
        ]
        table = self.table
        products = []
        for at, mine in enumerate(after):
            product = 1.0
            for other, theirs in enumerate(after):
                if other != at:
                    product *= table[(mine, theirs)]
            products.append(product)
        total = sum(products)
        return products[side] / total if total > 0 else 1.0 / len(after)


def _reach(rules: Rules, result: HandResult) -> tuple[int, int]:
    """The lowest scores of sides 0 and 1 from which the hand `result` (of two sides, or
    a pair's view of a hand, `_pairs`) may end the game: by their score change, or by the
    points awarded to them (the pitcher-first race counts them one at a time); from any
    score for a shoot (whose end does not wait for the target)."""
    if result.contract is not None and result.contract == rules.shoot_contract:
        return (-(10**9), -(10**9))
    reach = []
    for side in (0, 1):
        awarded = sum(Point(name).worth for name, to in result.awards if to == side)
        reach.append(rules.target - max(result.score_changes[side], awarded))
    return reach[0], reach[1]


@functools.lru_cache(maxsize=8)
def outlook(rules: Rules) -> Outlook:
    """The `Outlook` of `rules`, once a process: the shipped table of a preset, else built
    (a pure function of the rules, so every bot of the process may share it)."""
    return load(rules) or Outlook(rules)


def load(rules: Rules) -> Outlook | None:
    """The `Outlook` of `rules` from its shipped table, or None when none is shipped for
    them. A shipped file that cannot be trusted (unreadable, other rules, the wrong size,
    a wrong checksum) gives None too, with a `RuntimeWarning`: the caller builds the
    table instead of reading chances from it."""
    name = shipped().get(rules)
    if name is None:
        return None
    try:
        text = data_file(name).read_text(encoding="utf-8")
        return Outlook(rules, table=decode(json.loads(text), rules))
    except (OSError, ValueError, KeyError, TypeError, zlib.error) as error:
        warnings.warn(
            f"setback: the shipped table of chances {name} cannot be used ({error}); "
            "building it again (seconds of CPU, once a process)",
            RuntimeWarning,
            stacklevel=2,
        )
        return None


def data_file(name: str) -> Any:
    """The shipped file `name` (a `Traversable` of the package's `data/`)."""
    return resources.files(__package__).joinpath("data", name)


def table_rules() -> list[tuple[str, int]]:
    """Every preset and seat count with a shipped table, in the order of `PRESET_NAMES`:
    every one `Outlook` judges with two sides, and with more than two sides each preset at
    its own seat count."""
    out = []
    for name in PRESET_NAMES:
        own = Rules.preset(name).players
        for players in range(2, 9):
            try:
                rules = Rules.preset(name, players)
            except ValueError:
                continue
            if _judged(rules) and (rules.side_count == 2 or players == own):
                out.append((name, players))
    return out


def file_name(preset: str, players: int) -> str:
    """The shipped file of a preset's table at a seat count."""
    return f"{preset}-{players}.json"


@functools.cache
def shipped() -> dict[Rules, str]:
    """The rules of every shipped table, and its file's name."""
    return {
        Rules.preset(name, players): file_name(name, players) for name, players in table_rules()
    }


def encode(outlook: Outlook, preset: str, players: int) -> dict[str, Any]:
    """The JSON document of `outlook`'s table (see the module for the format)."""
    words = _words(outlook)
    packed = struct.pack(f">{len(words)}H", *words)
    return {
        "format": FORMAT,
        "preset": preset,
        "players": players,
        "rules": json.loads(dumps(outlook.rules)),
        "low": outlook.low,
        "high": outlook.high,
        "scale": SCALE,
        "sha256": hashlib.sha256(packed).hexdigest(),
        "table": base64.b64encode(zlib.compress(packed, 9)).decode("ascii"),
    }


def decode(document: dict[str, Any], rules: Rules) -> dict[tuple[int, int], float]:
    """The table of a shipped `document`, checked against `rules`.

    Raises:
        ValueError: another format, other rules, the wrong scores, size or checksum.
    """
    if document["format"] != FORMAT or document["scale"] != SCALE:
        raise ValueError(f"format {document['format']!r}, scale {document['scale']!r}")
    if document["rules"]["data"] != json.loads(dumps(rules))["data"]:
        raise ValueError("its rules are not these rules")
    low, high = -rules.target, rules.target + 8
    if (document["low"], document["high"]) != (low, high):
        raise ValueError(f"it covers scores {document['low']} to {document['high']}")
    packed = zlib.decompress(base64.b64decode(document["table"], validate=True))
    width = high - low + 1
    if len(packed) != 2 * width * width:
        raise ValueError(f"{len(packed)} bytes, not {2 * width * width}")
    if hashlib.sha256(packed).hexdigest() != document["sha256"]:
        raise ValueError("its checksum does not match")
    words = struct.unpack(f">{width * width}H", packed)
    table: dict[tuple[int, int], float] = {}
    at = 0
    for mine in range(low, high + 1):
        value = 0
        for theirs in range(low, high + 1):
            value = (value + words[at]) & 0xFFFF
            if value > SCALE:
                raise ValueError(f"a chance above 1 at {mine} to {theirs}")
            table[(mine, theirs)] = value / SCALE
            at += 1
    return table


def _words(outlook: Outlook) -> list[int]:
    """The table as 16-bit words: each row's chances as differences (mod 2 ** 16)."""
    words = []
    scores = range(outlook.low, outlook.high + 1)
    for mine in scores:
        previous = 0
        for theirs in scores:
            value = round(outlook.table[(mine, theirs)] * SCALE)
            words.append((value - previous) & 0xFFFF)
            previous = value
    return words


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


def _pairs(key: tuple[object, ...], sides: int) -> list[tuple[object, ...]]:
    """A hand end of a game of more than two sides as the race of each ordered pair of its
    sides sees it: the one side as side 0, the other as side 1, and every other as one
    side 2 that never comes near the game (what `_solve` asks of each hand), so only the
    pair's awards are kept (the fewer distinct ends, the quicker the table is made).
    Seats sit side by side (seat `s` on side `s % sides`), so the pitcher's seat becomes
    the seat of its side's number."""
    pitcher, contract, made, changes, awards = key
    assert isinstance(changes, tuple) and isinstance(awards, tuple)
    pairs: list[tuple[object, ...]] = []
    for first in range(sides):
        for second in range(sides):
            if first == second:
                continue
            to = {first: 0, second: 1}
            pitching = None if pitcher is None else to.get(int(pitcher) % sides, 2)  # type: ignore[call-overload]
            pairs.append(
                (
                    pitching,
                    contract,
                    made,
                    (changes[first], changes[second], 0),
                    tuple((name, to[side]) for name, side in awards if side in to),
                )
            )
    return pairs


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
