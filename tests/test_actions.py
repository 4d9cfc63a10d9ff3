"""Actions and their text form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from setback import (
    CARDS,
    Bid,
    Card,
    DeclareTrump,
    Discard,
    InvalidNotationError,
    Pass,
    Pitch,
    Play,
    Suit,
    parse_action,
)

EVERY_ACTION = [
    Pass(),
    *(Bid(level) for level in range(1, 6)),
    *(Play(c) for c in CARDS),
    *(Pitch(c) for c in CARDS),
    *(DeclareTrump(suit) for suit in Suit),
    Discard(),
    Discard(["2C", "7D"]),
    Discard(["AS"]),
]
NAMES = {
    "Pass": Pass,
    "Bid": Bid,
    "Play": Play,
    "Card": Card,
    "Pitch": Pitch,
    "DeclareTrump": DeclareTrump,
    "Discard": Discard,
    "Suit": Suit,
}


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("pass", Pass()),
        ("PASS", Pass()),
        ("bid 3", Bid(3)),
        ("  bid   2 ", Bid(2)),
        ("smudge", Bid(5)),
        ("bid 5", Bid(5)),
        ("bid smudge", Bid(5)),
        ("play KS", Play(Card.parse("KS"))),
        ("play K♠", Play(Card.parse("KS"))),
        ("play 10 h", Play(Card.parse("10H"))),
        ("pitch 10H", Pitch(Card.parse("10H"))),
        ("trump S", DeclareTrump(Suit.SPADES)),
        ("trump ♥", DeclareTrump(Suit.HEARTS)),
        ("discard", Discard()),
        ("discard 7D 2C", Discard(["2C", "7D"])),
        ("Discard 2c, 7♦", Discard(["2C", "7D"])),
    ],
)
def test_parse_action(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_text_round_trips(action: object) -> None:
    assert parse_action(str(action)) == action
    assert eval(repr(action), NAMES) == action


def test_canonical_text() -> None:
    assert [str(Pass()), str(Bid(4)), str(Bid(5)), str(Play("10♥"))] == [
        "pass",
        "bid 4",
        "smudge",
        "play 10H",
    ]
    assert [str(Pitch("10h")), str(DeclareTrump("♠")), str(Discard(["7D", "2C"]))] == [
        "pitch 10H",
        "trump S",
        "discard 2C 7D",
    ]
    assert Bid(5).is_smudge and not Bid(4).is_smudge


@pytest.mark.parametrize(
    "text",
    [
        "",
        "  ",
        "bid",
        "bid 0",
        "bid 6",
        "bid x",
        "bid ²",
        "pass 2",
        "play",
        "play ZZ",
        "fold",
        "smudge 5",
        "trump",
        "trump X",
        "trump S H",
        "discard 2C 2C",
        "discard ZZ",
        "pitch",
        "bid " + "9" * 5000,
    ],
)
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_action(text)


@pytest.mark.parametrize("level", [0, 6, -1, True, "3", 2.0])
def test_bid_levels_are_checked(level: object) -> None:
    with pytest.raises(InvalidNotationError, match="no such call"):
        Bid(level)  # type: ignore[arg-type]


@given(st.text(max_size=30))
def test_any_text_parses_or_is_refused_cleanly(text: str) -> None:
    """parse_action of arbitrary text returns a valid action or raises InvalidNotationError."""
    try:
        action = parse_action(text)
    except InvalidNotationError:
        return
    assert isinstance(action, Pass | Bid | Play | Pitch | DeclareTrump | Discard)
    assert parse_action(str(action)) == action
