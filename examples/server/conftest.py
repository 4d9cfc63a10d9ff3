"""The example server's test fixtures: a real server process on 127.0.0.1, and its database.
Every table it makes is dealt, and its bots seeded, from `SEED` (`app.py --seed`), so no
test meets a card or a bot's choice it did not ask for."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import app
import pytest
from playwright.sync_api import Browser, Page, Response, sync_playwright

from setback import GameState

HERE = Path(__file__).parent
SEED = 2026  # the server's: every table's deal and bots' seeds, in the order they are made


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """`python app.py --seed SEED --pace PACE` on a free port of 127.0.0.1, over the SQLite
    file `db` (the bots at once unless `pace` says otherwise)."""

    def __init__(self, db: Path, pace: float = 0.0) -> None:
        self.db, self.port, self.pace = db, free_port(), pace
        self.url = f"http://127.0.0.1:{self.port}"
        self.output = db.with_suffix(".out")  # what the server printed
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            sys.executable,
            str(HERE / "app.py"),
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--seed",
            str(SEED),
            "--pace",
            str(self.pace),
        ]
        with self.output.open("ab") as output:
            self.process = subprocess.Popen(command, cwd=HERE, stdout=output)
        for _ in range(200):  # up to 20 s for the server to listen
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                assert self.process.poll() is None, "the server exited at start"
                time.sleep(0.1)
        raise AssertionError("the server did not start listening in 20 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, nothing is flushed."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def create(
        self,
        preset: str = "setback",
        humans: int = 1,
        lang: str = "en",
        *,
        timeout: float = 10,
        **options: Any,
    ) -> dict[str, Any]:
        """POST /tables: the new table's id and its people's tokens (answered within
        `timeout` seconds, or the test fails)."""
        asked = {"preset": preset, "options": options, "humans": humans, "lang": lang}
        return self.post("/tables", asked, timeout)

    def open(
        self, state: GameState, humans: int = 1, lang: str = "en", level: str = "medium"
    ) -> tuple[str, list[str]]:
        """A table of the game `state`, set up for a test: stored as the server stores the
        tables it makes (`app.Server.open`, bots seeded from `SEED`), and loaded by the server
        when a seat joins. Its id and its people's tokens."""
        opener = app.Server(str(self.db), SEED)
        try:
            return opener.open(state, humans, lang, level)
        finally:
            opener.db.close()

    def post(self, path: str, asked: Any, timeout: float = 10) -> dict[str, Any]:
        """POST `asked` as JSON: the JSON answered (a refusal's too, with its status)."""
        body = json.dumps(asked).encode()
        request = urllib.request.Request(f"{self.url}{path}", data=body, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return dict(json.loads(response.read()))
        except urllib.error.HTTPError as error:
            return {"status": error.code} | dict(json.loads(error.read()))

    def ws_url(self, table: str, token: str) -> str:
        return f"ws://127.0.0.1:{self.port}/tables/{table}/ws?token={token}"

    def stored(self, table: str) -> str:
        """The JSON of the table's state as the database holds it now."""
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as db:
            row = db.execute("SELECT state FROM games WHERE id = ?", (table,)).fetchone()
        return str(row[0])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "games.sqlite")
    process.start()
    yield process
    process.stop()


UNTIDY = """() => {
  const found = [], width = document.documentElement.clientWidth, [x, y] = [scrollX, scrollY];
  if (document.documentElement.scrollWidth > width) found.push("wider than the screen");
  for (const svg of document.querySelectorAll("main svg, dialog[open] svg")) {
    if (!svg.checkVisibility()) continue;
    const box = svg.getBoundingClientRect();
    const edge = (4 * box.width) / svg.viewBox.baseVal.width; // 4 units inside the picture
    for (const text of svg.querySelectorAll("text")) {
      const r = text.getBoundingClientRect();
      if (r.width && (r.left < box.left + edge || r.right > box.right - edge
          || r.top < box.top + edge || r.bottom > box.bottom - edge)) {
        found.push(`cut: ${text.textContent}`);
      }
    }
  }
  for (const text of document.querySelectorAll("#table g.trick text, #trick text")) {
    if (!text.checkVisibility() || text.closest("g.card")) continue; // a card's own
    text.scrollIntoView({ block: "center" });
    const r = text.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (top !== text && !text.contains(top)) found.push(`covered: ${text.textContent}`);
  }
  for (const element of document.querySelectorAll("#actions button, #hint")) {
    const right = element.getBoundingClientRect().right;
    if (right > width) found.push(`off the edge: ${element.textContent}`);
  }
  scrollTo(x, y);
  return found;
}"""
"""What is untidy on the page now: wider than the screen, a picture's word not inside it
(4 units from its edges), a trick's label under a card, a control or hint past the screen's
right edge."""

CHROMIUM = "/usr/bin/chromium"  # Debian's package: Playwright downloads no browser here


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the browser tests of one module (closed after them:
    Playwright's loop would stand in the way of the load test's `asyncio.run`)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("needs Debian's chromium (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page 1000 by 900 pixels; at the end of the test, none of the requests it made was
    refused or missing (a favicon, a script)."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(20_000)
    failed: list[str] = []

    def refused(response: Response) -> None:
        if response.status >= 400:
            failed.append(f"{response.status} {response.url}")

    opened.on("response", refused)
    opened.on("pageerror", lambda error: failed.append(f"script error: {error}"))
    yield opened
    context.close()
    assert not failed, failed
