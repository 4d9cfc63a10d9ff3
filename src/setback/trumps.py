"""Cards under a trump: each card's suit for following, its strength, the trick winner.

Every rule of trick play, scoring and the bots asks a `TrumpTable`, never
`card.suit` directly: which cards count as each suit, how strong a card is
in a trick, who wins it. Another card model (the extended forms' off-jack
and jokers) changes these tables and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .cards import CARDS, Card, Suit

__all__ = ["TrumpTable", "trick_winner", "trump_table"]


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


def _table(trump: Suit) -> TrumpTable:
    suits = tuple(card.suit for card in CARDS)
    masks = tuple(
        sum(1 << card.index for card in CARDS if suits[card.index] is suit) for suit in Suit
    )
    power = tuple(
        tuple(
            100 + card.rank
            if suits[card.index] is trump
            else card.rank
            if suits[card.index] is led
            else 0
            for card in CARDS
        )
        for led in Suit
    )
    return TrumpTable(trump=trump, suits=suits, masks=masks, power=power)


TABLES = tuple(_table(trump) for trump in Suit)
"""`TABLES[trump]`: the table of each trump (what `trump_table` returns)."""


def trump_table(trump: Suit) -> TrumpTable:
    """The tables for `trump` (built once and shared).

    Examples:
        >>> from setback import Card, Suit, trump_table
        >>> table = trump_table(Suit.SPADES)
        >>> two, ace = Card.parse("2S"), Card.parse("AH")
        >>> table.strength(two, Suit.HEARTS) > table.strength(ace, Suit.HEARTS)
        True
    """
    return TABLES[trump]


def trump_named_by(card: Card) -> Suit:
    """The trump that `card` sets when it is the first lead (or a pitch): its suit."""
    return card.suit


def trick_winner(plays: Sequence[tuple[int, Card]], trump: Suit) -> int:
    """The seat that wins a trick of `(seat, card)` plays with `trump` as trump.

    Args:
        plays: the trick's plays in order, the lead first.
        trump: the trump suit.

    Returns:
        The winning seat: the highest trump, else the highest card of the suit led.

    Examples:
        >>> from setback import Card, Suit
        >>> trick_winner([(0, Card.parse("KH")), (1, Card.parse("2S"))], Suit.SPADES)
        1
    """
    return TABLES[trump].winner(plays)
