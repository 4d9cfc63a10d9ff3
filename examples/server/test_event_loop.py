"""The coach works off the event loop: while a seat's hint or its review of a hand is being
worked out, the server still answers everyone else; each seat's messages go out once, in
order, and none that says nothing new; a seat that leaves meanwhile costs no one else their
connection. The server runs in this process (uvicorn in a thread), so that a test can hold
the coach until it has seen the server answer."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import app
import pytest
import uvicorn
from starlette.applications import Starlette
from websockets.sync.client import connect

import setback
from conftest import SEED, ServerProcess
from setback import GameState, loads

WAIT = 20  # seconds: far beyond any answer of a server whose loop is free
QUICK = 5  # seconds: what the server may take to answer while the coach is held


class InProcess(ServerProcess):
    """`ServerProcess`'s server, `app.make_app` over the same database, served by uvicorn
    from a thread of this process (so that a test can hold a function of `app`)."""

    def __init__(self, db: Path, pace: float = 0.0) -> None:
        super().__init__(db, pace)

        def made() -> Starlette:  # in the server's thread: SQLite keeps to the thread it opened in
            return app.make_app(str(db), SEED, pace)

        config = uvicorn.Config(made, factory=True, port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=WAIT)
        assert not self.thread.is_alive(), "the server did not stop"

    def __enter__(self) -> InProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def to_act(self, created: dict[str, Any]) -> int:
        """The seat to act at a table, as the server's database holds its game."""
        seat = loads(self.stored(created["table"]), GameState).to_act
        assert seat is not None
        return seat

    def seat_url(self, created: dict[str, Any], seat: int = 0) -> str:
        """The websocket address of a seat of the table `create` answered."""
        return self.ws_url(created["table"], created["tokens"][seat])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[InProcess]:
    with InProcess(tmp_path / "games.sqlite") as running:
        yield running


def receive(socket: Any, timeout: float = WAIT) -> dict[str, Any]:
    return dict(json.loads(socket.recv(timeout=timeout)))


def answer_or_held(socket: Any, held: threading.Event) -> dict[str, Any] | None:
    """The server's next message, or None once the coach is held (that message waits)."""
    deadline = time.monotonic() + WAIT
    while not held.is_set():
        assert time.monotonic() < deadline, "no answer, and the coach is not held"
        try:
            return dict(json.loads(socket.recv(timeout=0.2)))
        except TimeoutError:
            continue
    return None


class Held:
    """A function of the server's held until the test releases it (or for three times
    `WAIT`: longer than any of the test's own waits, so that a server whose loop it
    blocks fails the test where the test waits): before it runs, or with `when`, after it
    runs once `when` says so of its answer."""

    def __init__(self, function: Any, when: Any = None) -> None:
        self.function, self.when = function, when
        self.asked, self.release = threading.Event(), threading.Event()

    def __call__(self, *args: Any) -> Any:
        if self.when is None:
            self.hold()
        answer = self.function(*args)
        if self.when is not None and self.when(answer):
            self.hold()
        return answer

    def hold(self) -> None:
        self.asked.set()
        self.release.wait(3 * WAIT)


def test_the_server_answers_others_while_the_coach_works_out_a_hint(
    served: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = Held(app.hint_of)
    monkeypatch.setattr(app, "hint_of", held)
    created = served.create("setback", humans=4)
    seat = served.to_act(created)
    try:
        with connect(served.seat_url(created, seat)) as mine:
            receive(mine)
            mine.send(json.dumps({"hint": True}))
            assert held.asked.wait(WAIT)
            other = served.create("setback", humans=1, timeout=QUICK)  # the loop is free
            with connect(served.seat_url(other)) as elsewhere:
                assert "view" in receive(elsewhere, QUICK)
            held.release.set()
            assert "hint" in receive(mine)
    finally:
        held.release.set()


def test_the_server_answers_others_while_the_coach_reviews_a_hand(
    served: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = Held(app.reviewed, when=lambda review: review is not None)  # once a hand ended
    monkeypatch.setattr(app, "reviewed", held)
    created = served.create("setback", humans=1, target=2)
    try:
        with connect(served.seat_url(created)) as seat:
            message: dict[str, Any] | None = receive(seat)
            while message is not None:  # play on until the coach is held over the review
                seat.send(json.dumps({"action": message["view"]["data"]["legal_actions"][0]}))
                message = answer_or_held(seat, held.asked)
            served.create("setback", humans=1, timeout=QUICK)  # the loop is free
            held.release.set()
            while (message := receive(seat))["review"] is None:
                pass
            assert message["review"]["svg"].startswith("<svg")
    finally:
        held.release.set()


def test_each_seat_gets_each_event_once_in_order_and_nothing_twice(served: InProcess) -> None:
    created = served.create("setback", humans=4, target=2)
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(served.seat_url(created, n))) for n in range(4)]
        seen: list[list[dict[str, Any]]] = [[receive(socket)] for socket in sockets]
        for _ in range(1000):  # far more turns than a game to 2 takes
            if any(s[-1]["view"]["data"]["phase"] == "game_over" for s in seen):
                break
            for seat, socket in enumerate(sockets):  # a seat told it is its turn acts
                data = seen[seat][-1]["view"]["data"]
                if data["to_act"] == seat:
                    socket.send(json.dumps({"action": data["legal_actions"][0]}))
                    seen[seat].append(receive(socket))  # its answer
            for seat, socket in enumerate(sockets):  # every seat reads what it was sent
                with contextlib.suppress(TimeoutError):
                    while True:
                        seen[seat].append(receive(socket, 0.05))
        else:
            pytest.fail("the game did not end")
        for seat, messages in enumerate(seen):
            assert not any("refused" in m for m in messages), seat  # never its turn twice
            numbers = [e["number"] for m in messages for e in m["events"]["data"]]
            assert numbers == sorted(set(numbers)), seat  # each event once, in order
            for before, after in itertools.pairwise(messages):
                assert after["events"]["data"] or after["view"] != before["view"], seat


class Recorder:
    """A websocket's stand-in for `app.send_update`: what it is sent."""

    def __init__(self) -> None:
        self.query_params: dict[str, str] = {}
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))


def test_a_seat_is_sent_each_event_once_and_nothing_that_says_nothing_new() -> None:
    rules = setback.Rules.preset("setback")
    table = app.Table("t", setback.new_game(rules, seed=1), {}, "en")
    ws: Any = Recorder()
    table.seats[ws], table.seen[ws], table.langs[ws] = 0, 0, "en"
    table.sending[ws] = asyncio.Lock()

    async def told(times: int) -> None:  # at once, as two seats' actions tell it
        await asyncio.gather(*(app.send_update(table, ws) for _ in range(times)))

    async def play() -> None:
        await told(2)
        assert len(ws.sent) == 1  # the second had nothing new
        seat = table.state.to_act
        assert seat is not None
        action = setback.legal_actions(table.state)[0]
        table.state = setback.apply_action(table.state, action, seat=seat)
        await told(3)
        assert len(ws.sent) == 2

    asyncio.run(play())
    numbers = [event["number"] for sent in ws.sent for event in sent["events"]["data"]]
    assert numbers == sorted(set(numbers)) and len(ws.sent[1]["events"]["data"]) >= 1


def test_a_seat_that_leaves_mid_hint_costs_no_one_else_the_connection(
    served: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = Held(app.hint_of)  # before it runs: the seat's coroutine waits on its thread
    monkeypatch.setattr(app, "hint_of", held)
    created = served.create("setback", humans=2)
    seat = served.to_act(created)  # the bots have played to a person's turn
    assert seat in (0, 1)
    try:
        with connect(served.seat_url(created, seat)) as mine:
            first = receive(mine)
            with connect(served.seat_url(created, 1 - seat)) as leaving:
                receive(leaving)
                leaving.send(json.dumps({"hint": True}))
                assert held.asked.wait(WAIT)
            time.sleep(0.3)  # the server sees the connection closed
            # it has left, and its coroutine still waits for the coach: the server tells it
            # of this seat's action all the same, into a closed connection
            mine.send(json.dumps({"action": first["view"]["data"]["legal_actions"][0]}))
            assert "view" in receive(mine)
            held.release.set()
            mine.send(json.dumps({"hint": True}))  # still connected: answered, or refused
            reply = receive(mine)
            assert "hint" in reply or "refused" in reply
    finally:
        held.release.set()


def stored_at_a_bots_turn(db: Path, humans: int) -> dict[str, Any]:
    """A table made by the server, then stored as if the server had been killed just after
    the people's actions, with the bots' moves still to come at their pace."""
    with InProcess(db) as first:
        created = first.create("setback", humans=humans)
        state = loads(first.stored(created["table"]), GameState)
    while (seat := state.to_act) is not None and seat < humans:
        state = setback.apply_action(state, setback.legal_actions(state)[0], seat=seat)
    assert state.to_act is not None
    with sqlite3.connect(db) as stored:
        update = "UPDATE games SET state = ? WHERE id = ?"
        stored.execute(update, (setback.dumps(state), created["table"]))
    return created


def until_a_persons_turn(socket: Any, humans: int) -> dict[str, Any]:
    """The messages to `socket` until one says it is a person's turn (or the game is over)."""
    while (message := receive(socket))["view"]["data"]["to_act"] not in (*range(humans), None):
        pass
    return message


def test_a_table_stored_mid_way_through_the_bots_moves_plays_on_when_a_seat_joins(
    tmp_path: Path,
) -> None:
    created = stored_at_a_bots_turn(tmp_path / "games.sqlite", humans=1)
    with InProcess(tmp_path / "games.sqlite") as second, connect(second.seat_url(created)) as seat:
        message = until_a_persons_turn(seat, humans=1)  # the bots move on to seat 0's turn
        assert message["view"]["data"]["to_act"] in (0, None)


def test_two_seats_joining_at_once_move_each_bot_once(tmp_path: Path) -> None:
    created = stored_at_a_bots_turn(tmp_path / "games.sqlite", humans=2)
    with (
        InProcess(tmp_path / "games.sqlite", pace=0.2) as second,
        connect(second.seat_url(created, 0)) as first_seat,
        connect(second.seat_url(created, 1)) as second_seat,
    ):  # both join while the bots move at their pace: one coroutine moves them
        for socket in (first_seat, second_seat):
            message = until_a_persons_turn(socket, humans=2)
            assert message["view"]["data"]["to_act"] in (0, 1, None)
        first_seat.send("junk")  # both connections are still open: each answers
        second_seat.send("junk")
        assert "refused" in receive(first_seat) and "refused" in receive(second_seat)
