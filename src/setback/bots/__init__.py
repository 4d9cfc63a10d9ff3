"""Computer players: each chooses an action from a `PlayerView`, never the full state.

A bot is any object with `choose(view) -> Action`. The built-in ones take
`seed=` and are deterministic given it; `play_game` plays a whole game
between bots. `bot(level)` builds one of the four levels people pick (`LEVELS`:
easy, medium, hard, expert), and `parse_spec` reads a bot's name with options.
"""

from ._base import Bot, play_game
from .heuristic import HeuristicBot
from .levels import LEVELS, bot, parse_spec
from .montecarlo import MonteCarloBot
from .random_bot import RandomBot
from .solver import SolverBot

__all__ = [
    "LEVELS",
    "Bot",
    "HeuristicBot",
    "MonteCarloBot",
    "RandomBot",
    "SolverBot",
    "bot",
    "parse_spec",
    "play_game",
]
