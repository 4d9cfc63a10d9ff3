"""What the pictures and the words read of a game: the shapes of a trick, a finished hand,
a state and a view, as protocols.

`setback.svg` and `setback.text` draw and word `Trick`, `HandResult`, `GameState` and
`PlayerView`, and those classes show themselves with them (`_repr_svg_`, `__str__`). So that
the display imports none of the classes that call it, it reads them by these shapes: each
lists exactly what the display reads, and mypy checks at every call (the display hooks
first) that the real class has it. This module imports only what sits below the state
(the cards, the actions, the rules and the phases).

A function of the display tells the kind of what it is given with `is_trick`,
`is_result`, `is_state` and `is_view`: a value is of a shape when its class has every
member of that shape. No two of the four classes have all the members of another's shape
(a trick's `led_suit`, a state's `hands` and `stock`, a view's `seat` and `legal_actions`,
a finished hand's `score_changes` are each its own), so the test tells them apart, and a
value that passes it has everything the display reads.
"""

from __future__ import annotations

from typing import Protocol, TypeGuard

from ._phase import Phase
from .actions import Action
from .cards import Card, Suit
from .rules import Rules

__all__: list[str] = []


class TrickLike(Protocol):
    """A trick (`setback.Trick`), as the display reads it."""

    @property
    def leader(self) -> int: ...
    @property
    def plays(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def led_suit(self) -> Suit | None: ...  # not read: it tells a trick from a state


class HandResultLike(Protocol):
    """A finished hand (`setback.HandResult`), as the display reads it."""

    @property
    def number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def pitcher(self) -> int | None: ...
    @property
    def contract(self) -> int | None: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def tricks(self) -> tuple[TrickLike, ...]: ...
    @property
    def awards(self) -> tuple[tuple[str, int | None], ...]: ...
    @property
    def card_points(self) -> tuple[int, ...]: ...
    @property
    def score_changes(self) -> tuple[int, ...]: ...
    @property
    def made(self) -> bool | None: ...
    @property
    def discards(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def face_up_discards(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def kitty(self) -> tuple[Card, ...]: ...
    @property
    def called(self) -> Card | None: ...
    @property
    def partner(self) -> int | None: ...


class TableLike(Protocol):
    """What a state and a view both show of the table."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def bids(self) -> tuple[tuple[int, Action], ...]: ...
    @property
    def pitcher(self) -> int | None: ...
    @property
    def contract(self) -> int | None: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def trick(self) -> TrickLike | None: ...
    @property
    def tricks(self) -> tuple[TrickLike, ...]: ...
    @property
    def face_up_discards(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def kitty(self) -> tuple[Card, ...]: ...
    @property
    def called(self) -> Card | None: ...
    @property
    def partner(self) -> int | None: ...


class GameStateLike(TableLike, Protocol):
    """A game state (`setback.GameState`), as the display reads it: the whole table."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def discards(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def is_over(self) -> bool: ...


class PlayerViewLike(TableLike, Protocol):
    """A seat's view (`setback.PlayerView`), as the display reads it."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def discards(self) -> tuple[Card, ...]: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    @property
    def is_my_turn(self) -> bool: ...
    @property
    def kitty_size(self) -> int: ...


def _members(shape: type) -> tuple[str, ...]:
    """Every member of a shape, its own and its bases'."""
    return tuple(
        sorted(
            {name for k in shape.__mro__ for name, v in vars(k).items() if isinstance(v, property)}
        )
    )


_TRICK = _members(TrickLike)
_RESULT = _members(HandResultLike)
_STATE = _members(GameStateLike)
_VIEW = _members(PlayerViewLike)


def _of_shape(value: object, members: tuple[str, ...]) -> bool:
    kind = type(value)
    return all(hasattr(kind, name) for name in members)


def is_trick(value: object) -> TypeGuard[TrickLike]:
    """Whether `value` is a trick: its class has every member of `TrickLike`."""
    return _of_shape(value, _TRICK)


def is_result(value: object) -> TypeGuard[HandResultLike]:
    """Whether `value` is a finished hand: its class has every member of `HandResultLike`."""
    return _of_shape(value, _RESULT)


def is_state(value: object) -> TypeGuard[GameStateLike]:
    """Whether `value` is a game state: its class has every member of `GameStateLike`."""
    return _of_shape(value, _STATE)


def is_view(value: object) -> TypeGuard[PlayerViewLike]:
    """Whether `value` is a seat's view: its class has every member of `PlayerViewLike`."""
    return _of_shape(value, _VIEW)
