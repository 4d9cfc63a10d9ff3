"""Refusals as data: a stable code and its parameters, and the English sentence built from them.

Every `IllegalActionError` and `InvalidNotationError` the library raises carries
a `Refusal`: `code` names the rule (`"follow_or_trump"`), `params` fills its
sentence (`{"card": "KS", "led": "H", "trump": "D"}`), and `message` is the
English sentence, built from `MESSAGES[code]` and nothing else. An app that shows
refusals in another language keeps its own table of the same codes.

`PARAMS` says what every parameter name means; a name means the same in every
code. Params are JSON values: cards are written as their canonical text
(`str(card)`: `"KS"`, `"10H"`, `"BJ"`), suits as their letter (`"S"`), seats as
ints; the English sentence shows cards and suits with their symbols (`K♠`, `♠`).
A sentence built from another rule holds that rule as a nested
`{"code": ..., "params": ...}` dict.

Some params are optional: each has a template in `SUFFIXES`, added to the sentence
(in that table's order) when the param is present: `playable` (the cards the seat
may play, named only when the caller said which seat sent the action) and `legal`
(the legal action ids, for `setback.rl`).
"""

from __future__ import annotations

import functools
import string
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .notation import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS, SUIT_TEXT, read_card, symbol_of

__all__ = ["MESSAGES", "PARAMS", "SUFFIXES", "Refusal", "placeholders", "render"]

_WORDS = "pass, bid N, smudge, play CARD, pitch CARD, trump SUIT, discard CARDS"
_START_AGAIN = "start a new game (scores=... carries the score sheet over)"
_BY = "({highest}, by seat {bidder})"

MESSAGES: dict[str, str] = {
    # the game and the seats (setback.engine)
    "game_over": "the game is over (side {side} won)",
    "no_such_seat": "there is no seat {value} (seats are 0 to {last_seat})",
    "not_your_turn": "it is seat {seat}'s turn",
    "not_held": "seat {seat} does not hold {cards}",
    # the auction (setback.bidding)
    "auction_on": "the auction is still on: call one of {calls}",
    "no_pitching": "pitching instead of bidding is not part of these rules",
    "pitch_above_top": (
        "a pitch is a bid of {level}, open only while the highest bid is below "
        "{level} (highest so far {highest}, by seat {bidder})"
    ),
    "pitch_bounded": "a pitch is a bid of {level}, and {level} cannot be bid now: {bound}",
    "no_smudge": "these rules have no Smudge (the highest bid is {level})",
    "above_top_bid": "the highest bid is {level}, every point of the hand",
    "above_top_bid_smudge": (
        "the highest bid is {level}, every point of the hand (above it, only Smudge)"
    ),
    "below_lowest_bid": "the lowest bid is {level}",
    "answer_pitch": "a card was pitched: the dealer may only pass or pitch a card of his own",
    "answer_pitch_smudge": (
        "a card was pitched: the dealer may only pass, pitch a card of his own or call Smudge"
    ),
    "dealer_stuck_exactly": "everyone else passed: the dealer must bid exactly {level}",
    "dealer_stuck": "everyone else passed: the dealer must bid at least {level}",
    "dealer_may_pass": "the dealer may pass or bid from {level}",
    "no_shoot": "these rules have no shoot the moon",
    "shoot_stands": "seat {bidder} shot the moon: nobody may overcall or match it, only pass",
    "outbid_or_match": (
        f"a bid must be higher than the highest so far {_BY}, or the dealer may match it"
    ),
    "no_match": f"the dealer may not match the highest bid {_BY} in these rules: bid higher",
    "no_match_top": f"the dealer may not match the top call {_BY}: bid higher",
    "outbid": f"a bid must be higher than the highest so far {_BY}",
    # naming trump and discarding (setback.discarding)
    "name_trump": "the pitcher must first name trump (e.g. 'trump S')",
    "discard_now": "everyone discards before play: e.g. 'discard 2C 7D' (or 'discard' for none)",
    "face_up_point_trump": "only trumps that are no point card may be discarded face up",
    "trump_in_draw": "trumps may not be discarded in the draw",
    "face_up_count": "discard exactly {count} trumps face up (down to six, or to point cards)",
    "discard_count": "every player discards exactly {count} cards",
    "kitty_count": "after taking the kitty the pitcher discards exactly {count} cards",
    "stock_short": "the stock can refill only {count} cards",
    "keep_at_least": "keep at least {count} cards: the discard and draw keeps 3 to 6",
    "keep_at_most": "keep at most six cards: discard at least {count}",
    "non_trumps_first": (
        "a discard may hold a trump only when it holds every non-trump of the hand"
    ),
    "keep_trumps": "trumps are kept first: discard only non-trumps (below seven trumps)",
    "rob_count": "discard exactly {count} cards: six are kept, with what the stock gives back",
    # the keep form of a discard (setback.views.discard_keeping)
    "keep_no_discard": "no legal discard keeps {cards}",
    "keep_more": "several discards keep {cards}: name more of the cards to keep ({count} more)",
    # call your partner (setback.discarding)
    "call_partner": "the pitcher must call his partner: a trump he does not hold (e.g. 'call QS')",
    "call_not_trump": "{card} is no trump ({trump}): the pitcher calls a trump he does not hold",
    "call_held": "the pitcher holds {card}: he calls a trump he does not hold",
    "call_not_in_pack": "{card} is not in this pack: the pitcher calls a trump he does not hold",
    # trick play (setback.play, the rules of following)
    "play_a_card": "the auction is over: play a card",
    "lead_trump": "the pitcher's first lead must be a trump ({trump}) while he holds one",
    "follow_trump": "trump ({trump}) was led: a player holding a trump must play one",
    "follow_or_trump": "must follow {led} or trump ({trump}): {card} is neither",
    "follow_suit": (
        "must follow suit ({led}): {card} is not {led}, and a trump may be played only "
        "holding no {led}"
    ),
    "trumps_only": "only trumps ({trump}) may be led or played",
    "no_trump_first_trick": (
        "no trump may be played to the first trick unless you must: to a {led} lead, "
        "follow suit, else play a non-trump, and a trump ({trump}) only holding nothing else"
    ),
    "play_called": "the holder of the called card must play it to the first trick",
    # the length of a game (setback.dealing)
    "too_many_actions": (
        f"the game would hold {{count}} actions, more than a game may ({{most}}): {_START_AGAIN}"
    ),
    "too_many_hands": (
        f"the game would hold {{count}} hands, more than a game may ({{most}}): {_START_AGAIN}"
    ),
    # the batched engine (setback.bots.batch)
    "batch_not_open": "in hand {hand} of the batch this choice is not open",
    # action ids (setback.rl)
    "not_an_action_id": "not an action id",
    "no_such_action_id": "ids are 0 to {most}",
    "no_discard_now": "no discard is in progress",
    "discard_incomplete": "the cards chosen so far are not a legal discard",
    "discard_by_card": "everyone discards now (one 'discard CARD' id per card)",
    "discard_no_fit": "no legal discard holds that card with the cards chosen so far",
    # notation: InvalidNotationError (setback.cards, setback.actions)
    "not_a_suit": "not a suit: {value} (use C, D, H, S or ♣ ♦ ♥ ♠)",
    "not_a_suit_value": "not a suit: {value}",
    "not_a_rank": "not a rank: {value} (ranks are 2 to 17)",
    "no_such_card": (
        "no such card: {rank} of {card_suit} (a joker has no suit, every other card has one)"
    ),
    "card_too_long": "not a card: {value} (too long for a card)",
    "not_a_card": (
        "not a card: {value} (write the rank, then the suit: KS, K♠, 10h, Th; "
        "jokers: JK, BJ, LJ, joker, big joker, little joker, ★)"
    ),
    "no_such_bid": "no such call: bid {value} (bids are 1 to {most})",
    "discard_too_long": "a discard of {count} cards: a discard holds at most 54",
    "discarded_twice": "a card is discarded twice: {written}",
    "action_too_long": "not an action: {value} ({count} characters: too long for one)",
    "empty_action": f"not an action: {{value}} is empty ({_WORDS})",
    "leading_zeros": "not an action: {value} (write the level without leading zeros)",
    "not_an_action": f"not an action: {{value}} (actions are {_WORDS})",
    "unknown_action_type": (
        'not an action: {value} (its "type" must be one of Pass, Bid, Smudge, Shoot, Play, '
        "Pitch, DeclareTrump, CallPartner, Discard, not {given})"
    ),
    "object_fields": (
        'not an action: {value} (a {kind}\'s object has the fields "type" and "{field}")'
    ),
    "object_type_only": (
        'not an action: {value} (a {kind}\'s object has only the field "type", not "{extra}")'
    ),
    "object_extra_field": (
        'not an action: {value} (a {kind}\'s object has the fields "type" and "{field}", '
        'not "{extra}")'
    ),
    "level_not_int": "not an action: a Bid's level must be a whole number, not {value}",
    "cards_not_list": (
        "not an action: a Discard's cards must be a list of at most 54 card texts, not {value}"
    ),
    "card_not_text": 'not an action: a {kind}\'s card must be text such as "KS", not {value}',
    "suit_not_text": 'not an action: a {kind}\'s suit must be text such as "S", not {value}',
    # an error raised with a sentence of its own, not by the library
    "message": "{message}",
}
"""Every refusal code and its English sentence: a `str.format` template of its params."""

SUFFIXES: dict[str, str] = {
    "playable": "; play one of {playable}",
    "legal": "; legal now: {legal}",
}
"""The optional params: each one's template, added to the sentence (in this order) when
the param is present."""

PARAMS: dict[str, str] = {
    "bidder": "int: the seat that made the highest bid so far",
    "bound": (
        "refusal: the rule that bounds the auction now, a nested "
        '`{"code": ..., "params": ...}` (one of the auction codes)'
    ),
    "card": "card: the card tried",
    "calls": (
        'list of str: the calls open to the seat, as action text (`"pass"`, `"bid 3"`), '
        "shown in the sentence's language"
    ),
    "card_suit": (
        "suit or null: the suit given for a card, shown as its name (`spades`, or `no suit`)"
    ),
    "cards": "list of cards: the cards named, shown with their symbols",
    "count": "int: how many (cards, trumps, actions, hands or characters)",
    "extra": "str: a field an action's JSON object has that its `type` does not (`level`)",
    "field": "str: the field an action's JSON object must have besides `type` (`level`)",
    "given": "JSON value: the `type` an action's JSON object gave, repeated as `value` is",
    "hand": "int: a hand's index in a batch (`setback.bots.batch.play_batch`'s states)",
    "highest": "int: the highest bid so far",
    "kind": "str: the `type` of an action's JSON object (`Bid`, `Play`, ...)",
    "led": "suit: the suit led to the trick, as the rules of following read it",
    "legal": (
        'list of str (optional): the legal action ids, each as "ID (ACTION)", e.g. "3 (bid 2)"'
    ),
    "last_seat": "int: the highest seat number of the game",
    "level": "int: a bid's level",
    "message": "str: the sentence of an error raised with its own words (not translatable)",
    "most": "int: the most allowed",
    "playable": (
        "list of cards (optional): the cards the seat may play, present only when the "
        "caller said which seat sent the action"
    ),
    "rank": "int: a rank's value (2 to 17), shown as its name in lower case (`king`, `big joker`)",
    "seat": "int: a seat",
    "side": "int: the side (for cutthroat play, the seat) that won",
    "trump": "suit: the trump suit",
    "value": (
        "JSON value: the caller's value: text as given, cut to about "
        "40 characters; a number, true, false or null as itself; a list or an object as its "
        "JSON text, cut. The sentence shows text in quotes (`'fold'`)"
    ),
    "written": "list of cards: the cards named, shown as their text (`2C`)",
}
"""What every param name means, with its JSON kind: `int`, `str`, `card` (a card's text),
`suit` (a suit's letter), a list of those, or `refusal` (a nested code and params)."""

_CARD_PARAMS = frozenset({"card"})
_CARDS_PARAMS = frozenset({"cards", "playable"})
_SUIT_PARAMS = frozenset({"led", "trump"})
_WORDS_PARAMS = frozenset({"rank", "card_suit", "legal", "calls"})
"""The params shown as words (rank and suit names, actions): the ones `render`'s `words`
may put in another language; every other param is a number, a card, a suit symbol or the
caller's own text, the same in every language."""
_ECHOED = frozenset({"value", "given"})
"""The params that repeat a caller's value (`setback.errors.echoed`): a sentence shows text
in quotes (`'fold'`)."""
_CONVERTED = _CARD_PARAMS | _CARDS_PARAMS | _SUIT_PARAMS | {"written", "legal", "rank", "card_suit"}
_CONVERTED |= {"calls"}


@attrs.frozen
class Refusal:
    """Why an action or a text is refused: a rule's `code` and the `params` of its
    sentence (see `MESSAGES` and `PARAMS`).

    `str(refusal)` is its `message`. Refusals compare by value; they are not hashable
    (`params` is a `dict`).
    """

    code: str
    """The rule's stable code, a key of `MESSAGES` (e.g. `"follow_or_trump"`)."""
    params: dict[str, Any] = attrs.field(factory=dict)
    """The sentence's params, JSON values named as `PARAMS` describes."""

    @property
    def message(self) -> str:
        """The English sentence, built from `code` and `params` alone."""
        return render(self.code, self.params)

    def as_dict(self) -> dict[str, Any]:
        """The refusal as JSON data: `{"code": ..., "params": ...}`."""
        return {"code": self.code, "params": self.params}

    def __str__(self) -> str:
        return self.message


def render(
    code: str,
    params: Mapping[str, Any],
    messages: Mapping[str, str] = MESSAGES,
    suffixes: Mapping[str, str] = SUFFIXES,
    words: Callable[[str, Any], str | None] | None = None,
) -> str:
    """The sentence of `code` with `params`, from the templates `messages` and `suffixes`
    (English by default; another language's tables of the same keys give its sentence).

    Cards and suits are shown with their symbols (`K♠`, `♠`), a nested refusal as its
    own sentence from the same tables, a rank by its name (`king`) and a card's suit by
    its name (`spades`, `no suit`). `words`, given a param's name and value, returns the
    text to show for it in another language (a rank's or a suit's name, the legal
    actions), or None for the English default (`setback.text.refusal_text` passes it).

    Raises:
        KeyError: `code` is not a key of `messages`, or a param is missing.
    """
    shown = {name: _shown(name, value, messages, suffixes, words) for name, value in params.items()}
    text = messages[code].format_map(shown)
    for name, template in suffixes.items():
        if name in params:
            text += template.format_map(shown)
    return text


@functools.cache
def placeholders(template: str) -> frozenset[str]:
    """The param names a template uses."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(template) if field)


def _symbol(text: str) -> str:
    """The symbol of card text (`"KS"`: `"K♠"`), read as `Card.parse` reads it
    (`notation.read_card`); text that names no card is shown as it is."""
    read = read_card(text)
    return text if read is None else symbol_of(*read)


def _shown(
    name: str,
    value: Any,
    messages: Mapping[str, str],
    suffixes: Mapping[str, str],
    words: Callable[[str, Any], str | None] | None,
) -> object:
    """A param as a sentence shows it."""
    if words is not None and name in _WORDS_PARAMS:
        word = words(name, value)
        if word is not None:
            return word
    if name in _ECHOED:  # the caller's own value: text in quotes, as Python shows it
        return repr(value)
    if name not in _CONVERTED:
        if isinstance(value, dict):
            return render(value["code"], value["params"], messages, suffixes, words)
        return value
    if name in _CARD_PARAMS:
        return _symbol(value)
    if name in _CARDS_PARAMS:
        return " ".join(map(_symbol, value))
    if name in _SUIT_PARAMS:
        return SUIT_SYMBOLS[_suit(value)]
    if name == "written":
        return " ".join(value)
    if name in ("legal", "calls"):
        return ", ".join(value)
    if name == "rank":
        return RANK_NAMES[value]
    return "no suit" if value is None else SUIT_NAMES[_suit(value)]  # card_suit


def _suit(text: str) -> int:
    """The suit `text` names (its letter, symbol or name: `notation.SUIT_TEXT`)."""
    return SUIT_TEXT[text.strip().lower()]
