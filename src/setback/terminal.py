"""`setback play`: a person plays in the terminal against bots; saves and resumes.

The screen speaks English, German, Swedish or French (`lang`, from `--lang` or the
locale of the environment). What the person types is read one way only: a letter picks
one of the listed choices, a bare number is a bid (`3` bids 3), and anything else is an
action or a card, in English or in the screen's language (`bid 3`, `bieten 3`, `play K♠`,
`K♠`).
"""

from __future__ import annotations

import json
import os
import string
import tempfile
import textwrap
from collections.abc import Callable, Container, Iterable, Mapping
from pathlib import Path
from typing import Any, TextIO

from .actions import (
    Action,
    Bid,
    CallPartner,
    DeclareTrump,
    Discard,
    Pass,
    Pitch,
    Play,
    Shoot,
    Smudge,
    parse_action,
)
from .bots import LEVELS, Bot
from .cards import Card, Suit, parse_cards
from .coach import decision_text, review
from .coach import hint as coach_hint
from .engine import apply_action
from .errors import IllegalActionError, InvalidNotationError, InvalidStateError, SetbackError
from .eventlog import (
    Called,
    Dealt,
    Discarded,
    Event,
    FaceUpDiscarded,
    GameOver,
    HandScored,
    PartnerCalled,
    Pitched,
    Played,
    TrickWon,
    TrumpDeclared,
    events,
)
from .options import (
    DrawOrder,
    JokerRank,
    KeepSix,
    PackRanks,
    PlayTrump,
    Settlement,
    ShootFor,
    WinRule,
)
from .points import Point
from .records import game_record
from .rules import Rules
from .serialization import dumps, loads
from .state import EndReason, GameState, HandResult, Phase
from .tables import trump_table
from .text import (
    LANGUAGES,
    N_,
    NP_,
    action_text,
    cards_text,
    contract_text,
    hand_order,
    hand_text,
    phase_text,
    point_text,
    refusal_reason,
    refusal_text,
    suit_text,
    translation,
)
from .views import PlayerView, discard_keeping, observe

SAVE_FORMAT = "setback-play"
"""The `format` of a `setback play` save file."""

LETTERS = string.ascii_lowercase
"""The letters that pick a choice, in order: at most 26 choices are listed."""


def wrapped(text: str, width: int | None) -> str:
    """`text` with every line longer than `width` broken between words (a word longer than
    the line stays whole); a continued line is indented two more than its first. None
    leaves the text as it is."""
    if width is None:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        out.append(
            textwrap.fill(
                line.strip(" "),
                width=max(width, len(indent) + 12),
                initial_indent=indent,
                subsequent_indent=indent + "  ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out)


class Quit(Exception):
    """The player left (quit or end of input)."""


def language_of(environ: Mapping[str, str]) -> str:
    """The language of the environment's locale, as POSIX chooses the messages' locale:
    the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set (`de_DE.UTF-8` is German);
    English for any other language, for `C` and `POSIX`, and when none is set."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def verbs(rules: Rules, lang: str = "en") -> str:
    """The actions these rules have, in the words a player types."""
    _ = translation(lang).gettext
    card, suit, cards = _("CARD"), _("SUIT"), _("CARDS")
    words = [
        action_text(Pass(), lang=lang),
        _("bid {level}").format(level=f"{rules.min_bid}-{rules.max_plain_bid}"),
    ]
    if rules.smudge:
        words.append(action_text(Smudge(), lang=lang))
    if rules.shoot is not None:
        words.append(action_text(Shoot(), lang=lang))
    if rules.pitch_instead_of_bid:
        words.append(_("pitch {card}").format(card=card))
    if rules.declares_trump:
        words.append(_("trump {suit}").format(suit=suit))
    if rules.call_partner:
        words.append(_("call {card}").format(card=card))
    if discards(rules):
        words.append(_("discard {cards}").format(cards=cards))
        words.append(_("keep {cards}").format(cards=cards))
    words.append(_("{play} (or just the card)").format(play=_("play {card}").format(card=card)))
    return ", ".join(words)


def discards(rules: Rules) -> bool:
    """Whether a player may have a discard to choose under these rules."""
    return bool(rules.discard_count or rules.draw or rules.deal > 6 or rules.kitty)


def rules_lines(rules: Rules, lang: str = "en") -> list[str]:
    """The rules in force, summarised in a few lines (the `rules` command)."""
    _ = translation(lang).gettext
    return [
        *_table_lines(rules, _),
        *_deal_lines(rules, _),
        *_auction_lines(rules, _),
        *_trump_lines(rules, _, lang),
        *_play_lines(rules, _),
        *_score_lines(rules, _, lang),
    ]


def _table_lines(rules: Rules, _: Callable[[str], str]) -> list[str]:
    """The table and how a game is won (the summary's first line)."""
    out: list[str] = []
    if rules.partnerships:
        table = _("{players} players in {sides} partnerships, partners opposite").format(
            players=rules.players, sides=len(rules.sides)
        )
    else:
        table = _("{players} players, each for himself").format(players=rules.players)
    if rules.hands_limit is None:
        out.append(
            _("{table}; the first to {target} wins (see Winning).").format(
                table=table, target=rules.target
            )
        )
    else:
        out.append(
            _(
                "{table}; after {limit} played hands the highest score wins (a tie at the "
                "top plays on, a hand at a time; passed-out hands do not count)."
            ).format(table=table, limit=rules.hands_limit)
        )
    return out


def _deal_lines(rules: Rules, _: Callable[[str], str]) -> list[str]:
    """The deal: its size, the discards and draws, a kitty, a short pack."""
    out: list[str] = []
    deal = _("Deal: {count} cards each, in packets of three.").format(count=rules.deal)
    if rules.deal > 6:
        deal += " " + _words(_, _KEEP_SIX, rules.keep_six.value)
        if rules.draws_back and rules.draw_order is DrawOrder.PITCHER_LEFT:
            deal += " " + _("The draw back starts at the pitcher's left.")
        elif rules.discards_and_draws and rules.draw_order is DrawOrder.PITCHER_LEFT:
            deal += " " + _("The discard and draw starts at the pitcher's left.")
    elif rules.draw:
        deal += " " + _(
            "Once trump is named, everyone discards non-trumps and draws as many from the stock."
        )
    if rules.kitty:
        deal += " " + _(
            "A kitty of {count} cards lies face down; once trump is named the pitcher first "
            "takes it and discards {count} cards face down, any cards."
        ).format(count=rules.kitty)
    if rules.pack_ranks is not PackRanks.ALL:
        deal += " " + _("The pack has {count} cards.").format(count=len(rules.pack))
    out.append(deal)
    return out


def _auction_lines(rules: Rules, _: Callable[[str], str]) -> list[str]:
    """The auction: its bids, a smudge, the dealer's match, everyone passing; a pitch, a shoot."""
    out: list[str] = []
    calls = _("Auction: one round from the dealer's left; bids {low} to {high}").format(
        low=rules.min_bid, high=rules.max_plain_bid
    )
    if rules.smudge:
        calls += _("; smudge (every trick and every point) counts {level}").format(
            level=rules.smudge_level
        )
    match = _words(_, _MATCH, rules.dealer_match.value)
    stuck = _words(_, _ALL_PASS, rules.all_pass.value).format(low=rules.min_bid)
    out.append(" ".join(part for part in (calls + ".", match, stuck) if part))
    if rules.pitch_instead_of_bid:
        out.append(_("Instead of bidding you may pitch a card: a bid of every point in its suit."))
    if rules.shoot is ShootFor.ALL_POINTS:
        out.append(
            _(
                "Instead of bidding you may shoot the moon: a call nobody may overcall or "
                "match, made only by winning every point."
            )
        )
    elif rules.shoot is ShootFor.ALL_TRICKS:
        out.append(
            _(
                "Instead of bidding you may shoot the moon: a call nobody may overcall or "
                "match, made only by winning every trick."
            )
        )
    return out


def _trump_lines(rules: Rules, _: Callable[[str], str], lang: str) -> list[str]:
    """How trump is named, a partner called, and which cards are trumps besides the suit."""
    out: list[str] = []
    if rules.declares_trump and rules.pitcher_leads_trump and not rules.trumps_only:
        out.append(
            _(
                "Trump: the pitcher names it before leading, and his first lead must be a "
                "trump if he holds one."
            )
        )
    elif rules.declares_trump:
        out.append(_("Trump: the pitcher names it before leading."))
    else:
        out.append(_("Trump: the pitcher leads first, and that card's suit is trump."))
    if rules.call_partner:
        out.append(
            _(
                "Call your partner: after naming trump the pitcher calls a trump he does not "
                "hold; its holder is his partner for the hand and must play it to the first "
                "trick. Nobody knows who it is until then. Both score their side's points."
            )
        )
    offs = [key for key in ("off_ace", "off_five", "off_three") if getattr(rules, key)]
    if offs:
        out.append(
            _(
                "Trumps also: {cards} (the card of that rank in the other suit of trump's colour)."
            ).format(cards=", ".join(point_text(key, lang=lang) for key in offs))
        )
    if rules.jokers == 2:
        out.append(_("Trumps also: the big and the little joker, below the jacks."))
    elif rules.jokers and rules.joker_rank is JokerRank.LOWEST:
        out.append(
            _(
                "Trumps also: the joker, the lowest trump (below the 2): it beats every card "
                "of a plain suit, and any other trump beats it."
            )
        )
    elif rules.jokers:
        out.append(_("Trumps also: the joker, below the jacks."))
    return out


def _play_lines(rules: Rules, _: Callable[[str], str]) -> list[str]:
    """Trick play: what must be followed, who wins a trick."""
    out: list[str] = []
    if rules.trumps_only:
        out.append(
            _(
                "Play: only trumps may be led or played; a player with no trump is out of the "
                "hand, and his other cards are dead."
            )
        )
    elif rules.play_trump is PlayTrump.WHEN_VOID:
        out.append(
            _(
                "Play: you must follow the suit led, and may trump only when you hold none "
                "of it; to a trump lead play a trump if you hold one; with none of the suit "
                "led, play anything. The highest trump wins, else the highest card of the "
                "suit led."
            )
        )
    else:
        out.append(
            _(
                "Play: follow the suit led or trump (you may trump even when you could "
                "follow); with none of the suit led, play anything. The highest trump wins, "
                "else the highest card of the suit led."
            )
        )
    if rules.no_trump_first_trick:
        out.append(_("In the first trick nobody may trump a non-trump lead."))
    return out


def _score_lines(rules: Rules, _: Callable[[str], str], lang: str) -> list[str]:
    """The points, Game's card points, the scoring, and (without a hands limit) the win rule."""
    out: list[str] = []
    points = ", ".join(
        _("{point} {worth}").format(point=point_text(p, lang=lang), worth=p.worth)
        for p in rules.points
    )
    low = _words(_, _LOW, rules.low_to.value)
    out.append(_("Points: {points}.").format(points=points) + " " + low)
    if Point.GAME in rules.points:
        out.append(
            _(
                "Game: the card points in your tricks (10 = 10, A = 4, K = 3, Q = 2, J = 1); "
                "a tie at the top: nobody."
            )
        )
    if rules.settlement is Settlement.DIFFERENCE:
        out.append(
            _(
                "Scoring: only one side scores a hand. Made: the side with more points scores "
                "the difference (a tie, nothing). Set: the other side scores its points and "
                "the bid."
            )
        )
    else:
        out.append(
            _(
                "Scoring: a made bid scores all it took; a failed one loses the bid (set "
                "back); the others score what they took. Scores may go below zero."
            )
        )
    if rules.hands_limit is None:
        out.append(_("Winning: {rule}").format(rule=_words(_, _WIN, rules.win_rule.value)))
    return out


def _words(gettext: Callable[[str], str], table: Mapping[str, str], key: str) -> str:
    """An option's words from `table`, translated; empty for an option this version of the
    summary does not know."""
    words = table.get(key)
    return "" if words is None else gettext(words)


_KEEP_SIX = {
    "free_discard": N_("Once trump is named, everyone discards face down down to six."),
    "non_trumps_first": N_(
        "Once trump is named, everyone discards face down down to six (a trump only with "
        "every non-trump)."
    ),
    "draw_back": N_(
        "Once trump is named, everyone but the pitcher discards every non-trump and draws "
        "to six; the pitcher takes the rest of the stock and discards every non-trump; "
        "above six, non-point trumps are discarded face up."
    ),
    "discard_and_draw": N_(
        "Once trump is named, each player in turn, the pitcher last, discards face down any "
        "cards, keeping 3 to 6, and draws back to six."
    ),
    "rob_the_pack": N_(
        "Once trump is named, everyone but the dealer discards every non-trump face up and "
        "is given cards back to six from the stock; the dealer takes the rest of the stock "
        "and keeps six, trumps first (his other trumps face up, non-trumps face down). "
        "Above six trumps, non-point trumps are discarded face up."
    ),
}
_MATCH = {
    "none": N_("The dealer must bid higher, like everyone."),
    "below_max": N_("The dealer may match the highest bid, except the top call."),
    "any": N_("The dealer may match the highest bid."),
}
_ALL_PASS = {
    "dealer_exactly_min": N_("If all others pass, the dealer must bid {low}."),
    "dealer_at_least_min": N_("If all others pass, the dealer must bid."),
    "redeal": N_("If everyone passes, the same dealer deals again."),
    "pass_deal": N_("If everyone passes, the deal passes to the left."),
    "dealer_free": N_(
        "If all others pass, the dealer may bid or pass; if he passes he plays for "
        "nothing (contract 0, never set)."
    ),
    "eldest_free": N_(
        "If everyone passes, the eldest hand plays for nothing (contract 0, never set)."
    ),
}
_LOW = {
    "capturer": N_("Low goes to whoever wins it in a trick."),
    "holder": N_("Low goes to whoever was dealt it."),
}
_WIN = {
    "bid_out": N_(
        "only the pitcher's side, at the end of a hand in which it made its bid; points "
        "won against the bid never end the game."
    ),
    "pitcher_first": N_(
        "whoever reaches the target first; in a hand where several do, the pitcher's points "
        "count first, then the points in their order."
    ),
    "highest_score": N_(
        "the highest score once someone reaches the target; a tie at the top goes to the "
        "pitcher's side if it is tied, else play goes on."
    ),
}


_LEVEL_WORDS = (
    NP_("level", "easy"),
    NP_("level", "medium"),
    NP_("level", "hard"),
    NP_("level", "expert"),
)
"""The levels' names, for the catalogs (the bots' level is shown and asked in words)."""


def level_name(level: str, lang: str = "en") -> str:
    """A bot's level in the words of `lang` (`"expert"` is `"Experte"` in German); any
    other bot's text as it is."""
    if level in LEVELS:
        return translation(lang).pgettext("level", level)
    return level


def save_document(state: GameState, seat: int, bots: dict[int, tuple[str, int]]) -> str:
    """The text of a save file: the game (as `dumps` writes it), the person's seat, and
    each bot's kind and seed (a bot is rebuilt from them)."""
    document = {
        "format": SAVE_FORMAT,
        "version": 1,
        "seat": seat,
        "bots": {str(s): {"kind": kind, "seed": seed} for s, (kind, seed) in sorted(bots.items())},
        "game": json.loads(dumps(state)),
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` so that a reader sees the old file or the new one, never
    half of one: a temporary file in the same directory, then `os.replace`."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        os.chmod(temporary, _file_mode(path))  # as an ordinary file, not mkstemp's 0600
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _file_mode(path: Path) -> int:
    """The permissions a rewritten `path` keeps: its own, or a new file's under the umask."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def read_save(
    path: Path, kinds: Container[str], *, lang: str = "en"
) -> tuple[GameState, int, dict[int, tuple[str, int]]]:
    """The game, the person's seat and the bots (kind, seed) of a save file.

    Raises:
        InvalidStateError: the file is no save file, or its game is not consistent (the
            message in `lang`).
        OSError: the file cannot be read.
    """
    _ = translation(lang).gettext
    try:
        document: Any = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise InvalidStateError(
            _("not a setback play save file: {reason}").format(reason=error)
        ) from None
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise InvalidStateError(
            _('not a setback play save file (no "format": "{format}")').format(format=SAVE_FORMAT)
        )
    try:
        state = loads(json.dumps(document.get("game")))
    except SetbackError as error:
        raise InvalidStateError(
            _("the save file's game cannot be read: {reason}").format(reason=error)
        ) from None
    if type(state) is not GameState:
        raise InvalidStateError(_("the save file holds no game"))
    seat, table = document.get("seat"), document.get("bots")
    players = state.rules.players
    if type(seat) is not int or not 0 <= seat < players or not isinstance(table, dict):
        raise InvalidStateError(_("the save file's seat or bots are missing or wrong"))
    bots: dict[int, tuple[str, int]] = {}
    for key, entry in table.items():
        kind = entry.get("kind") if isinstance(entry, dict) else None
        seed = entry.get("seed") if isinstance(entry, dict) else None
        if (
            not key.isdigit()
            or not isinstance(kind, str)
            or kind not in kinds
            or type(seed) is not int
        ):
            raise InvalidStateError(
                _("the save file's bot {key} is wrong: {entry}").format(
                    key=repr(key), entry=f"{entry!r:.60}"
                )
            )
        bots[int(key)] = (kind, seed)
    if set(bots) != set(range(players)) - {seat}:
        raise InvalidStateError(_("the save file needs one bot for every seat but yours"))
    return state, seat, bots


def _action_of(event: Called | Pitched | TrumpDeclared | PartnerCalled | Played) -> Action:
    """The action an event records."""
    if isinstance(event, Called):
        return event.call
    if isinstance(event, Pitched):
        return Pitch(event.card)
    if isinstance(event, PartnerCalled):
        return CallPartner(event.card)
    if isinstance(event, TrumpDeclared):
        return DeclareTrump(event.trump)
    return Play(event.card)


def _card_order(action: Action) -> tuple[int, int, int]:
    """Choices in the order of the hand on screen: calls first (as the engine lists them),
    then cards as `hand_text` shows them."""
    if isinstance(action, Play | Pitch):
        return (1, *hand_order(action.card))
    return 0, 0, 0


def _normal(text: str) -> str:
    """Typed text compared case-free, every card word in its canonical form."""
    words = []
    for word in text.split():
        try:
            words.append(str(Card.parse(word)))
        except InvalidNotationError:
            words.append(word.casefold())
    return " ".join(words)


class TerminalGame:
    """One game: the person at `seat`, bots elsewhere, text in and out, in `lang`.

    `save` (a callable) is given the game after every action; `auto_forced` plays the
    person's only legal action unasked; `width` (the terminal's columns) wraps every line
    to it between words, so the terminal never breaks one (None: lines as they are);
    `levels` names each bot's level (or its text), shown when the game starts; with
    `coach`, the coach names the person's costliest decision after each hand.
    """

    def __init__(
        self,
        state: GameState,
        bots: dict[int, Bot],
        seat: int,
        read: Callable[[], str],
        out: TextIO,
        *,
        save: Callable[[GameState], None] | None = None,
        auto_forced: bool = False,
        lang: str = "en",
        width: int | None = None,
        levels: Mapping[int, str] | None = None,
        coach: bool = False,
    ) -> None:
        self.state = state
        self.coach = coach
        self.levels = dict(levels or {})
        self.rules = state.rules
        self.bots = bots
        self.seat = seat
        self.read = read
        self.out = out
        self.save = save
        self.auto_forced = auto_forced
        self.lang = lang
        self.width = width
        catalog = translation(lang)
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext
        self.shown = len(events(state, seat))
        self.tricks = len(state.tricks)
        self.noted: set[str] = set()
        self.words = self._verb_words()

    # ---- words

    def say(self, text: str = "") -> None:
        self.out.write(wrapped(text, self.width) + "\n")

    def note(self, kind: str, text: str) -> None:
        """A one-line note, the first time in the game a rule of this kind decides."""
        if kind not in self.noted:
            self.noted.add(kind)
            self.say(self._("  Note: {text}").format(text=text))

    def name(self, seat: int) -> str:
        return self._("you") if seat == self.seat else self._("seat {seat}").format(seat=seat)

    def side_name(self, side: int | None) -> str:
        if side is None:
            return self._("nobody")
        return " & ".join(self.name(s) for s in self.rules.sides[side])

    def side_of(self, seat: int) -> int:
        return next(i for i, seats in enumerate(self.rules.sides) if seat in seats)

    def scores(self, scores: tuple[int, ...] | None = None) -> str:
        shown = self.state.scores if scores is None else scores
        return self.per_side(shown)

    def per_side(self, values: Iterable[int | str]) -> str:
        """Each side's value, `you & seat 2: 3 | seat 1 & seat 3: 0` (with the language's
        spacing: French puts a space before the colon)."""
        return " | ".join(
            self._("{side}: {value}").format(side=self.side_name(side), value=value)
            for side, value in enumerate(values)
        )

    def action(self, action: Action) -> str:
        return action_text(action, lang=self.lang)

    def refusal(self, error: IllegalActionError) -> str:
        """A refusal in the screen's words, from its code and params, told to the person:
        what he tried and why not, his own seat "you" (never "seat 0")."""
        _ = self._
        if error.code == "not_held" and error.params.get("seat") == self.seat:
            cards = parse_cards(error.params.get("cards", []))
            reason = _("you do not hold {cards}").format(cards=cards_text(cards))
        else:
            reason = refusal_reason(error, self.lang)
        tried = error.action
        if isinstance(tried, Action):
            shown = self.action(tried)
        elif isinstance(tried, str) and tried.startswith("keep"):  # the keep form's words
            shown = _("keep {cards}").format(cards=cards_text(parse_cards(tried[4:])))
        else:
            shown = str(tried)
        return _("{action} is not allowed: {reason}").format(action=shown, reason=reason)

    def _verb_words(self) -> dict[str, str]:
        """The first word of each action in the screen's language (and in English), to the
        English verb `parse_action` reads."""
        _ = self._
        table = {
            "play {card}": "play",
            "pitch {card}": "pitch",
            "discard {cards}": "discard",
            "trump {suit}": "trump",
            "call {card}": "call",
            "bid {level}": "bid",
            "keep {cards}": "keep",
        }
        words: dict[str, str] = {}
        for template, verb in table.items():
            words[verb] = verb
            words[_(template).split("{")[0].strip().casefold()] = verb
        for word in ("pass", "smudge"):
            words[word] = word
            words[_(word).casefold()] = word
        return words

    # ---- the game

    def run(self, *, resumed: bool = False) -> GameState:
        """Play until the game ends; `Quit` (quit or end of input) ends it early."""
        state = self.state
        _ = self._
        self.say(
            _(
                "setback: you are seat {seat}; seed {seed}. A letter picks a choice, a number "
                "bids; or type an action or a card. 'help' lists them, 'rules' tells the "
                "rules, 'quit' leaves."
            ).format(seat=self.seat, seed=state.seed)
        )
        if self.levels:
            self.say(self.levels_line())
        if resumed:
            self.say(
                _("Resumed in hand {number}. Scores: {scores}.").format(
                    number=state.hand_number + 1, scores=self.scores()
                )
            )
        if state.is_over:
            self.say(_("This game is over: {side} won.").format(side=self.side_name(state.winner)))
        try:
            while not self.state.is_over:
                self.step()
        except Quit:
            self.say(_("Bye."))
            return self.state
        return self.state

    def levels_line(self) -> str:
        """The bots' level, as the game's header says it: one level for all, or each
        seat's."""
        _ = self._
        names = {seat: level_name(level, self.lang) for seat, level in self.levels.items()}
        if len(set(names.values())) == 1:
            return _("Level of the bots: {level}.").format(level=next(iter(names.values())))
        each = ", ".join(
            _("{side}: {value}").format(side=self.name(seat), value=name)
            for seat, name in sorted(names.items())
        )
        return _("Level of the bots: {level}.").format(level=each)

    def interrupted(self, path: str | None) -> str:
        """What Ctrl-C says: where the game is kept, or that it is lost."""
        _ = self._
        if self.state.is_over:
            return _("Interrupted.")
        if path is None:
            return _(
                "Interrupted. This game was not saved and is lost (setback play --save FILE "
                "keeps a game to resume)."
            )
        return _("Interrupted.") + " " + self.kept(path)

    def kept(self, path: str) -> str:
        """Where the game is saved, and how to go on with it."""
        return self._(
            "The game is saved in {path}: continue with setback play --resume {path}"
        ).format(path=path)

    def step(self) -> None:
        state = self.state
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        if seat != self.seat:
            action = self.bots[seat].choose(view)
        elif self.auto_forced and len(view.legal_actions) == 1:
            self.show(view, choices=False)
            action = view.legal_actions[0]
            self.say(
                self._("  you: {action} (your only choice)").format(action=self.action(action))
            )
        else:
            action = self.ask(view)
        self.state = apply_action(state, action, seat=seat)
        if self.save is not None:
            self.save(self.state)
        for event in events(self.state, self.seat, after=self.shown):
            self.tell(event)
            self.shown = event.number

    def tell(self, event: Event) -> None:
        """One event, as the person sees it (their own actions are not echoed)."""
        _ = self._
        if isinstance(event, Called | Pitched | TrumpDeclared | PartnerCalled | Played):
            if event.seat != self.seat:
                self.say(
                    _("  {seat}: {action}").format(
                        seat=self.name(event.seat), action=self.action(_action_of(event))
                    )
                )
            trump = event.trump if isinstance(event, Played | Pitched) else None
            if trump is not None and not self.rules.declares_trump:
                self.note(
                    "trump",
                    _("the pitcher's first card names trump: {suit} ({word}) is trump.").format(
                        suit=trump.symbol, word=suit_text(trump, lang=self.lang)
                    ),
                )
        elif isinstance(event, Discarded):
            self.say(self.discarded(event))
        elif isinstance(event, FaceUpDiscarded):
            you = event.seat == self.seat
            if event.drawn:
                line = (
                    _("  you discarded face up: {cards}; you were given {drawn}: {drawn_cards}")
                    if you
                    else _("  {seat} discarded face up: {cards}; and was given {drawn}")
                )
            else:
                line = (
                    _("  you discarded face up: {cards}")
                    if you
                    else _("  {seat} discarded face up: {cards}")
                )
            self.say(
                line.format(
                    seat=self.name(event.seat),
                    cards=cards_text(event.cards),
                    drawn=event.drawn,
                    drawn_cards=cards_text(event.drawn_cards),
                )
            )
        elif isinstance(event, TrickWon):
            self.tricks += 1
            line = (
                _("  trick {number} to you: {cards}")
                if event.winner == self.seat
                else _("  trick {number} to {seat}: {cards}")
            )
            self.say(
                line.format(
                    number=self.tricks,
                    seat=self.name(event.winner),
                    cards=cards_text(event.trick.cards),
                )
            )
        elif isinstance(event, HandScored):
            self.summary(event.result, event.scores)
            if self.coach:
                self.say(self.coached(event.result.number))
        elif isinstance(event, GameOver):
            self.say(
                _("Game over: {side} won. Scores: {scores}.").format(
                    side=self.side_name(event.winner), scores=self.scores(event.scores)
                )
            )
            self.say(self.why_over(event))
        elif isinstance(event, Dealt):
            self.tricks = 0  # the next prompt shows the new hand

    def coached(self, hand: int) -> str:
        """The coach's word on the person's decisions of hand `hand`: the costliest, or
        that none cost anything."""
        done = review(game_record(self.state), self.seat, hand=hand)
        if not done.decisions:
            return self._("  Coach: you had no choice to make this hand.")
        costliest = done.costliest
        if not costliest:
            return self._("  Coach: every choice you made was as good as the best.")
        words = decision_text(costliest[0], done.judges_game, self.lang)
        return self._("  Coach: your costliest decision: {decision}").format(decision=words)

    def discarded(self, event: Discarded) -> str:
        """A face-down discard (and draw) in the order it happened: the draw back's pitcher
        takes the rest of the stock first, then discards; everyone else discards, then
        draws."""
        _ = self._
        you = event.seat == self.seat
        pitcher = self.state.pitcher == event.seat and self.rules.keep_six is KeepSix.DRAW_BACK
        if self.rules.robs_the_pack and event.drawn and not event.count:
            line = (
                _("you robbed the pack: the rest of the stock, {drawn} cards: {drawn_cards}")
                if you
                else _("{seat} robbed the pack: the rest of the stock, {drawn} cards")
            )
        elif self.rules.kitty and not event.count and event.drawn:  # the pick-up of the kitty
            line = (
                _("you took the kitty ({drawn} cards: {drawn_cards})")
                if you
                else _("{seat} took the kitty ({drawn} cards)")
            )
        elif pitcher and self.rules.deal > 6 and event.drawn:
            line = (
                _(
                    "you took the rest of the stock ({drawn} cards: {drawn_cards}) and "
                    "discarded {count} face down: {cards}"
                )
                if you
                else _(
                    "{seat} took the rest of the stock ({drawn} cards) and discarded {count} "
                    "face down"
                )
            )
        elif event.drawn:
            line = (
                _("you discarded {count} face down ({cards}) and drew {drawn}: {drawn_cards}")
                if you
                else _("{seat} discarded {count} face down and drew {drawn}")
            )
        else:
            line = (
                _("you discarded {count} face down: {cards}")
                if you
                else _("{seat} discarded {count} face down")
            )
        return "  " + line.format(
            seat=self.name(event.seat),
            count=event.count,
            cards=cards_text(event.cards),
            drawn=event.drawn,
            drawn_cards=cards_text(event.drawn_cards),
        )

    def why_over(self, event: GameOver) -> str:
        """Why the game ended, in one line: the words of `GameState.end_reason`."""
        _ = self._
        winner = self.side_name(event.winner)
        reason = self.state.end_reason
        if reason is EndReason.SHOOT_MADE:
            text = _("{side} shot the moon and made it: that wins the game at once.")
        elif reason is EndReason.SHOOT_FAILED:
            text = _("The shoot the moon failed: that ends the game; {side} had the best score.")
        elif reason is EndReason.HANDS_LIMIT:
            text = _("{side} had the highest score after {limit} played hands.")
        elif reason is EndReason.BID_OUT:
            text = _(
                "{side} made their bid and reached {target}: only the pitcher's side wins, "
                "in a hand in which it made its bid, whatever the others' score."
            )
        elif reason is EndReason.PITCHER_FIRST:
            text = _(
                "{side} reached {target} first (in the hand where several do, the pitcher's "
                "points count first)."
            )
        else:
            text = _("{side} had the highest score once someone reached {target}.")
        return self._("  Why: {text}").format(
            text=text.format(side=winner, target=self.rules.target, limit=self.rules.hands_limit)
        )

    def played_so_far(self, view: PlayerView) -> str | None:
        """The tricks and card points each side has won so far this hand (the card points
        only where Game is a point: elsewhere they score nothing)."""
        if not view.tricks:
            return None
        tricks = [0] * len(self.rules.sides)
        points = [0] * len(self.rules.sides)
        for trick in view.tricks:
            if trick.winner is None:
                continue
            side = self.side_of(trick.winner)
            tricks[side] += 1
            points[side] += sum(card.points for card in trick.cards)
        if Point.GAME not in self.rules.points:
            won = self.per_side(
                self.ngettext("{count} trick", "{count} tricks", count).format(count=count)
                for count in tricks
            )
            return self._("Won so far: {won}").format(won=won)
        won = " | ".join(
            self._("{side}: {tricks}, {points}").format(
                side=self.side_name(side),
                tricks=self.ngettext("{count} trick", "{count} tricks", tricks[side]).format(
                    count=tricks[side]
                ),
                points=self.ngettext(
                    "{count} card point", "{count} card points", points[side]
                ).format(count=points[side]),
            )
            for side in range(len(tricks))
        )
        return self._("Won so far: {won}").format(won=won)

    def hand_line(self, view: PlayerView) -> str:
        """The person's hand; in trumps-only play, the cards that can no longer be played
        apart, marked dead."""
        _ = self._
        if not self.rules.trumps_only or view.trump is None or view.phase is not Phase.PLAY:
            return _("Your hand: {hand}").format(hand=hand_text(view.hand))
        table = trump_table(view.trump, self.rules)
        live = [card for card in view.hand if table.is_trump(card)]
        dead = [card for card in view.hand if not table.is_trump(card)]
        line = _("Your hand: {hand}").format(hand=hand_text(live))
        if dead:
            line += "   " + _("(dead, not trumps: {cards})").format(cards=hand_text(dead))
        return line

    def show(self, view: PlayerView, *, choices: bool = True) -> list[Action]:
        """The screen before the person acts; returns the choices in the order shown."""
        _ = self._
        self.say()
        self.say(
            _("Hand {number}, dealer {dealer}. Scores: {scores}.").format(
                number=view.hand_number + 1, dealer=self.name(view.dealer), scores=self.scores()
            )
        )
        if view.bids:
            calls = ", ".join(
                _("{seat} {action}").format(seat=self.name(s), action=self.action(a))
                for s, a in view.bids
            )
            self.say(_("Auction: {calls}").format(calls=calls))
        if view.contract is not None and view.pitcher is not None:
            call = contract_text(self.rules, view.contract, lang=self.lang)
            self.say(_("Contract: {seat} {call}.").format(seat=self.name(view.pitcher), call=call))
        if view.trump is not None:
            self.say(
                _("Trump: {suit} ({word})").format(
                    suit=view.trump.symbol, word=suit_text(view.trump, lang=self.lang)
                )
            )
        if view.called is not None:  # call your partner: the card, and the partner if known
            card = view.called.symbol
            if view.partner is None:
                self.say(_("Called: {card} (partner not yet known)").format(card=card))
            elif view.partner == view.pitcher:
                self.say(_("Called: {card} (the pitcher plays alone)").format(card=card))
            else:
                self.say(
                    _("Called: {card} (partner {seat})").format(
                        card=card, seat=self.name(view.partner)
                    )
                )
        so_far = self.played_so_far(view)
        if so_far is not None:
            self.say(so_far)
        if view.trick is not None and view.trick.plays:
            plays = ", ".join(f"{self.name(s)} {c.symbol}" for s, c in view.trick.plays)
            self.say(_("Trick: {plays}").format(plays=plays))
        self.say(self.hand_line(view))
        ordered = sorted(view.legal_actions, key=_card_order)
        if not choices:
            return ordered
        phase = phase_text(view.phase, lang=self.lang)
        if len(ordered) > len(LETTERS):
            example = self.action(ordered[0])
            self.say(
                _("Your turn: {phase}. Type the action, e.g. {example}").format(
                    phase=phase, example=example
                )
            )
            self.keep_hint(view, ordered)
            return ordered
        self.say(_("Your turn: {phase}. Choices:").format(phase=phase))
        for letter, action in zip(LETTERS, ordered, strict=False):
            self.say(f"  {letter}. {self.action(action)}")
        self.keep_hint(view, ordered)
        first_lead = view.phase is Phase.PLAY and not view.tricks
        first_lead = first_lead and (view.trick is None or not view.trick.plays)
        if first_lead and view.pitcher == self.seat and not self.rules.declares_trump:
            self.note("trump", _("your first lead names trump: its suit is trump this hand."))
        return ordered

    def keep_hint(self, view: PlayerView, ordered: list[Action]) -> None:
        """Where a discard is long (four cards or more, or more choices than letters), how
        to name the cards kept instead: `keep CARDS`, with the first choice's as example
        (the cards it keeps that not every choice keeps: Cinch's robbing dealer names only
        the non-trumps he keeps; the hint says which cards stay anyway, and how many are
        kept in all, so that `keep K♣ 8♣ 6♣` does not read as keeping three cards)."""
        thrown = [action for action in ordered if isinstance(action, Discard)]
        if not thrown or (len(ordered) <= len(LETTERS) and max(len(a.cards) for a in thrown) < 4):
            return
        always = set(view.hand).difference(*(action.cards for action in thrown))
        kept = [c for c in view.hand if c not in thrown[0].cards and c not in always]
        example = self._("keep {cards}").format(cards=cards_text(sorted(kept, key=hand_order)))
        table = None if view.trump is None else trump_table(view.trump, self.rules)
        if always and table and all(table.suit_of(card) is table.trump for card in always):
            hint = self._(  # Cinch's robbing dealer: no discard throws a trump
                "  Or name the cards you keep besides your trumps {cards}, which stay in "
                "your hand anyway ({count} cards kept in all); the others are discarded: "
                "{example}"
            )
            count = len(view.hand) - len(thrown[0].cards)
            cards = cards_text(sorted(always, key=hand_order))
            self.say(hint.format(cards=cards, count=count, example=example))
        else:
            hint = self._("  Or name the cards you keep, the others are discarded: {example}")
            self.say(hint.format(example=example))

    def ask(self, view: PlayerView) -> Action:
        ordered = self.show(view)
        _ = self._
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.read()
            if line == "":
                raise Quit
            text = line.strip()
            word = text.casefold()
            if not text:
                continue
            if word in ("quit", "exit", _("quit").casefold()):
                raise Quit
            if word in ("help", "?", _("help").casefold()):
                self.help(ordered)
                continue
            if word in ("hint", _("hint").casefold()):
                self.say("  " + coach_hint(view, language=self.lang).reason)
                continue
            if word in ("rules", _("rules").casefold()):
                for rule in rules_lines(self.rules, self.lang):
                    self.say(f"  {rule}")
                continue
            try:
                return self.interpret(view, ordered, text)
            except IllegalActionError as error:
                self.say(f"  {self.refusal(error)}")
            except _Unclear as error:
                self.say(f"  {error}")

    def help(self, ordered: list[Action]) -> None:
        _ = self._
        if len(ordered) > len(LETTERS):  # no letters on this screen: say so, promise none
            self.say(
                _(
                    "  There are too many choices to pick by letter: type an action: {verbs}."
                ).format(verbs=verbs(self.rules, self.lang))
            )
        else:
            last = LETTERS[len(ordered) - 1]
            self.say(
                _(
                    "  A letter from a to {last} picks a choice; a bare number is a bid ('3' "
                    "bids 3); or type an action: {verbs}."
                ).format(last=last, verbs=verbs(self.rules, self.lang))
            )
        self.say(_("  'hint' asks the coach for the best choice and why."))
        self.say(_("  'rules' tells the rules in force; 'quit' (or Ctrl-D) leaves."))

    def interpret(self, view: PlayerView, ordered: list[Action], text: str) -> Action:
        """The action `text` means, one way only: a letter is a choice, a bare number a bid,
        else an action or a card in English or the screen's language."""
        _ = self._
        legal = view.legal_actions
        if len(text) == 1 and text.isalpha() and text.isascii():
            index = LETTERS.index(text.lower())
            if len(ordered) <= len(LETTERS) and index < len(ordered):
                return ordered[index]
            if len(ordered) > len(LETTERS):
                raise _Unclear(_("type the action: there are too many choices to letter"))
            raise _Unclear(
                _("choose a letter from a to {last}").format(last=LETTERS[len(ordered) - 1])
            )
        if text.isascii() and text.isdigit():
            if view.phase is not Phase.BIDDING:
                raise _Unclear(
                    _("a bare number is a bid, and the auction is over: choose a letter")
                )
            level, low, high = int(text), self.rules.min_bid, self.rules.max_plain_bid
            if not low <= level <= high:
                raise _Unclear(
                    _("{number} is no bid: the bids are {low} to {high}").format(
                        number=level, low=low, high=high
                    )
                )
            return self.checked(Bid(level))
        typed = _normal(text)
        for candidate in legal:
            if _normal(self.action(candidate)) == typed or _normal(action_text(candidate)) == typed:
                return candidate
        try:
            card = Card.parse(text)
        except InvalidNotationError:
            pass
        else:
            return self.checked(self.card_action(view, card))
        if view.phase is Phase.DECLARE_TRUMP:
            suit = self.suit_of(text)
            if suit is not None:
                return self.checked(DeclareTrump(suit))
        first, _space, rest = text.partition(" ")
        verb = self.words.get(first.casefold())
        if verb is None:
            raise _Unclear(self.unclear(text))
        if verb == "keep":  # the cards kept: the discard of the others
            try:
                return discard_keeping(view, parse_cards(rest))
            except InvalidNotationError as error:
                raise _Unclear(refusal_text(error, lang=self.lang)) from None
        if verb == "trump":
            suit = self.suit_of(rest)
            if suit is not None:
                return self.checked(DeclareTrump(suit))
        try:
            action = parse_action(f"{verb} {rest}".strip())
        except InvalidNotationError as error:
            if error.code in _NO_ACTION:  # the library's list of English words: ours instead
                raise _Unclear(self.unclear(text)) from None
            raise _Unclear(refusal_text(error, lang=self.lang)) from None
        return self.checked(action)

    def unclear(self, text: str) -> str:
        return self._("not understood: {text} (here: {verbs}; or a letter)").format(
            text=repr(text[:40]), verbs=verbs(self.rules, self.lang)
        )

    def suit_of(self, text: str) -> Suit | None:
        """The suit named by a symbol, an English word or a word of the screen's language."""
        word = text.strip().casefold()
        for suit in Suit:
            if word in (
                suit.symbol,
                suit.name.casefold(),
                suit_text(suit, lang=self.lang).casefold(),
            ):
                return suit
        return None

    def card_action(self, view: PlayerView, card: Card) -> Action:
        """What a bare card means now: a discard in the discards, a pitch in an auction
        that takes one, else a play."""
        if view.phase is Phase.DISCARD:
            return Discard([card])
        if view.phase is Phase.CALL_PARTNER:
            return CallPartner(card)
        if view.phase is Phase.BIDDING and self.rules.pitch_instead_of_bid:
            return Pitch(card)
        return Play(card)

    def checked(self, action: Action) -> Action:
        """`action` if the person may take it now; else the engine's refusal (one sentence
        however the action was typed)."""
        if action not in observe(self.state, self.seat).legal_actions:
            apply_action(self.state, action, seat=self.seat)  # raises: the rule, in words
        return action

    def summary(self, result: HandResult, scores: tuple[int, ...]) -> None:
        _ = self._
        self.say()
        if result.pitcher is None:
            self.say(_("Hand {number}: everyone passed.").format(number=result.number + 1))
            return
        self.say(_("Hand {number} over.").format(number=result.number + 1))
        names = [point_text(name, lang=self.lang) for name, _side in result.awards]
        width = max(map(len, names), default=0)
        worths = [f"+{Point(key).worth}" for key, _side in result.awards]
        worth_width = max(map(len, worths), default=0)  # +1 beside +15 (the Snoozer)
        for (_key, side), name, worth in zip(result.awards, names, worths, strict=True):
            self.say(f"  {name:<{width}}  {worth:<{worth_width}}  {self.side_name(side)}")
        if Point.GAME in self.rules.points:  # else card points score nothing: not shown
            points = self.per_side(result.card_points)
            self.say(_("  card points: {points}").format(points=points))
        assert result.contract is not None
        call = contract_text(self.rules, result.contract, lang=self.lang)
        outcome = _("made it") if result.made else _("set back")
        self.say(
            _("  {seat} ({call}): {outcome}").format(
                seat=self.name(result.pitcher), call=call, outcome=outcome
            )
        )
        if result.called is not None:
            self.call_sides(result)
        else:
            changes = self.per_side(f"{change:+d}" for change in result.score_changes)
            self.say(_("  changes: {changes}").format(changes=changes))
        self.say(_("  scores: {scores}").format(scores=self.scores(scores)))
        self.past_target(result, scores)

    def call_sides(self, result: HandResult) -> None:
        """Call your partner's two sides, and why each seat's score moved: the pitcher and
        his partner (the called card's holder) score as one side, the other seats as the
        other, each seat by its side's change."""
        _ = self._
        assert result.called is not None and result.pitcher is not None
        partner = result.partner if result.partner is not None else result.pitcher
        pitchers = list(dict.fromkeys((result.pitcher, partner)))
        others = [seat for seat in range(self.rules.players) if seat not in pitchers]
        card = result.called.symbol
        if len(pitchers) == 1:
            line = _("  sides: {pitcher} alone (he holds the called {card}) against {others}")
        else:
            line = _("  sides: {pitcher} and {partner} (who held {card}) against {others}")
        self.say(
            line.format(
                pitcher=self.name(result.pitcher),
                partner=self.name(partner),
                card=card,
                others=" & ".join(map(self.name, others)),
            )
        )
        won = result.points_won
        for seats, pitching in ((pitchers, True), (others, False)):
            points = sum(won[seat] for seat in seats)
            change = f"{result.score_changes[seats[0]]:+d}"
            if len(seats) > 1:
                change = _("{change} each").format(change=change)
            if not pitching:
                why = _("  {seats} took {points}: {change}")
            elif result.made:
                why = _("  {seats} took {points}, bid made: {change}")
            else:
                why = _("  {seats} took {points}, set back: {change}")
            self.say(
                why.format(
                    seats=" & ".join(map(self.name, seats)),
                    points=self.ngettext("{count} point", "{count} points", points).format(
                        count=points
                    ),
                    change=change,
                )
            )

    def past_target(self, result: HandResult, scores: tuple[int, ...]) -> None:
        """A note, the first time a side passes the target and the game goes on: why."""
        target = self.rules.target
        after = self.state.history[-1].number if self.state.history else -1
        if after != result.number or self.state.is_over or self.rules.hands_limit is not None:
            return
        for side, score in enumerate(scores):
            if score < target:
                continue
            if self.rules.win_rule is WinRule.BID_OUT:
                why = self._(
                    "{side} passed {target} ({score}) without winning: only the pitcher's "
                    "side wins, at the end of a hand in which it made its bid."
                )
            else:
                why = self._(
                    "{side} passed {target} ({score}) without winning: the top scores are "
                    "tied, and play goes on."
                )
            self.note("target", why.format(side=self.side_name(side), target=target, score=score))
            return


_NO_ACTION = frozenset({"not_an_action", "empty_action", "leading_zeros", "action_too_long"})
"""The notation refusals that name no card or value, only that the words are no action:
the screen says instead which actions these rules have, in its language."""


class _Unclear(Exception):
    """Typed text that names no action: its message says what to type."""
