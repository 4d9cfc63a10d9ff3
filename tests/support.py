"""The one home of the helpers test modules share (no test module imports another).

They deal, bid and play hands written as text (the worked examples of RULES.md) through the
public API, and hold the worked examples' hands; `strategies.py` holds the hypothesis
strategies and `reference.py` the plain restatement of the rules."""

from __future__ import annotations

import importlib.util
import random
import re
import string
from collections.abc import Iterable
from itertools import combinations
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from setback import (
    AllPass,
    Card,
    DealerMatch,
    Discard,
    DrawOrder,
    GameState,
    HandResult,
    JokerRank,
    KeepSix,
    LowTo,
    Phase,
    Pitch,
    Play,
    PlayerView,
    Point,
    Rules,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
    observe,
    parse_cards,
)
from setback.state import Hand, HandState

NAMES = {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4, "P0": 0, "P1": 1, "P2": 2, "P3": 3, "P4": 4}


def deal(
    rules: Rules,
    hands: str,
    *,
    dealer: int = 3,
    scores: tuple[int, ...] | None = None,
    seed: int = 1,
) -> GameState:
    """A game whose first hand is `hands`: 'A: K♠ 9♦ …; B: …' (seats by initial)."""
    by_seat: dict[int, str] = {}
    for part in hands.split(";"):
        name, cards = part.split(":")
        by_seat[NAMES[name.strip()]] = cards
    return new_game(
        rules,
        seed=seed,
        dealer=dealer,
        scores=scores,
        hands=[by_seat[seat] for seat in range(len(by_seat))],
    )


def act(state: GameState, calls: str) -> GameState:
    """Apply 'A 2, B pass, C smudge' in order, each from the named seat."""
    for part in calls.split(","):
        name, text = part.split(maxsplit=1)
        text = text if text in ("pass", "smudge") else f"bid {text}"
        state = apply_action(state, text, seat=NAMES[name])
    return state


def play(state: GameState, tricks: str) -> GameState:
    """Play 'A K♠ B A♠ C 6♠ D 2♠ → B; …', checking every trick's winner."""
    for trick in tricks.split(";"):
        plays, winner = trick.split("→")
        for name, card in re.findall(r"(P?\w)\s+(\S+)", plays):
            state = apply_action(state, f"play {card}", seat=NAMES[name])
        last = state.tricks[-1] if state.tricks else state.history[-1].tricks[-1]
        assert last.winner == NAMES[winner.strip()], f"{trick}: won by seat {last.winner}"
    return state


def hand(
    rules: Rules, hands: str, calls: str, tricks: str, **kw: object
) -> tuple[GameState, HandResult]:
    """Deal, bid and play one whole hand; the state after it and its record."""
    state = play(act(deal(rules, hands, **kw), calls), tricks)  # type: ignore[arg-type]
    return state, state.history[-1]


S1_HANDS = (
    "A: K♠ 9♦ 4♠ Q♥ 10♣ 7♦; B: A♠ 3♠ 5♦ J♦ 8♣ 2♥; C: J♠ 6♠ A♦ K♣ 9♥ 3♣; D: 2♠ 10♦ 5♥ Q♣ 4♦ 7♥"
)


def texts(state: GameState) -> list[str]:
    """The legal actions of the seat to act, as text, in the engine's order."""
    return [str(action) for action in legal_actions(state)]


def card_set(cards: str | Iterable[Card]) -> set[Card]:
    """'9♠ 3♠ LJ', or cards, as a set of cards."""
    return {Card.parse(word) for word in cards.split()} if isinstance(cards, str) else set(cards)


def play_texts(text: str) -> set[str]:
    """'K♣ 8♣ 9♠' as the texts of the plays of those cards."""
    return {f"play {Card.parse(word)}" for word in text.split()}


def legal_plays(state: GameState) -> set[str]:
    """The texts of the legal plays of the seat to act."""
    return {str(action) for action in legal_actions(state) if isinstance(action, Play)}


def legal_discards(state: GameState) -> set[frozenset[Card]]:
    """The legal discards of the seat to act, each as a set of cards."""
    return {frozenset(a.cards) for a in legal_actions(state) if isinstance(a, Discard)}


def four_of(text: str) -> set[frozenset[Card]]:
    """Every choice of 4 cards out of `text`."""
    return {frozenset(four) for four in combinations(card_set(text), 4)}


def step_plays(state: GameState, moves: str) -> GameState:
    """Apply plays 'C K♠ D 7♠' one at a time, each from the named seat."""
    words = moves.split()
    for name, card in zip(words[::2], words[1::2], strict=True):
        state = apply_action(state, f"play {card}", seat=NAMES[name])
    return state


def last_hand(state: GameState) -> HandResult:
    """The record of the hand that ended last."""
    return state.history[-1]


def smear_rules() -> Rules:
    """`Rules.smear(players=4)`, built when a test runs (not at collection)."""
    return Rules.smear(players=4)


def ten_point_rules() -> Rules:
    """`Rules.ten_point(players=4)`, built when a test runs."""
    return Rules.ten_point(players=4)


def joker_pitch_rules() -> Rules:
    """`Rules.joker_pitch(players=3)`, built when a test runs."""
    return Rules.joker_pitch(players=3)


EXTENDED_POINTS = (
    Point.HIGH,
    Point.LOW,
    Point.JACK,
    Point.OFF_JACK,
    Point.BIG_JOKER,
    Point.LITTLE_JOKER,
    Point.GAME,
    Point.TREY,
)


EXTENDED_NAMES = ["high", "low", "jack", "off_jack", "big_joker", "little_joker", "game", "trey"]


X1_HANDS = (
    "A: 9♠ 3♠ K♣ 8♣ A♥ Q♦ 3♥ 4♦ 6♦ 9♣; "
    "B: A♠ 2♠ 7♣ 9♥ 10♥ 9♦ 5♥ 6♥ 7♦ Q♣; "
    "C: K♠ Q♠ 10♠ 8♠ 6♠ 4♠ LJ 2♥ 3♦ 5♣; "
    "D: BJ J♣ 7♠ 4♥ 10♦ 5♦ 2♣ 4♣ 6♣ 2♦"
)


X1_CALLS = "A pass, B 3, C 5, D pass"


X1_DISCARDS = {0: "3H 4D 6D 9C", 1: "5H 6H 7D QC", 2: "2H 3D 5C 6S", 3: "2C 4C 6C 2D"}


X1_IN_PLAY = {
    0: "9♠ 3♠ K♣ 8♣ A♥ Q♦",
    1: "A♠ 2♠ 7♣ 9♥ 10♥ 9♦",
    2: "K♠ Q♠ 10♠ 8♠ 4♠ LJ",
    3: "BJ J♣ 7♠ 4♥ 10♦ 5♦",
}


X1_TRICKS = [
    "C K♠ D 7♠ A 3♠ B A♠ → B",
    "B 7♣ C LJ D J♣ A 8♣ → D",
    "D 5♦ A Q♦ B 9♦ C 4♠ → C",
    "C Q♠ D BJ A 9♠ B 2♠ → C",
    "C 8♠ D 4♥ A A♥ B 9♥ → C",
    "C 10♠ D 10♦ A K♣ B 10♥ → C",
]


def x1_declared(rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> GameState:
    """X1 after the auction and Carla's ♠: the discards to six begin."""
    state = act(deal(rules or smear_rules(), X1_HANDS, scores=scores), X1_CALLS)
    return apply_action(state, "trump S", seat=2)


def x1_in_play(rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> GameState:
    """X1 after everyone's discard to six: Carla to lead trick 1."""
    state = x1_declared(rules, scores)
    for seat, cards in X1_DISCARDS.items():
        state = apply_action(state, f"discard {cards}", seat=seat)
    return state


def x1_played(rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> GameState:
    """The whole X1 hand, every trick's winner checked."""
    return play(x1_in_play(rules, scores), "; ".join(X1_TRICKS))


X2_DECK = (
    "AS QH 9S AH KS KH QS 10S 5H JH JS 8H KC 2H 7C 5S 10H 10C 6S 2S 9C AC JC 3H 4S 6D 2D "
    "7H 3C AD 5C QD 4D 6C 9D 7D 3S 9H QC 8D 7S 8C BJ 10D 3D 4C 6H 5D 8S JD 2C LJ KD 4H"
)


X2_DEALT = {
    0: "A♠ Q♥ 9♠ K♣ 2♥ 7♣ 4♠ 6♦ 2♦",
    1: "A♥ K♠ K♥ 5♠ 10♥ 10♣ 7♥ 3♣ A♦",
    2: "Q♠ 10♠ 5♥ 6♠ 2♠ 9♣ 5♣ Q♦ 4♦",
    3: "J♥ J♠ 8♥ A♣ J♣ 3♥ 6♣ 9♦ 7♦",
}


X2_CALLS = "A pass, B 5, C pass, D pass"


X2_FACE_DOWN = {
    0: "A♠ 9♠ K♣ 7♣ 4♠ 6♦ 2♦",
    1: "K♠ 5♠ 10♣ 3♣ A♦ 8♠ 2♣ K♦",
    2: "Q♠ 10♠ 6♠ 2♠ 9♣ 5♣ Q♦ 4♦",
    3: "J♠ A♣ J♣ 6♣ 9♦ 7♦",
}


X2_AFTER_DRAW = {
    0: "Q♥ 2♥ 3♠ 9♥ Q♣ 8♦",
    1: "A♥ K♥ 10♥ 7♥ J♦ LJ 4♥",
    2: "5♥ 7♠ 8♣ BJ 10♦ 3♦",
    3: "J♥ 8♥ 3♥ 4♣ 6♥ 5♦",
}


X2_IN_PLAY = {
    0: "Q♥ 9♥ 2♥ 3♠ Q♣ 8♦",
    1: "A♥ K♥ 10♥ 7♥ J♦ LJ",
    2: "5♥ BJ 7♠ 8♣ 10♦ 3♦",
    3: "J♥ 8♥ 6♥ 3♥ 4♣ 5♦",
}


X2_DEAD = {0: "3♠ Q♣ 8♦", 2: "7♠ 8♣ 10♦ 3♦", 3: "4♣ 5♦"}


X2_TRICKS = [
    "B A♥ C 5♥ D 3♥ A 2♥ → B",
    "B K♥ C BJ D 6♥ A 9♥ → B",
    "B 7♥ D 8♥ A Q♥ → A",
    "B 10♥ D J♥ → D",
    "B J♦ → B",
    "B LJ → B",
]


def x2_dealt(rules: Rules | None = None, scores: tuple[int, ...] | None = None) -> GameState:
    deck = [Card.parse(word) for word in X2_DECK.split()]
    return new_game(rules or ten_point_rules(), seed=1, dealer=3, deck=deck, scores=scores)


def x2_declared(scores: tuple[int, ...] | None = None) -> GameState:
    """X2 after Ben names ♥: the draw back is done, Ben's face-up discard is due."""
    return apply_action(act(x2_dealt(scores=scores), X2_CALLS), "trump H", seat=1)


def x2_in_play(scores: tuple[int, ...] | None = None) -> GameState:
    return apply_action(x2_declared(scores), "discard 4H", seat=1)


def x2_played(scores: tuple[int, ...] | None = None) -> GameState:
    return play(x2_in_play(scores), "; ".join(X2_TRICKS))


X3_HANDS = "P0: 5♠ A♦ K♦ 9♣ 8♥ 4♣; P1: JK A♠ J♠ 10♠ K♥ Q♣; P2: 2♠ Q♥ 10♦ 7♣ 3♥ 6♦"


X3_CALLS = "P0 2, P1 3, P2 pass"


X3_TRICKS = (
    "P1 JK P2 2♠ P0 5♠ → P0; P0 A♦ P1 10♠ P2 6♦ → P1; P1 A♠ P2 3♥ P0 4♣ → P1; "
    "P1 J♠ P2 7♣ P0 9♣ → P1; P1 K♥ P2 Q♥ P0 8♥ → P1; P1 Q♣ P2 10♦ P0 K♦ → P1"
)


CARD_TEXT = re.compile(r'"((?:10|[2-9JQKA])[CDHS]|BJ|LJ|JK)"')


def cards_in(text: str) -> set[Card]:
    return {Card.parse(match) for match in CARD_TEXT.findall(text)}


def visible(state: GameState, seat: int, seen: set[Card]) -> set[Card]:
    """Every card `seat` could have seen by now: its own hands, whatever was face up."""
    visible = set(seen) | set(state.hands[seat])
    if state.trick:
        visible |= set(state.trick.cards)
    for trick in state.tricks:
        visible |= set(trick.cards)
    for _, action in state.bids:
        if isinstance(action, Pitch):
            visible.add(action.card)
    visible |= set(state.discards[seat])
    visible |= {card for cards in state.face_up_discards for card in cards}  # seen by all
    if state.called is not None:  # call your partner: the called card is named to all
        visible.add(state.called)
    if state.phase is Phase.CALL_PARTNER and state.to_act == seat:  # the trumps he lacks
        visible |= {action.card for action in legal_actions(state)}  # type: ignore[union-attr]
    if state.history:  # the hand just finished was played face up to its last card
        last = state.history[-1]
        visible |= {card for trick in last.tricks for card in trick.cards}
        visible |= {card for cards in last.face_up_discards for card in cards}
    return visible


FIVE_POINTS = (Point.HIGH, Point.LOW, Point.JACK, Point.OFF_JACK, Point.GAME)


E48_HANDS = (
    "A: K♠ 9♦ 4♠ Q♥ 10♣ 3♥; B: 7♦ 3♠ 5♦ J♦ 8♣ 2♥; C: J♠ 6♠ A♦ K♣ 9♥ 3♣; D: A♠ 10♦ 5♥ Q♣ 4♦ 7♥"
)


def ben_pitches() -> GameState:
    """RULES §5 E4.8: Anna passes and Ben pitches 7♦ (the dealer to answer)."""
    state = act(deal(Rules.setback(pitch_instead_of_bid=True), E48_HANDS), "A pass")
    assert "pitch 7D" in texts(state) and "bid 4" in texts(state)
    return apply_action(state, "pitch 7♦", seat=1)


S1_TRICKS = (
    "A K♠ B A♠ C 6♠ D 2♠ → B; B 8♣ C K♣ D Q♣ A 10♣ → C; C A♦ D 4♦ A 7♦ B 5♦ → C; "
    "C 9♥ D 5♥ A Q♥ B 2♥ → A; A 9♦ B 3♠ C J♠ D 10♦ → C; C 3♣ D 7♥ A 4♠ B J♦ → A"
)


DRAW_HANDS = (
    "A: A♠ K♠ 3♥ 4♥ 5♣ 6♣; B: 2♥ 7♥ 8♥ 9♥ 10♥ J♥; C: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦; D: 2♣ 3♣ 4♣ 7♣ 8♣ 9♣"
)


E1_HANDS = (
    "A: J♣ 2♦ 3♦ 4♥ 5♠ 6♠; B: A♠ K♠ 10♥ Q♦ 7♦ 8♥; C: 2♠ 3♠ 4♦ 5♥ 6♥ 7♥; D: 10♠ A♥ K♦ 9♠ 8♦ 9♥"
)


E1_TRICKS = (
    "A J♣ B 7♦ C 4♦ D 8♦ → A; A 2♦ B Q♦ C 2♠ D K♦ → D; D A♥ A 4♥ B 8♥ C 5♥ → D; "
    "D 10♠ A 5♠ B K♠ C 3♠ → B; B A♠ C 6♥ D 9♠ A 6♠ → B; B 10♥ C 7♥ D 9♥ A 3♦ → B"
)


CARD_MODELS = [
    Rules(jokers=jokers, off_jack=off_jack, joker_rank=rank)
    for jokers in (0, 1, 2)
    for off_jack in (False, True)
    for rank in JokerRank
    if rank is JokerRank.BELOW_JACKS or jokers == 1
]
"""Every card model: 0, 1 or 2 jokers, with or without the jick, a lone joker either rank."""


S4_HANDS = (
    "P0: A♥ K♥ A♣ 10♣ 10♦ Q♠; P1: 2♥ J♥ 3♣ 6♦ 7♠ 8♦; P2: 9♥ 5♣ 2♣ 4♠ 3♠ 5♦; P3: K♠ 9♣ 4♣ 7♦ 3♦ 6♠"
)


LOCALE = Path(__file__).resolve().parents[1] / "src" / "setback" / "locale"


def english_left(lang: str, text: str) -> set[str]:
    """The English words of catalog messages (their fixed parts of 5 letters or more, as
    whole words) that `text` shows although the language says them otherwise. Runs of
    white space count as one space (help text is wrapped); a message the language keeps
    in English (its translation is the English, as Swedish's "Off-three") is not counted
    for the words inside it."""
    from babel.messages.pofile import read_po  # a test dependency, read only here

    with (LOCALE / lang / "LC_MESSAGES" / "setback.po").open("rb") as file:
        catalog = read_po(file, locale=lang)
    text = " ".join(text.split())
    for message in catalog:  # words the language keeps in English on purpose ("Off-three")
        if isinstance(message.id, str) and message.id and message.string == message.id:
            text = re.sub(rf"(?<![\w-]){re.escape(message.id)}(?![\w-])", " ", text)
    left = set()
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for english in ids:
            for literal, *_rest in string.Formatter().parse(english):
                part = " ".join(literal.split()).strip(" .,:;()'-")
                if len(part) < 5 or any(part in translated for translated in strings):
                    continue
                if part in text and re.search(rf"(?<!\w){re.escape(part)}(?!\w)", text):
                    left.add(part)  # (the plain search first: the pattern is slow on long text)
    return left


Y2_DECK = (
    "AS 7S AH KS QS BJ 2S 5S QH JC 10S AC KH QD 9C 3C 9S AD JH 8D 4C KD 9H 5C 5H 7D 2C KC "
    "10H 6D 6H 2D 10C JD 3H 8C 3S 8H 10D QC 8S 6S 7H 9D LJ 5D 7C 4H JS 4S 2H 4D 3D 6C"
)
"""RULES §7.9 Y2's deck, dealt by Dan (seat 3) in packets of three."""


def y2_rules(draw_order: DrawOrder = DrawOrder.PITCHER_LEFT) -> Rules:
    """Trickster's 13-point game as RULES §7.3 describes it, built from options (the
    `Rules.trickster` preset does not exist yet): 54 cards, the jick, the off-three,
    deal 9, the draw back from the pitcher's left, trumps only, no dealer's match, Low to
    the holder, target 52, pitcher first."""
    return Rules(
        players=4,
        target=52,
        min_bid=6,
        smudge=False,
        dealer_match=DealerMatch.NONE,
        low_to=LowTo.HOLDER,
        win_rule=WinRule.PITCHER_FIRST,
        jokers=2,
        off_jack=True,
        off_three=True,
        points=(
            Point.HIGH,
            Point.LOW,
            Point.JACK,
            Point.OFF_JACK,
            Point.BIG_JOKER,
            Point.LITTLE_JOKER,
            Point.TEN,
            Point.TREY,
            Point.OFF_THREE,
        ),
        deal=9,
        keep_six=KeepSix.DRAW_BACK,
        trumps_only=True,
        draw_order=draw_order,
    )


def y2_declared(draw_order: DrawOrder = DrawOrder.PITCHER_LEFT, **kw: object) -> GameState:
    """Y2 after the auction (Ben bids 8) and Ben's `trump S`: the draw back is done."""
    state = new_game(y2_rules(draw_order), deck=Y2_DECK, dealer=3, **kw)  # type: ignore[arg-type]
    state = act(state, "A pass, B 8, C pass, D pass")
    return apply_action(state, "trump S", seat=1)


TEN_FIVE = Rules.trickster(10, players=5)
"""Five-player Trickster, ten points: call your partner (RULES §7.7.3)."""

P1_HANDS = (
    "A: 9♠ 3♠ 2♣ 3♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣;"
    " B: K♠ Q♠ J♠ BJ 10♠ Q♣ K♣ A♣ 2♦ 3♦;"
    " C: 2♠ 6♠ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦;"
    " D: A♠ J♣ 8♠ K♦ A♦ 2♥ 3♥ 5♥ 6♥ 7♥;"
    " E: LJ 7♠ 5♠ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"
)
"""The worked hand P1 of docs/rules/trickster.md (Eva, seat 4, deals): Ben bids 6, names ♠
and calls A♠, which Dan holds."""

P1_TRICKS = (
    "B 10♠ C 2♠ D A♠ E 5♠ A 9♠ → D;"
    " D 8♠ E 7♠ A 3♠ B K♠ C 6♠ → B;"
    " B J♠ D J♣ E LJ → B;"
    " B Q♠ → B;"
    " B BJ → B"
)
"""P1's tricks (trumps only: a seat out of trumps is passed over)."""


def p1_declared(rules: Rules = TEN_FIVE, scores: tuple[int, ...] | None = None) -> GameState:
    """P1 after Ben names ♠: his call of a partner is next."""
    state = deal(rules, P1_HANDS, dealer=4, scores=scores)
    state = act(state, "A pass, B 6, C pass, D pass, E pass")
    return apply_action(state, "trump S", seat=1)


def p1_called(rules: Rules = TEN_FIVE, scores: tuple[int, ...] | None = None) -> GameState:
    """P1 after Ben calls A♠ (no stock: nobody draws; Ben leads)."""
    return apply_action(p1_declared(rules, scores), "call AS", seat=1)


Y1_DECK = (
    "AH KH JH 5H 2H 8H 10H 9H 3H QH 7H 6H 5D KC 8S AD 9S 3S QS 5S 8D 4H JS 2D 4D 10D 2C 7C "
    "JD 4C 6C QC 4S 10S 3D 8C 7S 3C KS QD 9C AS AC 6D 6S 2S KD 9D 7D JC 10C 5C"
)
"""RULES §7.9 Y1's deck, for `new_game(Rules.cinch(), deck=Y1_DECK, dealer=3)`."""

Y1_ROB = "10S 3D 8C 6S 2S KD 9D 7D JC 10C 5C"
"""The 11 non-trumps Dan discards face down in Y1 (he keeps J♠ 2♦)."""

Y1_PLAYS = "AH 8H 3H 4H KH 2H 10H 6H 3C 5H AC QH JS 7S KS AS 9H 7H JH 9C 5D QD 6D 2D"
"""Y1's 24 cards, in the order played."""


def y1_declared(rules: Rules | None = None, bid: int = 9) -> GameState:
    """Y1 after the auction (Anna bids 9, the others pass) and Anna's `trump H`: the
    non-dealers' discards and refills are done and Dan, who robbed the pack, is to act."""
    state = new_game(rules or Rules.cinch(), deck=Y1_DECK, dealer=3)
    for call in (f"bid {bid}", "pass", "pass", "pass", "trump H"):
        state = apply_action(state, call)
    return state


def y1_played(rules: Rules | None = None, bid: int = 9, upto: int = 24) -> GameState:
    """Y1 with Dan's discard and the first `upto` cards played (all 24: the hand is over)."""
    state = apply_action(y1_declared(rules, bid), f"discard {Y1_ROB}")
    for card in Y1_PLAYS.split()[:upto]:
        state = apply_action(state, f"play {card}")
    return state


def with_held(state: GameState, held: tuple[int, ...], setup: HandState | None = None) -> GameState:
    """`state` with the cards of every seat replaced by `held` (bit sets, one per seat), and
    its `HandState` by `setup` if given: another world behind the same view, as the sampler
    builds one. The other fields of the hand core stay as they are."""
    before, to_act, _, plays, tricks, playable = state.hand
    core = Hand(
        setup=before if setup is None else setup,
        to_act=to_act,
        held=held,
        plays=plays,
        tricks=tricks,
        playable=playable,
    )
    return attrs.evolve(state, hand=core)


D1_DECK = (
    "AS KS 5S QS 2S KH JS 7S 3S 10S 8S 4S "
    "9D 7D 4C QH 10H 6D AH JH 4H 9H 7H 5H "
    "3C 8H 2H 5D 9C 8C AD KC 6C QD JD 2C "
    "6S 10D AC 3H QC KD 9S 2D JC 6H 10C 8D 7C 4D 3D 5C"
)
"""D1's pack for `new_game(Rules.trickster(9), deck=..., dealer=3)`: packets of three from
Anna, then the stock from its front."""


D1_DEALT = {
    0: "A♠ K♠ 5♠ 9♦ 7♦ 4♣ 3♣ 8♥ 2♥",
    1: "Q♠ 2♠ K♥ Q♥ 10♥ 6♦ 5♦ 9♣ 8♣",
    2: "J♠ 7♠ 3♠ A♥ J♥ 4♥ A♦ K♣ 6♣",
    3: "10♠ 8♠ 4♠ 9♥ 7♥ 5♥ Q♦ J♦ 2♣",
}


D1_DISCARDS = {
    1: "Q♥ 6♦ 5♦ 9♣ 8♣",
    2: "J♥ 4♥ K♣ 6♣",
    3: "9♥ 7♥ 5♥ Q♦ J♦ 2♣",
    0: "9♦ 7♦ 4♣ 3♣ 8♥ 2♥",
}
"""In the discard and draw's order: from Anna's left (Ben, Carla, Dan), Anna last."""


D1_DRAWN = {1: "6♠ 10♦", 2: "A♣", 3: "3♥ Q♣ K♦", 0: "9♠ 2♦ J♣"}


D1_IN_PLAY = {
    0: "A♠ K♠ 9♠ 5♠ J♣ 2♦",
    1: "Q♠ 6♠ 2♠ K♥ 10♥ 10♦",
    2: "J♠ 7♠ 3♠ A♥ A♦ A♣",
    3: "10♠ 8♠ 4♠ 3♥ Q♣ K♦",
}


D1_TRICKS = (
    "A A♠ B 2♠ C 3♠ D 4♠ → A; A K♠ B 6♠ C 7♠ D 8♠ → A; A 9♠ B Q♠ C J♠ D 10♠ → B; "
    "B 10♦ C A♦ D K♦ A 2♦ → C; C A♥ D 3♥ A J♣ B 10♥ → C; C A♣ D Q♣ A 5♠ B K♥ → A"
)


def d1_declared(rules: Rules | None = None, **kw: object) -> object:
    """D1 after the auction (Anna bids 5, the others pass) and Anna's `trump S`."""
    state = new_game(rules or Rules.trickster(9), deck=D1_DECK.split(), dealer=3, **kw)  # type: ignore[arg-type]
    state = act(state, "A 5, B pass, C pass, D pass")
    return apply_action(state, "trump S", seat=0)


def d1_in_play(**kw: object) -> object:
    state = d1_declared(**kw)
    for seat in (1, 2, 3, 0):
        state = apply_action(state, Discard(parse_cards(D1_DISCARDS[seat])), seat=seat)  # type: ignore[arg-type]
    return state


KITTY_DECK = parse_cards(
    "KH QH 7H AS KS 2C QS JS 10C JH 5H KD 9C 4C 3D 5D 6D 8S JC 9D 7D QD 2S 3S AH 10H 3C 5C 6C "
    "7C 8C QC KC AC 2D 4D 8D 10D JD AD 2H 3H 4H 6H 8H 9H 4S 5S 6S 7S 9S 10S"
)
"""Dealt by Dan (seat 3) under `Rules.trickster(4, kitty=2)`: Anna K♥ Q♥ 7♥ 9♣ 4♣ 3♦, Ben
A♠ K♠ 2♣ 5♦ 6♦ 8♠, Carla Q♠ J♠ 10♣ J♣ 9♦ 7♦, Dan J♥ 5♥ K♦ Q♦ 2♠ 3♠; the kitty A♥ 10♥ (the
two cards right after the packets); the rest is the stock."""


def kitty_rules(**options: object) -> Rules:
    return Rules.trickster(4, **{"kitty": 2, **options})  # type: ignore[arg-type]


def kitty_declared(rules: Rules | None = None, *, trump: str = "H") -> GameState:
    """Anna bids 2, the others pass, Anna names trump: she holds the kitty now."""
    state = new_game(rules or kitty_rules(), deck=KITTY_DECK, dealer=3, seed=1)
    for call in ("bid 2", "pass", "pass", "pass", f"trump {trump}"):
        state = apply_action(state, call)
    return state


def sorted_cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def trickster_4(**options: object) -> Rules:
    """`Rules.trickster(4)` with `shoot=ALL_POINTS` (RULES §7.9 Y3), any option changed."""
    return Rules.trickster(4, **{"shoot": "all_points", **options})  # type: ignore[arg-type]


Y3_HANDS = "A: A♦ K♦ J♦ 2♦ A♣ 7♣; B: Q♦ 5♦ 5♣ 4♠ 9♥ 6♥; C: 8♦ K♣ 7♥ 9♠ 3♠ 2♥; D: 3♦ 10♥ J♠ 8♥ 7♠ 6♠"


Y3_TRICKS = (
    "A A♦ B 5♦ C 8♦ D 3♦ → A; A A♣ B 5♣ C K♣ D 6♠ → A; A K♦ B Q♦ C 2♥ D 7♠ → A; "
    "A J♦ B 4♠ C 3♠ D 8♥ → A; A 7♣ B 6♥ C 7♥ D J♠ → A; A 2♦ B 9♥ C 9♠ D 10♥ → A"
)


def y3_declared(rules: Rules, scores: tuple[int, ...] | None = None) -> GameState:
    """RULES §7.9 Y3: Anna shoots, the others pass, Anna names ♦."""
    state = apply_action(deal(rules, Y3_HANDS, scores=scores), "shoot", seat=0)
    state = act(state, "B pass, C pass, D pass")
    return apply_action(state, "trump D", seat=0)


FREE = Rules.setback(all_pass=AllPass.DEALER_FREE)


FREE_TRICKS = (
    "D Q♣ A 10♣ B 8♣ C 3♣ → D; D 4♦ A 7♦ B 5♦ C K♣ → C; C A♦ D 10♦ A 9♦ B J♦ → C; "
    "C 9♥ D 5♥ A Q♥ B 2♥ → A; A 4♠ B 3♠ C 6♠ D 2♠ → C; C J♠ D 7♥ A K♠ B A♠ → B"
)


def cinch_short_stock() -> GameState:
    """RULES §7.5.5: Cinch where Anna and Ben, holding no trump, take 6 cards each from the
    stock, leaving 4 for Carla (no trump either); Dan, the dealer, holds eight trumps and
    J♣. Dan bid 3 and named hearts: Anna's discard is forced, Carla is to act."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S",
        "2D 3D 4D 6D 7D 8D 9D 10D JD",
        "AH KH QH JH 10H 9H 8H 7H JC",
    ]
    state = new_game(Rules.cinch(), hands=hands, dealer=3, seed=2)
    for call in ("pass", "pass", "pass", "bid 3", "trump H"):
        state = apply_action(state, call)
    return state


TIED_HANDS = (
    "A: 9♠ 8♠ 7♠ 6♠ 5♠ 2♥; B: 10♥ 3♣ 4♣ 5♣ 6♣ 7♣; C: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦; D: 10♦ 3♥ 4♥ 5♥ 6♥ 7♥"
)
TIED_CALLS = "A 2, B pass, C pass, D pass"
TIED_TRICKS = (
    "A 9♠ B 3♣ C 2♦ D 10♦ → A; A 8♠ B 4♣ C 3♦ D 3♥ → A; A 7♠ B 5♣ C 4♦ D 4♥ → A; "
    "A 6♠ B 6♣ C 5♦ D 5♥ → A; A 5♠ B 7♣ C 6♦ D 6♥ → A; A 2♥ B 10♥ C 7♦ D 7♥ → B"
)
"""RULES §1.6 under `Rules.setback()`: D deals; A bids 2 and leads the spades (trump); B, C
and D are void. D throws 10♦ on the first trick (A takes it: 10 card points); B's 10♥ takes
the last trick (10 card points): Game is tied."""

THREE_HANDS = "P0: 9♠ 8♠ 7♠ 6♠ 2♥ 10♦; P1: 10♥ 3♣ 4♣ 5♣ 6♣ 7♣; P2: 8♣ 3♥ 3♦ 4♦ 5♦ 6♦"
THREE_CALLS = "P0 2, P1 pass, P2 pass"
THREE_TRICKS = (
    "P0 9♠ P1 3♣ P2 3♦ → P0; P0 8♠ P1 4♣ P2 4♦ → P0; P0 7♠ P1 5♣ P2 5♦ → P0; "
    "P0 6♠ P1 6♣ P2 6♦ → P0; P0 2♥ P1 10♥ P2 3♥ → P1; P1 7♣ P2 8♣ P0 10♦ → P2"
)
"""`Rules.cutthroat(players=3)`, P2 deals: P0 bids 2 and leads four spades (trump), P1 and P2
void. P1's 10♥ takes the hearts (10 card points); P2's 8♣ takes P1's 7♣ lead and P0's 10♦
(10 card points)."""

JOKER_HANDS = (
    "A: 10♠ 2♥ 3♥ 4♥ 5♥ 6♥; B: B★ 2♣ 3♣ 4♣ 5♣ 6♣; C: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦; D: 7♣ 8♣ 7♥ 8♥ 9♥ 9♣"
)
JOKER_TRICKS = (
    "A 10♠ B B★ C 2♦ D 7♣ → B; B 2♣ C 3♦ D 8♣ A 2♥ → D; D 7♥ A 3♥ B 3♣ C 4♦ → D; "
    "D 8♥ A 4♥ B 4♣ C 5♦ → D; D 9♥ A 5♥ B 5♣ C 6♦ → D; D 9♣ A 6♥ B 6♣ C 7♦ → D"
)
"""`Rules.setback(jokers=2)`, bid as `TIED_CALLS`: A leads 10♠ (spades trump); B must play
his trump, the big joker, and takes the 10. The only trumps in play are 10♠ and the joker:
High and Low are both the 10 (never a joker)."""


def batch_replay() -> ModuleType:
    """`benchmarks/batch_replay.py`, the batched engine's replay proof, as a module (its
    recording policy, replay and states; the tests run it at small counts)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "batch_replay.py"
    spec = importlib.util.spec_from_file_location("batch_replay", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def views_of_a_game(rules: Rules, seed: int, every: int, *, steps: int) -> list[PlayerView]:
    """Views of every `every`-th decision among the first `steps` of one game played by
    random legal actions from `seed` (the auction, trump, the discards and trick play)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    views = []
    for step in range(steps):
        if state.is_over:
            break
        if step % every == 0:
            views.append(observe(state, state.to_act))  # type: ignore[arg-type]
        state = apply_action(state, rng.choice(legal_actions(state)))
    return views


HEAVY = pytest.mark.extras
"""The mark of a test too slow for the quick suite (plain `pytest` must stay under 3 minutes
on two cores): plain `pytest` leaves it out, `.ci/run`'s heavy step runs it."""


def slow_cases(cases: Iterable[Any], *, quick: Any) -> list[Any]:
    """A slow test's parametrized cases: `quick` in the quick suite, the others `HEAVY`."""
    return [case if case == quick else pytest.param(case, marks=HEAVY) for case in cases]
