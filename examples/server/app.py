"""A setback game server: tables of any preset, seats joined with a token, bots in the empty
seats, every game kept in SQLite after every action (a server killed and started again loses
no game and no action), the page in the table's or the seat's language. Run `python app.py`
and open the address it prints, http://127.0.0.1:8000 (see README.md)."""

import argparse
import asyncio
import contextlib
import json
import random
import secrets
import sqlite3
import time
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import setback
from setback.bots import LEVELS, bot
from setback.coach import hint, review
from setback.rules import PRESET_NAMES
from setback.svg import card_svg, hand_result_svg
from setback.text import LANGUAGES, contract_text, hand_order

SCHEMA = """
PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; -- a commit outlives a kill (FULL: a power cut)
CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, state TEXT NOT NULL, bots TEXT NOT NULL,
                                  lang TEXT NOT NULL DEFAULT 'en');
CREATE TABLE IF NOT EXISTS seats (token TEXT PRIMARY KEY, game TEXT NOT NULL, seat INT NOT NULL);
"""
BURST, PER_SECOND = 40, 20  # what one connection may send: 40 messages at once, 20 a second
REFUSED = (ValueError, TypeError, RecursionError)  # bad input (a SetbackError is a ValueError)
HINT_BUDGET, REVIEW_BUDGET = 400, 200  # hands the coach plays out a decision: a tenth of a second


class Table:
    """One game in memory: its state, its bots by seat, and each open websocket's seat."""

    def __init__(
        self, game_id: str, state: setback.GameState, bots: dict[int, Any], lang: str
    ) -> None:
        self.id, self.state, self.lang = game_id, state, lang  # lang: the table's language
        # each bot seat's level and seed (a bare seed: a table from before the levels)
        made = {s: b if isinstance(b, dict) else {"level": "medium", "seed": b} for s, b in
                bots.items()}  # fmt: skip
        self.levels = {seat: str(made[seat]["level"]) for seat in made}
        self.bots = {seat: bot(made[seat]["level"], seed=made[seat]["seed"]) for seat in made}
        self.seats: dict[WebSocket, int] = {}  # an open websocket: its seat
        self.seen: dict[WebSocket, int] = {}  # an open websocket: the last event sent to it
        self.langs: dict[WebSocket, str] = {}  # an open websocket: the language it is sent
        self.sending: dict[WebSocket, asyncio.Lock] = {}  # an open websocket: one update at a time
        self.views: dict[WebSocket, Any] = {}  # an open websocket: the last view sent to it
        self.moving = False  # whether a coroutine is moving the bots at their pace


class Server:
    """The tables, kept in SQLite: a game's row holds the JSON of its state (`dumps`). Each
    new table's deal and bots' seeds are drawn from `seed`, in the order the tables are made
    (the same tables, the same games: for tests), or with no seed from the OS."""

    def __init__(self, path: str, seed: int | None = None, pace: float = 0.0) -> None:
        self.seeds = random.SystemRandom() if seed is None else random.Random(seed)
        self.pace = pace  # seconds between two bots' moves that the seats are shown
        self.db = sqlite3.connect(path)
        if self.db.execute("PRAGMA table_info(games)").fetchall() and not any(
            column[1] == "lang" for column in self.db.execute("PRAGMA table_info(games)")
        ):  # a file from before the tables had a language: every game in it is English
            self.db.execute("ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en'")
        self.db.executescript(SCHEMA)
        self.tables: dict[str, Table] = {}

    def create(self, asked: Any) -> tuple[str, list[str]]:
        """A table as asked, `{"preset": "setback", "options": {"players": 4, "target": 11},
        "humans": 1, "lang": "en", "level": "medium"}`: seats 0 to humans - 1 get a token
        each, and bots of `level` (one of `setback.bots.LEVELS`) sit in the rest; the page
        speaks `lang` (one of `setback.text.LANGUAGES`)."""
        if not isinstance(asked, dict) or not isinstance(asked.get("options", {}), dict):
            raise TypeError('send {"preset": "setback", "options": {"target": 11}, "humans": 1}')
        rules = setback.Rules.preset(asked.get("preset", "setback"), **asked.get("options", {}))
        if not isinstance(humans := asked.get("humans", 1), int) or not 0 < humans <= rules.players:
            raise ValueError(f"humans must be a whole number from 1 to {rules.players}")
        lang = language(asked.get("lang", "en"))
        if (level := asked.get("level", "medium")) not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        state = setback.new_game(rules, seed=self.seeds.getrandbits(64))
        return self.open(state, humans, lang, level)

    def open(
        self, state: setback.GameState, humans: int, lang: str, level: str
    ) -> tuple[str, list[str]]:
        """A table of the game `state`, stored, as `create` makes it: its id and tokens."""
        game_id = secrets.token_urlsafe(6)
        tokens = [secrets.token_urlsafe(16) for _ in range(humans)]
        seeds = {seat: {"level": level, "seed": self.seeds.getrandbits(64)}
                 for seat in range(humans, state.rules.players)}  # fmt: skip
        with self.db:  # one transaction: the game and its seats
            row = (game_id, setback.dumps(state), json.dumps(seeds), lang)
            self.db.execute("INSERT INTO games VALUES (?, ?, ?, ?)", row)
            seats = [(token, game_id, seat) for seat, token in enumerate(tokens)]
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?)", seats)
        self.tables[game_id] = Table(game_id, state, seeds, lang)
        self.play_bots(self.tables[game_id])
        return game_id, tokens

    def join(self, game_id: str, token: str) -> tuple[Table, int] | None:
        """The table and the seat that `token` holds there, or None for a forged token."""
        query = "SELECT seat FROM seats WHERE token = ? AND game = ?"
        found = self.db.execute(query, (token, game_id)).fetchone()
        if found is None:
            return None
        if game_id not in self.tables:  # its first seat since the server started: load it
            query = "SELECT state, bots, lang FROM games WHERE id = ?"
            state, seeds, lang = self.db.execute(query, (game_id,)).fetchone()
            bots = {int(seat): seed for seat, seed in json.loads(seeds).items()}
            game = setback.loads(state, setback.GameState)
            self.tables[game_id] = Table(game_id, game, bots, lang)
        return self.tables[game_id], found[0]

    def act(self, table: Table, action: setback.Action, seat: int) -> None:
        """Apply one action and commit the new state; an illegal one raises, nothing stored."""
        state = setback.apply_action(table.state, action, seat=seat)
        with self.db:
            query = "UPDATE games SET state = ? WHERE id = ?"
            self.db.execute(query, (setback.dumps(state), table.id))
        table.state = state

    def play_bots(self, table: Table) -> None:
        """The bots act until a person's turn (or the game's end)."""
        while (seat := table.state.to_act) in table.bots:
            self.act(table, table.bots[seat].choose(setback.observe(table.state, seat)), seat)

    async def paced_bots(self, table: Table) -> None:
        """The bots act until a person's turn, each move shown to every seat and `pace`
        seconds after the one before (all at once with no pace); nothing if another
        coroutine is moving them already."""
        if table.moving:
            return
        table.moving = True
        try:
            while self.pace and (seat := table.state.to_act) in table.bots:
                await tell(table)
                await asyncio.sleep(self.pace)
                self.act(table, table.bots[seat].choose(setback.observe(table.state, seat)), seat)
            self.play_bots(table)
        finally:
            table.moving = False

    async def new_table(self, request: Request) -> JSONResponse:
        """POST /tables: the new table's id and a token for each person's seat."""
        try:
            if int(request.headers.get("content-length") or 0) > 4096:
                raise ValueError("request too large")
            table, tokens = self.create(await request.json())
        except REFUSED as error:
            return JSONResponse(refusal(error), status_code=400)
        return JSONResponse({"table": table, "tokens": tokens})

    async def seat(self, ws: WebSocket) -> None:
        """One seat's websocket: views out, actions in, refusals to this client only."""
        await ws.accept()
        joined = self.join(ws.path_params["table"], ws.query_params.get("token", ""))
        if joined is None:
            await ws.send_json({"refused": "no seat at this table has that token", "code": "token"})
            return await ws.close(code=4403)
        table, seat = joined
        try:  # the seat's own language (`?lang=de`), else the table's
            lang = language(ws.query_params.get("lang", table.lang))
        except setback.LanguageError as error:
            await ws.send_json(refusal(error))
            return await ws.close(code=4400)
        table.seats[ws], table.seen[ws], table.langs[ws] = seat, 0, lang
        table.sending[ws] = asyncio.Lock()
        allowance, last = float(BURST), time.monotonic()
        try:
            await send_update(table, ws)
            if table.state.to_act in table.bots:  # stored mid-way through the bots' moves
                await self.paced_bots(table)  # (a server stopped while they moved at a pace)
                await tell(table)
            while (message := await ws.receive())["type"] == "websocket.receive":
                now = time.monotonic()
                allowance, last = min(BURST, allowance + (now - last) * PER_SECOND) - 1, now
                if allowance < 0:  # a flood: this connection is closed, and no one else's
                    flood = {"refused": "too many messages: wait for your turn", "code": "flood"}
                    await ws.send_json(flood)
                    return await ws.close(code=1008)
                try:
                    if asks_hint(message.get("text")):  # to this client only; nothing changes
                        asked = (table.state, seat, table.langs[ws])  # worked out off the loop
                        await ws.send_json(await asyncio.to_thread(hint_of, *asked))
                        continue
                    self.act(table, read_action(message.get("text")), seat)
                except REFUSED as error:  # junk, stale, out of turn: nothing was stored
                    await ws.send_json(refusal(error))
                    continue
                await self.paced_bots(table)
                await tell(table)
        except WebSocketDisconnect:  # it left while something was sent to it
            pass
        finally:
            del table.seats[ws], table.seen[ws], table.langs[ws], table.sending[ws]
            table.views.pop(ws, None)


async def tell(table: Table) -> None:
    """Every seat at the table sees the news (unless it just left)."""
    for other in list(table.seats):
        with contextlib.suppress(OSError, RuntimeError, WebSocketDisconnect):
            await send_update(table, other)


def read_action(text: str | None) -> setback.Action:
    """The action in a client's message, `{"action": <one of its view's legal_actions>}`."""
    try:
        message = json.loads(text) if text is not None else None
    except REFUSED:
        message = None
    if not isinstance(message, dict) or "action" not in message:
        raise setback.InvalidNotationError('send {"action": <one of your legal_actions>}')
    return setback.parse_action(message["action"])


def asks_hint(text: str | None) -> bool:
    """Whether a client's message is `{"hint": true}`: the coach's advice for its seat."""
    with contextlib.suppress(*REFUSED):
        message = json.loads(text) if text is not None else None
        return isinstance(message, dict) and message.get("hint") is True
    return False


def hint_of(state: setback.GameState, seat: int, lang: str) -> dict[str, Any]:
    """The coach's hint for `seat`, whose turn it is: the action (its index in the view's
    `legal_actions`), its words and the reason, in `lang`."""
    view = setback.observe(state, seat)
    tip = hint(view, budget=HINT_BUDGET, language=lang)
    label = setback.action_text(tip.action, lang=lang)
    index = view.legal_actions.index(tip.action)
    return {"hint": {"index": index, "label": label, "reason": tip.reason}}


def refusal(error: Exception) -> dict[str, Any]:
    """A refusal for the client that sent the bad message: the reason, and its code if any."""
    return {"refused": str(error), "code": getattr(error, "code", None)}


def language(lang: Any) -> str:
    """`lang` if the library speaks it (`setback.text.LANGUAGES`), else `LanguageError`."""
    if lang not in LANGUAGES:
        raise setback.LanguageError(lang)
    return str(lang)


async def send_update(table: Table, ws: WebSocket) -> None:
    """What `ws`'s seat is sent: its view, the events it has not seen, and pictures and
    words of them (unless it connected with `?pictures=no`, as a bot that draws nothing).
    Those are worked out in a thread: the coach's review of a hand takes a second, and the
    event loop serves every other table and seat meanwhile. One update at a time for each
    websocket, so that each event goes out once and in order; none once it has left, and
    none that says nothing new (two seats' actions in quick succession each tell every
    seat: a client must never get its own turn twice for one turn)."""
    lock = table.sending.get(ws)
    if lock is None:
        return
    async with lock:
        if ws not in table.seats:
            return
        seat, after, lang = table.seats[ws], table.seen[ws], table.langs[ws]
        pictures = ws.query_params.get("pictures") != "no"
        work = (table.state, seat, after, lang, pictures)
        if pictures:  # the pictures, and the coach's review when a hand ends: in a thread
            sent = await asyncio.to_thread(message, *work)
        else:  # a view and events alone: a thread would cost more than it saves
            sent = message(*work)
        sent["bots"] = {str(n): level for n, level in table.levels.items()}  # each bot's level
        if ws not in table.seats:  # it left meanwhile
            return
        news = sent["events"]["data"]
        if not news and sent["view"] == table.views.get(ws):
            return
        if news:
            table.seen[ws] = news[-1]["number"]
        table.views[ws] = sent["view"]
        await ws.send_text(json.dumps(sent))


def message(
    state: setback.GameState, seat: int, after: int, lang: str, pictures: bool = True
) -> dict[str, Any]:
    """`seat`'s view of `state`, the events after number `after`, and (with `pictures`) what
    the browser shows of them in `lang`: the library's pictures and words."""
    view = setback.observe(state, seat)
    news = setback.events(state, seat, after=after)
    sent = {"view": json.loads(setback.dumps(view)), "events": json.loads(setback.dumps(news))}
    if pictures:
        sent |= shown(view, news, lang)
        sent["review"] = reviewed(state, seat, news, lang)
    return sent


def reviewed(
    state: setback.GameState, seat: int, news: tuple[setback.Event, ...], lang: str
) -> dict[str, str] | None:
    """The coach's review of `seat`'s decisions in the last hand that ended among `news`
    (its text and its strip), or None if no hand ended."""
    ended = [event.result.number for event in news if isinstance(event, setback.HandScored)]
    if not ended:
        return None
    done = review(setback.game_record(state), seat, budget=REVIEW_BUDGET, hand=ended[-1])
    return {"text": done.text(lang=lang), "svg": done.svg(lang=lang)}


def shown(view: setback.PlayerView, news: tuple[setback.Event, ...], lang: str) -> dict[str, Any]:
    """The frame the table (`js/table.mjs`) draws: the hand in the order it is held (the
    trumps first, strongest first: the off-jack and the jokers among them) and the trick
    (or the last one), each card drawn; the last hand; the words of each legal action,
    side, call, card held and event."""
    rules, trump, contract = view.rules, view.trump, view.contract
    table = None if trump is None else setback.trump_table(trump, rules)

    def is_trump(card: setback.Card) -> bool:
        return table is not None and table.is_trump(card)

    def order(card: setback.Card) -> tuple[int, int, int]:
        if table is not None and trump is not None and table.is_trump(card):
            return 0, -table.strength(card, trump), 0
        return 1, *hand_order(card)

    def drawn(card: setback.Card) -> str:
        return card_svg(card, trump=trump, rules=rules, lang=lang)

    trick = view.trick if view.trick and view.trick.plays else (view.tricks or [None])[-1]
    result = view.last_result
    return {
        "lang": lang,
        "cards": [{"card": str(card), "svg": drawn(card), "trump": is_trump(card)}
                  for card in sorted(view.hand, key=order)],
        "plays": [{"seat": seat, "card": str(card), "svg": drawn(card), "trump": is_trump(card)}
                  for seat, card in (trick.plays if trick else ())],
        "trick_done": trick is not None and trick.winner is not None,
        "trick_winner": None if trick is None else trick.winner,
        "result": hand_result_svg(result, rules=rules, lang=lang) if result else None,
        "scored": any(isinstance(event, setback.HandScored) for event in news),
        "labels": [setback.action_text(action, lang=lang) for action in view.legal_actions],
        "names": {str(card): setback.cards_text([card], lang=lang) for card in view.hand},
        "sides": [setback.side_text(rules, n, lang=lang) for n in range(len(rules.sides))],
        "seat_sides": [rules.side_of(seat) for seat in range(rules.players)],
        "winner": setback.side_text(rules, view.winner, lang=lang),
        "partners": partners(view),
        "bids": [setback.action_text(call, lang=lang) for _, call in view.bids],
        "contract": None if contract is None else contract_text(rules, contract, lang=lang),
        "trump": None if trump is None else trump.symbol,
        "said": [said(event, lang) for event in news],
    }  # fmt: skip


def said(event: setback.Event, lang: str) -> dict[str, str]:
    """What an event holds, in the library's words: the action it records, or its cards."""
    action: setback.Action | None = None
    if isinstance(event, setback.Called):
        action = event.call
    elif isinstance(event, setback.Pitched):
        action = setback.Pitch(event.card)
    elif isinstance(event, setback.TrumpDeclared):
        action = setback.DeclareTrump(event.trump)
    elif isinstance(event, setback.PartnerCalled):
        action = setback.CallPartner(event.card)
    elif isinstance(event, setback.Played):
        action = setback.Play(event.card)
    if action is not None:
        return {"action": setback.action_text(action, lang=lang)}
    cards = event.trick.cards if isinstance(event, setback.TrickWon) else ()
    cards, drawn = getattr(event, "cards", cards), getattr(event, "drawn_cards", ())
    drawn_text = setback.cards_text(drawn, lang=lang)
    return {"cards": setback.cards_text(cards, lang=lang), "drawn": drawn_text}


def partners(view: setback.PlayerView) -> list[int]:
    """The seats on the view's seat's side: its partner's, or under call your partner the
    pitcher and his partner, once the seat may know who that is."""
    seat, rules, pair = view.seat, view.rules, {view.pitcher, view.partner}
    called = pair if seat in pair and None not in pair else set()
    side = rules.side_of(seat)
    return [
        n for n in range(rules.players) if n != seat and (rules.side_of(n) == side or n in called)
    ]


def presets() -> list[dict[str, Any]]:
    """What the lobby offers: each preset's name, its players, the numbers of players it
    takes, and its target."""
    choices = []
    for name in PRESET_NAMES:
        rules, counts = setback.Rules.preset(name), []
        for players in range(2, 9):
            with contextlib.suppress(setback.RulesError):
                counts.append(setback.Rules.preset(name, players=players).players)
        choices.append({"name": name, "players": rules.players, "counts": counts,
                        "target": rules.target})  # fmt: skip
    return choices


TABLE_FILES = ("table.mjs", "table-words.mjs")
"""The one table of the web pages (the Play page draws it too), from the checkout's `js/`."""


def table_file(name: str) -> Any:
    """The route's answer: `js/<name>` of the checkout this example sits in."""
    path = Path(__file__).resolve().parents[2] / "js" / name

    async def answer(request: Request) -> FileResponse:
        return FileResponse(path, media_type="text/javascript")

    return answer


def make_app(db_path: str, seed: int | None = None, pace: float = 0.0) -> Starlette:
    """The web app over the games in the SQLite file `db_path`; with `seed`, every new
    table's deal and bots come from it (see `Server`)."""
    server, choices = Server(db_path, seed, pace), presets()
    return Starlette(routes=[
        Route("/presets", lambda request: JSONResponse(choices)),
        *[Route(f"/{name}", table_file(name)) for name in TABLE_FILES],
        Route("/tables", server.new_table, methods=["POST"]),
        WebSocketRoute("/tables/{table}/ws", server.seat),
        Mount("/", StaticFiles(directory=Path(__file__).parent / "static", html=True)),
    ])  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A setback game server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default="games.sqlite", help="the SQLite file of every game")
    parser.add_argument(
        "--seed", type=int, help="draw every new table's deal and bots' seeds from this seed"
    )
    parser.add_argument(
        "--pace", type=float, default=0.6, help="seconds between two bots' moves (0: at once)"
    )
    args = parser.parse_args()
    app = make_app(args.db, args.seed, args.pace)
    shown_host = "127.0.0.1" if args.host == "0.0.0.0" else args.host
    print(f"setback: open http://{shown_host}:{args.port} (Ctrl+C stops the server)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=4096, log_level="warning")
