"""Trick play: which cards are legal, who wins a trick, and what a play changes.

The engine never reads `card.suit` to decide a rule: it asks `suit_masks`
for the cards of each suit under the current trump and `POWER` for a card's
strength in a trick. The extended forms (Smear's off-jack and jokers) only
need other tables.
"""

from __future__ import annotations

import attrs

from .actions import Action, Play
from .cards import CARDS, SUIT_MASKS, Card, Suit, pick
from .scoring import end_hand, score_hand
from .state import GameState, Phase, Trick, rebuilt_hand

__all__: list[str] = []

PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
"""`PLAYS[index]`: the shared `Play` value of each card."""


def suit_masks(trump: Suit | None) -> tuple[int, ...]:
    """The cards that count as each suit when `trump` is trump (bit sets, by suit)."""
    return SUIT_MASKS


def _power_table(trump: Suit, led: Suit) -> tuple[int, ...]:
    """Each card's strength in a trick: trumps beat the led suit, which beats the rest (0)."""
    return tuple(
        100 + card.rank if card.suit is trump else card.rank if card.suit is led else 0
        for card in CARDS
    )


POWER: tuple[tuple[int, ...], ...] = tuple(
    _power_table(trump, led) for trump in Suit for led in Suit
)
"""`POWER[trump * 4 + led][index]`: a card's strength in a trick; the strongest wins."""


def trick_winner(plays: tuple[tuple[int, Card], ...], trump: Suit) -> int:
    """The seat that wins a trick: the highest trump, else the highest card of the led suit."""
    power = POWER[trump * 4 + plays[0][1].suit]
    best_seat, best = plays[0][0], -1
    for seat, card in plays:
        strength = power[card.index]
        if strength > best:
            best_seat, best = seat, strength
    return best_seat


def legal_cards(state: GameState) -> int:
    """The cards the seat to act may play, as a bit set.

    Any card to lead (but the pitcher's first lead must be a trump if he holds
    one where `rules.must_lead_trump`). To a trump lead, a trump if you hold
    one. To another lead, a card of the led suit or a trump if you hold the
    led suit (you may trump although you could follow), else any card. With
    no trump in the first trick, in trick 1 to a non-trump lead: the led suit
    if you hold it, else a non-trump if you hold one, else a trump.
    """
    seat = state.to_act
    assert seat is not None and state.trick is not None
    held = state.held[seat]
    plays = state.trick.plays
    trump = state.hand.trump
    if not plays:
        if trump is not None and not state.tricks and state.rules.must_lead_trump:
            return held & SUIT_MASKS[trump] or held
        return held
    assert trump is not None
    masks = suit_masks(trump)
    led = plays[0][1].suit
    led_mask = masks[led]
    if led is not trump and not state.tricks and state.rules.no_trump_first_trick:
        return held & led_mask or held & ~masks[trump] or held
    if held & led_mask:
        return held & led_mask if led is trump else held & (led_mask | masks[trump])
    return held


def legal_plays(state: GameState) -> tuple[Action, ...]:
    """The `Play` actions open to the seat to act, by suit then rank."""
    return pick(PLAYS, legal_cards(state))


def apply_play(state: GameState, action: Play) -> GameState:
    """The seat to act plays a card; closes the trick when everyone has played."""
    rules, hand, trick = state.rules, state.hand, state.trick
    seat = state.to_act
    assert seat is not None and trick is not None
    card = action.card
    held = list(state.held)
    held[seat] &= ~(1 << card.index)
    plays = (*trick.plays, (seat, card))
    if hand.trump is None:  # the first card sets trump
        hand = rebuilt_hand(hand, hand.bids, hand.high, hand.bidder, card.suit)
    if len(plays) < rules.players:
        # The hot path: positional arguments in GameState's field order (rules, origin,
        # phase, to_act, scores, history, winner, hand, held, trick, tricks) are a
        # quarter faster than keywords.
        return GameState(
            rules,
            state.origin,
            Phase.PLAY,
            (seat + 1) % rules.players,
            state.scores,
            state.history,
            None,
            hand,
            tuple(held),
            Trick(trick.leader, plays),
            state.tricks,
        )
    assert hand.trump is not None
    winner = trick_winner(plays, hand.trump)
    tricks = (*state.tricks, Trick(trick.leader, plays, winner))
    if len(tricks) < rules.tricks_per_hand:
        return GameState(
            rules,
            state.origin,
            Phase.PLAY,
            winner,
            state.scores,
            state.history,
            None,
            hand,
            tuple(held),
            Trick(winner),
            tricks,
        )
    done = attrs.evolve(state, hand=hand, held=tuple(held))
    return end_hand(done, score_hand(done, tricks), (hand.dealer + 1) % rules.players)
