"""Every action a view offers has a control on the page: for every preset (and call your
partner's five seats), at every decision of a hand the bots play, on a wide screen and on a
phone's. The page is sent each view as the server sends it; each offered action is then
taken the way a person does it (its card, its cards and the discard button, or its button,
each one a person can reach: on the page, under no other element), and what the page sends
must be exactly that action."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app import message, partners
from playwright.sync_api import Browser, Page

from conftest import UNTIDY, ServerProcess
from setback import GameState, Phase, Rules, apply_action, events, new_game, observe
from setback.bots import HeuristicBot
from setback.rules import PRESET_NAMES

TABLES = [(name, None) for name in PRESET_NAMES] + [
    (f"trickster-{points}", 5)
    for points in (7, 10, 11, 13)  # call your partner
]
SCREENS = {"wide": (1000, 900), "phone": (390, 844)}
LANGUAGES = ("en", "de", "sv", "fr")  # a table's language: each in turn

# Takes each action of `indices` in a fresh page of the view, as a person would; returns
# what went wrong: an action with no control a person can reach, or a control that sent
# something else. Discards are taken both ways: by the cards discarded and by those kept.
TAKE = """([message, indices]) => {
  const view = message.view.data, sent = [], wrong = [];
  game.socket = { send: (text) => sent.push(JSON.parse(text).action) };
  const text = (value) => JSON.stringify(Object.entries(value).sort());
  const reachable = (element) => {
    element.scrollIntoView({ block: "center", inline: "center" });
    const r = element.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    const card = element.matches("g.card");
    const top = document.elementFromPoint(card ? r.left + 5 : (r.left + r.right) / 2,
                                          card ? r.top + 12 : (r.top + r.bottom) / 2);
    return top !== null && (top === element || element.contains(top));
  };
  const cards = (name) => [...document.querySelectorAll(
    `#table g.seat[data-seat="${view.seat}"] g.card.clickable[data-card="${name}"],` +
    ` #hand g.card.clickable[data-card="${name}"]`)].filter(reachable);
  const buttons = (chosen) => [...document.querySelectorAll("#actions button.legal")]
    .filter((b) => chosen(b) && reachable(b));
  const click = (element) => element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const check = (action, how) => {
    if (sent.length !== 1 || text(sent[0]) !== text(action)) {
      wrong.push(`${JSON.stringify(action)}${how}: sent ${JSON.stringify(sent)}`);
    }
    sent.length = 0;
  };
  const fresh = () => {
    game.received = 1; game.message = message; game.selected.clear(); game.keeping = null;
    show(message);
  };
  fresh(); // a card or a button sends at once, and the page stays as it is
  for (const i of indices) {
    const action = view.legal_actions[i];
    if (action.type === "Play" || action.type === "Pitch") {
      cards(action.card).slice(0, 1).forEach(click);
    } else if (action.type !== "Discard") {
      buttons((b) => b.textContent === message.labels[i]).slice(0, 1).forEach((b) => b.click());
    } else {
      continue;
    }
    check(action, "");
  }
  for (const i of indices) { // a discard: its cards picked, then the button; both ways
    const action = view.legal_actions[i];
    if (action.type !== "Discard") continue;
    for (const switched of [false, true]) {
      fresh();
      if (switched) {
        const other = [...document.querySelectorAll("#actions button.switch")].filter(reachable);
        if (other.length !== 1) continue; // one discard only: nothing to switch
        other[0].click();
      }
      const kept = view.hand.filter((card) => !action.cards.includes(card));
      for (const name of game.keeping ? kept : action.cards) cards(name).slice(0, 1).forEach(click);
      const ready = buttons((b) => !b.disabled);
      if (ready.length === 1) ready[0].click();
      check(action, switched ? " (switched)" : "");
    }
  }
  return wrong;
}"""


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server for the page's files (the views are sent by the test)."""
    process = ServerProcess(Path(tmp_path_factory.mktemp("controls")) / "games.sqlite")
    process.start()
    yield process
    process.stop()


def decisions(rules: Rules, seed: int) -> Iterator[tuple[GameState, int]]:
    """Every state, and its seat to act, until the bots have played a hand to its end (hands
    passed out and dealt again not counted)."""
    state, bot = new_game(rules, seed=seed), HeuristicBot(seed=seed)
    while state.to_act is not None and not any(hand.tricks for hand in state.history):
        yield state, state.to_act
        state = apply_action(state, bot.choose(observe(state, state.to_act)))


def sampled(offered: list[dict[str, Any]], rng: random.Random) -> list[int]:
    """Every action but discards; of the discards (up to thousands), the first, the last
    and three at random."""
    discards = [i for i, action in enumerate(offered) if action["type"] == "Discard"]
    chosen = set(discards[:1] + discards[-1:] + rng.sample(discards, min(3, len(discards))))
    return [i for i in range(len(offered)) if i not in discards or i in chosen]


@pytest.mark.parametrize(("preset", "players", "lang"), [
    (preset, players, LANGUAGES[n % len(LANGUAGES)]) for n, (preset, players) in enumerate(TABLES)
])  # fmt: skip
def test_every_offered_action_has_a_control(
    browser: Browser, lobby: ServerProcess, preset: str, players: int | None, lang: str
) -> None:
    """... and the page is tidy at each (see `conftest.UNTIDY`), in the table's language."""
    rules = Rules.preset(preset, players=players)
    pages: dict[str, Page] = {}
    for name, (width, height) in SCREENS.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        pages[name] = context.new_page()
        pages[name].goto(lobby.url)
        pages[name].wait_for_function("typeof show === 'function' && typeof WORDS === 'object'")
        pages[name].evaluate("$('lobby').hidden = true; $('game').hidden = false")
    rng, kinds, problems = random.Random(preset), set(), []
    try:
        for state, seat in decisions(rules, seed=len(preset)):
            seen = events(state, seat)
            shown = message(state, seat, seen[-1].number if seen else 0, lang)
            offered = shown["view"]["data"]["legal_actions"]
            kinds |= {action["type"] for action in offered}
            for name, page in pages.items():
                wrong = page.evaluate(TAKE, [shown, sampled(offered, rng)])
                wrong += page.evaluate(UNTIDY)
                problems += [f"{name}, {state.phase.value}: {line}" for line in wrong]
    finally:
        for page in pages.values():
            page.context.close()
    assert not problems, problems[:10]
    assert {"Play"} <= kinds and ("CallPartner" in kinds) == rules.call_partner


def test_a_seat_knows_its_partners_as_its_view_does() -> None:
    """The page's "partner" tags (`app.partners`): a partnership's other seat; under call
    your partner, the holder of the called card and the pitcher, each as soon as its view
    may know the other, and nobody else."""
    assert partners(observe(new_game(Rules.setback(), seed=1), 0)) == [2]
    assert partners(observe(new_game(Rules.setback(players=6), seed=1), 4)) == [1]
    state, bot = new_game(Rules.trickster(13, players=5), seed=4), HeuristicBot(seed=4)

    def step(state: GameState) -> GameState:
        assert state.to_act is not None
        return apply_action(state, bot.choose(observe(state, state.to_act)))

    while state.phase is not Phase.PLAY:
        state = step(state)
    pitcher, holder = state.pitcher, state.partner
    assert pitcher is not None and holder is not None and holder != pitcher
    known = {seat: partners(observe(state, seat)) for seat in range(5)}
    assert known == {seat: [pitcher] if seat == holder else [] for seat in range(5)}
    while not state.trick or state.called not in state.trick.cards:
        state = step(state)
    known = {seat: partners(observe(state, seat)) for seat in range(5)}
    assert known == {
        seat: [holder] if seat == pitcher else [pitcher] if seat == holder else []
        for seat in range(5)
    }
