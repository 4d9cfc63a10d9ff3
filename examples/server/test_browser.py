"""A person at the table: headless Chromium (Debian's) clicks through a whole game against
three bots, and the server is killed with SIGKILL mid-hand and started again.

Set SETBACK_SCREENSHOTS to a folder to keep the screenshots the docs use (taken by hand:
`SETBACK_SCREENSHOTS=../../docs/images pytest test_browser.py`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Position, sync_playwright

from conftest import ServerProcess
from setback import GameState, Phase, loads, side_text

CHROMIUM = "/usr/bin/chromium"  # Debian's package: Playwright downloads no browser here


@pytest.fixture
def page() -> Iterator[Page]:
    if not Path(CHROMIUM).exists():
        pytest.skip("needs Debian's chromium (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.set_default_timeout(20_000)
        yield page
        browser.close()


def screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("SETBACK_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def message(page: Page) -> dict[str, Any]:
    """The last message the page was sent (the client keeps it in `window.game`)."""
    return dict(page.evaluate("window.game.message"))


def wait_for_turn(page: Page) -> dict[str, Any]:
    """Wait until it is this seat's turn or the game is over; the page's last message."""
    page.wait_for_function(
        "() => { const view = window.game.message?.view.data;"
        " return view && (view.to_act === view.seat || view.phase === 'game_over'); }"
    )
    return message(page)


CORNER: Position = {
    "x": 5,
    "y": 12,
}  # a card's top left corner: the rest may lie under the next card


def own_card(page: Page, seat: int, card: str) -> Locator:
    """The seat's own card in the table's picture (each face-up card has a `data-card`)."""
    return page.locator(f'#table g.seat[data-seat="{seat}"] g.card.clickable[data-card="{card}"]')


def click_once(page: Page) -> None:
    """Click what a player would: the first card or button offered (a discard: its cards, then
    the discard button), and wait for the answer."""
    received = page.evaluate("window.game.received")
    view = message(page)["view"]["data"]
    first = view["legal_actions"][0]
    if first["type"] == "Discard":
        for card in first["cards"]:
            own_card(page, view["seat"], card).click(position=CORNER)
        page.click("#actions button:not([disabled])")
    elif "card" in first:
        own_card(page, view["seat"], first["card"]).click(position=CORNER)
    else:
        page.click("#actions button.legal >> nth=0")
    page.wait_for_function("(old) => window.game.received > old", arg=received)


def start_table(page: Page, server: ServerProcess, preset: str, target: str = "") -> str:
    page.goto(server.url)
    page.select_option("#preset", preset)
    page.fill("#target", target)
    page.click("#start")
    page.wait_for_url("**/?table=*")
    wait_for_turn(page)
    return str(page.evaluate("new URLSearchParams(location.search).get('table')"))


def test_a_whole_game_by_clicking_through_a_server_crash(page: Page, server: ServerProcess) -> None:
    table = start_table(page, server, "setback", target="11")
    assert page.inner_text("#score") == "Scores: seats 0+2 0, seats 1+3 0"
    for _ in range(200):  # the first hand, card by card
        if wait_for_turn(page)["view"]["data"]["hand_number"] == 1:
            break
        click_once(page)
    state = loads(server.stored(table), GameState)
    assert len(state.history) == 1 and state.scores == tuple(state.history[0].score_changes)
    sides = ", ".join(f"{side_text(state.rules, side)} {n}" for side, n in enumerate(state.scores))
    assert page.inner_text("#score") == f"Scores: {sides}"
    assert page.locator("#result svg").count() == 1
    screenshot(page, "server-finished-hand.png")

    for _ in range(200):  # into the second hand's play: the server dies mid-hand
        if len(wait_for_turn(page)["view"]["data"]["tricks"]) >= 2:
            break
        click_once(page)
    screenshot(page, "server-table.png")
    before, stored = message(page)["view"], server.stored(table)
    server.kill()
    page.wait_for_selector("text=Disconnected")
    server.start()
    page.reload()
    assert wait_for_turn(page)["view"] == before  # the same position: no action lost
    assert server.stored(table) == stored

    for _ in range(2000):  # the rest of the game
        if wait_for_turn(page)["view"]["data"]["phase"] == "game_over":
            break
        click_once(page)
    final = loads(server.stored(table), GameState)
    assert final.is_over and final.phase is Phase.GAME_OVER
    assert page.inner_text("#status") == f"Game over: {side_text(final.rules, final.winner)} won."
    assert len(final.history) > 1


def test_a_trumps_only_table_offers_trumps_only(page: Page, server: ServerProcess) -> None:
    table = start_table(page, server, "ten-point")
    for _ in range(200):  # into the play, until this seat holds a card it may not play
        shown = wait_for_turn(page)  # (the deal is the server's: a hand may hold only trumps)
        view = shown["view"]["data"]
        if view["phase"] == "play" and len(view["legal_actions"]) < len(view["hand"]):
            break
        click_once(page)
    state = loads(server.stored(table), GameState)
    assert state.rules.trumps_only and state.phase is Phase.PLAY
    clickable = page.eval_on_selector_all(
        "#table g.clickable", "cards => cards.map(c => c.dataset.card)"
    )
    offered = [action["card"] for action in shown["view"]["data"]["legal_actions"]]
    assert sorted(clickable) == sorted(offered) and len(offered) < len(
        shown["view"]["data"]["hand"]
    )
    screenshot(page, "server-trumps-only.png")
