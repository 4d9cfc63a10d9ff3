"""`setback.arena`: duplicate duels and ladders, the same for a seed however they are split."""

from __future__ import annotations

import functools
import json
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest

from setback import Rules, RulesError
from setback.arena import (
    DuelResult,
    duel,
    ladder,
    paired_interval,
    seatings,
    wilson_interval,
)
from setback.bots import RandomBot
from setback.cli import main

SHORT = Rules.setback(target=7)


def test_the_same_seed_gives_an_equal_result() -> None:
    one = duel(SHORT, "heuristic", "cautious", deals=3, seed=5)
    two = duel(SHORT, "heuristic", "cautious", deals=3, seed=5)
    assert one == two
    assert one.first.decisions > 0 and one.first.mean_decision >= 0
    assert (one.games, one.seatings, one.deals) == (6, 2, 3)


def test_timing_is_left_out_of_equality() -> None:
    result = duel(SHORT, "heuristic", "cautious", deals=1, seed=0)
    other = attrs.evolve(
        result, first=attrs.evolve(result.first, mean_decision=9.0, p99_decision=9.0)
    )
    assert other == result


@pytest.mark.parametrize("chunk", [1, 2, 5])
def test_any_split_over_an_executor_gives_the_same_result(chunk: int) -> None:
    whole = duel(SHORT, "heuristic", "cautious", deals=5, seed=11, chunk=5)
    with ThreadPoolExecutor(max_workers=3) as pool:
        split = duel(SHORT, "heuristic", "cautious", deals=5, seed=11, executor=pool, chunk=chunk)
    assert split == whole


def test_a_process_pool_gives_the_serial_result() -> None:
    spec = functools.partial(RandomBot, cautious=True)
    serial = duel(SHORT, "heuristic", spec, deals=2, seed=3)
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert duel(SHORT, "heuristic", spec, deals=2, seed=3, executor=pool, chunk=1) == serial
    assert serial.second.bot == "RandomBot(cautious=True)"


def test_a_bot_against_itself_is_even_deal_by_deal() -> None:
    """The seatings of a deal are the same game with the line-ups swapped: each wins one."""
    result = duel(SHORT, "cautious", "cautious", deals=4, seed=2)
    assert result.first.games_won == result.second.games_won == 4
    assert result.win_rate == 0.5
    assert result.points_per_hand == 0.0
    assert result.points_interval == (0.0, 0.0)
    assert result.first.hands_won == result.second.hands_won


def test_the_counts_add_up() -> None:
    result = duel(SHORT, "heuristic", "cautious", deals=4, seed=0)
    assert result.first.games_won + result.second.games_won + result.unfinished == 8
    assert result.first.hands_won + result.second.hands_won <= result.hands
    assert result.points_per_hand == pytest.approx(
        result.first.points_per_hand - result.second.points_per_hand
    )
    low, high = result.points_interval
    assert low <= result.points_per_hand <= high
    assert result.win_interval == wilson_interval(result.first.games_won, 8)


def test_seatings_rotate_both_patterns_round_the_sides() -> None:
    assert seatings(Rules.setback()) == ((0, 1), (1, 0))
    assert seatings(Rules.setback(players=3, partnerships=False)) == (
        (0, 1, 0),
        (1, 0, 0),
        (0, 0, 1),
        (1, 0, 1),
        (0, 1, 1),
        (1, 1, 0),
    )
    assert seatings(Rules.setback(players=4, partnerships=False)) == ((0, 1, 0, 1), (1, 0, 1, 0))


def test_each_for_himself_with_three_plays_six_seatings_and_scales_points() -> None:
    """Against itself, every line-up's mean per side is the same: the difference is 0."""
    rules = Rules.setback(players=3, partnerships=False, target=5)
    result = duel(rules, "cautious", "cautious", deals=1, seed=4)
    assert (result.games, result.seatings) == (6, 6)
    assert result.points_per_hand == 0.0
    assert result.first.games_won + result.second.games_won == 6


def test_wilson_interval_on_known_numbers() -> None:
    """Wilson (1927): 60 of 100 at 95% is 0.5020 to 0.6906; 0 of 10 is 0 to 0.2775."""
    low, high = wilson_interval(60, 100)
    assert (round(low, 4), round(high, 4)) == (0.502, 0.6906)
    low, high = wilson_interval(0, 10)
    assert (low, round(high, 4)) == (0.0, 0.2775)
    with pytest.raises(RulesError):
        wilson_interval(3, 2)


def test_paired_interval_on_known_numbers() -> None:
    """Ratio 8/16 = 0.5; residuals 1, -3, 2, 0 (14 squared); spread sqrt(14 * 4/3) / 16."""
    low, high = paired_interval([3, -1, 4, 2], [4, 4, 4, 4])
    half = 1.959963984540054 * math.sqrt(14 * 4 / 3) / 16
    assert low == pytest.approx(0.5 - half, abs=1e-12)
    assert high == pytest.approx(0.5 + half, abs=1e-12)
    assert all(math.isnan(x) for x in paired_interval([2], [3]))
    with pytest.raises(RulesError):
        paired_interval([1, 2], [3])


def test_bad_input_is_refused() -> None:
    with pytest.raises(RulesError, match="no bot named"):
        duel(SHORT, "nobody", "random", deals=1, seed=0)
    with pytest.raises(RulesError, match="deals"):
        duel(SHORT, "random", "random", deals=0, seed=0)
    with pytest.raises(TypeError):
        duel("setback", "random", "random", deals=1, seed=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        duel(SHORT, "random", "random", deals=1, seed=0, executor=3)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="two bots"):
        ladder(SHORT, ["random"], deals=1, seed=0)
    with pytest.raises(RulesError, match="each bot once"):
        ladder(SHORT, ["random", "random"], deals=1, seed=0)


def test_a_ladder_plays_every_pair_on_the_same_deals() -> None:
    table = ladder(SHORT, ["heuristic", "cautious", "random"], deals=2, seed=1)
    assert [(d.first.bot, d.second.bot) for d in table.duels] == [
        ("heuristic", "cautious"),
        ("heuristic", "random"),
        ("cautious", "random"),
    ]
    assert table.duel_of(0, 2) == duel(SHORT, "heuristic", "random", deals=2, seed=1)
    assert table.games_won[0] == table.duels[0].first.games_won + table.duels[1].first.games_won
    assert table.ratings[0] == max(table.ratings)
    low, high = table.rating_intervals[0]
    assert low <= table.ratings[0] <= high


def test_progress_counts_games(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[tuple[int, int]] = []
    duel(SHORT, "cautious", "random", deals=3, seed=0, chunk=2, progress=lambda *a: seen.append(a))
    assert seen == [(4, 6), (6, 6)]


def test_the_cli_writes_the_result_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "duel.json"
    argv = ["arena", "--bot", "heuristic", "--bot", "cautious", "--deals", "2", "--target", "7"]
    assert main([*argv, "--seed", "3", "--json", str(path)]) == 0
    document = json.loads(path.read_text(encoding="utf-8"))
    expected = duel(SHORT, "heuristic", "cautious", deals=2, seed=3)
    result = document["result"]
    assert (document["rules"], document["deals"], document["seed"]) == ("setback", 2, 3)
    assert result["first"]["games_won"] == expected.first.games_won
    assert result["win_rate"] == expected.win_rate
    assert result["points_interval"] == list(expected.points_interval)
    assert result["hands"] == expected.hands
    out = capsys.readouterr().out
    assert "4 (2 deals x 2 seatings)" in out


def test_the_cli_runs_a_ladder_and_refuses_one_bot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bot", "heuristic", "--bot", "cautious", "--bot", "random"]
    assert main([*argv, "--deals", "1", "--target", "5"]) == 0
    assert "heuristic against cautious:" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["arena", "--bot", "heuristic", "--deals", "1"])


def test_the_result_is_frozen() -> None:
    result = duel(SHORT, "cautious", "random", deals=1, seed=0)
    assert isinstance(result, DuelResult)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.deals = 2  # type: ignore[misc]
