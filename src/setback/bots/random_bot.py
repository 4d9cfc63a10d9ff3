"""`RandomBot`: random legal actions."""

from __future__ import annotations

import random

from ..actions import Action, Bid, Pass
from ..state import Phase
from ..views import PlayerView

_PASS = Pass()


class RandomBot:
    """Plays a uniformly random legal action.

    With `cautious=True` it passes whenever it may and bids the minimum when it
    must (a calmer baseline: uniformly random calls are mostly failed Smudges,
    and a bid-out game played that way rarely ends), and plays random legal cards.
    """

    def __init__(self, *, seed: int | None = None, cautious: bool = False) -> None:
        self.rng = random.Random(seed)
        """Internal: the generator of its choices, seeded by `seed`."""
        self.cautious = cautious
        """Whether it passes when it may and bids the minimum when it must."""

    def choose(self, view: PlayerView) -> Action:
        """A random action from `view.legal_actions`."""
        legal = view.legal_actions
        if self.cautious and view.phase is Phase.BIDDING:
            if _PASS in legal:
                return _PASS
            bids = [action for action in legal if isinstance(action, Bid)]
            return min(bids, key=lambda bid: bid.level) if bids else legal[0]
        return self.rng.choice(legal)
