"""The command line: `setback simulate`."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import attrs
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


def test_play_a_whole_game_by_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Always choosing the first listed action (letter a) plays a game to its end."""
    out = _play(monkeypatch, ["a"] * 2000, "--seed", "3", "--target", "5")
    assert "Your hand: " in out and "Choices:" in out and "\n  a. " in out
    assert "Hand 1 over." in out
    for line in ("  High ", "  Low ", "  Jack ", "  Game ", "  card points: ", "  changes: "):
        assert line in out
    assert "made it" in out or "set back" in out
    assert "Game over: " in out


def test_play_reprompts_on_bad_input_and_quits(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _play(monkeypatch, ["z", "fold", "bid 99", "bid 9", "play AS", "quit"], "--seed", "3")
    assert "choose a letter from a to d" in out
    assert "not understood: 'fold' (here: pass, bid 2-4, smudge, play CARD" in out
    assert "no such call: bid 99" in out
    assert "bid 9 is not allowed: the highest bid is 4" in out  # issue 40: no "by seat 0"
    assert "play A♠ is not allowed: the auction is still on" in out
    assert out.rstrip().endswith("Bye.")


def test_play_accepts_card_text_and_leaves_on_end_of_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = _play(
        monkeypatch, ["pass"] * 3, "--seed", "3", "--rules", "auction-pitch", "--players", "3"
    )
    assert out.rstrip().endswith("Bye.")
    assert "Your turn: Bidding. Choices:" in out


def test_play_shows_the_trick_and_takes_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # seat 0 bids 2 on its turn, then answers every card prompt with its first card
    out = _play(monkeypatch, ["b"] + ["a"] * 8, "--seed", "4", "--bot", "random")
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


class _Keys:
    """Standard input that gives `lines`, then a Ctrl-C (KeyboardInterrupt)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)

    def readline(self) -> str:
        if not self.lines:
            raise KeyboardInterrupt
        return self.lines.pop(0) + "\n"


def _run(monkeypatch: pytest.MonkeyPatch, stdin: object, *args: str) -> tuple[int, str]:
    import io

    monkeypatch.setattr("sys.stdin", stdin)
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    return main(["play", *args]), out.getvalue()


def test_ctrl_c_leaves_with_130_and_no_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = _run(monkeypatch, _Keys(["a"]), "--seed", "3")
    assert status == 130
    assert out.rstrip().endswith(
        "Interrupted. This game was not saved and is lost (setback play --save FILE keeps a "
        "game to resume)."
    )
    assert "Traceback" not in out


def test_ctrl_d_leaves_with_0(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    status, out = _run(monkeypatch, io.StringIO(""), "--seed", "3")
    assert status == 0 and out.rstrip().endswith("Bye.")


def test_save_after_every_action_and_resume(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """The save file holds the game after the last action; --resume plays on from it with
    the saved seat and bots, and keeps saving to it."""
    import io

    from setback import GameState, loads

    path = tmp_path / "game.json"
    status, out = _run(monkeypatch, _Keys(["b", "a"]), "--seed", "4", "--save", str(path))
    assert status == 130
    assert f"The game is saved in {path}: continue with setback play --resume {path}" in out
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["seat"] == 0 and saved["bots"]["1"] == {"kind": "medium", "seed": 41}
    state = loads(json.dumps(saved["game"]))
    assert isinstance(state, GameState) and state.seed == 4
    assert [type(a).__name__ for s, a in state.bids if s == 0] == ["Bid"]
    assert state.to_act == 0 and state.phase.value == "play"  # asked seat 0 when interrupted
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left

    status, out = _run(monkeypatch, io.StringIO("a\n"), "--resume", str(path))
    assert status == 0
    assert "Resumed in hand 1." in out and "Your turn: Play. Choices:" in out
    after = loads(json.dumps(json.loads(path.read_text(encoding="utf-8"))["game"]))
    assert len(after.log) > len(state.log) and after.log[: len(state.log)] == tuple(state.log)


def test_resume_refuses_new_settings_and_bad_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "--resume", str(path), "--rules", "smear"]) == 2
    assert "drop --rules" in capsys.readouterr().err
    path.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["play", "--resume", str(path)]) == 2
    assert "not a setback play save file" in capsys.readouterr().err
    assert main(["play", "--resume", str(tmp_path / "missing.json")]) == 2
    assert "No such file" in capsys.readouterr().err


def test_a_failed_save_keeps_the_old_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    from setback.terminal import write_atomically

    path = tmp_path / "game.json"
    write_atomically(path, "old")

    def broken(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_seed_replays_the_whole_game_first_dealer_included(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import random

    first = _play(monkeypatch, ["a"] * 300, "--seed", "11", "--target", "5")
    again = _play(monkeypatch, ["a"] * 300, "--seed", "11", "--target", "5")
    assert first == again
    dealer = random.Random(11).randrange(4)
    assert f"Hand 1, dealer {'you' if dealer == 0 else f'seat {dealer}'}." in first
    other = _play(monkeypatch, ["a"] * 300, "--seed", "12", "--target", "5")
    assert other != first


def test_auto_play_forced_plays_an_only_card_unasked(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _play(monkeypatch, ["b"] + ["a"] * 8, "--seed", "0", "--bot", "random")
    out = _play(
        monkeypatch, ["b"] + ["a"] * 8, "--seed", "0", "--bot", "random", "--auto-play-forced"
    )
    assert "  you: play 3♣ (your only choice)" in out
    assert "(your only choice)" not in asked
    assert out.count("  trick ") > asked.count("  trick ")  # the same answers go further


def test_help_and_messages_fit_the_rules_in_force(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _play(monkeypatch, ["help", "fold"], "--seed", "3", "--rules", "auction-pitch")
    assert "pass, bid 2-4, play CARD" in out
    assert "smudge" not in out.lower()
    out = _play(monkeypatch, ["help"], "--seed", "3")
    assert "pass, bid 2-4, smudge, play CARD" in out
    out = _play(monkeypatch, ["help"], "--seed", "3", "--rules", "ten-point")
    assert "trump SUIT, discard CARDS" in out and "bid 3-10" in out


def test_play_help_names_no_rule_of_one_form() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "setback", "play", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--save FILE" in done.stdout and "--resume FILE" in done.stdout
    assert "--auto-play-forced" in done.stdout and "smudge" not in done.stdout.lower()


def test_every_hand_is_counted_from_one(monkeypatch: pytest.MonkeyPatch) -> None:
    out = _play(monkeypatch, ["a"] * 2000, "--seed", "3", "--target", "5")
    assert "Hand 1, dealer " in out and "Hand 1 over." in out
    assert "Hand 0" not in out


def test_a_save_that_fails_is_reported_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    path = tmp_path / "no such directory" / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("a\n"))
    assert main(["play", "--seed", "3", "--save", str(path)]) == 0
    captured = capsys.readouterr()
    assert f"setback: could not save to {path}" in captured.err
    assert "Your turn" in captured.out and captured.out.count("Your turn") >= 2


def test_resuming_a_finished_game_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    import io

    path = tmp_path / "game.json"
    _run(
        monkeypatch, io.StringIO("a\n" * 2000), "--seed", "3", "--target", "5", "--save", str(path)
    )
    status, out = _run(monkeypatch, io.StringIO(""), "--resume", str(path))
    assert status == 0 and "This game is over: " in out and "Your turn" not in out


def test_a_save_file_keeps_its_permissions(tmp_path: pathlib.Path) -> None:
    import os

    from setback.terminal import write_atomically

    path = tmp_path / "game.json"
    write_atomically(path, "one")
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask
    path.chmod(0o640)
    write_atomically(path, "two")
    assert path.stat().st_mode & 0o777 == 0o640 and path.read_text(encoding="utf-8") == "two"


def test_a_closed_pipe_ends_the_game_without_a_traceback() -> None:
    """Issue 23: `setback play ... | head` ended in a BrokenPipeError traceback."""
    done = subprocess.run(
        f"yes a | head -3000 | {sys.executable} -m setback play --seed 3 --target 5 | head -2",
        shell=True,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("setback: you are seat 0; seed 3.")
    assert len(done.stdout.splitlines()) == 2
    assert done.stderr == ""


def test_simulate_names_the_shoot_and_the_free_contract() -> None:
    """`setback simulate` names a shoot's level "shoot" and a dealer-free contract "free",
    as it names the Smudge's level "smudge"; every other level is "bid N"."""
    from setback import Rules, ShootFor
    from setback.cli import _summary_lines
    from setback.simulation import simulate

    rules = Rules.trickster(4, shoot=ShootFor.ALL_POINTS)
    summary = simulate(rules, games=2, seed=1)
    assert (summary.smudge_level, summary.shoot_level) == (None, rules.smudge_level)
    assert simulate(Rules.setback(), games=1, seed=1).shoot_level is None
    shown = attrs.evolve(summary, contracts=((0, 2, 2), (2, 3, 1), (5, 1, 0)))
    rows = [line.split()[:2] for line in _summary_lines(shown, 1.0) if line.startswith("  ")]
    assert rows[:3] == [["free", "2"], ["bid", "2"], ["shoot", "0"]]


# --- issue 40, item 13 -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "usage"),
    [
        (["arena", "--bot", "heuristic"], "usage: setback arena"),
        (
            ["arena", "--bot", "random", "--bot", "heuristic", "--deals", "0"],
            "usage: setback arena",
        ),
        (["simulate", "--games", "0"], "usage: setback simulate"),
        (["simulate", "--jobs", "-1"], "usage: setback simulate"),
        (["arena", "--bot", "random", "--bot", "cautious", "--hands", "4"], "usage: setback arena"),
        (["rules", "--verbose"], "usage: setback rules"),
        (["play", "--lang", "de", "--hands", "4"], "Aufruf: setback play"),
    ],
)
def test_a_commands_error_shows_that_commands_usage(
    argv: list[str], usage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`setback arena --bot heuristic` printed the top-level usage, not arena's."""
    with pytest.raises(SystemExit) as leaving:
        main(argv)
    assert leaving.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage) and "{simulate,arena,play" not in err


def test_a_duel_prints_one_points_per_hand_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """The duel printed "points/hand" twice with two figures (the difference, and each
    line-up's own mean score change); the table's column is now "score/hand"."""
    argv = ["arena", "--bot", "random", "--bot", "cautious", "--deals", "1", "--target", "3"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("points/hand") == 1
    assert "points/hand" in out and " for random against cautious (95% " in out
    assert "line-up        games  hands won   score/hand  decisions" in out


def test_setback_rules_lists_and_describes_every_preset_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The 18 --rules choices were printed twice in every --help and explained nowhere:
    `setback rules` describes each; the options show NAME."""
    from setback.rules import PRESET_NAMES

    assert main(["rules", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    for name in PRESET_NAMES:
        (line,) = [line for line in lines if line.startswith(f"  {name} ")]
        assert len(line.split(maxsplit=1)[1]) > 10  # a description follows the name
    assert "  setback        the German partnership game: Smudge, the dealer's match" in out
    # issue 50: each preset's numbers of players (trickster-7 was "4 players")
    named = {line.split()[0]: n for n, line in enumerate(lines) if line.startswith("  ")}
    seats = {name: lines[named[name] + 1].split(";")[0].strip() for name in PRESET_NAMES}
    assert seats["setback"] == "4 or 6 players (without --players: 4)"
    fixed = [seats[name] for name in ("six", "cinch", "trickster-9")]
    assert fixed == ["6 players", "4 players", "4 players"]
    assert seats["trickster-7"] == "4 to 6 players (without --players: 4)"
    assert seats["trickster-4"] == "2 to 4 players (without --players: 4)"
    assert seats["cutthroat"] == "2 to 8 players (without --players: 3)"
    assert "  trickster-10   Trickster Cards' 10-point game" in out
    for command in ("simulate", "arena", "play"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        shown = capsys.readouterr().out
        assert shown.count("trickster-13") == 0 and "--rules NAME" in shown
        assert "setback rules" in shown


def test_setback_rules_tells_one_preset_in_full_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "cinch", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("cinch: Cinch (Double Pedro): ")
    assert "  Reizen: eine Runde, links vom Geber beginnend; Gebote 1 bis 14." in out
    assert "Spieler:" not in out  # Cinch is for four
    assert main(["rules", "trickster-7", "--lang", "de"]) == 0
    assert "\n  Spieler: 4 bis 6 (ohne --players: 4).\n" in capsys.readouterr().out
    assert main(["rules", "trickster-10", "--players", "5"]) == 0
    assert "Call your partner:" in capsys.readouterr().out
    assert main(["rules", "--players", "5"]) == 2
    assert "--players needs a preset's name" in capsys.readouterr().err
