"""Trickster Cards' game records (PTN, a PBN-like text): the tags read into a game
record, a game record written as tags, and Trickster's Pitch options as `Rules`.

`records.read_ptn` and `records.write_ptn` are the public doors; this module knows the
format. A PTN text is lines of tags, `[Name "value"]`, some followed by lines of data
(the auction's calls, the tricks). Trickster's seats are compass points, clockwise
from South (S, W, N, E with four players), which are setback's seats 0, 1, 2, 3.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from ._phase import Phase
from .actions import Action, Bid, DeclareTrump, Discard, Pass, Play, Shoot
from .cards import CARDS, Card, Rank, Suit, cards_of, index_of
from .dealing import packets
from .engine import apply_action, is_legal, new_game, new_game_as
from .errors import (
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    RecordError,
    RulesError,
    shown,
)
from .options import AllPass, DealerMatch, LowTo, PackRanks, PlayTrump, ShootFor
from .points import Point
from .rules import TRICKSTER_POINTS, Rules
from .state import GameRecord, GameState

__all__: list[str] = []

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("S", "N"),
    3: ("S", "W", "E"),
    4: ("S", "W", "N", "E"),
    5: ("S", "SW", "NW", "NE", "SE"),
    6: ("S", "SW", "NW", "N", "NE", "SE"),
}
"""Trickster's name of each seat, by the number of players: setback's seat `i` is
`SEAT_NAMES[players][i]` (clockwise from South, as setback counts seats)."""

VARIATIONS = TRICKSTER_POINTS
"""Trickster's Pitch variations in its order, by their points (`variation` 0 is the
four-point game): the games of `Rules.trickster`."""
_VARIATION_NAMES = {
    4: "FourPoint",
    5: "FivePoint",
    6: "SixPoint",
    7: "SevenPoint",
    9: "NinePoint",
    10: "TenPoint",
    11: "ElevenPoint",
    13: "ThirteenPoint",
}
_PLAY_TRUMP = {
    "Anytime": PlayTrump.ANYTIME,
    "FollowSuit": PlayTrump.WHEN_VOID,
    "Only": PlayTrump.ONLY,
}
_DRAW = {"None": False, "NonTrump": True}
_DECKS = ("Std", "StdWithJoker", "StdWithJokers", "NoFours", "TwoAndNineToAce", "NineToAce")
"""Trickster's decks, in its order; only the four-point and five-point games read it."""
_PACKS = {
    "Std": PackRanks.ALL,
    "TwoAndNineToAce": PackRanks.TWO_AND_NINE_UP,
    "NineToAce": PackRanks.NINE_UP,
}
"""The decks setback plays, as its `PackRanks` (the others add jokers that are no point)."""
_IGNORED = frozenset({"noWatching", "noSuggestions", "noChat"})
"""Options of the table, not of the game: read and ignored (so are keys starting with `_`,
Trickster's own notes about the hand in progress, such as `_callPartnerSeat`)."""

_TAG = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)(\s.*?)?\]?\s*$")
"""A tag line: `[Name "value"]` (a closing bracket left out, as players' records
sometimes have it, is read too)."""
_RANKS = "23456789TJQKA"
_SUITS = "SHDC"
"""The suits in the order of a `Deal` hand's groups (then the jokers)."""
_SUIT_OF = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_SUIT_MARK = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS} | _SUIT_OF
_CALL = re.compile(r"^(?:(\d+)|(shoot|moon))([♠♥♦♣SHDC]?)$", re.IGNORECASE)
_HAND_TAGS = frozenset(
    {
        "Dealer",
        "GameScores",
        "Deal",
        "Undealt",
        "Declarer",
        "Contract",
        "Auction",
        "CardsAdded",
        "CardsRemoved",
        "Play",
    }
)
"""The tags of one hand; a `Dealer`, `GameScores` or `Deal` after a hand's `Deal` starts
the next hand."""
_REPEATED = frozenset({"CardsAdded", "CardsRemoved"})
"""Hand tags that may come more than once (one per seat, or several seats in one)."""


@attrs.frozen
class Tag:
    """One tag: its name, its value (unescaped) and the lines of data after it."""

    name: str
    value: str
    data: tuple[str, ...] = ()
    line: int = 0


def tags_of(text: str) -> list[Tag]:
    """The tags of a PTN text, in order; `%` and `;` lines are comments. A tag's value
    runs from its first quote to its last, `\\"` read as a quote (so JSON whose quotes
    were left unescaped reads too)."""
    found: list[tuple[str, str, int, list[str]]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("%", ";")):
            continue
        if line.startswith("["):
            match = _TAG.match(line)
            if match is None:
                raise RecordError(f"PTN line {number}: {shown(line)} is no tag")
            rest = match.group(2) or ""
            start, end = rest.find('"'), rest.rfind('"')
            if start < 0 or end <= start:
                raise RecordError(
                    f"PTN line {number}: the tag {match.group(1)} has no quoted value"
                )
            value = _ESCAPE.sub(r"\1", rest[start + 1 : end])
            found.append((match.group(1), value, number, []))
        elif found:
            found[-1][3].append(line)
        else:
            raise RecordError(f"PTN line {number}: {shown(line)} comes before any tag")
    return [Tag(name, value, tuple(data), number) for name, value, number, data in found]


_ESCAPE = re.compile(r"\\(.)")
"""A backslash and the character it escapes."""


# --- cards ------------------------------------------------------------------------


def _joker(rules: Rules, high: bool) -> Card:
    if rules.jokers == 1 and high:
        return CARDS[index_of(None, Rank.JOKER)]
    return CARDS[index_of(None, Rank.BIG_JOKER if high else Rank.LITTLE_JOKER)]


def _card(rules: Rules, suit: str, rank: str, where: str) -> Card:
    """The card of Trickster's `suit` letter and `rank` text (`J` with `H` or `L`: a joker)."""
    suit, rank = suit.upper(), rank.upper()
    card: Card | None = None
    if suit == "J" and rank in ("H", "L") and rules.jokers:
        card = _joker(rules, rank == "H")
    elif suit in _SUIT_OF and (rank in _RANKS or rank == "10"):
        value = 10 if rank == "10" else _RANKS.index(rank) + 2
        card = CARDS[index_of(_SUIT_OF[suit], Rank(value))]
    if card is None or card not in rules.pack:
        raise RecordError(f"{where}: {shown(suit + rank)} is no card of this pack")
    return card


def card_of(rules: Rules, text: str, where: str) -> Card:
    """A card as a trick, `Undealt` or `CardsAdded` writes it: suit first (`HA`, `ST`, `JH`
    for the high joker)."""
    return _card(rules, text[:1], text[1:], where)


def cards_in(rules: Rules, text: str, where: str) -> tuple[Card, ...]:
    """Cards written one after the other, suit first (`H9S8CQ`)."""
    text = "".join(text.split())
    if len(text) % 2:
        raise RecordError(f"{where}: {shown(text)} is not cards of two letters each")
    return tuple(card_of(rules, text[i : i + 2], where) for i in range(0, len(text), 2))


def card_text(card: Card) -> str:
    """A card as PTN writes it in tricks and card lists: suit first (`HA`, `ST`, `JH`)."""
    if card.suit is None:
        return "JL" if card.rank is Rank.LITTLE_JOKER else "JH"
    return card.suit.letter + _RANKS[card.rank - 2]


def _hand_text(cards: Sequence[Card]) -> str:
    """One hand as a `Deal` writes it: the ranks of each suit, high first, `S.H.D.C`, and
    a fifth group for the jokers (`H`, `L`) when it holds one."""
    groups = []
    for letter in _SUITS:
        ranks = sorted((card.rank for card in cards if card.suit is _SUIT_OF[letter]), reverse=True)
        groups.append("".join(_RANKS[rank - 2] for rank in ranks))
    jokers = [card for card in cards if card.suit is None]
    if jokers:
        groups.append("".join(sorted(card_text(card)[1] for card in jokers)))
    return ".".join(groups)


def _hand_cards(rules: Rules, text: str, where: str) -> tuple[Card, ...]:
    groups = text.split(".")
    if not 4 <= len(groups) <= 5:
        raise RecordError(
            f"{where}: {shown(text)} is no hand (four suits S.H.D.C, then the jokers)"
        )
    cards = [
        _card(rules, "SHDCJ"[number], rank, where)
        for number, group in enumerate(groups)
        for rank in group
    ]
    return tuple(sorted(cards))


# --- options ------------------------------------------------------------------------


def _enum_option(name: str, value: Any, names: Sequence[str]) -> str:
    if type(value) is int and 0 <= value < len(names):
        return names[value]
    if type(value) is str:
        for known in names:
            if value.lower() == known.lower():
                return known
    raise RulesError(f"GameOptionsJson: {name} {shown(value)} is none of {', '.join(names)}")


def _bool_option(name: str, value: Any) -> bool:
    if type(value) is not bool:
        raise RulesError(f"GameOptionsJson: {name} must be true or false, not {shown(value)}")
    return value


def _int_option(name: str, value: Any) -> int:
    if type(value) is not int:
        raise RulesError(f"GameOptionsJson: {name} must be a whole number, not {shown(value)}")
    return value


def _unplayed(name: str, value: Any, why: str) -> RulesError:
    return RulesError(
        f"GameOptionsJson: {name} {json.dumps(value)} is not played by setback: {why}"
    )


def rules_of(options: Mapping[str, Any], players: int) -> Rules:
    """The `Rules` of Trickster's Pitch `options` (its `GameOptionsJson`) for `players`
    seats: `Rules.trickster(points, players)` with each option changed; an option left
    out keeps the preset's value.

    Raises:
        RulesError: an option setback does not play (named), or a value of the wrong kind.
    """
    unknown = [
        key
        for key in options
        if key not in _OPTION_READERS and key not in _IGNORED and not key.startswith("_")
    ]
    if unknown:
        raise RulesError(
            f"GameOptionsJson: the option {shown(unknown[0])} is not played by setback "
            f"(it plays {', '.join(sorted(_OPTION_READERS))})"
        )
    points = 4
    if "variation" in options:
        name = _enum_option("variation", options["variation"], list(_VARIATION_NAMES.values()))
        points = VARIATIONS[list(_VARIATION_NAMES.values()).index(name)]
    if "players" in options and _int_option("players", options["players"]) != players:
        raise RulesError(
            f"GameOptionsJson: players {options['players']} but the deal has {players} hands"
        )
    try:
        base = Rules.trickster(points, players)
    except RulesError as error:
        raise RulesError(f"GameOptionsJson: {_VARIATION_NAMES[points]}: {error}") from error
    changes: dict[str, Any] = {}
    for key, value in options.items():
        reader = _OPTION_READERS.get(key)
        if reader is not None:
            changes.update(reader(value, base))
    if changes.pop("_all_tricks", False) and "shoot" in changes:
        changes["shoot"] = ShootFor.ALL_TRICKS
    point_set = changes.pop("points", None)
    try:
        rules = Rules.trickster(points, players, **changes)
        if point_set is not None:
            fields = attrs.asdict(rules, recurse=False, filter=lambda field, _: field.init)
            rules = Rules(**{**fields, "points": point_set})
        return rules
    except RulesError as error:
        named = ", ".join(
            f"{key} {json.dumps(options[key])}" for key in options if key in _OPTION_READERS
        )
        raise RulesError(
            f"GameOptionsJson ({named}) makes no game setback plays: {error}"
        ) from error


def _read_partnership(value: Any, base: Rules) -> dict[str, Any]:
    return {"partnerships": _bool_option("isPartnership", value)}


def _read_two_teams(value: Any, base: Rules) -> dict[str, Any]:
    if _bool_option("isTwoTeams", value) and base.players != 4:
        raise _unplayed("isTwoTeams", value, f"{base.players} players in two teams")
    return {"partnerships": True} if value else {}


def _read_deck(value: Any, base: Rules) -> dict[str, Any]:
    name = _enum_option("deck", value, _DECKS)
    if base.total_points not in (4, 5):  # the other games have a deck of their own
        return {}
    if name not in _PACKS:
        raise _unplayed("deck", name, "its jokers are no point of this game")
    return {"pack_ranks": _PACKS[name]}


def _read_shoot(value: Any, base: Rules) -> dict[str, Any]:
    return {"shoot": ShootFor.ALL_POINTS} if _bool_option("offerShootBid", value) else {}


def _read_all_tricks(value: Any, base: Rules) -> dict[str, Any]:
    return {"_all_tricks": _bool_option("shootAllTricks", value)}


def _read_ten(value: Any, base: Rules) -> dict[str, Any]:
    ten = _bool_option("tenOfTrumpReplacesGamePoint", value)
    old, new = (Point.GAME, Point.TEN) if ten else (Point.TEN, Point.GAME)
    return {"points": tuple(new if point is old else point for point in base.points)}


def _read_set_and_win(value: Any, base: Rules) -> dict[str, Any]:
    if _bool_option("setOpponentsAndWin", value):
        raise _unplayed("setOpponentsAndWin", value, "no rule wins a game by a set")
    return {}


def _read_game_code(value: Any, base: Rules) -> dict[str, Any]:
    if value not in ("Pitch", 1):
        raise _unplayed("gameCode", value, "setback plays Pitch only")
    return {}


_OPTION_READERS: dict[str, Callable[[Any, Rules], dict[str, Any]]] = {
    "variation": lambda value, base: {},
    "players": lambda value, base: {},
    "gameCode": _read_game_code,
    "isPartnership": _read_partnership,
    "isTwoTeams": _read_two_teams,
    "gameOverScore": lambda value, base: {"target": _int_option("gameOverScore", value)},
    "minBid": lambda value, base: {"min_bid": _int_option("minBid", value)},
    "lowGoesToTaker": lambda value, base: {
        "low_to": LowTo.CAPTURER if _bool_option("lowGoesToTaker", value) else LowTo.HOLDER
    },
    "playTrump": lambda value, base: {
        "play_trump": _PLAY_TRUMP[_enum_option("playTrump", value, list(_PLAY_TRUMP))]
    },
    "drawOption": lambda value, base: {
        "draw": _DRAW[_enum_option("drawOption", value, list(_DRAW))]
    },
    "deck": _read_deck,
    "stickTheDealer": lambda value, base: {
        "all_pass": AllPass.DEALER_AT_LEAST_MIN
        if _bool_option("stickTheDealer", value)
        else AllPass.REDEAL
    },
    "dealerMaySteal": lambda value, base: {
        "dealer_match": DealerMatch.ANY
        if _bool_option("dealerMaySteal", value)
        else DealerMatch.NONE
    },
    "offerShootBid": _read_shoot,
    "shootAllTricks": _read_all_tricks,
    "kitty": lambda value, base: {"kitty": _int_option("kitty", value)},
    "tenOfTrumpReplacesGamePoint": _read_ten,
    "pitcherLeadsTrump": lambda value, base: {
        "pitcher_leads_trump": _bool_option("pitcherLeadsTrump", value)
    },
    "setOpponentsAndWin": _read_set_and_win,
}
"""Each Trickster option setback plays, and the `Rules` fields it sets."""


def options_of(rules: Rules) -> dict[str, Any]:
    """Trickster's Pitch options (`GameOptionsJson`) for `rules`, every option written.

    Raises:
        RulesError: `rules` is no Trickster game: its points, its players, or an option
            Trickster has not (named).
    """
    points = _variation_of(rules)
    options: dict[str, Any] = {
        "variation": _VARIATION_NAMES[points],
        "isPartnership": rules.partnerships,
        "gameOverScore": rules.target,
        "minBid": rules.min_bid,
        "lowGoesToTaker": rules.low_to is LowTo.CAPTURER,
        "playTrump": next(name for name, play in _PLAY_TRUMP.items() if play is rules.play_trump),
        "drawOption": "NonTrump" if rules.draw else "None",
        "stickTheDealer": rules.all_pass is AllPass.DEALER_AT_LEAST_MIN,
        "dealerMaySteal": rules.dealer_match is DealerMatch.ANY,
        "offerShootBid": rules.shoot is not None,
        "shootAllTricks": rules.shoot is ShootFor.ALL_TRICKS,
        "kitty": rules.kitty,
        "tenOfTrumpReplacesGamePoint": Point.TEN in rules.points,
        "pitcherLeadsTrump": rules.pitcher_leads_trump,
    }
    if points in (4, 5):
        deck = [name for name, pack in _PACKS.items() if pack is rules.pack_ranks]
        options["deck"] = deck[0] if deck else "Std"
    try:
        rebuilt: Rules | None = rules_of(options, rules.players)
    except RulesError:
        rebuilt = None
    for field in attrs.fields(Rules):
        if field.init and (
            rebuilt is None or getattr(rebuilt, field.name) != getattr(rules, field.name)
        ):
            value = getattr(rules, field.name)
            shown_value = value.name if hasattr(value, "name") else shown(value)
            raise RulesError(
                f"these rules are no Trickster game: {field.name} {shown_value} has no "
                f"Trickster option ({_VARIATION_NAMES[points]} for {rules.players} players)"
            )
    return options


def _variation_of(rules: Rules) -> int:
    """The points of Trickster's game that `rules` plays (its points, Game or Ten)."""
    swapped = {Point.GAME: Point.TEN, Point.TEN: Point.GAME}
    for points in VARIATIONS:
        try:
            base = Rules.trickster(points, rules.players)
        except RulesError:
            continue
        if rules.points in (base.points, tuple(swapped.get(p, p) for p in base.points)):
            return points
    names = ", ".join(point.name for point in rules.points)
    raise RulesError(
        f"these rules are no Trickster game: no Trickster Pitch game of {rules.players} "
        f"players has the points {names}"
    )


# --- reading ------------------------------------------------------------------------


@attrs.frozen
class HandTags:
    """The tags of one hand, by name (`CardsAdded` and `CardsRemoved` may repeat)."""

    number: int
    """The hand's place in the text, from 0."""
    tags: Mapping[str, tuple[Tag, ...]]

    def one(self, name: str) -> Tag | None:
        found = self.tags.get(name, ())
        return found[0] if found else None


@attrs.frozen
class GameTags:
    """The tags before and between the hands (Event, GameCode, GameOptionsJson, Seed)."""

    tags: Mapping[str, Tag]
    hands: tuple[HandTags, ...]


def split(tags: Sequence[Tag]) -> GameTags:
    """The game's tags and each hand's tags: a hand begins with `Dealer`, `GameScores` or
    `Deal` once the hand before has its `Deal`."""
    game: dict[str, Tag] = {}
    hands: list[dict[str, list[Tag]]] = []
    for tag in tags:
        if tag.name in _HAND_TAGS:
            starts = tag.name in ("Dealer", "GameScores", "Deal")
            if not hands or (starts and "Deal" in hands[-1]):
                hands.append({})
            hand = hands[-1]
            if tag.name in hand and tag.name not in _REPEATED:
                raise RecordError(
                    f"PTN line {tag.line}: hand {len(hands)} has a second [{tag.name}] tag"
                )
            hand.setdefault(tag.name, []).append(tag)
        elif tag.name in ("Event", "GameCode", "GameOptionsJson", "Seed"):
            if tag.name in game and game[tag.name].value != tag.value:
                raise RecordError(
                    f"PTN line {tag.line}: a second [{tag.name}] tag: a PTN text read as one "
                    "game holds one game"
                )
            game[tag.name] = tag
    for number, hand in enumerate(hands, 1):
        if "Deal" not in hand:
            raise RecordError(f"PTN hand {number} has no [Deal] tag")
    return GameTags(
        game,
        tuple(
            HandTags(number, {name: tuple(found) for name, found in hand.items()})
            for number, hand in enumerate(hands)
        ),
    )


def _seat(names: Sequence[str], text: str, where: str) -> int:
    name = text.strip().upper()
    if name not in names:
        raise RecordError(
            f"{where}: {shown(text)} is no seat of {len(names)} players ({' '.join(names)})"
        )
    return names.index(name)


def players_of(hand: HandTags) -> int:
    """How many hands the `Deal` lists."""
    deal = hand.one("Deal")
    assert deal is not None
    body = deal.value.split(":", 1)[-1]
    count = len(body.split())
    if count not in SEAT_NAMES:
        raise RecordError(
            f"PTN hand {hand.number + 1}: the deal lists {count} hands; Trickster seats 2 to 6"
        )
    return count


@attrs.frozen
class Deal:
    """A hand's `Deal`, `Undealt` and `GameScores`: the dealer, each seat's cards (sorted),
    the undealt cards in order (None if not given), and each seat's score (or None)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...] | None
    scores: tuple[int, ...] | None


def deal_of(rules: Rules, hand: HandTags) -> Deal:
    """The deal a hand's tags give."""
    names = SEAT_NAMES[rules.players]
    where = f"hand {hand.number + 1}"
    tag = hand.one("Deal")
    assert tag is not None
    dealer_tag = hand.one("Dealer")
    text = tag.value.strip()
    if ":" in text:
        first, text = text.split(":", 1)
        dealer = _seat(names, first, f"{where}, Deal")
    elif dealer_tag is not None:
        dealer = _seat(names, dealer_tag.value, f"{where}, Dealer")
    else:
        raise RecordError(f'{where}: the Deal names no dealer (like "E:...")')
    if dealer_tag is not None and _seat(names, dealer_tag.value, f"{where}, Dealer") != dealer:
        raise RecordError(f"{where}: the Dealer tag and the Deal name other dealers")
    written_hands = text.split()
    if len(written_hands) != rules.players:
        raise RecordError(
            f"{where}: the Deal lists {len(written_hands)} hands for {rules.players} players",
            hand.number + 1,
        )
    hands: list[tuple[Card, ...]] = [()] * rules.players
    for offset, written in enumerate(written_hands):
        seat = (dealer + offset) % rules.players
        if written == "-":
            raise RecordError(
                f"{where}: the hand of {names[seat]} is not given; a record replays only "
                "with every hand known"
            )
        hands[seat] = _hand_cards(rules, written, f"{where}, Deal, {names[seat]}")
    undealt_tag = hand.one("Undealt")
    undealt = (
        None if undealt_tag is None else cards_in(rules, undealt_tag.value, f"{where}, Undealt")
    )
    scores_tag = hand.one("GameScores")
    scores = None
    if scores_tag is not None:
        value = scores_tag.value.strip()
        first_seat = 0
        if ":" in value:
            first, value = value.split(":", 1)
            first_seat = _seat(names, first, f"{where}, GameScores")
        written_scores = value.split()
        if len(written_scores) != rules.players or not all(
            re.fullmatch(r"[+-]?\d{1,13}", score) for score in written_scores
        ):
            raise RecordError(
                f"{where}: GameScores {shown(scores_tag.value)} is not one score for each of "
                f"{rules.players} seats"
            )
        by_seat = [0] * rules.players
        for offset, score in enumerate(written_scores):
            by_seat[(first_seat + offset) % rules.players] = int(score)
        scores = tuple(by_seat)
    return Deal(dealer, tuple(hands), undealt, scores)


def side_scores(rules: Rules, scores: Sequence[int], where: str) -> tuple[int, ...]:
    """Each side's score from each seat's; partners must have the same."""
    result = []
    for seats in rules.sides:
        if len({scores[seat] for seat in seats}) != 1:
            names = SEAT_NAMES[rules.players]
            raise RecordError(
                f"{where}: GameScores gives partners {'+'.join(names[s] for s in seats)} "
                "different scores"
            )
        result.append(scores[seats[0]])
    return tuple(result)


def _seat_cards(rules: Rules, hand: HandTags, name: str) -> dict[int, list[Card]]:
    """`CardsAdded` or `CardsRemoved`: each seat's cards, in the order written (`S:H5CJ`,
    several seats spaced apart or in several tags; `S:` names a seat that added or
    removed none)."""
    names = SEAT_NAMES[rules.players]
    where = f"hand {hand.number + 1}, {name}"
    found: dict[int, list[Card]] = {}
    for tag in hand.tags.get(name, ()):
        for group in tag.value.split():
            if ":" not in group:
                raise RecordError(f"{where}: {shown(group)} names no seat (like S:H5CJ)")
            first, cards = group.split(":", 1)
            seat = _seat(names, first, where)
            found.setdefault(seat, []).extend(cards_in(rules, cards, where))
    return found


def stock_of(state: GameState) -> tuple[Card, ...]:
    """The undealt cards of the hand in progress, in order (the kitty first)."""
    return tuple(CARDS[index] for index in state.hand_state.stock)


def deck_of(
    rules: Rules, dealer: int, hands: Sequence[Sequence[Card]], stock: Sequence[Card]
) -> tuple[Card, ...]:
    """The pack that deals `hands` (packets of three clockwise from the dealer's left,
    each hand's cards in order) and leaves `stock` in order."""
    given = [list(cards) for cards in hands]
    deck: list[Card] = []
    for packet in packets(rules):
        for offset in range(1, rules.players + 1):
            seat = (dealer + offset) % rules.players
            deck.extend(given[seat][:packet])
            del given[seat][:packet]
    return (*deck, *stock)


class _Replay:
    """Apply a record's actions one at a time, each error naming where it happened."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.actions: list[Action] = []
        self.drawn: dict[int, list[int]] = {}
        """The cards each seat took from the stock in the hand in progress (card indices)."""
        self.discarded: dict[int, set[int]] = {}

    def apply(
        self,
        action: Action,
        where: str,
        hand: int,
        trick: int | None = None,
        card: str | None = None,
    ) -> None:
        before, number = self.state.held, self.state.hand_state.number
        try:
            self.state = apply_action(self.state, action)
        except (IllegalActionError, InvalidNotationError) as error:  # the engine's
            reason = error.reason if isinstance(error, IllegalActionError) else str(error)
            names = SEAT_NAMES[self.state.rules.players]
            seat = self.state.to_act
            who = "nobody" if seat is None else f"{names[seat]} (seat {seat})"
            raise RecordError(
                f"{where}: {_shown_action(action)} by {who} is not legal: {reason}",
                hand,
                trick,
                card,
            ) from error
        self.actions.append(action)
        if type(action) is not Play and self.state.hand_state.number == number:
            for seat, (old, new) in enumerate(zip(before, self.state.held, strict=True)):
                self.drawn.setdefault(seat, []).extend(cards_of_bits(new & ~old))
                self.discarded.setdefault(seat, set()).update(cards_of_bits(old & ~new))


def cards_of_bits(mask: int) -> list[int]:
    """The card indices of a bit set, in index order."""
    return [card.index for card in cards_of(mask)]


def _shown_action(action: Action) -> str:
    if type(action) is Play:
        return f"the card {card_text(action.card)} ({action.card.symbol})"
    return f"{action}"


def play_hand(replay: _Replay, rules: Rules, hand: HandTags, *, tricks: bool = True) -> bool:
    """Apply one hand's auction, trump, discards and tricks; True if the hand was played to
    its end, False if the record stops inside it (a partial record)."""
    names = SEAT_NAMES[rules.players]
    label = f"hand {hand.number + 1}"
    start = len(replay.state.history)
    replay.drawn, replay.discarded = {}, {}

    def over() -> bool:
        return len(replay.state.history) > start or replay.state.is_over

    # the auction
    auction = hand.one("Auction")
    suit: Suit | None = None
    calls = _calls_of(rules, hand)
    if calls is not None:
        first = replay.state.to_act or 0
        if auction is not None and _seat(names, auction.value, f"{label}, Auction") != first:
            raise RecordError(
                f"{label}: the auction begins with {auction.value}, but "
                f"{names[first]} bids first (the dealer's left)"
            )
        for number, call in enumerate(calls):
            seat = (first + number) % rules.players
            where = f"{label}, call {number + 1} ({names[seat]} {call})"
            if over() or replay.state.phase is not Phase.BIDDING:
                if call == "-":
                    continue
                raise RecordError(f"{where}: the auction is over")
            if call == "-":
                return False
            if seat != replay.state.to_act:
                raise RecordError(f"{where}: it is {names[replay.state.to_act or 0]}'s turn")
            action, named = _call_of(call, where)
            suit = named if named is not None else suit
            replay.apply(action, where, hand.number + 1)
    if over():
        return True
    if replay.state.phase is Phase.BIDDING:
        return False
    # the contract and trump
    pitcher = replay.state.hand_state.pitcher
    declarer = hand.one("Declarer")
    if declarer is not None and _seat(names, declarer.value, f"{label}, Declarer") != pitcher:
        raise RecordError(
            f"{label}: the Declarer is {declarer.value}, but the auction makes "
            f"{names[pitcher or 0]} the pitcher"
        )
    contract = hand.one("Contract")
    if contract is not None:
        level, named = _contract_of(rules, contract.value, f"{label}, Contract")
        if level is not None and level != replay.state.hand_state.contract:
            raise RecordError(
                f"{label}: the Contract is {contract.value}, but the auction's is "
                f"{replay.state.hand_state.contract}"
            )
        suit = named if named is not None else suit
    if replay.state.phase is Phase.DECLARE_TRUMP:
        if suit is None:
            return False
        replay.apply(DeclareTrump(suit), f"{label}, trump {suit.symbol}", hand.number + 1)
    if replay.state.phase is Phase.CALL_PARTNER:
        raise RecordError(
            f"{label}: the pitcher calls a partner, which PTN records do not show yet"
        )
    # the discards
    removed = _seat_cards(rules, hand, "CardsRemoved")
    while replay.state.phase is Phase.DISCARD and not over():
        discarder = replay.state.to_act
        assert discarder is not None
        seat = discarder
        pending = [
            c for c in removed.get(seat, []) if c.index not in replay.discarded.get(seat, set())
        ]
        # no discard of this seat is given, or all its cards are gone already (forced
        # steps) and an empty discard is not open: where nothing follows, the record
        # stops before this seat's discard
        unseen = seat not in removed or (not pending and not is_legal(replay.state, Discard([])))
        if unseen and not _more_after(hand, removed, replay):
            return False
        setup = replay.state.hand_state
        if rules.kitty and seat == setup.pitcher and not setup.discarded[seat]:
            pending = pending[: rules.kitty]
        replay.apply(Discard(pending), f"{label}, {names[seat]}'s discard", hand.number + 1)
    if not tricks:  # only the cards each seat takes and discards are wanted
        return False
    return _play_tricks(replay, rules, hand, over)


def _calls_of(rules: Rules, hand: HandTags) -> list[str] | None:
    """The calls of the auction, from the dealer's left: the `Auction`'s; without one, the
    `Declarer`'s bid of the `Contract` and a pass from every other seat (a record of
    the play alone); None when neither is given."""
    auction = hand.one("Auction")
    if auction is not None:
        return " ".join(auction.data).split()
    declarer, contract = hand.one("Declarer"), hand.one("Contract")
    if declarer is None or contract is None:
        return None
    names = SEAT_NAMES[rules.players]
    label = f"hand {hand.number + 1}"
    pitcher = _seat(names, declarer.value, f"{label}, Declarer")
    dealer = deal_of(rules, hand).dealer
    _contract_of(rules, contract.value, f"{label}, Contract")  # a contract it reads
    return [
        contract.value.strip() if (dealer + offset) % rules.players == pitcher else "Pass"
        for offset in range(1, rules.players + 1)
    ]


def _more_after(hand: HandTags, removed: Mapping[int, list[Card]], replay: _Replay) -> bool:
    """Whether the record goes on after a discard it does not give (then it was none)."""
    play = hand.one("Play")
    if play is not None and any(card != "-" for line in play.data for card in line.split()):
        return True
    return any(
        card.index not in replay.discarded.get(seat, set())
        for seat, cards in removed.items()
        for card in cards
    )


def _play_tricks(replay: _Replay, rules: Rules, hand: HandTags, over: Callable[[], bool]) -> bool:
    names = SEAT_NAMES[rules.players]
    label = f"hand {hand.number + 1}"
    play = hand.one("Play")
    if play is None or over():
        return over()
    first = _seat(names, play.value, f"{label}, Play")
    if first != replay.state.to_act:
        raise RecordError(
            f"{label}: the play begins with {names[first]}, but "
            f"{names[replay.state.to_act or 0]} leads"
        )
    lines = [line.split() for line in play.data]
    for number, line in enumerate(lines, 1):
        where = f"{label}, trick {number}"
        if len(line) > rules.players:
            raise RecordError(f"{where}: {len(line)} cards for {rules.players} seats")
        cards = {
            (first + column) % rules.players: text
            for column, text in enumerate(line)
            if text != "-"
        }
        if over():
            if cards:
                raise RecordError(f"{where}: the hand is over, yet it has cards")
            continue
        tricks = len(replay.state.tricks)
        while not over() and len(replay.state.tricks) == tricks:
            seat = replay.state.to_act
            assert seat is not None
            text = cards.pop(seat, None)
            if text is None:
                if cards or any(t != "-" for later in lines[number:] for t in later):
                    missing = names[seat]
                    raise RecordError(
                        f"{where}: {missing} is to play, but the trick has no card of {missing}"
                    )
                return False
            try:
                card = card_of(rules, text, f"{where}, {names[seat]}")
            except RecordError as error:
                raise RecordError(str(error), hand.number + 1, number, text.upper()) from None
            replay.apply(Play(card), where, hand.number + 1, number, text.upper())
        if cards:
            extra = " ".join(f"{names[seat]} {text}" for seat, text in cards.items())
            raise RecordError(f"{where}: the trick is over without the card(s) {extra}")
    return over()


def _call_of(text: str, where: str) -> tuple[Action, Suit | None]:
    """A call of the auction (`Pass`, `3`, `3♥`: the pitcher's bid with the trump he
    named, `Shoot`) and the trump it names."""
    if text.lower() in ("pass", "p"):
        return Pass(), None
    match = _CALL.match(text)
    if match is None:
        raise RecordError(f"{where}: {shown(text)} is no call (Pass, 3, 3♥, Shoot)")
    suit = _SUIT_MARK[match.group(3).upper()] if match.group(3) else None
    if match.group(2):
        return Shoot(), suit
    level = int(match.group(1))
    if not 1 <= level <= 36:
        raise RecordError(f"{where}: {shown(text)} is no bid")
    return Bid(level), suit


def _contract_of(rules: Rules, text: str, where: str) -> tuple[int | None, Suit | None]:
    action, suit = _call_of(text.strip(), where)
    if type(action) is Bid:
        return action.level, suit
    if type(action) is Shoot:
        return rules.smudge_level, suit
    return None, suit


def read(text: str) -> GameRecord:
    """The game record of a PTN text (see `records.read_ptn`)."""
    game = split(tags_of(text))
    if not game.hands:
        raise RecordError("the PTN text has no hand: no [Deal] tag")
    code = game.tags.get("GameCode")
    if code is not None and code.value.strip().lower() != "pitch":
        raise RulesError(f"GameCode {shown(code.value)}: setback plays Pitch only")
    options: Any = {}
    options_tag = game.tags.get("GameOptionsJson")
    if options_tag is not None and options_tag.value.strip():
        try:
            options = json.loads(options_tag.value)
        except ValueError as error:
            raise RecordError(f"GameOptionsJson is no JSON: {error}") from None
        if type(options) is not dict:
            raise RecordError("GameOptionsJson is no JSON object")
    seed = 0
    seed_tag = game.tags.get("Seed")
    if seed_tag is not None:
        if not re.fullmatch(r"\d{1,78}", seed_tag.value.strip()):
            raise RecordError(f"Seed {shown(seed_tag.value)} is no whole number")
        seed = int(seed_tag.value)
    rules = rules_of(options, players_of(game.hands[0]))
    first = game.hands[0]
    deal = deal_of(rules, first)
    scores = None if deal.scores is None else side_scores(rules, deal.scores, "hand 1")
    start: dict[str, Any] = {"seed": seed, "dealer": deal.dealer, "scores": scores}
    added = _seat_cards(rules, first, "CardsAdded")
    origin = _first_deal(rules, start, deal, added, first)
    replay = _replay_of(origin)
    for hand in game.hands:
        if hand is not first:
            _check_next_deal(rules, replay.state, hand)
        if hand is first and added:  # first the draws, to see where the stock gives them
            play_hand(replay, rules, hand, tricks=False)
            moved = _stock_for_draws(rules, replay, deal, added)
            if moved is not None:  # the deal's stock does not give the draws written
                origin = attrs.evolve(origin, hands=None, deck=moved)
            replay = _replay_of(origin)
        complete = play_hand(replay, rules, hand)
        _check_draws(
            rules, replay, hand, added if hand is first else _seat_cards(rules, hand, "CardsAdded")
        )
        if not complete and hand is not game.hands[-1]:
            raise RecordError(
                f"hand {hand.number + 1} stops before its end, yet hand {hand.number + 2} follows"
            )
    return attrs.evolve(origin, actions=tuple(replay.actions))


def _replay_of(origin: GameRecord) -> _Replay:
    try:
        state = new_game_as(origin)
    except (InvalidNotationError, InvalidStateError) as error:  # new_game's
        raise RecordError(f"hand 1 cannot be dealt: {error}", hand=1) from error
    return _Replay(state)


def _first_deal(
    rules: Rules,
    start: Mapping[str, Any],
    deal: Deal,
    added: Mapping[int, list[Card]],
    hand: HandTags,
) -> GameRecord:
    """The smallest record that deals the first hand as written: the seed alone, the hands
    (the stock from the seed), or the whole pack."""
    record = GameRecord(rules=rules, **start)
    state = _replay_of(record).state
    if state.hands == deal.hands and deal.undealt in (None, stock_of(state)):
        return record
    record = attrs.evolve(record, hands=deal.hands)
    state = _replay_of(record).state
    undealt = deal.undealt
    if undealt is None and not added:
        return record
    if undealt is None:
        dealt = {card for cards in deal.hands for card in cards}
        undealt = tuple(card for card in rules.pack if card not in dealt)
    elif undealt == stock_of(state):
        return record
    if sorted(undealt) != sorted(stock_of(state)):
        raise RecordError("hand 1: the Undealt cards are not the cards of the pack the Deal leaves")
    if rules.kitty and added:  # the kitty lies first: the pitcher's first cards added
        pitcher = _pitcher_of(rules, hand)
        kitty = added.get(pitcher, [])[: rules.kitty] if pitcher is not None else []
        if len(kitty) == rules.kitty and set(kitty) <= set(undealt):
            undealt = (*kitty, *(card for card in undealt if card not in kitty))
    return attrs.evolve(record, hands=None, deck=deck_of(rules, deal.dealer, deal.hands, undealt))


def _pitcher_of(rules: Rules, hand: HandTags) -> int | None:
    """The pitcher the tags name: the Declarer, else the last bidder of the auction."""
    names = SEAT_NAMES[rules.players]
    declarer = hand.one("Declarer")
    if declarer is not None:
        return _seat(names, declarer.value, f"hand {hand.number + 1}, Declarer")
    auction = hand.one("Auction")
    if auction is None:
        return None
    first = _seat(names, auction.value, f"hand {hand.number + 1}, Auction")
    bidders = [
        (first + number) % rules.players
        for number, call in enumerate(" ".join(auction.data).split())
        if call.lower() not in ("pass", "p", "-")
    ]
    return bidders[-1] if bidders else None


def _stock_for_draws(
    rules: Rules, replay: _Replay, deal: Deal, added: Mapping[int, list[Card]]
) -> tuple[Card, ...] | None:
    """A pack whose stock gives each seat the cards `CardsAdded` says it drew, in the
    places of the stock the replay drew from; None if the stock already does."""
    if all(
        sorted(replay.drawn.get(seat, [])) == sorted(card.index for card in cards)
        for seat, cards in added.items()
    ):
        return None
    start = replay.state.origin
    first = _replay_of(attrs.evolve(start, actions=())).state
    stock = list(stock_of(first))
    place = {card.index: number for number, card in enumerate(stock)}
    drawn_at = sorted(
        (place[index], seat)
        for seat, indices in replay.drawn.items()
        for index in indices
        if index in place
    )
    queues = {seat: [card for card in cards if card in stock] for seat, cards in added.items()}
    moved: list[Card | None] = [None] * len(stock)
    for number, seat in drawn_at:
        if queues.get(seat):
            moved[number] = queues[seat].pop(0)
    used = {card for card in moved if card is not None}
    rest = iter([card for card in stock if card not in used])
    final = tuple(card if card is not None else next(rest) for card in moved)
    return deck_of(rules, deal.dealer, deal.hands, final)


def _check_draws(
    rules: Rules, replay: _Replay, hand: HandTags, added: Mapping[int, list[Card]]
) -> None:
    names = SEAT_NAMES[rules.players]
    for seat, cards in added.items():
        drawn = sorted(replay.drawn.get(seat, []))
        if drawn and drawn != sorted(card.index for card in cards):
            took = " ".join(card_text(CARDS[index]) for index in drawn)
            said = " ".join(card_text(card) for card in cards)
            raise RecordError(
                f"hand {hand.number + 1}: CardsAdded gives {names[seat]} {said or 'nothing'}, "
                f"but the replay gives {took}"
            )


def _check_next_deal(rules: Rules, state: GameState, hand: HandTags) -> None:
    label = f"hand {hand.number + 1}"
    if state.is_over:
        raise RecordError(f"{label}: the game is over before it")
    deal = deal_of(rules, hand)
    if (
        deal.dealer != state.dealer
        or deal.hands != state.hands
        or deal.undealt not in (None, stock_of(state))
    ):
        raise RecordError(
            f"{label}: its deal is not the one the record's seed deals next; a game record "
            "takes the first hand's cards, and every later hand comes from its seed "
            "([Seed] tag, 0 if none)"
        )
    if deal.scores is not None and side_scores(rules, deal.scores, label) != state.scores:
        raise RecordError(
            f"{label}: GameScores {deal.scores} are not the scores the hands before make "
            f"{state.scores}"
        )


# --- writing ------------------------------------------------------------------------


@attrs.frozen
class _HandLog:
    """What a record did in one hand: the state it began with, and each action with the
    state after it."""

    start: GameState
    steps: tuple[tuple[Action, GameState], ...]


def _hands_of(state: GameState, actions: Sequence[Action]) -> Iterator[_HandLog]:
    start, steps = state, []
    for action in actions:
        after = apply_action(state, action)
        steps.append((action, after))
        state = after
        if len(after.history) > len(start.history) or after.is_over:
            yield _HandLog(start, tuple(steps))
            start, steps = after, []
    if steps or not (start.is_over or start.history):  # not a hand only dealt yet
        yield _HandLog(start, tuple(steps))


def _quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write(record: GameRecord) -> str:
    """The PTN text of `record` (see `records.write_ptn`)."""
    rules = record.rules
    options = options_of(rules)
    if rules.players not in SEAT_NAMES:
        raise RulesError(f"these rules are no Trickster game: {rules.players} players")
    if rules.call_partner:
        raise RulesError("these rules are no Trickster game PTN writes: call_partner True")
    names = SEAT_NAMES[rules.players]
    state = new_game(
        rules,
        seed=record.seed,
        dealer=record.dealer,
        hands=record.hands,
        deck=record.deck,
        scores=record.scores,
    )
    points = _variation_of(rules)
    lines = [
        f'[Event "setback: Trickster\'s {points}-point Pitch"]',
        '[GameCode "Pitch"]',
        f'[GameOptionsJson "{_quoted(json.dumps(options, separators=(",", ":")))}"]',
        f'[Seed "{record.seed}"]',
    ]
    for number, hand in enumerate(_hands_of(state, record.actions)):
        lines += _hand_lines(rules, names, hand, number == 0 and record.scores is None)
    return "\n".join(lines) + "\n"


def _hand_lines(rules: Rules, names: Sequence[str], hand: _HandLog, no_scores: bool) -> list[str]:
    start = hand.start
    dealer = start.dealer
    by_seat = [" ".join(str(score) for score in _seat_scores(rules, start.scores))]
    lines = [f'[Dealer "{names[dealer]}"]']
    if not no_scores:
        lines.append(f'[GameScores "{names[0]}:{by_seat[0]}"]')
    dealt = " ".join(
        _hand_text(start.hands[(dealer + offset) % rules.players])
        for offset in range(rules.players)
    )
    lines.append(f'[Deal "{names[dealer]}:{dealt}"]')
    stock = stock_of(start)
    lines.append(f'[Undealt "{"".join(card_text(card) for card in stock)}"]')
    calls: list[str] = []
    pitcher: int | None = None
    trump: Suit | None = None
    contract = 0
    added: dict[int, list[Card]] = {}
    removed: dict[int, list[Card]] = {}
    place = {card.index: number for number, card in enumerate(stock)}
    tricks: list[tuple[tuple[int, Card], ...]] = []
    before = start
    for action, after in hand.steps:
        if type(action) is Pass:
            calls.append("Pass")
        elif type(action) is Shoot:
            calls.append("Shoot")
        elif type(action) is Bid:
            calls.append(str(action.level))
        elif type(action) is DeclareTrump:
            trump = action.suit
        if type(action) is Discard:
            removed.setdefault(before.to_act or 0, [])
        same_hand = after.hand_state.number == start.hand_state.number and not after.is_over
        if type(action) is not Play and same_hand:  # the kitty, the discards, the draws
            for seat, (old, new) in enumerate(zip(before.held, after.held, strict=True)):
                drawn = sorted(cards_of_bits(new & ~old), key=lambda index: place.get(index, 99))
                added.setdefault(seat, []).extend(CARDS[index] for index in drawn)
                removed_now = cards_of_bits(old & ~new)
                if removed_now:
                    removed.setdefault(seat, []).extend(CARDS[index] for index in removed_now)
        if type(action) is not Play and same_hand:
            pitcher = after.hand_state.pitcher if after.hand_state.pitcher is not None else pitcher
            contract = after.hand_state.contract
        before = after
    ended = hand.steps[-1][1] if hand.steps else start
    result = ended.history[-1] if len(ended.history) > len(start.history) else None
    if result is not None:
        pitcher, contract, trump = result.pitcher, result.contract or 0, result.trump
        tricks = [trick.plays for trick in result.tricks]
    else:
        tricks = [trick.plays for trick in ended.tricks]
        if ended.plays:
            tricks.append(ended.plays)
    if pitcher is not None and trump is not None:
        lines.append(f'[Declarer "{names[pitcher]}"]')
        word = "Shoot" if contract == rules.shoot_contract else str(contract)
        lines.append(f'[Contract "{word}{trump.symbol}"]')
        for number in range(len(calls) - 1, -1, -1):
            if calls[number] != "Pass":
                calls[number] += trump.symbol
                break
    if calls:
        lines.append(f'[Auction "{names[(dealer + 1) % rules.players]}"]')
        for first_call in range(0, len(calls), rules.players):
            lines.append(" ".join(calls[first_call : first_call + rules.players]))
    for name, cards_by in (("CardsAdded", added), ("CardsRemoved", removed)):
        groups = [
            f"{names[seat]}:{''.join(card_text(card) for card in cards)}"
            for seat, cards in sorted(cards_by.items())
            if cards or name == "CardsRemoved"
        ]
        if groups:
            lines.append(f'[{name} "{" ".join(groups)}"]')
    if tricks:
        first = tricks[0][0][0]
        lines.append(f'[Play "{names[first]}"]')
        for plays in tricks:
            row = ["-"] * rules.players
            for seat, card in plays:
                row[(seat - first) % rules.players] = card_text(card)
            lines.append(" ".join(row))
    return lines


def _seat_scores(rules: Rules, scores: Sequence[int]) -> list[int]:
    return [scores[side] for side in rules.seat_sides]
