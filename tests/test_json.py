"""JSON documents (`dumps` and `loads`): every kind round trips, and bad, fuzzed or
inconsistent documents are refused with a reason."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setback import (
    CARDS,
    SCHEMA_VERSION,
    Bid,
    Card,
    Discard,
    GameState,
    HandResult,
    InvalidStateError,
    Phase,
    Play,
    PlayerView,
    Rules,
    Smudge,
    apply_action,
    dumps,
    game_record,
    legal_actions,
    loads,
    new_game,
    observe,
    parse_cards,
)

from .strategies import any_rules, examples, random_game, random_states, seeds
from .support import (
    D1_DISCARDS,
    KITTY_DECK,
    S1_HANDS,
    X3_CALLS,
    X3_HANDS,
    X3_TRICKS,
    act,
    d1_declared,
    deal,
    hand,
    joker_pitch_rules,
    kitty_declared,
    kitty_rules,
    p1_called,
    x1_declared,
    x1_in_play,
    x1_played,
    x2_declared,
    x2_in_play,
    x2_played,
)


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
        assert loads(dumps(result), HandResult, rules=rules) == result  # scored as its rules do
    for action in legal_actions(state):
        assert loads(dumps(action)) == action


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
        (_envelope("Action", {"type": "Bid", "level": 37}), "no such call"),
        (_envelope("Action", {"type": "Fold"}), "Fold"),
        (_envelope("GameState", {**GOOD["data"], "seed": "7"}), "expected int"),
        (_envelope("GameState", {**GOOD["data"], "dealer": 9}), "dealer must be a seat"),
        (_envelope("GameState", {**GOOD["data"], "actions": ["bid 37"]}), "no such call"),
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
    max_examples=examples(400, 10_000),
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


@pytest.mark.parametrize("kind", ["GameState", "GameRecord"])
def test_a_document_whose_cards_do_not_fit_its_rules_is_refused(kind: str) -> None:
    """Issue: loading a 52-card game whose hands hold BJ raises InvalidStateError."""
    state = deal(Rules.setback(), S1_HANDS)
    document = json.loads(dumps(state if kind == "GameState" else game_record(state)))
    assert document["kind"] == kind
    document["data"]["hands"][0][0] = "BJ"
    with pytest.raises(InvalidStateError, match="BJ"):
        loads(json.dumps(document))


def test_a_version_1_bid_of_5_loads_as_smudge() -> None:
    """RULES §6.9.1: version 1 wrote Smudge as a Bid of level 5; it loads as `Smudge()`."""
    old = '{"format":"setback","version":1,"kind":"Action","data":{"type":"Bid","level":5}}'
    assert loads(old) == Smudge()
    assert loads(dumps(Smudge())) == Smudge()
    assert loads(dumps(Bid(5))) == Bid(5)


def _walk(state: GameState, steps: int) -> list[GameState]:
    """`state` and the states after each of up to `steps` first-legal actions."""
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = apply_action(state, legal_actions(state)[0])
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("smear", {}),
        ("ten_point", {}),
        ("joker_pitch", {"players": 3}),
        ("smear", {"players": 6}),
        ("ten_point", {"players": 3}),
    ],
)
def test_extended_states_round_trip_through_json(preset: str, options: dict[str, Any]) -> None:
    """The JSON documents carry the new options and cards: loads(dumps(state)) == state
    through a whole first hand."""
    rules = getattr(Rules, preset)(**options)
    for state in _walk(new_game(rules, seed=11), 80):
        assert loads(dumps(state)) == state


def test_worked_example_states_round_trip_through_json() -> None:
    """X1 to X3 at their turning points survive dumps/loads unchanged."""
    states = [
        x1_declared(),
        x1_in_play(),
        x1_played(),
        x2_declared(),
        x2_in_play(),
        x2_played(),
        hand(joker_pitch_rules(), X3_HANDS, X3_CALLS, X3_TRICKS, dealer=2)[0],
    ]
    for state in states:
        assert loads(dumps(state)) == state


# --- call your partner (RULES §7.7.3) ---------------------------------------------------


def test_a_view_is_json_and_a_view_naming_the_partner_too_early_is_refused() -> None:
    state = apply_action(p1_called(), "play 10S")
    view = observe(state, 0)
    assert loads(dumps(view)) == view
    leaked = attrs.evolve(view, partner=3)
    with pytest.raises(InvalidStateError, match="partner shown before the called card"):
        loads(dumps(leaked))
    assert loads(dumps(state)) == state


# --- the discard and draw (RULES §7.3.6) ------------------------------------------------


def test_states_and_views_of_the_discard_and_draw_round_trip_in_json() -> None:
    state = apply_action(d1_declared(), Discard(parse_cards(D1_DISCARDS[1])), seat=1)  # type: ignore[arg-type]
    assert loads(dumps(state)) == state
    view = observe(state, 2)
    assert loads(dumps(view)) == view
    assert loads(dumps(Rules.trickster(9))) == Rules.trickster(9)


# --- the kitty (RULES §7.7.1) -----------------------------------------------------------


def test_a_game_with_a_kitty_round_trips() -> None:
    state = kitty_declared(kitty_rules(draw=True))
    state = apply_action(state, "discard 4C 3D")
    assert loads(dumps(state)) == state
    for seat in range(4):
        view = observe(state, seat)
        assert loads(dumps(view), PlayerView) == view
    assert loads(dumps(kitty_rules())) == kitty_rules()


@pytest.mark.parametrize(
    ("seat", "fields"),
    [
        (1, {"kitty": ["10H", "AH"]}),  # shown to a seat that did not take it
        (0, {"kitty": ["10H"]}),  # the wrong size
        (0, {"kitty": ["10H", "2S"]}),  # a card the pitcher does not hold
        (0, {"kitty_size": 2}),  # face down after trump was named
    ],
)
def test_a_view_with_inconsistent_kitty_fields_is_refused(
    seat: int, fields: dict[str, object]
) -> None:
    with pytest.raises(InvalidStateError, match="kitty"):
        loads(_edited(observe(kitty_declared(), seat), **fields), PlayerView)


def test_a_face_down_kitty_of_the_wrong_size_is_refused() -> None:
    view = observe(new_game(kitty_rules(), deck=KITTY_DECK, dealer=3, seed=1), 1)
    with pytest.raises(InvalidStateError, match="kitty"):
        loads(_edited(view, kitty_size=3), PlayerView)
    with pytest.raises(InvalidStateError, match="kitty"):
        loads(_edited(observe(new_game(Rules.trickster(4), seed=1), 1), kitty_size=2), PlayerView)


def test_a_hand_record_whose_kitty_is_not_the_pitchers_is_refused() -> None:
    state = apply_action(kitty_declared(), "discard 4C 3D")
    rng = random.Random(5)
    while not state.history:
        state = apply_action(state, rng.choice(legal_actions(state)))
    data = json.loads(dumps(state.history[0]))
    assert loads(json.dumps(data)) == state.history[0]
    data["data"]["kitty"] = ["2S", "3S"]  # Dan's cards
    with pytest.raises(InvalidStateError, match="kitty"):
        loads(json.dumps(data))


# --- the play options (RULES §7.1) ------------------------------------------------------


def test_rules_documents_write_the_play_options_and_read_older_ones() -> None:
    """Version 3 writes `play_trump`, `trump_by` and `pitcher_leads_trump` (not
    `trumps_only`); a version 2 document, with `trumps_only` and without the three, loads
    as the same game; fields that clash are refused."""
    rules = Rules.setback(trump_by="declare", play_trump="when_void")
    text = dumps(rules)
    assert '"play_trump":"when_void"' in text and '"trump_by":"declare"' in text
    assert '"pitcher_leads_trump":false' in text and "trumps_only" not in text
    assert loads(text, Rules) == rules
    old = '{"format": "setback", "version": 2, "kind": "Rules", "data": {"deal": 9, '
    old += '"keep_six": "draw_back", "trumps_only": true}}'
    assert loads(old, Rules) == Rules.setback(deal=9, keep_six="draw_back", play_trump="only")
    assert loads(old.replace('"version": 2', '"version": 1'), Rules).trumps_only
    clash = '{"format": "setback", "version": 3, "kind": "Rules", "data": {"draw": true, '
    clash += '"trump_by": "lead"}}'
    with pytest.raises(InvalidStateError, match="trump_by LEAD does not combine with draw"):
        loads(clash, Rules)


def test_a_version_2_game_loads_as_the_same_game() -> None:
    """A whole `GameState` as version 2 wrote it (its rules with `trumps_only`, without the
    play options) loads equal to the game it saved, for a trumps-only preset and another."""
    for rules in (Rules.ten_point(), Rules.setback(draw=True)):
        state = new_game(rules, seed=5)
        rng = random.Random(5)
        for _ in range(12):
            state = apply_action(state, rng.choice(legal_actions(state)))
        document = json.loads(dumps(state))
        old = document["data"]["rules"]
        assert {"play_trump", "trump_by", "pitcher_leads_trump"} <= set(old)
        old["trumps_only"] = old.pop("play_trump") == "only"
        del old["trump_by"], old["pitcher_leads_trump"]
        document["version"] = 2
        assert loads(json.dumps(document)) == state


def _edited(view: PlayerView, **fields: object) -> str:
    data = json.loads(dumps(view))
    data["data"].update(fields)
    return json.dumps(data)


# --- all pass, the eldest free (RULES §7.8.15) ---------------------------------------------


def test_a_hand_the_eldest_plays_free_round_trips_and_its_view_loads() -> None:
    """A contract 0 is one a view may show only under a rule that plays a passed hand
    free: the eldest's (as the dealer's) loads; the same view under a redeal is refused."""
    rules = Rules.setback(all_pass="eldest_free")
    state = act(deal(rules, S1_HANDS), "A pass, B pass, C pass, D pass")
    assert state.contract == 0 and loads(dumps(state)) == state
    view = observe(state, 2)
    assert loads(dumps(view), PlayerView) == view
    other = json.loads(dumps(view))
    other["data"]["rules"]["all_pass"] = "redeal"
    with pytest.raises(InvalidStateError, match="contract 0"):
        loads(json.dumps(other), PlayerView)


# --- a hand as its rules score it (issue 51) ----------------------------------------------


def test_events_load_under_their_rules_and_a_forged_score_is_refused() -> None:
    """A seat's events name no rules; with `rules=` their seats, cards and finished hands
    are checked against them: a `HandScored` whose score its tricks do not give is refused,
    as is a seat the rules do not have."""
    from setback import events

    rules = Rules.setback()
    state = random_game(rules, 12, max_steps=40)
    assert state.history
    seen = events(state, 2)
    assert loads(dumps(seen), rules=rules) == seen
    document = json.loads(dumps(seen))
    scored = next(event for event in document["data"] if event["type"] == "HandScored")
    scored["result"]["score_changes"][1] += 2
    text = json.dumps(document)
    with pytest.raises(InvalidStateError, match="the hand's score changes"):
        loads(text, rules=rules)
    document = json.loads(dumps(seen))
    document["data"][0]["dealer"] = 5
    with pytest.raises(InvalidStateError, match="dealer 5 is no seat of 4"):
        loads(json.dumps(document), rules=rules)
