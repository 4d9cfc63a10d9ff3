"""The one action-id table of the adapters, and the steps both of them take (pure Python).

Every action of every rule set has one fixed id, the same for every preset, so
one policy network's output layer fits them all:

| ids | action |
|---|---|
| 0 | `pass` |
| 1 to 20 | `bid 1` to `bid 20` (id = level) |
| 21 | `smudge` |
| 22 to 76 | `pitch CARD` (22 + card index) |
| 77 to 80 | `trump C`, `trump D`, `trump H`, `trump S` |
| 81 to 135 | `play CARD` (81 + card index) |
| 136 to 190 | `discard CARD`: add one card to the discard in progress |
| 191 | `discard done`: submit the cards chosen so far |
| 192 | `shoot` |
| 193 to 208 | `bid 21` to `bid 36` (id = 172 + level; Dom Pedro's T is 36) |
| 209 to 263 | `call CARD`: call your partner (209 + card index) |

The ids that a table grew by come last, so an id keeps its meaning from release to
release: the shoot's 192, and the bids above 20 (`HIGH_BID_BASE`), which only a point
set worth more than 20 opens, and the calls of a partner (`CALL_BASE`).

A card's index is `Card.index`: 0 (2♣) to 51 (A♠), then BJ 52, LJ 53, JK 54.

A discard (a set of cards) is taken one card per step: each `discard CARD` adds a
card that some legal discard still allows, and the discard is submitted by
itself as soon as the cards chosen are a legal discard that no further card can
extend; `discard done` submits earlier (the draw's discards, whose size is free;
a discard of nothing is `discard done` at once).
"""

from __future__ import annotations

import attrs

from ..actions import (
    MAX_LEVEL,
    Action,
    Bid,
    CallPartner,
    DeclareTrump,
    Discard,
    Pass,
    Pitch,
    Play,
    Shoot,
    Smudge,
)
from ..cards import CARDS, Suit, cards_of, mask_of
from ..engine import apply_action, legal_actions
from ..errors import IllegalActionError
from ..refusals import Refusal
from ..state import GameState, Phase

__all__ = [
    "ACTIONS",
    "NUM_ACTIONS",
    "Position",
    "action_id",
    "apply_id",
    "legal_ids",
]

_CARDS = len(CARDS)
LOW_BIDS = 20
"""The bids whose id is their level (`bid 1` to `bid 20`), the table's first bids."""
PASS_ID = 0
SMUDGE_ID = LOW_BIDS + 1
PITCH_BASE = SMUDGE_ID + 1
TRUMP_BASE = PITCH_BASE + _CARDS
PLAY_BASE = TRUMP_BASE + 4
DISCARD_BASE = PLAY_BASE + _CARDS
DONE_ID = DISCARD_BASE + _CARDS
SHOOT_ID = DONE_ID + 1
"""The shoot the moon (`Shoot`): after the discards, so the ids before it keep their
numbers."""
HIGH_BID_BASE = SHOOT_ID + 1 - (LOW_BIDS + 1)
"""`bid N` above `LOW_BIDS` has the id `HIGH_BID_BASE + N` (193 for `bid 21`): appended
after the shoot, so the ids before them keep their numbers."""
CALL_BASE = HIGH_BID_BASE + MAX_LEVEL + 1
"""Call your partner (`CallPartner`): `CALL_BASE + card index` (209 for `call 2C`), the
last ids, so the ids before them keep their numbers."""
NUM_ACTIONS = CALL_BASE + _CARDS
"""How many ids the table has (264): the size of every action space."""

ACTIONS: tuple[str, ...] = (
    "pass",
    *(f"bid {level}" for level in range(1, LOW_BIDS + 1)),
    "smudge",
    *(f"pitch {card}" for card in CARDS),
    *(f"trump {suit.letter}" for suit in Suit),
    *(f"play {card}" for card in CARDS),
    *(f"discard {card}" for card in CARDS),
    "discard done",
    "shoot",
    *(f"bid {level}" for level in range(LOW_BIDS + 1, MAX_LEVEL + 1)),
    *(f"call {card}" for card in CARDS),
)
"""`ACTIONS[id]`: the text of each action id (the library's action text, except the two
one-card discard steps, `discard CARD` and `discard done`)."""

_VALUES: tuple[Action | None, ...] = (
    Pass(),
    *(Bid(level) for level in range(1, LOW_BIDS + 1)),
    Smudge(),
    *(Pitch(card) for card in CARDS),
    *(DeclareTrump(suit) for suit in Suit),
    *(Play(card) for card in CARDS),
    *((None,) * (_CARDS + 1)),
    Shoot(),
    *(Bid(level) for level in range(LOW_BIDS + 1, MAX_LEVEL + 1)),
    *(CallPartner(card) for card in CARDS),
)


def action_id(action: Action | str) -> int:
    """The id of a library action (or its text) that is one step: anything but a `Discard`
    of cards (a discard takes one `discard CARD` step per card, see `ACTIONS`).

    Raises:
        TypeError: `action` is not an action, or it is a `Discard` of cards.
    """
    if isinstance(action, str):
        if action.strip().lower() == "discard done":
            return DONE_ID
        from ..actions import parse_action

        action = parse_action(action)
    kind = type(action)
    if kind is Play:
        return PLAY_BASE + action.card.index  # type: ignore[union-attr]
    if kind is Pass:
        return PASS_ID
    if kind is Bid:
        level: int = action.level  # type: ignore[union-attr]
        return level if level <= LOW_BIDS else HIGH_BID_BASE + level
    if kind is Smudge:
        return SMUDGE_ID
    if kind is Shoot:
        return SHOOT_ID
    if kind is Pitch:
        return PITCH_BASE + action.card.index  # type: ignore[union-attr]
    if kind is DeclareTrump:
        return TRUMP_BASE + int(action.suit)  # type: ignore[union-attr]
    if kind is CallPartner:
        return CALL_BASE + action.card.index  # type: ignore[union-attr]
    if kind is Discard:
        if not action.cards:  # type: ignore[union-attr]
            return DONE_ID
        raise TypeError(
            f"{action} is several steps: one 'discard CARD' id per card "
            f"({DISCARD_BASE} + card index), then 'discard done' ({DONE_ID}) if needed"
        )
    raise TypeError(f"not an action: {action!r}")


@attrs.frozen
class Position:
    """A game state as the adapters see it: the library's state and the cards chosen so far
    for a discard in progress (a bit set; 0 outside one)."""

    state: GameState
    """The library's state (the discard in progress is not in it yet)."""
    pending: int = 0
    """The cards the seat to act has chosen so far for its discard (a bit set of card
    indices)."""

    def __deepcopy__(self, memo: object) -> Position:
        return self  # immutable: a copy is the value itself


def discard_masks(state: GameState) -> list[int]:
    """The legal discards of the seat to act in `state` (its phase: the discard), as bit
    sets."""
    return [mask_of(action.cards) for action in legal_actions(state)]  # type: ignore[union-attr]


def _discard_steps(position: Position, masks: list[int] | None = None) -> tuple[int, bool, bool]:
    """The cards that may be added to the discard in progress (a bit set), whether the
    cards chosen are a legal discard, and whether no further card can extend them.
    `masks`: the state's legal discards as bit sets, if the caller has them already."""
    pending = position.pending
    addable, complete, larger = 0, False, False
    for mask in discard_masks(position.state) if masks is None else masks:
        if mask & pending != pending:
            continue
        if mask == pending:
            complete = True
        else:
            larger = True
            addable |= mask & ~pending
    return addable, complete, complete and not larger


def legal_ids(position: Position) -> tuple[int, ...]:
    """The ids open to the seat to act, ascending; empty once the game is over."""
    return legal_ids_given(position)


def legal_ids_given(position: Position, masks: list[int] | None = None) -> tuple[int, ...]:
    """`legal_ids`, given the legal discards' bit sets if the caller has them."""
    state = position.state
    if state.phase is Phase.DISCARD:
        addable, complete, _ = _discard_steps(position, masks)
        ids = [DISCARD_BASE + card.index for card in cards_of(addable)]
        return (*ids, DONE_ID) if complete else tuple(ids)
    return tuple(sorted(action_id(action) for action in legal_actions(state)))


def _describe(position: Position) -> list[str]:
    return [f"{i} ({ACTIONS[i]})" for i in legal_ids(position)]


def apply_id(position: Position, action: int) -> Position:
    """The position after the seat to act takes action id `action`.

    Raises:
        IllegalActionError: the id is outside the table, or not legal now; the message
            names the id, its action and the legal ids.
    """
    return apply_id_given(position, action)


def apply_id_given(position: Position, action: int, masks: list[int] | None = None) -> Position:
    """`apply_id`, given the legal discards' bit sets if the caller has them."""
    if not isinstance(action, int) or isinstance(action, bool):
        try:
            action = int(action)  # numpy integers
        except (TypeError, ValueError):
            why = Refusal("not_an_action_id")
            raise IllegalActionError(action, position.state.to_act, why) from None
    state = position.state
    seat = state.to_act
    if not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(
            f"action id {action}",
            seat,
            Refusal("no_such_action_id", {"most": NUM_ACTIONS - 1, "legal": _describe(position)}),
        )
    if state.phase is Phase.DISCARD:
        return _discard_step(position, action, masks)
    value = _VALUES[action]
    try:
        if value is None:
            raise IllegalActionError(value, seat, Refusal("no_discard_now"))
        return Position(apply_action(state, value))
    except IllegalActionError as error:
        raise IllegalActionError(
            f"action id {action} ({ACTIONS[action]})",
            seat,
            Refusal(error.code, {**error.params, "legal": _describe(position)}),
        ) from None


def _discard_step(position: Position, action: int, masks: list[int] | None) -> Position:
    state, pending = position.state, position.pending
    if masks is None:
        masks = discard_masks(state)
    addable, complete, _ = _discard_steps(position, masks)
    if action == DONE_ID:
        if not complete:
            raise IllegalActionError(
                f"action id {action} (discard done)",
                state.to_act,
                Refusal("discard_incomplete", {"legal": _describe(position)}),
            )
        return Position(apply_action(state, Discard(cards_of(pending))))
    bit = 1 << (action - DISCARD_BASE) if DISCARD_BASE <= action < DONE_ID else 0
    if not addable & bit:
        why = "discard_by_card" if not DISCARD_BASE <= action < DONE_ID else "discard_no_fit"
        raise IllegalActionError(
            f"action id {action} ({ACTIONS[action]})",
            state.to_act,
            Refusal(why, {"legal": _describe(position)}),
        )
    chosen = Position(state, pending | bit)
    _, _, final = _discard_steps(chosen, masks)
    if final:
        return Position(apply_action(state, Discard(cards_of(chosen.pending))))
    return chosen
