"""`Phase`: what the game is waiting for."""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """What the game is waiting for."""

    BIDDING = "bidding"
    """The auction: each seat, eldest first, passes or calls once."""
    DECLARE_TRUMP = "declare_trump"
    """The pitcher names trump before the first lead (`Rules.declares_trump`: the draw, no
    trump in the first trick, deals above six)."""
    DISCARD = "discard"
    """Players discard before trick play: the draw's discards (and draws), the discards
    down to six of a bigger deal, Ten-point's face-up discard of excess trumps."""
    PLAY = "play"
    """Trick play."""
    GAME_OVER = "game_over"
    """A side has won; no action is legal."""
