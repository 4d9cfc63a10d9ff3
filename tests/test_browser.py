"""The Python side of setback.mjs (`setback._browser.handle`), natively: what the worker
answers, JSON in and out. The JavaScript module itself is tested by js/test (node --test
and a real browser), which .ci/run runs."""

from __future__ import annotations

import json
from typing import Any

import pytest

from setback import (
    Card,
    IllegalActionError,
    Rules,
    apply_action,
    dumps,
    events,
    game_record,
    legal_actions,
    new_game,
    observe,
    trump_table,
)
from setback._browser import HINT_BUDGET, REVIEW_BUDGET, handle, random_hands
from setback.bots import LEVELS
from setback.coach import hint, review
from setback.svg import card_svg, hand_result_svg, view_svg
from setback.text import action_text, refusal_text


def ask(op: str, **fields: Any) -> Any:
    """The answer's value; an error answer fails the test."""
    answer = json.loads(handle(json.dumps({"op": op, **fields})))
    assert "ok" in answer, answer
    return answer["ok"]


def refused(op: str, **fields: Any) -> dict[str, Any]:
    answer = json.loads(handle(json.dumps({"op": op, **fields})))
    assert "error" in answer, answer
    error: dict[str, Any] = answer["error"]
    assert set(error) == {"code", "params", "message", "kind"}
    return error


def doc(value: object) -> Any:
    return json.loads(dumps(value))


def test_a_game_answers_as_the_library_does() -> None:
    game = ask("new_game", preset="setback", options={"target": 11}, seed=42)["game"]
    state = new_game(Rules.setback(target=11), seed=42)
    for _ in range(12):
        offered = ask("legal_actions", game=game)
        assert offered == [doc(action)["data"] for action in legal_actions(state)]
        status = ask("apply", game=game, action=offered[-1])
        state = apply_action(state, legal_actions(state)[-1])
        assert status["to_act"] == state.to_act and status["actions"] == len(state.log)
    assert ask("dump", game=game) == doc(state)
    assert ask("record", game=game) == doc(game_record(state))
    assert ask("view", game=game, seat=3) == doc(observe(state, 3))
    assert ask("events", game=game, since=2, seat=1) == doc(events(state, 1, after=2))
    ask("close", game=game)
    assert refused("status", game=game)["code"] == "unknown_game"


def test_a_refusal_has_its_code_and_words_and_changes_nothing() -> None:
    game = ask("new_game", preset="setback", seed=5)["game"]
    before = ask("dump", game=game)
    error = refused("apply", game=game, action="play 5C", lang="de")
    with pytest.raises(IllegalActionError) as native:
        apply_action(new_game(Rules.setback(), seed=5), "play 5C")
    assert error["code"] == native.value.code == "auction_on"
    assert error["message"] == refusal_text(native.value, lang="de")
    assert error["kind"] == "IllegalActionError"
    for action, code in [
        ({"type": "Bid", "level": "x"}, "level_not_int"),
        ({"type": "Nope"}, "unknown_action_type"),
        (7, "wrong_type"),
    ]:
        assert refused("apply", game=game, action=action)["code"] == code
    assert refused("apply", game=game, action="pass", seat=0)["code"] == "not_your_turn"
    assert ask("dump", game=game) == before


def test_a_seats_own_refusal_is_told_to_that_player() -> None:
    """With `seat`, a refusal is said to the player as setback play says it ("you", never
    "seat 1"); its code and params are the rule's, and the game is unchanged."""
    game = ask("new_game", preset="setback", seed=5)["game"]  # seat 1 is to act
    before = ask("dump", game=game)
    told = refused("apply", game=game, action="play AC", seat=1, lang="de")
    plain = refused("apply", game=game, action="play AC", lang="de")
    assert told["message"].startswith("spielen A♣ ist nicht erlaubt: das Reizen läuft noch")
    assert plain["message"].startswith("spielen A♣ von Platz 1 ist nicht erlaubt")
    assert (told["code"], told["params"], told["kind"]) == (
        plain["code"],
        plain["params"],
        plain["kind"],
    )
    not_held = refused("apply", game=game, action="play 2S", seat=1)
    assert not_held["message"].startswith("play 2♠ is not allowed: ")
    assert "seat 1" not in not_held["message"]
    assert ask("dump", game=game) == before


def test_bad_requests_are_answers_never_exceptions() -> None:
    assert json.loads(handle("{broken"))["error"]["code"] == "bad_request"
    assert refused("fly")["code"] == "unknown_op"
    assert refused("hello", lang="xx")["code"] == "language"
    assert refused("new_game", preset="nope")["code"] == "rules"
    assert refused("load", document='{"format": "setback"}')["code"] == "invalid_state"
    card = json.dumps(doc(Rules.setback().pack[0]))
    assert refused("load", document=card)["code"] == "invalid_state"
    game = ask("new_game", preset="setback", seed=1)["game"]
    assert refused("view", game=game, seat=4)["code"] == "no_seat"
    assert refused("bot_action", game=game, level="grandmaster")["code"] == "no_level"


def test_a_seed_beyond_safe_integers_comes_as_its_digits() -> None:
    for seed in (-5, 2**64 + 1, -(2**64) - 1):
        game = ask("new_game", preset="setback", seed=str(seed))["game"]
        assert ask("dump", game=game) == doc(new_game(Rules.setback(), seed=seed))
    for text in ("²", "5.0", "- 5", ""):  # not a whole number's digits: the seed's kind
        assert refused("new_game", preset="setback", seed=text)["code"] == "wrong_type"


def test_a_picture_option_out_of_range_is_the_drawing_refusal() -> None:
    view = doc(observe(new_game(Rules.setback(), seed=1), 0))
    error = refused("draw", document=view, options={"scale": 0})
    assert (error["code"], error["kind"]) == ("drawing", "DrawingError")
    assert "scale" in error["message"]


def test_a_record_loads_as_its_replayed_game() -> None:
    state = new_game(Rules.setback(), seed=9)
    while not state.history:
        state = apply_action(state, legal_actions(state)[0])
    game = ask("load", document=dumps(game_record(state)))["game"]
    assert ask("dump", game=game) == doc(state)
    assert ask("results", game=game) == [doc(result) for result in state.history]


def test_pictures_and_words() -> None:
    state = new_game(Rules.setback(), seed=9)
    view = observe(state, state.to_act or 0)
    assert ask("draw", document=doc(view)) == view_svg(view)
    while not state.history:
        state = apply_action(state, legal_actions(state)[0])
    result, rules = state.history[0], doc(state.rules)["data"]
    assert ask("draw", document=doc(result), options={"rules": rules}) == hand_result_svg(
        result, rules=state.rules
    )
    texts = ask("action_text", actions=["pass", {"type": "Bid", "level": 3}], lang="de")
    assert texts == ["passen", "bieten 3"]
    assert ask("side_text", rules=rules, lang="de") == ["Plätze 0+2", "Plätze 1+3"]


def test_narration_is_what_the_seat_saw_in_the_terminals_words() -> None:
    game = ask("new_game", preset="setback", seed=5)["game"]
    ask("apply", game=game, action="bid 2")
    told = ask("narrate", game=game, seat=0, since=0, lang="de")
    assert told == {"lines": ["  Platz 1: bieten 2"], "last": 2}
    assert ask("narrate", game=game, seat=0, since=2, lang="de") == {"lines": [], "last": 2}


def test_a_bot_chooses_a_legal_action_for_the_seat_to_act() -> None:
    game = ask("new_game", preset="setback", seed=5)["game"]
    levels = ask("hello")["levels"]
    assert levels == ["easy", "medium", "hard", "expert"] == list(LEVELS)
    offered = ask("legal_actions", game=game)
    for level in levels:
        assert ask("bot_action", game=game, level=level, seed=1) in offered


def test_the_levels_in_words() -> None:
    assert ask("level_text", levels=list(LEVELS), lang="de") == [
        "leicht",
        "mittel",
        "schwer",
        "Experte",
    ]
    assert ask("level_text", levels=["expert", "solver"]) == ["expert", "solver"]
    assert refused("level_text", levels="easy")["code"] == "wrong_type"


def test_random_hands_counts_hands_and_actions() -> None:
    counted = random_hands(Rules.setback(), 0.05)
    assert counted["hands"] >= 1 and counted["actions"] >= 24 * counted["hands"] // 2
    assert ask("random_hands", seconds=0.05)["hands"] >= 1


def test_the_tables_frame_holds_the_trumps_first_with_their_off_cards() -> None:
    """The table's frame (`table` op): the hand as it is held, trumps first, strongest first,
    with the off-five (Cinch) among them; each card's picture names what it is; the trick's
    cards with their seats; the words of each legal action; each seat's side."""
    rules = Rules.preset("cinch")
    state = new_game(rules, seed=1)
    game = ask("load", document=dumps(state))["game"]
    seen = None
    while state.to_act is not None and state.hand_number == 0:
        seat = state.to_act
        view = observe(state, seat)
        if view.trump is not None and view.trick and view.trick.plays:
            seen = ask("table", game=game, seat=seat, lang="en"), view
            break
        action = legal_actions(state)[0]
        state = apply_action(state, action)
        ask("apply", game=game, action=doc(action)["data"])
    assert seen is not None
    frame, view = seen
    assert frame["view"] == doc(view)
    cards = [entry["card"] for entry in frame["cards"]]
    flags = [entry["trump"] for entry in frame["cards"]]
    assert sorted(cards) == sorted(str(card) for card in view.hand)
    assert flags == sorted(flags, reverse=True)  # every trump before every other card
    assert view.trump is not None
    table = trump_table(view.trump, rules)
    held = [card for card in view.hand if table.is_trump(card)]
    strongest = sorted(held, key=lambda card: -table.strength(card, view.trump))  # type: ignore[arg-type]
    assert cards[: len(held)] == [str(card) for card in strongest]
    assert [play["seat"] for play in frame["plays"]] == [s for s, _ in view.trick.plays]
    assert frame["labels"] == [action_text(a) for a in view.legal_actions]
    assert frame["seat_sides"] == [rules.side_of(n) for n in range(rules.players)]
    off_five = {"C": "5S", "S": "5C", "H": "5D", "D": "5H"}[frame["view"]["data"]["trump"]]
    drawn = ask("table", game=game, seat=seat, lang="de")
    assert drawn["lang"] == "de"
    picture = card_svg(Card.parse(off_five), trump=view.trump, rules=rules)
    assert "(the off-five, a trump)" in picture


def test_hello_says_the_players_each_preset_takes() -> None:
    players = ask("hello")["players"]
    assert players["trickster-13"] == [4, 5, 6]
    assert players["cinch"] == [4]
    assert set(players) == set(ask("hello")["presets"])


def test_the_coachs_hint_is_the_librarys_as_the_server_sends_it() -> None:
    """Issue 49: the Play page's Hint is `setback.coach.hint` of the seat's own view, at the
    page's budget, in the page's language: the action, its index, its words, the reason."""
    state = new_game(Rules.setback(), seed=3)
    game = ask("load", document=dumps(state))["game"]
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    tip = hint(view, budget=HINT_BUDGET, language="de")
    answer = ask("hint", game=game, seat=seat, lang="de")
    assert answer == {
        "action": doc(tip.action)["data"],
        "index": view.legal_actions.index(tip.action),
        "label": action_text(tip.action, lang="de"),
        "reason": tip.reason,
    }
    assert answer["reason"].startswith(answer["label"] + ":")
    assert ask("dump", game=game) == doc(state)  # a hint changes nothing
    other = refused("hint", game=game, seat=(seat + 1) % 4)  # not its turn
    assert other["code"] == "invalid_state" and f"seat {seat}'s turn" in other["message"]


def test_the_review_of_a_finished_hand_is_the_librarys() -> None:
    """Issue 49: a finished hand's review for a seat (the last by default), its text and its
    strip in the page's language; a hand not finished is refused, naming the finished ones."""
    state = new_game(Rules.setback(target=11), seed=8)
    game = ask("load", document=dumps(state))["game"]
    assert refused("review", game=game, seat=0)["code"] == "no_hand"
    while not state.history:
        action = legal_actions(state)[-1]
        state = apply_action(state, action)
        ask("apply", game=game, action=doc(action)["data"])
    done = review(game_record(state), 2, budget=REVIEW_BUDGET, hand=0)
    assert done.decisions
    answer = ask("review", game=game, seat=2, lang="fr")
    assert answer == {"hand": 0, "text": done.text(lang="fr"), "svg": done.svg(lang="fr")}
    assert ask("review", game=game, seat=2, hand=0) == {
        "hand": 0,
        "text": done.text(),
        "svg": done.svg(),
    }
    error = refused("review", game=game, seat=2, hand=1)
    assert error["code"] == "no_hand" and error["params"] == {"hand": 1}
    assert "(finished: 0)" in error["message"]
    assert refused("review", game=game, seat=4)["code"] == "no_seat"
