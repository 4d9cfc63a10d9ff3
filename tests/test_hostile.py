"""Hostile input: bounded loads, strict kinds, every saved game loads, messages that cannot
leak, long games. Each test checks a cause (no timing); benchmarks/soak.py times them."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from unittest import mock

import attrs
import pytest

import setback.dealing
import setback.engine
from setback import (
    MAX_DOCUMENT,
    AllPass,
    Bid,
    Card,
    GameRecord,
    GameState,
    HandHistory,
    HandResult,
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    Pass,
    Phase,
    Play,
    PlayerView,
    Rules,
    RulesError,
    Trick,
    apply_action,
    dumps,
    format_hand,
    game_record,
    is_legal,
    legal_actions,
    loads,
    new_game,
    observe,
    parse_action,
    replay,
    sample_states,
)
from setback.dealing import shuffled_pack
from setback.engine import refusal
from setback.errors import shown

from .strategies import play_until
from .support import HEAVY, act, deal

HUGE = 10**5000
SHORT = 200
"""No message about a caller's value is longer than this."""
S1_HANDS = (
    "A: 10♣ 7♦ 9♦ Q♥ 4♠ K♠; B: 5♣ 8♣ 5♦ 9♥ K♥ A♠; C: 4♣ J♦ 2♥ 5♥ 6♠ 8♠; D: 3♣ 9♣ A♦ 10♥ 2♠ 3♠"
)


def _document(value: object) -> dict[str, Any]:
    return json.loads(dumps(value))  # type: ignore[no-any-return]


def _refused(text: str) -> str:
    with pytest.raises(InvalidStateError) as caught:
        loads(text)
    return str(caught.value)


def _first_hand_over(rules: Rules, seed: int = 3) -> GameState:
    state = new_game(rules, seed=seed)
    return play_until(state, lambda s: bool(s.history), lambda s: legal_actions(s)[0])


# --- 1. bounded loads -------------------------------------------------------------------------


def test_a_string_where_a_list_belongs_is_refused_before_any_card_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 13: a 300 kB string in place of the hands gave one error per character."""
    document = _document(new_game(Rules.setback(), seed=1))
    document["data"]["hands"] = "x" * 300_000
    parsed: list[object] = []
    original = Card.parse
    monkeypatch.setattr(Card, "parse", lambda text: parsed.append(text) or original(text))
    message = _refused(json.dumps(document))
    assert parsed == [], "no element was converted"
    assert message == "not a valid GameState: TypeError: expected a list, got str"


def test_a_trick_of_the_wrong_shape_gets_one_short_message() -> None:
    """Issue 13: a 20 kB Trick document gave a 2.5 MB message."""
    document = _document(Trick(0, ((0, Card.parse("KS")),), 0))
    document["data"]["plays"] = "y" * 20_000
    assert (
        _refused(json.dumps(document)) == "not a valid Trick: TypeError: expected a list, got str"
    )
    document["data"]["plays"] = [["y" * 20_000, "KS"]] * 900
    assert len(_refused(json.dumps(document))) <= SHORT


def test_a_long_list_is_refused_by_its_length() -> None:
    document = _document(Trick(0, ((0, Card.parse("KS")),), 0))
    document["data"]["plays"] = [[0, "KS"]] * 5_000
    assert "a list of 5000 items" in _refused(json.dumps(document))


def test_a_document_too_long_is_refused_before_it_is_parsed() -> None:
    message = _refused(" " * (MAX_DOCUMENT + 1))
    assert "too long for a setback document" in message and len(message) <= SHORT


@pytest.mark.parametrize(
    "junk", ["x" * 100_000, 10**4000, [[["x"] * 1000] * 10] * 10, {"k" * 10_000: 1}]
)
def test_every_field_of_junk_gives_a_short_message(junk: object) -> None:
    """Whatever lands in whichever field, the message repeats a few dozen characters."""
    for value in (
        new_game(Rules.setback(), seed=1),
        Rules.setback(),
        observe(new_game(Rules.setback(), seed=1), 0),
        Trick(0),
    ):
        document = _document(value)
        for field in document["data"]:
            changed = {**document, "data": {**document["data"], field: junk}}
            try:
                text = json.dumps(changed)
            except ValueError:  # an integer json cannot write: the parser refuses it too
                text = json.dumps(document).replace('"version":2', '"version":' + "9" * 5000)
            assert len(_refused(text)) <= 400, f"{type(value).__name__}.{field}"


def test_replaying_a_redealt_hand_copies_a_bounded_part_of_the_history() -> None:
    """Issue 13: 100,000 passes under all_pass="redeal" took quadratic time, each hand
    copying the history. Consecutive states share every full chunk of the history and
    copy at most one chunk of 64 hands."""
    rules = Rules.setback(all_pass="redeal")
    state = new_game(rules, seed=5)
    previous = state
    for _ in range(4 * 200):
        state = apply_action(state, Pass())
        history = state.history
        assert type(history) is HandHistory and len(history.tail) < 64
        shared = previous.history.chunks
        assert all(a is b for a, b in zip(shared, history.chunks, strict=False))
        assert len(history.chunks) - len(shared) <= 1
        previous = state
    assert len(state.history) == 200 and state.history[-1].pitcher is None
    assert loads(dumps(state)) == state


def test_a_record_parses_each_distinct_action_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import setback.serialization as serialization

    state = new_game(Rules.setback(all_pass="redeal"), seed=5)
    for _ in range(400):
        state = apply_action(state, Pass())
    texts: list[str] = []
    monkeypatch.setattr(
        serialization, "parse_action", lambda text: texts.append(text) or parse_action(text)
    )
    assert loads(dumps(state)) == state and texts == ["pass"]


# --- 2. whatever the library builds, it saves and loads ------------------------------------------


def test_a_game_stops_at_max_actions_and_everything_before_it_loads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 13: dumps wrote games of more than 200,000 actions that loads refused. The
    limit is enforced when the game is built (here lowered to 300 to keep the test short):
    the action that would end a hand past it is refused, and every state before it loads."""
    monkeypatch.setattr(setback.engine, "MAX_ACTIONS", 300)
    state = new_game(Rules.setback(target=10**9), seed=2)
    with pytest.raises(IllegalActionError, match="more than a game may") as caught:
        for _ in range(2_000):
            state = apply_action(state, legal_actions(state)[0])
    assert len(state.log) > 300 - 100 and caught.value.seat == state.to_act
    assert loads(dumps(state)) == state


def test_a_game_stops_at_max_hands_and_a_longer_document_is_refused_early(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 13: a document of nothing but passes under `all_pass="redeal"` made `loads`
    deal a new hand every few actions, without end. A game holds at most `MAX_HANDS`
    hands (here lowered to 30): the pass that would end one more is refused, every state
    before it loads, and a longer document is refused at that hand, not replayed to its
    end."""
    monkeypatch.setattr(setback.engine, "MAX_HANDS", 30)
    state = new_game(Rules.cutthroat(players=2, all_pass=AllPass.REDEAL), seed=3)
    for _ in range(60):
        state = apply_action(state, "pass")
    assert len(state.history) == 30 and state.hand_number == 30
    state = apply_action(state, "pass")
    with pytest.raises(IllegalActionError, match="would hold 31 hands, more than a game may"):
        apply_action(state, "pass")
    assert loads(dumps(state)) == state
    document = _document(state)
    document["data"]["actions"] += ["pass"] * 10_000
    del document["data"]["check"]
    shuffles = []
    monkeypatch.setattr(
        setback.dealing,
        "shuffled_pack",
        lambda *args: shuffles.append(args) or shuffled_pack(*args),
    )
    assert "more than a game may (30)" in _refused(json.dumps(document))
    assert len(shuffles) == 31  # hands 0 to 30 are dealt, none after the limit


def test_target_of_a_billion_plays_saves_and_loads() -> None:
    state = _first_hand_over(Rules.setback(target=10**9))
    assert loads(dumps(state), GameState) == state
    with pytest.raises(RulesError, match="target must be from 1 to 1_000_000_000_000"):
        Rules.setback(target=10**13)


def test_scores_are_bounded_when_the_game_is_built() -> None:
    """Issue 13: scores of 4,300 digits loaded, and after one hand repr and dumps raised."""
    with pytest.raises(InvalidStateError, match="a score must be from") as caught:
        new_game(Rules.setback(), scores=(10**4299, 0))
    assert len(str(caught.value)) <= SHORT
    document = _document(new_game(Rules.setback(), seed=1, scores=(10**12, -(10**12))))
    document["data"]["scores"] = [10**13, 0]
    del document["data"]["check"]
    assert "a score must be from" in _refused(json.dumps(document))
    state = _first_hand_over(Rules.setback(), seed=4)
    state = new_game(Rules.setback(), seed=4, scores=(10**12, -(10**12)))
    state = play_until(state, lambda s: bool(s.history), lambda s: legal_actions(s)[0])
    assert loads(dumps(state)) == state and repr(state) and observe(state, 0)


# --- 3. strict kinds ------------------------------------------------------------------------------


class _EqualToEverything:
    card = Card.parse("AS")

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


@pytest.mark.parametrize("action", [mock.ANY, _EqualToEverything(), 3, None, b"pass"])
def test_only_action_values_and_text_are_actions(action: object) -> None:
    """Issue 13: mock.ANY was taken as a pass, and an object with `.card` played a card."""
    state = deal(Rules.setback(), S1_HANDS)
    name = type(action).__name__
    for call in (
        lambda: apply_action(state, action, seat=0),  # type: ignore[arg-type]
        lambda: apply_action(state, action),  # type: ignore[arg-type]
        lambda: is_legal(state, action),  # type: ignore[arg-type]
        lambda: refusal(state, action),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match=rf"takes an action \(Pass, .*, not {name}$"):
            call()


@pytest.mark.parametrize("seat", [True, 1.0, "1", None])
def test_a_seat_must_be_an_int(seat: object) -> None:
    """Issue 13: seat=True and seat=1.0 were taken as seat 1, and seat="1" was refused with
    'pass by seat 1 is illegal: it is seat 1's turn'."""
    state = new_game(Rules.setback(), seed=1, dealer=0)
    if seat is None:
        assert apply_action(state, "pass", seat=seat).to_act == 2
        return
    with pytest.raises(TypeError, match=f"seat .*int.*, not {type(seat).__name__}$"):
        apply_action(state, "pass", seat=seat)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=f"not {type(seat).__name__}$"):
        observe(state, seat)  # type: ignore[arg-type]


def test_huge_numbers_get_the_library_s_own_short_error() -> None:
    """Issue 13: each of these raised ValueError while building its own message."""
    state = new_game(Rules.setback(), seed=1)
    cases = [
        (lambda: apply_action(state, "pass", seat=HUGE), IllegalActionError),
        (lambda: observe(state, HUGE), RulesError),
        (lambda: Rules.cutthroat(players=HUGE), RulesError),
        (lambda: Rules.cutthroat(players=10**9), RulesError),  # was a MemoryError
        (lambda: new_game(Rules.setback(), seed=HUGE), InvalidStateError),
        (lambda: new_game(Rules.setback(), dealer=HUGE), InvalidStateError),
        (lambda: Bid(HUGE), InvalidNotationError),
        (lambda: Rules.setback(min_bid=HUGE), RulesError),
        (lambda: Rules.setback(target=HUGE), RulesError),
    ]
    for build, error in cases:
        with pytest.raises(error) as caught:
            build()
        assert len(str(caught.value)) <= SHORT
        assert "digits" in str(caught.value) or "1000000000" in str(caught.value)


def test_a_counts_and_levels_of_the_wrong_kind_are_type_errors() -> None:
    for build in (
        lambda: Rules.cutthroat(players=3.0),
        lambda: Rules.cutthroat(players="3"),
        lambda: Rules.ten_point(players=True),
        lambda: Rules.preset("smear", players="4"),
        lambda: Bid(2.0),
        lambda: new_game(Rules.setback(), seed=1.5),
        lambda: new_game(Rules.setback(), scores=(1.0, 0)),
        lambda: parse_action(5),
        lambda: Card.parse(12),
    ):
        with pytest.raises(TypeError, match=r"not (float|str|bool|int)$"):
            build()  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("text", ["bid 005", "bid 05", "bid 0"])
def test_bid_levels_in_text_are_plain_numbers(text: str) -> None:
    """Issue 13: "bid 005" parsed as Smudge (then as a bid of 5). Leading zeros are
    refused, so every action has one text."""
    with pytest.raises(InvalidNotationError):
        parse_action(text)
    assert parse_action("bid 5") == Bid(5) and str(Bid(10)) == "bid 10"


def test_an_action_text_is_echoed_short() -> None:
    """Issue 13: a 10 MB action gave a 10 MB message."""
    with pytest.raises(InvalidNotationError) as caught:
        parse_action("x" * 10_000_000)
    assert len(str(caught.value)) <= SHORT
    with pytest.raises(InvalidNotationError) as caught:
        Card.parse("K" * 1_000_000)
    assert len(str(caught.value)) <= SHORT


def test_a_view_is_not_a_state() -> None:
    view = observe(new_game(Rules.setback(), seed=1), 1)
    for call in (
        lambda: apply_action(view, "pass"),  # type: ignore[arg-type]
        lambda: legal_actions(view),  # type: ignore[arg-type]
        lambda: is_legal(view, "pass"),  # type: ignore[arg-type]
        lambda: observe(view, 1),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="takes a GameState, not a PlayerView"):
            call()


def test_loads_of_a_kind_returns_that_kind_or_refuses() -> None:
    """Issue 12 item 4: loads(text, GameState) returns a GameState or raises."""
    state = new_game(Rules.setback(), seed=1)
    assert type(loads(dumps(state), GameState)) is GameState
    assert loads(dumps(Bid(3)), Bid) == Bid(3)
    with pytest.raises(InvalidStateError, match="holds a Rules, not a GameState"):
        loads(dumps(Rules.setback()), GameState)
    with pytest.raises(InvalidStateError, match="holds a Pass, not a Bid"):
        loads(dumps(Pass()), Bid)
    with pytest.raises(TypeError, match="loads cannot read a int"):
        loads(dumps(state), int)
    with pytest.raises(TypeError, match="loads takes text"):
        loads(12)  # type: ignore[call-overload]


def test_shown_never_raises_and_stays_short() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    for value in (HUGE, -HUGE, "x" * 10**6, list(range(10**5)), Broken(), {"a": "b" * 999}):
        assert len(shown(value)) <= 50


# --- 4. every loadable kind is consistent ------------------------------------------------------


def _result_document() -> tuple[dict[str, Any], GameState]:
    state = _first_hand_over(Rules.setback())
    return _document(state.history[0]), state


def test_a_hand_result_awarding_a_point_to_no_side_is_refused() -> None:
    """Issue 13: a HandResult awarding a point to side 7 loaded, then points_won and
    format_hand raised IndexError."""
    document, state = _result_document()
    document["data"]["awards"][0][1] = 7
    assert "awarded to side 7 of 2" in _refused(json.dumps(document))
    document["data"]["awards"][0] = ["nonsense", 0]
    assert "no such point" in _refused(json.dumps(document))
    document, _ = _result_document()
    document["data"]["pitcher"] = 9
    assert "the pitcher 9 is no seat" in _refused(json.dumps(document))
    loaded = loads(dumps(state.history[0]), HandResult)
    assert format_hand(loaded, state.rules) == format_hand(state.history[0], state.rules)


def test_format_hand_refuses_a_hand_of_other_rules() -> None:
    _, state = _result_document()
    with pytest.raises(InvalidStateError, match="not played under these rules"):
        format_hand(state.history[0], Rules.cutthroat(players=3))
    bad = attrs.evolve(state.history[0], awards=(("high", 5),))
    with pytest.raises(InvalidStateError, match="no side 5"):
        format_hand(bad, state.rules)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seat", 4, "the view's seat 4 is no seat of 4"),
        ("seat", -1, "the view's seat -1 is no seat"),
        ("to_act", 7, "the seat to act 7 is no seat"),
        ("hand_sizes", [6, 6, 6], "3 hand sizes"),
        ("scores", [0, 0, 0], "3 scores for 2 sides"),
        ("winner", 0, "do not agree"),
        ("hand", ["AS", "AS"], "hand sizes that do not fit"),
        ("stock_size", 99, "a stock of 99"),
    ],
)
def test_an_impossible_view_is_refused(field: str, value: object, message: str) -> None:
    """Issue 13: a view with an impossible seat loaded."""
    document = _document(observe(new_game(Rules.setback(), seed=1), 0))
    document["data"][field] = value
    assert message in _refused(json.dumps(document))


def test_a_trick_with_a_seat_twice_is_refused() -> None:
    document = _document(Trick(0, ((0, Card.parse("KS")),)))
    document["data"]["plays"] = [[0, "KS"], [0, "QS"]]
    assert "a seat plays twice" in _refused(json.dumps(document))
    document["data"]["plays"] = [[0, "KS"], [1, "KS"]]
    assert "a card appears twice" in _refused(json.dumps(document))


def test_a_game_record_that_does_not_replay_is_refused_at_load() -> None:
    document = _document(game_record(new_game(Rules.setback(), seed=1)))
    document["data"]["actions"] = ["play KS"]
    assert "cannot be replayed" in _refused(json.dumps(document))
    with pytest.raises(TypeError, match="replay takes a GameRecord, not str"):
        replay("record")  # type: ignore[arg-type]
    record = GameRecord(rules=Rules.setback(), seed=1, actions=(Pass(),))
    assert loads(dumps(record), GameRecord) == record


def test_every_kind_loaded_is_usable_everywhere() -> None:
    """What loads can be used by every public function (the soak's check, once per kind)."""
    soak = _soak()
    state = _first_hand_over(Rules.smear(), seed=9)
    values = [
        state,
        game_record(state),
        state.rules,
        observe(state, 2),
        state.history[0],
        state.history[0].tricks[0],
        Card.parse("JK"),
        Bid(7),
    ]
    for value in values:
        soak.use_everywhere(loads(dumps(value)))


# --- 4b. loads that hold (issue 51, item 8): the view observe gives, each card in one place,
# a hand as its rules score it -------------------------------------------------------------


def _led() -> GameState:
    """S1: A bids 2, the others pass, A leads K♠ (naming ♠); B (seat 1), to follow, holds
    one spade, A♠: his one legal action is `play AS`."""
    state = act(deal(Rules.setback(), S1_HANDS), "A 2, B pass, C pass, D pass")
    return apply_action(state, "play KS", seat=0)


def _second_trick() -> GameState:
    """S1's first trick K♠ A♠ 6♠ 2♠ won by B, who leads 5♦; C (seat 2) to play, holding
    4♣ J♦ 2♥ 5♥ 8♠."""
    state = _led()
    for card in ("AS", "6S", "2S", "5D"):
        state = apply_action(state, f"play {card}")
    return state


def _refused_as(document: dict[str, Any], **rules: Rules) -> str:
    """The message refusing `document`; the text given to `loads` is left as it was."""
    text = json.dumps(document)
    with pytest.raises(InvalidStateError) as caught:
        loads(text, **rules)
    assert text == json.dumps(document)
    return str(caught.value)


@pytest.mark.parametrize(
    "legal",
    [
        [],  # D1 emptied: HeuristicBot raised ValueError, MonteCarloBot ZeroDivisionError
        [{"type": "Bid", "level": 3}],  # D1 forged: every level answered `bid 3` in play
        [{"type": "Play", "card": "AS"}, {"type": "Play", "card": "5C"}],  # 5♣ does not follow
        [{"type": "Play", "card": "KS"}],  # a card A played, not B's
        [{"type": "Play", "card": "AS"}, {"type": "Pass"}],
        [{"type": "Play", "card": "AS"}, {"type": "Play", "card": "AS"}],
    ],
)
def test_a_view_s_legal_actions_are_what_its_rules_allow_in_its_phase(
    legal: list[dict[str, object]],
) -> None:
    """Issue 51, D1: `loads` took a view's legal actions as written, and the bots played
    them. They must be what the engine offers the seat to act (`observe`'s)."""
    view = observe(_led(), 1)
    assert [str(action) for action in view.legal_actions] == ["play AS"]
    document = _document(view)
    document["data"]["legal_actions"] = legal
    assert _refused_as(document) == (
        "the view's legal actions are not what its rules allow seat 1 in the play phase: play AS"
    )
    assert loads(dumps(view)) == view


def test_a_seat_not_to_act_has_no_legal_actions_and_a_call_must_be_open() -> None:
    document = _document(observe(_led(), 2))
    document["data"]["legal_actions"] = [{"type": "Play", "card": "6S"}]
    assert _refused_as(document).endswith("allow seat 2 in the play phase: none")
    view = observe(act(deal(Rules.setback(), S1_HANDS), "A 3"), 1)
    document = _document(view)
    document["data"]["legal_actions"].insert(1, {"type": "Bid", "level": 3})  # not above 3
    assert _refused_as(document).endswith("in the bidding phase: pass, bid 4, smudge")
    assert loads(dumps(view)) == view


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (Rules.setback(min_bid=3), "bid 2 by seat 0 is illegal: the lowest bid is 3"),
        (Rules.ten_point(), "no deal of the hidden cards agrees with this view under its rules"),
        (Rules.setback(smudge=False), "allow seat 1 in the bidding phase: pass, bid 3, bid 4"),
        (Rules.cutthroat(players=4), "2 scores for 4 sides"),
    ],
)
def test_a_view_is_checked_against_the_rules_it_names(rules: Rules, message: str) -> None:
    """Issue 51: a German view (A bid 2) relabelled with Ten-point's rules loaded, its bid
    of 2 below their minimum. Its hand must replay, and its legal actions be offered,
    under the rules it names."""
    view = observe(act(deal(Rules.setback(), S1_HANDS), "A 2"), 1)
    document = _document(view)
    document["data"]["rules"] = _document(rules)["data"]
    assert message in _refused_as(document)
    assert loads(dumps(view)) == view


@pytest.mark.parametrize(("field", "value"), [("pitcher", 2), ("contract", 3), ("trump", "H")])
def test_a_view_s_auction_and_trump_are_what_its_hand_gives(field: str, value: object) -> None:
    """The pitcher, contract and trump a view shows are those its auction and lead give
    (a pitcher the auction did not name made the expert raise IndexError)."""
    view = observe(_led(), 1)
    document = _document(view)
    document["data"][field] = value
    assert _refused_as(document) == "the view's hand is not one that legal play gives"
    assert loads(dumps(view)) == view


@pytest.mark.parametrize(
    ("place", "card", "message"),
    [
        (("trick", 0), "JD", "JD in the hand and in the trick"),  # D1's reproduction
        (("tricks", 0, 2), "4C", "4C in the hand and in trick 1"),  # D1's reproduction
        (("tricks", 0, 3), "5D", "5D in the trick and in trick 1"),
    ],
)
def test_a_card_of_a_view_is_in_one_place(place: tuple[str, ...], card: str, message: str) -> None:
    """Issue 51, D2: a card in the view's hand and in the trick, or in a finished trick,
    loaded; the schema promises no card twice."""
    view = observe(_second_trick(), 2)
    document = _document(view)
    trick = document["data"][place[0]]
    if len(place) == 3:
        trick = trick[place[1]]
    trick["plays"][place[-1]][1] = card
    assert _refused_as(document) == f"a card appears twice: {message}"
    assert loads(dumps(view)) == view


def test_a_discarded_card_is_not_played_too() -> None:
    """Each card in one place: a seat's face-down discard is not also in a trick."""
    state, rng = new_game(Rules.setback(draw=True), seed=3), random.Random(3)
    while state.trick is None or not state.trick.plays or not state.discards[state.to_act or 0]:
        state = apply_action(state, rng.choice(legal_actions(state)))
    seat = state.to_act
    assert seat is not None and state.trick is not None and state.trick.plays
    view = observe(state, seat)
    document = _document(view)
    thrown = document["data"]["discards"][0]
    document["data"]["trick"]["plays"][0][1] = thrown
    assert f"a card appears twice: {thrown} in the discards and in the trick" in _refused_as(
        document
    )
    assert loads(dumps(view)) == view


def test_a_hand_result_plays_each_card_once_from_the_hand_that_held_it() -> None:
    """Issue 51, D2: a card in two tricks of a HandResult loaded."""
    state = _first_hand_over(Rules.setback())
    result = state.history[0]
    document = _document(result)
    first = document["data"]["tricks"][0]["plays"][0][1]
    document["data"]["tricks"][1]["plays"][0][1] = first
    assert f"a card appears twice: {first} in trick 1 and in trick 2" in _refused_as(document)
    document = _document(result)
    plays = document["data"]["tricks"][0]["plays"]
    (seat, mine), (_, theirs) = plays[0], plays[1]
    plays[0][1], plays[1][1] = theirs, mine
    assert f"trick 1: seat {seat} plays {theirs}, not in its hand" in _refused_as(document)
    document = _document(observe(state, 0))
    document["data"]["last_result"]["tricks"][1]["plays"][0][1] = first
    assert "in trick 1 and in trick 2" in _refused_as(document)
    assert loads(dumps(result)) == result


def test_a_cinch_view_in_the_rob_loads_and_the_sampler_deals_it() -> None:
    """Found with issue 51: the sampler made the point trumps and the other trumps one
    class when no view constraint told them apart, and so capped every trump of the
    pitcher to act in the rob (7 trumps, 4 of them point cards) at the point trumps' 5: it
    admitted no deal, `loads` refused this view `observe` gave, and the hard and expert
    bots failed on it (3 of 564 Cinch discard views)."""
    rng = random.Random(96)
    state = new_game(Rules.cinch(), seed=96, dealer=rng.randrange(4))
    for _ in range(35):
        state = apply_action(state, rng.choice(legal_actions(state)))
    assert state.phase is Phase.DISCARD and state.to_act == 2
    view = observe(state, 0)
    assert loads(dumps(view)) == view
    (world,) = sample_states(view, random.Random(1), 1)
    assert observe(world, 0) == view


def test_a_view_offering_many_discards_loads() -> None:
    """Found with issue 51: `loads` refused a Cinch view whose dealer, robbing the pack, is
    offered 1,820 discards, as a list longer than 1,000 items. A view's legal actions may
    be as many as the engine offers (each is checked against it), up to 200,000."""
    rng, state = random.Random(0), new_game(Rules.cinch(), seed=0)
    while len(legal_actions(state)) <= 1_000:
        state = apply_action(state, rng.choice(legal_actions(state)))
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    assert loads(dumps(view)) == view
    document = _document(view)
    document["data"]["legal_actions"] = [{"type": "Pass"}] * 200_001
    assert "a list of 200001 items (at most 200000)" in _refused_as(document)
    document["data"]["legal_actions"] = []
    document["data"]["hand"] = ["2C"] * 1_001  # other lists keep their bound
    assert "a list of 1001 items (at most 1000)" in _refused_as(document)


def _forged(data: dict[str, Any], field: str) -> None:
    """A hand result's `field` changed to what its tricks do not score."""
    if field == "winner":
        trick = data["tricks"][0]
        trick["winner"] = next(seat for seat, _ in trick["plays"] if seat != trick["winner"])
    elif field == "score_changes":
        data["score_changes"][0] += 1
    elif field == "card_points":
        data["card_points"][0] += 1
        data["card_points"][1] -= 1
    elif field == "awards":
        side = data["awards"][0][1]
        data["awards"][0][1] = 0 if side is None else (side + 1) % len(data["card_points"])
    elif field == "made":
        data["made"] = not data["made"]


_SCORED = [
    ("winner", "trick 1 is won by seat"),
    ("score_changes", "the hand's score changes"),
    ("card_points", "the hand's card points"),
    ("awards", "the hand's awards"),
    ("made", "the hand's made"),
]


@pytest.mark.parametrize(("field", "message"), _SCORED)
def test_a_hand_result_is_what_its_tricks_score_under_its_rules(field: str, message: str) -> None:
    """Issue 51: a HandResult kept forged score changes and trick winners. In a view, its
    rules are the view's; on its own it names none, and `loads(..., rules=)` gives them."""
    for rules in (Rules.setback(), Rules.ten_point(), Rules.cinch(), Rules.six_player()):
        state = _first_hand_over(rules, seed=5)
        result = state.history[0]
        document = _document(observe(state, 1))
        _forged(document["data"]["last_result"], field)
        assert message in _refused_as(document), rules
        document = _document(result)
        _forged(document["data"], field)
        assert message in _refused_as(document, rules=rules), rules
        assert loads(dumps(result), HandResult, rules=rules) == result
        assert loads(dumps(observe(state, 1))) == observe(state, 1)


def test_loads_checks_a_document_against_the_rules_given() -> None:
    """`rules=`: a state, record, view or rules document must name them; a hand result
    (which names none) must fit them."""
    state = _first_hand_over(Rules.setback())
    for value in (state, game_record(state), observe(state, 2), state.rules):
        assert loads(dumps(value), rules=state.rules) == value
        assert "of other rules than those given" in _refused_as(
            _document(value), rules=Rules.smear()
        )
    assert "a hand of 4 seats and 2 sides under rules of 3 seats" in _refused_as(
        _document(state.history[0]), rules=Rules.cutthroat(players=3)
    )
    with pytest.raises(TypeError, match="loads takes rules=Rules"):
        loads(dumps(state), rules="setback")  # type: ignore[call-overload]


# --- 5. messages that cannot leak ---------------------------------------------------------------


def test_a_refusal_names_the_seat_s_cards_only_when_the_seat_is_given() -> None:
    """Issue 13 and the embedding guide: without seat=, a refusal does not describe the
    hand of the seat to act (a server may forward it to someone else)."""
    state = act(deal(Rules.setback(), S1_HANDS), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "play KS", seat=0)
    with pytest.raises(IllegalActionError) as anonymous:
        apply_action(state, "play 5D")
    with pytest.raises(IllegalActionError) as sent:
        apply_action(state, "play 5D", seat=1)
    held = {card.symbol for card in state.hands[1]} - {"5♦"}
    assert not any(symbol in str(anonymous.value) for symbol in held)
    assert any(symbol in str(sent.value) for symbol in held)


def test_repr_of_a_state_shows_the_position_not_earlier_hands() -> None:
    """Issue 13: repr(state) printed the whole history, face-down discards and passed-out
    deals included."""
    state = _first_hand_over(Rules.setback(players=6), seed=2)
    state = play_until(state, lambda s: len(s.history) >= 3, lambda s: legal_actions(s)[0])
    text = repr(state)
    assert "<HandHistory of 3 hands>" in text and "HandResult" not in text
    earlier = {str(card) for result in state.history for hand in result.discards for card in hand}
    assert earlier and not any(f"Card.parse('{card}')" in text for card in earlier)


# --- 6. long games ------------------------------------------------------------------------------


def test_hashing_a_state_does_not_walk_the_history(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13: hash(state) walked the whole history every time."""
    state = _first_hand_over(Rules.setback(), seed=6)
    equal = loads(dumps(state))

    def walked(self: HandHistory) -> Any:
        raise AssertionError("the history was walked")

    monkeypatch.setattr(HandHistory, "__iter__", walked)
    monkeypatch.setattr(HandHistory, "__hash__", walked)
    assert hash(state) == hash(equal)


def test_a_history_is_a_sequence_equal_to_its_tuple() -> None:
    results = _first_hand_over(Rules.setback(), seed=6).history
    long = HandHistory.of(list(results) * 150)
    assert len(long) == 150 and long[149] is results[0] and long[-1] is results[0]
    assert long == tuple(long) and hash(long) == hash(tuple(long)) and long[2:4] == long[2:4]
    assert HandHistory.of(()) == () and not HandHistory.of(())
    assert new_game(Rules.setback(), seed=1).history == ()
    with pytest.raises(IndexError):
        long[150]


# --- the soak's smoke ---------------------------------------------------------------------------


def _soak() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py"
    if "setback_soak" not in sys.modules:
        spec = importlib.util.spec_from_file_location("setback_soak", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["setback_soak"] = module
        spec.loader.exec_module(module)
    return sys.modules["setback_soak"]


@HEAVY
def test_soak_smoke_random_play_against_the_oracle() -> None:
    report = _soak().soak_hands(2_000, seed=13)
    assert report.hands == 2_000 and report.violations == ()


@HEAVY
def test_soak_smoke_hostile_documents() -> None:
    report = _soak().soak_documents(2_000, seed=13, memory=False, scale=0.01)
    assert report.violations == ()
    assert report.outcomes.get("InvalidStateError", 0) > 500
    assert any(outcome.startswith("loaded") for outcome in report.outcomes)


def test_message_caps_hold_for_every_refusal_of_the_smoke() -> None:
    """Every refusal's message is short, whatever the document."""
    soak = _soak()

    rng = random.Random(21)
    values = soak._sample_values(rng)
    for _ in range(300):
        text, _what = soak.hostile_document(rng, values, 0.05)
        try:
            loads(text)
        except InvalidStateError as error:
            assert len(str(error)) <= 400, str(error)[:500]


def test_phase_is_read_strictly() -> None:
    document = _document(observe(new_game(Rules.setback(), seed=1), 0))
    document["data"]["phase"] = 3
    assert "expected str, got int" in _refused(json.dumps(document))
    assert Phase.BIDDING.value == "bidding"
    assert re.fullmatch(r"[a-z_]+", Phase.GAME_OVER.value)
    assert isinstance(
        loads(json.dumps(_document(observe(new_game(Rules.setback()), 0)))), PlayerView
    )
    assert Play("KS") == loads(dumps(Play("KS")))


def test_events_load_checked_and_bounded() -> None:
    """Events are loadable too: a seat no game has, or a string where the list of events
    belongs, is refused with one short message."""
    from setback import events

    state = _first_hand_over(Rules.setback(), seed=8)
    seen = events(state, 0)
    assert loads(dumps(seen)) == seen
    document = _document(seen)
    document["data"][0]["dealer"] = 99
    assert "dealer 99 is no seat" in _refused(json.dumps(document))
    document["data"] = "z" * 100_000
    assert len(_refused(json.dumps(document))) <= SHORT
