"""The coach works off the event loop: while a seat's hint or its review of a hand is being
worked out, the server still answers everyone else. The server runs in this process (uvicorn
in a thread), so that a test can hold the coach until it has seen the server answer."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import app
import pytest
import uvicorn
from starlette.applications import Starlette
from websockets.sync.client import connect

from conftest import SEED, free_port
from setback import GameState, loads

WAIT = 20  # seconds: far beyond any answer of a server whose loop is free


class InProcess:
    """`app.make_app` served by uvicorn from a thread of this process, on a free port."""

    def __init__(self, db: Path) -> None:
        self.db, self.port = db, free_port()

        def made() -> Starlette:  # in the server's thread: SQLite keeps to the thread it opened in
            return app.make_app(str(db), SEED)

        config = uvicorn.Config(made, factory=True, port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> InProcess:
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=WAIT)

    def create(self, **asked: Any) -> dict[str, Any]:
        """POST /tables: answered within `WAIT` seconds, or the test fails."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/tables", data=json.dumps(asked).encode(), method="POST"
        )
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return dict(json.loads(response.read()))

    def to_act(self, created: dict[str, Any]) -> int:
        """The seat to act at a table, as the server's database holds its game."""
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as db:
            query = "SELECT state FROM games WHERE id = ?"
            row = db.execute(query, (created["table"],)).fetchone()
        seat = loads(row[0], GameState).to_act
        assert seat is not None
        return seat

    def ws_url(self, created: dict[str, Any], seat: int = 0) -> str:
        token = created["tokens"][seat]
        return f"ws://127.0.0.1:{self.port}/tables/{created['table']}/ws?token={token}"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[InProcess]:
    with InProcess(tmp_path / "games.sqlite") as running:
        yield running


def receive(socket: Any) -> dict[str, Any]:
    return dict(json.loads(socket.recv(timeout=WAIT)))


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


def test_the_server_answers_others_while_the_coach_works_out_a_hint(
    served: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked, release = threading.Event(), threading.Event()
    hint_of = app.hint_of

    def held(*args: Any) -> dict[str, Any]:  # the coach, held until the test has looked
        asked.set()
        assert release.wait(WAIT)
        return hint_of(*args)

    monkeypatch.setattr(app, "hint_of", held)
    created = served.create(preset="setback", humans=4)
    seat = served.to_act(created)
    with connect(served.ws_url(created, seat)) as mine:
        receive(mine)
        mine.send(json.dumps({"hint": True}))
        assert asked.wait(WAIT)
        other = served.create(preset="setback", humans=1)  # the loop is free meanwhile
        assert "table" in other
        with connect(served.ws_url(other)) as elsewhere:
            assert "view" in receive(elsewhere)
        release.set()
        assert "hint" in receive(mine)


def test_the_server_answers_others_while_the_coach_reviews_a_hand(
    served: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked, release = threading.Event(), threading.Event()
    reviewed = app.reviewed

    def held(*args: Any) -> dict[str, str] | None:  # held once a hand has ended
        done = reviewed(*args)
        if done is not None:
            asked.set()
            assert release.wait(WAIT)
        return done

    monkeypatch.setattr(app, "reviewed", held)
    created = served.create(preset="setback", humans=1, options={"target": 2})
    with connect(served.ws_url(created)) as seat:
        message: dict[str, Any] | None = receive(seat)
        while message is not None:  # play on until the coach is held over the hand's review
            seat.send(json.dumps({"action": message["view"]["data"]["legal_actions"][0]}))
            message = answer_or_held(seat, asked)
        other = served.create(preset="setback", humans=1)  # the loop is free meanwhile
        assert "table" in other
        release.set()
        while (message := receive(seat))["review"] is None:
            pass
        assert message["review"]["svg"].startswith("<svg")
