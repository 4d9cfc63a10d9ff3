"""The data of a game: `GameState` and its builders, `Trick`, `HandResult`, the action log
and the forced steps (and `Phase`, whose home is `setback._phase`, below the pictures and
the words that read it). No rules live here: the phase modules decide every value a
builder is given."""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, TypeAlias, overload

import attrs

from ._phase import Phase as Phase  # its home sits below svg and text, which read it
from .actions import Action
from .cards import CARDS, Card, Suit, cards_of
from .points import Point
from .rules import Rules, seat_side
from .tables import CallTable
from .trumps import TrumpTable

__all__ = [
    "MAX_ACTIONS",
    "MAX_HANDS",
    "ActionLog",
    "EndReason",
    "GameRecord",
    "GameState",
    "HandHistory",
    "HandResult",
    "Phase",
    "Trick",
]


class EndReason(enum.Enum):
    """Why a game ended: the rule that made its winner (`GameState.end_reason`)."""

    SHOOT_MADE = "shoot_made"
    """A shoot the moon was made and wins the game at once (`ShootMade.WIN`)."""
    SHOOT_FAILED = "shoot_failed"
    """A shoot the moon failed and ends the game (`ShootFailed.LOSE`): the best score of
    the other sides wins."""
    HANDS_LIMIT = "hands_limit"
    """The last of `Rules.hands_limit` played hands is over: the highest score wins."""
    BID_OUT = "bid_out"
    """The pitcher's side made its bid and reached the target (`WinRule.BID_OUT`)."""
    PITCHER_FIRST = "pitcher_first"
    """A side reached the target first, the pitcher's points counting first
    (`WinRule.PITCHER_FIRST`)."""
    HIGHEST_SCORE = "highest_score"
    """Someone reached the target and the highest score wins (`WinRule.HIGHEST_SCORE`)."""


# Module constants: reading a member off an Enum class (`Phase.GAME_OVER`) costs a
# Python-level lookup; these are read on every step.
_GAME_OVER = Phase.GAME_OVER
_BIDDING = Phase.BIDDING
_PLAY = Phase.PLAY


@attrs.frozen
class Trick:
    """One trick: who led it and the cards played to it, in order.

    `plays` holds `(seat, card)` pairs; a finished trick also knows its
    `winner` (a seat).
    """

    leader: int
    """The seat that led (or is to lead) the trick."""
    plays: tuple[tuple[int, Card], ...] = ()
    """The `(seat, card)` plays, in playing order, the lead first."""
    winner: int | None = None
    """The seat that won the trick; None while it is in progress."""

    @property
    def led_suit(self) -> Suit | None:
        """The printed suit of the first card (None for a joker, or before anyone has
        played). Which suit a lead counts as under the trump (a jick or joker led is a
        trump lead) is `trump_table(trump, rules).suit_of(card)`; the engine asks that."""
        return self.plays[0][1].suit if self.plays else None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played to the trick, in playing order."""
        return tuple(card for _, card in self.plays)

    def _repr_svg_(self) -> str:
        """The trick's picture, for Jupyter: `setback.svg.trick_svg`."""
        from .svg import trick_svg  # the pictures import this module

        return trick_svg(self)


@attrs.frozen
class HandResult:
    """The record of one finished hand: the deal, the auction, every trick and the score.

    A passed-out hand (everyone passed and the rules let the dealer pass too)
    has no `pitcher`, `contract`, `trump` or `tricks`; its `made` is `None`
    and nothing was scored.
    """

    number: int
    """Which hand of the game this was, counting from 0 (passed-out hands count), in JSON
    too; screens show it counted from 1 (`number` 0 is "Hand 1")."""
    dealer: int
    """The seat that dealt the hand."""
    hands: tuple[tuple[Card, ...], ...]
    """What each seat held when trick play began (as dealt, for a passed-out hand)."""
    bids: tuple[tuple[int, Action], ...]
    """The auction: `(seat, action)` pairs in order."""
    pitcher: int | None
    """The seat that won the auction; None for a passed-out hand."""
    contract: int | None
    """The winning bid: a plain bid's level, or `Rules.smudge_level` (5 in the four-point
    game) for a Smudge."""
    trump: Suit | None
    """The trump suit; None for a passed-out hand."""
    tricks: tuple[Trick, ...]
    """Every trick of the hand, in order, each with its winner."""
    awards: tuple[tuple[str, int | None], ...]
    """`(point, side)` pairs in award order (`Rules.points`: High, Low, Jack, Game), each
    point by its lower-case name; side `None` if nobody scored it. `points` is the same
    as a mapping."""
    card_points: tuple[int, ...]
    """Card points (for Game) in each side's tricks."""
    score_changes: tuple[int, ...]
    """What each side's score changed by."""
    made: bool | None
    """Whether the pitching side made its bid; `None` for a passed-out hand."""
    discards: tuple[tuple[Card, ...], ...] = ()
    """What each seat discarded face down (the draw, the discards down to six, the draw
    back); empty when nobody discards."""
    face_up_discards: tuple[tuple[Card, ...], ...] = ()
    """What each seat discarded face up (Ten-point's excess trumps, seen by everyone);
    empty when nobody did."""
    kitty: tuple[Card, ...] = ()
    """The kitty (`Rules.kitty`): the cards dealt face down after the hands, which the
    pitcher added to his hand once he declared trump; empty without a kitty and for a
    passed-out hand. Only the pitcher's own views show it (`PlayerView.last_result`)."""
    called: Card | None = None
    """The card the pitcher called (`Rules.call_partner`); None without a call."""
    partner: int | None = None
    """The seat that held the called card when trick play began: the pitcher's partner
    for the hand (the pitcher's own seat when he held it and played alone); None without
    a call. Under call your partner `awards`, `card_points` and `points_won` are per seat,
    and each seat's `score_changes` entry is its side's change (the pitcher and partner
    one side, the other seats the other)."""

    @property
    def points(self) -> Mapping[str, int | None]:
        """Who took each point: `"high"`, `"low"`, `"jack"`, `"game"` -> side or None."""
        return dict(self.awards)

    @property
    def points_won(self) -> tuple[int, ...]:
        """How many points each side took this hand (each point counts its `Point.worth`)."""
        won = [0] * len(self.card_points)
        for name, side in self.awards:
            if side is not None:
                won[side] += Point(name).worth
        return tuple(won)

    @property
    def pitching_side(self) -> int | None:
        """The pitcher's side (by `seat_side`, the seating rule of `Rules`), or None."""
        return None if self.pitcher is None else seat_side(self.pitcher, len(self.card_points))

    def _repr_svg_(self) -> str:
        """The hand's picture, for Jupyter: `setback.svg.hand_result_svg`."""
        from .svg import hand_result_svg  # the pictures import this module

        return hand_result_svg(self)


_CHUNK = 64
"""How many hands a full chunk of a `HandHistory` holds."""


@attrs.frozen(eq=False, repr=False)
class HandHistory(Sequence[HandResult]):
    """The finished hands of a game, oldest first: an immutable sequence.

    Consecutive states share it: adding a hand copies at most one chunk of
    64 hands (and, every 64 hands, the list of full chunks), so keeping a
    state per hand costs memory linear in the game's length, and the hands
    stay indexable in constant time. It equals a tuple of the same hands
    (`state.history == ()` before the first hand ends); `repr` gives only
    its length, so logs never show earlier hands' cards.
    """

    chunks: tuple[tuple[HandResult, ...], ...] = ()
    """The full chunks of 64 hands, oldest first (shared with the histories after it)."""
    tail: tuple[HandResult, ...] = ()
    """The hands after the full chunks (fewer than 64)."""
    length: int = attrs.field(
        init=False,
        default=attrs.Factory(
            lambda history: len(history.chunks) * _CHUNK + len(history.tail), takes_self=True
        ),
    )
    """How many hands it holds (`len(history)`; computed when the value is built)."""

    @classmethod
    def of(cls, results: Iterable[HandResult]) -> HandHistory:
        """The history of `results`, in order."""
        if type(results) is HandHistory:
            return results
        hands = tuple(results)
        full = len(hands) - len(hands) % _CHUNK
        chunks = tuple(hands[i : i + _CHUNK] for i in range(0, full, _CHUNK))
        return HandHistory(chunks, hands[full:])

    def add(self, result: HandResult) -> HandHistory:
        """This history with `result` appended (sharing every full chunk)."""
        tail = (*self.tail, result)
        if len(tail) < _CHUNK:
            return HandHistory(self.chunks, tail)
        return HandHistory((*self.chunks, tail), ())

    def __len__(self) -> int:
        return self.length

    def __bool__(self) -> bool:
        return bool(self.tail or self.chunks)

    def __iter__(self) -> Iterator[HandResult]:
        for chunk in self.chunks:
            yield from chunk
        yield from self.tail

    @overload
    def __getitem__(self, index: int) -> HandResult: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[HandResult, ...]: ...
    def __getitem__(self, index: int | slice) -> HandResult | tuple[HandResult, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        size = len(self)
        if type(index) is not int:
            index = index.__index__()
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("history index out of range")
        full = len(self.chunks) * _CHUNK
        if index >= full:
            return self.tail[index - full]
        return self.chunks[index // _CHUNK][index % _CHUNK]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandHistory):
            if len(self) != len(other):
                return False
            return all(
                a is b or a == b for a, b in zip(self.chunks, other.chunks, strict=True)
            ) and (self.tail == other.tail)
        if isinstance(other, tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))  # equal to a tuple of the same hands, so hashed like one

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandHistory.of, (tuple(self),))

    def __repr__(self) -> str:
        return f"<HandHistory of {len(self)} hands>"


EMPTY_HISTORY = HandHistory()
"""The history of a game before its first hand ends."""


@attrs.frozen
class ForcedStep:
    """Internal: one step the rules took without a choice, recorded by the step that took it
    (in `HandState.forced`).

    `seat` discarded `discarded` face down and drew `drawn` from the stock (the draw after
    a discard, each seat's draw back, the pitcher's taking the rest of the stock, or of
    the kitty), or discarded `face_up` face up (the excess trumps of a hand with no choice
    left).
    """

    seat: int
    """The seat the step was for."""
    discarded: int = 0
    """Cards discarded face down (a bit set)."""
    drawn: int = 0
    """Cards drawn from the stock (a bit set)."""
    face_up: int = 0
    """Cards discarded face up (a bit set)."""


class HandState(NamedTuple):
    """The part of a game state that changes a few times a hand (internal).

    `stock` holds the undealt cards in order (card indices; a kitty's cards first, until
    the pitcher takes them: `kitty`); `contract` is the
    highest call so far (0 for none) and `pitcher` the seat that made it (the
    pitcher once the auction is over); `discarded` each seat's face-down discards
    (bit sets; empty until the discards begin).

    A named tuple (why not an attrs class: the internals guide, "What the shapes cost"):
    immutable; change a field with `_replace`. The call of call your partner is three
    fields of it (`called`, `must_play`: 0 without one; `partner`: None), not a subclass.
    """

    number: int
    dealer: int
    stock: tuple[int, ...]
    bids: tuple[tuple[int, Action], ...] = ()
    contract: int = 0
    pitcher: int | None = None
    trump: Suit | None = None
    phase: Phase = Phase.BIDDING
    """What the game is waiting for (`GameState.phase`). It changes a few times a hand,
    always with the auction, the trump or the discards (or the hand), so it lives here
    rather than in every state of the hand."""
    discarded: tuple[int, ...] = ()
    face_up: tuple[int, ...] = ()
    """Each seat's face-up discards (Ten-point's excess trumps; bit sets, seen by all)."""
    forced: tuple[ForcedStep, ...] = ()
    """The steps the rules took in this hand without a choice (the draw, the draw back,
    forced face-up discards), in order, as the step that took them recorded them: the
    event log reads them here."""
    called: int = 0
    """The card the pitcher called (`Rules.call_partner`), as a bit set of one card; 0
    before the call and without one."""
    must_play: int = 0
    """The called card, as a bit set, when a partner holds it (not the pitcher): its
    holder must play it to the first trick (`play.open_cards`); else 0."""
    partner: int | None = None
    """The seat holding the called card once the call and its draw back are over: the
    pitcher's partner (the pitcher himself when he holds it: he plays alone); None before
    the call and without one (`discarding.partner_of` decides it)."""
    kitty: int = 0
    """The kitty's cards (`Rules.kitty`, a bit set): dealt face down after the packets (the
    stock's first cards, until the pitcher takes them: `discarding.take_kitty`); 0 without
    one (`dealing.start_hand` deals it)."""


SetupFields = tuple[
    int,
    int,
    tuple[int, ...],
    tuple[tuple[int, Action], ...],
    int,
    int | None,
    Suit | None,
    Phase,
    tuple[int, ...],
    tuple[int, ...],
    tuple[ForcedStep, ...],
    int,
    int,
    int | None,
    int,
]
"""Internal: a `HandState`'s fifteen fields, in order."""

_setup_of: Callable[[SetupFields], HandState] = functools.partial(tuple.__new__, HandState)
"""Internal: the `HandState` of its fields, given as one tuple in field order: the one
positional build of a setup. Its callers below never list a field they carry over:
they slice the setup they change around the fields they set (joined by `+`), so `mypy`
checks the whole tuple, and the fields they set (the auction's five, or trump and
phase) differ in type from one another, so a swap of any two does not pass it."""


def with_auction(
    hand: HandState,
    *,
    bids: tuple[tuple[int, Action], ...],
    contract: int,
    pitcher: int | None,
    trump: Suit | None,
    phase: Phase,
) -> HandState:
    """`hand` with a new auction, trump and phase (the deal, stock, discards and forced
    steps carried over): the setup's build on every call of the auction."""
    return _setup_of(hand[:3] + (bids, contract, pitcher, trump, phase) + hand[8:])  # noqa: RUF005


def with_trump(hand: HandState, trump: Suit, phase: Phase) -> HandState:
    """`hand` with `trump` known and the game now in `phase` (the first lead named it)."""
    return _setup_of(hand[:6] + (trump, phase) + hand[8:])  # noqa: RUF005


def with_phase(hand: HandState, phase: Phase) -> HandState:
    """`hand` with the game now in `phase` (trick play begins, or the game is over)."""
    return _setup_of(hand[:7] + (phase,) + hand[8:])  # noqa: RUF005


@attrs.frozen(eq=False, repr=False)
class ActionLog(Sequence[Action]):
    """Every action of a game so far, oldest first: an immutable sequence.

    A log is a chain of chunks, newest first: `newest` holds the latest
    actions (the engine adds one chunk per finished hand) and `earlier` the
    log before them, shared with the log it grew from. So a step of the game
    copies at most one hand's actions, however long the game is. Equality,
    hashing, pickling and `repr` walk it without recursion, so a log of any
    length is safe. Build one with `ActionLog.of`.
    """

    newest: tuple[Action, ...] = ()
    """Internal: the latest actions, oldest first (empty only for the empty log)."""
    earlier: ActionLog | None = None
    """Internal: the log before `newest` (None for a log of one chunk)."""
    length: int = 0
    """How many actions the log holds (`len(log)`)."""

    @classmethod
    def of(cls, actions: Iterable[Action]) -> ActionLog:
        """The log of `actions`, in order."""
        chunk = tuple(actions)
        return ActionLog(chunk, None, len(chunk)) if chunk else EMPTY_LOG

    def add(self, *actions: Action) -> ActionLog:
        """This log with `actions` appended."""
        return self.extend(actions)

    def extend(self, actions: tuple[Action, ...]) -> ActionLog:
        """This log with the chunk `actions` appended (shared, not copied)."""
        if not actions:
            return self
        return ActionLog(actions, self if self.length else None, self.length + len(actions))

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[Action]:
        for chunk in reversed(self._chunks()):
            yield from chunk

    def __reversed__(self) -> Iterator[Action]:
        for chunk in self._chunks():
            yield from reversed(chunk)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        return tuple(self)[index]

    def chunks(self) -> list[tuple[Action, ...]]:
        """Internal: the chunks, oldest first (a game's log before its current hand has one
        per finished hand: the engine adds each hand's actions as one chunk)."""
        return self._chunks()[::-1]

    @classmethod
    def of_chunks(cls, chunks: Iterable[tuple[Action, ...]]) -> ActionLog:
        """Internal: the log of `chunks`, oldest first, kept as those chunks."""
        log = EMPTY_LOG
        for chunk in chunks:
            log = log.extend(tuple(chunk))
        return log

    def _chunks(self) -> list[tuple[Action, ...]]:
        """The chunks, newest first."""
        out = []
        node: ActionLog | None = self
        while node is not None:
            out.append(node.newest)
            node = node.earlier
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionLog):
            return NotImplemented
        if self.length != other.length:
            return False
        mine: ActionLog | None = self
        theirs: ActionLog | None = other
        while mine is not theirs:  # a shared tail is equal without looking further
            if mine is None or theirs is None or len(mine.newest) != len(theirs.newest):
                return list(self) == list(other)  # chunked differently: compare in full
            if mine.newest != theirs.newest:
                return False
            mine, theirs = mine.earlier, theirs.earlier
        return True

    def __hash__(self) -> int:
        return hash((self.length, self.newest[-1] if self.newest else None))

    def __reduce__(self) -> tuple[Any, ...]:
        return (ActionLog.of_chunks, (tuple(self.chunks()),))

    def __repr__(self) -> str:
        return f"<ActionLog of {self.length} actions>"


MAX_ACTIONS = 200_000
"""The most actions a game holds: far beyond any real game (a game to 10**9 points reaches
it after about 7,000 hands), so that every game can be saved and loaded (`loads` reads a
document of any game within it). The action that would end a hand past it is refused."""

MAX_HANDS = 10_000
"""The most finished hands a game holds, passed-out hands included: far beyond any real
game (one lasts tens of hands; four players reach `MAX_ACTIONS` first even in a game to
10**9 points), so that a game's history, and the time `loads` takes to replay it, stay
bounded however many hands are passed out and redealt. The action that would end a hand
past it is refused."""

EMPTY_LOG = ActionLog((), None, 0)
"""The log of a game before its first action."""


@attrs.frozen
class GameRecord:
    """Everything needed to rebuild a game: how it began, and every action since.

    `replay(record)` turns it back into the identical state; `game_record(state)`
    makes one. `hands` or `deck` is the first deal if it was given to `new_game`
    (later deals always come from `seed`).
    """

    rules: Rules
    """The rules of the game."""
    seed: int
    """The seed every deal is shuffled from (the first one too, unless `hands` or `deck`
    gives it)."""
    dealer: int = 0
    """The first hand's dealer."""
    scores: tuple[int, ...] | None = None
    """The score sheet the game started from, one score per side; None for all zero."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    """The first deal, one hand per seat, if it was given to `new_game`; else None."""
    deck: tuple[Card, ...] | None = None
    """The first hand's whole shuffled pack, if it was given to `new_game`; else None."""
    actions: tuple[Action, ...] = ()
    """Every action of the game since it began, oldest first."""


class Hand(NamedTuple):
    """Internal: the hand core, one hand in progress: what every phase's step reads and
    builds.

    The steps of the auction, the declaration, the discards and trick play
    (`bidding.step_call`, `declaring.step_declaration`, `discarding.step_discard`,
    `play.step_play`) each take a core and an action and return the next core; the
    checked engine wraps it in a `GameState`, the playout kernel and the event log step
    it too. The forced steps a
    step took are recorded in its setup's `forced`.

    A named tuple of six fields, read by name (`hand.held`) or unpacked whole
    (`setup, to_act, held, plays, tricks, playable = hand`); nothing outside this module
    indexes it by number. The steps that build a core on every action (the auction's
    and trick play's) build it positionally with `core_of`, from a tuple in field order
    that `mypy` checks field by field (no two neighbouring fields share a type, so a swap
    does not pass); everything else builds it by keyword (`Hand(setup=..., ...)`).
    Immutable; why it is a tuple and not an attrs class: the internals guide, "What the
    shapes cost".
    """

    setup: HandState
    """The deal, the auction, trump, the discards, the phase, the forced steps and call
    your partner's call: the part that changes a few times a hand (shared by the cores
    in between)."""
    to_act: int | None
    """The seat to act; None once the hand is over (passed out, or its last trick
    played): the engine then scores it."""
    held: tuple[int, ...]
    """The cards each seat holds, as bit sets (bit `card.index`)."""
    plays: tuple[tuple[int, Card], ...] = ()
    """The `(seat, card)` plays of the trick in progress, in order (a pitched card lies
    here while the dealer answers)."""
    tricks: tuple[Trick, ...] = ()
    """The finished tricks of the hand."""
    playable: int = 0
    """The cards `to_act` may play (a bit set; 0 outside trick play), found by the step
    that built the core (`play.open_cards`, the rules of following: asked once per core,
    by trick play's rules, never here). `legal_actions` and `apply_action` read a set
    bit as trick play: every step keeps it 0 in the other phases (a test walks every
    preset)."""


CoreFields: TypeAlias = tuple[
    HandState, int | None, tuple[int, ...], tuple[tuple[int, Card], ...], tuple[Trick, ...], int
]
"""Internal: a `Hand`'s six fields, in order."""

core_of: Callable[[type[Hand], CoreFields], Hand] = tuple.__new__
"""Internal: `core_of(Hand, fields)`, the `Hand` of its six fields given as one tuple in
field order: the build of the steps that make a core on every action (the auction's and
trick play's). `mypy` checks the tuple field by field; `Hand(...)`'s own build goes
through a Python-level `__new__` first (see the internals guide)."""


@attrs.frozen(cache_hash=True)
class Standing:
    """Internal: the part of a game state that changes only when a hand ends (or never): the
    rules, how the game began, the scores, the finished hands, the winner and the earlier
    hands' actions.

    Every state of one hand shares it, so a step of the game does not copy these six
    values into the new state; the engine's steps read `state.standing.rules`, not the
    property."""

    rules: Rules
    """The rules of the game."""
    origin: GameRecord
    """How the game began (see `GameState.origin`)."""
    scores: tuple[int, ...]
    """One score per side."""
    history: HandHistory = attrs.field(hash=False)
    """The finished hands (not hashed: `hash(state)` costs the same however long the game)."""
    winner: int | None
    """The side that won, once the game is over."""
    earlier_log: ActionLog
    """The actions of the game before the current hand."""
    tables: tuple[TrumpTable, ...] = attrs.field(eq=False, repr=False)
    """The engine's tables of `rules`, one per trump (`tables.trump_tables`), kept here for
    the steps to read (derived from `rules`: not compared)."""
    calls: CallTable = attrs.field(eq=False, repr=False)
    """The auction's table of `rules` (`bidding.call_table`), kept here for the same reason."""
    last_hand: HandState | None = attrs.field(default=None, eq=False, repr=False)
    """The last finished hand's deal, auction and forced steps as its last step left them
    (None before the first hand ends): the event log reads the forced steps of the action
    that ended it here."""
    end_reason: EndReason | None = None
    """Why the game ended (the rule that made `winner`), once it is over."""


@attrs.frozen(repr=False)
class GameState:
    """A whole game at one moment: the current hand and everything before it.

    States are immutable; `apply_action` returns a new one. Read it through
    the fields and properties below; build it only with `new_game` (and
    `apply_action`).
    """

    standing: Standing
    """Internal: the rules, how the game began, the scores, the finished hands, the winner
    and the earlier hands' actions, shared by every state of the hand (read `rules`,
    `origin`, `scores`, `history`, `winner`, `log`)."""
    hand: Hand
    """Internal: the hand in progress, the core every phase's step works on (read `to_act`,
    `hands`, `trick`, `tricks`, `phase`, `bids`, `trump`, ...)."""
    hand_log: tuple[Action, ...]
    """Internal: the current hand's actions so far (read `log`)."""

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is; None when the game is over."""
        return self.hand.to_act

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks of the current hand."""
        return self.hand.tricks

    @property
    def hand_state(self) -> HandState:
        """Internal: the current hand's deal, auction, phase and forced steps (`hand.setup`)."""
        return self.hand.setup

    @property
    def held(self) -> tuple[int, ...]:
        """Internal: the cards each seat holds, as bit sets (read `hands`)."""
        return self.hand.held

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """Internal: the `(seat, card)` plays of the trick in progress, in order (read
        `trick`)."""
        return self.hand.plays

    @property
    def playable(self) -> int:
        """Internal: the cards the seat to act may play (a bit set; `hand.playable`). Use
        `legal_actions`."""
        return self.hand.playable

    @property
    def phase(self) -> Phase:
        """What the game is waiting for: the auction, trump, discards, trick play, or nothing
        (`Phase.GAME_OVER`)."""
        return self.hand.setup.phase

    @property
    def leader(self) -> int | None:
        """Internal: who leads (or led) the trick in progress; None when there is none (read
        `trick`). Not stored: the first player of the trick, or before the lead the seat to
        act (who always leads an empty trick)."""
        plays = self.plays
        if plays:
            return plays[0][0]
        return self.to_act if self.hand.setup.phase is _PLAY else None

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.standing.rules

    @property
    def origin(self) -> GameRecord:
        """How the game began: rules, seed, first dealer, starting scores, any fixed first
        deal (its `actions` are empty; `game_record` gives the whole record)."""
        return self.standing.origin

    @property
    def scores(self) -> tuple[int, ...]:
        """One score per side: `scores[rules.side_of(seat)]`."""
        return self.standing.scores

    @property
    def history(self) -> HandHistory:
        """The finished hands, oldest first: a `HandHistory`, shared with the states before
        it (it equals a tuple of the same hands). Not hashed: `hash(state)` costs the same
        however long the game."""
        return self.standing.history

    @property
    def winner(self) -> int | None:
        """The side that won, once the game is over."""
        return self.standing.winner

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended: the rule that made `winner` (a made or failed shoot, the
        last of a fixed number of hands, or the win rule); None while it goes on."""
        return self.standing.end_reason

    @property
    def earlier_log(self) -> ActionLog:
        """Internal: the actions of the game before the current hand (read `log`)."""
        return self.standing.earlier_log

    def __repr__(self) -> str:
        """The current position: rules, phase, seat to act, scores, the number of finished
        hands, winner and the current hand's tricks (never a hand's cards)."""
        return (
            f"GameState(rules={self.rules!r}, phase={self.phase!r}, to_act={self.to_act!r}, "
            f"scores={self.scores!r}, history={self.history!r}, winner={self.winner!r}, "
            f"leader={self.leader!r}, plays={self.plays!r}, tricks={self.tricks!r})"
        )

    @property
    def trick(self) -> Trick | None:
        """The trick in progress (possibly empty, before the lead); None outside play.

        A pitched card lies here while the dealer answers the pitch.
        """
        return None if self.leader is None else Trick(leader=self.leader, plays=self.plays)

    @property
    def log(self) -> ActionLog:
        """Every action of the game so far, oldest first, recorded as it was taken."""
        return self.earlier_log.extend(self.hand_log)

    @property
    def seed(self) -> int:
        """The seed every deal of this game is shuffled from."""
        return self.origin.seed

    def __str__(self) -> str:
        """The game as readable lines, every hand shown: `setback.text.state_text`."""
        from .text import state_text  # display only: text reads states, states do not need it

        return state_text(self)

    @property
    def is_over(self) -> bool:
        """Whether a side has won."""
        return self.hand.setup.phase is _GAME_OVER

    @property
    def dealer(self) -> int:
        """The seat that dealt the current hand (the last one, once the game is over)."""
        return self.hand.setup.dealer

    @property
    def hand_number(self) -> int:
        """The current hand's number, counting from 0 (the last one's, once the game is over);
        screens show it counted from 1 (`hand_number` 0 is "Hand 1")."""
        return self.hand.setup.number

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, sorted by suit then rank."""
        return tuple(cards_of(mask) for mask in self.held)

    @property
    def bids(self) -> tuple[tuple[int, Action], ...]:
        """The current hand's auction so far: `(seat, action)` pairs; empty once the game
        is over (the last hand is in `history`)."""
        return () if self.phase is _GAME_OVER else self.hand.setup.bids

    @property
    def pitcher(self) -> int | None:
        """The seat that won the current hand's auction, once it is over; None during the
        auction and once the game is over (the last hand is in `history`)."""
        if self.phase is _BIDDING or self.phase is _GAME_OVER:
            return None
        return self.hand.setup.pitcher

    @property
    def contract(self) -> int | None:
        """The winning bid (`rules.smudge_level` for a Smudge), once the auction is over;
        None during the auction and once the game is over."""
        if self.phase is _BIDDING or self.phase is _GAME_OVER:
            return None
        return self.hand.setup.contract

    @property
    def trump(self) -> Suit | None:
        """The trump suit, once it is known; None once the game is over."""
        return None if self.phase is _GAME_OVER else self.hand.setup.trump

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, in order (hidden from every player; a kitty is not among
        them, see `kitty`)."""
        setup = self.hand.setup
        if setup.trump is None and self.standing.rules.kitty:  # the kitty lies first
            return tuple(CARDS[i] for i in setup.stock[self.standing.rules.kitty :])
        return tuple(CARDS[i] for i in setup.stock)

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty's cards (`Rules.kitty`): face down until trump is declared, then taken
        into the pitcher's hand; empty without a kitty and once the game is over."""
        if self.phase is _GAME_OVER:
            return ()
        return cards_of(self.hand.setup.kitty)

    @property
    def face_up_discards(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's face-up discards this hand (seen by everyone); empty tuples when
        there are none and once the game is over."""
        if self.phase is _GAME_OVER or not self.hand.setup.face_up:
            return ((),) * self.rules.players
        return tuple(cards_of(mask) for mask in self.hand.setup.face_up)

    @property
    def discards(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's face-down discards this hand (hidden from the others); empty
        tuples until the discards begin and once the game is over."""
        if self.phase is _GAME_OVER or not self.hand.setup.discarded:
            return ((),) * self.rules.players
        return tuple(cards_of(mask) for mask in self.hand.setup.discarded)

    @property
    def called(self) -> Card | None:
        """The card the pitcher called this hand (`Rules.call_partner`); None before the
        call, without one and once the game is over."""
        called = self.hand.setup.called
        if not called or self.phase is _GAME_OVER:
            return None
        return CARDS[called.bit_length() - 1]

    @property
    def partner(self) -> int | None:
        """The seat holding the called card, or that played it this hand: the pitcher's
        partner (the pitcher's own seat when he holds it and plays alone). Hidden from the
        other seats' views until the card is played. None without a call, and in the
        call's phase (`Phase.CALL_PARTNER`)."""
        return None if self.phase is _GAME_OVER else self.hand.setup.partner

    def _repr_svg_(self) -> str:
        """The table's picture, every hand shown, for Jupyter: `setback.svg.state_svg`."""
        from .svg import state_svg  # the pictures import this module

        return state_svg(self)


def make_state(
    *,
    rules: Rules,
    origin: GameRecord,
    scores: tuple[int, ...],
    history: Sequence[HandResult],
    winner: int | None,
    hand: Hand,
    log: ActionLog,
    tables: tuple[TrumpTable, ...],
    calls: CallTable,
    last_hand: HandState | None = None,
    end_reason: EndReason | None = None,
) -> GameState:
    """A `GameState` at the start of a hand, at the end of a game, or from a sampled deal,
    from all its parts (keywords only). `log` holds every action before it; the new
    state's hand has none yet."""
    return GameState(
        standing=Standing(
            rules=rules,
            origin=origin,
            scores=scores,
            history=HandHistory.of(history),
            winner=winner,
            earlier_log=log,
            tables=tables,
            calls=calls,
            last_hand=last_hand,
            end_reason=end_reason,
        ),
        hand=hand,
        hand_log=(),
    )


def advance(state: GameState, action: Action, hand: Hand) -> GameState:
    """`state` after `action`, within the same hand: the game's fields carried over, the
    hand now `hand`, and `action` added to the hand's log (a copy of at most one hand's
    actions; the earlier hands' log is shared). Built positionally: the one positional
    build of a state."""
    return GameState(state.standing, hand, state.hand_log + (action,))  # noqa: RUF005 (per step)
