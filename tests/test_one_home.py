"""One home per transition, checked: breaking a transition's home breaks every part of the
library that asks it, alike.

For each row of `docs/guides/internals.md`'s table "Every transition, once", the home
function named there is broken in place (its code object swapped for that of a copy with
one change, so every module that imported it runs the broken one), and the parts of the
library the row says ask it are run again: the checked engine (a seeded game of random
legal actions), the playout kernel (hands played out from dealt states), sampling (worlds
drawn for a view, which replays each world through the engine) and the event log (a
finished game's events). Each must come out different from what it gave before, or
refuse (an error). A part that kept its own copy of the rule would come out the same.
"""

from __future__ import annotations

import functools
import inspect
import random
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FunctionType
from typing import Any

import pytest

import setback.bidding
import setback.dealing
import setback.discarding
import setback.eventlog
import setback.play
import setback.points
import setback.scoring
import setback.trumps
from setback import (
    GameState,
    RandomPolicy,
    Rules,
    apply_action,
    events,
    legal_actions,
    new_game,
    observe,
    playout_hand,
    sample_states,
)

ENGINE, KERNEL, SAMPLING, EVENTS = "engine", "kernel", "sampling", "event log"
EVERY = (ENGINE, KERNEL, SAMPLING, EVENTS)


@contextmanager
def broken(function: Callable[..., Any], old: str, new: str) -> Iterator[None]:
    """`function` with its text `old` (found once in its source) replaced by `new`, for every
    caller: its code object is swapped, so the names other modules imported stay bound to
    the same, now broken, function. Restored afterwards; the engine's caches of results
    computed with it are cleared both ways."""
    assert isinstance(function, FunctionType)
    source = textwrap.dedent(inspect.getsource(function))
    assert source.count(old) == 1, (function.__qualname__, old)
    namespace = dict(function.__globals__)
    exec(compile(source.replace(old, new), inspect.getfile(function), "exec"), namespace)
    mutant = inspect.unwrap(namespace[function.__name__])  # a cached home: its function
    original = function.__code__
    _clear_caches()
    function.__code__ = mutant.__code__
    try:
        yield
    finally:
        function.__code__ = original
        _clear_caches()


def _clear_caches() -> None:
    """The memos that hold results a broken function made (the event counts; the tables)."""
    setback.eventlog._hand_events.cache_clear()
    setback.discarding.discard_of.cache_clear()
    setback.dealing.deal_places.cache_clear()
    setback.dealing._takers.cache_clear()


def _outcome(run: Callable[[], object]) -> object:
    """What `run` gives, or the kind of error it raises."""
    try:
        return run()
    except Exception as error:
        return type(error)


def _game(rules: Rules, seed: int, actions: int = 400) -> GameState:
    """A game of random legal actions (`actions` of them at most, or to its end)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=seed % rules.players)
    for _ in range(actions):
        if state.is_over:
            break
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


def _engine(rules: Rules) -> object:
    games = [_game(rules, seed, 100) for seed in range(3)]
    return [(tuple(map(str, game.log)), game.scores, game.winner) for game in games]


def _kernel(rules: Rules) -> object:
    views, _ = _fixtures(rules)  # from the deal, and from trick play under way
    states = [new_game(rules, seed=seed, dealer=seed % rules.players) for seed in range(8)]
    return [
        playout_hand(state, RandomPolicy(random.Random(seed).random))
        for seed, state in enumerate([*states, *views])
    ]


def _in_play(rules: Rules, seed: int) -> GameState:
    """A state of trick play with a trick or two done (a random game's first one there)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=seed % rules.players)
    while (
        not (state.tricks and state.trick is not None and state.trick.plays)
        or len(state.tricks) < 2
    ):
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


@functools.cache
def _fixtures(rules: Rules) -> tuple[list[GameState], list[GameState]]:
    """Views' states (mid-hand, built before anything is broken) and finished games."""
    views = [_in_play(rules, seed) for seed in (0, 5)]  # 5: Ten-point for two forces a discard
    games = [_game(rules, seed) for seed in range(2)]
    return views, games


def _sampling(rules: Rules) -> object:
    views, _ = _fixtures(rules)
    out = []
    for n, state in enumerate(views):
        seat = (state.to_act or 0) % rules.players
        worlds = sample_states(observe(state, seat), random.Random(n), 4)
        out.append([(world.held, world.hand_state, world.scores) for world in worlds])
    return out


def _events(rules: Rules) -> object:
    _, games = _fixtures(rules)
    return [events(game, seat) for game in games for seat in range(rules.players)]


PARTS: dict[str, Callable[[Rules], object]] = {
    ENGINE: _engine,
    KERNEL: _kernel,
    SAMPLING: _sampling,
    EVENTS: _events,
}

SHORT = Rules.setback(target=5, win_rule="highest_score")
"""Short games, which random play ends within the engine's check."""

ROWS: list[tuple[str, Callable[..., Any], str, str, Rules, tuple[str, ...]]] = [
    (
        "who calls next (bidding.after_call)",
        setback.bidding.after_call,
        "if seat != dealer:  # the next seat calls",
        "if seat != dealer and seat != (dealer + 2) % players:",
        Rules.setback(),
        EVERY,
    ),
    (
        "the auction's end (bidding.after_call)",
        setback.bidding.after_call,
        "phase = _DECLARE_TRUMP if rules.trump_by is _DECLARE else _PLAY",
        "phase = _DECLARE_TRUMP if rules.trump_by is _DECLARE else _PLAY\n    pitcher = dealer",
        Rules.setback(),
        EVERY,
    ),
    (
        "who discards next (discarding.discard_turns)",
        setback.discarding.discard_turns,
        "turns = discard_order(dealer, rules.players)",
        "turns = discard_order(dealer + 1, rules.players)",
        Rules.setback(draw=True),
        EVERY,
    ),
    (
        "the draw, taken from the stock (discarding.draw_from)",
        setback.discarding.draw_from,
        "return drawn, stock[count:]",
        "return drawn, stock[count:][::-1]",
        Rules.setback(draw=True),
        EVERY,
    ),
    (
        "the draw back to six (discarding.refill)",
        setback.discarding.refill,
        "max(0, min(6 - kept, stock))",
        "max(0, min(5 - kept, stock))",
        Rules.ten_point(),
        EVERY,
    ),
    (
        "the draw back (discarding.draw_back)",
        setback.discarding.draw_back,
        "kept |= drawn & trumps",
        "kept |= drawn",
        Rules.ten_point(),
        EVERY,
    ),
    (
        "forced face-up discards (discarding.forced_face_up)",
        setback.discarding.forced_face_up,
        "forced.append((seat, free))",
        "forced.append((seat, free & (free - 1)))",
        Rules.ten_point(players=2),
        EVERY,
    ),
    (
        "Cinch's discard and rob (discarding.rob_bounds)",
        setback.discarding.rob_bounds,
        "return others, others.bit_count() - max(kept, 0)",
        "return others, others.bit_count() - max(kept, 1)",
        Rules.cinch(),
        EVERY,
    ),
    (
        "how Cinch's discards lie (discarding.rob_split)",
        setback.discarding.rob_split,
        "return thrown & ~trumps, thrown & trumps",
        "return thrown & trumps, thrown & ~trumps",
        Rules.cinch(),
        (SAMPLING, EVENTS),  # a game's log and scores do not show where a discard lies
    ),
    (
        "the pitcher's taking the kitty (discarding.take_kitty)",
        setback.discarding.take_kitty,
        "cards[pitcher] |= kitty",
        "cards[pitcher] |= kitty & (kitty - 1)",
        Rules.trickster(4, kitty=2),
        EVERY,
    ),
    (
        "who leads once a trick is over (play.after_play)",
        setback.play.after_play,
        "next_leader(rules, table, held, winner, tricks + 1)",
        "next_leader(rules, table, held, plays[0][0], tricks + 1)",
        Rules.setback(),
        (ENGINE, KERNEL, EVENTS),  # a sampled world's hand is under way
    ),
    (
        "who plays next to a trick (play.after_play)",
        setback.play.after_play,
        "(last + 1) % players",
        "(last + players - 1) % players",
        Rules.setback(),
        EVERY,
    ),
    (
        "who wins a trick (TrumpTable.winner_of)",
        setback.trumps.TrumpTable.winner_of,
        "if strength > best:",
        "if strength < best or best < 0:",
        Rules.setback(),
        EVERY,
    ),
    (
        "who leads next (play.next_leader)",
        setback.play.next_leader,
        "return winner if tricks < HAND_TRICKS else None",
        "return (winner + 1) % rules.players if tricks < HAND_TRICKS else None",
        Rules.setback(),
        EVERY,
    ),
    (
        "the hand's end (play.next_leader)",
        setback.play.next_leader,
        "return winner if tricks < HAND_TRICKS else None",
        "return winner if tricks < HAND_TRICKS - 1 else None",
        Rules.setback(),
        (ENGINE, KERNEL, EVENTS),  # a sampled world's hand is under way
    ),
    (
        "the tally's input (scoring.cards_in_play)",
        setback.scoring.cards_in_play,
        "won[winner] |= cards",
        "won[(winner + 1) % len(won)] |= cards",
        Rules.setback(),
        (ENGINE, KERNEL, EVENTS),  # sampling scores nothing
    ),
    (
        "who takes each point (points.award_all)",
        setback.points.award_all,
        "won[side] += _WORTH.get(value, 1)",
        "won[side] += _WORTH.get(value, 1) + 1",
        Rules.setback(),
        (ENGINE, KERNEL, EVENTS),
    ),
    (
        "made or set (scoring.contract_made)",
        setback.scoring.contract_made,
        "return made, points if made else -contract",
        "return made, points if made else contract",
        Rules.setback(),
        (ENGINE, KERNEL, EVENTS),
    ),
    (
        "the game's end (scoring.game_end)",
        setback.scoring.game_end,
        "if top < target:",
        "if top < target + 3:",
        SHORT,
        (ENGINE, EVENTS),
    ),
    (
        "the deal's order (dealing.deal_places)",
        setback.dealing.deal_places.__wrapped__,
        "places[(dealer + k) % players]",
        "places[(dealer + k + 1) % players]",
        Rules.setback(),
        (ENGINE, KERNEL, EVENTS),  # sampling deals its worlds by the same places: unchanged
    ),
    (
        "who deals next (dealing.next_dealer)",
        setback.dealing.next_dealer,
        "return (result.dealer + 1) % rules.players",
        "return (result.dealer + 2) % rules.players",
        Rules.setback(),
        (ENGINE, EVENTS),
    ),
    (
        "call your partner's pairing (discarding.partner_of)",
        setback.discarding.partner_of,
        "return (0 if partner == pitcher else called), partner",
        "return (0 if partner == pitcher else called), pitcher",
        Rules.trickster(10, players=5),
        (ENGINE, KERNEL, SAMPLING, EVENTS),
    ),
]
"""Each transition: its name, its home, the change that breaks it, rules under which it
is reached, and the parts of the library that ask it (the table's "Who asks it")."""


@pytest.mark.parametrize(
    ("name", "home", "old", "new", "rules", "parts"), ROWS, ids=[row[0] for row in ROWS]
)
def test_breaking_a_transitions_home_breaks_every_part_that_asks_it(
    name: str,
    home: Callable[..., Any],
    old: str,
    new: str,
    rules: Rules,
    parts: tuple[str, ...],
) -> None:
    before = {part: _outcome(lambda part=part: PARTS[part](rules)) for part in parts}
    assert not any(isinstance(value, type) for value in before.values()), before
    with broken(home, old, new):
        after = {part: _outcome(lambda part=part: PARTS[part](rules)) for part in parts}
    assert [part for part in parts if after[part] == before[part]] == []
    again = {part: _outcome(lambda part=part: PARTS[part](rules)) for part in parts}
    assert again == before  # restored


def test_breaking_a_function_no_part_asks_breaks_nothing() -> None:
    """The check can fail: a change to code none of the four parts runs leaves them as
    they were."""
    rules = Rules.setback()
    before = {part: PARTS[part](rules) for part in EVERY}
    with broken(setback.discarding.refill, "max(0, min(6 - kept, stock))", "7"):
        after = {part: PARTS[part](rules) for part in EVERY}
    assert after == before
