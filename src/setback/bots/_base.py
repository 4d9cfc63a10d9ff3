"""The bot protocol and `play_game`."""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from ..actions import Action, CallPartner
from ..engine import apply_action, new_game
from ..errors import InvalidStateError, RulesError, SetbackError, shown
from ..rules import Rules
from ..state import GameState
from ..tables import trump_tables
from ..views import PlayerView, observe


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of `view.legal_actions`."""

    def choose(self, view: PlayerView) -> Action:
        """The action to take; `view.legal_actions` holds the choices."""
        ...


def check_view(bot: object, view: object) -> PlayerView:
    """`view` if `bot` may choose from it: a `PlayerView` (`TypeError` otherwise) whose
    seat is to act and has a choice (`InvalidStateError` otherwise: a bot acts only on its
    own turn, and `observe` offers the seat to act at least one action)."""
    name = type(bot).__name__
    if type(view) is not PlayerView:
        hint = " (give it observe(state, seat))" if isinstance(view, GameState) else ""
        raise TypeError(f"{name}.choose takes a PlayerView, not {type(view).__name__}{hint}")
    if view.to_act != view.seat:
        if view.to_act is None:
            raise InvalidStateError(f"{name}.choose: the game is over; nobody is to act")
        raise InvalidStateError(
            f"{name}.choose: it is seat {view.to_act}'s turn, not seat {view.seat}'s "
            "(a bot chooses only on its own seat's turn)"
        )
    if not view.legal_actions:
        raise InvalidStateError(
            f"{name}.choose: the view offers seat {view.seat} no legal action "
            "(observe offers the seat to act at least one; this view was built otherwise)"
        )
    return view


_B = TypeVar("_B")


def guarded(choose: Callable[[_B, PlayerView], Action]) -> Callable[[_B, PlayerView], Action]:
    """A bot's `choose` that, given a view it cannot use, raises the library's own error.

    A view that `observe` gave is used as it is, at no cost. When the bot fails on a view
    (an error not of the library's own), or picks an action the view does not offer, the
    view is checked as `loads` checks one (`sampling.check_observed`: is it what `observe`
    gives of some state of its rules?): a view built otherwise is refused with `InvalidStateError`
    saying why; on a view that passes, the bot's own error stands (a bug to report).
    """

    @functools.wraps(choose)
    def checked(bot: _B, view: PlayerView) -> Action:
        try:
            action = choose(bot, view)
        except SetbackError:
            raise
        except Exception:
            if type(view) is PlayerView:
                _check_observed(view)
            raise
        if action not in view.legal_actions:
            _check_observed(view)
        return action

    return checked


def _check_observed(view: PlayerView) -> None:
    """`InvalidStateError` if `view` is not what `observe` gives of any state (why not)."""
    from .sampling import check_observed  # the sampler imports no bot: no cycle

    check_observed(view)


def highest_call(view: PlayerView) -> Action:
    """Call your partner as Trickster's bot does: the highest trump the pitcher lacks (of
    `view.legal_actions`, in the trump order; the first action if none is a call)."""
    calls = {
        action.card.index: action for action in view.legal_actions if type(action) is CallPartner
    }
    if not calls or view.trump is None:
        return view.legal_actions[0]
    order = trump_tables(view.rules)[view.trump].order
    return next(calls[index] for index in order if index in calls)


def margin(changes: Sequence[int], side: int) -> int:
    """What a hand's score changes are worth to `side` in the bots' searches: its change
    less the best of the other sides' (every other side counts as against it)."""
    return changes[side] - max(c for other, c in enumerate(changes) if other != side)


MAX_PLAYOUTS = 100_000
"""The most hands a bot plays out for one decision (`playouts`, `auction_playouts`): 500
times the expert's auction budget."""
MAX_NODES = 10_000_000
"""The most search nodes `SolverBot` spends on one solved decision (`nodes`): over 800
times its default of 12,000."""
MAX_DEALS = 10_000
"""The most deals `SolverBot` solves for one decision (`solve_deals`): 250 times its
default of 40."""
MAX_POOL = 100
"""The most uniform guesses `SolverBot` draws for each deal it solves (`pool`)."""
MAX_CARDS = 54
"""The most cards a count of cards names (`budget_cards`, `solve_cards`): the largest pack
(a larger count means the same as this one)."""
MAX_SECONDS = 600.0
"""The longest time budget a bot takes for one decision (`seconds`): ten minutes."""


def check_count(name: str, value: object, least: int, most: int) -> None:
    """A bot's count option: a whole number (an int, not a bool) from `least` to `most`.

    Raises:
        ValueError: it is not, naming the option and both bounds.
    """
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise ValueError(
            f"{name} must be a whole number of at least {least} and at most {most:,}, "
            f"not {shown(value)}"
        )


def bot_seed(seed: int | None) -> int:
    """The seed a bot keeps: `seed`, or one drawn from the OS when it is None."""
    if seed is None:
        return secrets.randbits(64)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"a bot's seed must be a whole number (an int), not {type(seed).__name__}")
    return seed


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """A generator for one decision, keyed by the bot's seed and where the game stands
    (hand number, phase, calls, tricks and cards played, hand sizes): the same seed and
    view always give the same numbers, and nothing is carried from one call to the next,
    so a game saved and restored plays on exactly as if never interrupted."""
    trick = view.trick
    key = (
        f"{seed}/{view.seat}/{view.hand_number}/{view.phase.value}/{len(view.bids)}/"
        f"{len(view.tricks)}/{0 if trick is None else len(trick.plays)}/{view.hand_sizes}/"
        f"{view.scores}"
    )
    return random.Random(key)


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
