"""A person at the table: headless Chromium (Debian's) clicks through whole hands against the
bots: a game through a server killed with SIGKILL mid-hand, call your partner at five seats
on a phone's screen, the Cinch dealer's rob by the cards kept, a German table, the coach's
Hint and a hand's review; the table fits the first screen at 1280 by 800, 390 by 844 and
360 by 640 (`js/test/fits.js`, the Play page's check too), its screenshots kept in
SETBACK_ARTIFACTS (test-artifacts/ here).

Set SETBACK_SCREENSHOTS to a folder to keep the screenshots the docs use (taken by hand:
`SETBACK_SCREENSHOTS=../../docs/images pytest test_browser.py`)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import app
import pytest
from playwright.sync_api import Locator, Page, Position, ViewportSize

from conftest import UNTIDY, ServerProcess
from setback import (
    Discard,
    GameState,
    Phase,
    Rules,
    action_text,
    apply_action,
    legal_actions,
    loads,
    new_game,
    observe,
    side_text,
)
from setback.bots import HeuristicBot

WIDE: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
SMALL: ViewportSize = {"width": 360, "height": 640}
HERE = Path(__file__).parent
FITS = "(" + (HERE / "../../js/test/fits.js").read_text() + ")()"
"""What does not fit the first screen (the one table's own check, shared with the Play page)."""
ARTIFACTS = Path(os.environ.get("SETBACK_ARTIFACTS", HERE / "test-artifacts"))


def screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("SETBACK_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name))


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


CORNER: Position = {"x": 5, "y": 12}  # a card's top left corner: the rest may lie under the next


def own_card(page: Page, seat: int, card: str) -> Locator:
    """The seat's own card as the table shows it in its hand (each card has a `data-card`);
    `seat`: the page's (the table shows only its own hand)."""
    return page.locator(f'#hand g.card.clickable[data-card="{card}"]')


def fits(page: Page, name: str) -> None:
    """The table fits the first screen (see `js/test/fits.js`); its screenshot kept."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))
    problems = page.evaluate(FITS)
    assert not problems, problems


def click_action(page: Page, shown: dict[str, Any], index: int) -> None:
    """Click what a player would to take the offered action `index`: its card, its cards and
    then the discard button (by the cards kept, where the page asks for those), or its
    button; and wait for the answer."""
    received = page.evaluate("window.game.received")
    if page.locator("#last-hand[open]").count():  # the last hand's result: read, closed
        page.click("#last-hand button")
    view = shown["view"]["data"]
    action = view["legal_actions"][index]
    if action["type"] == "Discard":
        keeping = page.evaluate("window.game.keeping")
        cards = (
            [c for c in view["hand"] if c not in action["cards"]] if keeping else action["cards"]
        )
        for card in cards:
            own_card(page, view["seat"], card).click(position=CORNER)
        page.click("#actions button.legal:not([disabled])")
    elif action["type"] in ("Play", "Pitch"):
        own_card(page, view["seat"], action["card"]).click(position=CORNER)
    else:
        page.locator("#actions button.legal").get_by_text(
            shown["labels"][index], exact=True
        ).click()
    page.wait_for_function("(old) => window.game.received > old", arg=received)


def click_once(page: Page) -> None:
    """Take the first action offered, as a player would."""
    click_action(page, message(page), 0)


RAW = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\b(?:BJ|LJ|JK)\b|\btrump [SHDC]\b")


def check_tidy(page: Page) -> None:
    """What a person sees now is whole: nothing wider than the screen, every word of each
    picture inside it and no trick's label under a card, every control and hint inside the
    screen's width, and the log in words (no `KS`, `trump C`)."""
    problems = page.evaluate(UNTIDY)
    log = page.locator("#log li").all_inner_texts()
    problems += [f"raw: {line}" for line in log if RAW.search(line)]
    assert not problems, problems


def start_table(
    page: Page,
    server: ServerProcess,
    preset: str,
    target: str = "",
    players: str = "",
    lang: str = "en",
) -> str:
    page.goto(server.url)
    page.select_option("#lang", lang)
    page.select_option("#preset", preset)
    if players:
        page.select_option("#players", players)
    page.fill("#target", target)
    page.click("#start")
    page.wait_for_url("**/?table=*")
    wait_for_turn(page)
    return str(page.evaluate("new URLSearchParams(location.search).get('table')"))


def join(page: Page, server: ServerProcess, state: GameState, lang: str = "en") -> str:
    """Seat 0 of a table set up at `state` (bots in the other seats), open on the page at its
    first turn; the table's id."""
    table, (token,) = server.open(state, humans=1, lang=lang)
    page.goto(f"{server.url}/?table={table}&token={token}")
    wait_for_turn(page)
    return table


def played_to(rules: Rules, wanted: Callable[[GameState], bool], dealer: int = 0) -> GameState:
    """The first game of `rules` (seeds 0, 1, ...; the bots in every seat) that comes to a
    state `wanted` accepts in its first hand: that state."""
    for seed in range(500):
        state, bot = new_game(rules, seed=seed, dealer=dealer), HeuristicBot(seed=seed)
        while state.hand_number == 0 and not wanted(state):
            assert state.to_act is not None
            state = apply_action(state, bot.choose(observe(state, state.to_act)))
        if wanted(state):
            return state
    raise AssertionError(f"no game of {rules} in 500 comes to the state asked")


def test_a_whole_game_by_clicking_through_a_server_crash(page: Page, server: ServerProcess) -> None:
    table = start_table(page, server, "setback", target="11")
    assert page.inner_text("#score") == "Scores: seats 0+2 0, seats 1+3 0"
    for _ in range(200):  # the first hand, card by card
        if wait_for_turn(page)["view"]["data"]["hand_number"] == 1:
            break
        check_tidy(page)
        click_once(page)
    state = loads(server.stored(table), GameState)
    assert len(state.history) == 1 and state.scores == tuple(state.history[0].score_changes)
    sides = ", ".join(f"{side_text(state.rules, side)} {n}" for side, n in enumerate(state.scores))
    assert page.inner_text("#score") == f"Scores: {sides}"
    # the hand's result is shown at once, whole, on a screen of 1000 by 900
    result = page.locator("#last-hand[open] #result svg").bounding_box()
    assert result is not None and result["y"] >= 0 and result["y"] + result["height"] <= 900
    check_tidy(page)
    screenshot(page, "server-finished-hand.png")
    page.click("#last-hand button")
    assert page.locator("#last-hand[open]").count() == 0

    for _ in range(200):  # into the second hand's play: the server dies mid-hand
        if len(wait_for_turn(page)["view"]["data"]["tricks"]) >= 2:
            break
        click_once(page)
    check_tidy(page)
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


def test_call_your_partner_at_five_seats_on_a_phone(page: Page, server: ServerProcess) -> None:
    """Trickster's 13 points at five seats, on a phone's screen: this seat bids first (the
    dealer is seat 4) and bids the most there is, so that it names trump, calls its partner
    and leads the first trick, and plays the hand by clicking."""
    page.set_viewport_size(PHONE)
    table = join(page, server, new_game(Rules.trickster(13, players=5), seed=0, dealer=4))
    called: list[str] = []
    played, pictured = 0, False
    for _ in range(100):
        shown = wait_for_turn(page)
        view = shown["view"]["data"]
        if view["hand_number"] > 0:
            break
        check_tidy(page)
        bids = [i for i, a in enumerate(view["legal_actions"]) if a["type"] == "Bid"]
        if view["phase"] == "call_partner":  # a card this seat does not hold: a button
            assert not set(shown["view"]["data"]["hand"]) & {
                a["card"] for a in view["legal_actions"]
            }
            called.append(view["legal_actions"][0]["card"])
            page.set_viewport_size(WIDE)
            screenshot(page, "server-call-partner.png")
            page.set_viewport_size(PHONE)
        if view["phase"] == "play":  # the hand as a phone shows it
            widths = page.eval_on_selector_all(
                "#hand g.card.clickable", "cards => cards.map(c => c.getBoundingClientRect().width)"
            )
            assert widths and min(widths) >= 44  # cards a finger can tap
            fits(page, "server-390x844-call-partner-play.png")
            played += 1
            if not pictured:  # until one shows a trick on the table
                screenshot(page, "server-phone.png")
                pictured = bool(view["tricks"] or (view["trick"] and view["trick"]["plays"]))
        click_action(page, shown, bids[-1] if bids else 0)
    state = loads(server.stored(table), GameState)
    (result,) = state.history
    assert result.pitcher == 0 and [str(result.called)] == called and played >= 1
    assert result.partner != 0 and result.tricks


def robbing(long: bool) -> GameState:
    """The Cinch dealer (seat 0) about to rob: a long discard (as many cards go as stay, or
    more), or a short one (the others took most of the stock)."""

    def wanted(state: GameState) -> bool:
        if state.phase is not Phase.DISCARD or state.to_act != state.dealer:
            return False
        discard = legal_actions(state)[-1]
        assert isinstance(discard, Discard)
        return (2 * len(discard.cards) >= len(state.hands[state.dealer])) == long

    return played_to(Rules.preset("cinch"), wanted)


def test_the_cinch_dealer_robs_by_the_cards_kept(page: Page, server: ServerProcess) -> None:
    """The Cinch dealer (this seat, in the first hand) robs the pack: the rest of the stock,
    then down to six. Where that discard is long (as many cards go as stay, or more), the
    page asks for the six cards kept, and sends the discard of the others; where it is
    short, it asks for the discard, and keeping is a click away."""
    page.set_viewport_size(WIDE)
    for long in (True, False):
        join(page, server, robbing(long))
        shown = message(page)
        view = shown["view"]["data"]
        assert view["phase"] == "discard" and view["seat"] == view["dealer"] == 0
        discard = view["legal_actions"][-1]["cards"]
        kept = [card for card in view["hand"] if card not in discard]
        assert len(kept) == 6
        assert page.evaluate("window.game.keeping") is long
        if not long:
            page.get_by_text("Choose the cards to keep instead").click()
        # the cards every discard keeps (the trumps: Cinch's rob throws none) need no click
        offered = [action["cards"] for action in view["legal_actions"]]
        named = [card for card in kept if any(card in cards for cards in offered)]
        for card in named:
            own_card(page, view["seat"], card).click(position=CORNER)
        button = page.locator("#actions button.legal:not([disabled])")
        words = button.inner_text()
        assert words.startswith("keep ") and sorted(words[5:].split()) == sorted(
            shown["names"][card] for card in kept
        )
        assert "keep (6 in all;" in page.inner_text("#hint")
        check_tidy(page)
        if long:
            screenshot(page, "server-cinch-keep.png")
        received = page.evaluate("window.game.received")
        button.click()
        page.wait_for_function("(old) => window.game.received > old", arg=received)
        assert sorted(message(page)["view"]["data"]["hand"]) == sorted(kept)


def test_a_german_table(page: Page, server: ServerProcess) -> None:
    """The lobby in German makes a German table: the page's words and the library's; one
    seat may read it in French (its own language), the table stays German."""
    page.set_viewport_size(WIDE)
    page.goto(server.url)
    page.select_option("#lang", "de")
    assert page.inner_text("#start") == "Tisch eröffnen"
    table = start_table(page, server, "setback", target="11", lang="de")
    assert page.inner_text("#status") == "Du bist dran (Platz 0)."
    assert page.inner_text("#score") == "Punktestand: Plätze 0+2 0, Plätze 1+3 0"
    assert page.inner_text("#bots") == "Bots: Platz 1 (mittel), Platz 2 (mittel), Platz 3 (mittel)"
    # this seat deals: it is offered, in the library's German, what the bots' bids left it
    offered = page.locator("#actions button").all_inner_texts()
    stored = loads(server.stored(table), GameState)
    assert offered == [action_text(action, lang="de") for action in legal_actions(stored)]
    for _ in range(12):
        check_tidy(page)
        click_once(page)
    log = page.locator("#log li").all_inner_texts()
    assert any(line.startswith("Platz 1: ") for line in log), log
    assert any(": spielen " in line for line in log), log
    screenshot(page, "server-german.png")
    page.select_option("#lang", "fr")  # this seat's own language
    page.wait_for_url("**&lang=fr")
    shown = wait_for_turn(page)
    assert shown["lang"] == "fr" and page.inner_text("#status") == "À vous (place 0)."
    page.goto(page.url.replace("&lang=fr", ""))
    assert wait_for_turn(page)["lang"] == "de"
    assert table in page.url


def test_the_lobby_and_the_start(page: Page, server: ServerProcess) -> None:
    """The server says where to open it; the lobby offers each preset's numbers of players
    and shows its target; the page has its icon."""
    assert f"open http://127.0.0.1:{server.port}" in server.output.read_text()
    page.goto(server.url)
    page.select_option("#preset", "trickster-13")
    assert page.locator("#players option").all_inner_texts() == ["4", "5", "6"]
    assert page.input_value("#players") == "4"
    fits = page.evaluate(
        """() => { const input = document.getElementById("target");
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d");
        context.font = style.font;
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        const room = input.clientWidth - padding;
        return [input.placeholder, context.measureText(input.placeholder).width <= room]; }"""
    )
    assert fits == ["52", True]
    icon = page.get_attribute("link[rel=icon]", "href")
    answer = page.request.get(server.url + str(icon))
    assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")
    page.select_option("#players", "5")  # two people and three bots: a link for each person
    page.fill("#humans", "2")
    assert page.input_value("#level") == "medium"
    assert page.locator("#level option").all_inner_texts() == ["easy", "medium", "hard", "expert"]
    page.select_option("#level", "expert")
    page.click("#start")
    page.wait_for_selector("#links a")
    assert page.inner_text("#links") == "Send each person the link to their seat: seat 0 · seat 1"
    links = [str(link.get_attribute("href")) for link in page.locator("#links a").all()]
    for seat, link in enumerate(links):
        page.goto(server.url + link)
        page.wait_for_function("window.game.message")
        assert message(page)["view"]["data"]["seat"] == seat
        bots = "Bots: seat 2 (expert), seat 3 (expert), seat 4 (expert)"
        assert page.inner_text("#bots") == bots


def test_a_trumps_only_table_offers_trumps_only(page: Page, server: ServerProcess) -> None:
    """Ten-point pitch plays trumps only: a hand that holds other cards is offered its trumps."""

    def held_back(state: GameState) -> bool:  # seat 0 to play, holding a card it may not
        playing = state.phase is Phase.PLAY and state.to_act == 0
        return playing and len(legal_actions(state)) < len(state.hands[0])

    table = join(page, server, played_to(Rules.preset("ten-point"), held_back))
    view = message(page)["view"]["data"]
    state = loads(server.stored(table), GameState)
    assert state.rules.trumps_only and state.phase is Phase.PLAY and state.to_act == 0
    clickable = page.eval_on_selector_all(
        "#hand g.clickable", "cards => cards.map(c => c.dataset.card)"
    )
    offered = [action["card"] for action in view["legal_actions"]]
    assert sorted(clickable) == sorted(offered) and len(offered) < len(view["hand"])
    check_tidy(page)
    screenshot(page, "server-trumps-only.png")


def shown_alone(page: Page, server: ServerProcess, state: GameState) -> dict[str, Any]:
    """The page showing the view of `state`'s seat to act as the server would send it (no
    game at the server: what the page sends is kept in `window.sent`)."""
    page.goto(server.url)
    page.wait_for_function("typeof show === 'function'")
    assert state.to_act is not None
    sent = app.message(state, state.to_act, 0, "en")
    page.evaluate(
        """(message) => { $("lobby").hidden = true; $("game").hidden = false;
        window.sent = []; game.socket = { send: (text) => window.sent.push(JSON.parse(text)) };
        game.received = 1; game.message = message; show(message); }""",
        sent,
    )
    return sent


def discarding(rules: Rules, seed: int, choices: Callable[[int], bool]) -> GameState:
    """A game of `rules` played by the bots to a discard whose number of legal discards
    `choices` accepts."""
    state, bot = new_game(rules, seed=seed), HeuristicBot(seed=seed)
    while not choices(sum(isinstance(a, Discard) for a in legal_actions(state))):
        assert state.to_act is not None
        state = apply_action(state, bot.choose(observe(state, state.to_act)))
    return state


def test_a_discard_says_what_to_pick(page: Page, server: ServerProcess) -> None:
    """Issue 40: "discard nothing" was greyed out, with no hint that 7 cards were to be
    picked. The button says how many cards to pick until they make a discard the rules
    allow, then what it discards; where the rules leave one discard, it is that discard."""
    six = discarding(Rules.setback(players=6), 1, lambda n: n > 1)  # 2 of 8 cards
    shown = shown_alone(page, server, six)
    button = page.locator("#actions button.legal")
    assert button.inner_text() == "choose 2 cards" and button.is_disabled()
    assert page.inner_text("#hint") == "Click the cards you discard (2), then the button."
    first = shown["view"]["data"]["legal_actions"][0]
    own_card(page, shown["view"]["data"]["seat"], first["cards"][0]).click(position=CORNER)
    assert button.inner_text() == "choose 2 cards" and button.is_disabled()
    own_card(page, shown["view"]["data"]["seat"], first["cards"][1]).click(position=CORNER)
    assert button.inner_text() == shown["labels"][0] and not button.is_disabled()
    button.click()
    assert page.evaluate("window.sent") == [{"action": first}]

    smear = discarding(Rules.preset("smear"), 0, lambda n: n == 1)  # 4 of 10: only one way
    shown = shown_alone(page, server, smear)
    (only,) = shown["view"]["data"]["legal_actions"]
    assert page.inner_text("#hint") == "The rules leave one discard: press its button."
    assert page.locator("#hand g.clickable").count() == 0
    page.locator("#actions button.legal").get_by_text(shown["labels"][0], exact=True).click()
    assert page.evaluate("window.sent") == [{"action": only}]
    check_tidy(page)


@pytest.mark.parametrize(
    "size", [WIDE, PHONE, SMALL], ids=lambda size: f"{size['width']}x{size['height']}"
)
def test_the_table_fits_the_first_screen(
    page: Page, server: ServerProcess, size: ViewportSize
) -> None:
    """At each size: the Cinch dealer's long rob (the most cards a hand holds), a five-seat
    call your partner auction, and its trick play with cards on the table: the status, every
    seat's label and score, the trick, the hand, the controls and the hint inside the screen,
    no word under 12 px, no card under 44 px wide; and nothing to scroll."""
    page.set_viewport_size(size)
    tag = f"{size['width']}x{size['height']}"
    join(page, server, robbing(long=True))
    fits(page, f"server-{tag}-cinch-rob.png")
    five = Rules.trickster(13, players=5)
    join(page, server, new_game(five, seed=0, dealer=4))
    assert page.locator("#seats li").count() == 5
    fits(page, f"server-{tag}-five-seats.png")

    def on_the_table(state: GameState) -> bool:
        return (
            state.phase is Phase.PLAY
            and state.to_act == 0
            and bool(state.trick and state.trick.plays)
        )

    join(page, server, played_to(five, on_the_table))
    assert page.locator("#trick .sb-card").count() >= 1
    fits(page, f"server-{tag}-trick.png")
    scrolls = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert scrolls == [size["width"], size["height"]]


def test_a_forged_or_broken_message_leaves_the_table_as_it_was(
    page: Page, server: ServerProcess
) -> None:
    """A message for another seat, or one the page cannot read, is refused on the page, and
    the table keeps the state it had."""
    join(page, server, new_game(Rules.setback(), seed=3, dealer=0))
    kept = message(page)
    hand = page.locator("#hand .sb-card").all_inner_texts()
    other = app.message(
        loads(
            server.stored(str(page.evaluate("new URLSearchParams(location.search).get('table')"))),
            GameState,
        ),
        1,
        0,
        "en",
    )
    for forged in (other, {"view": {"data": {"seat": 0}}}, {**kept, "cards": None}):
        page.evaluate("(text) => game.socket.onmessage({ data: text })", json.dumps(forged))
        assert page.inner_text("#refusal").startswith(
            "The server sent something this page cannot show"
        )
        assert message(page) == kept
        assert page.locator("#hand .sb-card").all_inner_texts() == hand


def test_the_coachs_hint_and_review_on_the_table(page: Page, server: ServerProcess) -> None:
    """Issue 49 on the server's page, the one table the Play page has: Hint marks the
    coach's card and shows its sentence (the action and why); when the hand ends, its
    result comes with the coach's review of this seat's decisions, the strip and the text."""
    page.set_viewport_size(PHONE)

    def last_tricks(state: GameState) -> bool:
        return state.phase is Phase.PLAY and state.to_act == 0 and len(state.hands[0]) == 2

    join(page, server, played_to(Rules.setback(), last_tricks))
    page.click("#hint-button")
    page.wait_for_function("document.getElementById('hint').classList.contains('hinted')")
    text = page.inner_text("#hint")
    shown = message(page)
    labels = dict(zip(shown["labels"], shown["view"]["data"]["legal_actions"], strict=True))
    said = re.match(r"Hint — (play \S+): (your side expects|it is your only choice)", text)
    assert said and said[1] in labels, text
    marked = page.locator("#hand .sb-card.hinted")
    assert marked.count() == 1 and marked.get_attribute("data-card") == labels[said[1]]["card"]
    fits(page, "server-hint.png")
    for _ in range(2):  # this seat's two cards: the hand ends
        if not page.locator("#last-hand[open]").count():
            click_once(page)
    page.wait_for_selector("#last-hand[open] #review svg")
    assert page.inner_text("#review p").startswith("Hand 1, ")
    box = page.locator("#last-hand[open]").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    page.screenshot(path=str(ARTIFACTS / "server-review.png"))
