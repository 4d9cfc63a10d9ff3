"""Refusals an app can translate: every code of `setback.refusals` is reached, its params
are exactly its template's, its sentence is today's, and the docs table is the table."""

# ruff: noqa: E501  (the exact messages of EXPECTED are long)
from __future__ import annotations

import importlib
import importlib.util
import json
import pickle
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from string import Formatter
from types import ModuleType
from typing import Any

import pytest

import setback
import setback.dealing
import setback.engine
from setback import (
    CARDS,
    AllPass,
    Bid,
    Card,
    DealerMatch,
    Discard,
    GameState,
    IllegalActionError,
    InvalidNotationError,
    Pitch,
    Play,
    PlayTrump,
    Rank,
    Rules,
    SetbackError,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    parse_action,
)
from setback.refusals import MESSAGES, PARAMS, SUFFIXES, Refusal, placeholders, render

from ..support import p1_called, p1_declared, y1_declared

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "api" / "errors.md"
BEGIN, END = "<!-- refusal codes: begin -->", "<!-- refusal codes: end -->"

UNREACHED = {
    "dealer_may_pass": (
        "the dealer who may pass after everyone passed may also make every call from the "
        "lowest bid up (a pitch too, in the pitching rules): no call is refused for it"
    ),
}
"""The codes no state reaches with today's rules, and why (the rule is still worded)."""


def _table() -> ModuleType:
    """`setback.rl._table`, loaded without the rl extra's packages if they are absent."""
    try:
        importlib.import_module("setback.rl")
        return sys.modules["setback.rl._table"]
    except ImportError:
        pass
    path = Path(setback.__file__).parent / "rl" / "_table.py"
    spec = importlib.util.spec_from_file_location("setback.rl._table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _walk(rules: Rules, seed: int, dealer: int = 3) -> Iterator[GameState]:
    """The states of a game where every seat takes a legal action drawn with `seed`."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=dealer)
    while not state.is_over:
        yield state
        state = apply_action(state, rng.choice(legal_actions(state)))
    yield state


def _first_legal_but_hand_one(decision: Any) -> list[int]:
    """A batched policy: hand 0 takes its lowest open choice, hand 1 bids 1 (not open in
    the German game), whether the hands are asked together (numpy) or one hand after
    the other (the loop without numpy, which plays hand 0 to its end first)."""
    return [
        1 if int(hand) == 1 else (int(legal) & -int(legal)).bit_length() - 1
        for hand, legal in zip(decision.hands, decision.legal, strict=True)
    ]


def _batch_refused() -> IllegalActionError:
    """A batched policy bids 1 (below the lowest bid) in the second hand of a batch."""
    from setback.bots.batch import play_batch

    states = [new_game(SETBACK, seed=1), new_game(SETBACK, seed=2)]
    with pytest.raises(IllegalActionError) as caught:
        play_batch(states, _first_legal_but_hand_one)
    return caught.value


def _refused(state: GameState, action: Any, seat: int | None = None) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        apply_action(state, action, seat=seat)
    return caught.value


def _first(
    rules: Rules, seed: int, code: str, actions: Callable[[GameState], list[Any]], seat: bool
) -> IllegalActionError:
    """The first refusal of `code` in `_walk(rules, seed)`, trying `actions(state)`."""
    for state in _walk(rules, seed):
        if state.is_over:
            break
        for action in actions(state):
            try:
                apply_action(state, action, seat=state.to_act if seat else None)
            except IllegalActionError as error:
                if error.code == code:
                    return error
    raise AssertionError(f"{code} not reached")


def _notation(make: Callable[[], object]) -> InvalidNotationError:
    with pytest.raises(InvalidNotationError) as caught:
        make()
    return caught.value


def _plays(state: GameState) -> list[Any]:
    return [Play(card) for card in state.hands[state.to_act or 0]]


def _game_over() -> IllegalActionError:
    state = new_game(Rules.setback(target=3), seed=1)
    while not state.is_over:
        state = apply_action(state, legal_actions(state)[0])
    return _refused(state, "pass")


def _too_many(monkeypatch: pytest.MonkeyPatch, name: str) -> IllegalActionError:
    monkeypatch.setattr(setback.engine, name, 30 if name == "MAX_HANDS" else 300)
    state = new_game(Rules.cutthroat(players=2, all_pass=AllPass.REDEAL), seed=3)
    with pytest.raises(IllegalActionError) as caught:
        for _ in range(1_000):
            state = apply_action(state, legal_actions(state)[0])
    return caught.value


def _rl(state: GameState, action: object) -> IllegalActionError:
    table = _table()
    with pytest.raises(IllegalActionError) as caught:
        table.apply_id(table.Position(state), action)
    return caught.value


SETBACK = Rules.setback()
PITCHING = Rules.auction_pitch(pitch_instead_of_bid=True)
SHOOTING = Rules.setback(smudge=False, shoot="all_points")
STUCK_AT_LEAST = Rules.setback(all_pass=AllPass.DEALER_AT_LEAST_MIN)


def _stuck(rules: Rules) -> GameState:
    """Everyone but the dealer (seat 3) passed."""
    state = new_game(rules, seed=1, dealer=3)
    for _ in range(3):
        state = apply_action(state, "pass")
    return state


def _bid(rules: Rules, *calls: str, seed: int = 1) -> GameState:
    state = new_game(rules, seed=seed, dealer=3)
    for call in calls:
        state = apply_action(state, call)
    return state


def _foreign(state: GameState) -> Card:
    """A card the seat to act does not hold."""
    return next(card for card in CARDS[:52] if card not in state.hands[state.to_act or 0])


def _held_pitch(state: GameState) -> Pitch:
    return Pitch(state.hands[state.to_act or 0][0])


def _discarding(rules: Rules, seed: int = 1) -> GameState:
    return next(state for state in _walk(rules, seed) if state.phase.name == "DISCARD")


def _discard_of(rules: Rules, count: int) -> IllegalActionError:
    """The refusal of a discard of the first `count` cards of the seat to discard."""
    state = _discarding(rules)
    return _refused(state, Discard(state.hands[state.to_act or 0][:count]))


def _smear_discard(state: GameState) -> list[Any]:
    """Discards of four cards holding a trump and leaving a non-trump in the hand."""
    hand, trump = state.hands[state.to_act or 0], state.trump
    trumps = [card for card in hand if card.suit is trump]
    others = [card for card in hand if card.suit is not trump]
    return [Discard([*trumps[:1], *others[:3]])] if trumps and len(others) > 3 else []


def _keep(state: GameState, keep: str) -> IllegalActionError:
    """The refusal of `discard_keeping` for the seat to act."""
    with pytest.raises(IllegalActionError) as caught:
        setback.discard_keeping(setback.observe(state, state.to_act or 0), keep)
    return caught.value


MakeError = Callable[[pytest.MonkeyPatch], SetbackError]

CASES: dict[str, MakeError] = {
    "game_over": lambda _: _game_over(),
    "no_such_seat": lambda _: _refused(new_game(SETBACK, seed=1), "pass", seat=9),
    "not_your_turn": lambda _: _refused(new_game(SETBACK, seed=1, dealer=3), "pass", seat=2),
    "not_held": lambda _: _first(SETBACK, 0, "not_held", lambda s: [Play(_foreign(s))], True),
    "auction_on": lambda _: _refused(new_game(SETBACK, seed=1), "play KS"),
    "no_pitching": lambda _: _refused(new_game(SETBACK, seed=1), "pitch KS"),
    "no_shoot": lambda _: _refused(new_game(SETBACK, seed=1), "shoot"),
    "shoot_stands": lambda _: _refused(
        apply_action(new_game(SHOOTING, seed=1, dealer=3), "shoot"), "bid 4"
    ),
    "pitch_above_top": lambda _: (
        (state := _bid(PITCHING, "bid 4")) and _refused(state, _held_pitch(state))
    ),
    "pitch_bounded": lambda _: (state := _stuck(PITCHING)) and _refused(state, _held_pitch(state)),
    "no_smudge": lambda _: _refused(new_game(Rules.auction_pitch(), seed=1), "smudge"),
    "above_top_bid": lambda _: _refused(new_game(Rules.auction_pitch(), seed=1), "bid 5"),
    "above_top_bid_smudge": lambda _: _refused(new_game(SETBACK, seed=1), "bid 5"),
    "below_lowest_bid": lambda _: _refused(new_game(SETBACK, seed=1), "bid 1"),
    "answer_pitch": lambda _: _refused(
        _bid(PITCHING, str(_held_pitch(new_game(PITCHING, seed=1, dealer=3)))), "bid 2"
    ),
    "answer_pitch_smudge": lambda _: _refused(
        _bid(
            (rules := Rules.auction_pitch(pitch_instead_of_bid=True, smudge=True)),
            str(_held_pitch(new_game(rules, seed=1, dealer=3))),
        ),
        "bid 2",
    ),
    "dealer_stuck_exactly": lambda _: _refused(_stuck(SETBACK), "pass"),
    "dealer_stuck": lambda _: _refused(_stuck(STUCK_AT_LEAST), "pass"),
    "outbid_or_match": lambda _: _refused(_bid(SETBACK, "bid 3", "pass", "pass"), "bid 2"),
    "no_match": lambda _: _refused(
        _bid(Rules.setback(dealer_match=DealerMatch.NONE), "bid 3", "pass", "pass"), "bid 3"
    ),
    "no_match_top": lambda _: _refused(
        _bid(Rules.setback(dealer_match=DealerMatch.BELOW_MAX), "smudge", "pass", "pass"),
        "smudge",
    ),
    "outbid": lambda _: _refused(_bid(SETBACK, "bid 3"), "bid 3"),
    "name_trump": lambda _: _first(Rules.ten_point(), 0, "name_trump", lambda s: ["pass"], False),
    "discard_now": lambda _: _refused(_discarding(Rules.six_player()), "pass"),
    "face_up_point_trump": lambda _: _first(
        Rules.ten_point(),
        0,
        "face_up_point_trump",
        lambda s: [Discard([c]) for c in s.hands[s.to_act or 0] if c.suit is s.trump],
        False,
    ),
    "trump_in_draw": lambda _: _first(
        Rules.setback(draw=True),
        0,
        "trump_in_draw",
        lambda s: [Discard([c]) for c in s.hands[s.to_act or 0] if c.suit is s.trump],
        False,
    ),
    "face_up_count": lambda _: _first(
        Rules.ten_point(), 0, "face_up_count", lambda s: [Discard()], False
    ),
    "discard_count": lambda _: _refused(_discarding(Rules.six_player()), Discard()),
    "kitty_count": lambda _: _refused(_discarding(Rules.trickster(4, kitty=2)), Discard()),
    "stock_short": lambda _: _first(
        Rules.cutthroat(players=8, draw=True),
        0,
        "stock_short",
        lambda s: [Discard([c for c in s.hands[s.to_act or 0] if c.suit is not s.trump][:5])],
        False,
    ),
    "non_trumps_first": lambda _: _first(
        Rules.smear(), 0, "non_trumps_first", _smear_discard, False
    ),
    "keep_at_least": lambda _: _discard_of(Rules.trickster(9), 7),
    "keep_at_most": lambda _: _discard_of(Rules.trickster(9), 2),
    "keep_trumps": lambda _: _refused(y1_declared(), "discard 4H 3D 8C 6S 2S KD 9D 7D JC 10C 5C"),
    "rob_count": lambda _: _refused(y1_declared(), "discard 3D 8C"),
    "keep_no_discard": lambda _: _keep(y1_declared(), "JS 2D QH 7H 6H 4H 10S"),
    "keep_more": lambda _: _keep(y1_declared(), "JS"),
    "play_a_card": lambda _: _first(SETBACK, 0, "play_a_card", lambda s: ["pass"], False),
    "lead_trump": lambda _: _first(Rules.smear(), 0, "lead_trump", _plays, False),
    "follow_trump": lambda _: _first(SETBACK, 0, "follow_trump", _plays, True),
    "follow_or_trump": lambda _: _first(SETBACK, 0, "follow_or_trump", _plays, False),
    "follow_suit": lambda _: _first(  # a trump refused: the seat could follow
        Rules.setback(play_trump=PlayTrump.WHEN_VOID),
        0,
        "follow_suit",
        lambda s: [Play(c) for c in s.hands[s.to_act or 0] if c.suit is s.trump],
        False,
    ),
    "trumps_only": lambda _: _first(Rules.ten_point(), 0, "trumps_only", _plays, False),
    "no_trump_first_trick": lambda _: _first(
        Rules.setback(no_trump_first_trick=True), 0, "no_trump_first_trick", _plays, True
    ),
    "call_partner": lambda _: _refused(p1_declared(), "play AS"),
    "call_not_trump": lambda _: _refused(p1_declared(), "call AH"),
    "call_held": lambda _: _refused(p1_declared(), "call KS"),
    "call_not_in_pack": lambda _: _refused(p1_declared(), "call 4S"),
    "play_called": lambda _: _refused(
        apply_action(apply_action(p1_called(), "play 10S"), "play 2S"), "play 8S", seat=3
    ),
    "too_many_actions": lambda patch: _too_many(patch, "MAX_ACTIONS"),
    "too_many_hands": lambda patch: _too_many(patch, "MAX_HANDS"),
    "batch_not_open": lambda _: _batch_refused(),
    "not_an_action_id": lambda _: _rl(new_game(SETBACK, seed=1), "x"),
    "no_such_action_id": lambda _: _rl(new_game(SETBACK, seed=1), 999),
    "no_discard_now": lambda _: _rl(new_game(SETBACK, seed=1), _table().DONE_ID),
    "discard_incomplete": lambda _: _rl(_discarding(Rules.six_player()), _table().DONE_ID),
    "discard_by_card": lambda _: _rl(_discarding(Rules.six_player()), 0),
    "discard_no_fit": lambda _: (
        (state := _discarding(Rules.six_player()))
        and _rl(state, _table().DISCARD_BASE + _foreign(state).index)
    ),
    "not_a_suit": lambda _: _notation(lambda: Suit.parse("spade")),
    "not_a_suit_value": lambda _: _notation(lambda: Card(7, Rank.KING)),  # type: ignore[arg-type]
    "not_a_rank": lambda _: _notation(lambda: Card(Suit.SPADES, 18)),  # type: ignore[arg-type]
    "no_such_card": lambda _: _notation(lambda: Card(None, Rank.KING)),
    "card_too_long": lambda _: _notation(lambda: Card.parse("K" * 50)),
    "not_a_card": lambda _: _notation(lambda: Card.parse("1S")),
    "no_such_bid": lambda _: _notation(lambda: Bid(37)),
    "discard_too_long": lambda _: _notation(lambda: Discard(["KS"] * 55)),
    "discarded_twice": lambda _: _notation(lambda: Discard(["KS", "2C", "K♠"])),
    "action_too_long": lambda _: _notation(lambda: parse_action("pass " * 201)),
    "empty_action": lambda _: _notation(lambda: parse_action("  ")),
    "leading_zeros": lambda _: _notation(lambda: parse_action("bid 03")),
    "not_an_action": lambda _: _notation(lambda: parse_action("fold")),
    "unknown_action_type": lambda _: _notation(lambda: parse_action({"type": "Fold"})),
    "object_fields": lambda _: _notation(lambda: parse_action({"type": "Bid"})),
    "object_type_only": lambda _: _notation(lambda: parse_action({"type": "Pass", "x": 1})),
    "object_extra_field": lambda _: _notation(
        lambda: parse_action({"type": "Bid", "level": 3, "lvl": 3})
    ),
    "level_not_int": lambda _: _notation(lambda: parse_action({"type": "Bid", "level": "2"})),
    "cards_not_list": lambda _: _notation(lambda: parse_action({"type": "Discard", "cards": "KS"})),
    "card_not_text": lambda _: _notation(lambda: parse_action({"type": "Play", "card": 3})),
    "suit_not_text": lambda _: _notation(lambda: parse_action({"type": "DeclareTrump", "suit": 3})),
    "message": lambda _: InvalidNotationError("send an action"),
}
"""A state and an action (or a text) that produce each code."""

EXPECTED: dict[str, tuple[dict[str, Any], str]] = {
    "game_over": ({"side": 1}, "pass by nobody is illegal: the game is over (side 1 won)"),
    "no_such_seat": (
        {"value": 9, "last_seat": 3},
        "pass by seat 9 is illegal: there is no seat 9 (seats are 0 to 3)",
    ),
    "not_your_turn": ({"seat": 0}, "pass by seat 2 is illegal: it is seat 0's turn"),
    "not_held": (
        {"seat": 3, "cards": ["2C"]},
        "play 2C by seat 3 is illegal: seat 3 does not hold 2♣",
    ),
    "auction_on": (
        {"calls": ["pass", "bid 2", "bid 3", "bid 4", "smudge"]},
        "play KS by seat 1 is illegal: the auction is still on: call one of pass, bid 2, bid 3, bid 4, smudge",
    ),
    "no_pitching": (
        {},
        "pitch KS by seat 1 is illegal: pitching instead of bidding is not part of these rules",
    ),
    "no_shoot": ({}, "shoot by seat 1 is illegal: these rules have no shoot the moon"),
    "shoot_stands": (
        {"bidder": 0},
        "bid 4 by seat 1 is illegal: seat 0 shot the moon: nobody may overcall or match it, only pass",
    ),
    "pitch_above_top": (
        {"level": 4, "highest": 4, "bidder": 0},
        "pitch 4C by seat 1 is illegal: a pitch is a bid of 4, open only while the highest bid is below 4 (highest so far 4, by seat 0)",
    ),
    "pitch_bounded": (
        {"level": 4, "bound": {"code": "dealer_stuck_exactly", "params": {"level": 2}}},
        "pitch 3C by seat 3 is illegal: a pitch is a bid of 4, and 4 cannot be bid now: everyone else passed: the dealer must bid exactly 2",
    ),
    "no_smudge": (
        {"level": 4},
        "smudge by seat 1 is illegal: these rules have no Smudge (the highest bid is 4)",
    ),
    "above_top_bid": (
        {"level": 4},
        "bid 5 by seat 1 is illegal: the highest bid is 4, every point of the hand",
    ),
    "above_top_bid_smudge": (
        {"level": 4},
        "bid 5 by seat 1 is illegal: the highest bid is 4, every point of the hand (above it, only Smudge)",
    ),
    "below_lowest_bid": ({"level": 2}, "bid 1 by seat 1 is illegal: the lowest bid is 2"),
    "answer_pitch": (
        {},
        "bid 2 by seat 3 is illegal: a card was pitched: the dealer may only pass or pitch a card of his own",
    ),
    "answer_pitch_smudge": (
        {},
        "bid 2 by seat 3 is illegal: a card was pitched: the dealer may only pass, pitch a card of his own or call Smudge",
    ),
    "dealer_stuck_exactly": (
        {"level": 2},
        "pass by seat 3 is illegal: everyone else passed: the dealer must bid exactly 2",
    ),
    "dealer_stuck": (
        {"level": 2},
        "pass by seat 3 is illegal: everyone else passed: the dealer must bid at least 2",
    ),
    "outbid_or_match": (
        {"highest": 3, "bidder": 0},
        "bid 2 by seat 3 is illegal: a bid must be higher than the highest so far (3, by seat 0), or the dealer may match it",
    ),
    "no_match": (
        {"highest": 3, "bidder": 0},
        "bid 3 by seat 3 is illegal: the dealer may not match the highest bid (3, by seat 0) in these rules: bid higher",
    ),
    "no_match_top": (
        {"highest": 5, "bidder": 0},
        "smudge by seat 3 is illegal: the dealer may not match the top call (5, by seat 0): bid higher",
    ),
    "outbid": (
        {"highest": 3, "bidder": 0},
        "bid 3 by seat 1 is illegal: a bid must be higher than the highest so far (3, by seat 0)",
    ),
    "name_trump": (
        {},
        "pass by seat 3 is illegal: the pitcher must first name trump (e.g. 'trump S')",
    ),
    "discard_now": (
        {},
        "pass by seat 4 is illegal: everyone discards before play: e.g. 'discard 2C 7D' (or 'discard' for none)",
    ),
    "face_up_point_trump": (
        {},
        "discard 3H by seat 3 is illegal: only trumps that are no point card may be discarded face up",
    ),
    "trump_in_draw": (
        {},
        "discard 4S by seat 0 is illegal: trumps may not be discarded in the draw",
    ),
    "face_up_count": (
        {"count": 1},
        "discard by seat 3 is illegal: discard exactly 1 trumps face up (down to six, or to point cards)",
    ),
    "discard_count": (
        {"count": 2},
        "discard by seat 4 is illegal: every player discards exactly 2 cards",
    ),
    "kitty_count": (
        {"count": 2},
        "discard by seat 1 is illegal: after taking the kitty the pitcher discards exactly 2 cards",
    ),
    "stock_short": (
        {"count": 4},
        "discard 3C 8C JC 8D 4S by seat 4 is illegal: the stock can refill only 4 cards",
    ),
    "keep_at_least": (
        {"count": 3},
        "discard 5C JC KC AC 3D JD KD by seat 0 is illegal: keep at least 3 cards: the discard "
        "and draw keeps 3 to 6",
    ),
    "keep_at_most": (
        {"count": 3},
        "discard 5C JC by seat 0 is illegal: keep at most six cards: discard at least 3",
    ),
    "non_trumps_first": (
        {},
        "discard 3C 8C JC 4S by seat 0 is illegal: a discard may hold a trump only when it holds every non-trump of the hand",
    ),
    "keep_trumps": (
        {},
        "discard 5C 8C 10C JC 3D 7D 9D KD 4H 2S 6S by seat 3 is illegal: trumps are kept first: discard only non-trumps (below seven trumps)",
    ),
    "rob_count": (
        {"count": 11},
        "discard 8C 3D by seat 3 is illegal: discard exactly 11 cards: six are kept, with what the stock gives back",
    ),
    "keep_no_discard": (
        {"cards": ["JS", "2D", "QH", "7H", "6H", "4H", "10S"]},
        "'keep JS 2D QH 7H 6H 4H 10S' by seat 3 is illegal: no legal discard keeps J♠ 2♦ Q♥ 7♥ 6♥ 4♥ 10♠",
    ),
    "keep_more": (
        {"cards": ["JS"], "count": 1},
        "'keep JS' by seat 3 is illegal: several discards keep J♠: name more of the cards to keep (1 more)",
    ),
    "play_a_card": ({}, "pass by seat 3 is illegal: the auction is over: play a card"),
    "lead_trump": (
        {"trump": "S"},
        "play AC by seat 1 is illegal: the pitcher's first lead must be a trump (♠) while he holds one",
    ),
    "follow_trump": (
        {"trump": "H", "playable": ["2H", "7H"]},
        "play 3C by seat 0 is illegal: trump (♥) was led: a player holding a trump must play one; play one of 2♥ 7♥",
    ),
    "follow_or_trump": (
        {"trump": "H", "card": "QC", "led": "D"},
        "play QC by seat 2 is illegal: must follow ♦ or trump (♥): Q♣ is neither",
    ),
    "follow_suit": (
        {"card": "2D", "led": "S"},
        "play 2D by seat 0 is illegal: must follow suit (♠): 2♦ is not ♠, and a trump may be played only holding no ♠",
    ),
    "trumps_only": (
        {"trump": "S"},
        "play 4H by seat 0 is illegal: only trumps (♠) may be led or played",
    ),
    "no_trump_first_trick": (
        {"trump": "S", "led": "D", "playable": ["3C", "2H", "7H"]},
        "play 4S by seat 0 is illegal: no trump may be played to the first trick unless you must: to a ♦ lead, follow suit, else play a non-trump, and a trump (♠) only holding nothing else; play one of 3♣ 2♥ 7♥",
    ),
    "call_partner": (
        {},
        "play AS by seat 1 is illegal: the pitcher must call his partner: a trump he does not hold (e.g. 'call QS')",
    ),
    "call_not_trump": (
        {"card": "AH", "trump": "S"},
        "call AH by seat 1 is illegal: A♥ is no trump (♠): the pitcher calls a trump he does not hold",
    ),
    "call_held": (
        {"card": "KS"},
        "call KS by seat 1 is illegal: the pitcher holds K♠: he calls a trump he does not hold",
    ),
    "call_not_in_pack": (
        {"card": "4S"},
        "call 4S by seat 1 is illegal: 4♠ is not in this pack: the pitcher calls a trump he does not hold",
    ),
    "play_called": (
        {"playable": ["AS"]},
        "play 8S by seat 3 is illegal: the holder of the called card must play it to the first trick; play one of A♠",
    ),
    "too_many_actions": (
        {"count": 302, "most": 300},
        "pass by seat 0 is illegal: the game would hold 302 actions, more than a game may (300): start a new game (scores=... carries the score sheet over)",
    ),
    "too_many_hands": (
        {"count": 31, "most": 30},
        "pass by seat 0 is illegal: the game would hold 31 hands, more than a game may (30): start a new game (scores=... carries the score sheet over)",
    ),
    "batch_not_open": (
        {"hand": 1},
        "bid 1 by seat 1 is illegal: in hand 1 of the batch this choice is not open",
    ),
    "not_an_action_id": ({}, "'x' by seat 1 is illegal: not an action id"),
    "no_such_action_id": (
        {"most": 263, "legal": ["0 (pass)", "2 (bid 2)", "3 (bid 3)", "4 (bid 4)", "21 (smudge)"]},
        "'action id 999' by seat 1 is illegal: ids are 0 to 263; legal now: 0 (pass), 2 (bid 2), 3 (bid 3), 4 (bid 4), 21 (smudge)",
    ),
    "no_discard_now": (
        {"legal": ["0 (pass)", "2 (bid 2)", "3 (bid 3)", "4 (bid 4)", "21 (smudge)"]},
        "'action id 191 (discard done)' by seat 1 is illegal: no discard is in progress; legal now: 0 (pass), 2 (bid 2), 3 (bid 3), 4 (bid 4), 21 (smudge)",
    ),
    "discard_incomplete": (
        {
            "legal": [
                "139 (discard 5C)",
                "143 (discard 9C)",
                "145 (discard JC)",
                "148 (discard AC)",
                "156 (discard 9D)",
                "161 (discard AD)",
                "184 (discard JS)",
                "185 (discard QS)",
            ]
        },
        "'action id 191 (discard done)' by seat 4 is illegal: the cards chosen so far are not a legal discard; legal now: 139 (discard 5C), 143 (discard 9C), 145 (discard JC), 148 (discard AC), 156 (discard 9D), 161 (discard AD), 184 (discard JS), 185 (discard QS)",
    ),
    "discard_by_card": (
        {
            "legal": [
                "139 (discard 5C)",
                "143 (discard 9C)",
                "145 (discard JC)",
                "148 (discard AC)",
                "156 (discard 9D)",
                "161 (discard AD)",
                "184 (discard JS)",
                "185 (discard QS)",
            ]
        },
        "'action id 0 (pass)' by seat 4 is illegal: everyone discards now (one 'discard CARD' id per card); legal now: 139 (discard 5C), 143 (discard 9C), 145 (discard JC), 148 (discard AC), 156 (discard 9D), 161 (discard AD), 184 (discard JS), 185 (discard QS)",
    ),
    "discard_no_fit": (
        {
            "legal": [
                "139 (discard 5C)",
                "143 (discard 9C)",
                "145 (discard JC)",
                "148 (discard AC)",
                "156 (discard 9D)",
                "161 (discard AD)",
                "184 (discard JS)",
                "185 (discard QS)",
            ]
        },
        "'action id 136 (discard 2C)' by seat 4 is illegal: no legal discard holds that card with the cards chosen so far; legal now: 139 (discard 5C), 143 (discard 9C), 145 (discard JC), 148 (discard AC), 156 (discard 9D), 161 (discard AD), 184 (discard JS), 185 (discard QS)",
    ),
    "not_a_suit": (
        {"value": "spade"},
        "not a suit: 'spade' (use C, D, H, S or ♣ ♦ ♥ ♠)",
    ),
    "not_a_suit_value": (
        {"value": 7},
        "not a suit: 7",
    ),
    "not_a_rank": (
        {"value": 18},
        "not a rank: 18 (ranks are 2 to 17)",
    ),
    "no_such_card": (
        {"rank": 13, "card_suit": None},
        "no such card: king of no suit (a joker has no suit, every other card has one)",
    ),
    "card_too_long": (
        {"value": "KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK..."},
        "not a card: 'KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK...' (too long for a card)",
    ),
    "not_a_card": (
        {"value": "1S"},
        "not a card: '1S' (write the rank, then the suit: KS, K♠, 10h, Th; jokers: JK, BJ, LJ, joker, big joker, little joker, ★)",
    ),
    "no_such_bid": (
        {"value": 37, "most": 36},
        "no such call: bid 37 (bids are 1 to 36)",
    ),
    "discard_too_long": ({"count": 55}, "a discard of 55 cards: a discard holds at most 54"),
    "discarded_twice": ({"written": ["2C", "KS", "KS"]}, "a card is discarded twice: 2C KS KS"),
    "action_too_long": (
        {"value": "pass pass pass pass pass pass pass pass ...", "count": 1005},
        "not an action: 'pass pass pass pass pass pass pass pass ...' (1005 characters: too long for one)",
    ),
    "empty_action": (
        {"value": "  "},
        "not an action: '  ' is empty (pass, bid N, smudge, play CARD, pitch CARD, trump SUIT, discard CARDS)",
    ),
    "leading_zeros": (
        {"value": "bid 03"},
        "not an action: 'bid 03' (write the level without leading zeros)",
    ),
    "not_an_action": (
        {"value": "fold"},
        "not an action: 'fold' (actions are pass, bid N, smudge, play CARD, pitch CARD, trump SUIT, discard CARDS)",
    ),
    "unknown_action_type": (
        {"value": '{"type": "Fold"}', "given": "Fold"},
        'not an action: \'{"type": "Fold"}\' (its "type" must be one of Pass, Bid, Smudge, Shoot, Play, Pitch, DeclareTrump, CallPartner, Discard, not \'Fold\')',
    ),
    "object_fields": (
        {"value": '{"type": "Bid"}', "kind": "Bid", "field": "level"},
        'not an action: \'{"type": "Bid"}\' (a Bid\'s object has the fields "type" and "level")',
    ),
    "object_type_only": (
        {"value": '{"type": "Pass", "x": 1}', "kind": "Pass", "extra": "x"},
        'not an action: \'{"type": "Pass", "x": 1}\' (a Pass\'s object has only the field "type", not "x")',
    ),
    "object_extra_field": (
        {
            "value": '{"type": "Bid", "level": 3, "lvl": 3}',
            "kind": "Bid",
            "field": "level",
            "extra": "lvl",
        },
        'not an action: \'{"type": "Bid", "level": 3, "lvl": 3}\' (a Bid\'s object has the fields "type" and "level", not "lvl")',
    ),
    "level_not_int": (
        {"value": "2"},
        "not an action: a Bid's level must be a whole number, not '2'",
    ),
    "cards_not_list": (
        {"value": "KS"},
        "not an action: a Discard's cards must be a list of at most 54 card texts, not 'KS'",
    ),
    "card_not_text": (
        {"kind": "Play", "value": 3},
        'not an action: a Play\'s card must be text such as "KS", not 3',
    ),
    "suit_not_text": (
        {"kind": "DeclareTrump", "value": 3},
        'not an action: a DeclareTrump\'s suit must be text such as "S", not 3',
    ),
    "message": ({"message": "send an action"}, "send an action"),
}
"""Each code's params and the exact message (`str(error)`) of its case."""


def _error(code: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    error = CASES[code](monkeypatch)
    assert isinstance(error, IllegalActionError | InvalidNotationError)
    return error


@pytest.mark.parametrize("code", CASES)
def test_every_code_is_reached_with_its_params_and_sentence(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each code comes from a real state and action (or text), with exactly these params
    and this message; the sentence is built from the code and params alone."""
    error = _error(code, monkeypatch)
    params, message = EXPECTED[code]
    assert (error.code, error.params, str(error)) == (code, params, message)
    assert error.refusal == Refusal(code, params)
    sentence = render(code, params)
    assert error.refusal.message == sentence
    if isinstance(error, IllegalActionError):
        assert error.reason == sentence and message.endswith(f" is illegal: {sentence}")
    else:
        assert message == sentence


def test_the_cases_reach_every_code() -> None:
    assert set(CASES) | set(UNREACHED) == set(MESSAGES) == set(EXPECTED) | set(UNREACHED)
    assert not set(CASES) & set(UNREACHED)


def test_an_unreached_code_still_has_its_sentence() -> None:
    assert render("dealer_may_pass", {"level": 2}) == "the dealer may pass or bid from 2"


@pytest.mark.parametrize("code", CASES)
def test_a_codes_params_are_its_templates_placeholders(code: str) -> None:
    """The params a refusal carries are exactly its template's placeholders, plus optional
    params of `SUFFIXES`; every one is documented in `PARAMS` and is JSON."""
    params = EXPECTED[code][0]
    assert set(params) - set(SUFFIXES) == placeholders(MESSAGES[code])
    assert set(params) <= set(PARAMS)
    assert json.loads(json.dumps(params)) == params
    for name, value in params.items():
        if name in ("card", "cards", "playable", "written"):
            for text in [value] if name == "card" else value:
                assert str(Card.parse(text)) == text
        if name in ("led", "trump"):
            assert Suit.parse(value).letter == value


def test_every_placeholder_is_documented_and_every_param_used() -> None:
    used = set().union(*map(placeholders, [*MESSAGES.values(), *SUFFIXES.values()]))
    assert used == set(PARAMS)
    assert all(placeholders(template) == {name} for name, template in SUFFIXES.items())


def test_a_nested_refusal_reads_as_its_own_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    bound = _error("pitch_bounded", monkeypatch).params["bound"]
    assert bound == {"code": "dealer_stuck_exactly", "params": {"level": 2}}
    assert render(**bound) == "everyone else passed: the dealer must bid exactly 2"
    assert render(
        "pitch_bounded", {"level": 3, "bound": {"code": "answer_pitch", "params": {}}}
    ) == (
        "a pitch is a bid of 3, and 3 cannot be bid now: a card was pitched: the dealer "
        "may only pass or pitch a card of his own"
    )


@pytest.mark.parametrize("code", ["not_your_turn", "follow_trump", "not_a_card", "message"])
def test_code_and_params_survive_pickling(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    error = _error(code, monkeypatch)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error) and str(copy) == str(error)
    assert (copy.code, copy.params, copy.refusal) == (error.code, error.params, error.refusal)
    if isinstance(error, IllegalActionError):
        assert (copy.action, copy.seat, copy.reason) == (error.action, error.seat, error.reason)


def test_an_error_given_its_own_words_has_the_code_message() -> None:
    error = IllegalActionError("fold", 2, "folding is not Setback")
    assert (error.code, error.params, error.reason) == (
        "message",
        {"message": "folding is not Setback"},
        "folding is not Setback",
    )
    assert str(error) == "'fold' by seat 2 is illegal: folding is not Setback"
    assert str(InvalidNotationError("no")) == "no" and InvalidNotationError("no").code == "message"


def test_the_library_raises_no_refusal_without_a_code() -> None:
    """Every `IllegalActionError` and `InvalidNotationError` the library raises is given a
    `Refusal`, never a sentence: no call passes text where the refusal goes."""
    source = Path(setback.__file__).parent
    pattern = re.compile(
        r"InvalidNotationError\(\s*f?[\"']|IllegalActionError\((?:[^()]|\([^()]*\))*?,\s*f?[\"']"
    )
    found = [
        f"{path.relative_to(source)}: {match.group(0)}"
        for path in sorted(source.rglob("*.py"))
        for match in pattern.finditer(path.read_text())
    ]
    assert found == []


def _docs_block() -> str:
    """The docs' table of every code: its params and its English sentence."""
    rows = [
        "| Code | Params | English sentence |",
        "| --- | --- | --- |",
    ]
    for code, template in MESSAGES.items():
        names = list(dict.fromkeys(f for _, f, _, _ in Formatter().parse(template) if f))
        shown = ", ".join(f"`{name}`" for name in names) or "none"
        rows.append(f"| `{code}` | {shown} | {template} |")
    params = ["| Param | Meaning |", "| --- | --- |"]
    params += [f"| `{name}` | {meaning} |" for name, meaning in PARAMS.items()]
    suffixes = [f"- `{name}`: `{template}`" for name, template in SUFFIXES.items()]
    return "\n".join([BEGIN, "", *rows, "", *params, "", *suffixes, "", END])


def test_the_docs_table_is_the_table() -> None:
    """docs/api/errors.md holds `_docs_block()` (write it: `python -m tests.rules.test_refusals
    --write`)."""
    text = DOCS.read_text()
    assert BEGIN in text and END in text
    start, end = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:end] == _docs_block()


if __name__ == "__main__":  # write the docs table, or print the cases' outcomes
    if sys.argv[1:] == ["--write"]:
        text = DOCS.read_text()
        start, end = text.index(BEGIN), text.index(END) + len(END)
        DOCS.write_text(text[:start] + _docs_block() + text[end:])
        sys.exit()
    for code, make in CASES.items():
        with pytest.MonkeyPatch.context() as patch:
            error = make(patch)
        print(f"    {code!r}: ({error.params!r}, {str(error)!r}),")  # type: ignore[attr-defined]


WORD_PARAMS = {"rank", "card_suit", "legal", "calls"}
"""The params shown as words (a rank's and a suit's name, the legal actions): in another
language, their words are that language's, while `params` stay language-free."""

VERBS = {
    "de": {"pass": "passen", "bid": "bieten", "smudge": "Smudge", "discard": "abwerfen"},
    "sv": {"pass": "passa", "bid": "bud", "smudge": "smudge", "discard": "kasta"},
    "fr": {"pass": "passer", "bid": "annonce", "smudge": "smudge", "discard": "écarter"},
}
"""The action words of the legal ids the cases list, in each language."""

NO_SUCH_CARD = {
    "de": "diese Karte gibt es nicht: König, keine Farbe (",
    "sv": "det kortet finns inte: kung, ingen färg (",
    "fr": "cette carte n'existe pas : roi, sans couleur (",
}
ACTION_IDS = {  # the id a case refuses, as the sentence names it
    "no_such_action_id": {
        "de": "Aktion Nummer 999",
        "sv": "drag nummer 999",
        "fr": "action numéro 999",
    },
    "no_discard_now": {
        "de": "Aktion Nummer 191 (Abwurf fertig)",
        "sv": "drag nummer 191 (kastet klart)",
        "fr": "action numéro 191 (écart terminé)",
    },
    "discard_incomplete": {
        "de": "Aktion Nummer 191 (Abwurf fertig)",
        "sv": "drag nummer 191 (kastet klart)",
        "fr": "action numéro 191 (écart terminé)",
    },
    "discard_by_card": {
        "de": "Aktion Nummer 0 (passen)",
        "sv": "drag nummer 0 (passa)",
        "fr": "action numéro 0 (passer)",
    },
    "discard_no_fit": {
        "de": "Aktion Nummer 136 (abwerfen 2♣)",
        "sv": "drag nummer 136 (kasta 2♣)",
        "fr": "action numéro 136 (écarter 2♣)",
    },
}


def _legal_words(legal: list[str], lang: str) -> str:
    """The legal ids `legal` ("3 (bid 2)"), each action in `lang`'s words (cards as symbols)."""
    shown = []
    for item in legal:
        number, action = item[:-1].split(" (")
        verb, *rest = action.split()
        words = rest if verb == "bid" else [Card.parse(card).symbol for card in rest]
        shown.append(f"{number} ({' '.join([VERBS[lang][verb], *words])})")
    return ", ".join(shown)


def test_the_codes_with_word_params_are_these() -> None:
    assert {code for code, (params, _) in EXPECTED.items() if WORD_PARAMS & set(params)} == {
        "no_such_card",
        "auction_on",
        *ACTION_IDS,
    }
    assert WORD_PARAMS & set(PARAMS) == WORD_PARAMS


@pytest.mark.parametrize("lang", ["de", "sv", "fr"])
@pytest.mark.parametrize("code", ["no_such_card", *ACTION_IDS])
def test_a_refusals_words_are_in_its_language(
    code: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23: `no_such_card`'s rank read "king" in German, Swedish and French sentences
    (and its suit "None"); the legal ids of `setback.rl` read "bid 2"."""
    from setback.text import refusal_text

    error = _error(code, monkeypatch)
    params = EXPECTED[code][0]
    assert error.params == params  # the params stay language-free
    text = refusal_text(error, lang=lang)
    if code == "no_such_card":
        assert text.startswith(NO_SUCH_CARD[lang])
        return
    assert text.startswith(ACTION_IDS[code][lang] + " ")
    assert text.endswith(" " + _legal_words(params["legal"], lang))
    assert "discard" not in text and "bid " not in text and "(pass)" not in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "no such card: big joker of spades ("),
        ("de", "diese Karte gibt es nicht: großer Joker, Pik ("),
        ("sv", "det kortet finns inte: stor joker, spader ("),
        ("fr", "cette carte n'existe pas : grand joker, pique ("),
    ],
)
def test_a_joker_given_a_suit_is_named_in_words(lang: str, words: str) -> None:
    from setback.text import refusal_text

    with pytest.raises(InvalidNotationError) as caught:
        Card(Suit.SPADES, Rank.BIG_JOKER)
    assert caught.value.params == {"rank": 16, "card_suit": "S"}
    assert refusal_text(caught.value, lang=lang).startswith(words)


# --- issue 40, item 14: params a client can show -------------------------------------------


@pytest.mark.parametrize("code", CASES)
def test_params_are_plain_json_values_that_repeat_the_callers_own(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`{'value': "'bid'"}` was a Python repr inside a JSON string: every param is now a
    JSON value as it is (text without quotes added), and survives a JSON round trip."""
    params = _error(code, monkeypatch).params  # type: ignore[attr-defined]
    assert json.loads(json.dumps(params)) == params
    for name in ("value", "given"):
        if isinstance(params.get(name), str):
            assert not re.fullmatch(r"'.*'|\".*\"", params[name]), params


@pytest.mark.parametrize(
    ("value", "echoed"),
    [
        ("bid", "bid"),
        ("x" * 60, "x" * 40 + "..."),
        ({"type": "Bid", "level": None}, None),
        ({"type": "Bid", "level": 2.5}, 2.5),
        ({"type": "Bid", "level": True}, True),
        ({"type": "Bid", "level": [1, 2]}, "[1, 2]"),
        ({"type": "Discard", "cards": {"a": "KS"}}, '{"a": "KS"}'),
        ({"type": "Play", "card": 2**70}, "1180591620717411303424"),
    ],
)
def test_a_callers_value_is_repeated_as_json(value: object, echoed: object) -> None:
    error = _notation(lambda: parse_action(value))  # type: ignore[arg-type]
    assert error.params["value"] == echoed


def test_an_extra_field_is_named_as_the_extra_field() -> None:
    """`{"type": "Bid", "level": 3, "x": 1}` was refused as if `level` were wrong."""
    error = _notation(lambda: parse_action({"type": "Bid", "level": 3, "x": 1}))
    assert (error.code, error.params["field"], error.params["extra"]) == (
        "object_extra_field",
        "level",
        "x",
    )
    assert str(error).endswith('(a Bid\'s object has the fields "type" and "level", not "x")')
    assert _notation(lambda: parse_action({"type": "Bid"})).code == "object_fields"
    typo = _notation(lambda: parse_action({"type": "Play", "crad": "KS"}))
    assert (typo.code, typo.params["extra"]) == ("object_extra_field", "crad")
    alone = _notation(lambda: parse_action({"type": "Smudge", "level": 5}))
    assert (alone.code, alone.params["extra"]) == ("object_type_only", "level")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "the auction is still on: call one of bid 2"),
        ("de", "bieten 2"),
        ("sv", "bud 2"),
        ("fr", "annonce 2"),
    ],
)
def test_auction_on_names_the_calls_open_now(lang: str, words: str) -> None:
    """`auction_on` had empty params: it names the calls open to the seat (the stuck
    dealer's one bid here), in the sentence's language."""
    from setback.text import refusal_text

    error = _refused(_stuck(SETBACK), "play KS")
    assert error.params == {"calls": ["bid 2"]}
    assert refusal_text(error, lang=lang).endswith(words)
