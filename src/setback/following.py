"""The rules of following: which cards the seat to act may play, and which rule says so.

`playable` is their one home. `GameState.playable` holds its answer for
every state (so `legal_actions` and `apply_action` read it without asking
twice), and the refusal's words come from the `Narrowed` rule it names. It
reads a card's suit from the `TrumpTable` of the current trump, never from
`card.suit`.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from .phase import Phase

if TYPE_CHECKING:
    from .cards import Suit
    from .rules import Rules
    from .state import GameState
    from .trumps import TrumpTable

__all__: list[str] = []


class Narrowed(enum.Enum):
    """Which rule of following narrowed the cards a seat may play; its value is the
    rule's refusal code (its words: `setback.refusals.MESSAGES`, a template of some of
    `{card}`, `{led}` and `{trump}`)."""

    NOTHING = "nothing"
    LEAD_TRUMP = "lead_trump"
    FOLLOW_TRUMP = "follow_trump"
    FOLLOW_OR_TRUMP = "follow_or_trump"
    TRUMPS_ONLY = "trumps_only"
    NO_TRUMP_FIRST_TRICK = "no_trump_first_trick"


_NOTHING = Narrowed.NOTHING
_LEAD_TRUMP = Narrowed.LEAD_TRUMP
_FOLLOW_TRUMP = Narrowed.FOLLOW_TRUMP
_FOLLOW_OR_TRUMP = Narrowed.FOLLOW_OR_TRUMP
_NO_TRUMP_FIRST_TRICK = Narrowed.NO_TRUMP_FIRST_TRICK
_TRUMPS_ONLY = Narrowed.TRUMPS_ONLY


_PLAY = Phase.PLAY
_NONE = (0, Narrowed.NOTHING)


def playable(state: GameState) -> tuple[int, Narrowed]:
    """The cards the seat to act may play (a bit set), and the rule that narrowed them;
    no card outside trick play: `open_cards` asked with the state's hand, trump, lead
    and trick count."""
    if state.hand_state.phase is not _PLAY:  # `state.phase`, without the property's call
        return _NONE
    seat = state.to_act
    assert seat is not None
    plays = state.plays
    return open_cards(
        state.standing.rules,
        state.held[seat],
        state.hand_state.trump,
        plays[0][1].index if plays else -1,
        not state.tricks,
    )


def open_cards(
    rules: Rules, held: int, trump: Suit | None, lead: int, first_trick: bool
) -> tuple[int, Narrowed]:
    """The cards of `held` that may be played (a bit set), and the rule that narrowed
    them, when `lead` (a card index; -1 when leading) was led under `trump` (None before
    the first lead sets it), in the hand's first trick or not.

    Any card to lead, but the pitcher's first lead must be a trump if he holds
    one where `rules.must_lead_trump`. To a trump lead, a trump if you hold
    one. To another lead, a card of the led suit or a trump if you hold the
    led suit (you may trump although you could follow), else any card. With
    no trump in the first trick, in trick 1 to a non-trump lead: the led suit
    if you hold it, else a non-trump if you hold one, else a trump. Under
    `trumps_only`, trumps only.

    The one home of the rules of following: `playable` (the checked engine) and the
    playout kernel (`setback.playout`) both ask it.
    """
    tables = rules.follow_tables
    if lead >= 0 and tables is not None:  # the common case first: following
        assert trump is not None
        led_mask, allowed, rule, trump_led = tables[trump][lead]
        if first_trick and not trump_led and rules.no_trump_first_trick:
            narrowed = held & led_mask or held & ~(allowed ^ led_mask)  # a non-trump
            return (narrowed, _NO_TRUMP_FIRST_TRICK) if narrowed else (held, _NOTHING)
        if held & led_mask:
            return held & allowed, rule
        return held, _NOTHING
    if tables is None:
        assert trump is not None
        return held & rules.trump_tables[trump].trump_mask, _TRUMPS_ONLY
    if trump is not None and first_trick and rules.must_lead_trump:
        trumps = held & rules.trump_tables[trump].trump_mask
        if trumps:
            return trumps, _LEAD_TRUMP
    return held, _NOTHING


def follow_table(table: TrumpTable) -> tuple[tuple[int, int, Narrowed, bool], ...]:
    """What following asks under `table`'s trump, for each card index that may be led:
    the cards of the suit led (a bit set); the cards a hand holding one of them may play
    (a trump lead: the trumps; else the suit led and the trumps); the rule that says so;
    and whether the suit led is trump. `Rules.follow_tables` holds it for each trump, so
    that `open_cards` answers a follow with one lookup."""
    trump = table.trump
    trumps = table.masks[trump]
    follows = []
    for led in table.suits:
        led_mask = table.masks[led]
        if led is trump:
            follows.append((led_mask, led_mask, _FOLLOW_TRUMP, True))
        else:
            follows.append((led_mask, led_mask | trumps, _FOLLOW_OR_TRUMP, False))
    return tuple(follows)
