"""Hypothesis strategies and random players for the property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

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
    """Any `Rules` value that validates: every option value, any seat count."""
    partnerships = draw(st.booleans())
    players = 4 if partnerships else draw(st.integers(2, 8))
    return Rules.setback(
        players=players,
        partnerships=partnerships,
        target=draw(st.integers(1, 31)),
        min_bid=draw(st.integers(1, 4)),
        smudge=draw(st.booleans()),
        dealer_match=draw(st.sampled_from(DealerMatch)),
        all_pass=draw(st.sampled_from(AllPass)),
        low_to=draw(st.sampled_from(LowTo)),
        win_rule=draw(st.sampled_from(WinRule)),
    )


seeds = st.integers(0, 2**64 - 1)


def calm_choice(state: GameState, rng: random.Random) -> Action:
    """A random legal action that passes often and bids low, so bid-out games end."""
    legal = legal_actions(state)
    if state.phase is Phase.BIDDING:
        bids = [a for a in legal if isinstance(a, Bid)]
        if not bids or (Pass() in legal and rng.random() < 0.7):
            return Pass()
        return bids[0] if rng.random() < 0.7 else rng.choice(bids)
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


def random_game(rules: Rules, seed: int, *, max_steps: int = 600) -> GameState:
    """The last state of a calm random game."""
    *_, last = random_states(rules, seed, max_steps=max_steps)
    return last
