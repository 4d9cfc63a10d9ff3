"""`setback play`: a person plays in the terminal against bots."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from .actions import Action, DeclareTrump, Discard, Pitch, Play, parse_action
from .bots import Bot
from .cards import Card
from .engine import apply_action, new_game
from .errors import IllegalActionError, InvalidNotationError
from .rules import Rules
from .state import GameState, HandResult, Trick
from .views import PlayerView, observe


class Quit(Exception):
    """The player left (quit or end of input)."""


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards) or "-"


def _hand_by_suit(cards: tuple[Card, ...]) -> str:
    suits: dict[str, list[str]] = {}
    for card in sorted(cards, key=lambda c: (c.suit is None, c.suit or 0, -c.rank)):
        if card.suit is None:
            suits.setdefault("", []).append(card.symbol)
        else:
            suits.setdefault(card.suit.symbol, []).append(card.rank.text)
    return "   ".join(f"{suit} {' '.join(ranks)}" for suit, ranks in suits.items()) or "-"


def _action_text(action: Action) -> str:
    if isinstance(action, Play):
        return f"play {action.card.symbol}"
    if isinstance(action, Pitch):
        return f"pitch {action.card.symbol}"
    if isinstance(action, Discard):
        return "discard " + (_cards(action.cards) if action.cards else "nothing")
    if isinstance(action, DeclareTrump):
        return f"trump {action.suit.symbol}"
    return str(action)


class TerminalGame:
    """One game: the person at `seat`, bots elsewhere, text in and out."""

    def __init__(
        self,
        rules: Rules,
        bots: dict[int, Bot],
        seat: int,
        seed: int,
        read: Callable[[], str],
        out: TextIO,
    ) -> None:
        self.rules = rules
        self.bots = bots
        self.seat = seat
        self.read = read
        self.out = out
        self.state = new_game(rules, seed=seed, dealer=random.Random(seed).randrange(rules.players))

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def name(self, seat: int) -> str:
        return "you" if seat == self.seat else f"seat {seat}"

    def side_name(self, side: int | None) -> str:
        if side is None:
            return "nobody"
        seats = self.rules.sides[side]
        return " & ".join(self.name(s) for s in seats)

    def run(self) -> GameState:
        self.say(
            f"setback: you are seat {self.seat}; seed {self.state.seed}. "
            "Type a number, an action or a card; 'quit' leaves."
        )
        try:
            while not self.state.is_over:
                self.step()
        except Quit:
            self.say("Bye.")
            return self.state
        winner = self.state.winner
        self.say(f"Game over: {self.side_name(winner)} won. Scores: {self.scores()}.")
        return self.state

    def scores(self) -> str:
        return " | ".join(
            f"{self.side_name(side)}: {score}" for side, score in enumerate(self.state.scores)
        )

    def step(self) -> None:
        state = self.state
        seat = state.to_act
        assert seat is not None
        hands = len(state.history)
        if seat == self.seat:
            action = self.ask(observe(state, seat))
        else:
            action = self.bots[seat].choose(observe(state, seat))
            self.say(f"  {self.name(seat)}: {_action_text(action)}")
        self.state = apply_action(state, action, seat=seat)
        if self.state.trick is not None and self.state.tricks and not self.state.trick.plays:
            self.trick_done(len(self.state.tricks), self.state.tricks[-1])
        for result in self.state.history[hands:]:
            if result.tricks:
                self.trick_done(len(result.tricks), result.tricks[-1])
            self.summary(result)

    def trick_done(self, number: int, trick: Trick) -> None:
        winner = self.name(trick.winner) if trick.winner is not None else "nobody"
        self.say(f"  trick {number} to {winner}: {_cards(trick.cards)}")

    def show(self, view: PlayerView) -> None:
        self.say()
        dealer = self.name(view.dealer)
        self.say(f"Hand {view.hand_number + 1}, dealer {dealer}. Scores: {self.scores()}.")
        if view.bids:
            self.say(
                "Auction: " + ", ".join(f"{self.name(s)} {_action_text(a)}" for s, a in view.bids)
            )
        if view.contract is not None and view.pitcher is not None:
            smudged = self.rules.smudge and view.contract == self.rules.smudge_level
            call = "smudge" if smudged else f"bid {view.contract}"
            self.say(f"Contract: {self.name(view.pitcher)} {call}.")
        if view.trump is not None:
            self.say(f"Trump: {view.trump.symbol}")
        if view.trick is not None and view.trick.plays:
            self.say(
                "Trick: " + ", ".join(f"{self.name(s)} {c.symbol}" for s, c in view.trick.plays)
            )
        self.say(f"Your hand: {_hand_by_suit(view.hand)}")
        self.say(f"Your turn ({view.phase.value}). Choices:")
        for number, action in enumerate(view.legal_actions, 1):
            self.say(f"  {number:>2}. {_action_text(action)}")

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
            action = parse_action(text)
        else:
            for candidate in (Play(card), Pitch(card), Discard([card])):
                if candidate in legal:
                    return candidate
            raise ValueError(f"{card.symbol} is not one of your choices now")
        if action not in legal:
            # let the engine say why
            apply_action(self.state, action, seat=self.seat)
        return action

    def summary(self, result: HandResult) -> None:
        self.say()
        if result.pitcher is None:
            self.say(f"Hand {result.number + 1}: everyone passed.")
            return
        self.say(f"Hand {result.number + 1} over.")
        for name, side in result.awards:
            self.say(f"  {name.title():<5} {self.side_name(side)}")
        points = " | ".join(f"{self.side_name(s)}: {p}" for s, p in enumerate(result.card_points))
        self.say(f"  card points: {points}")
        smudged = self.rules.smudge and result.contract == self.rules.smudge_level
        call = "Smudge" if smudged else f"bid {result.contract}"
        outcome = "made it" if result.made else "set back"
        self.say(f"  {self.name(result.pitcher)} ({call}): {outcome}")
        changes = " | ".join(
            f"{self.side_name(s)}: {c:+d}" for s, c in enumerate(result.score_changes)
        )
        self.say(f"  changes: {changes}")
        self.say(f"  scores: {self.scores()}")
