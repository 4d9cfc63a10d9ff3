"""Bad input: a clear refusal to the client that sent it, nothing stored, no one else touched."""

from __future__ import annotations

import contextlib
import itertools
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from conftest import ServerProcess
from setback import (
    GameState,
    IllegalActionError,
    Rules,
    apply_action,
    loads,
    new_game,
    parse_action,
)


class Seat:
    """A client holding one seat: its websocket and the last message it was sent."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.last = self.receive()

    def receive(self) -> dict[str, Any]:
        return dict(json.loads(self.socket.recv(timeout=10)))

    def offered(self) -> list[dict[str, Any]]:
        return list(self.last["view"]["data"]["legal_actions"])

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        self.socket.send(json.dumps({"action": action}))
        self.last = self.receive()
        return self.last


@pytest.fixture
def tables(server: ServerProcess) -> Iterator[dict[str, list[Seat]]]:
    """Two tables of four people each (no bots: nothing moves unless a test acts)."""
    with contextlib.ExitStack() as stack:
        made = {}
        for _ in range(2):
            created = server.create("setback", humans=4)
            urls = [server.ws_url(created["table"], token) for token in created["tokens"]]
            made[created["table"]] = [Seat(stack.enter_context(connect(url))) for url in urls]
        yield made


def to_act(seats: list[Seat]) -> Seat:
    return seats[int(seats[0].last["view"]["data"]["to_act"])]


def others_see_only_the_next_action(server: ServerProcess, tables: dict[str, list[Seat]]) -> None:
    """Every table plays on: its seat to act acts, and each seat's next message is that
    action's news (so the bad input before it sent them nothing), stored once."""
    for table, seats in tables.items():
        before = loads(server.stored(table), GameState)
        actor = to_act(seats)
        action = actor.offered()[0]
        actor.act(action)
        for seat in seats:
            if seat is not actor:
                seat.last = seat.receive()
            assert "refused" not in seat.last
            assert [event["type"] for event in seat.last["events"]["data"]][-1:] in (
                ["Called"],
                ["Played"],
            )
        assert loads(server.stored(table), GameState) == apply_action(before, parse_action(action))


def test_junk_is_refused_to_its_sender_only(
    server: ServerProcess, tables: dict[str, list[Seat]]
) -> None:
    seats = next(iter(tables.values()))
    stored = {name: server.stored(name) for name in tables}
    sender = to_act(seats)
    junk: list[str | bytes] = [
        "junk",
        b"\x00\xff binary",
        "[1, 2]",
        '{"act": "pass"}',
        "[" * 2000 + "]" * 2000,
        json.dumps({"action": {"type": "Nope"}}),
        json.dumps({"action": {"type": "Bid", "level": "two"}}),
        json.dumps({"action": "bid twelve"}),
        json.dumps({"action": 7}),
    ]
    for message in junk:
        sender.socket.send(message)
        refusal = sender.receive()
        assert set(refusal) == {"refused", "code"} and refusal["refused"]
    assert {name: server.stored(name) for name in tables} == stored
    others_see_only_the_next_action(server, tables)


def test_a_stale_action_is_refused(server: ServerProcess, tables: dict[str, list[Seat]]) -> None:
    table, seats = next(iter(tables.items()))
    actor = to_act(seats)
    action = actor.offered()[0]
    actor.act(action)  # taken: the same message again is stale
    for seat in seats:
        if seat is not actor:
            seat.last = seat.receive()
    stored = {name: server.stored(name) for name in tables}
    with pytest.raises(IllegalActionError) as refused:
        apply_action(
            loads(stored[table], GameState),
            parse_action(action),
            seat=actor.last["view"]["data"]["seat"],
        )
    actor.socket.send(json.dumps({"action": action}))
    assert actor.receive() == {
        "refused": str(refused.value),
        "code": getattr(refused.value, "code", None),
    }
    assert {name: server.stored(name) for name in tables} == stored
    others_see_only_the_next_action(server, tables)


def test_another_seats_action_is_refused(
    server: ServerProcess, tables: dict[str, list[Seat]]
) -> None:
    seats = next(iter(tables.values()))
    actor = to_act(seats)
    intruder = seats[(seats.index(actor) + 1) % 4]
    stored = {name: server.stored(name) for name in tables}
    action = actor.offered()[0]
    intruder.socket.send(json.dumps({"action": action}))
    refusal = intruder.receive()
    turn = f"it is seat {seats.index(actor)}'s turn"
    assert refusal["refused"] == f"pass by seat {seats.index(intruder)} is illegal: {turn}"
    assert {name: server.stored(name) for name in tables} == stored
    others_see_only_the_next_action(server, tables)


@pytest.mark.parametrize("token", ["forged", "", "x" * 5000])
def test_a_forged_token_is_refused(
    server: ServerProcess, tables: dict[str, list[Seat]], token: str
) -> None:
    table = next(iter(tables))
    stored = {name: server.stored(name) for name in tables}
    other_table = list(tables)[1]
    for name, forged in ((table, token), (table, "x" + token), (other_table + "x", token)):
        with connect(server.ws_url(name, forged), open_timeout=10) as socket:
            assert json.loads(socket.recv(timeout=10)) == {
                "refused": "no seat at this table has that token",
                "code": "token",
            }
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert {name: server.stored(name) for name in tables} == stored
    others_see_only_the_next_action(server, tables)


def test_a_token_holds_its_own_table_only(
    server: ServerProcess, tables: dict[str, list[Seat]]
) -> None:
    first = next(iter(tables))
    created = server.create("setback", humans=1)
    with connect(server.ws_url(first, created["tokens"][0]), open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["code"] == "token"
    others_see_only_the_next_action(server, tables)


def test_a_flood_closes_that_connection_only(
    server: ServerProcess, tables: dict[str, list[Seat]]
) -> None:
    table, seats = next(iter(tables.items()))
    stored = {name: server.stored(name) for name in tables}
    flooder = seats[
        (seats[0].last["view"]["data"]["to_act"] + 1) % 4
    ]  # not its turn: nothing to take
    message = json.dumps({"action": {"type": "Pass"}})
    for _ in range(400):
        try:
            flooder.socket.send(message)
        except ConnectionClosed:
            break
    replies = []
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(401):
            replies.append(json.loads(flooder.socket.recv(timeout=10)))
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert replies[-1] == {"refused": "too many messages: wait for your turn", "code": "flood"}
    assert 40 <= len(replies) - 1 < 400
    assert all("is illegal: it is seat" in reply["refused"] for reply in replies[:-1])
    assert {name: server.stored(name) for name in tables} == stored
    others_see_only_the_next_action(
        server,
        {table: [s for s in seats if s is not flooder]}
        | {name: s for name, s in tables.items() if name != table},
    )


def test_an_oversized_message_closes_that_connection_only(
    server: ServerProcess, tables: dict[str, list[Seat]]
) -> None:
    table, seats = next(iter(tables.items()))
    stored = {name: server.stored(name) for name in tables}
    sender = to_act(seats)
    sender.socket.send(json.dumps({"action": {"type": "Pass"}, "padding": "x" * 5000}))
    with pytest.raises(ConnectionClosed) as closed:
        sender.socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    assert {name: server.stored(name) for name in tables} == stored
    others = {name: s for name, s in tables.items() if name != table}
    others_see_only_the_next_action(server, others)


@pytest.mark.parametrize(
    ("asked", "refused"),
    [
        ({"preset": "setback", "lang": "xx"}, "no language 'xx': setback speaks en, de, sv and fr"),
        ({"preset": "setback", "lang": ["de"]}, "no language ['de']: setback speaks"),
        ({"preset": "setback", "options": {"players": 5}}, "the partnership game is for 4 or 6"),
        ({"preset": "trickster-13", "options": {"players": 7}}, "Rules.trickster(13) is for 4"),
        ({"preset": "setback", "humans": 5}, "humans must be a whole number from 1 to 4"),
        ({"preset": "setback", "level": "master"}, "level must be one of easy, medium, hard"),
        ({"preset": "setback", "level": "expert:playouts=9"}, "level must be one of easy"),
    ],
)
def test_a_table_asked_for_wrongly_is_refused(
    server: ServerProcess, asked: dict[str, Any], refused: str
) -> None:
    """A language the library does not speak, or players a preset does not take: a clear
    refusal (400), and no table made."""
    answer = server.post("/tables", asked)
    assert answer["status"] == 400 and answer["refused"].startswith(refused), answer
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (0,)


def test_a_seat_may_choose_its_own_language(
    server: ServerProcess, tables: dict[str, list[Seat]]
) -> None:
    """`?lang=` is the seat's language (the table's is English here); one the library does
    not speak is refused and the connection closed (4400)."""
    created = server.create("setback", humans=1, lang="de")
    url = server.ws_url(created["table"], created["tokens"][0])
    with connect(url, open_timeout=10) as socket:
        german = json.loads(socket.recv(timeout=10))
    with connect(url + "&lang=sv", open_timeout=10) as socket:
        swedish = json.loads(socket.recv(timeout=10))
    assert german["lang"] == "de" and german["sides"] == ["Plätze 0+2", "Plätze 1+3"]
    assert swedish["lang"] == "sv" and swedish["sides"] == ["platserna 0+2", "platserna 1+3"]
    assert german["view"] == swedish["view"] and german["labels"] != swedish["labels"]
    with connect(url + "&lang=xx", open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10)) == {
            "refused": "no language 'xx': setback speaks en, de, sv and fr",
            "code": None,
        }
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
    others_see_only_the_next_action(server, tables)


def test_the_bots_play_at_the_level_asked_and_each_seat_is_told_it(server: ServerProcess) -> None:
    """`level` seats bots of that level in the empty seats (medium when not asked), kept
    with the game: every message names each bot seat's level, after a restart too."""
    created = server.post("/tables", {"preset": "setback", "humans": 2, "level": "hard"})
    url = server.ws_url(created["table"], created["tokens"][0])
    with connect(url, open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["bots"] == {"2": "hard", "3": "hard"}
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        row = db.execute("SELECT bots FROM games WHERE id = ?", (created["table"],)).fetchone()
    assert {seat: bot["level"] for seat, bot in json.loads(row[0]).items()} == {
        "2": "hard",
        "3": "hard",
    }
    server.stop()
    server.start()
    with connect(url, open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["bots"] == {"2": "hard", "3": "hard"}
    plain = server.create("cutthroat", humans=1)
    with connect(server.ws_url(plain["table"], plain["tokens"][0]), open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["bots"] == {"1": "medium", "2": "medium"}


def test_the_bots_moves_are_paced(tmp_path: Path) -> None:
    """`--pace`: after a person's move each bot's move is shown to the seat on its own,
    the pace apart (the bots play at once with no pace, as every other test runs them)."""
    server = ServerProcess(tmp_path / "games.sqlite", pace=0.3)
    server.start()
    try:
        table, (token,) = server.open(new_game(Rules.setback(), seed=5, dealer=0), humans=1)
        with connect(server.ws_url(table, token)) as socket:
            first = json.loads(socket.recv(timeout=10))
            view = first["view"]["data"]
            assert view["to_act"] == 0  # the dealer bids last: the bots bid before the page opened
            socket.send(json.dumps({"action": view["legal_actions"][0]}))
            times, seen = [], []
            while True:
                message = json.loads(socket.recv(timeout=10))
                times.append(time.monotonic())
                seen.append(message["view"]["data"]["to_act"])
                if message["view"]["data"]["to_act"] == 0:
                    break
        gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
        assert len(seen) >= 3 and seen[:-1] != [0] * (len(seen) - 1)
        assert all(gap >= 0.25 for gap in gaps), gaps
    finally:
        server.stop()
