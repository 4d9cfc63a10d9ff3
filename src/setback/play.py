"""Trick play: the legal plays, why a card may not be played, and what a play changes.

Which cards may be played is decided in one place, `following.playable`; a
state holds its answer as `GameState.playable`, and the refusal's words come
from the rule the same call names.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Play
from .cards import ALL_BUT, BIT, CARDS, Suit, cards_of, picker
from .dealing import close_hand
from .refusals import MESSAGES, Refusal, placeholders
from .rules import Rules
from .scoring import score_hand
from .state import GameState, HandState, Phase, Trick, advance, with_auction
from .trumps import trump_named_by

__all__: list[str] = []

_PLAY = Phase.PLAY
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
"""`PLAYS[index]`: the shared `Play` value of each card."""
plays_of = picker(PLAYS)
"""`plays_of(mask)`: the `Play` values of a bit set of cards, in index order."""


def legal_plays(state: GameState) -> tuple[Action, ...]:
    """The `Play` actions open to the seat to act, by suit then rank."""
    return plays_of(state.playable[0])


def play_refusal(state: GameState, action: object, *, show_hand: bool) -> Refusal | None:
    """Why the seat to act may not take `action` in trick play, or None if it may.

    The acting seat's cards are named only with `show_hand` (the caller said
    the action comes from that seat).
    """
    seat = state.to_act
    assert seat is not None
    if not isinstance(action, Play):
        return Refusal("play_a_card")
    card = action.card
    if not state.held[seat] >> card.index & 1:
        return Refusal("not_held", {"seat": seat, "cards": [str(card)]})
    allowed, rule = state.playable
    if allowed >> card.index & 1:
        return None
    trump = state.hand_state.trump
    assert trump is not None
    plays = state.plays
    led = state.rules.trump_tables[trump].suit_of(plays[0][1]) if plays else trump
    words = {"card": str(card), "led": led.letter, "trump": trump.letter}
    params: dict[str, object] = {n: words[n] for n in placeholders(MESSAGES[rule.value])}
    if show_hand:
        params["playable"] = [str(c) for c in cards_of(allowed)]
    return Refusal(rule.value, params)


def apply_play(state: GameState, action: Play) -> GameState:
    """The seat to act plays a card; closes the trick when everyone has played, and the
    hand after the last trick."""
    rules, hand = state.standing.rules, state.hand_state
    if rules.trumps_only:
        return _apply_trumps_only(state, action)
    seat = state.to_act
    assert seat is not None
    card = action.card
    held = list(state.held)
    held[seat] &= ALL_BUT[card.index]
    plays = state.plays + ((seat, card),)  # noqa: RUF005 (one allocation, not three: per step)
    if hand.trump is None:  # the first card sets trump
        trump = trump_named_by(card)
        hand = with_auction(hand, hand.bids, hand.contract, hand.pitcher, trump, _PLAY)
    if len(plays) < rules.players:  # `advance`, inlined: the most common step of all
        return GameState(
            state.standing,
            (seat + 1) % rules.players,
            hand,
            tuple(held),
            plays,
            state.tricks,
            state.hand_log + (action,),  # noqa: RUF005 (one allocation, not three)
        )
    assert hand.trump is not None
    winner = rules.trump_tables[hand.trump].winner(plays)
    tricks = (*state.tricks, Trick(plays[0][0], plays, winner))  # led by its first player
    if len(tricks) < rules.tricks_per_hand:  # `advance`, inlined too: the winner leads
        return GameState(
            state.standing,
            winner,
            hand,
            tuple(held),
            (),
            tricks,
            state.hand_log + (action,),  # noqa: RUF005 (one allocation, not three)
        )
    return _close(state, action, hand, tuple(held), tricks)


def _close(
    state: GameState,
    action: Action,
    hand: HandState,
    held: tuple[int, ...],
    tricks: tuple[Trick, ...],
) -> GameState:
    """Score the hand whose last trick was just played; `held` are the cards left in hand
    (dead cards, under `trumps_only`)."""
    played = list(held)
    for done in tricks:
        for player, played_card in done.plays:
            played[player] |= BIT[played_card.index]
    result = score_hand(state.rules, hand, tricks, tuple(played))
    return close_hand(state, action, result)


def first_with_trump(rules: Rules, trump: Suit, held: Sequence[int], start: int) -> int | None:
    """The first seat from `start` clockwise that holds a trump (`trumps_only`), or None."""
    trumps = rules.trump_tables[trump].trump_mask
    for k in range(rules.players):
        seat = (start + k) % rules.players
        if held[seat] & trumps:
            return seat
    return None


def end_without_tricks(
    state: GameState, action: Action, hand: HandState, held: tuple[int, ...]
) -> GameState:
    """Nobody holds a trump when play should begin (`trumps_only`): the hand ends with no
    trick."""
    return _close(state, action, hand, held, ())


def _apply_trumps_only(state: GameState, action: Play) -> GameState:
    """A play when only trumps are played (Ten-point Pitch). The next to play is the next seat
    still in that has not played to the trick; a trick ends when no such seat is left, and
    its winner (or the next seat from him holding a trump) leads; the hand ends when
    nobody holds a trump."""
    rules, hand, leader = state.rules, state.hand_state, state.leader
    seat = state.to_act
    assert seat is not None and leader is not None and hand.trump is not None
    card = action.card
    held_list = list(state.held)
    held_list[seat] &= ALL_BUT[card.index]
    held = tuple(held_list)
    plays = (*state.plays, (seat, card))
    trumps = rules.trump_tables[hand.trump].trump_mask
    done = {player for player, _ in plays}
    for k in range(1, rules.players):
        following = (seat + k) % rules.players
        if following not in done and held[following] & trumps:
            return advance(state, action, _PLAY, following, hand, held, plays, state.tricks)
    winner = rules.trump_tables[hand.trump].winner(plays)
    tricks = (*state.tricks, Trick(leader, plays, winner))
    next_leader = first_with_trump(rules, hand.trump, held, winner)
    if next_leader is None:
        return _close(state, action, hand, held, tricks)
    return advance(state, action, _PLAY, next_leader, hand, held, (), tricks)
