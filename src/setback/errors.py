"""The exceptions of setback: every one is a `SetbackError`."""

from __future__ import annotations

from typing import Any

__all__ = [
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidStateError",
    "RulesError",
    "SetbackError",
]


class SetbackError(Exception):
    """The base of every exception this library raises on purpose."""


class IllegalActionError(SetbackError, ValueError):
    """An action that the rules do not allow in this state.

    `action` is what was tried, `seat` who tried it (or `None` when no seat
    could act), `reason` the rule that forbids it, in words a player
    understands.
    """

    def __init__(self, action: Any, seat: int | None, reason: str) -> None:
        self.action = action
        """The action that was refused, as it was given (an action value or its text)."""
        self.seat = seat
        """The seat that tried it; None when no seat could act (the game is over)."""
        self.reason = reason
        """Why the rules forbid it, in words a player understands."""
        who = "nobody" if seat is None else f"seat {seat}"
        super().__init__(f"{action} by {who} is illegal: {reason}")


class InvalidNotationError(SetbackError, ValueError):
    """Text that is not a card or an action, or a value that is no card or call."""


class RulesError(SetbackError, ValueError):
    """An option value, or a combination of options, that makes no game."""


class InvalidStateError(SetbackError, ValueError):
    """A deal, score sheet or stored state that is not consistent with the rules."""
