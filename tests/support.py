"""Helpers that replay the worked examples of RULES.md through the public API."""

from __future__ import annotations

import re

from setback import GameState, HandResult, Rules, apply_action, new_game

NAMES = {"A": 0, "B": 1, "C": 2, "D": 3, "P0": 0, "P1": 1, "P2": 2, "P3": 3}


def deal(
    rules: Rules,
    hands: str,
    *,
    dealer: int = 3,
    scores: tuple[int, ...] | None = None,
    seed: int = 1,
) -> GameState:
    """A game whose first hand is `hands`: 'A: K♠ 9♦ …; B: …' (seats by initial)."""
    by_seat: dict[int, str] = {}
    for part in hands.split(";"):
        name, cards = part.split(":")
        by_seat[NAMES[name.strip()]] = cards
    return new_game(
        rules,
        seed=seed,
        dealer=dealer,
        scores=scores,
        hands=[by_seat[seat] for seat in range(len(by_seat))],
    )


def act(state: GameState, calls: str) -> GameState:
    """Apply 'A 2, B pass, C smudge' in order, each from the named seat."""
    for part in calls.split(","):
        name, text = part.split(maxsplit=1)
        text = text if text in ("pass", "smudge") else f"bid {text}"
        state = apply_action(state, text, seat=NAMES[name])
    return state


def play(state: GameState, tricks: str) -> GameState:
    """Play 'A K♠ B A♠ C 6♠ D 2♠ → B; …', checking every trick's winner."""
    for trick in tricks.split(";"):
        plays, winner = trick.split("→")
        for name, card in re.findall(r"(P?\w)\s+(\S+)", plays):
            state = apply_action(state, f"play {card}", seat=NAMES[name])
        last = state.tricks[-1] if state.tricks else state.history[-1].tricks[-1]
        assert last.winner == NAMES[winner.strip()], f"{trick}: won by seat {last.winner}"
    return state


def hand(
    rules: Rules, hands: str, calls: str, tricks: str, **kw: object
) -> tuple[GameState, HandResult]:
    """Deal, bid and play one whole hand; the state after it and its record."""
    state = play(act(deal(rules, hands, **kw), calls), tricks)  # type: ignore[arg-type]
    return state, state.history[-1]
