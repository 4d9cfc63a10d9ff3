"""Cards under a trump: each card's suit for following, its strength, the trick winner.

Every rule of trick play, scoring and the bots asks a `TrumpTable`, never
`card.suit` directly: which cards count as each suit, how strong a card is
in a trick, who wins it. Another card model (the extended forms' off-jack
and jokers) changes these tables and nothing else.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .cards import CARDS, Card, Rank, Suit, index_of
from .errors import kind_error

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["TrumpTable", "off_jack_of", "trick_winner", "trump_table"]


@attrs.frozen
class TrumpTable:
    """How every card behaves in a trick once `trump` is fixed.

    Read a card's effective suit with `suit_of`, its strength with `strength`;
    `masks` holds the same as bit sets (bit `card.index`), for the engine.
    """

    trump: Suit
    """The trump suit these tables are for."""
    suits: tuple[Suit, ...]
    """Each card's suit for following and leading, by card index."""
    masks: tuple[int, ...]
    """The cards that count as each suit, by `Suit`, as bit sets."""
    power: tuple[tuple[int, ...], ...]
    """`power[led][index]`: a card's strength when `led` was led. Trumps beat the
    led suit, which beats the rest (0); within a suit, higher is stronger."""
    order: tuple[int, ...]
    """The trumps' card indices, highest first (the jick and jokers among them)."""

    @property
    def trump_mask(self) -> int:
        """The trumps, as a bit set."""
        return self.masks[self.trump]

    def suit_of(self, card: Card) -> Suit:
        """The suit `card` counts as: for following, leading and winning."""
        return self.suits[card.index]

    def is_trump(self, card: Card) -> bool:
        """Whether `card` is a trump."""
        return self.suits[card.index] is self.trump

    def strength(self, card: Card, led: Suit) -> int:
        """How strong `card` is in a trick to which `led` was led (0: it cannot win)."""
        return self.power[led][card.index]

    def winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """The seat that wins a trick of `(seat, card)` plays: the highest trump, else the
        highest card of the suit led."""
        power = self.power[self.suits[plays[0][1].index]]
        best_seat, best = plays[0][0], -1
        for seat, card in plays:
            strength = power[card.index]
            if strength > best:
                best_seat, best = seat, strength
        return best_seat


_COLOUR_MATE = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


def off_jack_of(trump: Suit) -> Card:
    """The jick: the jack of the other suit of trump's colour (J♣ for ♠, J♦ for ♥)."""
    return CARDS[index_of(_COLOUR_MATE[trump], Rank.JACK)]


def _trump_order(trump: Suit, jokers: int, off_jack: bool, lowest: bool) -> list[int]:
    """The trumps high to low: A K Q J, the jick, the jokers, 10 … 2 (a LOWEST joker last)."""
    ranks = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK]
    order = [index_of(trump, rank) for rank in ranks]
    if off_jack:
        order.append(off_jack_of(trump).index)
    joker_cards = ((), (index_of(None, Rank.JOKER),), (52, 53))[jokers]
    if not lowest:
        order.extend(joker_cards)
    order.extend(index_of(trump, Rank(rank)) for rank in range(10, 1, -1))
    if lowest:
        order.extend(joker_cards)
    return order


@functools.lru_cache(maxsize=64)
def _table(trump: Suit, jokers: int, off_jack: bool, lowest: bool) -> TrumpTable:
    order = _trump_order(trump, jokers, off_jack, lowest)
    trumps = set(order)
    suits = tuple(
        trump if card.index in trumps or card.suit is None else card.suit for card in CARDS
    )
    masks = tuple(
        sum(1 << card.index for card in CARDS if suits[card.index] is suit) for suit in Suit
    )
    strength_of_trump = {index: 200 - place for place, index in enumerate(order)}
    power = tuple(
        tuple(
            strength_of_trump.get(card.index, 0)
            if suits[card.index] is trump
            else card.rank
            if suits[card.index] is led
            else 0
            for card in CARDS
        )
        for led in Suit
    )
    return TrumpTable(trump=trump, suits=suits, masks=masks, power=power, order=tuple(order))


TABLES = tuple(_table(trump, 0, False, False) for trump in Suit)
"""`TABLES[trump]`: the tables of the 52-card pack, for each trump."""


def tables_for(jokers: int, off_jack: bool, lowest_joker: bool) -> tuple[TrumpTable, ...]:
    """The tables of each trump for a card model: how many jokers, whether the jick is a
    trump, whether a lone joker ranks lowest (`Rules.trump_tables` asks this)."""
    return tuple(_table(trump, jokers, off_jack, lowest_joker) for trump in Suit)


def trump_table(trump: Suit, rules: Rules | None = None) -> TrumpTable:
    """The tables for `trump` under `rules`' card model (the 52-card pack without rules).

    Examples:
        >>> from setback import Card, Suit, trump_table
        >>> table = trump_table(Suit.SPADES)
        >>> two, ace = Card.parse("2S"), Card.parse("AH")
        >>> table.strength(two, Suit.HEARTS) > table.strength(ace, Suit.HEARTS)
        True

    Raises:
        TypeError: `trump` is not a `Suit`, or `rules` is not a `Rules` value.
    """
    if type(trump) is not Suit:
        raise kind_error("trump_table", "a trump (Suit)", trump)
    if rules is None:
        return TABLES[trump]
    try:
        return rules.trump_tables[trump]
    except AttributeError:  # no import of rules here (it imports this module): ask, then tell
        raise kind_error("trump_table", "a Rules value or None", rules) from None


def trump_named_by(card: Card) -> Suit:
    """The trump that `card` sets when it is the first lead (or a pitch): its suit; a
    joker makes ♠ trump."""
    return Suit.SPADES if card.suit is None else card.suit


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
