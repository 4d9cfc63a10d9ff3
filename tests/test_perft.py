"""Perft: how many distinct legal action sequences lead from a fixed deal to each depth.

As chess engines count the move sequences from a position (python-chess's
perft), this walks every legal action from `new_game(rules, seed=S,
dealer=D)` (after a fixed list of actions, where one is given) depth first
through `legal_actions` and `apply_action`, and counts the sequences of each
length. Any change to what is legal anywhere in the auction, the declaration,
the discards or the first trick changes a number. tests/perft.txt holds the
expected counts, one line per preset, deal and depth.

How the numbers were made: by this file's `perft` (SETBACK_REGENERATE=1 fills in
the counts of each line, keeping its depth), with every trick-play node's legal
cards checked against the plain restatement in tests/reference.py along the
way. The auctions' counts were also worked out by hand: a seat before the
dealer passes or calls above the highest call, so the first k of them make
sum_j C(k, j) * C(c, j) sequences (j callers, j rising calls out of c; c = 4
with Smudge, 3 without); the dealer then passes, matches or calls higher (7 - h
choices over a highest call h in 2..5 with Smudge, 6 - h without) or, when
all passed, must bid 2. That gives 5 15 35 100 for the German auction, 4 10
26 for Auction Pitch with 3 players, 5 15 35 70 126 331 for six players; then
6 first leads each (German: 600; Auction Pitch: 156), 4 trump suits each (six
players: 1324, then 28 ways to discard 2 of 8: 37072; draw: 400), and 11
first calls (pass, 4 calls, 6 pitches) with pitch instead of bid.

To add a line, write it with as many zeros as depths and regenerate.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from setback import GameState, Phase, Play, Rules, apply_action, legal_actions, new_game

from . import reference

DATA = Path(__file__).parent / "perft.txt"
MAX_SEQUENCES = 400_000
"""The most sequences one line may count: a broken rule that lets the walk explode
fails here instead of hanging."""

PRESETS: dict[str, Callable[[], Rules]] = {
    "german": Rules.setback,
    "auction-pitch-3": lambda: Rules.auction_pitch(players=3),
    "six-players": Rules.six_player,
    "draw": lambda: Rules.setback(draw=True),
    "pitch-instead-of-bid": lambda: Rules.setback(pitch_instead_of_bid=True),
    "no-trump-first-trick": lambda: Rules.setback(no_trump_first_trick=True),
}


@dataclass(frozen=True)
class Line:
    """One line of tests/perft.txt: `preset | seed | dealer | actions before | counts`."""

    number: int
    preset: str
    seed: int
    dealer: int
    before: tuple[str, ...]
    counts: tuple[int, ...]

    @property
    def id(self) -> str:
        after = f"-after{len(self.before)}" if self.before else ""
        return f"{self.preset}-seed{self.seed}-dealer{self.dealer}{after}-depth{len(self.counts)}"


def read_lines() -> list[Line]:
    lines = []
    for number, text in enumerate(DATA.read_text(encoding="utf-8").splitlines()):
        if not text.strip() or text.startswith("#"):
            continue
        preset, seed, dealer, before, counts = (part.strip() for part in text.split("|"))
        actions = () if before == "-" else tuple(a.strip() for a in before.split(";"))
        lines.append(
            Line(number, preset, int(seed), int(dealer), actions, tuple(map(int, counts.split())))
        )
    return lines


class TooManySequences(Exception):
    """The walk counted more than `MAX_SEQUENCES`."""


def check_plays(state: GameState, legal: tuple[object, ...]) -> None:
    """The cards the engine lets the seat to act play are those tests/reference.py allows."""
    seat, trick = state.to_act, state.trick
    assert seat is not None and trick is not None
    expected = reference.legal_cards(
        state.rules, state.hands[seat], trick.cards, state.trump, first=not state.tricks
    )
    played = {action.card for action in legal if isinstance(action, Play)}
    assert played == expected and len(played) == len(legal), (state.log[:], legal)


def perft(state: GameState, depth: int, *, cap: int = MAX_SEQUENCES) -> list[int]:
    """How many distinct legal action sequences of each length 1..`depth` start at `state`.

    Raises:
        TooManySequences: they add up to more than `cap`.
    """
    counts = [0] * depth

    def walk(state: GameState, level: int) -> None:
        legal = legal_actions(state)
        assert len(set(legal)) == len(legal), f"an action is listed twice: {legal}"
        if state.phase is Phase.PLAY:
            check_plays(state, legal)
        counts[level] += len(legal)
        if sum(counts) > cap:
            raise TooManySequences(f"more than {cap} sequences by depth {level + 1}")
        if level + 1 < depth:
            for action in legal:
                walk(apply_action(state, action), level + 1)

    walk(state, 0)
    return counts


def start(line: Line) -> GameState:
    state = new_game(PRESETS[line.preset](), seed=line.seed, dealer=line.dealer)
    for action in line.before:
        state = apply_action(state, action)
    return state


@pytest.mark.parametrize("line", read_lines(), ids=lambda line: line.id)
def test_perft_counts_match(line: Line) -> None:
    try:
        counts = perft(start(line), len(line.counts))
    except TooManySequences as error:
        pytest.fail(f"{line.id}: {error}")
    if os.environ.get("SETBACK_REGENERATE"):
        rows = DATA.read_text(encoding="utf-8").splitlines()
        *fields, _ = rows[line.number].split("|")
        rows[line.number] = "|".join([*fields, " " + " ".join(map(str, counts))])
        DATA.write_text("\n".join(rows) + "\n", encoding="utf-8")
        pytest.skip(f"regenerated {line.id}: review the diff, then run without SETBACK_REGENERATE")
    assert tuple(counts) == line.counts


def test_the_walk_stops_at_its_cap() -> None:
    """A walk too large for its cap stops instead of running on."""
    state = new_game(PRESETS["german"](), seed=1, dealer=0)
    assert sum(perft(state, 5, cap=755)) == 755
    with pytest.raises(TooManySequences, match="more than 754 sequences by depth 5"):
        perft(state, 5, cap=754)
