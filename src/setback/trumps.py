"""Cards under a trump: each card's suit for following, its strength, the trick winner.

Every rule of trick play, scoring and the bots asks a `TrumpTable`, never
`card.suit` directly: which cards count as each suit, how strong a card is
in a trick, who wins it. Another card model (the extended forms' off-jack
and jokers) changes these tables and nothing else.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from .cards import CARDS, Card, Rank, Suit, index_of

__all__ = ["TrumpTable", "off_card_of", "off_jack_of"]


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
    trump_mask: int = attrs.field(
        init=False, default=attrs.Factory(lambda table: table.masks[table.trump], takes_self=True)
    )
    """The trumps, as a bit set (`masks[trump]`)."""

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
        return self.winner_of([(seat, card.index) for seat, card in plays])

    def winner_of(self, plays: Sequence[tuple[int, int]]) -> int:
        """`winner` of `(seat, card index)` plays: the one home of who wins a trick (the
        checked engine and the playout kernel both ask it)."""
        power = self.power[self.suits[plays[0][1]]]
        best_seat, best = plays[0][0], -1
        for seat, index in plays:
            strength = power[index]
            if strength > best:
                best_seat, best = seat, strength
        return best_seat


_COLOUR_MATE = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


def off_card_of(trump: Suit, rank: Rank) -> Card:
    """The card of `rank` in the other suit of trump's colour (♣ for ♠, ♦ for ♥): the jick
    (`Rank.JACK`), the off-ace, the off-five (Cinch's left pedro), the off-three."""
    return CARDS[index_of(_COLOUR_MATE[trump], rank)]


def off_jack_of(trump: Suit) -> Card:
    """The jick: the jack of the other suit of trump's colour (J♣ for ♠, J♦ for ♥)."""
    return off_card_of(trump, Rank.JACK)


@attrs.frozen
class CardModel:
    """Which cards join the trumps and where a lone joker ranks: what a `TrumpTable`
    depends on besides the trump (`Rules.card_model` builds it from the options)."""

    jokers: int = 0
    """Jokers in the pack: 0, 1 or 2."""
    off_jack: bool = False
    """The jick is a trump, below the jack."""
    lowest_joker: bool = False
    """A lone joker ranks below the 2 (`JokerRank.LOWEST`)."""
    off_ace: bool = False
    """The off-ace is a trump, below the ace."""
    off_five: bool = False
    """The off-five is a trump, below the 5."""
    off_three: bool = False
    """The off-three is a trump, below the 3."""


def _trump_order(trump: Suit, model: CardModel) -> list[int]:
    """The trumps high to low: A, off-ace, K, Q, J, jick, the jokers
    (`BELOW_JACKS`), 10 … 5, off-five, 4, 3, off-three, 2, a `LOWEST` joker last; only the
    cards the model has."""

    def own(rank: int) -> int:
        return index_of(trump, Rank(rank))

    def off(rank: Rank) -> int:
        return off_card_of(trump, rank).index

    joker_cards = ((), (index_of(None, Rank.JOKER),), (52, 53))[model.jokers]
    order = [own(Rank.ACE)]
    if model.off_ace:
        order.append(off(Rank.ACE))
    order.extend(own(rank) for rank in (Rank.KING, Rank.QUEEN, Rank.JACK))
    if model.off_jack:
        order.append(off(Rank.JACK))
    if not model.lowest_joker:
        order.extend(joker_cards)
    order.extend(own(rank) for rank in range(10, 4, -1))
    if model.off_five:
        order.append(off(Rank.FIVE))
    order.extend((own(4), own(3)))
    if model.off_three:
        order.append(off(Rank.THREE))
    order.append(own(2))
    if model.lowest_joker:
        order.extend(joker_cards)
    return order


@functools.lru_cache(maxsize=64)
def _table(trump: Suit, model: CardModel) -> TrumpTable:
    order = _trump_order(trump, model)
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


TABLES = tuple(_table(trump, CardModel()) for trump in Suit)
"""`TABLES[trump]`: the tables of the 52-card pack, for each trump."""


def tables_for(model: CardModel) -> tuple[TrumpTable, ...]:
    """The tables of each trump for a card model: how many jokers, which off cards are
    trumps, whether a lone joker ranks lowest (`tables.trump_tables` asks this for a
    `Rules` value)."""
    return tuple(_table(trump, model) for trump in Suit)


def trump_named_by(card: Card) -> Suit:
    """The trump that `card` sets when it is the first lead (or a pitch): its suit; a
    joker makes ♠ trump."""
    return Suit.SPADES if card.suit is None else card.suit
