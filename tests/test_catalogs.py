"""The gettext catalogs: every message of the code is in the template, every language has
every message (every plural form), placeholders match, and the compiled `.mo` files the
package ships are the `.po` sources compiled (`tools/catalogs.sh` makes all three).
Babel reads the sources here (it is a test dependency, never a run-time one)."""

from __future__ import annotations

import io
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from setback.refusals import MESSAGES, SUFFIXES, placeholders
from setback.text import LANGUAGES, refusal_contexts, translation

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "setback" / "locale"
SOURCES = (
    "src/setback/text.py",
    "src/setback/_face.py",
    "src/setback/svg.py",
    "src/setback/terminal.py",
    "src/setback/cli.py",
    "src/setback/coach.py",
)
"""The modules whose messages the catalogs hold (as tools/catalogs.sh extracts them)."""
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2)}
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]

Key = tuple[str | None, str | tuple[str, ...]]


def _po(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=lang)


def _key(message: Message) -> Key:
    msgid = message.id if isinstance(message.id, str) else tuple(message.id)
    return message.context, msgid


def _messages(catalog: Catalog) -> dict[Key, Message]:
    return {_key(message): message for message in catalog if message.id}


def _fields(text: str) -> set[str]:
    """The `str.format` fields of `text` (by name)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_template_holds_every_message_of_the_code() -> None:
    found: set[Key] = set()
    for source in SOURCES:
        for _line, message, _comments, context in extract_from_file(
            "python", str(ROOT / source), keywords=KEYWORDS
        ):
            found.add((context, message if isinstance(message, str) else tuple(message)))
    found |= set(refusal_contexts(MESSAGES, SUFFIXES))  # tools/catalog_refusals.py
    assert found == set(_messages(_po(LOCALE / "setback.pot")))
    assert len(found) > 50


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_has_this_language(lang: str) -> None:
    template = _messages(_po(LOCALE / "setback.pot"))
    catalog = _po(LOCALE / lang / "LC_MESSAGES" / "setback.po", lang)
    assert catalog.num_plurals == 2
    messages = _messages(catalog)
    assert set(messages) == set(template)
    assert not catalog.obsolete
    for key, message in messages.items():
        strings = [message.string] if isinstance(message.string, str) else message.string
        assert "fuzzy" not in message.flags, key
        assert len(strings) == (2 if isinstance(message.id, tuple) else 1), key
        assert all(strings), key


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match(lang: str) -> None:
    catalog = _po(LOCALE / lang / "LC_MESSAGES" / "setback.po", lang)
    for key, message in _messages(catalog).items():
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else message.string
        wanted = set().union(*map(_fields, ids))
        for text in strings:
            assert _fields(text) == wanted, (key, text)
            text.format(**dict.fromkeys(wanted, "x"))  # a well-formed template


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_catalog_is_the_source_compiled(lang: str) -> None:
    folder = LOCALE / lang / "LC_MESSAGES"
    compiled = io.BytesIO()
    write_mo(compiled, _po(folder / "setback.po", lang))
    assert (folder / "setback.mo").read_bytes() == compiled.getvalue(), (
        "run tools/catalogs.sh compile"
    )


def test_every_language_is_read_by_the_standard_gettext_module() -> None:
    passes = [translation(lang).gettext("pass") for lang in LANGUAGES]
    assert passes == ["pass", "passen", "passa", "passer"]
    fr = translation("fr")
    assert [fr.ngettext("seat {seats}", "seats {seats}", n) for n in (1, 2)] == [
        "place {seats}",
        "places {seats}",
    ]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_refusal_code_has_this_language(lang: str) -> None:
    """Every code of `setback.refusals.MESSAGES` (and every optional param's template) is
    in the catalog, under its code, with its English sentence and its own placeholders."""
    messages = _messages(_po(LOCALE / lang / "LC_MESSAGES" / "setback.po", lang))
    tables = {**{f"refusal {c}": t for c, t in MESSAGES.items()}}
    tables |= {f"refusal suffix {n}": t for n, t in SUFFIXES.items()}
    assert len(tables) == len(MESSAGES) + len(SUFFIXES) > 60
    for context, english in tables.items():
        message = messages[(context, english)]
        assert message.string and "fuzzy" not in message.flags, context
        assert placeholders(message.string) == placeholders(english), context
        if context != "refusal message":  # the caller's own sentence is not translated
            assert message.string != english, context


def test_the_german_catalog_uses_a_german_players_words() -> None:
    """Issue 50: a failed bid read "zurückgesetzt" ("reset"), the pitcher stayed "Pitcher",
    the off-five was the "Zweite Fünf" (a second five). The bidder who fails has "nicht
    geschafft" (and the bid is taken off), the pitcher is the "Spielmacher", the off cards
    are the left ones (linker Bube, linke Fünf: the left bower of German Euchre)."""
    de = translation("de").gettext
    assert de("set back") == "nicht geschafft" and de("made it") == "geschafft"
    assert de("pitcher") == "Spielmacher" and de("Off-five") == "Linke Fünf"
    assert de("Off-jack") == "Linker Bube"
    strings = [m.string for m in _po(LOCALE / "de" / "LC_MESSAGES" / "setback.po", "de")]
    words = {w for s in strings if isinstance(s, str) for w in s.replace("'", " ").split()}
    assert not words & {"Pitcher", "Pitchers", "zurückgesetzt", "Zweite", "Zweiter", "mitgehen"}
