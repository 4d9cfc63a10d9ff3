"""Game records: every action of a game, `replay`, and a readable text form of a hand."""

from __future__ import annotations

import attrs

from .engine import apply_action, new_game
from .errors import IllegalActionError, InvalidNotationError, InvalidStateError, RulesError
from .rules import Rules
from .state import GameRecord, GameState, HandResult

__all__ = ["format_hand", "game_record", "replay"]


def game_record(state: GameState) -> GameRecord:
    """The record of `state`'s game so far: how it began and every action since.

    Args:
        state: any game state.

    Returns:
        A `GameRecord` that `replay` turns back into `state`.

    Examples:
        >>> from setback import Rules, new_game, apply_action
        >>> state = apply_action(new_game(Rules.setback(), seed=3), "bid 2")
        >>> [str(action) for action in game_record(state).actions]
        ['bid 2']
    """
    if type(state) is not GameState:
        raise TypeError(f"game_record takes a GameState, not {type(state).__name__}")
    return attrs.evolve(state.origin, actions=tuple(state.log))


MAX_ACTIONS = 200_000
"""The most actions `replay` accepts: far beyond any real game, short of a hang."""


def replay(record: GameRecord) -> GameState:
    """The state that `record` leads to: `new_game` as it began, then every action.

    Args:
        record: a `GameRecord`, e.g. from `game_record` or `loads`.

    Returns:
        The identical state the record was made from.

    Raises:
        InvalidStateError: the record does not make a game: a bad start, or an
            action that was not legal when it came (named, with its number).
    """
    if not isinstance(record, GameRecord):
        raise InvalidStateError(f"not a GameRecord: {record!r}")
    if len(record.actions) > MAX_ACTIONS:
        raise InvalidStateError(
            f"{len(record.actions)} actions: more than any game ({MAX_ACTIONS})"
        )
    try:
        state = new_game(
            record.rules,
            seed=record.seed,
            dealer=record.dealer,
            hands=record.hands,
            deck=record.deck,
            scores=record.scores,
        )
    except (InvalidNotationError, RulesError) as error:
        raise InvalidStateError(f"the game cannot begin: {error}") from error
    for number, action in enumerate(record.actions):
        try:
            state = apply_action(state, action)
        except (IllegalActionError, InvalidNotationError) as error:
            raise InvalidStateError(
                f"action {number} ({action}) cannot be replayed: {error}"
            ) from error
    return state


def _side_name(rules: Rules, side: int | None) -> str:
    if side is None:
        return "nobody"
    seats = rules.sides[side]
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + "+".join(map(str, seats))


def format_hand(result: HandResult, rules: Rules) -> str:
    """A finished hand as readable text for logs, like a bridge hand record.

    Args:
        result: a finished hand, from `state.history`.
        rules: the game's rules (to name the sides).

    Returns:
        Several lines: the hand's number counted from 1 (`result.number + 1`), the
        deal, the auction, the discards, every trick with its winner, the points and
        the score changes.

    Examples:
        >>> from setback import Rules, new_game, apply_action, legal_actions
        >>> state = new_game(Rules.setback(), seed=3)
        >>> while not state.history:
        ...     state = apply_action(state, legal_actions(state)[0])
        >>> print(format_hand(state.history[0], Rules.setback()).splitlines()[0])
        Hand 1: dealer seat 0, seat 0 bid 2, trump ♣
    """
    if result.pitcher is None:
        head = f"Hand {result.number + 1}: dealer seat {result.dealer}, passed out"
    else:
        smudged = rules.smudge and result.contract == rules.smudge_level
        call = "smudge" if smudged else f"bid {result.contract}"
        trump = result.trump.symbol if result.trump is not None else "none"
        head = (
            f"Hand {result.number + 1}: dealer seat {result.dealer}, "
            f"seat {result.pitcher} {call}, trump {trump}"
        )
    lines = [head]
    for seat, cards in enumerate(result.hands):
        lines.append(f"  seat {seat}: {' '.join(card.symbol for card in cards)}")
    lines.append("  auction: " + ", ".join(f"{seat} {action}" for seat, action in result.bids))
    for seat, cards in enumerate(result.discards):
        if cards:
            lines.append(f"  seat {seat} discarded {' '.join(card.symbol for card in cards)}")
    for seat, cards in enumerate(result.face_up_discards):
        if cards:
            shown = " ".join(card.symbol for card in cards)
            lines.append(f"  seat {seat} discarded face up {shown}")
    for number, trick in enumerate(result.tricks, 1):
        plays = "  ".join(f"{seat} {card.symbol}" for seat, card in trick.plays)
        lines.append(f"  trick {number}: {plays}  -> {trick.winner}")
    if result.pitcher is not None:
        points = ", ".join(f"{name} {_side_name(rules, side)}" for name, side in result.awards)
        lines.append(f"  points: {points}; card points {'-'.join(map(str, result.card_points))}")
        outcome = "made" if result.made else "set"
        changes = " ".join(f"{change:+d}" for change in result.score_changes)
        lines.append(f"  {outcome}; score changes {changes}")
    return "\n".join(lines)
