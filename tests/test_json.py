"""Player views, JSON, records and untrusted input (what a game server relies on)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setback import (
    CARDS,
    SCHEMA_VERSION,
    Bid,
    Card,
    DeclareTrump,
    Discard,
    GameRecord,
    GameState,
    HandResult,
    IllegalActionError,
    InvalidStateError,
    Pass,
    Phase,
    Pitch,
    Play,
    PlayerView,
    Rules,
    RulesError,
    apply_action,
    dumps,
    format_hand,
    game_record,
    legal_actions,
    loads,
    new_game,
    observe,
    replay,
)

from .strategies import any_rules, calm_choice, play_until, random_game, random_states, seeds

CARD_TEXT = re.compile(r'"((?:10|[2-9JQKA])[CDHS]|BJ|LJ|JK)"')


def _cards_in(text: str) -> set[Card]:
    return {Card.parse(match) for match in CARD_TEXT.findall(text)}


def _visible(state: GameState, seat: int, seen: set[Card]) -> set[Card]:
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
    if state.history:  # the hand just finished was played face up to its last card
        last = state.history[-1]
        visible |= {card for trick in last.tricks for card in trick.cards}
        visible |= {card for cards in last.face_up_discards for card in cards}
    return visible


@settings(max_examples=80, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_a_view_shows_no_card_its_seat_could_not_have_seen(rules: Rules, seed: int) -> None:
    """Serialize every seat's view of every state: no hidden card (face-down discards and
    dead cards included, RULES §6.9.3), no seed; face-up discards shown to all."""
    seen: list[set[Card]] = [set() for _ in range(rules.players)]
    for state in random_states(rules, seed, max_steps=200):
        for seat in range(rules.players):
            seen[seat] = _visible(state, seat, seen[seat])
            view = observe(state, seat)
            text = dumps(view)
            leaked = _cards_in(text) - seen[seat]
            assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"
            assert '"seed"' not in text and '"stock"' not in text
            assert view.hand_sizes == tuple(len(h) for h in state.hands)
            assert view.face_up_discards == state.face_up_discards  # RULES §6.9.2: seen by all
            assert view.legal_actions == (legal_actions(state) if state.to_act == seat else ())


def test_view_of_a_passed_out_hand_hides_the_others_cards() -> None:
    rules = Rules.setback(all_pass="pass_deal")
    state = new_game(rules, seed=1)
    for _ in range(4):
        state = apply_action(state, "pass")
    view = observe(state, 2)
    assert view.last_result is not None and view.last_result.pitcher is None
    assert view.last_result.hands[2] == state.history[0].hands[2]
    assert all(hand == () for seat, hand in enumerate(view.last_result.hands) if seat != 2)


def test_view_shows_own_discards_only() -> None:
    state = new_game(Rules.six_player(), seed=3, dealer=5)
    for call in ["pass"] * 5 + ["bid 2", "trump S"]:
        state = apply_action(state, call)
    state = apply_action(state, legal_actions(state)[0])  # seat 0 discards
    thrown = state.discards[0]
    assert len(thrown) == 2 and observe(state, 0).discards == thrown
    assert observe(state, 1).discards == ()
    assert not _cards_in(dumps(observe(state, 1))) & set(thrown)


def test_observe_refuses_a_seat_that_does_not_exist() -> None:
    with pytest.raises(RulesError, match="no seat 4"):
        observe(new_game(Rules.setback(), seed=1), 4)


@settings(max_examples=60, deadline=None)
@given(rules=any_rules, seed=seeds, data=st.data())
def test_json_round_trips(rules: Rules, seed: int, data: st.DataObject) -> None:
    """loads(dumps(x)) == x for states, views, records, rules, hand results and actions."""
    states = list(random_states(rules, seed, max_steps=150))
    state = data.draw(st.sampled_from(states))
    assert loads(dumps(state)) == state
    assert loads(dumps(game_record(state))) == game_record(state)
    view = observe(state, data.draw(st.integers(0, rules.players - 1)))
    assert loads(dumps(view)) == view
    assert loads(dumps(rules)) == rules
    for result in state.history[-2:]:
        assert loads(dumps(result)) == result
    for action in legal_actions(state):
        assert loads(dumps(action)) == action


@settings(max_examples=60, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_a_record_replays_to_the_identical_state(rules: Rules, seed: int) -> None:
    for state in random_states(rules, seed, max_steps=150):
        assert replay(game_record(state)) == state


def test_a_record_keeps_a_fixed_first_deal() -> None:
    from .support import deal
    from .test_examples import S1_HANDS

    state = apply_action(deal(Rules.setback(), S1_HANDS, scores=(3, 4)), "bid 2")
    record = game_record(state)
    assert record.hands is not None and record.scores == (3, 4) and record.dealer == 3
    assert replay(record) == state
    decked = new_game(Rules.setback(), deck=list(reversed(CARDS[:52])), seed=2)
    assert replay(game_record(decked)) == decked


def test_replay_names_the_action_that_fails() -> None:
    record = GameRecord(rules=Rules.setback(), seed=1, actions=(Pass(), Bid(2), Bid(2)))
    with pytest.raises(InvalidStateError, match=r"action 2 \(bid 2\)"):
        replay(record)


def test_same_seed_replays_identically_in_another_process() -> None:
    """No reliance on hash() order: a fresh interpreter with another hash seed agrees."""
    final = random_game(Rules.setback(), 99)
    code = (
        "import random, sys; sys.path.insert(0, '.');"
        "from tests.strategies import random_game; from setback import Rules, dumps;"
        "print(dumps(random_game(Rules.setback(), 99)))"
    )
    for hash_seed in ("0", "12345"):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
        )
        assert loads(done.stdout) == final


def test_format_hand_reads_like_a_hand_record() -> None:
    from .support import hand
    from .test_examples import S1_HANDS, S1_TRICKS

    _, result = hand(Rules.setback(), S1_HANDS, "A 2, B pass, C pass, D pass", S1_TRICKS)
    text = format_hand(result, Rules.setback())
    assert text.splitlines()[0] == "Hand 1: dealer seat 3, seat 0 bid 2, trump ♠"
    assert "  seat 0: 10♣ 7♦ 9♦ Q♥ 4♠ K♠" in text
    assert "trick 1: 0 K♠  1 A♠  2 6♠  3 2♠  -> 1" in text
    assert "points: high seats 1+3, low seats 1+3, jack seats 0+2, game seats 0+2" in text
    assert text.endswith("made; score changes +2 +2")


# --- untrusted input ---------------------------------------------------------------


def _envelope(kind: str, data: object) -> str:
    return json.dumps({"format": "setback", "version": SCHEMA_VERSION, "kind": kind, "data": data})


GOOD = json.loads(dumps(random_game(Rules.setback(), 5, max_steps=60)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not a setback JSON document"),
        ("[]", 'no "format"'),
        ("null", 'no "format"'),
        ('{"format": "setback", "version": 99, "kind": "Rules", "data": {}}', "unknown version 99"),
        ('{"format": "setback", "version": 1, "kind": "Deck", "data": {}}', "unknown kind"),
        (_envelope("Rules", {"players": "4"}), "players must be a whole number"),
        (_envelope("Rules", {"players": 3}), "partnerships need 4 or 6"),
        (_envelope("Rules", {"colour": "red"}), "colour"),
        (_envelope("Card", "ZZ"), "not a card"),
        (_envelope("Action", {"type": "Bid", "level": 21}), "no such call"),
        (_envelope("Action", {"type": "Fold"}), "Fold"),
        (_envelope("GameState", {**GOOD["data"], "seed": "7"}), "expected int"),
        (_envelope("GameState", {**GOOD["data"], "dealer": 9}), "dealer must be a seat"),
        (_envelope("GameState", {**GOOD["data"], "actions": ["bid 21"]}), "no such call"),
        (_envelope("GameState", {**GOOD["data"], "actions": ["bid 9"]}), "the highest bid is 4"),
        (_envelope("GameState", {**GOOD["data"], "actions": ["play 2C"]}), "cannot be replayed"),
        (
            _envelope("GameState", {**GOOD["data"], "hands": [["2C"] * 6] * 4}),
            "dealt twice",
        ),
        (_envelope("GameState", {**GOOD["data"], "hands": [["2C"]] * 4}), "seat 0 has 1 cards"),
        (_envelope("GameState", {**GOOD["data"], "scores": [1, 2, 3]}), "scores must be 2"),
        (
            _envelope(
                "GameState", {**GOOD["data"], "check": {**GOOD["data"]["check"], "to_act": 9}}
            ),
            "but its actions give",
        ),
        (
            _envelope(
                "GameState", {**GOOD["data"], "check": {**GOOD["data"]["check"], "scores": [50, 0]}}
            ),
            "but its actions give",
        ),
        ("[" * 100_000 + "]" * 100_000, "not a setback JSON document"),
    ],
)
def test_bad_documents_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        loads(text)


def _mutations() -> st.SearchStrategy[object]:
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.text(max_size=12),
        st.sampled_from([str(c) for c in CARDS] + ["pass", "bid 2", "smudge", "play AS", "S"]),
    )
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=4), max_leaves=8)


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


def _mutate(doc: object, path: tuple[object, ...], how: str, new: object) -> object:
    if not path:
        return new
    doc = json.loads(json.dumps(doc))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]  # type: ignore[index]
    last = path[-1]
    if how == "drop":
        del parent[last]  # type: ignore[attr-defined]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, parent[last])  # type: ignore[arg-type]
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = (last + 1) % len(parent)  # type: ignore[operator]
        parent[last], parent[other] = parent[other], parent[last]  # type: ignore[index]
    else:
        parent[last] = new  # type: ignore[index]
    return doc


DOCUMENTS = [
    json.loads(dumps(x))
    for x in (
        random_game(Rules.setback(), 5, max_steps=80),
        random_game(Rules.six_player(), 6, max_steps=70),
        random_game(Rules.setback(pitch_instead_of_bid=True), 7, max_steps=40),
        random_game(Rules.setback(draw=True), 8, max_steps=30),
        observe(random_game(Rules.auction_pitch(players=3), 9, max_steps=30), 1),
        game_record(random_game(Rules.setback(), 10, max_steps=30)),
        Rules.auction_pitch(players=5),
        Discard(["2C", "7D"]),
    )
]


@settings(
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_fuzzed_documents_load_or_are_refused_cleanly(data: st.DataObject) -> None:
    """Mutations of valid JSON (drop, replace, duplicate, swap, change numbers) never crash
    with anything but InvalidStateError, and whatever loads is a working value."""
    doc = data.draw(st.sampled_from(DOCUMENTS))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(doc)))
        how = data.draw(st.sampled_from(["drop", "replace", "duplicate", "swap", "number"]))
        new = data.draw(_mutations()) if how != "number" else data.draw(st.integers(-3, 60))
        if how == "drop" and not path:
            continue
        doc = _mutate(doc, path, how, new)
    try:
        value = loads(json.dumps(doc))
    except InvalidStateError:
        return
    if isinstance(value, GameState):
        legal = legal_actions(value)
        if legal:
            apply_action(value, random.Random(0).choice(legal))
        assert loads(dumps(value)) == value


def test_seat_check_refuses_another_seats_action() -> None:
    state = new_game(Rules.setback(), seed=1, dealer=3)
    with pytest.raises(IllegalActionError, match="it is seat 0's turn"):
        apply_action(state, "pass", seat=1)
    assert apply_action(state, "pass", seat=0).to_act == 1


def test_game_record_lists_every_kind_of_action() -> None:
    rules = Rules.setback(draw=True)
    rng = random.Random(4)
    state = new_game(rules, seed=4)
    state = play_until(state, lambda s: len(s.history) >= 3, lambda s: calm_choice(s, rng))
    kinds = {type(action) for action in game_record(state).actions}
    assert {Pass, Bid, DeclareTrump, Discard, Play} <= kinds


def test_loaded_values_have_the_right_types() -> None:
    state = random_game(Rules.setback(), 3, max_steps=50)
    view = loads(dumps(observe(state, 0)))
    assert isinstance(view, PlayerView) and all(isinstance(c, Card) for c in view.hand)
    if state.history:
        assert isinstance(loads(dumps(state.history[0])), HandResult)
    assert loads(dumps(Play("KS"))) == Play("KS") and json.loads(dumps(Play("KS")))["data"] == {
        "card": "KS",
        "type": "Play",
    }
    assert loads(dumps(state)).phase in Phase
