"""Every character the library shows is one common fonts have: none outside the Basic
Multilingual Plane (issue 40: the playing-card joker U+1F0CF showed as `B▯` in Debian's
Chromium). Checked on the text helpers, the pictures, the terminal, the catalogs, the
refusal sentences and the sources themselves."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import setback
from setback import CARDS, Rules, apply_action, legal_actions, new_game, observe
from setback.refusals import MESSAGES, SUFFIXES
from setback.svg import card_svg, hand_result_svg, hand_svg, state_svg, trick_svg, view_svg
from setback.text import LANGUAGES, state_text, view_text

from .test_terminal import _game

ROOT = Path(__file__).resolve().parents[1]
ASTRAL = re.compile("[\U00010000-\U0010ffff]")
"""A character outside the Basic Multilingual Plane (above U+FFFF)."""
JOKER_PRESETS = ("smear", "ten-point", "joker-pitch", "trickster-13")
"""Presets with jokers in the pack (one, or a big and a little)."""


def astral(text: str) -> list[str]:
    """The characters of `text` outside the Basic Multilingual Plane, with their context."""
    return [text[max(0, m.start() - 20) : m.end() + 20] for m in ASTRAL.finditer(text)]


def test_the_check_finds_a_character_outside_the_plane() -> None:
    assert astral("K♠ 10♥ B🃏") == ["K♠ 10♥ B🃏"]
    assert astral("K♠ 10♥ B★ ♣ ♦ →") == []


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_symbol_is_in_the_plane(card: setback.Card) -> None:
    assert astral(card.symbol) == []
    assert astral(card_svg(card)) == []


def test_the_jokers_are_stars() -> None:
    """A joker is a star, after B or L for the big and the little joker, and reads back."""
    jokers = {str(card): card.symbol for card in CARDS if card.is_joker}
    assert jokers == {"BJ": "B★", "LJ": "L★", "JK": "★"}
    assert all(setback.Card.parse(symbol).symbol == symbol for symbol in jokers.values())


def test_every_catalog_and_refusal_sentence_is_in_the_plane() -> None:
    locale = ROOT / "src" / "setback" / "locale"
    catalogs = [locale / "setback.pot", *locale.glob("*/LC_MESSAGES/setback.po")]
    assert len(catalogs) == len(LANGUAGES)
    for path in catalogs:
        assert astral(path.read_text(encoding="utf-8")) == [], path
    for template in [*MESSAGES.values(), *SUFFIXES.values()]:
        assert astral(template) == [], template


def test_no_source_file_writes_a_character_outside_the_plane() -> None:
    """Whatever a message says, its text is in the sources: only the old joker's reading
    table (`Card.parse` still reads 🃏) may hold one."""
    for path in sorted((ROOT / "src" / "setback").rglob("*")):
        if path.suffix not in {".py", ".json", ".mjs", ".ts", ".js", ".html"}:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        found = [line for line in lines if ASTRAL.search(line)]
        if path.name in ("cards.py", "notation.py"):
            found = [line for line in found if "_OLD_JOKER_SYMBOL = " not in line]
            found = [line for line in found if "playing-card joker 🃏" not in line]
        assert found == [], path


@pytest.mark.parametrize("preset", JOKER_PRESETS)
def test_text_and_pictures_of_games_with_jokers_are_in_the_plane(preset: str) -> None:
    """Random games with jokers, every language: the state's and every seat's text and
    pictures, the tricks, the hands and the finished hands."""
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    state = new_game(rules, seed=rng.randrange(2**32))
    step = 0
    while not state.is_over and step < 240:
        if step % 17 == 0:
            lang = LANGUAGES[step // 17 % len(LANGUAGES)]
            shown = [state_text(state, lang=lang), state_svg(state, lang=lang)]
            for seat in range(rules.players):
                view = observe(state, seat)
                shown += [view_text(view, lang=lang), view_svg(view, lang=lang)]
                shown.append(hand_svg(view.hand, lang=lang, trump=view.trump, rules=rules))
            if state.trick is not None:
                shown.append(trick_svg(state.trick, rules=rules, trump=state.trump, lang=lang))
            for result in state.history[-1:]:
                shown.append(hand_result_svg(result, rules, lang=lang))
            for text in shown:
                assert astral(text) == []
        state = apply_action(state, rng.choice(legal_actions(state)))
        step += 1
    assert step > 100


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_terminal_game_with_jokers_is_in_the_plane(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    out = _game(
        monkeypatch,
        ["help", "rules"],
        "--lang",
        lang,
        "--seed",
        "4",
        "--rules",
        "smear",
        "--target",
        "6",
    )
    assert "★" in out
    assert astral(out) == []
