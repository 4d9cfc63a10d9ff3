"""The data of a game: `GameState`, `Trick`, `HandResult`, `Phase`. No rules live here."""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from .actions import Action
from .cards import CARDS, Card, Suit, cards_of
from .rules import Rules

__all__ = ["GameRecord", "GameState", "HandResult", "Phase", "Trick"]


class Phase(enum.Enum):
    """What the game is waiting for."""

    BIDDING = "bidding"
    """The auction: each seat, eldest first, passes or calls once."""
    DECLARE_TRUMP = "declare_trump"
    """The pitcher names trump before the first lead (the draw and six-player variants)."""
    DISCARD = "discard"
    """Players discard (and, with the draw variant, draw) before trick play."""
    PLAY = "play"
    """Trick play."""
    GAME_OVER = "game_over"
    """A side has won; no action is legal."""


@attrs.frozen
class Trick:
    """One trick: who led it and the cards played to it, in order.

    `plays` holds `(seat, card)` pairs; a finished trick also knows its
    `winner` (a seat).
    """

    leader: int
    plays: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, or None before anyone has played."""
        return self.plays[0][1].suit if self.plays else None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played to the trick, in playing order."""
        return tuple(card for _, card in self.plays)


POINT_NAMES = ("high", "low", "jack", "game")
"""The points of the four-point game, in the order they are awarded (RULES §2.5)."""


@attrs.frozen
class HandResult:
    """The record of one finished hand: the deal, the auction, every trick and the score.

    A passed-out hand (everyone passed and the rules let the dealer pass too)
    has no `pitcher`, `contract`, `trump` or `tricks`; its `made` is `None`
    and nothing was scored.
    """

    number: int
    """Which hand of the game this was, counting from 0 (passed-out hands count)."""
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    """What each seat held when trick play began (as dealt, for a passed-out hand)."""
    bids: tuple[tuple[int, Action], ...]
    """The auction: `(seat, action)` pairs in order."""
    pitcher: int | None
    contract: int | None
    """The winning bid: 1 to 4, or 5 for Smudge."""
    trump: Suit | None
    tricks: tuple[Trick, ...]
    awards: tuple[tuple[str, int | None], ...]
    """`(point, side)` pairs in the order High, Low, Jack, Game; side `None` if nobody
    scored that point. `points` is the same as a mapping."""
    card_points: tuple[int, ...]
    """Card points (for Game) in each side's tricks."""
    score_changes: tuple[int, ...]
    """What each side's score changed by."""
    made: bool | None
    """Whether the pitching side made its bid; `None` for a passed-out hand."""
    discards: tuple[tuple[Card, ...], ...] = ()
    """What each seat discarded face down (draw and six-player variants); empty when
    nobody discards."""

    @property
    def points(self) -> Mapping[str, int | None]:
        """Who took each point: `"high"`, `"low"`, `"jack"`, `"game"` -> side or None."""
        return dict(self.awards)

    @property
    def points_won(self) -> tuple[int, ...]:
        """How many points each side took this hand."""
        won = [0] * len(self.card_points)
        for _, side in self.awards:
            if side is not None:
                won[side] += 1
        return tuple(won)

    @property
    def pitching_side(self) -> int | None:
        """The pitcher's side (sides are seat modulo the number of sides), or None."""
        return None if self.pitcher is None else self.pitcher % len(self.card_points)


@attrs.frozen
class HandState:
    """The part of a game state that changes a few times a hand (internal).

    `dealt` are the hands as dealt (bit sets), `stock` the undealt cards in
    order (indices), `high` the highest call so far (0 for none) and `bidder`
    who made it, `discards` each seat's face-down discards (bit sets, empty
    until someone discards).
    """

    number: int
    dealer: int
    dealt: tuple[int, ...]
    stock: tuple[int, ...]
    bids: tuple[tuple[int, Action], ...] = ()
    high: int = 0
    bidder: int | None = None
    trump: Suit | None = None
    discards: tuple[int, ...] = ()


def rebuilt_hand(
    hand: HandState,
    bids: tuple[tuple[int, Action], ...],
    high: int,
    bidder: int | None,
    trump: Suit | None,
) -> HandState:
    """`hand` with a new auction and trump, built directly (on the hot path `attrs.evolve`
    costs five times as much)."""
    return HandState(
        number=hand.number,
        dealer=hand.dealer,
        dealt=hand.dealt,
        stock=hand.stock,
        bids=bids,
        high=high,
        bidder=bidder,
        trump=trump,
        discards=hand.discards,
    )


@attrs.frozen
class GameRecord:
    """Everything needed to rebuild a game: how it began, and every action since.

    `replay(record)` turns it back into the identical state; `game_record(state)`
    makes one. `hands` or `deck` is the first deal if it was given to `new_game`
    (later deals always come from `seed`).
    """

    rules: Rules
    seed: int
    dealer: int = 0
    scores: tuple[int, ...] | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    deck: tuple[Card, ...] | None = None
    actions: tuple[Action, ...] = ()


@attrs.frozen
class GameState:
    """A whole game at one moment: the current hand and everything before it.

    States are immutable; `apply_action` returns a new one. Read it through
    the fields and properties below; build it only with `new_game`.
    """

    rules: Rules
    origin: GameRecord = attrs.field(repr=False)
    """How the game began: rules, seed, first dealer, starting scores, any fixed first
    deal (its `actions` are empty; see `game_record` for the whole record)."""
    phase: Phase
    to_act: int | None
    """The seat whose turn it is; None when the game is over."""
    scores: tuple[int, ...]
    """One score per side: `scores[rules.side_of(seat)]`."""
    history: tuple[HandResult, ...]
    """The finished hands, oldest first."""
    winner: int | None
    """The side that won, once the game is over."""
    hand: HandState = attrs.field(repr=False)
    """The current hand's deal and auction (internal)."""
    held: tuple[int, ...] = attrs.field(repr=False)
    """The cards each seat holds, as bit sets (internal; see `hands`)."""
    trick: Trick | None
    """The trick in progress (possibly empty, before the lead); None outside play."""
    tricks: tuple[Trick, ...]
    """The finished tricks of the current hand."""
    _legal: tuple[Action, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    @property
    def seed(self) -> int:
        """The seed every deal of this game is shuffled from."""
        return self.origin.seed

    @property
    def is_over(self) -> bool:
        """Whether a side has won."""
        return self.phase is Phase.GAME_OVER

    @property
    def dealer(self) -> int:
        """The seat that dealt the current hand (the last one, once the game is over)."""
        return self.hand.dealer

    @property
    def hand_number(self) -> int:
        """The current hand's number, counting from 0."""
        return self.hand.number

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, sorted by suit then rank."""
        return tuple(cards_of(mask) for mask in self.held)

    @property
    def bids(self) -> tuple[tuple[int, Action], ...]:
        """The current hand's auction so far: `(seat, action)` pairs."""
        return self.hand.bids

    @property
    def pitcher(self) -> int | None:
        """The seat that won the auction, once it is over."""
        return None if self.phase is Phase.BIDDING else self.hand.bidder

    @property
    def contract(self) -> int | None:
        """The winning bid (5 for Smudge), once the auction is over."""
        return None if self.phase is Phase.BIDDING else self.hand.high

    @property
    def trump(self) -> Suit | None:
        """The trump suit, once it is known."""
        return self.hand.trump

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, in order (hidden from every player)."""
        return tuple(CARDS[i] for i in self.hand.stock)
