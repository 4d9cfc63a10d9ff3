"""The batched playout engine: many hands played to their ends at once, for search bots,
simulations and training.

`play_batch(states, policy)` plays the hand of each state (N guessed deals of one view,
or N fresh deals) through whatever is left of it: the auction, trump, a partner's call,
the discards, the draws and every trick, and returns how each ended as arrays
(`BatchResult`; `result(i)` reads hand `i` as the `PlayoutResult` that `playout_hand`
gives). The policy is batched too: a function of a `Decision` (the same kind of choice,
asked in many hands at once, with what is open as bit sets) that returns one choice per
hand. `random_policy` plays uniformly at random; `playout_policy` is `MonteCarloBot`'s
playout rule; a policy of your own can be any function (numpy, or a model's forward
pass).

With numpy (the extra `fast`: `pip install 'setback[fast]'`) the hands are stepped on
arrays: every hand waiting for the same kind of decision takes it in one step, through
tables made by asking each rule's own home (see the internals guide). Without numpy the
same call loops the playout kernel (`playout_hand`) hand by hand, asking the policy one
hand at a time: the same choices give the same results, and the built-in policies make
the same choices either way (their luck is a pure function of the hand's stream and
decision, not of the batch). Rules the array engine does not cover (`uncovered`) are
played by the same loop.

Every choice is checked: one that is not open raises `IllegalActionError` naming the
hand. A policy is handed read-only copies (a write into a `Decision` raises), so it cannot
change what the engine checks against nor its luck. The states are never changed (they are
immutable); a batch that fails returns nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

from ..actions import Action
from ..cards import CARDS, Suit
from ..errors import InvalidStateError, RulesError
from ..rules import Rules
from ..state import GameState, Phase
from ..trumps import TrumpTable
from ._batch_core import (
    CALL,
    CALL_PARTNER,
    DECLARABLE,
    DECLARE,
    DISCARD,
    KINDS,
    PITCH,
    PLAY,
    BatchPolicy,
    BatchResult,
    Decision,
    action_of,
    code_of,
    declarable,
    not_open,
    seed_state,
    stream_key,
    uniform,
)
from ._batch_tables import uncovered as _uncovered
from .playout import PlayoutResult, RandomPolicy, playout_hand

__all__ = [
    "CALL",
    "CALL_PARTNER",
    "DECLARE",
    "DISCARD",
    "ENGINES",
    "KINDS",
    "PITCH",
    "PLAY",
    "SMALL_BATCH",
    "BatchPolicy",
    "BatchResult",
    "Decision",
    "numpy_enabled",
    "play_batch",
    "playout_policy",
    "random_policy",
    "uncovered",
]

ENGINES = ("auto", "arrays", "loop")
"""The engines `play_batch(engine=...)` takes: `"auto"` (numpy's arrays when numpy is
installed and the rules are covered, else the loop; but a batch of fewer than
`SMALL_BATCH` hands of a built-in policy by the loop), `"arrays"` (numpy's arrays when
numpy is installed and the rules are covered, whatever the batch's size, else the loop)
and `"loop"` (the loop, as without numpy)."""

SMALL_BATCH = 10
"""The fewest hands `engine="auto"` plays on numpy's arrays when the policy is a built-in
one (`random_policy`, `playout_policy`): a smaller batch is played by the loop (the
playout kernel, hand by hand), which is faster there and makes the same choices; its
result still holds numpy arrays. A policy of one's own is always asked on the arrays (its
`Decision` holds numpy arrays whenever numpy is installed). Why 10: the internals guide,
"The batched engine"."""


def numpy_enabled() -> bool:
    """Whether `play_batch` (its default engine, `"auto"`) steps hands on arrays: numpy (the
    extra `fast`) is installed."""
    return _numpy() is not None


def _numpy() -> ModuleType | None:
    try:
        return importlib.import_module("numpy")
    except ImportError:
        return None


def uncovered(rules: Rules) -> str | None:
    """Why the array engine does not play `rules` (a batch of them loops the playout kernel
    instead, with the same results), or None when it does.

    Not covered: pitch instead of bid (`Rules.pitch_instead_of_bid`), and trumps-only play
    with more than six seats.

    Raises:
        TypeError: `rules` is not a `Rules` value.
    """
    if type(rules) is not Rules:
        raise TypeError(f"uncovered takes a Rules value, not {type(rules).__name__}")
    return _uncovered(rules)


def play_batch(
    states: Sequence[GameState],
    policy: BatchPolicy,
    *,
    first: Sequence[Action | None] | None = None,
    streams: Sequence[int] | None = None,
    seed: int = 0,
    engine: str = "auto",
) -> BatchResult:
    """Play the rest of the hand of each of `states` with `policy`'s choices.

    Every decision still to come in each hand (calls, the trump, a partner's call,
    discards, cards) is asked of `policy`, in batches of the hands waiting for the same
    kind of decision; forced steps (the draw, the draw back, forced face-up discards) are
    taken on the way, as in `apply_action`. The next hands are not dealt.

    Args:
        states: full states of games under one `Rules` value, none of them over (guessed
            deals of one view, fresh deals, any mix of phases).
        policy: makes every choice: a function of a `Decision` returning one choice per
            deciding hand (`random_policy`, `playout_policy`, or your own).
        first: for each hand, the action its seat to act takes first instead of asking
            `policy` (None: ask), e.g. the candidate a search is trying.
        streams: each hand's luck stream (default: its index). Hands with the same stream
            meet the same luck (the same `Decision.uniform` numbers at the same decision),
            as a search's candidates tried on one deal should.
        seed: the luck of the whole batch (mixed with each stream). Seeds, and streams,
            from 0 to 2**64 - 1 each give luck of their own; another whole number
            (negative, or wider) shares its luck with one other, scrambled number.
        engine: `"auto"`: on numpy arrays when numpy is installed and `uncovered(rules)`
            is None, else by the loop (the result holds numpy arrays whenever numpy is
            installed, and so does the `Decision` a policy of one's own is asked); a
            batch of fewer than `SMALL_BATCH` hands of `random_policy` or
            `playout_policy` is played by the loop, faster there. `"arrays"`: as
            `"auto"`, but on the arrays whatever the batch's size. `"loop"`: by the
            loop, with tuples, as without numpy (to compare the two, or for a policy of
            plain Python). The built-in policies make the same choices in each.

    Returns:
        How each hand ended, in the order of `states`.

    Raises:
        TypeError: `states` holds something that is not a `GameState`, `policy` is not
            callable, `first`, `streams` or `seed` is of the wrong kind or length, `engine`
            is not one of `ENGINES`, or the policy returns something that is not one
            whole number per hand.
        RulesError: the states are of more than one rules value (names the first hand
            that differs).
        InvalidStateError: a state's game is over (names the hand).
        IllegalActionError: a choice (the policy's, or a `first` action) is not open
            (names the hand).

    Examples:
        >>> from setback import Rules, new_game
        >>> from setback.bots import batch
        >>> rules = Rules.setback()
        >>> states = [new_game(rules, seed=k) for k in range(64)]
        >>> result = batch.play_batch(states, batch.random_policy, seed=1)
        >>> len(result), len(result.result(0).winners)
        (64, 6)
    """
    if isinstance(states, GameState) or not isinstance(states, Sequence):
        raise TypeError(f"play_batch takes a sequence of GameState, not {type(states).__name__}")
    hands = list(states)
    if not callable(policy):
        raise TypeError(
            f"play_batch takes a batched policy (a function), not {type(policy).__name__}"
        )
    if type(engine) is not str or engine not in ENGINES:
        raise TypeError(f"play_batch's engine is one of {ENGINES}, not {engine!r}")
    rules = _check_states(hands)
    firsts = _firsts(first, len(hands))
    listed = _streams(streams, seed, len(hands))
    arrays = None if engine == "loop" else _numpy()
    if rules is None:
        return _from_results(Rules(), [], arrays)
    state = seed_state(seed)
    asked = arrays  # what the loop's decisions hold: numpy arrays, or tuples for None
    if arrays is not None and _uncovered(rules) is None:
        if not _small(engine, policy, len(hands)):
            from ._batch_numpy import play_batch as on_arrays

            return on_arrays(rules, hands, firsts, state, listed, policy)
        asked = None  # a built-in policy chooses the same on tuples, faster
    numbers = range(len(hands)) if listed is None else listed
    keys = [stream_key(state, stream) for stream in numbers]
    return _loop(rules, hands, firsts, keys, policy, asked, arrays)


def _small(engine: str, policy: BatchPolicy, count: int) -> bool:
    """Whether `engine` plays a batch of `count` hands of `policy` by the loop though the
    arrays cover it (`SMALL_BATCH`)."""
    from ._batch_greedy import GreedyRule

    built_in = any(policy is p for p in _BUILT_IN) or isinstance(policy, GreedyRule)
    return engine == "auto" and count < SMALL_BATCH and built_in


def _check_states(states: list[GameState]) -> Rules | None:
    rules: Rules | None = None
    for i, state in enumerate(states):
        if type(state) is not GameState:
            raise TypeError(
                f"play_batch: hand {i} of the batch is a {type(state).__name__}, not a GameState"
            )
        if rules is None:
            rules = state.standing.rules
        elif state.standing.rules is not rules and state.standing.rules != rules:
            raise RulesError(
                f"play_batch: hand {i} of the batch is played under other rules than hand 0: "
                "a batch is of one rules value"
            )
        if state.phase is Phase.GAME_OVER:
            raise InvalidStateError(
                f"play_batch: the game of hand {i} of the batch is over: "
                "there is no hand to play out"
            )
    return rules


def _firsts(first: Sequence[Action | None] | None, count: int) -> list[Action | None]:
    if first is None:
        return [None] * count
    if isinstance(first, str) or not isinstance(first, Sequence):
        raise TypeError(
            f"play_batch's first takes a sequence of actions (or None), not {type(first).__name__}"
        )
    out = list(first)
    if len(out) != count:
        raise TypeError(f"play_batch's first holds {len(out)} actions for {count} hands")
    from ..actions import Bid, CallPartner, DeclareTrump, Discard, Pass, Pitch, Play, Shoot, Smudge

    kinds = (Pass, Bid, Smudge, Shoot, Pitch, DeclareTrump, CallPartner, Discard, Play)
    for i, action in enumerate(out):
        if action is not None and not isinstance(action, kinds):
            raise TypeError(
                f"play_batch's first action of hand {i} is a {type(action).__name__}, not an action"
            )
    return out


def _streams(streams: Sequence[int] | None, seed: int, count: int) -> list[int] | None:
    if type(seed) is not int:
        raise TypeError(f"play_batch's seed is a whole number (int), not {type(seed).__name__}")
    if streams is None:
        return None
    if isinstance(streams, str) or not isinstance(streams, Sequence):
        raise TypeError(
            f"play_batch's streams take a sequence of whole numbers, not {type(streams).__name__}"
        )
    listed = [int(stream) if _whole(stream) else stream for stream in streams]
    if len(listed) != count:
        raise TypeError(f"play_batch's streams hold {len(listed)} numbers for {count} hands")
    for i, stream in enumerate(listed):
        if type(stream) is not int:
            raise TypeError(
                f"play_batch: the stream of hand {i} is a {type(stream).__name__}, "
                "not a whole number"
            )
    return listed


def _whole(value: object) -> bool:
    """A whole number, a numpy one included (never a bool)."""
    return hasattr(value, "__index__") and not isinstance(value, bool)


# --- the loop: the playout kernel, hand by hand -------------------------------------------


class _Asker:
    """A `PlayoutPolicy` for one hand of the batch that asks the batched policy, one hand
    at a time, and checks its choices as the array engine does."""

    def __init__(
        self,
        rules: Rules,
        index: int,
        key: int,
        state: GameState,
        first: Action | None,
        policy: BatchPolicy,
        arrays: ModuleType | None,
    ) -> None:
        self.rules = rules
        self.index = index
        self.key = key
        self.policy = policy
        self.np = arrays
        self.step = 0
        setup = state.hand_state
        self.dealer = setup.dealer
        self.contract = setup.contract
        self.trump = -1 if setup.trump is None else int(setup.trump)
        self.first = first

    def _ask(self, kind: str, seat: int, held: int, legal: int, **fields: Any) -> int:
        if self.first is not None:
            first, self.first = self.first, None
            asked, choice = code_of(self.rules, first)
            if asked != kind:
                raise not_open(first, seat, self.index)
        else:
            decision = self._decision(kind, seat, held, legal, fields)
            choice = _one_choice(self.policy(decision), kind)
            self.step += 1
        _check(self.rules, kind, self.index, seat, legal, choice, fields)
        return choice

    def _decision(
        self, kind: str, seat: int, held: int, legal: int, fields: dict[str, Any]
    ) -> Decision:
        def read_only(values: Any) -> Any:
            values.flags.writeable = False  # as the array engine's: a write raises
            return values

        def column(value: Any) -> Any:
            if self.np is None:
                return (value,)
            if isinstance(value, tuple):
                return read_only(self.np.array([value], dtype=self.np.int64))
            kind_of = self.np.uint64 if value >= 0 and value >= 1 << 62 else self.np.int64
            return read_only(self.np.array([value], dtype=kind_of))

        def masks(value: int) -> Any:
            if self.np is None:
                return (value,)
            return read_only(self.np.array([value], dtype=self.np.uint64))

        wide = {"trick", "trick_seats"}
        bit_sets = {"pitches", "first"}
        return Decision(
            kind=kind,
            rules=self.rules,
            hands=column(self.index),
            seats=column(seat),
            held=masks(held),
            legal=masks(legal),
            streams=masks(self.key),
            steps=column(self.step),
            trump=column(self.trump),
            contract=column(self.contract),
            dealer=column(self.dealer),
            **{
                name: (
                    column(value)
                    if name in wide
                    else masks(value)
                    if name in bit_sets
                    else column(value)
                )
                for name, value in fields.items()
            },
        )

    def call(self, seat: int, calls: tuple[Action, ...], held: int) -> Action:
        levels = pitches = 0
        for action in calls:
            code = code_of(self.rules, action)[1]
            if code >= PITCH:
                pitches |= 1 << (code - PITCH)
            else:
                levels |= 1 << code
        choice = self._ask(CALL, seat, held, levels, pitches=pitches)
        level = self.rules.max_plain_bid if choice >= PITCH else choice  # a pitch bids T
        self.contract = max(self.contract, level)
        return next(action for action in calls if code_of(self.rules, action)[1] == choice)

    def declare(self, seat: int, held: int) -> Suit:
        suit = Suit(self._ask(DECLARE, seat, held, DECLARABLE))
        self.trump = int(suit)
        return suit

    def call_partner(self, seat: int, held: int, cards: int, table: TrumpTable) -> int:
        return self._ask(CALL_PARTNER, seat, held, cards)

    def discard(self, seat: int, held: int, cards: int, fewest: int, most: int, first: int) -> int:
        return self._ask(DISCARD, seat, held, cards, fewest=fewest, most=most, first=first)

    def play(
        self, seat: int, choices: int, plays: list[tuple[int, int]], table: TrumpTable | None
    ) -> int:
        raise AssertionError("the kernel asks play_holding")

    def play_holding(
        self,
        seat: int,
        held: int,
        choices: int,
        plays: list[tuple[int, int]],
        table: TrumpTable | None,
    ) -> int:
        self.trump = -1 if table is None else int(table.trump)
        players = self.rules.players
        trick = tuple([card for _, card in plays] + [-1] * (players - len(plays)))
        seats = tuple([player for player, _ in plays] + [-1] * (players - len(plays)))
        return self._ask(PLAY, seat, held, choices, trick=trick, trick_seats=seats)


def _one_choice(answer: Any, kind: str) -> int:
    """The one choice of a policy's answer for one hand."""
    try:
        values = list(answer)
    except TypeError:
        raise TypeError(
            "a batched policy returns a sequence of choices, one per hand, "
            f"not {type(answer).__name__}"
        ) from None
    if len(values) != 1:
        raise TypeError(
            "a batched policy returns one choice per hand: 1 hand asked, "
            f"{len(values)} choices returned"
        )
    value = values[0]
    if not _whole(value):
        raise TypeError(
            f"a batched policy returns whole numbers (a {kind} decision), "
            f"not {type(value).__name__}"
        )
    return int(value)


def _check(
    rules: Rules, kind: str, index: int, seat: int, legal: int, choice: int, fields: dict[str, Any]
) -> None:
    """Raise `IllegalActionError` when `choice` is not open (as the array engine checks)."""
    if kind == DECLARE:
        ok = declarable(choice)
    elif kind == DISCARD:
        fewest, most, first = fields["fewest"], fields["most"], fields["first"]
        ok = (
            choice >= 0
            and not choice & ~legal
            and fewest <= choice.bit_count() <= most
            and (not choice & ~first or choice & first == first)
        )
    elif kind == CALL and choice >= PITCH:
        ok = choice - PITCH < 64 and bool(fields["pitches"] >> (choice - PITCH) & 1)
    else:
        ok = 0 <= choice < 64 and bool(legal >> choice & 1)
    if not ok:
        raise not_open(action_of(rules, kind, choice), seat, index)


def _loop(
    rules: Rules,
    states: list[GameState],
    firsts: list[Action | None],
    keys: list[int],
    policy: BatchPolicy,
    asked: ModuleType | None,
    arrays: ModuleType | None,
) -> BatchResult:
    """The batch played hand by hand by the playout kernel (the policy's decisions on
    numpy's arrays `asked`, its result on `arrays`; tuples for None)."""
    results = []
    for i, state in enumerate(states):
        asker = _Asker(rules, i, keys[i], state, firsts[i], policy, asked)
        results.append(playout_hand(state, asker))
    return _from_results(rules, results, arrays)


def _from_results(
    rules: Rules, results: list[PlayoutResult], arrays: ModuleType | None
) -> BatchResult:
    """The `BatchResult` of hands played one at a time."""
    most = max([len(result.winners) for result in results] + [0])
    if rules.trumps_only:
        from ._batch_tables import batch_tables

        most = max(most, batch_tables(rules).most_tricks) if _uncovered(rules) is None else most
    else:
        most = max(most, 6)
    columns: dict[str, list[Any]] = {
        "score_changes": [result.score_changes for result in results],
        "awards": [
            tuple(-1 if side is None else side for _, side in result.awards) for result in results
        ],
        "card_points": [result.card_points for result in results],
        "made": [bool(result.made) for result in results],
        "pitcher": [-1 if result.pitcher is None else result.pitcher for result in results],
        "contract": [-1 if result.contract is None else result.contract for result in results],
        "trump": [-1 if result.trump is None else int(result.trump) for result in results],
        "winners": [result.winners + (-1,) * (most - len(result.winners)) for result in results],
        "tricks": [len(result.winners) for result in results],
    }
    if arrays is None:
        listed: dict[str, Any] = {name: tuple(column) for name, column in columns.items()}
        return BatchResult(rules=rules, **listed)
    widths = {
        "score_changes": rules.side_count,
        "awards": len(rules.points),
        "card_points": rules.side_count,
        "winners": most,
    }  # the rows' widths, for an empty batch's arrays
    made = arrays.array(columns.pop("made"), dtype=bool)
    built = {
        name: arrays.array(column, dtype=arrays.int64).reshape(
            (len(results), widths[name]) if name in widths else (len(results),)
        )
        for name, column in columns.items()
    }
    built["made"] = made
    for value in built.values():
        value.flags.writeable = False
    return BatchResult(rules=rules, **built)


# --- the policies ---------------------------------------------------------------------------


def _draws(key: int, step: int) -> Iterator[float]:
    draw = 0
    while True:
        yield uniform(key, step, draw)
        draw += 1


def _random_one(decision: Decision, k: int) -> int:
    """`random_policy`'s choice for the `k`-th hand of `decision`, in plain Python: the
    kernel's `RandomPolicy` with this decision's luck."""
    draws = _draws(int(decision.streams[k]), int(decision.steps[k]))
    policy = RandomPolicy(draws.__next__)
    kind = decision.kind
    legal = int(decision.legal[k])
    if kind == DECLARE:
        return int(policy.declare(int(decision.seats[k]), 0))
    if kind == DISCARD:
        assert (
            decision.fewest is not None and decision.most is not None and decision.first is not None
        )
        return policy.discard(
            int(decision.seats[k]),
            int(decision.held[k]),
            legal,
            int(decision.fewest[k]),
            int(decision.most[k]),
            int(decision.first[k]),
        )
    if kind == CALL:
        levels = [level for level in range(64) if legal >> level & 1]
        pitches = 0 if decision.pitches is None else int(decision.pitches[k])
        listed = levels + [PITCH + card for card in range(len(CARDS)) if pitches >> card & 1]
        return listed[int(next(draws) * len(listed))]
    return policy.play(int(decision.seats[k]), legal, [], None)


def random_policy(decision: Decision) -> Any:
    """Uniformly random legal choices: a random call, trump, partner's call and card; a
    discard of a random size, then random cards (those of `first` first), as the kernel's
    `RandomPolicy` makes them. Its luck is the decision's (`Decision.uniform`): the same
    hand, stream and decision always get the same choice, with numpy or without."""
    simple = decision.kind in (CALL, DECLARE, CALL_PARTNER, PLAY)
    if (
        isinstance(decision.legal, tuple)
        or not simple
        or (decision.kind == CALL and decision.pitches is not None and any(decision.pitches))
    ):
        choices = [_random_one(decision, k) for k in range(len(decision))]
        if isinstance(decision.legal, tuple):
            return tuple(choices)
        arrays = _numpy()
        assert arrays is not None
        return arrays.array(choices, dtype=arrays.int64)
    from ._batch_numpy import random_choices

    return random_choices(decision)


def playout_policy(decision: Decision) -> Any:
    """`MonteCarloBot`'s playout rule (its `rollout="greedy"`), batched: calls by the
    heuristic's rule from a quick estimate of the hand, the best suit as trump, low cards
    discarded first, the highest trump the pitcher lacks as his partner's card; the first
    lead that names trump is the top card of the best suit; a quarter of the other plays
    and every other lead at random; when following, a partner's winning card is let
    stand, else the cheapest card that wins, else the lowest. Its luck is the decision's
    (`Decision.uniform`): the same hand, stream and decision always get the same choice,
    with numpy or without."""
    from ._batch_greedy import PLAIN

    return PLAIN(decision)


_BUILT_IN = (random_policy, playout_policy)
"""The policies `engine="auto"` plays by the loop in a batch of fewer than `SMALL_BATCH`
hands (they choose the same on tuples as on arrays)."""
