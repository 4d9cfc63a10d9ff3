"""Card notation, the one home of its text: each suit's letter, symbol and name, each
rank's text and name, the jokers' symbols, and how card text is read.

`cards` builds `Suit`, `Rank` and `Card` on these tables; `refusals` words a refusal's
cards and suits with them (it sits below `cards`, whose notation errors are refusals).
Suits and ranks are their values here: a suit `0` to `3` (clubs to spades, `Suit`'s
values), a rank `2` to `14` (the ace is high) and `15` to `17` for the jokers.
"""

from __future__ import annotations

__all__: list[str] = []

SUIT_LETTERS = "CDHS"
"""Each suit's letter in card text, by suit value."""
SUIT_SYMBOLS = "♣♦♥♠"
"""Each suit's symbol, by suit value."""
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
"""Each suit's name, by suit value."""
SUIT_TEXT: dict[str, int] = {
    **{letter.lower(): suit for suit, letter in enumerate(SUIT_LETTERS)},
    **{symbol: suit for suit, symbol in enumerate(SUIT_SYMBOLS)},
    **{name: suit for suit, name in enumerate(SUIT_NAMES)},
    "♤": 3,
    "♡": 2,
    "♢": 1,
    "♧": 0,
}
"""Every text that names a suit (lower case), to the suit's value: its letter, its symbol
(the outlined ones too) and its name."""

JOKER, BIG_JOKER, LITTLE_JOKER = 15, 16, 17
"""The jokers' rank values."""
RANK_TEXT: dict[int, str] = {rank: str(rank) for rank in range(2, 11)} | {
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
    JOKER: "JK",
    BIG_JOKER: "BJ",
    LITTLE_JOKER: "LJ",
}
"""Each rank's card text, by rank value (a joker's is its whole text)."""
RANK_NAMES: dict[int, str] = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
    JOKER: "joker",
    BIG_JOKER: "big joker",
    LITTLE_JOKER: "little joker",
}
"""Each rank's name in words, by rank value (`Rank`'s member names, in lower case)."""
JOKER_SYMBOL = {JOKER: "★", BIG_JOKER: "B★", LITTLE_JOKER: "L★"}
"""A joker as players read it: a star (U+2605, in the Basic Multilingual Plane, which the
common fonts have), after B or L for the big and the little joker."""
_OLD_JOKER_SYMBOL = {JOKER: "🃏", BIG_JOKER: "B🃏", LITTLE_JOKER: "L🃏"}
"""The playing-card joker (U+1F0CF) that earlier versions showed: still read, never shown
(many fonts have no glyph for it)."""

_RANK_READ = {text.lower(): rank for rank, text in RANK_TEXT.items() if rank <= 14} | {"t": 10}
_JOKER_READ = {
    **{RANK_TEXT[rank].lower(): rank for rank in JOKER_SYMBOL},
    **{symbol.lower(): rank for rank, symbol in JOKER_SYMBOL.items()},
    **{symbol.lower(): rank for rank, symbol in _OLD_JOKER_SYMBOL.items()},
    "joker": JOKER,
    "bigjoker": BIG_JOKER,
    "littlejoker": LITTLE_JOKER,
}


def read_card(text: str) -> tuple[int, int | None] | None:
    """The rank and the suit (None for a joker) that card `text` names, read as players
    write it (`"KS"`, `"K♠"`, `"10h"`, `"Th"`, `"BJ"`, `"B★"`, `"big joker"`), or None
    when it names no card."""
    compact = "".join(text.split()).lower()
    joker = _JOKER_READ.get(compact)
    if joker is not None:
        return joker, None
    rank = _RANK_READ.get(compact[:-1])
    suit = SUIT_TEXT.get(compact[-1:])
    if rank is None or suit is None:
        return None
    return rank, suit


def symbol_of(rank: int, suit: int | None) -> str:
    """The card of `rank` and `suit` (None: a joker) as players read it: `"K♠"`, `"B★"`."""
    if suit is None:
        return JOKER_SYMBOL[rank]
    return RANK_TEXT[rank] + SUIT_SYMBOLS[suit]
