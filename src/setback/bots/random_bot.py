"""`RandomBot`: random legal actions."""

from __future__ import annotations

from ..actions import Action, Bid, Pass
from ..state import Phase
from ..views import PlayerView
from ._base import bot_seed, check_view, decision_rng, guarded

_PASS = Pass()


class RandomBot:
    """Plays a uniformly random legal action.

    With `cautious=True` it passes whenever it may and bids the minimum when it
    must (a calmer baseline: uniformly random calls are mostly failed Smudges,
    and a bid-out game played that way rarely ends), and plays random legal cards.

    Each choice is drawn from a generator keyed by `seed` and the view (no
    generator state is carried between calls), so the same seed and view
    always give the same action, and a restored game plays on as before.
    """

    def __init__(self, *, seed: int | None = None, cautious: bool = False) -> None:
        """`seed`: where the choices come from (None draws one from the OS, kept in
        `seed`); `cautious`: pass when allowed and bid the minimum when forced."""
        self.seed = bot_seed(seed)
        """The seed every choice is keyed by (with the view): no generator state is kept."""
        self.cautious = cautious
        """Whether it passes when it may and bids the minimum when it must."""

    @guarded
    def choose(self, view: PlayerView) -> Action:
        """A random action from `view.legal_actions`.

        Raises:
            TypeError: `view` is not a `PlayerView`.
            InvalidStateError: it is not `view.seat`'s turn, or the view is one it cannot
                use, which `observe` never gives (no legal action, or one `loads` refuses).
        """
        legal = check_view(self, view).legal_actions
        if self.cautious and view.phase is Phase.BIDDING:
            if _PASS in legal:
                return _PASS
            bids = [action for action in legal if isinstance(action, Bid)]
            return min(bids, key=lambda bid: bid.level) if bids else legal[0]
        return decision_rng(self.seed, view).choice(legal)
