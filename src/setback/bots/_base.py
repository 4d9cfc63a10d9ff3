"""The bot protocol and `play_game`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..engine import apply_action, new_game
from ..errors import RulesError
from ..rules import Rules
from ..state import GameState
from ..views import PlayerView, observe


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of `view.legal_actions`."""

    def choose(self, view: PlayerView) -> Action:
        """The action to take; `view.legal_actions` holds the choices."""
        ...


def play_game(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    dealer: int = 0,
    max_hands: int | None = None,
) -> GameState:
    """Play a whole game between `bots` (one per seat) and return the final state.

    Each bot sees only its own `PlayerView`. With `max_hands` the game stops
    after that many hands even if nobody has won (bots that never make a bid
    could otherwise play a bid-out game forever).

    Args:
        rules: the rules of the game.
        bots: one bot per seat, seat 0 first.
        seed: the game's seed (`None` draws one).
        dealer: the first dealer.
        max_hands: stop after this many hands.

    Returns:
        The final state: over, or stopped after `max_hands` hands.

    Examples:
        >>> from setback import Rules
        >>> from setback.bots import HeuristicBot
        >>> final = play_game(Rules.setback(), [HeuristicBot(seed=s) for s in range(4)], seed=1)
        >>> final.is_over
        True

    Raises:
        RulesError: the number of bots is not the number of seats.
        IllegalActionError: a bot chose an action that is not legal.
    """
    if len(bots) != rules.players:
        raise RulesError(f"{rules.players} seats need {rules.players} bots, not {len(bots)}")
    state = new_game(rules, seed=seed, dealer=dealer)
    while not state.is_over and (max_hands is None or len(state.history) < max_hands):
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, bots[seat].choose(observe(state, seat)), seat=seat)
    return state
