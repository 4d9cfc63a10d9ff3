"""The engine's tables of a `Rules` value: how every card behaves under each trump, and
the auction's calls at every position (their types; `bidding.call_table` fills them in).

`Rules` is plain data; the tables it implies are built once per rules value (a small
cache owned by the engine, keyed by the value), kept by each game in its `Standing`, and
read by the engine, the views, the bots and the text helpers (`trump_tables` or the
public `trump_table`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import NamedTuple

import attrs

from .actions import Action
from .cards import Card, Suit
from .errors import kind_error
from .rules import Rules
from .trumps import TABLES, TrumpTable, tables_for

__all__ = ["trick_winner", "trump_table", "trump_tables"]


class Bound(enum.Enum):
    """The rule that sets the calls open to the seat to act."""

    OUTBID = "outbid"
    """A bid must be higher than the highest so far (anyone but the dealer)."""
    DEALER_MATCH = "dealer_match"
    """The dealer may match the highest bid, or bid higher."""
    DEALER_NO_MATCH = "dealer_no_match"
    """The dealer must bid higher: the rules forbid matching this bid."""
    STUCK_EXACTLY = "stuck_exactly"
    """Everyone else passed: the dealer must bid exactly the minimum."""
    STUCK_AT_LEAST = "stuck_at_least"
    """Everyone else passed: the dealer must bid at least the minimum."""
    DEALER_MAY_PASS = "dealer_may_pass"
    """Everyone else passed and the dealer may pass too (redeal, pass the deal, or play
    free under `AllPass.DEALER_FREE` or `ELDEST_FREE`)."""
    ANSWER_PITCH = "answer_pitch"
    """A card was pitched: the dealer may pass, pitch his own card, or call Smudge."""
    AFTER_SHOOT = "after_shoot"
    """Someone shot the moon: nobody may overcall or match it, so the others only pass."""


class OpenCalls(NamedTuple):
    """The calls open to the seat to act: pass or not, the levels `lowest` to `highest`
    (none when `lowest > highest`; the level `rules.smudge_level` is the Smudge), pitches
    or not, and the rule that set them."""

    may_pass: bool
    lowest: int
    highest: int
    may_pitch: bool
    bound: Bound


Position = tuple[OpenCalls, tuple[Action, ...]]
"""An auction position's open calls, and those calls but the pitches, in order."""


@attrs.frozen
class CallTable:
    """`calls_open` at every position of an auction under one `Rules` value, by the
    highest call so far (0 to `rules.max_bid`), and the calls it opens but the pitches:
    a game asks the same few positions over and over, so `call_table` builds them once
    per rules value."""

    others: tuple[Position, ...]
    """A seat other than the dealer to call."""
    dealer: tuple[Position, ...]
    """The dealer to call."""
    answer: Position
    """The dealer to answer a pitched card."""


@functools.lru_cache(maxsize=64)
def trump_tables(rules: Rules) -> tuple[TrumpTable, ...]:
    """`trump_tables(rules)[trump]`: how every card of `rules`' pack behaves under each
    trump (the jick, the off cards and the jokers are trumps where the rules have them)."""
    return tables_for(rules.card_model)


def trump_table(trump: Suit, rules: Rules | None = None) -> TrumpTable:
    """The tables for `trump` under `rules`' card model (the 52-card pack without rules).

    Raises:
        TypeError: `trump` is not a `Suit`, or `rules` is not a `Rules` value (or None).

    Examples:
        >>> from setback import Card, Suit, trump_table
        >>> table = trump_table(Suit.SPADES)
        >>> two, ace = Card.parse("2S"), Card.parse("AH")
        >>> table.strength(two, Suit.HEARTS) > table.strength(ace, Suit.HEARTS)
        True
    """
    if type(trump) is not Suit:
        raise kind_error("trump_table", "a trump (Suit)", trump)
    if rules is None:
        return TABLES[trump]
    if type(rules) is not Rules:
        raise kind_error("trump_table", "a Rules value or None", rules)
    return trump_tables(rules)[trump]


def trick_winner(plays: Sequence[tuple[int, Card]], trump: Suit, rules: Rules | None = None) -> int:
    """The seat that wins a trick of `(seat, card)` plays with `trump` as trump.

    Args:
        plays: the trick's plays in order, the lead first.
        trump: the trump suit.
        rules: the rules whose card model counts (jick, jokers); the 52-card pack if None.

    Returns:
        The winning seat: the highest trump, else the highest card of the suit led.

    Examples:
        >>> from setback import Card, Suit
        >>> trick_winner([(0, Card.parse("KH")), (1, Card.parse("2S"))], Suit.SPADES)
        1
    """
    return trump_table(trump, rules).winner(plays)
