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
    Smudge,
    Suit,
    parse_action,
)
from setback.actions import MAX_LEVEL

EVERY_ACTION = [
    Pass(),
    *(Bid(level) for level in range(1, MAX_LEVEL + 1)),
    Smudge(),
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
    "Smudge": Smudge,
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
        ("smudge", Smudge()),
        ("SMUDGE", Smudge()),
        ("bid 5", Bid(5)),
        ("bid 10", Bid(10)),
        ("bid smudge", Smudge()),
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
    """RULES §6.9.1: `bid N` is always a plain bid of N; Smudge is its own call, `smudge`."""
    assert [str(Pass()), str(Bid(4)), str(Bid(5)), str(Smudge()), str(Play("10♥"))] == [
        "pass",
        "bid 4",
        "bid 5",
        "smudge",
        "play 10H",
    ]
    assert [str(Pitch("10h")), str(DeclareTrump("♠")), str(Discard(["7D", "2C"]))] == [
        "pitch 10H",
        "trump S",
        "discard 2C 7D",
    ]
    assert str(Play("BJ")) == "play BJ" and str(Pitch("joker")) == "pitch JK"
    assert not Bid(5).is_smudge and not Bid(4).is_smudge
    assert parse_action("smudge") != parse_action("bid 5") and Smudge() == Smudge()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "  ",
        "bid",
        "bid 0",
        "bid 21",
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


@pytest.mark.parametrize("level", [0, -1, MAX_LEVEL + 1, 2**70])
def test_bid_levels_are_checked(level: int) -> None:
    """A `Bid` carries a level from 1 to 20 (above any point set's total, RULES §6.3);
    which levels a game allows is the rules' business."""
    with pytest.raises(InvalidNotationError, match="no such call"):
        Bid(level)


@pytest.mark.parametrize("level", [True, "3", 2.0, None])
def test_bid_levels_are_whole_numbers(level: object) -> None:
    """A level of the wrong kind is a TypeError that names the kind it got."""
    with pytest.raises(TypeError, match=r"whole number \(int\), not " + type(level).__name__):
        Bid(level)  # type: ignore[arg-type]


@given(st.text(max_size=30))
def test_any_text_parses_or_is_refused_cleanly(text: str) -> None:
    """parse_action of arbitrary text returns a valid action or raises InvalidNotationError."""
    try:
        action = parse_action(text)
    except InvalidNotationError:
        return
    assert isinstance(action, Pass | Bid | Smudge | Play | Pitch | DeclareTrump | Discard)
    assert parse_action(str(action)) == action
