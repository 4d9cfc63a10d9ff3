"""Trick play: which cards are open to the seat to act (the rules of following), why a card
is refused, and the step a play makes (who plays next, the trick's winner, who leads next,
the end of the hand).

Each rule and each transition of trick play has its one home here, as a function of
plain values (bit sets of cards, seats): the checked engine's step (`step_play`, on the
hand core), the playout kernel's trick loop and the solver's search all step by
`after_play`, once a card is played. A card's suit is read from the
`TrumpTable` of the current trump, never from `card.suit`.

"No seat" is None in the functions that build or answer for a core (`next_leader`,
`led_by`, the core's `to_act`) and -1 in `after_play`'s pair, which the bit-set loops
read with `< 0`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TypeVar

from .actions import Action, Play
from .cards import ALL_BUT, CARDS, Card, cards_of, picker
from .options import PlayTrump
from .refusals import MESSAGES, Refusal, placeholders
from .rules import Rules
from .state import (
    GameState,
    Hand,
    HandState,
    Phase,
    Trick,
    core_of,
    with_phase,
    with_trump,
)
from .trumps import TrumpTable, trump_named_by

__all__: list[str] = []

_C = TypeVar("_C")  # a played card: a `Card`, or its index

HAND_TRICKS = 6
"""Tricks in a hand of the six-card game: every player plays his six cards (under trumps
only, a hand lasts until nobody holds a trump)."""

_PLAY = Phase.PLAY
PLAY_OF_CARD: tuple[Play, ...] = tuple(Play(card) for card in CARDS)
"""`PLAY_OF_CARD[index]`: the shared `Play` value of each card."""
plays_of = picker(PLAY_OF_CARD)
"""`plays_of(mask)`: the `Play` values of a bit set of cards, in index order."""


class Narrowed(enum.Enum):
    """Which rule of following narrowed the cards a seat may play; its value is the
    rule's refusal code (its words: `setback.refusals.MESSAGES`, a template of some of
    `{card}`, `{led}` and `{trump}`)."""

    NOTHING = "nothing"
    LEAD_TRUMP = "lead_trump"
    FOLLOW_TRUMP = "follow_trump"
    FOLLOW_OR_TRUMP = "follow_or_trump"
    FOLLOW_SUIT = "follow_suit"
    TRUMPS_ONLY = "trumps_only"
    NO_TRUMP_FIRST_TRICK = "no_trump_first_trick"
    PLAY_CALLED = "play_called"


_NOTHING = Narrowed.NOTHING  # module names: an enum member's lookup costs twice a global's
_LEAD_TRUMP = Narrowed.LEAD_TRUMP
_FOLLOW_TRUMP = Narrowed.FOLLOW_TRUMP
_FOLLOW_OR_TRUMP = Narrowed.FOLLOW_OR_TRUMP
_FOLLOW_SUIT = Narrowed.FOLLOW_SUIT
_TRUMPS_ONLY = Narrowed.TRUMPS_ONLY
_NO_TRUMP_FIRST_TRICK = Narrowed.NO_TRUMP_FIRST_TRICK
_PLAY_CALLED = Narrowed.PLAY_CALLED
_WHEN_VOID = PlayTrump.WHEN_VOID


def open_cards(
    rules: Rules,
    table: TrumpTable | None,
    held: int,
    lead: int,
    first_trick: bool,
    called: int,
) -> tuple[int, Narrowed]:
    """The cards of `held` that may be played (a bit set), and the rule that narrowed
    them, when the card `lead` (an index; -1 when leading) was led under the trump of
    `table` (None before the first lead sets trump), in the hand's first trick or not;
    `called` is the called card of call your partner while a partner holds it (a bit
    set, `HandState.must_play`; 0 without one).

    The one home of the rules of following:
    - under `trumps_only` (`play_trump` `ONLY`), only trumps; and in the first trick the
      holder of the called card (call your partner) must play it;
    - leading, any card, but the pitcher's first lead must be a trump while he holds one
      where `rules.pitcher_leads_trump`;
    - to a trump lead, a trump if you hold one;
    - to another lead, holding the led suit: a card of it or a trump (`play_trump`
      `ANYTIME`: you may trump although you could follow), or a card of it only
      (`WHEN_VOID`: must follow suit);
    - with no trump in the first trick, in trick 1 to a non-trump lead: the led suit if
      you hold it, else a non-trump if you hold one, else a trump;
    - holding none of the led suit, any card.
    """
    if table is None:  # nothing is led yet and the lead will set trump
        return held, _NOTHING
    trumps = held & table.trump_mask
    if rules.trumps_only:
        if called & held and first_trick:  # call your partner: only with trumps only
            return called, _PLAY_CALLED
        return trumps, _TRUMPS_ONLY
    if lead < 0:
        if first_trick and rules.pitcher_leads_trump and trumps:
            return trumps, _LEAD_TRUMP
        return held, _NOTHING
    led = table.suits[lead]
    followers = held & table.masks[led]
    if not followers:
        if first_trick and rules.no_trump_first_trick and led is not table.trump and held & ~trumps:
            return held & ~trumps, _NO_TRUMP_FIRST_TRICK  # void: a non-trump first
        return held, _NOTHING
    if led is table.trump:
        return followers, _FOLLOW_TRUMP
    if first_trick and rules.no_trump_first_trick:
        return followers, _NO_TRUMP_FIRST_TRICK  # follow suit; no trumping
    if rules.play_trump is _WHEN_VOID:
        return followers, _FOLLOW_SUIT  # must follow suit: trump only when void
    return followers | trumps, _FOLLOW_OR_TRUMP


def open_in(rules: Rules, tables: Sequence[TrumpTable], hand: Hand) -> tuple[int, Narrowed]:
    """`open_cards` for the seat to act in the hand core `hand` (no card outside trick
    play)."""
    setup = hand.setup
    if setup.phase is not _PLAY or hand.to_act is None:
        return 0, _NOTHING
    plays = hand.plays
    table = None if setup.trump is None else tables[setup.trump]
    return open_cards(
        rules,
        table,
        hand.held[hand.to_act],
        plays[0][1].index if plays else -1,
        not hand.tricks,
        setup.must_play,
    )


def open_to(state: GameState) -> tuple[int, Narrowed]:
    """`open_cards` for the seat to act in `state`."""
    return open_in(state.standing.rules, state.standing.tables, state.hand)


def next_leader(
    rules: Rules, table: TrumpTable, held: Sequence[int], winner: int, tricks: int
) -> int | None:
    """Who leads after `tricks` tricks, the last won by `winner` (for the first lead: the
    pitcher, with `tricks` 0), or None when the hand is over: the winner leads, and the
    hand ends after six tricks; under `trumps_only`, the first seat from the winner
    clockwise that holds a trump, and the hand ends when nobody does."""
    if not rules.trumps_only:
        return winner if tricks < HAND_TRICKS else None
    trumps = table.trump_mask
    for k in range(rules.players):
        seat = (winner + k) % rules.players
        if held[seat] & trumps:
            return seat
    return None


def after_play(
    rules: Rules,
    table: TrumpTable,
    held: Sequence[int],
    plays: Sequence[tuple[int, _C]],
    tricks: int,
    winner_of: Callable[[TrumpTable, Sequence[tuple[int, _C]]], int],
) -> tuple[int, int]:
    """Trick play's one step, once a card is played: `held` the hands after it (bit sets),
    `plays` the trick with it (`(seat, card)` pairs, the leader first), `tricks` the
    tricks finished before this one, and `winner_of` the rule of who wins a trick of such
    plays under a table (`TrumpTable.winner` for `Card`s, `TrumpTable.winner_of` for
    indices).

    Returns the seat to act next (-1: the hand is over) and the winner of the trick the
    card closed (-1 while the trick goes on). The one home of who plays next to a trick:
    the next seat clockwise, every seat playing once; under `trumps_only`, the next seat
    that has not played and still holds a trump (a seat without one is out). Once nobody
    is left to play, the trick's winner, and the next leader (`next_leader`). The checked
    engine (`step_play`), the playout kernel and the solver's search each step by it."""
    players = rules.players
    last = plays[-1][0]
    if not rules.trumps_only:
        if len(plays) < players:
            return (last + 1) % players, -1
    else:
        trumps = table.trump_mask
        played = [seat for seat, _ in plays]
        for k in range(1, players):
            seat = (last + k) % players
            if held[seat] & trumps and seat not in played:
                return seat, -1
    winner = winner_of(table, plays)
    leader = next_leader(rules, table, held, winner, tricks + 1)
    return (-1 if leader is None else leader), winner


def legal_plays(state: GameState) -> tuple[Action, ...]:
    """The `Play` actions open to the seat to act, by suit then rank."""
    return plays_of(state.playable)


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
    allowed, rule = open_to(state)
    if allowed >> card.index & 1:
        return None
    trump = state.hand_state.trump
    assert trump is not None
    plays = state.plays
    led = state.standing.tables[trump].suit_of(plays[0][1]) if plays else trump
    words = {"card": str(card), "led": led.letter, "trump": trump.letter}
    params: dict[str, object] = {n: words[n] for n in placeholders(MESSAGES[rule.value])}
    if show_hand:
        params["playable"] = [str(c) for c in cards_of(allowed)]
    return Refusal(rule.value, params)


def step_play(rules: Rules, tables: Sequence[TrumpTable], hand: Hand, card: Card) -> Hand:
    """The seat to act plays `card` (the first lead sets trump where no trump is declared):
    trick play's step (`after_play`) gives the next seat to play, or the trick closes and
    the next leader leads (`led_by`), or the hand is over (the core's `to_act` is None)."""
    setup, seat, before, trick, tricks, _ = hand  # the core's fields, read once
    assert seat is not None
    held_list = list(before)
    held_list[seat] &= ALL_BUT[card.index]
    held = tuple(held_list)
    plays = trick + ((seat, card),)  # noqa: RUF005 (one allocation, not three: per card)
    trump = setup.trump
    if trump is None:  # the first card led sets trump
        trump = trump_named_by(card)
        setup = with_trump(setup, trump, _PLAY)
    table = tables[trump]
    to_act, winner = after_play(rules, table, held, plays, len(tricks), TrumpTable.winner)
    if winner < 0:
        playable = open_cards(
            rules, table, held[to_act], plays[0][1].index, not tricks, setup.must_play
        )[0]
        return core_of(Hand, (setup, to_act, held, plays, tricks, playable))
    tricks = (*tricks, Trick(plays[0][0], plays, winner))  # leader, plays, winner (typed)
    return led_by(rules, table, setup, held, tricks, None if to_act < 0 else to_act)


def lead(
    rules: Rules,
    tables: Sequence[TrumpTable],
    setup: HandState,
    held: tuple[int, ...],
    pitcher: int,
) -> Hand:
    """The core when trick play begins (trump just declared, or the discards over): the
    first leader (`next_leader` from the `pitcher`, no trick played) to act, or the hand
    over (`to_act` None) when nobody may lead."""
    trump = setup.trump
    assert trump is not None
    table = tables[trump]
    return led_by(rules, table, setup, held, (), next_leader(rules, table, held, pitcher, 0))


def led_by(
    rules: Rules,
    table: TrumpTable,
    setup: HandState,
    held: tuple[int, ...],
    tricks: tuple[Trick, ...],
    leader: int | None,
) -> Hand:
    """The core in trick play with `tricks` finished and `leader` to lead the next trick
    (None: the hand is over), in the phase of trick play."""
    if setup.phase is not _PLAY:  # trump was just declared, or the discards are over
        setup = with_phase(setup, _PLAY)
    if leader is None:
        return core_of(Hand, (setup, None, held, (), tricks, 0))
    playable = open_cards(rules, table, held[leader], -1, not tricks, setup.must_play)[0]
    return core_of(Hand, (setup, leader, held, (), tricks, playable))
