"""Declared trump, discards and the draw: what happens between the auction and the lead:
what is open (and why not), and what each action changes.

Only in the variants where the pitcher names trump (draw, no trump in the
first trick, six players).
"""

from __future__ import annotations

import functools
from itertools import combinations

import attrs

from .actions import Action, DeclareTrump, Discard
from .cards import CARDS, Suit, cards_of, mask_of
from .state import GameState, Phase, advance
from .trumps import trump_table

__all__: list[str] = []

DECLARATIONS: tuple[Action, ...] = tuple(DeclareTrump(suit) for suit in Suit)


def legal_declarations(state: GameState) -> tuple[Action, ...]:
    """Any suit may be named trump, even one nobody holds."""
    return DECLARATIONS


def declaration_refusal(state: GameState, action: object, *, show_hand: bool) -> str | None:
    """Why the pitcher may not take `action` now, or None if he may: only naming trump is
    open, and any suit may be named."""
    if isinstance(action, DeclareTrump):
        return None
    return "the pitcher must first name trump (e.g. 'trump S')"


def apply_declaration(state: GameState, action: DeclareTrump) -> GameState:
    """The pitcher names trump; then everyone discards, or the pitcher leads."""
    rules, hand = state.rules, state.hand_state
    hand = attrs.evolve(hand, trump=action.suit, discarded=(0,) * rules.players)
    assert hand.pitcher is not None
    if rules.discard_count or rules.draw:
        phase, to_act, leader = Phase.DISCARD, (hand.dealer + 1) % rules.players, None
    else:
        phase, to_act, leader = Phase.PLAY, hand.pitcher, hand.pitcher
    return advance(
        state,
        action,
        phase=phase,
        to_act=to_act,
        hand_state=hand,
        held=state.held,
        leader=leader,
        plays=(),
        tricks=(),
    )


def discardable(state: GameState) -> tuple[int, int, int]:
    """The cards the seat to act may discard (a bit set), and how few and how many.

    Six players: exactly `rules.discard_count` cards, trumps allowed. Draw: any
    number of non-trumps, at most as many as the stock can refill.
    """
    rules, hand = state.rules, state.hand_state
    assert state.to_act is not None and hand.trump is not None
    held = state.held[state.to_act]
    if rules.discard_count:
        return held, rules.discard_count, rules.discard_count
    free = held & ~trump_table(hand.trump).trump_mask
    return free, 0, min(free.bit_count(), len(hand.stock))


def legal_discards(state: GameState) -> tuple[Action, ...]:
    """Every discard open to the seat to act, fewest cards first, then by card order."""
    cards, fewest, most = discardable(state)
    pool = cards_of(cards)
    return tuple(
        _discard(mask_of(chosen))
        for size in range(fewest, most + 1)
        for chosen in combinations(pool, size)
    )


@functools.lru_cache(maxsize=4096)
def _discard(cards: int) -> Discard:
    """The shared `Discard` of a set of cards (a bit set)."""
    return Discard(cards_of(cards))


def discard_refusal(state: GameState, action: object, *, show_hand: bool) -> str | None:
    """Why the seat to act may not make `action` now, or None if it may."""
    if not isinstance(action, Discard):
        return "everyone discards before play: e.g. 'discard 2C 7D' (or 'discard' for none)"
    seat = state.to_act
    assert seat is not None
    missing = [card.symbol for card in action.cards if not state.held[seat] >> card.index & 1]
    if missing:
        return f"seat {seat} does not hold {' '.join(missing)}"
    allowed, fewest, most = discardable(state)
    if any(not allowed >> card.index & 1 for card in action.cards):
        return "trumps may not be discarded in the draw"
    if fewest <= len(action.cards) <= most:
        return None
    if fewest == most:
        return f"every player discards exactly {fewest} cards"
    return f"the stock can refill only {most} cards"


def apply_discard(state: GameState, action: Discard) -> GameState:
    """The seat to act discards face down, and with the draw variant draws as many from
    the front of the stock; after the dealer, the pitcher leads."""
    rules, hand = state.rules, state.hand_state
    seat, pitcher = state.to_act, hand.pitcher
    assert seat is not None and pitcher is not None
    thrown = mask_of(action.cards)
    held = list(state.held)
    held[seat] &= ~thrown
    stock = hand.stock
    if rules.draw:
        count = len(action.cards)
        held[seat] |= mask_of(CARDS[i] for i in stock[:count])
        stock = stock[count:]
    discarded = list(hand.discarded)
    discarded[seat] = thrown
    hand = attrs.evolve(hand, stock=stock, discarded=tuple(discarded))
    if seat == hand.dealer:
        phase, to_act, leader = Phase.PLAY, pitcher, pitcher
    else:
        phase, to_act, leader = Phase.DISCARD, (seat + 1) % rules.players, None
    return advance(
        state,
        action,
        phase=phase,
        to_act=to_act,
        hand_state=hand,
        held=tuple(held),
        leader=leader,
        plays=(),
        tricks=(),
    )
