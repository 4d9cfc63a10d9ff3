"""Computer players: each chooses an action from a `PlayerView`, never the full state.

A bot is any object with `choose(view) -> Action`. The built-in ones take
`seed=` and are deterministic given it; `play_game` plays a whole game
between bots.
"""

from ._base import Bot, play_game
from .heuristic import HeuristicBot
from .montecarlo import MonteCarloBot
from .random_bot import RandomBot
from .solver import SolverBot

__all__ = ["Bot", "HeuristicBot", "MonteCarloBot", "RandomBot", "SolverBot", "play_game"]
