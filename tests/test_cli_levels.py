"""The levels on the command line: every `--bot` takes a bot's text with options and refuses a
wrong one by name, `--help` lists the levels, and `setback play` asks a person for the
bots' level once (a bare Enter keeps medium) and shows it in the game's header."""

from __future__ import annotations

import io
import json
import pathlib

import pytest

from setback.cli import main


class _Terminal(io.StringIO):
    """Standard input or output that is a terminal."""

    def isatty(self) -> bool:
        return True


def _play(
    monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str, terminal: bool = True
) -> str:
    kind = _Terminal if terminal else io.StringIO
    monkeypatch.setattr("sys.stdin", kind("".join(line + "\n" for line in lines)))
    out = kind()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", *args]) == 0
    return out.getvalue()


def test_play_asks_a_person_for_the_level_once_and_enter_keeps_medium(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = _play(monkeypatch, ["", "quit"], "--seed", "3")
    assert out.startswith("The bots' level: easy, medium, hard or expert? [medium] ")
    assert out.count("The bots' level") == 1
    assert "Level of the bots: medium." in out


def test_play_takes_the_level_asked_in_any_case_or_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = _play(monkeypatch, ["grandmaster", "Expert", "quit"], "--seed", "3")
    assert "not a level: grandmaster" in out
    assert out.count("The bots' level") == 2
    assert "Level of the bots: expert." in out
    german = _play(monkeypatch, ["schwer", "quit"], "--seed", "3", "--lang", "de")
    assert "Stufe der Bots: leicht, mittel, schwer oder Experte? [mittel] " in german
    assert "Stufe der Bots: schwer." in german


def test_play_with_a_bot_or_from_a_script_asks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    given = _play(monkeypatch, ["quit"], "--seed", "3", "--bot", "hard")
    assert "The bots' level" not in given and "Level of the bots: hard." in given
    piped = _play(monkeypatch, ["quit"], "--seed", "3", terminal=False)
    assert "The bots' level" not in piped and "Level of the bots: medium." in piped
    german = _play(monkeypatch, ["quit"], "--seed", "3", "--lang", "de", "--bot", "Experte")
    assert "Stufe der Bots: Experte." in german


def test_play_saves_and_resumes_a_bot_with_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "game.json"
    spec = "hard:playouts=5"
    out = _play(monkeypatch, ["quit"], "--seed", "4", "--bot", spec, "--save", str(path))
    assert f"Level of the bots: {spec}." in out
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["bots"]["1"] == {"kind": spec, "seed": 41}
    again = _play(monkeypatch, ["quit"], "--resume", str(path))
    assert f"Level of the bots: {spec}." in again and "The bots' level" not in again
    saved["bots"]["1"]["kind"] = "hard:playout=5"
    path.write_text(json.dumps(saved), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--resume", str(path)]) == 2


@pytest.mark.parametrize("command", ["play", "arena", "simulate"])
def test_help_lists_the_levels(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "easy, medium, hard" in out and "expert" in out
    assert "name:key=value" in out


@pytest.mark.parametrize("command", ["play", "arena", "simulate"])
def test_a_wrong_bot_is_refused_with_the_known_keys(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, "--bot", "expert:depth=3"] + (["--bot", "easy"] if command == "arena" else [])
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "argument --bot: expert takes no option 'depth'; its options are playouts" in err
    assert "Traceback" not in err
    with pytest.raises(SystemExit):
        main([command, "--bot", "wizard"])
    assert "no bot named 'wizard'; the levels are easy, medium, hard, expert" in (
        capsys.readouterr().err
    )


def test_simulate_and_arena_take_levels_and_options(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    argv = [
        "simulate",
        "--games",
        "2",
        "--target",
        "5",
        "--bot",
        "easy",
        "--bot",
        "hard:playouts=4",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "side 0 (easy)" in out and "side 1 (hard:playouts=4)" in out
    result = tmp_path / "ladder.json"
    argv = ["arena", "--deals", "1", "--target", "5", "--json", str(result)]
    argv += ["--bot", "easy", "--bot", "medium", "--bot", "hard:playouts=4"]
    assert main(argv) == 0
    document = json.loads(result.read_text(encoding="utf-8"))
    assert document["result"]["bots"] == ["easy", "medium", "hard:playouts=4"]
