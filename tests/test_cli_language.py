"""The command line before the game starts speaks the game's language: `setback play --help`
(argparse's usage line, section titles and help included), argparse's own errors and the
program's own, in German, Swedish and French, from `--lang` or the locale; with nothing
global changed (argparse's and gettext's state stay as they were)."""

from __future__ import annotations

import argparse
import gettext
import os
import re
import subprocess
import sys

import pytest

from setback.cli import command_line_language, main

from .support import english_left

TRANSLATED = ("de", "sv", "fr")


def _run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str
) -> tuple[int, str, str]:
    """`setback ARGV` in this process, on a wide screen (help is not wrapped): its exit
    status, standard output and standard error."""
    monkeypatch.setenv("COLUMNS", "400")
    try:
        status = main(list(argv))
    except SystemExit as leaving:
        status = int(leaving.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def _prose(help_text: str) -> str:
    """Help without its option names, choices and commands (`--rules {setback,...}`,
    `setback rules`): the same in every language, as typed."""
    commands = r"^ +(?:simulate|arena|play|rules)(?= )"  # the list of commands, as typed
    return re.sub(rf"--[\w-]+|\{{[^}}]*\}}|setback \w+|{commands}", "", help_text, flags=re.M)


def _no_locale(monkeypatch: pytest.MonkeyPatch, lang: str = "C.UTF-8") -> None:
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", lang)


HELP = {
    "de": (
        "Aufruf: setback play [-h]",
        "Optionen:",
        "-h, --help",
        "diese Hilfe zeigen und beenden",
    ),
    "sv": (
        "användning: setback play [-h]",
        "flaggor:",
        "-h, --help",
        "visa denna hjälp och avsluta",
    ),
    "fr": (
        "utilisation : setback play [-h]",
        "options:",
        "-h, --help",
        "afficher cette aide et quitter",
    ),
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_play_help_is_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23's last gap: `setback play --lang de --help` was English."""
    _no_locale(monkeypatch)
    status, out, err = _run(capsys, monkeypatch, "play", "--lang", lang, "--help")
    assert (status, err) == (0, "")
    usage, options, flag, words = HELP[lang]
    assert out.startswith(usage)
    assert f"\n{options}\n" in out
    assert any(line.strip().startswith(flag) and line.endswith(words) for line in out.splitlines())
    assert english_left(lang, _prose(out)) == set()
    # the same from the locale, and with --lang=X and an abbreviation argparse takes
    _no_locale(monkeypatch, {"de": "de_DE.UTF-8", "sv": "sv_SE.UTF-8", "fr": "fr_FR"}[lang])
    assert _run(capsys, monkeypatch, "play", "--help")[1] == out
    _no_locale(monkeypatch)
    assert _run(capsys, monkeypatch, "play", f"--lang={lang}", "-h")[1] == out
    assert _run(capsys, monkeypatch, "play", "--la", lang, "--help")[1] == out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_setback_help_is_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_locale(monkeypatch, f"{lang}_{lang.upper()}.UTF-8" if lang != "sv" else "sv_SE.UTF-8")
    status, out, err = _run(capsys, monkeypatch, "--help")
    assert (status, err) == (0, "")
    assert out.startswith(HELP[lang][0].replace(" play", ""))
    assert english_left(lang, _prose(out)) == set()


def test_simulate_and_arena_help_stay_english_and_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`setback simulate` and `setback arena` print English tables: their help is English
    too, whatever the locale."""
    _no_locale(monkeypatch, "de_DE.UTF-8")
    for command in ("simulate", "arena"):
        status, out, err = _run(capsys, monkeypatch, command, "--help")
        assert (status, err) == (0, "")
        assert out.startswith(f"usage: setback {command} [-h]")
        assert "  -h, --help" in out and "show this help message and exit" in out


ERRORS = {
    ("--seed",): {
        "en": "setback play: error: argument --seed: expected one argument",
        "de": "setback play: Fehler: Argument --seed: erwartet einen Wert",
        "sv": "setback play: fel: argument --seed: förväntade ett värde",
        "fr": "setback play : erreur : argument --seed : une valeur attendue",
    },
    ("--players", "x"): {
        "en": "setback play: error: argument --players: invalid int value: 'x'",
        "de": "setback play: Fehler: Argument --players: ungültiger Wert für int: 'x'",
        "sv": "setback play: fel: argument --players: ogiltigt värde för int: 'x'",
        "fr": "setback play : erreur : argument --players : valeur invalide pour int : 'x'",
    },
    ("--zz",): {
        "en": "setback play: error: unrecognized arguments: --zz",
        "de": "setback play: Fehler: unbekannte Argumente: --zz",
        "sv": "setback play: fel: okända argument: --zz",
        "fr": "setback play : erreur : arguments non reconnus : --zz",
    },
    ("--auto-play-forced=1",): {
        "en": "setback play: error: argument --auto-play-forced: ignored explicit argument '1'",
        "de": "setback play: Fehler: Argument --auto-play-forced: diese Option nimmt keinen "
        "Wert: '1'",
        "sv": "setback play: fel: argument --auto-play-forced: flaggan tar inget värde: '1'",
        "fr": "setback play : erreur : argument --auto-play-forced : cette option ne prend "
        "pas de valeur : '1'",
    },
}
"""argparse's own errors: the last line of standard error, exactly (the usage line above it)."""

USAGE = {"en": "usage: ", "de": "Aufruf: ", "sv": "användning: ", "fr": "utilisation : "}


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
@pytest.mark.parametrize("argv", ERRORS)
def test_argparse_errors_are_in_the_language(
    lang: str,
    argv: tuple[str, ...],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _no_locale(monkeypatch)
    status, out, err = _run(capsys, monkeypatch, "play", "--lang", lang, *argv)
    assert (status, out) == (2, "")
    assert err.startswith(USAGE[lang] + "setback")
    assert err.splitlines()[-1] == ERRORS[argv][lang]


CHOICE = {
    "en": "setback play: error: argument --rules: invalid choice: 'x' (choose from ",
    "de": "setback play: Fehler: Argument --rules: ungültige Wahl: 'x' (möglich sind ",
    "sv": "setback play: fel: argument --rules: ogiltigt val: 'x' (välj bland ",
    "fr": "setback play : erreur : argument --rules : choix invalide : 'x' (choisissez parmi ",
}


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_an_invalid_choice_is_refused_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_locale(monkeypatch)
    status, _out, err = _run(capsys, monkeypatch, "play", "--lang", lang, "--rules", "x")
    assert status == 2
    assert err.splitlines()[-1].startswith(CHOICE[lang])  # the choices as this Python lists them
    assert "ten-point" in err.splitlines()[-1]


OWN_ERRORS = {
    ("--players", "7"): {
        "en": "setback: --rules setback takes --players 4 or 6 (without --players: 4); for 7 "
        "players each for himself: --rules cutthroat --players 7",
        "de": "setback: --rules setback nimmt --players 4 oder 6 (ohne --players: 4); für 7 "
        "Spieler, jeder für sich: --rules cutthroat --players 7",
        "sv": "setback: --rules setback tar --players 4 eller 6 (utan --players: 4); för 7 "
        "spelare, var och en för sig: --rules cutthroat --players 7",
        "fr": "setback: --rules setback prend --players 4 ou 6 (sans --players : 4) ; pour 7 "
        "joueurs, chacun pour soi : --rules cutthroat --players 7",
    },
    ("--rules", "ten-point", "--players", "9"): {
        "en": "setback: --rules ten-point takes --players 2 to 6 (without --players: 4)",
        "de": "setback: --rules ten-point nimmt --players 2 bis 6 (ohne --players: 4)",
        "sv": "setback: --rules ten-point tar --players 2 till 6 (utan --players: 4)",
        "fr": "setback: --rules ten-point prend --players 2 à 6 (sans --players : 4)",
    },
    ("--seat", "4"): {
        "en": "setback: --seat must be from 0 to 3",
        "de": "setback: --seat muss von 0 bis 3 sein",
        "sv": "setback: --seat måste vara från 0 till 3",
        "fr": "setback: --seat doit aller de 0 à 3",
    },
    ("--target", "0"): {
        "en": "setback: --target must be at least 1",
        "de": "setback: --target muss mindestens 1 sein",
        "sv": "setback: --target måste vara minst 1",
        "fr": "setback: --target doit valoir au moins 1",
    },
    ("--resume", "no-such-save.json", "--seed", "3"): {
        "en": "setback: --resume plays on with the saved rules, seats and bots: drop --seed",
        "de": "setback: --resume spielt mit den gespeicherten Regeln, Plätzen und Bots weiter: "
        "lass --seed weg",
        "sv": "setback: --resume spelar vidare med de sparade reglerna, platserna och "
        "bottarna: ta bort --seed",
        "fr": "setback: --resume reprend avec les règles, places et bots enregistrés : "
        "retirez --seed",
    },
    ("--resume", "no-such-save.json"): {
        "en": "setback: cannot read no-such-save.json: No such file or directory",
        "de": "setback: no-such-save.json kann nicht gelesen werden: Datei oder Verzeichnis "
        "nicht gefunden",
        "sv": "setback: kan inte läsa no-such-save.json: Filen eller katalogen finns inte",
        "fr": "setback: impossible de lire no-such-save.json : Aucun fichier ou dossier de ce nom",
    },
}
"""The program's own errors before the game: standard error, exactly."""


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
@pytest.mark.parametrize("argv", OWN_ERRORS)
def test_the_programs_own_errors_are_in_the_language(
    lang: str,
    argv: tuple[str, ...],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: object,
) -> None:
    monkeypatch.chdir(str(tmp_path))
    _no_locale(monkeypatch)
    assert _run(capsys, monkeypatch, "play", "--lang", lang, *argv) == (
        2,
        "",
        OWN_ERRORS[argv][lang] + "\n",
    )


def test_a_bad_save_file_is_refused_in_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.chdir(str(tmp_path))
    with open("save.json", "w", encoding="utf-8") as file:
        file.write('{"format": "something else"}')
    _no_locale(monkeypatch, "sv_SE.UTF-8")  # the locale's language, without --lang
    assert _run(capsys, monkeypatch, "play", "--resume", "save.json")[2] == (
        'setback: ingen sparfil från setback play (inget "format": "setback-play")\n'
    )


def test_the_language_is_read_before_the_parser_is_built() -> None:
    assert command_line_language(["play", "--lang", "de"], {"LANG": "sv_SE"}) == "de"
    assert command_line_language(["play", "--lang=fr", "--seed", "3"], {}) == "fr"
    assert command_line_language(["play", "--lan", "sv"], {}) == "sv"
    assert command_line_language(["play", "--lang", "de", "--lang", "fr"], {}) == "fr"
    assert command_line_language(["play", "--lang", "es"], {"LANG": "de_DE.UTF-8"}) == "de"
    assert command_line_language(["play", "--lang"], {}) == "en"
    assert command_line_language(["--help"], {"LC_ALL": "fr_FR.UTF-8"}) == "fr"
    assert command_line_language(["simulate", "--lang", "de"], {"LANG": "de_DE"}) == "en"
    assert command_line_language(["arena"], {"LANG": "sv_SE"}) == "en"
    assert command_line_language(["play", "--", "--lang", "de"], {}) == "en"


def test_nothing_global_changes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The translated parser leaves argparse's gettext and the process's domain alone."""
    before = (argparse._, gettext.textdomain(), argparse.ArgumentParser.error)  # type: ignore[attr-defined]
    _no_locale(monkeypatch)
    _run(capsys, monkeypatch, "play", "--lang", "de", "--help")
    _run(capsys, monkeypatch, "play", "--lang", "de", "--seed")
    assert (argparse._, gettext.textdomain(), argparse.ArgumentParser.error) == before  # type: ignore[attr-defined]
    parser = argparse.ArgumentParser(prog="x")
    assert parser.format_usage() == "usage: x [-h]\n"


def test_the_installed_command_reads_its_own_arguments() -> None:
    """`python -m setback` (argv from `sys.argv`, the locale from the environment)."""
    done = subprocess.run(
        [sys.executable, "-m", "setback", "play", "--seed"],
        capture_output=True,
        text=True,
        env={**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "sv_SE.UTF-8"},
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("användning: setback play [-h]")
    assert (
        done.stderr.splitlines()[-1] == "setback play: fel: argument --seed: förväntade ett värde"
    )
