"""Actions and their text form."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from setback import (
    CARDS,
    Action,
    Bid,
    CallPartner,
    Card,
    DeclareTrump,
    Discard,
    InvalidNotationError,
    Pass,
    Phase,
    Pitch,
    Play,
    Shoot,
    Smudge,
    Suit,
    dumps,
    loads,
    parse_action,
)
from setback.actions import MAX_LEVEL
from setback.text import action_text, contract_text, phase_text

from .support import trickster_4

EVERY_ACTION = [
    Pass(),
    *(Bid(level) for level in range(1, MAX_LEVEL + 1)),
    Smudge(),
    Shoot(),
    *(Play(c) for c in CARDS),
    *(Pitch(c) for c in CARDS),
    *(DeclareTrump(suit) for suit in Suit),
    *(CallPartner(c) for c in CARDS),
    Discard(),
    Discard(["2C", "7D"]),
    Discard(["AS"]),
]
NAMES = {
    "Pass": Pass,
    "Bid": Bid,
    "Smudge": Smudge,
    "Shoot": Shoot,
    "Play": Play,
    "Card": Card,
    "Pitch": Pitch,
    "DeclareTrump": DeclareTrump,
    "CallPartner": CallPartner,
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
        "bid 37",
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
    assert isinstance(action, Pass | Bid | Smudge | Shoot | Play | Pitch | DeclareTrump | Discard)
    assert parse_action(str(action)) == action


def _object(action: object) -> Any:
    """The action's JSON object, exactly as a document holds it."""
    return json.loads(dumps(action))["data"]


def test_every_action_class_is_listed() -> None:
    """EVERY_ACTION holds each class of `Action` (a new action must join the tests below)."""
    assert {type(action) for action in EVERY_ACTION} == set(get_args(Action))


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_json_object_round_trips(action: object) -> None:
    """A client that knows only the JSON sends back an action exactly as it was offered."""
    assert parse_action(_object(action)) == action


@pytest.mark.parametrize(
    ("value", "action"),
    [
        ({"type": "Pass"}, Pass()),
        ({"level": 2, "type": "Bid"}, Bid(2)),
        ({"type": "Smudge"}, Smudge()),
        ({"type": "Play", "card": "KS"}, Play("KS")),
        ({"type": "Play", "card": "K♠"}, Play("KS")),
        ({"type": "Pitch", "card": "10H"}, Pitch("10H")),
        ({"type": "DeclareTrump", "suit": "S"}, DeclareTrump(Suit.SPADES)),
        ({"type": "Discard", "cards": []}, Discard()),
        ({"type": "Discard", "cards": ["7D", "2C"]}, Discard(["2C", "7D"])),
    ],
)
def test_parse_action_reads_json_objects(value: dict[str, Any], action: object) -> None:
    """The objects `dumps` writes; card text is read as `loads` reads it (`Card.parse`)."""
    assert parse_action(value) == action


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (
            {},
            'its "type" must be one of Pass, Bid, Smudge, Shoot, Play, Pitch, DeclareTrump, '
            "CallPartner, Discard",
        ),
        ({"type": "Fold"}, "not 'Fold'"),
        ({"type": "bid", "level": 2}, "not 'bid'"),
        ({"type": ["Bid"], "level": 2}, """not '["Bid"]'"""),
        ({"type": "Bid"}, 'a Bid\'s object has the fields "type" and "level"'),
        ({"type": "Bid", "level": 2, "seat": 0}, 'a Bid\'s object has the fields "type" and'),
        ({"type": "Pass", "level": 2}, 'a Pass\'s object has only the field "type", not "level"'),
        ({"type": "Play"}, 'a Play\'s object has the fields "type" and "card"'),
        ({"type": "Play", "cards": ["KS"]}, 'a Play\'s object has the fields "type" and "card"'),
        ({"type": "Bid", "level": "2"}, "a Bid's level must be a whole number, not '2'"),
        ({"type": "Bid", "level": True}, "a Bid's level must be a whole number, not True"),
        ({"type": "Bid", "level": 2.0}, "a Bid's level must be a whole number, not 2.0"),
        ({"type": "Bid", "level": 0}, "no such call: bid 0"),
        ({"type": "Bid", "level": 37}, "no such call: bid 37"),
        ({"type": "Play", "card": 12}, 'a Play\'s card must be text such as "KS", not 12'),
        ({"type": "Play", "card": ["KS"]}, "a Play's card must be text"),
        ({"type": "Play", "card": "ZZ"}, "not a card: 'ZZ'"),
        ({"type": "Pitch", "card": None}, "a Pitch's card must be text"),
        ({"type": "DeclareTrump", "suit": "X"}, "not a suit: 'X'"),
        ({"type": "DeclareTrump", "suit": 3}, "a DeclareTrump's suit must be text such as"),
        ({"type": "Discard", "cards": "2C 7D"}, "a Discard's cards must be a list"),
        ({"type": "Discard", "cards": ["2C"] * 55}, "a list of at most 54 card texts"),
        ({"type": "Discard", "cards": ["2C", 7]}, "a Discard's card must be text"),
        ({"type": "Discard", "cards": ["2C", "2C"]}, "a card is discarded twice"),
    ],
)
def test_bad_json_objects_are_refused(value: dict[str, Any], words: str) -> None:
    """A dict that is no action's object is bad notation, and the message says what is
    wrong with it."""
    with pytest.raises(InvalidNotationError) as caught:
        parse_action(value)
    assert words in str(caught.value)


@pytest.mark.parametrize("value", [5, None, b"pass", ["pass"], ("bid", 2), Bid(2), 2.5])
def test_parse_action_takes_text_or_a_dict(value: object) -> None:
    with pytest.raises(TypeError, match=r"takes an action's text \(str\) or its JSON object"):
        parse_action(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "echo"),
    [
        ("play the ace please", "not a card: 'the ace please'"),
        ("pitch ten of hearts", "not a card: 'ten of hearts'"),
    ],
)
def test_a_bad_card_is_echoed_as_typed(text: str, echo: str) -> None:
    """The refusal repeats the words the player typed, not them run together."""
    with pytest.raises(InvalidNotationError) as caught:
        parse_action(text)
    assert str(caught.value).startswith(echo)


# --- call your partner (RULES §7.7.3) ---------------------------------------------------


def test_the_call_as_text_json_and_words() -> None:
    call = parse_action("call Q♠")
    assert call == CallPartner(Card.parse("QS")) and str(call) == "call QS"
    assert parse_action({"type": "CallPartner", "card": "QS"}) == call
    assert loads(dumps(call)) == call and repr(call) == "CallPartner(Card.parse('QS'))"
    assert action_text(call) == "call Q♠" and action_text(call, lang="de") == "rufen Q♠"
    assert phase_text(Phase.CALL_PARTNER) == "Call your partner"


# --- the shoot (RULES §7.4) -------------------------------------------------------------


def test_the_shoot_as_text_json_and_words() -> None:
    """The action `shoot`: its text and JSON object round trip, and it reads in words."""
    assert parse_action("shoot") == Shoot() == parse_action({"type": "Shoot"})
    assert str(Shoot()) == "shoot" and loads(dumps(Shoot())) == Shoot()
    assert [action_text(Shoot(), lang=lang) for lang in ("en", "de", "sv", "fr")] == [
        "shoot",
        "Shoot",
        "shoot",
        "shoot",
    ]
    assert [contract_text(trickster_4(), 5, lang=lang) for lang in ("en", "de", "sv", "fr")] == [
        "shoot the moon",
        "Shoot the Moon",
        "skjut månen",
        "tenter la lune",
    ]
