"""The batched engine's replay proof: every hand it plays, replayed through the checked API.

Run by hand, not by the test suite (which runs a small count of it in CI's heavy step):

    python benchmarks/batch_replay.py [HANDS] [PRESET ...]

For every preset and a few variants beside them (`VARIANTS`; or the ones named), `HANDS`
hands (default 10,000) are played by `setback.bots.batch.play_batch`, in batches of 128
taken in turn: mixed states (fresh deals, and states of random games at any point: the
auction, trump, the discards, mid-trick, later hands; some with a `first` action), fresh
deals only (which the array engine steps together until they part), and a search's
batch (each state once per candidate, the same object, with the candidate first); each
kind with random choices (`random_policy`) and with the playout rule (`playout_policy`). A
recording policy writes down every decision the engine asks: the kind, the seat, what is
open, and the choice. Each hand is then replayed from its state through `legal_actions`
and `apply_action`: at every step the seat to act and the legal set must be the ones the
engine offered, and the hand must end after the last recorded choice with the same tricks,
points, awards, made or set, and score changes as the engine's `result(i)`. It prints the
counts per preset, and fails (an AssertionError) on the first difference.

With numpy the arrays are checked; without it (or with `--loop`) the loop that plays
without numpy.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from itertools import combinations
from typing import Any

from setback import (
    CARDS,
    Action,
    CallPartner,
    DeclareTrump,
    Discard,
    GameState,
    Phase,
    Play,
    Rules,
    ShootFor,
    Suit,
    apply_action,
    legal_actions,
    new_game,
)
from setback.bots import batch
from setback.cards import cards_of, mask_of
from setback.rules import PRESET_NAMES

BATCH = 512
"""Hands per batch."""

VARIANTS: dict[str, Rules] = {
    "draw": Rules.setback(draw=True),
    "no-trump-first": Rules.setback(no_trump_first_trick=True),
    "kitty": Rules.setback(kitty=4),
    "shoot": Rules.setback(smudge=False, shoot=ShootFor.ALL_TRICKS),
    "call-partner": Rules.trickster(10, players=5),
    "ten-point-6": Rules.ten_point(players=6),
    "cutthroat-8": Rules.cutthroat(players=8),
    "pitch": Rules.setback(pitch_instead_of_bid=True),
}
"""Rule sets beside the presets, each a variant the presets leave out (the last is played
by the loop: `batch.uncovered`)."""


def rules_named(name: str) -> Rules:
    """A preset, or one of `VARIANTS`."""
    return VARIANTS[name] if name in VARIANTS else Rules.preset(name)


class Recorder:
    """A batched policy that asks `inner` and writes down every decision, hand by hand."""

    def __init__(self, inner: batch.BatchPolicy, hands: int) -> None:
        self.inner = inner
        self.logs: list[list[tuple[str, int, int, tuple[int, ...], int]]] = [
            [] for _ in range(hands)
        ]

    def __call__(self, decision: batch.Decision) -> Any:
        choices = self.inner(decision)
        extra: list[tuple[int, ...]] = [() for _ in range(len(decision))]
        if decision.kind == batch.DISCARD:
            assert decision.fewest is not None and decision.most is not None
            assert decision.first is not None
            extra = [
                (int(f), int(m), int(g))
                for f, m, g in zip(decision.fewest, decision.most, decision.first, strict=True)
            ]
        elif decision.kind == batch.CALL:
            assert decision.pitches is not None
            extra = [(int(p),) for p in decision.pitches]
        for k, hand in enumerate(decision.hands):
            self.logs[int(hand)].append(
                (
                    decision.kind,
                    int(decision.seats[k]),
                    int(decision.legal[k]),
                    extra[k],
                    int(choices[k]),
                )
            )
        return choices


def discards_of(cards: int, fewest: int, most: int, first: int) -> set[int]:
    """Every discard the bounds allow, as bit sets."""
    pool = cards_of(cards)
    out = set()
    for size in range(fewest, most + 1):
        for chosen in combinations(pool, size):
            mask = mask_of(chosen)
            if mask & ~first == 0 or mask & first == first:
                out.add(mask)
    return out


def _code(rules: Rules, action: Action) -> int:
    from setback.bots._batch_core import code_of

    return code_of(rules, action)[1]


def replay(
    state: GameState,
    first: Action | None,
    log: list[tuple[str, int, int, tuple[int, ...], int]],
    result: Any,
    counts: Counter[str],
) -> None:
    """Replay one hand's recorded choices through the checked API (AssertionError on the
    first difference)."""
    rules = state.rules
    before = len(state.history)
    if first is not None:
        state = apply_action(state, first)
    for kind, seat, legal, extra, choice in log:
        assert len(state.history) == before, "the checked hand ended before the engine's"
        assert state.to_act == seat, (kind, seat, state.to_act)
        offered = legal_actions(state)
        action: Action
        if kind == batch.CALL:
            assert state.phase is Phase.BIDDING, state.phase
            codes = [_code(rules, a) for a in offered]
            levels = sum(1 << code for code in codes if code < batch.PITCH)
            pitches = sum(1 << (code - batch.PITCH) for code in codes if code >= batch.PITCH)
            assert (levels, pitches) == (legal, extra[0]), (levels, pitches, legal, extra)
            action = next(a for a in offered if _code(rules, a) == choice)
        elif kind == batch.DECLARE:
            assert state.phase is Phase.DECLARE_TRUMP and legal == 15
            assert {a.suit for a in offered} == set(Suit)  # type: ignore[union-attr]
            action = DeclareTrump(Suit(choice))
        elif kind == batch.CALL_PARTNER:
            assert state.phase is Phase.CALL_PARTNER
            assert mask_of(a.card for a in offered) == legal  # type: ignore[union-attr]
            action = CallPartner(CARDS[choice])
        elif kind == batch.DISCARD:
            assert state.phase is Phase.DISCARD
            assert {mask_of(a.cards) for a in offered} == discards_of(legal, *extra)  # type: ignore[union-attr]
            action = Discard(cards_of(choice))
        else:
            assert state.phase is Phase.PLAY
            assert mask_of(a.card for a in offered) == legal  # type: ignore[union-attr]
            action = Play(CARDS[choice])
        counts[kind] += 1
        state = apply_action(state, action)
    assert len(state.history) == before + 1, "the engine stopped before the hand ended"
    hand = state.history[-1]
    assert result.score_changes == hand.score_changes, (result, hand)
    assert result.awards == hand.awards, (result.awards, hand.awards)
    assert result.card_points == hand.card_points
    assert result.made == hand.made
    assert result.pitcher == hand.pitcher
    assert result.contract == hand.contract
    assert result.trump == hand.trump
    assert result.winners == tuple(trick.winner for trick in hand.tricks)
    counts["tricks"] += len(hand.tricks)
    counts["points"] += sum(hand.points_won)
    counts["hands"] += 1
    counts["passed out"] += hand.pitcher is None


def states_of(rules: Rules, count: int, seed: int) -> tuple[list[GameState], list[Action | None]]:
    """`count` states to play out: a third fresh deals, the rest from random games at any
    point (a quarter of those with a first action)."""
    rng = random.Random(seed)
    states: list[GameState] = []
    firsts: list[Action | None] = []
    for k in range(count):
        state = new_game(rules, seed=seed * 1_000_003 + k, dealer=k % rules.players)
        if k % 3:
            for _ in range(rng.randrange(60)):
                if state.is_over:
                    break
                state = apply_action(state, rng.choice(legal_actions(state)))
            if state.is_over:
                state = new_game(rules, seed=seed * 1_000_003 + k + 7)
        first = rng.choice(legal_actions(state)) if k % 4 == 1 else None
        states.append(state)
        firsts.append(first)
    return states, firsts


def search_states(
    rules: Rules, count: int, seed: int
) -> tuple[list[GameState], list[Action | None]]:
    """`count` hands as a search batches them: states of random games (`states_of`'s),
    each put in the batch once for each of its first legal actions (at most four), the
    same object every time, with that action first (the engine enters the hands of one
    state once and copies them)."""
    base, _ = states_of(rules, count, seed)
    states: list[GameState] = []
    firsts: list[Action | None] = []
    for state in base:
        for action in legal_actions(state)[:4]:
            if len(states) < count:
                states.append(state)
                firsts.append(action)
    return states, firsts


def fresh_states(rules: Rules, count: int, seed: int) -> list[GameState]:
    """`count` fresh deals: a batch whose hands are all at the same place, which the array
    engine steps together (plain numbers for the trick's place) until they part."""
    return [
        new_game(rules, seed=seed * 1_000_003 + k, dealer=k % rules.players) for k in range(count)
    ]


KINDS = ("mixed", "fresh")
"""The batches played in turn: mixed states (`states_of`), fresh deals (`fresh_states`),
each with `random_policy`, then each with `playout_policy`."""


def prove(rules: Rules, hands: int, seed: int = 0, engine: str = "auto") -> Counter[str]:
    """Play `hands` hands of `rules` batched (by `play_batch`'s `engine`) and replay each
    (see the module): batches of mixed states and of fresh deals, with the random policy
    and the playout policy, in turn."""
    counts: Counter[str] = Counter()
    done = turn = 0
    while done < hands:
        size = min(BATCH // 4, hands - done)
        policy = (batch.random_policy, batch.playout_policy)[turn % 2]
        if turn % 3 == 1:
            states, firsts = fresh_states(rules, size, seed + done), [None] * size
        elif turn % 3 == 2:
            states, firsts = search_states(rules, size, seed + done)
        else:
            states, firsts = states_of(rules, size, seed + done)
        recorder = Recorder(policy, size)
        result = batch.play_batch(states, recorder, first=firsts, seed=seed + done, engine=engine)
        for i in range(size):
            replay(states[i], firsts[i], recorder.logs[i], result.result(i), counts)
        done += size
        turn += 1
    return counts


def main() -> None:
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    engine = "loop" if "--loop" in sys.argv else "auto"
    hands = int(args[0]) if args else 10_000
    names = args[1:] or [*PRESET_NAMES, *VARIANTS]
    mode = "arrays" if batch.numpy_enabled() and engine == "auto" else "loop"
    print(f"replay proof: {hands:,} hands per preset, the batched engine on {mode}")
    total: Counter[str] = Counter()
    for name in names:
        rules = rules_named(name)
        start = time.process_time()
        counts = prove(rules, hands, engine=engine)
        seconds = time.process_time() - start
        total.update(counts)
        covered = batch.uncovered(rules)
        note = "" if covered is None else f" (looped: {covered})"
        print(
            f"{name:<14} {counts['hands']:>7,} hands {counts['passed out']:>6,} passed out "
            f"{counts['call']:>7,} calls {counts['declare']:>6,} trumps "
            f"{counts['call_partner']:>5,} partners {counts['discard']:>7,} discards "
            f"{counts['play']:>8,} cards {counts['tricks']:>7,} tricks "
            f"{counts['points']:>8,} points  {seconds:6.1f} s{note}"
        )
    print(
        f"{'all':<14} {total['hands']:>7,} hands, {sum(total[k] for k in batch.KINDS):,} "
        "decisions replayed: identical"
    )


if __name__ == "__main__":
    main()
