"""The `setback` command: `setback play`, `setback simulate`, `setback arena` and
`setback rules`."""

from __future__ import annotations

import argparse
import errno
import functools
import json
import math
import os
import random
import re
import secrets
import shutil
import string
import sys
import time
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn, TextIO

from ._version import __version__
from .arena import DuelResult, LadderResult, duel, ladder
from .bots import LEVELS, parse_spec
from .bots import bot as make_bot
from .coach import DEFAULT_BUDGET, review
from .engine import new_game
from .errors import RecordError, RulesError, SetbackError
from .records import game_record, read_ptn
from .rules import PRESET_NAMES, Rules
from .serialization import loads
from .simulation import BOTS, SimulationSummary, simulate
from .state import GameRecord, GameState
from .terminal import (
    TerminalGame,
    language_of,
    level_name,
    read_save,
    rules_lines,
    save_document,
    wrapped,
    write_atomically,
)
from .text import LANGUAGES, N_, point_text, translation

PRESETS = PRESET_NAMES
"""The presets by their command-line names (the one table, `rules.PRESET_NAMES`)."""


def build_rules(name: str, players: int | None, **options: Any) -> Rules:
    """The preset `name` with `players` seats (where the preset takes a count)."""
    return Rules.preset(name, players, **options)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `setback` command line; returns the exit status."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    lang = command_line_language(arguments, os.environ)
    parser = _parser(lang)
    args, unknown = parser.parse_known_args(arguments)
    command = parser.commands[args.command]  # its own usage with its errors
    if unknown:  # argparse's top-level parser would show the top-level usage
        command.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command == "play":
        return _play_command(args, args.lang or lang)
    if args.command == "rules":
        return _rules_command(args, args.lang or lang)
    if args.command == "review":
        return _review_command(args, args.lang or lang)
    if args.command == "arena":
        if len(args.bot) < 2:
            command.error("--bot: give two bots (a duel) or more (a ladder)")
        if args.deals < 1:
            command.error("--deals must be at least 1")
        if args.jobs < 0:
            command.error("--jobs must be 0 (one per core) or more")
        return _arena(args)

    try:
        overrides = {} if args.target is None else {"target": args.target}
        rules = build_rules(args.rules, args.players, **overrides)
        if args.games < 1:
            command.error("--games must be at least 1")
        if args.bot and len(args.bot) not in (1, len(rules.sides)):
            command.error(f"--bot: give one, or one per side ({len(rules.sides)})")
        if args.jobs < 0:
            command.error("--jobs must be 0 (one per core) or more")
        jobs = args.jobs or os.cpu_count() or 1
        show = sys.stderr if args.progress or (sys.stderr.isatty() and args.games >= 20) else None
        bar = None if show is None else functools.partial(_draw_progress, show)
        start = time.perf_counter()
        if jobs == 1:
            summary = simulate(rules, games=args.games, seed=args.seed, bots=args.bot, progress=bar)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                summary = simulate(
                    rules,
                    games=args.games,
                    seed=args.seed,
                    bots=args.bot,
                    executor=pool,
                    progress=bar,
                )
        seconds = time.perf_counter() - start
    except SetbackError as error:
        print(f"setback: {error}", file=sys.stderr)
        return 2
    print(
        f"{args.rules}: {rules.players} players, target {rules.target}, seeds "
        f"{args.seed}..{args.seed + args.games - 1}"
    )
    for line in _summary_lines(summary, seconds):
        print(line)
    return 0


def command_line_language(arguments: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of the command line's help and errors, read before they are built:
    the last `--lang X` or `--lang=X` (or an abbreviation argparse takes, `--la X`) that
    names one of `LANGUAGES`, else the locale of `environ` (`language_of`); English for
    `setback simulate` and `setback arena`, whose output is English.

    Examples:
        >>> command_line_language(["play", "--lang", "de"], {})
        'de'
        >>> command_line_language(["play", "--seed=3"], {"LANG": "sv_SE.UTF-8"})
        'sv'
        >>> command_line_language(["simulate"], {"LANG": "fr_FR.UTF-8"})
        'en'
    """
    lang: str | None = None
    command: str | None = None
    index = 0
    while index < len(arguments):
        token = arguments[index]
        if token == "--":
            break
        name, equals, value = token.partition("=")
        if len(name) >= 3 and "--lang".startswith(name):
            if not equals:
                index += 1
                value = arguments[index] if index < len(arguments) else ""
            if value in LANGUAGES:
                lang = value
        elif command is None and not token.startswith("-"):
            command = token
        index += 1
    if command in ("simulate", "arena"):
        return "en"
    return lang or language_of(environ)


_ARGPARSE_MESSAGES = (
    N_("argument {argument}: {message}"),
    N_("invalid choice: {value} (choose from {choices})"),
    N_("invalid {type} value: {value}"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("unrecognized arguments: {arguments}"),
    N_("the following arguments are required: {arguments}"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("ignored explicit argument {value}"),
    N_("not allowed with argument {argument}"),
    N_("one of the arguments {arguments} is required"),
    N_("unknown parser {name} (choices: {choices})"),
)
"""argparse's own error messages, in English as argparse words them (each `%` field a
`{}` field): an error that matches one is shown in the language of the command line."""


@functools.cache
def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching the English text of `template`, a group per field."""
    parts = []
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(f"(?P<{field}>.+?)")
    return re.compile("".join(parts), re.DOTALL)


def _argparse_message(message: str, gettext: Callable[[str], str]) -> str:
    """argparse's English `message` in the language of `gettext` (unchanged if it is none
    of `_ARGPARSE_MESSAGES`: words of a newer argparse)."""
    for template in _ARGPARSE_MESSAGES:
        found = _pattern(template).fullmatch(message)
        if found is not None:
            fields = found.groupdict()
            if "message" in fields:
                fields["message"] = _argparse_message(fields["message"], gettext)
            return gettext(template).format_map(fields)
    return message


class _Formatter(argparse.HelpFormatter):
    """argparse's help, with the word before the usage line in the command line's language."""

    def __init__(self, prog: str, *, usage_prefix: str) -> None:
        super().__init__(prog)
        self.usage_prefix = usage_prefix

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, self.usage_prefix if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """An `ArgumentParser` that speaks `lang`: its help, its section titles and its errors.
    argparse's own words come from setback's catalogs, not from argparse's gettext domain,
    so nothing global changes."""

    def __init__(self, *args: Any, lang: str, **kwargs: Any) -> None:
        self.lang = lang
        self.gettext = translation(lang).gettext
        gettext = self.gettext
        kwargs["formatter_class"] = functools.partial(_Formatter, usage_prefix=gettext("usage: "))
        kwargs["add_help"] = False  # its own -h, in `lang`
        super().__init__(*args, **kwargs)
        self.commands: dict[str, _Parser] = {}
        """The subcommands' parsers by name (`setback arena`'s errors show its usage)."""
        self._positionals.title = gettext("positional arguments")
        self._optionals.title = gettext("options")
        self.add_argument(
            "-h",
            "--help",
            action="help",
            default=argparse.SUPPRESS,
            help=gettext("show this help message and exit").replace("%", "%%"),
        )

    def error(self, message: str) -> NoReturn:
        """Print the usage and the error, in the parser's language, and exit with 2."""
        self.print_usage(sys.stderr)
        text = self.gettext("{prog}: error: {message}").format(
            prog=self.prog, message=_argparse_message(message, self.gettext)
        )
        self.exit(2, text + "\n")


def _parser(lang: str) -> _Parser:
    """The `setback` command's parser, its help and errors in `lang` (`setback simulate`
    and `setback arena` are English: `command_line_language` gives them "en")."""
    gettext = translation(lang).gettext

    def _(message: str) -> str:  # an option's help: argparse expands `%` in it
        return gettext(message).replace("%", "%%")

    parser = _Parser(
        prog="setback",
        description=gettext("Setback (Pitch, High-Low-Jack): play or simulate games."),
        lang=lang,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"setback {__version__}",
        help=_("show program's version number and exit"),
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="{simulate,arena,play,rules}"
    )
    parser.commands.update(
        simulate=_simulate_parser(commands, lang, _),
        arena=_arena_parser(commands, lang, _),
        play=_play_parser(commands, lang, gettext, _),
        rules=_rules_parser(commands, lang, gettext, _),
        review=_review_parser(commands, lang, gettext, _),
    )
    return parser


def _simulate_parser(
    commands: argparse._SubParsersAction[_Parser], lang: str, _: Callable[[str], str]
) -> _Parser:
    """`setback simulate`'s parser (its options in English)."""
    sim = commands.add_parser(
        "simulate",
        help=_("play games between random players and summarise them"),
        lang=lang,
    )
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="game i is played from seed SEED+i")
    sim.add_argument(
        "--rules",
        choices=list(PRESETS),
        default="setback",
        metavar="NAME",
        help="the preset (default setback; setback rules lists and describes them)",
    )
    sim.add_argument("--players", type=int, help="seats (default: the preset's)")
    sim.add_argument("--target", type=int, help="the score that wins (default: the preset's)")
    sim.add_argument(
        "--bot",
        action="append",
        type=_bot_arg,
        metavar="BOT",
        default=[],
        help=f"the bot of a side; repeat once per side, or give once for all "
        f"(default: fast cautious random players). {_BOTS_HELP}",
    )
    sim.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes (default 1: this one; 0: one per core); the output is the same",
    )
    return sim


def _arena_parser(
    commands: argparse._SubParsersAction[_Parser], lang: str, _: Callable[[str], str]
) -> _Parser:
    """`setback arena`'s parser (its options in English)."""
    arena = commands.add_parser(
        "arena",
        help=_("a duplicate match between bots (every deal played with the seats swapped)"),
        description="A duplicate match: each deal is played in every seating, so both "
        "line-ups get the same cards. Two --bot: a duel; more: a ladder of every pair.",
        lang=lang,
    )
    arena.add_argument(
        "--bot",
        action="append",
        type=_bot_arg,
        metavar="BOT",
        default=[],
        required=True,
        help=f"a bot; give two for a duel, more for a ladder. {_BOTS_HELP}",
    )
    arena.add_argument("--deals", type=int, default=100, help="deals per duel (default 100)")
    arena.add_argument("--seed", type=int, default=0, help="deal i is the game seed SEED+i")
    arena.add_argument(
        "--rules",
        choices=list(PRESETS),
        default="setback",
        metavar="NAME",
        help="the preset (default setback; setback rules lists and describes them)",
    )
    arena.add_argument("--players", type=int, help="seats (default: the preset's)")
    arena.add_argument("--target", type=int, help="the score that wins (default: the preset's)")
    arena.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes (default 1: this one; 0: one per core); the counts are the same",
    )
    arena.add_argument("--json", metavar="FILE", help="also write the result to FILE as JSON")
    arena.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    return arena


def _play_parser(
    commands: argparse._SubParsersAction[_Parser],
    lang: str,
    gettext: Callable[[str], str],
    _: Callable[[str], str],
) -> _Parser:
    """`setback play`'s parser, its help in `lang` (`_`: an option's help, `%` escaped)."""
    game = commands.add_parser(
        "play",
        help=_("play a game in the terminal against bots"),
        description=gettext(
            "Play in the terminal against bots. At the prompt a letter picks a choice, a "
            "bare number is a bid ('3' bids 3), or type an action or a card; '{help}' lists "
            "the actions of the rules in force, '{rules}' tells the rules; '{quit}' or Ctrl-D "
            "leaves."
        ).format(help=gettext("help"), rules=gettext("rules"), quit=gettext("quit")),
        lang=lang,
    )
    game.add_argument(
        "--rules",
        choices=list(PRESETS),
        metavar=gettext("NAME"),
        help=_("the preset (default setback; 'setback rules' lists and describes them)"),
    )
    game.add_argument(
        "--players", type=int, metavar=gettext("PLAYERS"), help=_("seats (default: the preset's)")
    )
    game.add_argument(
        "--target",
        type=int,
        metavar=gettext("TARGET"),
        help=_("the score that wins (default: the preset's)"),
    )
    game.add_argument(
        "--seed",
        type=int,
        metavar=gettext("SEED"),
        help=_("replay a game by its seed (deals, first dealer and bots)"),
    )
    game.add_argument(
        "--bot",
        type=functools.partial(_level_arg, lang),
        metavar=gettext("LEVEL"),
        help=_(
            "the bots' level: {levels} (or another bot: {bots}; options as "
            "name:key=value,...); asked when not given (Enter: {default})"
        ).format(
            levels=_levels_text(lang),
            bots=", ".join(name for name in BOTS if name not in LEVELS),
            default=level_name("medium", lang),
        ),
    )
    game.add_argument("--seat", type=int, metavar=gettext("SEAT"), help=_("your seat (default 0)"))
    file = gettext("FILE")
    game.add_argument(
        "--save",
        metavar=file,
        help=_("write the game to {file} after every action").format(file=file),
    )
    game.add_argument(
        "--resume",
        metavar=file,
        help=_(
            "continue the game saved in {file} (its rules, seats and bots), saving to it"
        ).format(file=file),
    )
    game.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help=_(
            "the language of the game: en (English), de (Deutsch), sv (svenska), fr (français); "
            "default: the locale's (LC_ALL, LC_MESSAGES, LANG), else en"
        ),
    )
    game.add_argument(
        "--auto-play-forced",
        action="store_true",
        help=_("when you have only one legal action, take it without asking"),
    )
    game.add_argument(
        "--coach",
        action="store_true",
        help=_("after each hand, the coach names your costliest decision"),
    )
    return game


def _review_parser(
    commands: argparse._SubParsersAction[_Parser],
    lang: str,
    gettext: Callable[[str], str],
    _: Callable[[str], str],
) -> _Parser:
    """`setback review`'s parser, its help in `lang`."""
    file = gettext("FILE")
    reviewed = commands.add_parser(
        "review",
        help=_("review a seat's decisions in a game record"),
        description=gettext(
            "The coach values every decision a seat made in a game record (a Trickster Cards "
            "PTN text, or a JSON game or record from setback) and names the costliest."
        ),
        lang=lang,
    )
    reviewed.add_argument("file", metavar=file, help=_("the game record (PTN or JSON)"))
    reviewed.add_argument(
        "--seat", type=int, required=True, metavar=gettext("SEAT"), help=_("the seat to review")
    )
    reviewed.add_argument(
        "--budget",
        type=int,
        metavar=gettext("BUDGET"),
        help=_("hands played out for each decision (default {budget})").format(
            budget=DEFAULT_BUDGET
        ),
    )
    reviewed.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar=gettext("SEED"),
        help=_("the coach's seed (default 0)"),
    )
    reviewed.add_argument(
        "--svg",
        metavar=file,
        help=_("also draw the review as an SVG picture in {file}").format(file=file),
    )
    reviewed.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help=_("the language: en, de, sv, fr (default: the locale's, else en)"),
    )
    return reviewed


def _rules_parser(
    commands: argparse._SubParsersAction[_Parser],
    lang: str,
    gettext: Callable[[str], str],
    _: Callable[[str], str],
) -> _Parser:
    """`setback rules`'s parser, its help in `lang`."""
    described = commands.add_parser(
        "rules",
        help=_("list the presets, or tell one preset's rules in full"),
        description=gettext(
            "Without a name: every preset, what it is, its seats, points and target. With a "
            "name: that preset's rules in full, as 'rules' tells them in the game."
        ),
        lang=lang,
    )
    described.add_argument(
        "name",
        nargs="?",
        choices=list(PRESETS),
        metavar=gettext("NAME"),
        help=_("a preset (setback play --rules NAME plays it)"),
    )
    described.add_argument(
        "--players", type=int, metavar=gettext("PLAYERS"), help=_("seats (default: the preset's)")
    )
    described.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help=_("the language: en, de, sv, fr (default: the locale's, else en)"),
    )
    return described


_PRESET_WORDS = {
    "setback": N_("the German partnership game: Smudge, the dealer's match, bid out"),
    "auction-pitch": N_("traditional Auction Pitch, each for himself"),
    "cutthroat": N_("the German rules, each for himself"),
    "six": N_("six players in three partnerships: eight cards, two discarded"),
    "ten-point": N_("Ten-point Pitch: jokers, the off-jack, the draw back, trumps only"),
    "smear": N_("Smear: jokers, the off-jack, ten cards, the discard to six"),
    "joker-pitch": N_("Auction Pitch with one joker"),
    "cinch": N_("Cinch (Double Pedro): the discard and rob, only one side scores"),
    "pedro-sancho": N_("Pedro Sancho: Auction Pitch with the five and the nine of trumps"),
    "dom-pedro": N_("Dom Pedro: Pedro Sancho with the trey and the joker (the Snoozer)"),
}
"""Each preset in a few words (`setback rules`); Trickster Cards' games are named by their
points."""


def preset_words(name: str, lang: str = "en") -> str:
    """What the preset `name` is, in a few words of `lang` (`setback rules`)."""
    _ = translation(lang).gettext
    words = _PRESET_WORDS.get(name)
    if words is not None:
        return _(words)
    if name.startswith("trickster-"):
        return _("Trickster Cards' {points}-point game").format(points=name.split("-")[1])
    return name


def _rules_command(args: argparse.Namespace, lang: str) -> int:
    """`setback rules`: every preset in a few lines, or one preset's rules in full."""
    try:
        return _tell_rules(args, lang)
    except BrokenPipeError:  # `setback rules | head`: the reader left; so do we, quietly
        _quiet_stdout()
        return 1


def _tell_rules(args: argparse.Namespace, lang: str) -> int:
    _ = translation(lang).gettext
    width = _columns(sys.stdout)
    try:
        if args.name is not None:
            rules = _play_rules(args.name, args.players, {}, lang)
            print(wrapped(f"{args.name}: {preset_words(args.name, lang)}", width))
            counts = _player_counts(args.name)
            if len(counts) > 1:
                seats = _("Players: {counts} (without --players: {default}).")
                default = build_rules(args.name, None).players
                line = seats.format(counts=_counts_text(counts, lang), default=default)
                print(wrapped(f"  {line}", width))
            for line in rules_lines(rules, lang):
                print(wrapped(f"  {line}", width))
            return 0
        if args.players is not None:
            raise RulesError(_("--players needs a preset's name: setback rules NAME --players N"))
    except SetbackError as error:
        print(f"setback: {error}", file=sys.stderr)
        return 2
    print(_("The presets (setback play --rules NAME plays one; setback rules NAME tells it):"))
    for name in PRESETS:
        rules = Rules.preset(name)
        points = ", ".join(point_text(point, lang=lang) for point in rules.points)
        counts = _player_counts(name)
        if len(counts) > 1:
            facts = _("{counts} players (without --players: {players}); {points}; to {target}")
            facts = facts.format(
                counts=_counts_text(counts, lang),
                players=rules.players,
                points=points,
                target=rules.target,
            )
        else:
            facts = _("{players} players; {points}; to {target}").format(
                players=rules.players, points=points, target=rules.target
            )
        print(wrapped(f"  {name:<14} {preset_words(name, lang)}", width))
        print(wrapped(f"  {'':<14} {facts}", width))
    return 0


_BOTS_HELP = (
    f"A level ({', '.join(LEVELS)}), another bot "
    f"({', '.join(name for name in BOTS if name not in LEVELS)}), or one with options as "
    "name:key=value,... (e.g. expert:playouts=60)"
)


def _bot_arg(text: str) -> str:
    """A `--bot` value: a bot's name or its text with options (`parse_spec` reads it)."""
    try:
        parse_spec(text)
    except SetbackError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text.strip()


class _BotTexts(Container[str]):
    """Every text `parse_spec` reads: the bots a save file may name."""

    def __contains__(self, text: object) -> bool:
        try:
            parse_spec(text)  # type: ignore[arg-type]
        except (SetbackError, TypeError):
            return False
        return True


def _level_words(lang: str) -> dict[str, str]:
    """The levels by the words a person may type: in `lang` and in English (any case)."""
    words = {level_name(level, lang).casefold(): level for level in LEVELS}
    words.update({level: level for level in LEVELS})
    return words


def _levels_text(lang: str) -> str:
    """The levels in the words of `lang`: "easy, medium, hard or expert"."""
    _ = translation(lang).gettext
    return _("{levels} or {last}").format(
        levels=", ".join(level_name(level, lang) for level in LEVELS[:-1]),
        last=level_name(LEVELS[-1], lang),
    )


def _level_arg(lang: str, text: str) -> str:
    """`setback play --bot`: a level in the words of `lang` or English, or any bot text."""
    return _level_words(lang).get(text.strip().casefold()) or _bot_arg(text)


def ask_level(read: Callable[[], str], out: TextIO, lang: str) -> str | None:
    """Ask the person for the bots' level, once: a level's name (in `lang` or English) or
    any bot text `parse_spec` reads; a bare Enter keeps `medium`. None when the person
    leaves instead: `q`, `quit` (or the word of `lang`), `exit`, or the end of input
    (Ctrl-D)."""
    _ = translation(lang).gettext
    words = _level_words(lang)
    leave = {"q", "quit", "exit", _("quit").casefold()}
    while True:
        out.write(
            _("The bots' level: {levels}? [{default}] ").format(
                levels=_levels_text(lang), default=level_name("medium", lang)
            )
        )
        out.flush()
        answer = read()
        text = answer.strip()
        if not answer:  # the end of input (Ctrl-D)
            out.write("\n")
            return None
        if not text:
            return "medium"
        if text.casefold() in leave:
            return None
        if text.casefold() in words:
            return words[text.casefold()]
        if text in _BotTexts():
            return text
        out.write(_("not a level: {answer}").format(answer=text) + "\n")


def _summary_lines(summary: SimulationSummary, seconds: float) -> list[str]:
    """The summary as `setback simulate` prints it."""
    names = {0: "free"}  # a hand everyone passed, played at 0 (AllPass.plays_free)
    if summary.smudge_level is not None:
        names[summary.smudge_level] = "smudge"
    if summary.shoot_level is not None:
        names[summary.shoot_level] = "shoot"
    games = max(summary.games, 1)
    played = summary.hands - summary.passed_out
    out = [
        f"games          {summary.games}",
        f"hands          {summary.hands} ({summary.hands / games:.1f} per game, "
        f"{summary.passed_out} passed out)",
        f"points         {summary.points / max(played, 1):.2f} per played hand",
        "contracts      made / bid",
    ]
    for level, bid, made in summary.contracts:
        name = names.get(level, f"bid {level}")
        out.append(f"  {name:<12} {made:>6} / {bid:<6} {made / bid:6.1%}")
    out.append("wins")
    for side, count in enumerate(summary.wins):
        bot = f" ({summary.bots[side]})" if summary.bots else ""
        out.append(f"  side {side}{bot:<13} {count:>6}   {count / games:6.1%}")
    if summary.unfinished:
        out.append(
            f"unfinished     {summary.unfinished} (no winner after {summary.max_hands} hands)"
        )
    out.append(f"time           {seconds:.2f} s ({summary.hands / seconds:,.0f} hands/s)")
    return out


def _arena(args: argparse.Namespace) -> int:
    """`setback arena`: a duel of two bots or a ladder of more, printed and as JSON."""
    try:
        overrides = {} if args.target is None else {"target": args.target}
        rules = build_rules(args.rules, args.players, **overrides)
        jobs = args.jobs or os.cpu_count() or 1
        show = sys.stderr if args.progress or sys.stderr.isatty() else None
        bar = None if show is None else functools.partial(_draw_progress, show)
        start = time.perf_counter()
        pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
        try:
            result: DuelResult | LadderResult
            if len(args.bot) == 2:
                result = duel(
                    rules,
                    args.bot[0],
                    args.bot[1],
                    deals=args.deals,
                    seed=args.seed,
                    executor=pool,
                    progress=bar,
                )
            else:
                result = ladder(
                    rules, args.bot, deals=args.deals, seed=args.seed, executor=pool, progress=bar
                )
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)
        seconds = time.perf_counter() - start
        if args.json is not None:
            document = {
                "rules": args.rules,
                "players": rules.players,
                "target": rules.target,
                "deals": args.deals,
                "seed": args.seed,
                "seconds": seconds,
                "result": result.to_dict(),
            }
            write_atomically(Path(args.json), json.dumps(document, indent=2) + "\n")
    except (SetbackError, OSError) as error:
        print(f"setback: {error}", file=sys.stderr)
        return 2
    print(
        f"{args.rules}: {rules.players} players, target {rules.target}, deals "
        f"{args.seed}..{args.seed + args.deals - 1}, every seating"
    )
    lines = _duel_lines(result) if isinstance(result, DuelResult) else _ladder_lines(result)
    for line in lines:
        print(line)
    print(f"time           {seconds:.1f} s")
    return 0


def _pair(pair: tuple[float, float], form: str) -> str:
    low, high = pair
    if math.isnan(low):
        return "-"
    return f"{low:{form}} to {high:{form}}"


def _duel_lines(result: DuelResult) -> list[str]:
    """A duel's result as `setback arena` prints it."""
    first, second = result.first, result.second
    out = [
        f"games          {result.games} ({result.deals} deals x {result.seatings} seatings"
        + (f", {result.unfinished} unfinished)" if result.unfinished else ")"),
        f"{first.bot} wins {first.games_won}, {second.bot} wins {second.games_won}: "
        f"{first.bot} {result.win_rate:.1%} (95% {_pair(result.win_interval, '.1%')})",
        f"points/hand    {result.points_per_hand:+.3f} for {first.bot} against {second.bot} "
        f"(95% {_pair(result.points_interval, '+.3f')}), {result.hands} hands",
        "line-up        games  hands won   score/hand  decisions  mean ms  p99 ms",
    ]
    for line in (first, second):
        out.append(
            f"  {line.bot:<12} {line.games_won:>6} {line.hands_won:>10} "
            f"{line.points_per_hand:>12.3f} {line.decisions:>10} "
            f"{line.mean_decision * 1000:>8.2f} {line.p99_decision * 1000:>7.2f}"
        )
    return out


def _ladder_lines(result: LadderResult) -> list[str]:
    """A ladder's result as `setback arena` prints it: ratings, then every duel."""
    out = ["bot            rating (95%)              won/finished  points/hand"]
    order = sorted(range(len(result.bots)), key=lambda i: -result.ratings[i])
    for i in order:
        interval = _pair(result.rating_intervals[i], "+.0f")
        out.append(
            f"  {result.bots[i]:<12} {result.ratings[i]:+6.0f} ({interval:<16}) "
            f"{result.games_won[i]:>6}/{result.games_finished[i]:<6} "
            f"{result.points_per_hand[i]:+10.3f}"
        )
    for duel_result in result.duels:
        out.append(f"{duel_result.first.bot} against {duel_result.second.bot}:")
        out.extend("  " + line for line in _duel_lines(duel_result))
    return out


def _draw_progress(stream: TextIO, done: int, total: int) -> None:
    """Redraw the progress bar: `done` of `total` games finished (in any worker)."""
    width = 30
    filled = width * done // total
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        stream.write("\n")
    stream.flush()


def _play_command(args: argparse.Namespace, lang: str) -> int:
    """`setback play`: every message before the game, and the game, in `lang`."""
    _ = translation(lang).gettext
    save_path = args.save or args.resume
    try:
        if args.resume is not None:
            given = [
                f"--{name}"
                for name in ("rules", "players", "target", "seed", "bot", "seat")
                if getattr(args, name) is not None
            ]
            if given:
                raise RulesError(
                    _(
                        "--resume plays on with the saved rules, seats and bots: drop {options}"
                    ).format(options=" ".join(given))
                )
            try:
                state, seat, kinds = read_save(Path(args.resume), _BotTexts(), lang=lang)
            except OSError as error:
                raise RulesError(
                    _("cannot read {path}: {reason}").format(
                        path=args.resume, reason=_os_reason(error, lang)
                    )
                ) from None
        else:
            if args.target is not None and args.target < 1:
                raise RulesError(_("--target must be at least 1"))
            overrides = {} if args.target is None else {"target": args.target}
            rules = _play_rules(args.rules or "setback", args.players, overrides, lang)
            seat = 0 if args.seat is None else args.seat
            if not 0 <= seat < rules.players:
                raise RulesError(
                    _("--seat must be from 0 to {last}").format(last=rules.players - 1)
                )
            # Without --seed, draw one now: the game, its first dealer and the bots all come
            # from it, so the seed printed at the start replays the whole game.
            seed = secrets.randbits(32) if args.seed is None else args.seed
            dealer = random.Random(seed).randrange(rules.players)
            state = new_game(rules, seed=seed, dealer=dealer)
            kind = args.bot
            if kind is None:  # a person at a terminal is asked; a script gets medium
                asked = ask_level(sys.stdin.readline, sys.stdout, lang) if _asks() else "medium"
                if asked is None:  # the person left before the game began
                    print(_("Bye."))
                    return 0
                kind = asked
            kinds = {s: (kind, seed * 10 + s) for s in range(rules.players) if s != seat}
    except SetbackError as error:
        print(f"setback: {error}", file=sys.stderr)
        return 2
    bots = {s: make_bot(kind, seed=bot_seed) for s, (kind, bot_seed) in kinds.items()}

    def save(now: GameState) -> None:
        try:
            write_atomically(Path(save_path), save_document(now, seat, kinds))
        except OSError as error:  # tell, and play on: the game itself is not lost
            why = _("could not save to {path}: {reason}").format(
                path=save_path, reason=_os_reason(error, lang)
            )
            print(f"setback: {why}", file=sys.stderr)

    game = TerminalGame(
        state,
        bots,
        seat,
        sys.stdin.readline,
        sys.stdout,
        save=None if save_path is None else save,
        auto_forced=args.auto_play_forced,
        lang=lang,
        width=_columns(sys.stdout),
        levels={s: kind for s, (kind, _seed) in kinds.items()},
        coach=args.coach,
    )
    try:
        if save_path is not None:
            save(state)
        game.run(resumed=args.resume is not None)
    except KeyboardInterrupt:
        print("\n" + wrapped(game.interrupted(save_path), game.width))
        return 130
    except BrokenPipeError:  # `setback play | head`: the reader left; so do we, quietly
        _quiet_stdout()
        return 1
    if save_path is not None and not game.state.is_over:
        print(wrapped(game.kept(save_path), game.width))
    return 0


def _review_command(args: argparse.Namespace, lang: str) -> int:
    """`setback review FILE --seat S`: the coach's review of a seat's decisions."""
    _ = translation(lang).gettext
    try:
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = _os_reason(error, lang) if isinstance(error, OSError) else str(error)
            raise RulesError(
                _("cannot read {path}: {reason}").format(path=args.file, reason=reason)
            ) from None
        record = _record_of(text)
        budget = DEFAULT_BUDGET if args.budget is None else args.budget
        done = review(record, args.seat, budget=budget, seed=args.seed)
        if args.svg is not None:
            try:
                Path(args.svg).write_text(done.svg(lang=lang), encoding="utf-8")
            except OSError as error:
                raise RulesError(
                    _("cannot write {path}: {reason}").format(
                        path=args.svg, reason=_os_reason(error, lang)
                    )
                ) from None
    except (SetbackError, ValueError) as error:
        print(f"setback: {error}", file=sys.stderr)
        return 2
    print(done.text(lang=lang))
    return 0


def _record_of(text: str) -> GameRecord:
    """The game record of a file's text: JSON from `dumps` (a game or a record), else PTN."""
    if text.lstrip().startswith("{"):
        value = loads(text)
        if isinstance(value, GameState):
            return game_record(value)
        if isinstance(value, GameRecord):
            return value
        raise RecordError(f"a JSON {type(value).__name__}: a review needs a game or its record")
    return read_ptn(text)


def _columns(stream: TextIO) -> int | None:
    """The width to wrap `setback play`'s lines to: the terminal's columns (or `COLUMNS`)
    where `stream` is a terminal; None (no wrapping) for a file or a pipe."""
    try:
        if not stream.isatty():
            return None
    except (AttributeError, ValueError):  # closed, or no file behind it
        return None
    return shutil.get_terminal_size().columns


def _asks() -> bool:
    """Whether `setback play` asks for the bots' level: when a person is at the terminal
    (standard input and output are terminals), not when a script pipes its moves in."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
}
"""The reasons a save file most often cannot be read or written, in the system's English
words: shown in the language of the game (any other reason in the system's words)."""


def _os_reason(error: OSError, lang: str) -> str:
    """Why a file could not be read or written, in `lang` where the catalogs know it."""
    words = _OS_REASONS.get(error.errno or 0)
    if words is not None:
        return translation(lang).gettext(words)
    return error.strerror or str(error)


def _quiet_stdout() -> None:
    """Point standard output at the null device: the reader closed the pipe, and the
    interpreter's last flush must not raise again (as the `signal` module's docs advise)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no file descriptor behind it (a test's StringIO)
        pass


def _play_rules(name: str, players: int | None, overrides: dict[str, Any], lang: str) -> Rules:
    """The rules of `setback play`; a seat count the preset cannot have is answered with
    the command-line options that work (not with the library's Python advice), in `lang`."""
    _ = translation(lang).gettext
    try:
        return build_rules(name, players, **overrides)
    except RulesError:
        if players is None:
            raise
        if players in _player_counts(name):
            raise
    default = build_rules(name, None).players
    advice = _("--rules {name} takes --players {counts} (without --players: {default})").format(
        name=name, counts=_counts_text(_player_counts(name), lang), default=default
    )
    if name != "cutthroat" and _fits("cutthroat", players):
        advice += _(
            "; for {players} players each for himself: --rules cutthroat --players {players}"
        ).format(players=players)
    raise RulesError(advice)


def _player_counts(name: str) -> list[int]:
    """The numbers of players the preset `name` takes (as `Rules.preset` answers)."""
    return [players for players in range(2, 9) if _fits(name, players)]


def _counts_text(counts: list[int], lang: str) -> str:
    """Numbers of players in words of `lang`: "4", "4 or 6", "2 to 8" ("2, 3 or 6")."""
    _ = translation(lang).gettext
    if len(counts) < 2:
        return " ".join(map(str, counts))
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return _("{low} to {high}").format(low=counts[0], high=counts[-1])
    return _("{one} or {other}").format(one=", ".join(map(str, counts[:-1])), other=counts[-1])


def _fits(name: str, players: int) -> bool:
    try:
        build_rules(name, players)
    except RulesError:
        return False
    return True
