"""The engine's tables of a `Rules` value: how every card behaves under each trump.

`Rules` is plain data; the tables it implies are built here, once per rules value
(a small cache owned by the engine, keyed by the value), and read by the engine, the
views, the bots and the text helpers through `trump_tables` or the public
`trump_table`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .cards import Card, Suit
from .errors import kind_error
from .options import JokerRank
from .rules import Rules
from .trumps import TABLES, TrumpTable, tables_for

__all__ = ["trick_winner", "trump_table", "trump_tables"]


@functools.lru_cache(maxsize=64)
def trump_tables(rules: Rules) -> tuple[TrumpTable, ...]:
    """`trump_tables(rules)[trump]`: how every card of `rules`' pack behaves under each
    trump (the jick and the jokers are trumps where the rules have them)."""
    return tables_for(rules.jokers, rules.off_jack, rules.joker_rank is JokerRank.LOWEST)


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
