"""Trick play: which cards may be played (and why not), and what a play changes.

`playable` is the one home of the rules of following: it returns the cards
the seat to act may play together with the rule that narrowed them, so the
legal actions, `is_legal`, `apply_action`'s check and the refusal's words all
come from it. It reads a card's suit and strength from the `TrumpTable` of
the current trump, never from `card.suit`.
"""

from __future__ import annotations

import enum

from .actions import Action, Play
from .cards import CARDS, cards_of, pick
from .dealing import close_hand
from .scoring import score_hand
from .state import GameState, Phase, Trick, advance, with_auction
from .trumps import trump_named_by, trump_table

__all__: list[str] = []

PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
"""`PLAYS[index]`: the shared `Play` value of each card."""


class Narrowed(enum.Enum):
    """Which rule of following narrowed the cards a seat may play; its value is the
    rule in words (a template of `{card}`, `{led}` and `{trump}`)."""

    NOTHING = "any card held may be played"
    LEAD_TRUMP = "the pitcher's first lead must be a trump ({trump}) while he holds one"
    FOLLOW_TRUMP = "trump ({trump}) was led: a player holding a trump must play one"
    FOLLOW_OR_TRUMP = "must follow {led} or trump ({trump}): {card} is neither"
    NO_TRUMP_FIRST_TRICK = (
        "no trump may be played to the first trick unless you must: to a {led} lead, "
        "follow suit, else play a non-trump, and a trump ({trump}) only holding nothing else"
    )


_NOTHING = Narrowed.NOTHING
_LEAD_TRUMP = Narrowed.LEAD_TRUMP
_FOLLOW_TRUMP = Narrowed.FOLLOW_TRUMP
_FOLLOW_OR_TRUMP = Narrowed.FOLLOW_OR_TRUMP
_NO_TRUMP_FIRST_TRICK = Narrowed.NO_TRUMP_FIRST_TRICK


def playable(state: GameState) -> tuple[int, Narrowed]:
    """The cards the seat to act may play (a bit set), and the rule that narrowed them.

    Any card to lead, but the pitcher's first lead must be a trump if he holds
    one where `rules.must_lead_trump`. To a trump lead, a trump if you hold
    one. To another lead, a card of the led suit or a trump if you hold the
    led suit (you may trump although you could follow), else any card. With
    no trump in the first trick, in trick 1 to a non-trump lead: the led suit
    if you hold it, else a non-trump if you hold one, else a trump.
    """
    seat = state.to_act
    trick = state.trick
    assert seat is not None and trick is not None
    held = state.held[seat]
    plays = trick.plays
    trump = state.hand_state.trump
    if not plays:
        if trump is not None and not state.tricks and state.rules.must_lead_trump:
            trumps = held & trump_table(trump).trump_mask
            if trumps:
                return trumps, _LEAD_TRUMP
        return held, _NOTHING
    assert trump is not None
    table = trump_table(trump)
    masks = table.masks
    led = table.suits[plays[0][1].index]
    led_mask = masks[led]
    if led is not trump and not state.tricks and state.rules.no_trump_first_trick:
        narrowed = held & led_mask or held & ~masks[trump]
        return (narrowed, _NO_TRUMP_FIRST_TRICK) if narrowed else (held, _NOTHING)
    if held & led_mask:
        if led is trump:
            return held & led_mask, _FOLLOW_TRUMP
        return held & (led_mask | masks[trump]), _FOLLOW_OR_TRUMP
    return held, _NOTHING


def legal_plays(state: GameState) -> tuple[Action, ...]:
    """The `Play` actions open to the seat to act, by suit then rank."""
    return pick(PLAYS, playable(state)[0])


def play_refusal(state: GameState, action: object, *, show_hand: bool) -> str | None:
    """Why the seat to act may not take `action` in trick play, or None if it may.

    The acting seat's cards are named only with `show_hand` (the caller said
    the action comes from that seat).
    """
    seat = state.to_act
    assert seat is not None
    if not isinstance(action, Play):
        return "the auction is over: play a card"
    card = action.card
    if not state.held[seat] >> card.index & 1:
        return f"seat {seat} does not hold {card.symbol}"
    allowed, rule = playable(state)
    if allowed >> card.index & 1:
        return None
    trump = state.hand_state.trump
    assert trump is not None and state.trick is not None
    plays = state.trick.plays
    led = trump_table(trump).suit_of(plays[0][1]) if plays else trump
    reason = rule.value.format(card=card.symbol, led=led.symbol, trump=trump.symbol)
    if show_hand:
        reason += f"; play one of {' '.join(c.symbol for c in cards_of(allowed))}"
    return reason


def apply_play(state: GameState, action: Play) -> GameState:
    """The seat to act plays a card; closes the trick when everyone has played, and the
    hand after the last trick."""
    rules, hand, trick = state.rules, state.hand_state, state.trick
    seat = state.to_act
    assert seat is not None and trick is not None
    card = action.card
    held = list(state.held)
    held[seat] &= ~(1 << card.index)
    plays = (*trick.plays, (seat, card))
    if hand.trump is None:  # the first card sets trump
        hand = with_auction(hand, hand.bids, hand.contract, hand.pitcher, trump_named_by(card))
    if len(plays) < rules.players:
        return advance(
            state,
            action,
            phase=Phase.PLAY,
            to_act=(seat + 1) % rules.players,
            hand_state=hand,
            held=tuple(held),
            trick=Trick(trick.leader, plays),
            tricks=state.tricks,
        )
    assert hand.trump is not None
    winner = trump_table(hand.trump).winner(plays)
    tricks = (*state.tricks, Trick(trick.leader, plays, winner))
    if len(tricks) < rules.tricks_per_hand:
        return advance(
            state,
            action,
            phase=Phase.PLAY,
            to_act=winner,
            hand_state=hand,
            held=tuple(held),
            trick=Trick(winner),
            tricks=tricks,
        )
    played = [0] * rules.players
    for done in tricks:
        for player, played_card in done.plays:
            played[player] |= 1 << played_card.index
    return close_hand(state, action, score_hand(rules, hand, tricks, tuple(played)))
