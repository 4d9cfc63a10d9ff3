"""`setback play`: a person plays in the terminal against bots; saves and resumes."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from .actions import Action, DeclareTrump, Discard, Pitch, Play, parse_action
from .bots import Bot
from .cards import Card
from .engine import apply_action
from .errors import IllegalActionError, InvalidNotationError, InvalidStateError
from .eventlog import (
    Called,
    Dealt,
    Discarded,
    Event,
    FaceUpDiscarded,
    GameOver,
    HandScored,
    Pitched,
    Played,
    TrickWon,
    TrumpDeclared,
    events,
)
from .rules import Rules
from .serialization import dumps, loads
from .state import GameState, HandResult
from .text import action_text, cards_text, contract_text, hand_text
from .views import PlayerView, observe

SAVE_FORMAT = "setback-play"
"""The `format` of a `setback play` save file."""


class Quit(Exception):
    """The player left (quit or end of input)."""


def verbs(rules: Rules) -> str:
    """The actions these rules have, in the words a player types."""
    words = ["pass", f"bid {rules.min_bid}-{rules.max_plain_bid}"]
    if rules.smudge:
        words.append("smudge")
    if rules.pitch_instead_of_bid:
        words.append("pitch CARD")
    if rules.declares_trump:
        words.append("trump SUIT")
    if rules.discard_count or rules.draw or rules.deal > 6:
        words.append("discard CARDS")
    words.append("play CARD (or just the card)")
    return ", ".join(words)


def save_document(state: GameState, seat: int, bots: dict[int, tuple[str, int]]) -> str:
    """The text of a save file: the game (as `dumps` writes it), the person's seat, and
    each bot's kind and seed (a bot is rebuilt from them)."""
    document = {
        "format": SAVE_FORMAT,
        "version": 1,
        "seat": seat,
        "bots": {str(s): {"kind": kind, "seed": seed} for s, (kind, seed) in sorted(bots.items())},
        "game": json.loads(dumps(state)),
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a reader sees the old file or the new one, never
    half of one: a temporary file in the same directory, then `os.replace`."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        os.chmod(temporary, _file_mode(path))  # as an ordinary file, not mkstemp's 0600
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _file_mode(path: Path) -> int:
    """The permissions a rewritten `path` keeps: its own, or a new file's under the umask."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def read_save(path: Path, kinds: set[str]) -> tuple[GameState, int, dict[int, tuple[str, int]]]:
    """The game, the person's seat and the bots (kind, seed) of a save file.

    Raises:
        InvalidStateError: the file is no save file, or its game is not consistent.
        OSError: the file cannot be read.
    """
    try:
        document: Any = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise InvalidStateError(f"not a setback play save file: {error}") from None
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise InvalidStateError(f'not a setback play save file (no "format": "{SAVE_FORMAT}")')
    state = loads(json.dumps(document.get("game")))
    if type(state) is not GameState:
        raise InvalidStateError("the save file holds no game")
    seat, table = document.get("seat"), document.get("bots")
    players = state.rules.players
    if type(seat) is not int or not 0 <= seat < players or not isinstance(table, dict):
        raise InvalidStateError("the save file's seat or bots are missing or wrong")
    bots: dict[int, tuple[str, int]] = {}
    for key, entry in table.items():
        kind = entry.get("kind") if isinstance(entry, dict) else None
        seed = entry.get("seed") if isinstance(entry, dict) else None
        if not key.isdigit() or kind not in kinds or type(seed) is not int:
            raise InvalidStateError(f"the save file's bot {key!r} is wrong: {entry!r:.60}")
        bots[int(key)] = (kind, seed)
    if set(bots) != set(range(players)) - {seat}:
        raise InvalidStateError("the save file needs one bot for every seat but yours")
    return state, seat, bots


def _action_of(event: Called | Pitched | TrumpDeclared | Played) -> Action:
    """The action an event records."""
    if isinstance(event, Called):
        return event.call
    if isinstance(event, Pitched):
        return Pitch(event.card)
    if isinstance(event, TrumpDeclared):
        return DeclareTrump(event.trump)
    return Play(event.card)


class TerminalGame:
    """One game: the person at `seat`, bots elsewhere, text in and out.

    `save` (a path) is rewritten after every action with the game, the seat and the
    bots' kinds and seeds; `auto_forced` plays the person's only legal action unasked.
    """

    def __init__(
        self,
        state: GameState,
        bots: dict[int, Bot],
        seat: int,
        read: Callable[[], str],
        out: TextIO,
        *,
        save: Callable[[GameState], None] | None = None,
        auto_forced: bool = False,
    ) -> None:
        self.state = state
        self.rules = state.rules
        self.bots = bots
        self.seat = seat
        self.read = read
        self.out = out
        self.save = save
        self.auto_forced = auto_forced
        self.shown = len(events(state, seat))
        self.tricks = len(state.tricks)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def name(self, seat: int) -> str:
        return "you" if seat == self.seat else f"seat {seat}"

    def side_name(self, side: int | None) -> str:
        if side is None:
            return "nobody"
        return " & ".join(self.name(s) for s in self.rules.sides[side])

    def run(self, *, resumed: bool = False) -> GameState:
        """Play until the game ends; `Quit` (quit or end of input) ends it early."""
        state = self.state
        self.say(
            f"setback: you are seat {self.seat}; seed {state.seed}. "
            "Type a number, an action or a card; 'help' lists them; 'quit' leaves."
        )
        if resumed:
            self.say(f"Resumed in hand {state.hand_number + 1}. Scores: {self.scores()}.")
        if state.is_over:
            self.say(f"This game is over: {self.side_name(state.winner)} won.")
        try:
            while not self.state.is_over:
                self.step()
        except Quit:
            self.say("Bye.")
            return self.state
        return self.state

    def scores(self, scores: tuple[int, ...] | None = None) -> str:
        shown = self.state.scores if scores is None else scores
        return " | ".join(f"{self.side_name(side)}: {score}" for side, score in enumerate(shown))

    def step(self) -> None:
        state = self.state
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        if seat != self.seat:
            action = self.bots[seat].choose(view)
        elif self.auto_forced and len(view.legal_actions) == 1:
            self.show(view, choices=False)
            action = view.legal_actions[0]
            self.say(f"  you: {action_text(action)} (your only choice)")
        else:
            action = self.ask(view)
        self.state = apply_action(state, action, seat=seat)
        if self.save is not None:
            self.save(self.state)
        for event in events(self.state, self.seat, after=self.shown):
            self.tell(event)
            self.shown = event.number

    def tell(self, event: Event) -> None:
        """One event, as the person sees it (their own actions are not echoed)."""
        if isinstance(event, Called | Pitched | TrumpDeclared | Played):
            if event.seat != self.seat:
                self.say(f"  {self.name(event.seat)}: {action_text(_action_of(event))}")
        elif isinstance(event, Discarded):
            drew = f" and drew {event.drawn}" if event.drawn else ""
            own = f": {cards_text(event.cards)}" if event.cards else ""
            drawn = f"; drew {cards_text(event.drawn_cards)}" if event.drawn_cards else ""
            self.say(
                f"  {self.name(event.seat)} discarded {event.count} face down{drew}{own}{drawn}"
            )
        elif isinstance(event, FaceUpDiscarded):
            self.say(f"  {self.name(event.seat)} discarded face up: {cards_text(event.cards)}")
        elif isinstance(event, TrickWon):
            self.tricks += 1
            winner = self.name(event.winner)
            self.say(f"  trick {self.tricks} to {winner}: {cards_text(event.trick.cards)}")
        elif isinstance(event, HandScored):
            self.summary(event.result, event.scores)
        elif isinstance(event, GameOver):
            self.say(
                f"Game over: {self.side_name(event.winner)} won. "
                f"Scores: {self.scores(event.scores)}."
            )
        elif isinstance(event, Dealt):
            self.tricks = 0  # the next prompt shows the new hand

    def show(self, view: PlayerView, *, choices: bool = True) -> None:
        self.say()
        rules = self.rules
        dealer = self.name(view.dealer)
        self.say(f"Hand {view.hand_number + 1}, dealer {dealer}. Scores: {self.scores()}.")
        if view.bids:
            self.say(
                "Auction: " + ", ".join(f"{self.name(s)} {action_text(a)}" for s, a in view.bids)
            )
        if view.contract is not None and view.pitcher is not None:
            call = contract_text(rules, view.contract)
            self.say(f"Contract: {self.name(view.pitcher)} {call}.")
        if view.trump is not None:
            self.say(f"Trump: {view.trump.symbol}")
        if view.trick is not None and view.trick.plays:
            self.say(
                "Trick: " + ", ".join(f"{self.name(s)} {c.symbol}" for s, c in view.trick.plays)
            )
        self.say(f"Your hand: {hand_text(view.hand)}")
        if choices:
            self.say(f"Your turn ({view.phase.value.replace('_', ' ')}). Choices:")
            for number, action in enumerate(view.legal_actions, 1):
                self.say(f"  {number:>2}. {action_text(action)}")

    def ask(self, view: PlayerView) -> Action:
        self.show(view)
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.read()
            if line == "":
                raise Quit
            text = line.strip()
            if text.lower() in ("quit", "exit", "q"):
                raise Quit
            if text.lower() in ("help", "?", "h"):
                self.say(f"  Type a choice's number, or an action: {verbs(self.rules)}.")
                self.say("  'quit' (or Ctrl-D) leaves; with --save the game is kept.")
                continue
            try:
                return self.interpret(view, text)
            except (IllegalActionError, InvalidNotationError, ValueError) as error:
                self.say(f"  {error}")

    def interpret(self, view: PlayerView, text: str) -> Action:
        legal = view.legal_actions
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            raise ValueError(f"choose a number from 1 to {len(legal)}")
        try:
            card = Card.parse(text)
        except InvalidNotationError:
            try:
                action = parse_action(text)
            except InvalidNotationError as error:
                if not str(error).startswith("not an action"):
                    raise
                raise ValueError(  # in the words of the rules in force, not every rule's
                    f"not an action: {text!r} (here: {verbs(self.rules)}; or a number)"
                ) from None
        else:
            for candidate in (Play(card), Pitch(card), Discard([card])):
                if candidate in legal:
                    return candidate
            raise ValueError(f"{card.symbol} is not one of your choices now")
        if action not in legal:
            # let the engine say why
            apply_action(self.state, action, seat=self.seat)
        return action

    def summary(self, result: HandResult, scores: tuple[int, ...]) -> None:
        self.say()
        if result.pitcher is None:
            self.say(f"Hand {result.number + 1}: everyone passed.")
            return
        self.say(f"Hand {result.number + 1} over.")
        for name, side in result.awards:
            self.say(f"  {name.replace('_', ' ').title():<5} {self.side_name(side)}")
        points = " | ".join(f"{self.side_name(s)}: {p}" for s, p in enumerate(result.card_points))
        self.say(f"  card points: {points}")
        assert result.contract is not None
        call = contract_text(self.rules, result.contract)
        outcome = "made it" if result.made else "set back"
        self.say(f"  {self.name(result.pitcher)} ({call}): {outcome}")
        changes = " | ".join(
            f"{self.side_name(s)}: {c:+d}" for s, c in enumerate(result.score_changes)
        )
        self.say(f"  changes: {changes}")
        self.say(f"  scores: {self.scores(scores)}")
