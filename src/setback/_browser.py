"""The Python side of `setback.mjs`: what its Web Worker asks the library, JSON in and out.

Private: the JavaScript module is the public face (`docs/guides/browser.md`). The worker
passes each request as JSON text to `handle` and posts back the JSON text it returns, so
no Pyodide proxy ever crosses into JavaScript. A request is `{"op": ..., ...}`; the answer
is `{"ok": value}` or `{"error": {"code", "params", "message", "kind"}}`, the message in
the request's `lang` (refusals through `setback.text.refusal_text`).

Games live here, in the worker, by a number: a `Game` in JavaScript is that number. The
same module runs natively, so its tests run with the library's own.
"""

from __future__ import annotations

import functools
import inspect
import io
import json
import random
import re
import sys
import time
from collections.abc import Callable
from typing import Any

from . import svg
from ._version import __version__
from .actions import parse_action
from .bots import LEVELS
from .cards import Card
from .engine import apply_action, legal_actions, new_game
from .errors import (
    DrawingError,
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    LanguageError,
    RulesError,
    SetbackError,
)
from .eventlog import events
from .records import game_record, replay
from .rules import PRESET_NAMES, Rules
from .serialization import SCHEMA_VERSION, dumps, json_schema, loads
from .simulation import BOTS
from .state import GameRecord, GameState, HandResult, Trick
from .text import LANGUAGES, action_text, refusal_text, side_text
from .views import PlayerView, observe

__all__ = ["handle"]

_games: dict[int, GameState] = {}
"""The worker's games by number."""
_bots: dict[tuple[int, int, str, int], Any] = {}
"""Each game's bots, by (game, seat, level, seed): a bot may keep what it learned."""
_narrators: dict[tuple[int, int, str], Any] = {}
"""Each game's narrators, by (game, seat, lang): the terminal's words for events."""
_reviews: dict[tuple[int, int, int], Any] = {}
"""Each game's reviews of a finished hand, by (game, seat, hand): a hand, once over, is
reviewed once, and its words asked again in any language."""
_next = 0


class _RequestError(SetbackError):
    """A request the worker cannot read: `code` says what is wrong."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(message)


class _Told(Exception):
    """A refusal of an action applied for a seat, in the words told to that player."""

    def __init__(self, refusal: IllegalActionError, message: str) -> None:
        self.refusal = refusal
        super().__init__(message)


def handle(request: str) -> str:
    """Answer one request (JSON text): `{"ok": value}` or `{"error": {...}}`, as JSON text.

    Never raises: whatever goes wrong becomes an error answer, and a game is changed only
    by a request that succeeds.
    """
    lang = "en"
    try:
        message = json.loads(request)
        if type(message) is not dict or type(message.get("op")) is not str:
            raise _RequestError("bad_request", 'a request is {"op": ..., ...}')
        lang = message.get("lang", "en")
        if lang not in LANGUAGES:
            bad, lang = lang, "en"
            raise LanguageError(str(bad))
        op = _OPS.get(message["op"])
        if op is None:
            raise _RequestError("unknown_op", f"no operation {message['op']!r}", op=message["op"])
        answer: Any = {"ok": op(message)}
    except Exception as error:  # every failure is an answer, never a dead worker
        answer = {"error": _error(error, lang)}
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def _error(error: Exception, lang: str) -> dict[str, Any]:
    """An exception as JavaScript's `SetbackError` takes it."""
    told = str(error) if isinstance(error, _Told) else None
    if isinstance(error, _Told):
        error = error.refusal
    if isinstance(error, IllegalActionError | InvalidNotationError):
        params = dict(error.params)
        if isinstance(error, IllegalActionError):
            params.setdefault("seat", error.seat)
        message = told or refusal_text(error, lang=lang)
        code = error.code
    else:
        params = dict(getattr(error, "params", {}))
        message = str(error)
        code = getattr(error, "code", None) or _CODES.get(type(error), "internal")
        if isinstance(error, LanguageError):
            params = {"lang": error.lang}
    kind = "SetbackError" if isinstance(error, _RequestError) else type(error).__name__
    return {"code": code, "params": params, "message": message, "kind": kind}


_CODES: dict[type, str] = {
    RulesError: "rules",
    InvalidStateError: "invalid_state",
    LanguageError: "language",
    DrawingError: "drawing",
    TypeError: "wrong_type",
    json.JSONDecodeError: "bad_request",
}


def _game(message: dict[str, Any]) -> tuple[int, GameState]:
    number = message.get("game")
    if type(number) is not int or number not in _games:
        raise _RequestError("unknown_game", f"no game {number!r} (closed, or never made)")
    return number, _games[number]


def _seat(message: dict[str, Any], state: GameState, name: str = "seat") -> int:
    seat = message.get(name)
    if type(seat) is not int or not 0 <= seat < state.rules.players:
        last = state.rules.players - 1
        raise _RequestError("no_seat", f"no seat {seat!r}: seats are 0 to {last}", seat=seat)
    return seat


def _document(text: str) -> Any:
    return json.loads(text)


def _rules(value: Any) -> Rules:
    """A `Rules` document, or its `data` alone (as a view's `rules` field holds it)."""
    if type(value) is dict and "format" not in value:
        value = {"format": "setback", "version": SCHEMA_VERSION, "kind": "Rules", "data": value}
    return loads(json.dumps(value), Rules)


def _keep(state: GameState) -> dict[str, Any]:
    global _next
    _next += 1
    _games[_next] = state
    return {"game": _next, "status": _status(state)}


def _status(state: GameState) -> dict[str, Any]:
    """Where a game stands, in a few JSON fields."""
    return {
        "phase": state.phase.value,
        "to_act": state.to_act,
        "hand_number": state.hand_number,
        "scores": list(state.scores),
        "winner": state.winner,
        "players": state.rules.players,
        "actions": len(state.log),
    }


# --- the operations ---------------------------------------------------------------------


def _hello(_message: dict[str, Any]) -> dict[str, Any]:
    levels = list(LEVELS)
    return {
        "version": __version__,
        "python": sys.version.split()[0],
        "presets": list(PRESET_NAMES),
        "players": {name: _counts(name) for name in PRESET_NAMES},
        "levels": levels,
        "bots": list(BOTS),
        "languages": list(LANGUAGES),
    }


def _counts(preset: str) -> list[int]:
    """The numbers of players `preset` takes (its rules say which; 2 to 8 asked)."""
    counts = []
    for players in range(2, 9):
        try:
            counts.append(Rules.preset(preset, players=players).players)
        except RulesError:
            continue
    return counts


def _new_game(message: dict[str, Any]) -> dict[str, Any]:
    preset, options, seed = message.get("preset"), message.get("options") or {}, message.get("seed")
    if type(options) is not dict:
        raise TypeError(f"options must be an object, not {type(options).__name__}")
    if type(seed) is str and re.fullmatch(r"-?[0-9]+", seed):  # a BigInt's digits
        seed = int(seed)
    rules = Rules.preset(preset, **options)  # type: ignore[arg-type]  # checked there
    return _keep(new_game(rules, seed=seed))


def _load(message: dict[str, Any]) -> dict[str, Any]:
    text = message.get("document")
    if type(text) is not str:
        raise TypeError("load takes a GameState or GameRecord document")
    value = loads(text)
    if isinstance(value, GameRecord):
        value = replay(value)
    if not isinstance(value, GameState):
        kind = type(value).__name__
        raise InvalidStateError(f"the document holds a {kind}, not a GameState or GameRecord")
    return _keep(value)


def _legal_actions(message: dict[str, Any]) -> list[Any]:
    _, state = _game(message)
    return [_document(dumps(action))["data"] for action in legal_actions(state)]


def _apply(message: dict[str, Any]) -> dict[str, Any]:
    number, state = _game(message)
    seat = None if message.get("seat") is None else _seat(message, state)
    action = parse_action(message.get("action"))  # type: ignore[arg-type]
    try:
        state = apply_action(state, action, seat=seat)
    except IllegalActionError as error:
        if seat is None:
            raise
        # the player's own refusal, told to him as setback play tells it: "you", not "seat 0"
        from .terminal import TerminalGame

        lang = message.get("lang", "en")
        player = TerminalGame(state, {}, seat, read=str, out=io.StringIO(), lang=lang)
        raise _Told(error, player.refusal(error)) from error
    _games[number] = state
    return _status(state)


def _view(message: dict[str, Any]) -> Any:
    _, state = _game(message)
    return _document(dumps(observe(state, _seat(message, state))))


def _events(message: dict[str, Any]) -> Any:
    _, state = _game(message)
    since = message.get("since", 0)
    if type(since) is not int or since < 0:
        raise TypeError(f"since must be a whole number of events, not {since!r}")
    return _document(dumps(events(state, _seat(message, state), after=since)))


def _dump(message: dict[str, Any]) -> Any:
    _, state = _game(message)
    return _document(dumps(state))


def _record(message: dict[str, Any]) -> Any:
    _, state = _game(message)
    return _document(dumps(game_record(state)))


def _results(message: dict[str, Any]) -> list[Any]:
    _, state = _game(message)
    return [_document(dumps(result)) for result in state.history]


def _status_op(message: dict[str, Any]) -> dict[str, Any]:
    return _status(_game(message)[1])


def _close(message: dict[str, Any]) -> None:
    number, _ = _game(message)
    del _games[number]
    for key in [key for key in _bots if key[0] == number]:
        del _bots[key]
    for told in [told for told in _narrators if told[0] == number]:
        del _narrators[told]
    for reviewed in [reviewed for reviewed in _reviews if reviewed[0] == number]:
        del _reviews[reviewed]


def _bot_action(message: dict[str, Any]) -> Any:
    number, state = _game(message)
    level, seed = message.get("level"), message.get("seed", 0)
    if type(level) is not str or level not in BOTS:
        levels, bots = ", ".join(LEVELS), ", ".join(name for name in BOTS if name not in LEVELS)
        raise _RequestError(
            "no_level",
            f"no bot level {level!r}: the levels are {levels} (bots: {bots})",
            level=level,
        )
    if type(seed) is not int:
        raise TypeError(f"seed must be a whole number, not {type(seed).__name__}")
    seat = state.to_act
    if seat is None:
        raise _RequestError("game_over", "the game is over: no seat is to act")
    key = (number, seat, level, seed)
    if key not in _bots:
        _bots[key] = BOTS[level](random.Random(f"{seed}:{seat}:{level}").getrandbits(64))
    return _document(dumps(_bots[key].choose(observe(state, seat))))["data"]


HINT_BUDGET = 1000
"""The hands the coach plays out for a hint (`setback.coach.DEFAULT_BUDGET`): in the
page, 0.3 s on average, 0.7 s at most (docs/guides/browser.md)."""
REVIEW_BUDGET = 400
"""The hands the coach plays out for each decision of a reviewed hand: a hand's review in
the page takes 0.3 to 0.9 s (docs/guides/browser.md)."""


def _hint(message: dict[str, Any]) -> dict[str, Any]:
    """The coach's hint for `seat`, whose turn it is, as the example server sends it: the
    action, its index among the view's legal actions, its words and the coach's reason
    (`setback.coach.hint`), in `lang`."""
    from .coach import hint

    _, state = _game(message)
    seat, lang = _seat(message, state), message.get("lang", "en")
    view = observe(state, seat)
    tip = hint(view, budget=HINT_BUDGET, language=lang)
    return {
        "action": _document(dumps(tip.action))["data"],
        "index": view.legal_actions.index(tip.action),
        "label": action_text(tip.action, lang=lang),
        "reason": tip.reason,
    }


def _review(message: dict[str, Any]) -> dict[str, Any]:
    """The coach's review of `seat`'s decisions in a finished hand (`hand`: its number; the
    last finished hand when it is not given), as the example server sends it: its text and
    its strip (SVG), in `lang` (`setback.coach.review`)."""
    from .coach import review

    number, state = _game(message)
    seat, lang, hand = _seat(message, state), message.get("lang", "en"), message.get("hand")
    finished = [result.number for result in state.history]
    if hand is None and finished:
        hand = finished[-1]
    if type(hand) is not int or hand not in finished:
        hands = ", ".join(map(str, finished)) or "none yet"
        raise _RequestError(
            "no_hand", f"no finished hand {hand!r} to review (finished: {hands})", hand=hand
        )
    key = (number, seat, hand)
    if key not in _reviews:
        _reviews[key] = review(game_record(state), seat, budget=REVIEW_BUDGET, hand=hand)
    done = _reviews[key]
    return {"hand": hand, "text": done.text(lang=lang), "svg": done.svg(lang=lang)}


def _narrate(message: dict[str, Any]) -> dict[str, Any]:
    """What `seat` saw happen after event `since`, in the words of `setback play`."""
    from .terminal import TerminalGame

    number, state = _game(message)
    seat, lang = _seat(message, state), message.get("lang", "en")
    since = message.get("since", 0)
    if type(since) is not int or since < 0:
        raise TypeError(f"since must be a whole number of events, not {since!r}")
    news = events(state, seat, after=since)
    key = (number, seat, lang)
    narrator, out = _narrators.get(key, (None, io.StringIO()))
    if narrator is None or narrator.shown != since:
        narrator = TerminalGame(state, {}, seat, read=str, out=out, lang=lang)
        _narrators[key] = (narrator, out)
    narrator.state = state
    for event in news:
        narrator.tell(event)
        narrator.shown = event.number
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return {"lines": text.splitlines(), "last": news[-1].number if news else since}


def _action_text(message: dict[str, Any]) -> list[str]:
    lang = message.get("lang", "en")
    actions = message.get("actions")
    if type(actions) is not list:
        raise TypeError("actions must be a list")
    return [action_text(parse_action(action), lang=lang) for action in actions]


def _level_text(message: dict[str, Any]) -> list[str]:
    from .terminal import level_name

    lang = message.get("lang", "en")
    levels = message.get("levels")
    if type(levels) is not list or not all(type(level) is str for level in levels):
        raise TypeError("levels must be a list of level names")
    return [level_name(level, lang) for level in levels]


def _side_text(message: dict[str, Any]) -> list[str]:
    rules = _rules(message.get("rules"))
    lang = message.get("lang", "en")
    return [side_text(rules, side, lang=lang) for side in range(len(rules.sides))]


@functools.cache
def _takes_lang(function: Callable[..., str]) -> bool:
    return "lang" in inspect.signature(function).parameters


def _draw(message: dict[str, Any]) -> str:
    """A document as a picture: a PlayerView, GameState, HandResult, Trick or Card."""
    options = message.get("options") or {}
    if type(options) is not dict:
        raise TypeError(f"options must be an object, not {type(options).__name__}")
    value = loads(json.dumps(message.get("document")))
    keywords = {key: options[key] for key in ("scale", "colors") if key in options}
    if "rules" in options and options["rules"] is not None:
        keywords["rules"] = _rules(options["rules"])
    if isinstance(value, PlayerView):
        function: Callable[..., str] = svg.view_svg
        keywords.pop("rules", None)
        if "bottom" in options:
            keywords["bottom"] = options["bottom"]
    elif isinstance(value, GameState):
        function = svg.state_svg
        keywords.pop("rules", None)
        if "bottom" in options:
            keywords["bottom"] = options["bottom"]
    elif isinstance(value, HandResult):
        function = svg.hand_result_svg
    elif isinstance(value, Trick):
        function = svg.trick_svg
    else:
        function = svg.card_svg
        keywords.pop("rules", None)
    if _takes_lang(function):
        keywords["lang"] = message.get("lang", "en")
    return function(value, **keywords)


def _table(message: dict[str, Any]) -> dict[str, Any]:
    """What the one table (`js/table.mjs`) shows `seat`, in `lang`: its view, the hand in
    the order it is held (the trumps first, strongest first: the off-jack and the jokers
    among them), each card and each card of the trick drawn, the last hand's result, and
    the words of each legal action, side, call and card."""
    _, state = _game(message)
    seat, lang = _seat(message, state), message.get("lang", "en")
    return table_frame(observe(state, seat), lang)


def table_frame(view: PlayerView, lang: str) -> dict[str, Any]:
    """The table's frame of `view` (see `_table`); the example server sends the same."""
    from .tables import trump_table
    from .text import cards_text, contract_text, hand_order

    rules, trump, contract = view.rules, view.trump, view.contract
    table = None if trump is None else trump_table(trump, rules)

    def is_trump(card: Card) -> bool:
        return table is not None and table.is_trump(card)

    def order(card: Card) -> tuple[int, int, int]:
        if table is not None and trump is not None and table.is_trump(card):
            return 0, -table.strength(card, trump), 0
        return 1, *hand_order(card)

    def drawn(card: Card) -> str:
        return svg.card_svg(card, trump=trump, rules=rules, lang=lang)

    trick = view.trick if view.trick and view.trick.plays else (view.tricks or [None])[-1]
    plays = [
        {"seat": seat, "card": str(card), "svg": drawn(card), "trump": is_trump(card)}
        for seat, card in (trick.plays if trick is not None else ())
    ]
    result = view.last_result
    pair = {view.pitcher, view.partner}
    called = pair if view.seat in pair and None not in pair else set()
    side = rules.side_of(view.seat)
    return {
        "lang": lang,
        "view": _document(dumps(view)),
        "cards": [
            {"card": str(card), "svg": drawn(card), "trump": is_trump(card)}
            for card in sorted(view.hand, key=order)
        ],
        "plays": plays,
        "trick_done": trick is not None and trick.winner is not None,
        "trick_winner": None if trick is None else trick.winner,
        "result": svg.hand_result_svg(result, rules=rules, lang=lang) if result else None,
        "labels": [action_text(action, lang=lang) for action in view.legal_actions],
        "names": {str(card): cards_text([card], lang=lang) for card in view.hand},
        "sides": [side_text(rules, n, lang=lang) for n in range(len(rules.sides))],
        "winner": side_text(rules, view.winner, lang=lang),
        "seat_sides": [rules.side_of(n) for n in range(rules.players)],
        "partners": [
            n
            for n in range(rules.players)
            if n != view.seat and (rules.side_of(n) == side or n in called)
        ],
        "bids": [action_text(call, lang=lang) for _, call in view.bids],
        "contract": None if contract is None else contract_text(rules, contract, lang=lang),
        "trump": None if trump is None else trump.symbol,
    }


def _schema(_message: dict[str, Any]) -> Any:
    return json_schema()


def _random_hands(message: dict[str, Any]) -> dict[str, Any]:
    """Random hands through the checked API for about `seconds`: how many, in what time."""
    preset, seconds = message.get("preset", "setback"), message.get("seconds", 1.0)
    if type(seconds) not in (int, float) or not 0 < seconds <= 60:
        raise TypeError("seconds must be a number from 0 to 60")
    return random_hands(Rules.preset(preset), float(seconds), seed=message.get("seed", 0))


def random_hands(rules: Rules, seconds: float, *, seed: int = 0) -> dict[str, Any]:
    """Play random hands of `rules` (uniform legal actions) for about `seconds` of the wall
    clock: `{"hands", "actions", "seconds", "cpu"}`, `cpu` the process's CPU seconds (in
    Pyodide, where there is no process time, the wall clock again). The same loop runs
    natively and in the browser."""
    rng = random.Random(seed)
    hands = actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    while (spent := time.perf_counter() - start) < seconds:
        state = new_game(rules, seed=rng.getrandbits(64))
        while state.hand_number == 0 and not state.is_over:
            state = apply_action(state, rng.choice(legal_actions(state)))
            actions += 1
        hands += 1
    used = time.process_time() - cpu
    return {"hands": hands, "actions": actions, "seconds": spent, "cpu": used}


_OPS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "hello": _hello,
    "new_game": _new_game,
    "load": _load,
    "legal_actions": _legal_actions,
    "apply": _apply,
    "view": _view,
    "events": _events,
    "dump": _dump,
    "record": _record,
    "results": _results,
    "status": _status_op,
    "close": _close,
    "bot_action": _bot_action,
    "narrate": _narrate,
    "hint": _hint,
    "review": _review,
    "action_text": _action_text,
    "side_text": _side_text,
    "level_text": _level_text,
    "draw": _draw,
    "table": _table,
    "schema": _schema,
    "random_hands": _random_hands,
}
