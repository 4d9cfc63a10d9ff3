"""Display text for people, in English, German, Swedish or French: cards with suit symbols,
hands grouped by suit, actions, suits, points, phases, refusals, and a readable picture of
a game state or a player's view.

`str(card)` and `str(action)` are the canonical ASCII forms (`"5D"`, `"play 5D"`) that
`Card.parse` and `parse_action` read and the JSON documents store; the functions here
give the forms a player reads (`"5♦"`, `"play 5♦"`), and `parse_action` reads the English
ones too. `str(state)` and `str(view)` call `state_text` and `view_text`.

Every function takes `lang=`: `"en"` (the default), `"de"`, `"sv"` or `"fr"` (`LANGUAGES`);
any other is a `LanguageError`. Cards keep their index letters and suit symbols in every
language (`K♠`, `10♥`), as the German, Swedish and French rule texts write them; the
words around them are translated, with the rule texts' own vocabulary (German Hoch,
Niedrig, Bube, Spiel, Stich, Trumpf, Geber; Swedish and French keep High, Low, Jack
and Game). The translations are gettext catalogs shipped in the package
(`setback/locale/<lang>/LC_MESSAGES/setback.mo`), read with the standard `gettext`
module.
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from importlib import resources
from typing import Any

from ._marks import N_ as N_  # the catalogs' marks, read here by svg and cli too
from ._marks import NP_ as NP_
from ._phase import Phase
from ._shapes import GameStateLike, PlayerViewLike, TrickLike, is_state, is_view
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
from .cards import Card, Suit
from .errors import (
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    LanguageError,
    kind_error,
    shown_text,
)
from .points import Point
from .refusals import MESSAGES, SUFFIXES, render
from .rules import Rules

__all__ = [
    "LANGUAGES",
    "action_text",
    "cards_text",
    "contract_text",
    "hand_text",
    "phase_text",
    "point_text",
    "refusal_text",
    "side_text",
    "state_text",
    "suit_text",
    "view_text",
]

LANGUAGES = ("en", "de", "sv", "fr")
"""The languages of the text helpers and of `setback play`: English (the default and the
language of the messages' sources), German, Swedish and French."""

DOMAIN = "setback"
"""The gettext domain of the catalogs (`setback.mo`)."""


def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` (English: the messages themselves).

    Raises:
        LanguageError: `lang` is not one of `LANGUAGES`.
        TypeError: `lang` is not text.
    """
    if type(lang) is not str:
        raise kind_error("lang", "a language code (str)", lang)
    if lang not in LANGUAGES:
        raise LanguageError(lang)
    return _catalog(lang)


@functools.cache
def _catalog(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    path = resources.files("setback").joinpath(f"locale/{lang}/LC_MESSAGES/{DOMAIN}.mo")
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)


def cards_text(cards: Iterable[Card], *, lang: str = "en") -> str:
    """Cards with their suit symbols, in the order given, or `"-"` for none (the same in
    every language).

    Examples:
        >>> from setback import parse_cards
        >>> cards_text(parse_cards("KS 10H JK"))
        'K♠ 10♥ ★'
    """
    translation(lang)
    return " ".join(card.symbol for card in _cards("cards_text", cards)) or "-"


def _cards(function: str, cards: Iterable[Card]) -> list[Card]:
    """`cards` as a list, each checked to be a `Card` (else `TypeError`, naming `function`)."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise kind_error(function, "cards (an iterable of Card)", cards)
    listed = list(cards)
    for card in listed:
        if type(card) is not Card:
            raise kind_error(function, "cards (an iterable of Card)", card)
    return listed


def hand_order(card: Card) -> tuple[int, int]:
    """The order `hand_text` shows a hand in: spades first, then hearts, clubs, diamonds
    (black and red alternate), jokers last; high ranks first within a suit."""
    if card.suit is None:
        return 4, -card.rank
    return (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS).index(card.suit), -card.rank


def hand_text(cards: Iterable[Card], *, lang: str = "en") -> str:
    """A hand grouped by suit as players hold it: each suit's symbol, then its ranks high
    to low; suits alternate in colour; jokers last. `"-"` for no cards (the same in every
    language).

    Examples:
        >>> from setback import parse_cards
        >>> hand_text(parse_cards("2S KS 10H 4C JK"))
        '♠ K 2   ♥ 10   ♣ 4   ★'
    """
    translation(lang)
    groups: dict[Suit | None, list[str]] = {}
    for card in sorted(_cards("hand_text", cards), key=hand_order):
        if card.suit is None:
            groups.setdefault(None, []).append(card.symbol)
        else:
            groups.setdefault(card.suit, []).append(card.rank.text)
    return (
        "   ".join(
            " ".join(ranks) if suit is None else f"{suit.symbol} {' '.join(ranks)}"
            for suit, ranks in groups.items()
        )
        or "-"
    )


def action_text(action: Action, *, lang: str = "en") -> str:
    """An action as a player reads it, with suit symbols: `"play 5♦"`, `"trump ♠"`,
    `"discard 2♣ 7♦"` (`"discard nothing"` for none), `"bid 3"`, `"pass"`, `"smudge"`;
    in German `"spielen 5♦"`, `"bieten 3"`, `"passen"`, in Swedish `"spela 5♦"`,
    `"bud 3"`, `"passa"`, in French `"jouer 5♦"`, `"annonce 3"`, `"passer"`.

    `parse_action` reads every English one back (and a bare card, `"5♦"`, as a play);
    `setback play` reads each language's.

    Examples:
        >>> from setback import parse_action
        >>> action_text(parse_action("play 5D")), action_text(parse_action("discard"))
        ('play 5♦', 'discard nothing')
        >>> bid, nothing = parse_action("bid 3"), parse_action("pass")
        >>> action_text(bid, lang="de"), action_text(nothing, lang="sv")
        ('bieten 3', 'passa')
    """
    _ = translation(lang).gettext
    if isinstance(action, Play):
        return _("play {card}").format(card=action.card.symbol)
    if isinstance(action, Pitch):
        return _("pitch {card}").format(card=action.card.symbol)
    if isinstance(action, Discard):
        if not action.cards:
            return _("discard nothing")
        return _("discard {cards}").format(cards=cards_text(action.cards))
    if isinstance(action, DeclareTrump):
        return _("trump {suit}").format(suit=action.suit.symbol)
    if isinstance(action, CallPartner):
        return _("call {card}").format(card=action.card.symbol)
    if isinstance(action, Bid):
        return _("bid {level}").format(level=action.level)
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, Smudge):
        return _("smudge")
    if isinstance(action, Shoot):
        return translation(lang).pgettext("action", "shoot")
    if not isinstance(action, Action):
        raise kind_error("action_text", "an action (Pass, Bid, Smudge, Play, ...)", action)
    return str(action)  # an action this version has no words for


_SUITS = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}


def suit_text(suit: Suit, *, lang: str = "en") -> str:
    """A suit's name: `"spades"`; German `"Pik"`, Swedish `"spader"`, French `"pique"`.

    Examples:
        >>> suit_text(Suit.HEARTS), suit_text(Suit.HEARTS, lang="de")
        ('hearts', 'Herz')
    """
    _ = translation(lang).gettext
    if type(suit) is not Suit:
        raise kind_error("suit_text", "a Suit", suit)
    return _(_SUITS[suit])


_POINTS = {
    "high": N_("High"),
    "low": N_("Low"),
    "jack": N_("Jack"),
    "off_jack": N_("Off-jack"),
    "joker": N_("Joker"),
    "big_joker": N_("Big joker"),
    "little_joker": N_("Little joker"),
    "ten": N_("Ten"),
    "trey": N_("Trey"),
    "game": N_("Game"),
    "five": N_("Five"),
    "off_five": N_("Off-five"),
    "nine": N_("Nine"),
    "off_ace": N_("Off-ace"),
    "off_three": N_("Off-three"),
    "snoozer": N_("Snoozer"),
}


def point_text(point: Point | str, *, lang: str = "en") -> str:
    """A point's name, from a `Point` or its key in `HandResult.points` (`"off_jack"`):
    `"High"`, `"Off-jack"`, `"Little joker"`; German `"Hoch"`, `"Niedrig"`, `"Bube"`,
    `"Spiel"`. Swedish and French keep High, Low, Jack and Game, as their rule texts do.

    Examples:
        >>> point_text(Point.HIGH, lang="de"), point_text("little_joker")
        ('Hoch', 'Little joker')
        >>> point_text("game", lang="fr"), point_text("game", lang="de")
        ('Game', 'Spiel')
    """
    _ = translation(lang).gettext
    key = point.value if isinstance(point, Point) else point
    if type(key) is not str:
        raise kind_error("point_text", "a Point or its name (str)", point)
    words = _POINTS.get(key)
    if words is None:  # a point this version has no words for: its key, readable
        if key not in {p.value for p in Point}:
            raise InvalidStateError(f"no point {key!r:.40}")
        return key.replace("_", " ").capitalize()
    return _(words)


_PHASES = {
    "bidding": N_("Bidding"),
    "declare_trump": N_("Declare trump"),
    "call_partner": N_("Call your partner"),
    "discard": N_("Discard"),
    "play": N_("Play"),
    "game_over": N_("Game over"),
}


def phase_text(phase: Phase, *, lang: str = "en") -> str:
    """A phase's name, capitalised: `"Bidding"`, `"Declare trump"`, `"Play"`; German
    `"Reizen"`, Swedish `"Budgivning"`, French `"Enchères"`.

    Examples:
        >>> phase_text(Phase.BIDDING), phase_text(Phase.BIDDING, lang="fr")
        ('Bidding', 'Enchères')
    """
    _ = translation(lang).gettext
    if not isinstance(phase, Phase):
        raise kind_error("phase_text", "a Phase", phase)
    words = _PHASES.get(phase.value)
    return phase.value.replace("_", " ").capitalize() if words is None else _(words)


def side_text(rules: Rules, side: int | None, *, lang: str = "en") -> str:
    """A side by its seats: `"seat 1"`, or `"seats 0+2"` for a partnership; `"nobody"` for
    None. German `"Platz 1"`, `"Plätze 0+2"`, `"niemand"`.

    Raises:
        InvalidStateError: the rules have no such side.
        TypeError: `rules` is not a `Rules` value, or `side` not an int or None.
    """
    t = translation(lang)
    _check_rules("side_text", rules)
    if side is None:
        return t.gettext("nobody")
    if type(side) is not int:
        raise kind_error("side_text", "a side (int) or None", side)
    if not 0 <= side < len(rules.sides):
        last = len(rules.sides) - 1
        raise InvalidStateError(f"no side {side}: these rules have sides 0 to {last}")
    seats = rules.sides[side]
    return t.ngettext("seat {seats}", "seats {seats}", len(seats)).format(
        seats="+".join(map(str, seats))
    )


def contract_text(rules: Rules, contract: int, *, lang: str = "en") -> str:
    """A contract in words: `"smudge"` for the Smudge's level (where the rules have it),
    `"shoot the moon"` for a shoot's,
    `"free (no bid)"` for contract 0 (a hand everyone passed, under `AllPass.DEALER_FREE` or
    `ELDEST_FREE`),
    else `"bid N"`; German `"Gebot N"`, Swedish `"bud N"`, French `"annonce N"`."""
    _ = translation(lang).gettext
    _check_rules("contract_text", rules)
    if type(contract) is not int:
        raise kind_error("contract_text", "a contract (int)", contract)
    if contract == rules.smudge_contract:
        return _("smudge")
    if contract == rules.shoot_contract:
        return _("shoot the moon")
    if contract == 0:
        return _("free (no bid)")
    return translation(lang).pgettext("contract", "bid {level}").format(level=contract)


def _check_rules(function: str, rules: object) -> None:
    if not isinstance(rules, Rules):
        raise kind_error(function, "a Rules value", rules)


def _seat(t: gettext.NullTranslations, seat: int | None) -> str:
    return t.gettext("seat {seat}").format(seat=seat)


def _scores(t: gettext.NullTranslations, rules: Rules, scores: tuple[int, ...], lang: str) -> str:
    return ", ".join(
        t.gettext("{side} {score}").format(side=side_text(rules, side, lang=lang), score=score)
        for side, score in enumerate(scores)
    )


def _trick(t: gettext.NullTranslations, trick: TrickLike) -> str:
    plays = (
        t.gettext("{seat} {card}").format(seat=_seat(t, seat), card=card.symbol)
        for seat, card in trick.plays
    )
    return ", ".join(plays) or "-"


def _common(
    lang: str,
    rules: Rules,
    phase: Phase,
    to_act: int | None,
    dealer: int,
    hand_number: int,
    scores: tuple[int, ...],
    winner: int | None,
    bids: tuple[tuple[int, Action], ...],
    pitcher: int | None,
    contract: int | None,
    trump: Suit | None,
    trick: TrickLike | None,
    tricks: tuple[TrickLike, ...],
    face_up: tuple[tuple[Card, ...], ...],
    called: Card | None = None,
    partner: int | None = None,
) -> list[str]:
    """The lines a state and a view share: the game, the hand, the auction and the play
    (`called` and `partner`: call your partner's, as far as the reader may know them)."""
    t = translation(lang)
    _ = t.gettext
    if rules.hands_limit is None:
        head = _("{players} players, {sides} sides, target {target}").format(
            players=rules.players, sides=len(rules.sides), target=rules.target
        )
    else:
        head = _("{players} players, {sides} sides, {limit} played hands").format(
            players=rules.players, sides=len(rules.sides), limit=rules.hands_limit
        )
    lines = [
        head,
        _("Scores: {scores}").format(scores=_scores(t, rules, scores, lang)),
    ]
    if phase is Phase.GAME_OVER:
        lines.append(
            _("Game over after hand {number}: {side} won").format(
                number=hand_number + 1, side=side_text(rules, winner, lang=lang)
            )
        )
        return lines
    lines.append(
        _("Hand {number}, dealer {seat}").format(number=hand_number + 1, seat=_seat(t, dealer))
    )
    lines.append(
        _("{phase}: {seat} to act").format(
            phase=phase_text(phase, lang=lang), seat=_seat(t, to_act)
        )
    )
    if bids:
        calls = ", ".join(
            _("{seat} {action}").format(seat=_seat(t, s), action=action_text(a, lang=lang))
            for s, a in bids
        )
        lines.append(_("Auction: {calls}").format(calls=calls))
    if pitcher is not None and contract is not None:
        lines.append(
            _("Contract: {seat} {contract}").format(
                seat=_seat(t, pitcher), contract=contract_text(rules, contract, lang=lang)
            )
        )
    if trump is not None:
        lines.append(_("Trump: {suit}").format(suit=trump.symbol))
    if called is not None:
        if partner is None:
            line = _("Called: {card} (partner not yet known)").format(card=called.symbol)
        elif partner == pitcher:
            line = _("Called: {card} (the pitcher plays alone)").format(card=called.symbol)
        else:
            line = _("Called: {card} (partner {seat})").format(
                card=called.symbol, seat=_seat(t, partner)
            )
        lines.append(line)
    for seat, cards in enumerate(face_up):
        if cards:
            lines.append(
                _("Seat {seat} discarded face up: {cards}").format(
                    seat=seat, cards=cards_text(cards)
                )
            )
    for number, done in enumerate(tricks, 1):
        lines.append(
            _("Trick {number}: {plays} -> {seat}").format(
                number=number, plays=_trick(t, done), seat=_seat(t, done.winner)
            )
        )
    if trick is not None and (phase is Phase.PLAY or trick.plays):
        lines.append(
            _("Trick {number}: {plays}").format(number=len(tricks) + 1, plays=_trick(t, trick))
        )
    return lines


def state_text(state: GameStateLike, *, lang: str = "en") -> str:
    """The whole game at this moment, every hand shown (a state is the omniscient
    object; show a player `view_text` of their view). Lines: the table, the scores, the
    hand and whose turn it is, the auction, contract and trump, the tricks, every hand.
    The hand is counted from 1 ("Hand 1" is `hand_number` 0).

    Examples:
        >>> from setback import Rules, new_game
        >>> print(state_text(new_game(Rules.setback(), seed=7)))
        4 players, 2 sides, target 21
        Scores: seats 0+2 0, seats 1+3 0
        Hand 1, dealer seat 0
        Bidding: seat 1 to act
        Seat 0: ♠ J 8   ♥ K 8   ♦ J 8
        Seat 1: ♠ 3   ♥ 10   ♣ J 7 2   ♦ 2
        Seat 2: ♠ A 10   ♣ A Q 5   ♦ K
        Seat 3: ♠ 4   ♥ Q 5   ♣ 10   ♦ A 6
    """
    _ = translation(lang).gettext
    if not is_state(state):
        raise kind_error("state_text", "a GameState", state)
    lines = _common(
        lang,
        state.rules,
        state.phase,
        state.to_act,
        state.dealer,
        state.hand_number,
        state.scores,
        state.winner,
        state.bids,
        state.pitcher,
        state.contract,
        state.trump,
        state.trick,
        state.tricks,
        state.face_up_discards,
        state.called,
        state.partner,
    )
    if state.phase is not Phase.GAME_OVER:
        discards = state.discards
        for seat, cards in enumerate(state.hands):
            line = _("Seat {seat}: {hand}").format(seat=seat, hand=hand_text(cards))
            if discards[seat]:
                line += "   " + _("(discarded {cards})").format(cards=cards_text(discards[seat]))
            lines.append(line)
        if state.kitty:
            taken = state.trump is not None
            words = _("Kitty (taken by the pitcher): {cards}") if taken else _("Kitty: {cards}")
            lines.append(words.format(cards=cards_text(state.kitty)))
    return "\n".join(lines)


def view_text(view: PlayerViewLike, *, lang: str = "en") -> str:
    """What one seat sees, as text: the same picture as `state_text`, but only this seat's
    own hand (and discards), the others' card counts, and its choices when it is its turn.

    Examples:
        >>> from setback import Rules, new_game, observe
        >>> print(view_text(observe(new_game(Rules.setback(), seed=7), 1)))
        Seat 1's view: 4 players, 2 sides, target 21
        Scores: seats 0+2 0, seats 1+3 0
        Hand 1, dealer seat 0
        Bidding: seat 1 to act
        Your hand: ♠ 3   ♥ 10   ♣ J 7 2   ♦ 2
        Cards held: seat 0 6, seat 1 6, seat 2 6, seat 3 6
        Your choices: pass, bid 2, bid 3, bid 4, smudge
        >>> print(view_text(observe(new_game(Rules.setback(), seed=7), 1), lang="de"))
        Sicht von Platz 1: 4 Spieler, 2 Parteien, Ziel 21
        Punktestand: Plätze 0+2 0, Plätze 1+3 0
        Runde 1, Geber Platz 0
        Reizen: Platz 1 ist dran
        Deine Karten: ♠ 3   ♥ 10   ♣ J 7 2   ♦ 2
        Karten auf der Hand: Platz 0 6, Platz 1 6, Platz 2 6, Platz 3 6
        Deine Wahl: passen, bieten 2, bieten 3, bieten 4, Smudge
    """
    t = translation(lang)
    _ = t.gettext
    if not is_view(view):
        raise kind_error("view_text", "a PlayerView", view)
    lines = _common(
        lang,
        view.rules,
        view.phase,
        view.to_act,
        view.dealer,
        view.hand_number,
        view.scores,
        view.winner,
        view.bids,
        view.pitcher,
        view.contract,
        view.trump,
        view.trick,
        view.tricks,
        view.face_up_discards,
        view.called,
        view.partner,
    )
    lines[0] = _("Seat {seat}'s view: {table}").format(seat=view.seat, table=lines[0])
    if view.phase is not Phase.GAME_OVER:
        lines.append(_("Your hand: {hand}").format(hand=hand_text(view.hand)))
        if view.discards:
            lines.append(_("You discarded: {cards}").format(cards=cards_text(view.discards)))
        if view.kitty_size:
            lines.append(_("Kitty: {count} cards face down").format(count=view.kitty_size))
        if view.kitty:
            lines.append(_("The kitty you took: {cards}").format(cards=cards_text(view.kitty)))
        sizes = ", ".join(
            _("{seat} {size}").format(seat=_seat(t, seat), size=size)
            for seat, size in enumerate(view.hand_sizes)
        )
        lines.append(_("Cards held: {sizes}").format(sizes=sizes))
        if view.legal_actions:
            choices = ", ".join(action_text(a, lang=lang) for a in view.legal_actions)
            lines.append(_("Your choices: {choices}").format(choices=choices))
    return "\n".join(lines)


def refusal_contexts(
    messages: Mapping[str, str], suffixes: Mapping[str, str]
) -> Iterator[tuple[str, str]]:
    """The catalogs' context and English template of every refusal sentence: `refusal
    CODE` for each code of `messages`, `refusal suffix NAME` for each optional param's
    template of `suffixes` (tools/catalogs.sh adds them to the template)."""
    for code, template in messages.items():
        yield f"refusal {code}", template
    for name, template in suffixes.items():
        yield f"refusal suffix {name}", template


_RANKS = {
    2: NP_("rank", "two"),
    3: NP_("rank", "three"),
    4: NP_("rank", "four"),
    5: NP_("rank", "five"),
    6: NP_("rank", "six"),
    7: NP_("rank", "seven"),
    8: NP_("rank", "eight"),
    9: NP_("rank", "nine"),
    10: NP_("rank", "ten"),
    11: NP_("rank", "jack"),
    12: NP_("rank", "queen"),
    13: NP_("rank", "king"),
    14: NP_("rank", "ace"),
    15: NP_("rank", "joker"),
    16: NP_("rank", "big joker"),
    17: NP_("rank", "little joker"),
}
"""Each rank's name, as a refusal's `rank` param shows it (`"king"`)."""


def _refusal_words(lang: str) -> Callable[[str, Any], str | None]:
    """The words of a refusal's params in `lang` (`setback.refusals.render`'s `words`): a
    rank's name, a card's suit (or "no suit"), the open calls and the legal actions of
    `setback.rl`."""
    t = translation(lang)

    def words(name: str, value: Any) -> str | None:
        if name == "rank" and type(value) is int and value in _RANKS:
            return t.pgettext("rank", _RANKS[value])
        if name == "card_suit":
            if value is None:
                return t.gettext("no suit")
            try:
                return suit_text(Suit.parse(value), lang=lang)
            except (InvalidNotationError, TypeError):
                return None
        if name == "legal" and isinstance(value, list):
            return ", ".join(_legal_text(item, lang) for item in value)
        if name == "calls" and isinstance(value, list):
            return ", ".join(_call_text(item, lang) for item in value)
        return None

    return words


def _call_text(item: object, lang: str) -> str:
    """A call's text (`"bid 3"`) in `lang` (as it is where it is no action)."""
    try:
        return action_text(parse_action(str(item)), lang=lang)
    except InvalidNotationError:
        return str(item)


_ACTION_ID = re.compile(r"action id \d+(?: \(.+\))?")
"""How `setback.rl` names the action id an `IllegalActionError` refuses."""


def _legal_text(item: object, lang: str) -> str:
    """One legal action id of `setback.rl`, `"3 (bid 2)"`, with its action in `lang`."""
    text = str(item)
    number, _, rest = text.partition(" (")
    if not rest.endswith(")"):
        return text
    action = rest[:-1]
    if action == "discard done":
        words = translation(lang).gettext("discard done")
    else:
        try:
            words = action_text(parse_action(action), lang=lang)
        except InvalidNotationError:
            return text
    return f"{number} ({words})"


@functools.cache
def _refusal_tables(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """`lang`'s templates of every refusal code and optional param (English where the
    catalog has none: a code newer than the catalog)."""
    lookup = translation(lang).pgettext  # by code: the messages are the table's, not here
    found = {
        context: lookup(context, text) for context, text in refusal_contexts(MESSAGES, SUFFIXES)
    }
    messages = {code: found[f"refusal {code}"] for code in MESSAGES}
    suffixes = {name: found[f"refusal suffix {name}"] for name in SUFFIXES}
    return messages, suffixes


def refusal_reason(error: IllegalActionError | InvalidNotationError, lang: str) -> str:
    """Why `error` refuses, in `lang`: its sentence without the action and the seat (the
    whole message of a notation error)."""
    if lang == "en":
        return error.reason if isinstance(error, IllegalActionError) else str(error)
    messages, suffixes = _refusal_tables(lang)
    try:
        return render(error.code, error.params, messages, suffixes, _refusal_words(lang))
    except (KeyError, IndexError, ValueError):  # a refusal built by hand, not by the rules
        return error.reason if isinstance(error, IllegalActionError) else str(error)


def refusal_text(error: IllegalActionError | InvalidNotationError, *, lang: str = "en") -> str:
    """A refusal in words, from its `code` and `params`: in English the error's own
    message; in German, Swedish or French the same sentence from the catalogs.

    Examples:
        >>> from setback import IllegalActionError, Rules, apply_action, new_game
        >>> try:
        ...     apply_action(new_game(Rules.setback(), seed=7), "bid 2", seat=3)
        ... except IllegalActionError as error:
        ...     print(refusal_text(error))
        ...     print(refusal_text(error, lang="de"))
        bid 2 by seat 3 is illegal: it is seat 1's turn
        bieten 2 von Platz 3 ist nicht erlaubt: Platz 1 ist dran

    Raises:
        TypeError: `error` is neither an `IllegalActionError` nor an
            `InvalidNotationError`.
    """
    t = translation(lang)
    if not isinstance(error, IllegalActionError | InvalidNotationError):
        raise kind_error("refusal_text", "an IllegalActionError or InvalidNotationError", error)
    if lang == "en":
        return str(error)
    reason = refusal_reason(error, lang)
    if isinstance(error, InvalidNotationError):
        return reason
    action = error.action
    if isinstance(action, Action):
        shown = action_text(action, lang=lang)
    elif isinstance(action, str) and _ACTION_ID.fullmatch(action):
        # setback.rl names an action id as "action id 3 (bid 2)": its action in `lang` too
        shown = t.gettext("action id {number}").format(
            number=_legal_text(action.removeprefix("action id "), lang)
        )
    else:
        shown = shown_text(action)
    who = t.gettext("nobody") if error.seat is None else _seat(t, error.seat)
    return t.gettext("{action} by {seat} is illegal: {reason}").format(
        action=shown, seat=who, reason=reason
    )
