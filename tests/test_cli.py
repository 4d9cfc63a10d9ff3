"""The command line: `setback simulate`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from setback.cli import main


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "games          5" in out
    assert "hands" in out and "per game" in out
    assert "bid 2" in out and "wins" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("  side ")]
    assert [row[1] for row in rows] == ["0", "1"]
    assert sum(int(row[2]) for row in rows) == 5
    assert all(row[3].endswith("%") for row in rows)


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--games", "3", "--seed", "9"])
    first = capsys.readouterr().out.split("time")[0]
    main(["simulate", "--games", "3", "--seed", "9"])
    assert capsys.readouterr().out.split("time")[0] == first


def test_bad_arguments_exit_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--target", "0"]) == 2
    assert "target must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "0"])


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "setback", "simulate", "--games", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "games          2" in done.stdout


def _play(monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str) -> str:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("".join(line + "\n" for line in lines)))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", *args]) == 0
    return out.getvalue()


def test_play_a_whole_game_by_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Always choosing the first listed action plays a game to its end."""
    out = _play(monkeypatch, ["1"] * 2000, "--seed", "3", "--target", "5")
    assert "Your hand: " in out and "Choices:" in out and "   1. " in out
    assert "Hand 1 over." in out
    for line in ("  High ", "  Low ", "  Jack ", "  Game ", "  card points: ", "  changes: "):
        assert line in out
    assert "made it" in out or "set back" in out
    assert "Game over: " in out


def test_play_reprompts_on_bad_input_and_quits(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _play(monkeypatch, ["99", "fold", "bid 99", "bid 9", "play AS", "quit"], "--seed", "3")
    assert "choose a number from 1 to" in out
    assert "not an action: 'fold'" in out
    assert "no such call: bid 99" in out
    assert "bid 9 by seat 0 is illegal: the highest bid is 4" in out
    assert "is illegal: the auction is still on" in out
    assert out.rstrip().endswith("Bye.")


def test_play_accepts_card_text_and_leaves_on_end_of_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = _play(
        monkeypatch, ["pass"] * 3, "--seed", "3", "--rules", "auction-pitch", "--players", "3"
    )
    assert out.rstrip().endswith("Bye.")
    assert "Your turn (bidding)" in out


def test_play_shows_the_trick_and_takes_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # seat 0 bids 2 on its turn, then answers every card prompt with its first card
    out = _play(monkeypatch, ["2"] + ["1"] * 8, "--seed", "4", "--bot", "random")
    assert "trick 1 to " in out
    assert "Trump: " in out


def test_play_rejects_a_seat_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seat", "7"]) == 2
    assert "--seat must be from 0 to 3" in capsys.readouterr().err


def test_simulate_with_bots_per_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "4", "--bot", "heuristic", "--bot", "cautious"]) == 0
    out = capsys.readouterr().out
    assert "side 0 (heuristic)" in out and "side 1 (cautious)" in out and "%" in out


def test_simulate_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--progress"]) == 0
    assert "[##############################] 3/3 games" in capsys.readouterr().err


def test_simulate_bot_count_must_fit_the_sides() -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "2", "--bot", "random", "--bot", "random", "--bot", "random"])


@pytest.mark.parametrize("name", ["ten-point", "smear", "joker-pitch"])
def test_simulate_runs_every_extended_preset(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`setback simulate --rules` takes the extended presets; a plain bid of 5 is no Smudge."""
    assert main(["simulate", "--rules", name, "--games", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "games          3" in out and "per played hand" in out
    assert "smudge" not in out  # none of the three has a Smudge


def test_play_takes_an_extended_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    """`setback play --rules ten-point` deals 9 cards, jokers shown as symbols."""
    lines = iter(["quit\n"])
    monkeypatch.setattr("sys.stdin.readline", lambda: next(lines, ""))
    import io
    import sys

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["play", "--rules", "ten-point", "--seed", "5"]) == 0
    text = out.getvalue()
    assert "Your hand:" in text and "Bye." in text
