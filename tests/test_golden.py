"""Golden playthroughs: seeded games of every preset and variant, hand by hand.

Each file in tests/golden/ pins the deals, auctions, tricks and scores of a
seeded game between heuristic bots. A change to the shuffle, a rule or the
scoring shows up here as a readable diff. After an intended change, rewrite
the files with `SETBACK_REGENERATE=1 pytest tests/test_golden.py` and review
the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from setback import Rules, format_hand
from setback.bots import HeuristicBot, play_game

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "setback": Rules.setback(),
    "auction-pitch-3": Rules.auction_pitch(players=3),
    "six-players": Rules.six_player(),
    "cutthroat-5": Rules.cutthroat(players=5),
    "draw": Rules.setback(draw=True),
    "pitch-instead-of-bid": Rules.setback(pitch_instead_of_bid=True),
    "no-trump-first-trick": Rules.setback(no_trump_first_trick=True, low_to="holder"),
    "redeal-highest-score": Rules.setback(all_pass="redeal", win_rule="highest_score", target=11),
}


def playthrough(rules: Rules) -> str:
    bots = [HeuristicBot(seed=seat) for seat in range(rules.players)]
    final = play_game(rules, bots, seed=2026, max_hands=4)
    hands = [format_hand(result, rules) for result in final.history]
    return "\n\n".join([*hands, f"scores {final.scores}, winner {final.winner}"]) + "\n"


@pytest.mark.parametrize("name", list(GAMES))
def test_seeded_game_matches_its_golden_file(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = playthrough(GAMES[name])
    if os.environ.get("SETBACK_REGENERATE"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
