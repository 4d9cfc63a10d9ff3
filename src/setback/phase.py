"""`Phase`: what the game is waiting for."""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """What the game is waiting for."""

    BIDDING = "bidding"
    """The auction: each seat, eldest first, passes or calls once."""
    DECLARE_TRUMP = "declare_trump"
    """The pitcher names trump before the first lead (the draw and six-player variants)."""
    DISCARD = "discard"
    """Players discard (and, with the draw variant, draw) before trick play."""
    PLAY = "play"
    """Trick play."""
    GAME_OVER = "game_over"
    """A side has won; no action is legal."""
