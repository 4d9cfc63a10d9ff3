"""`Rules`: every option of the game as one validated value, and the named presets."""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from .errors import RulesError
from .options import AllPass, DealerMatch, LowTo, WinRule
from .points import FOUR_POINTS, Point

__all__ = ["AllPass", "DealerMatch", "LowTo", "Rules", "WinRule", "seat_side"]

SMUDGE = 5
"""The contract value of a Smudge: it ranks above 4 and is worth 5."""


_E = TypeVar("_E", bound=enum.Enum)


def _enum_converter(kind: type[_E]) -> Callable[[Any], _E]:
    def convert(value: Any) -> _E:
        if isinstance(value, kind):
            return value
        if isinstance(value, str):
            for member in kind:
                if value.lower() in (member.value, member.name.lower()):
                    return member
        choices = ", ".join(member.name for member in kind)
        raise RulesError(f"{kind.__name__} must be one of {choices}, not {value!r}")

    return convert


def _to_dealer_match(value: Any) -> DealerMatch:
    return _enum_converter(DealerMatch)(value)


def _to_all_pass(value: Any) -> AllPass:
    return _enum_converter(AllPass)(value)


def _to_low_to(value: Any) -> LowTo:
    return _enum_converter(LowTo)(value)


def _to_win_rule(value: Any) -> WinRule:
    return _enum_converter(WinRule)(value)


def _int_in(name: str, low: int, high: int | None) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, _attribute: Any, value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"{name} must be a whole number, not {value!r}")
        if value < low or (high is not None and value > high):
            span = f"at least {low}" if high is None else f"from {low} to {high}"
            raise RulesError(f"{name} must be {span}, not {value}")

    return check


def _is_bool(_instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{attribute.name} must be True or False, not {value!r}")


@attrs.frozen
class Rules:
    """Every option of a game of Setback, checked when the value is built.

    Build one with a preset, changing any option by keyword, e.g.
    `Rules.setback(target=11)`; `Rules()` is the German partnership game.
    Options that make no game together raise `RulesError`.

    Examples:
        >>> rules = Rules.setback(low_to=LowTo.HOLDER)
        >>> rules.sides
        ((0, 2), (1, 3))
        >>> Rules.setback(players=3)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        setback.errors.RulesError: the partnership game is for 4 or 6 players; ...
    """

    players: int = attrs.field(default=4, validator=_int_in("players", 2, 8))
    """Number of seats, 2 to 8."""
    partnerships: bool = attrs.field(default=True, validator=_is_bool)
    """Sides of two, partners opposite (seats i and i + players/2); else each for himself."""
    target: int = attrs.field(default=21, validator=_int_in("target", 1, None))
    """The score that wins the game (how, is the `win_rule`)."""
    min_bid: int = attrs.field(default=2, validator=_int_in("min_bid", 1, 4))
    """The lowest bid, 1 to 4; the highest plain bid is always 4."""
    smudge: bool = attrs.field(default=True, validator=_is_bool)
    """Whether Smudge (all six tricks and all four points, worth 5) can be bid."""
    dealer_match: DealerMatch = attrs.field(default=DealerMatch.ANY, converter=_to_dealer_match)
    """Whether the dealer may match the highest bid."""
    all_pass: AllPass = attrs.field(default=AllPass.DEALER_EXACTLY_MIN, converter=_to_all_pass)
    """What happens when all before the dealer pass."""
    low_to: LowTo = attrs.field(default=LowTo.CAPTURER, converter=_to_low_to)
    """Who scores Low."""
    win_rule: WinRule = attrs.field(default=WinRule.BID_OUT, converter=_to_win_rule)
    """Who wins when scores reach the target."""
    draw: bool = attrs.field(default=False, validator=_is_bool)
    """Nachziehen (RULES §4.1): the pitcher declares trump, everyone discards non-trumps
    and draws as many from the stock, and the pitcher must lead a trump if he holds one."""
    pitch_instead_of_bid: bool = attrs.field(default=False, validator=_is_bool)
    """RULES §4.2: instead of calling, a player may lead a card face up, a bid of 4 in its
    suit; after it only the dealer may act (pass, pitch a card of his own, or Smudge)."""
    no_trump_first_trick: bool = attrs.field(default=False, validator=_is_bool)
    """RULES §4.3: the pitcher declares trump and may lead any card; in trick 1, to a
    non-trump lead, nobody may trump unless he holds only trumps."""

    def __attrs_post_init__(self) -> None:
        if self.partnerships and self.players not in (4, 6):
            raise RulesError(
                f"partnerships need 4 or 6 players (sides of two, partners opposite); "
                f"for {self.players} players use Rules.cutthroat(players={self.players})"
            )
        if self.pitch_instead_of_bid and self.declares_trump:
            raise RulesError(
                "pitch_instead_of_bid does not combine with "
                + ", ".join(self._declaring_variants())
                + ": there the pitcher declares trump before the first lead"
            )
        if self.draw and self.discard_count:
            raise RulesError(
                "draw does not combine with the six-player game: everyone already discards "
                "two, and the stock of four cards cannot refill the hands"
            )

    # --- presets ----------------------------------------------------------------

    @classmethod
    def setback(cls, players: int = 4, **overrides: Any) -> Rules:
        """The German partnership game (RULES §1): 4 players, Smudge, the dealer may
        match any bid, a stuck dealer bids 2, Low to the capturer, bid-out to 21.

        With `players=6`: three sides of two (seats i and i + 3), 8 cards each,
        trump declared, everyone discards 2 (RULES §4.4), as `six_player()`.

        Raises:
            RulesError: `players` is not 4 or 6 (see `cutthroat`), or an
                override is not an option or makes no game.
        """
        if overrides.get("partnerships", True) and players not in (4, 6):
            raise RulesError(
                f"the partnership game is for 4 or 6 players; for {players!r} players "
                f"use Rules.cutthroat(players={players!r})"
            )
        return cls._build(overrides, players=players)

    @classmethod
    def six_player(cls, **overrides: Any) -> Rules:
        """The six-player partnership game (RULES §4.4): `Rules.setback(players=6)`.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls.setback(6, **overrides)

    @classmethod
    def cutthroat(cls, players: int = 3, **overrides: Any) -> Rules:
        """The German rules with each player for himself (RULES §4.6), 2 to 8 players.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls._build(overrides, players=players, partnerships=False)

    @classmethod
    def auction_pitch(cls, players: int = 4, **overrides: Any) -> Rules:
        """Traditional Auction Pitch (RULES §2): 2 to 8 players each for himself, bids 2
        to 4 and no Smudge, the dealer may match, High and Low to the holder, target 7,
        the pitcher's points first and then High, Low, Jack, Game.

        Raises:
            RulesError: an override is not an option, or makes no game.
        """
        return cls._build(
            overrides,
            players=players,
            partnerships=False,
            target=7,
            smudge=False,
            low_to=LowTo.HOLDER,
            win_rule=WinRule.PITCHER_FIRST,
        )

    @classmethod
    def _build(cls, overrides: dict[str, Any], **defaults: Any) -> Rules:
        known = {field.name for field in attrs.fields(cls) if field.init}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise RulesError(f"no such option: {', '.join(unknown)}; options are {sorted(known)}")
        return cls(**{**defaults, **overrides})

    # --- derived ------------------------------------------------------------------

    @functools.cached_property
    def side_count(self) -> int:
        """How many sides there are: `players // 2` with partnerships, else `players`."""
        return self.players // 2 if self.partnerships else self.players

    @functools.cached_property
    def seat_sides(self) -> tuple[int, ...]:
        """The side of each seat, seat 0 first: `(0, 1, 0, 1)` for partnerships of four.

        The one seating table: everything that needs a seat's side reads it (or
        `side_of`, which checks the seat).
        """
        return tuple(seat_side(seat, self.side_count) for seat in range(self.players))

    @functools.cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, side 0 first: `((0, 2), (1, 3))` for partnerships."""
        table = self.seat_sides
        return tuple(
            tuple(seat for seat in range(self.players) if table[seat] == side)
            for side in range(self.side_count)
        )

    @functools.cached_property
    def hand_size(self) -> int:
        """Cards dealt to each player: 8 in the six-player partnership game, else 6."""
        return 8 if self.partnerships and self.players == 6 else 6

    @functools.cached_property
    def discard_count(self) -> int:
        """Cards each player must discard after trump is declared: 2 in the six-player
        game, else 0 (the draw variant's discards are free, see `draw`)."""
        return 2 if self.partnerships and self.players == 6 else 0

    @property
    def discards(self) -> int:
        """The same as `discard_count` (the older name)."""
        return self.discard_count

    @functools.cached_property
    def tricks_per_hand(self) -> int:
        """Tricks played each hand: the cards each player holds when play begins."""
        return self.hand_size - self.discard_count

    @property
    def points(self) -> tuple[Point, ...]:
        """The points a hand awards, in award order: High, Low, Jack, Game.

        The order of `HandResult.points` and of the pitcher-first race. Scoring
        walks this tuple; each `Point` knows how it is awarded and what it is worth.
        """
        return FOUR_POINTS

    @functools.cached_property
    def total_points(self) -> int:
        """The most points one side can win in a hand: the worth of every point (4)."""
        return sum(point.worth for point in self.points)

    @functools.cached_property
    def declares_trump(self) -> bool:
        """Whether the pitcher names trump before the first lead (draw, no trump in the
        first trick, six players), instead of the first card setting it."""
        return bool(self._declaring_variants())

    @functools.cached_property
    def must_lead_trump(self) -> bool:
        """Whether the pitcher's first lead must be a trump if he holds one (draw, six
        players), unless no trump may be played to the first trick."""
        return (self.draw or self.discard_count > 0) and not self.no_trump_first_trick

    def _declaring_variants(self) -> list[str]:
        names = [name for name in ("draw", "no_trump_first_trick") if getattr(self, name)]
        return names + (["six players"] if self.discard_count else [])

    @functools.cached_property
    def max_bid(self) -> int:
        """The highest call: Smudge (5) where Smudge exists, else the highest plain bid (4)."""
        return self.max_plain_bid + 1 if self.smudge else self.max_plain_bid

    @functools.cached_property
    def max_plain_bid(self) -> int:
        """The highest plain bid: every point of the hand (4)."""
        return self.total_points

    def side_of(self, seat: int) -> int:
        """The side that `seat` plays for: an index into `sides` and into scores.

        Raises:
            RulesError: there is no such seat.
        """
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise RulesError(f"no seat {seat!r}: seats are 0 to {self.players - 1}")
        return self.seat_sides[seat]


def seat_side(seat: int, side_count: int) -> int:
    """The seating rule: seat `seat` plays for side `seat % side_count`.

    With partnerships of two this puts partners opposite (seats i and
    i + players/2); in cutthroat (as many sides as seats) each seat is its own
    side. `Rules.seat_sides` is built from it, and `HandResult.pitching_side`
    asks it, so the rule has one home.
    """
    return seat % side_count
