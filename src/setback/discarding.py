"""Declared trump, discards and the draw: what happens between the auction and the lead.

Only in the variants where the pitcher names trump (draw, no trump in the
first trick, six players).
"""

from __future__ import annotations

from itertools import combinations

import attrs

from .actions import Action, DeclareTrump, Discard
from .cards import CARDS, SUIT_MASKS, Card, Suit, cards_of, mask_of
from .state import GameState, Phase, Trick

__all__: list[str] = []

DECLARATIONS: tuple[Action, ...] = tuple(DeclareTrump(suit) for suit in Suit)


def legal_declarations(state: GameState) -> tuple[Action, ...]:
    """Any suit may be named trump, even one nobody holds."""
    return DECLARATIONS


def apply_declaration(state: GameState, action: DeclareTrump) -> GameState:
    """The pitcher names trump; then everyone discards, or the pitcher leads."""
    rules, hand = state.rules, state.hand
    hand = attrs.evolve(hand, trump=action.suit, discards=(0,) * rules.players)
    if rules.discards or rules.draw:
        phase, to_act, trick = Phase.DISCARD, (hand.dealer + 1) % rules.players, None
    else:
        assert hand.bidder is not None
        phase, to_act, trick = Phase.PLAY, hand.bidder, Trick(hand.bidder)
    return attrs.evolve(state, phase=phase, to_act=to_act, hand=hand, trick=trick)


def discardable(state: GameState) -> tuple[int, int, int]:
    """The cards the seat to act may discard (a bit set) and how few and how many."""
    rules, hand = state.rules, state.hand
    assert state.to_act is not None and hand.trump is not None
    held = state.held[state.to_act]
    if rules.discards:
        return held, rules.discards, rules.discards
    free = held & ~SUIT_MASKS[hand.trump]
    return free, 0, min(free.bit_count(), len(hand.stock))


def legal_discards(state: GameState) -> tuple[Action, ...]:
    """Every discard open to the seat to act, fewest cards first, then by card order.

    Six players: exactly two cards, trumps allowed. Draw: any number of
    non-trumps, at most as many as the stock can refill.
    """
    cards, fewest, most = discardable(state)
    pool = cards_of(cards)
    return tuple(
        _discard(chosen) for size in range(fewest, most + 1) for chosen in combinations(pool, size)
    )


def _discard(cards: tuple[Card, ...]) -> Discard:
    """A `Discard` of cards already sorted and distinct, without the converter's checks."""
    action = object.__new__(Discard)
    object.__setattr__(action, "cards", cards)
    return action


def apply_discard(state: GameState, action: Discard) -> GameState:
    """The seat to act discards face down, and with the draw variant draws as many from
    the front of the stock; after the dealer, the pitcher leads."""
    rules, hand = state.rules, state.hand
    seat = state.to_act
    assert seat is not None and hand.bidder is not None
    thrown = mask_of(action.cards)
    held = list(state.held)
    held[seat] &= ~thrown
    stock = hand.stock
    if rules.draw:
        count = len(action.cards)
        held[seat] |= mask_of(CARDS[i] for i in stock[:count])
        stock = stock[count:]
    discards = list(hand.discards)
    discards[seat] = thrown
    hand = attrs.evolve(hand, stock=stock, discards=tuple(discards))
    pitcher = hand.bidder
    assert pitcher is not None
    if seat == hand.dealer:
        phase, to_act, trick = Phase.PLAY, pitcher, Trick(pitcher)
    else:
        phase, to_act, trick = Phase.DISCARD, (seat + 1) % rules.players, None
    return attrs.evolve(state, phase=phase, to_act=to_act, hand=hand, held=tuple(held), trick=trick)
