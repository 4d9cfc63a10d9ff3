"""The coach at the table (issue 49): `{"hint": true}` answers the seat that asked with the
coach's action and its reason, in the seat's language; after a hand, each person's message
holds the coach's review of their decisions."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

from conftest import ServerProcess
from setback import GameState, loads, observe
from setback.coach import hint


def receive(socket: Any) -> dict[str, Any]:
    return dict(json.loads(socket.recv(timeout=30)))


def test_a_hint_answers_the_seat_that_asked(server: ServerProcess) -> None:
    created = server.create("setback", humans=4, lang="de")
    table, tokens = created["table"], created["tokens"]
    stored = loads(server.stored(table), GameState)
    seat = stored.to_act
    assert seat is not None
    with (
        connect(server.ws_url(table, tokens[seat])) as mine,
        connect(server.ws_url(table, tokens[(seat + 1) % 4])) as other,
    ):
        first = receive(mine)
        receive(other)
        mine.send(json.dumps({"hint": True}))
        answer = receive(mine)["hint"]
        tip = hint(observe(stored, seat), budget=400, language="de")
        offered = first["view"]["data"]["legal_actions"]
        assert answer["reason"] == tip.reason and answer["label"] in tip.reason
        assert first["labels"][answer["index"]] == answer["label"]
        assert len(offered) == len(first["labels"])
        assert loads(server.stored(table), GameState) == stored  # a hint changes nothing
        other.send(json.dumps({"hint": True}))  # not its turn: refused, to it alone
        assert "refused" in receive(other)


def test_the_review_comes_when_a_hand_ends(server: ServerProcess) -> None:
    created = server.create("setback", humans=1, target=2)
    with connect(server.ws_url(created["table"], created["tokens"][0])) as seat:
        message = receive(seat)
        assert message["review"] is None
        while not any(e["type"] == "HandScored" for e in message["events"]["data"]):
            seat.send(json.dumps({"action": message["view"]["data"]["legal_actions"][0]}))
            message = receive(seat)
        review = message["review"]
        assert review is not None and review["svg"].startswith("<svg")
        assert review["text"].startswith("Hand 1") or review["text"].startswith("No decision")
