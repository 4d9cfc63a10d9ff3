"""Hypothesis strategies and random players for the property tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from hypothesis import strategies as st

from setback import (
    Action,
    AllPass,
    Bid,
    DealerMatch,
    GameState,
    LowTo,
    Pass,
    Phase,
    Rules,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
)


@st.composite
def all_rules(draw: st.DrawFn) -> Rules:
    """Any `Rules` value that validates: every preset, seat count, option and variant."""
    partnerships = draw(st.booleans())
    players = draw(st.sampled_from((4, 6))) if partnerships else draw(st.integers(2, 8))
    six = partnerships and players == 6
    declared = draw(st.booleans())
    pitch = not declared and not six and draw(st.booleans())
    return Rules(
        players=players,
        partnerships=partnerships,
        target=draw(st.integers(1, 31)),
        min_bid=draw(st.integers(1, 4)),
        smudge=draw(st.booleans()),
        dealer_match=draw(st.sampled_from(DealerMatch)),
        all_pass=draw(st.sampled_from(AllPass)),
        low_to=draw(st.sampled_from(LowTo)),
        win_rule=draw(st.sampled_from(WinRule)),
        draw=declared and not six and draw(st.booleans()),
        no_trump_first_trick=declared and draw(st.booleans()),
        pitch_instead_of_bid=pitch,
    )


def presets() -> st.SearchStrategy[Rules]:
    """The named presets, at every seat count they allow."""
    return st.one_of(
        st.just(Rules.setback()),
        st.just(Rules.six_player()),
        st.integers(2, 8).map(lambda n: Rules.auction_pitch(players=n)),
        st.integers(2, 8).map(lambda n: Rules.cutthroat(players=n)),
    )


any_rules = st.one_of(presets(), all_rules())


seeds = st.integers(0, 2**64 - 1)


def calm_choice(state: GameState, rng: random.Random) -> Action:
    """A random legal action that passes often and bids low, so bid-out games end."""
    legal = legal_actions(state)
    if state.phase is Phase.BIDDING:
        if Pass() in legal and (len(legal) == 1 or rng.random() < 0.7):
            return Pass()
        calls = [a for a in legal if a != Pass()]
        bids = [a for a in calls if isinstance(a, Bid)]
        return bids[0] if bids and rng.random() < 0.7 else rng.choice(calls)
    return rng.choice(legal)


def random_states(rules: Rules, seed: int, *, max_steps: int = 600) -> Iterator[GameState]:
    """Every state of a calm random game, from the deal until it ends or `max_steps` actions."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=rng.randrange(rules.players))
    yield state
    for _ in range(max_steps):
        if state.is_over:
            return
        state = apply_action(state, calm_choice(state, rng))
        yield state


def play_until(
    state: GameState,
    done: Callable[[GameState], bool],
    choose: Callable[[GameState], Action],
    *,
    max_steps: int = 5000,
) -> GameState:
    """Apply `choose(state)` until `done(state)`; fail (never hang) after `max_steps`."""
    for _ in range(max_steps):
        if done(state):
            return state
        state = apply_action(state, choose(state))
    raise AssertionError(f"still not done after {max_steps} actions: a rule may be broken")


def random_game(rules: Rules, seed: int, *, max_steps: int = 600) -> GameState:
    """The last state of a calm random game."""
    *_, last = random_states(rules, seed, max_steps=max_steps)
    return last
