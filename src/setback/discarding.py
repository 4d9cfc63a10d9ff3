"""Declared trump, discards and the draw: what happens between the auction and the lead:
what is open (and why not), and what each action changes.

Only where the pitcher names trump (the draw, no trump in the first trick, a
deal above six: the six-player discard, Smear's discard to six, Ten-point's
draw back and face-up discard).
"""

from __future__ import annotations

import functools
from itertools import combinations

import attrs

from .actions import Action, DeclareTrump, Discard
from .cards import BIT, Rank, Suit, cards_of, index_of, mask_of, pick
from .options import KeepSix
from .play import end_without_tricks, first_with_trump
from .refusals import Refusal
from .rules import Rules
from .state import GameState, HandState, Phase, advance

__all__: list[str] = []

DECLARATIONS: tuple[Action, ...] = tuple(DeclareTrump(suit) for suit in Suit)


def legal_declarations(state: GameState) -> tuple[Action, ...]:
    """Any suit may be named trump, even one nobody holds."""
    return DECLARATIONS


def declaration_refusal(state: GameState, action: object, *, show_hand: bool) -> Refusal | None:
    """Why the pitcher may not take `action` now, or None if he may: only naming trump is
    open, and any suit may be named."""
    if isinstance(action, DeclareTrump):
        return None
    return Refusal("name_trump")


def apply_declaration(state: GameState, action: DeclareTrump) -> GameState:
    """The pitcher names trump; then everyone discards (the draw back happens at once),
    or the pitcher leads."""
    rules, hand = state.rules, state.hand_state
    hand = attrs.evolve(hand, trump=action.suit, discarded=(0,) * rules.players)
    if rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK:
        hand, held = _draw_back(rules, hand, state.held)
        return _face_up_turn(state, action, hand, held, 0)
    if rules.discard_count or rules.draw:
        return _discard_turn(state, action, hand, state.held, (hand.dealer + 1) % rules.players)
    return _lead(state, action, hand, state.held)


def _draw_back(
    rules: Rules, hand: HandState, held: tuple[int, ...]
) -> tuple[HandState, tuple[int, ...]]:
    """Ten-point Pitch's draw back: eldest first, everyone but the pitcher discards every
    non-trump face down and draws from the stock to six; the pitcher takes the rest of the
    stock and discards every non-trump."""
    assert hand.trump is not None and hand.pitcher is not None
    trumps = rules.trump_tables[hand.trump].trump_mask
    cards, stock, discarded = list(held), list(hand.stock), list(hand.discarded)
    for k in range(1, rules.players + 1):
        seat = (hand.dealer + k) % rules.players
        if seat == hand.pitcher:
            continue
        discarded[seat] = cards[seat] & ~trumps
        cards[seat] &= trumps
        while cards[seat].bit_count() < 6 and stock:
            cards[seat] |= 1 << stock.pop(0)
    for index in stock:
        cards[hand.pitcher] |= 1 << index
    discarded[hand.pitcher] = cards[hand.pitcher] & ~trumps
    cards[hand.pitcher] &= trumps
    hand = attrs.evolve(hand, stock=(), discarded=tuple(discarded))
    return hand, tuple(cards)


def excess_trumps(rules: Rules, trump: Suit, held: int) -> tuple[int, int]:
    """Ten-point Pitch's face-up discard: the trumps a hand of more than six may discard
    face up (a bit set: its trumps that are no point card) and how many it must, to come
    down to six or to point cards only. Point cards: the A and 2 of trumps and every card a
    point names."""
    table = rules.trump_tables[trump]
    points = 1 << index_of(trump, Rank.ACE) | 1 << index_of(trump, Rank.TWO)
    for point in rules.points:
        card = point.card(trump)
        if card is not None:
            points |= 1 << card
    free = held & table.trump_mask & ~points
    return free, min(max(held.bit_count() - 6, 0), free.bit_count())


def discardable(state: GameState) -> tuple[int, int, int]:
    """The cards the seat to act may discard (a bit set), and how few and how many:
    `discard_bounds` asked with the state's hand, trump and stock."""
    hand = state.hand_state
    assert state.to_act is not None and hand.trump is not None
    return discard_bounds(state.rules, hand.trump, state.held[state.to_act], len(hand.stock))


def discard_bounds(rules: Rules, trump: Suit, held: int, stock: int) -> tuple[int, int, int]:
    """The cards of `held` that may be discarded (a bit set), and how few and how many,
    with `stock` cards left to draw.

    A deal above six: exactly the cards above six (`KeepSix.FREE_DISCARD`: any;
    `NON_TRUMPS_FIRST`: a trump only with every non-trump, see `discard_refusal`;
    `DRAW_BACK`: the face-up discard of excess non-point trumps). The draw: any
    number of non-trumps, at most as many as the stock can refill. The one home of
    these bounds: the checked engine and the playout kernel both ask it.
    """
    if rules.deal > 6:
        if rules.keep_six is KeepSix.DRAW_BACK:
            free, count = excess_trumps(rules, trump, held)
            return free, count, count
        count = held.bit_count() - 6
        return held, count, count
    free = held & ~rules.trump_tables[trump].trump_mask
    return free, 0, min(free.bit_count(), stock)


def legal_discards(state: GameState) -> tuple[Action, ...]:
    """Every discard open to the seat to act, fewest cards first, then by card order."""
    cards, fewest, most = discardable(state)
    rules, hand = state.rules, state.hand_state
    if rules.deal > 6 and rules.keep_six is KeepSix.NON_TRUMPS_FIRST:
        assert hand.trump is not None
        trumps = rules.trump_tables[hand.trump].trump_mask
        others = pick(BIT, cards & ~trumps)  # one bit set per card: a choice is their sum
        if len(others) >= fewest:
            return tuple(map(_discard, map(sum, combinations(others, fewest))))
        rest, all_others = fewest - len(others), cards & ~trumps
        return tuple(
            _discard(all_others | sum(chosen))
            for chosen in combinations(pick(BIT, cards & trumps), rest)
        )
    pool = pick(BIT, cards)
    return tuple(
        _discard(sum(chosen))
        for size in range(fewest, most + 1)
        for chosen in combinations(pool, size)
    )


@functools.lru_cache(maxsize=4096)
def _discard(cards: int) -> Discard:
    """The shared `Discard` of a set of cards (a bit set)."""
    return Discard(cards_of(cards))


def discard_refusal(state: GameState, action: object, *, show_hand: bool) -> Refusal | None:
    """Why the seat to act may not make `action` now, or None if it may."""
    if not isinstance(action, Discard):
        return Refusal("discard_now")
    rules, hand = state.rules, state.hand_state
    seat = state.to_act
    assert seat is not None and hand.trump is not None
    missing = [str(card) for card in action.cards if not state.held[seat] >> card.index & 1]
    if missing:
        return Refusal("not_held", {"seat": seat, "cards": missing})
    allowed, fewest, most = discardable(state)
    face_up = rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK
    if any(not allowed >> card.index & 1 for card in action.cards):
        if face_up:
            return Refusal("face_up_point_trump")
        return Refusal("trump_in_draw")
    if not fewest <= len(action.cards) <= most:
        if face_up:
            return Refusal("face_up_count", {"count": fewest})
        if fewest == most:
            return Refusal("discard_count", {"count": fewest})
        return Refusal("stock_short", {"count": most})
    if rules.deal > 6 and rules.keep_six is KeepSix.NON_TRUMPS_FIRST:
        trumps = rules.trump_tables[hand.trump].trump_mask
        thrown, others = mask_of(action.cards), state.held[seat] & ~trumps
        if thrown & trumps and others & ~thrown:
            return Refusal("non_trumps_first")
    return None


def apply_discard(state: GameState, action: Discard) -> GameState:
    """The seat to act discards (face up in the draw back's last step, else face down,
    drawing as many from the stock in the draw variant); after the last, play begins."""
    rules, hand = state.rules, state.hand_state
    seat = state.to_act
    assert seat is not None
    thrown = mask_of(action.cards)
    held = list(state.held)
    held[seat] &= ~thrown
    if rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK:
        face_up = list(hand.face_up or (0,) * rules.players)
        face_up[seat] = thrown
        hand = attrs.evolve(hand, face_up=tuple(face_up))
        order = _discard_order(hand.dealer, rules.players)
        return _face_up_turn(state, action, hand, tuple(held), order.index(seat) + 1)
    stock = hand.stock
    if rules.draw:
        count = len(action.cards)
        for index in stock[:count]:
            held[seat] |= 1 << index
        stock = stock[count:]
    discarded = list(hand.discarded)
    discarded[seat] = thrown
    hand = attrs.evolve(hand, stock=stock, discarded=tuple(discarded))
    if seat == hand.dealer:
        return _lead(state, action, hand, tuple(held))
    return _discard_turn(state, action, hand, tuple(held), (seat + 1) % rules.players)


def _discard_turn(
    state: GameState, action: Action, hand: HandState, held: tuple[int, ...], seat: int
) -> GameState:
    return advance(
        state,
        action,
        phase=Phase.DISCARD,
        to_act=seat,
        hand_state=hand,
        held=held,
        plays=(),
        tricks=(),
    )


def _face_up_turn(
    state: GameState, action: Action, hand: HandState, held: tuple[int, ...], start: int
) -> GameState:
    """The first seat from place `start` of the order (eldest first, dealer last) that must
    discard face up and has a choice; forced discards happen on the way. None: play."""
    rules, trump = state.rules, hand.trump
    assert trump is not None
    cards, face_up = list(held), list(hand.face_up or (0,) * rules.players)
    for seat in _discard_order(hand.dealer, rules.players)[start:]:
        free, count = excess_trumps(rules, trump, cards[seat])
        if not count:
            continue
        if free.bit_count() > count:
            hand = attrs.evolve(hand, face_up=tuple(face_up))
            return _discard_turn(state, action, hand, tuple(cards), seat)
        face_up[seat], cards[seat] = free, cards[seat] & ~free
    if any(face_up):
        hand = attrs.evolve(hand, face_up=tuple(face_up))
    return _lead(state, action, hand, tuple(cards))


def _discard_order(dealer: int, players: int) -> list[int]:
    """The seats in discarding order: eldest first, dealer last."""
    return [(dealer + k) % players for k in range(1, players + 1)]


def _lead(state: GameState, action: Action, hand: HandState, held: tuple[int, ...]) -> GameState:
    """Play begins: the pitcher leads (under `trumps_only`, the first seat from him that
    holds a trump; if nobody does, the hand ends at once)."""
    pitcher = hand.pitcher
    assert pitcher is not None
    leader = pitcher
    if state.rules.trumps_only:
        assert hand.trump is not None
        first = first_with_trump(state.rules, hand.trump, held, pitcher)
        if first is None:
            return end_without_tricks(state, action, hand, held)
        leader = first
    return advance(
        state,
        action,
        phase=Phase.PLAY,
        to_act=leader,
        hand_state=hand,
        held=held,
        plays=(),
        tricks=(),
    )
