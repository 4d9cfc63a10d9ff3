"""The bots people pick: four levels from `"easy"` to `"expert"`, every bot by name, and
the `name:key=value,...` text that names a bot with its options (`parse_spec`).

Each level is one of the bot classes with settings of its own (see `LEVELS` and the bots
guide for what each is made of and how strong it measured); `bot(level, seed=...)` builds
one. Every name here is also a name of `setback.simulation.BOTS`, so a level works
wherever a bot's name does (`simulate`, the arena, `setback play --bot`).
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import TypeAlias

import attrs

from ..errors import RulesError
from ._base import Bot
from .heuristic import HeuristicBot
from .montecarlo import MonteCarloBot
from .random_bot import RandomBot
from .solver import SolverBot

__all__ = ["LEVELS", "BotSpec", "bot", "parse_spec"]

BotSpec: TypeAlias = str | Callable[..., Bot]
"""How `simulate` and the arena are told which bot plays a side: a name from `BOTS`
(or a bot's text, as `parse_spec` reads it), or a callable that makes a bot when called
with the keyword `seed=` (an int), such as a bot class, a `functools.partial` of one, or
what `parse_spec` returns. It travels to the worker that plays the games, so with a
process pool or a cluster it must pickle: a name, a class, `parse_spec`'s result or a
module-level function does; a lambda or a function defined inside another does not."""

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The levels, weakest first, each meant to beat the one below (the bots guide's ladders
show what has been measured, preset by preset):

- `"easy"`: `HeuristicBot(mistakes=0.25)`, the heuristic slipping as a beginner does at
  one decision in four (misjudging its hand by a point in the auction, naming its
  longest suit as trump, playing another legal card at random);
- `"medium"`: `HeuristicBot()`, the rule-of-thumb player;
- `"hard"`: `MonteCarloBot(playouts=60, budget_cards=24)`, playouts of the rest of the
  hand on guessed deals, fewer in deals of more than 24 cards;
- `"expert"`: `SolverBot(playouts=160, auction_playouts=200, margin=0,
  smart_leads=True, game_aware=True, budget_cards=24, large_deal_playouts=80,
  budget_in_tricks=True)`, the game-aware search: the auction searched harder, the last
  tricks solved exactly, each playout worth its chance of winning the game; a card
  searched over 160 playouts where at most 24 cards are played in tricks (deals of nine
  or ten cards come down to six a player first), over 80 scaled down to the deal where more
  are (six players: 36) (under rules with no shipped table of chances its first
  decision builds one).

The budgets are counts (playouts, search nodes), never time: the same seed and view
give the same choice on any machine. What a decision takes at each level: the bots
guide."""


@attrs.frozen
class _Kind:
    """A bot's name: the class it builds and the settings it builds it with."""

    make: type
    settings: tuple[tuple[str, object], ...] = ()


_EXPERT = (
    ("playouts", 160),
    ("auction_playouts", 200),
    ("margin", 0),
    ("smart_leads", True),
    ("game_aware", True),
    ("budget_cards", 24),
    ("large_deal_playouts", 80),
    ("budget_in_tricks", True),
)

KINDS: Mapping[str, _Kind] = types.MappingProxyType(
    {
        "easy": _Kind(HeuristicBot, (("mistakes", 0.25),)),
        "medium": _Kind(HeuristicBot),
        "hard": _Kind(MonteCarloBot, (("playouts", 60), ("budget_cards", 24))),
        "expert": _Kind(SolverBot, _EXPERT),
        "random": _Kind(RandomBot),
        "cautious": _Kind(RandomBot, (("cautious", True),)),
        "heuristic": _Kind(HeuristicBot),
        "montecarlo": _Kind(MonteCarloBot),
        "solver": _Kind(SolverBot),
    }
)
"""Internal: every bot's name (the levels first), its class and settings; `simulation.BOTS`
is made from it."""


def named(name: str, seed: int | None) -> Bot:
    """Internal: the bot called `name` (a key of `KINDS`), seeded with `seed`."""
    kind = KINDS[name]
    return typing.cast(Bot, kind.make(seed=seed, **dict(kind.settings)))


@functools.cache
def options_of(name: str) -> Mapping[str, tuple[type, ...]]:
    """Internal: the options a bot called `name` takes (its class's keywords but `seed`),
    each with the kinds of value it takes (`float` takes whole numbers too)."""
    make = KINDS[name].make
    hints = typing.get_type_hints(vars(make)["__init__"])
    out: dict[str, tuple[type, ...]] = {}
    for key, hint in hints.items():
        if key in ("seed", "return"):
            continue
        kinds = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
        out[key] = tuple(kinds)
    return types.MappingProxyType(out)


@attrs.frozen
class Configured:
    """A bot's name with options (what `parse_spec` reads from `name:key=value,...`): called
    with `seed=`, it builds the bot. Its `text` is how results name it."""

    name: str
    options: tuple[tuple[str, object], ...]
    text: str

    def __call__(self, *, seed: int | None = None) -> Bot:
        kind = KINDS[self.name]
        return typing.cast(Bot, kind.make(seed=seed, **dict(kind.settings + self.options)))


def _value_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _parse_value(word: str) -> object:
    """A value as the text writes it: `true`, `false`, `none`, a number, or a word."""
    lowered = word.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    try:
        return int(word)
    except ValueError:
        pass
    try:
        number = float(word)
    except ValueError:
        return word
    return number if number == number and abs(number) != float("inf") else word


def _fits(value: object, kinds: tuple[type, ...]) -> bool:
    for kind in kinds:
        if kind is type(None) and value is None:
            return True
        if kind is bool and isinstance(value, bool):
            return True
        if kind is int and type(value) is int:
            return True
        if kind is float and type(value) in (int, float):
            return True
        if kind is str and isinstance(value, str):
            return True
    return False


_KIND_WORDS = {bool: "true or false", int: "a whole number", float: "a number", str: "a word"}


def _wanted(kinds: tuple[type, ...]) -> str:
    words = [_KIND_WORDS.get(kind, "none") for kind in kinds]
    return " or ".join(words)


def parse_spec(text: str) -> BotSpec:
    """The bot named by `text`: a name (`"expert"`, or any of `setback.simulation.BOTS`),
    or a name and options, `name:key=value,...` (values: numbers, `true`, `false`,
    `none`, or a word such as `random`), each option a keyword of the name's class that
    changes one of its settings.

    A bare name gives the name back (a `BotSpec` as it is); with options, a callable
    that builds the bot when called with `seed=` (it pickles, and results name it by its
    text). Every option is checked here, and the bot built once, so a wrong key or value
    is refused now, not when the first game starts.

    Examples:
        >>> parse_spec("hard")
        'hard'
        >>> spec = parse_spec("expert:playouts=60,auction_playouts=150")
        >>> spec(seed=1).playouts
        60
        >>> parse_spec("hard:playout=60")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        setback.errors.RulesError: hard takes no option 'playout'; its options are playouts, ...

    Raises:
        TypeError: `text` is not a string.
        RulesError: an unknown name, an unknown or repeated option, or a value the option
            does not take (the message names the bots, or the name's options).
    """
    if not isinstance(text, str):
        raise TypeError(f"a bot spec is text such as 'expert', not {type(text).__name__}")
    name, colon, rest = text.strip().partition(":")
    name = name.strip()
    if name not in KINDS:
        raise RulesError(
            f"no bot named {name!r}; the levels are {', '.join(LEVELS)} "
            f"(the bots: {', '.join(KINDS)})"
        )
    if not colon:
        return name
    known = options_of(name)
    listed = ", ".join(known)
    if not rest.strip():
        raise RulesError(f"{name}: give options after ':' as key=value; its options are {listed}")
    options: dict[str, object] = {}
    for pair in rest.split(","):
        key, equals, word = (part.strip() for part in pair.partition("="))
        if key == "seed":
            raise RulesError(
                f"{name}: seed is not an option (the seed comes from the game); "
                f"its options are {listed}"
            )
        if key not in known:
            raise RulesError(f"{name} takes no option {key!r}; its options are {listed}")
        if not equals or not word:
            raise RulesError(f"{name}: give {key} a value, as {key}=VALUE")
        if key in options:
            raise RulesError(f"{name}: {key} is given twice")
        value = _parse_value(word)
        if not _fits(value, known[key]):
            raise RulesError(f"{name}: {key} takes {_wanted(known[key])}, not {word!r}")
        options[key] = value
    words = ",".join(f"{key}={_value_text(value)}" for key, value in options.items())
    spec = Configured(name, tuple(options.items()), f"{name}:{words}")
    try:
        spec(seed=0)
    except (ValueError, TypeError) as error:
        raise RulesError(f"{name}: {error}") from None
    return spec


def bot(level: str, *, seed: int | None = None) -> Bot:
    """A bot of `level` (`"easy"`, `"medium"`, `"hard"` or `"expert"`: see `LEVELS`), or of
    any name or text `parse_spec` reads, seeded with `seed` (None draws one, kept in
    `bot.seed`): the same seed and view always give the same choice.

    Examples:
        >>> from setback import Rules
        >>> from setback.bots import play_game
        >>> bots = [bot("easy", seed=1), bot("hard", seed=2), bot("easy", seed=3),
        ...         bot("hard", seed=4)]
        >>> play_game(Rules.setback(target=5), bots, seed=0).is_over
        True

    Raises:
        TypeError: `level` is not a string, or `seed` is not an int.
        RulesError: `level` is not a level, a bot's name, or a text `parse_spec` reads.
    """
    if seed is not None and (type(seed) is not int):
        raise TypeError(f"a bot's seed must be a whole number (an int), not {type(seed).__name__}")
    spec = parse_spec(level)
    if isinstance(spec, str):
        return named(spec, seed)
    return spec(seed=seed)
