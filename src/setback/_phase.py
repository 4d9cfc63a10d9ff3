"""`Phase`, what the game is waiting for: a plain value, the one home of the phases.

It sits at the bottom of the package, importing nothing, so that the pictures
(`setback.svg`) and the words (`setback.text`) read a state's phase without importing
`setback.state`, whose display hooks import them. `setback.state` and `setback` export it:
its public name is `setback.Phase` (also `setback.state.Phase`, which its `__module__`
names, so that a pickle names the same path as before).
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """What the game is waiting for."""

    __module__ = "setback.state"  # its public home: pickles and reprs name it as before

    BIDDING = "bidding"
    """The auction: each seat, eldest first, passes or calls once."""
    DECLARE_TRUMP = "declare_trump"
    """The pitcher names trump before the first lead (`Rules.declares_trump`: the draw, no
    trump in the first trick, deals above six)."""
    CALL_PARTNER = "call_partner"
    """Call your partner (`Rules.call_partner`): after naming trump, before the draw back,
    the pitcher calls a trump he does not hold (`CallPartner`); its holder is his partner
    for the hand."""
    DISCARD = "discard"
    """Players discard before trick play: the pitcher's discard after taking the kitty,
    the draw's discards (and draws), the discards down to six of a bigger deal,
    Ten-point's face-up discard of excess trumps."""
    PLAY = "play"
    """Trick play."""
    GAME_OVER = "game_over"
    """A side has won; no action is legal."""
