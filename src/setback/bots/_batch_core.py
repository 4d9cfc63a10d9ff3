"""Internal: the values of the batched engine that need no numpy: `Decision` (what a batched
policy is asked), `BatchResult` (how the hands ended), the keyed luck both engines draw
from, and the numbering of the choices. `setback.bots.batch` exports them."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from ..actions import Action, Bid, CallPartner, DeclareTrump, Discard, Pass, Pitch, Play
from ..bidding import BIDS, PASS, SHOOT_CALL, SMUDGE_CALL
from ..cards import CARDS, Suit, mask_of
from ..declaring import CALLS, DECLARATIONS
from ..discarding import discard_of
from ..errors import IllegalActionError
from ..refusals import Refusal
from ..rules import Rules
from .playout import PlayoutResult, passed_out

__all__: list[str] = []

CALL = "call"
"""The kind of `Decision` that asks for a call in the auction (a level, or a pitch)."""
DECLARE = "declare"
"""The kind of `Decision` that asks the pitcher for a trump (a suit)."""
CALL_PARTNER = "call_partner"
"""The kind of `Decision` that asks the pitcher to call a partner's card (a card index)."""
DISCARD = "discard"
"""The kind of `Decision` that asks for a discard (a bit set of cards)."""
PLAY = "play"
"""The kind of `Decision` that asks for a card to play (a card index)."""
KINDS = (CALL, DECLARE, CALL_PARTNER, DISCARD, PLAY)
"""Every kind of `Decision`, in the order of a hand."""

PITCH = 64
"""A call's choice for a pitch is `PITCH + card index` (levels are below 64)."""

DECLARABLE: int = sum(1 << int(a.suit) for a in DECLARATIONS if isinstance(a, DeclareTrump))
"""The suits open to name trump, as bits of their values: those of discarding's
`DECLARATIONS` (`legal_declarations`: any suit, even one nobody holds), so the batch's
mask and check follow that home."""


def declarable(choice: int) -> bool:
    """Whether a declaration's choice (a suit's value) is open."""
    return 0 <= choice < 64 and bool(DECLARABLE >> choice & 1)


Array: TypeAlias = Any
"""A numpy array (with the extra `fast`), else a tuple: one entry per deciding hand."""

_MASK64 = (1 << 64) - 1
_STEP = 0x9E3779B97F4A7C15
_DRAW = 0xD1B54A32D192ED03
_STREAM = 0xA0761D6478BD642F
_NEGATIVE = 0x8BB84B93962EACC9
_WIDE = 0xF1357AEA2E62A9C5


def mix64(value: int) -> int:
    """SplitMix64's finaliser: a well-mixed 64-bit word of the 64-bit word `value`."""
    z = value & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _fold(folded: int, part: int) -> int:
    """`folded` with the whole number `part` mixed in, 64 bits at a time, lowest first; a
    negative number is folded as its `~` and then a word that marks the sign, a number of
    two words or more is followed by a word that marks the width.

    Each of the 2**64 numbers from 0 to 2**64 - 1 (one word) gives its own result. The
    result has 64 bits, so every other number (a negative one, or one of 2**64 or more)
    shares it with some other number; the marks make that other a scrambled one (not -1
    with a constant, nor -2 and 2**64 with each other, as folding `~part ^ _STREAM` and
    the bare words did)."""
    value = part if part >= 0 else ~part
    mark = _NEGATIVE if part < 0 else _WIDE if value >> 64 else None
    while True:
        folded = (mix64(folded ^ (value & _MASK64)) + _STREAM) & _MASK64
        value >>= 64
        if not value:
            break
    if mark is not None:
        folded = (mix64(folded ^ mark) + _STREAM) & _MASK64
    return folded


def seed_state(seed: int) -> int:
    """The 64-bit state a batch's `seed` starts every hand's key from: distinct for the
    seeds 0 to 2**64 - 1; any other whole number (negative, or wider) shares its state
    with one other number, a scrambled one (64 bits cannot tell every number apart)."""
    return _fold(0, seed)


def stream_key(state: int, stream: int) -> int:
    """The 64-bit key of a hand's luck: its stream (any whole number) mixed into its
    batch's seed state (`seed_state`); distinct for the streams 0 to 2**64 - 1 of one
    state (as `seed_state`'s seeds)."""
    return mix64(_fold(state, stream))


def uniform(key: int, step: int, draw: int) -> float:
    """The `draw`-th number in [0, 1) of decision `step` of the hand whose luck is `key`:
    the same in the numpy engine (which computes it on arrays) and in the loop."""
    word = mix64(key + step * _STEP + draw * _DRAW)
    return (word >> 11) * 2.0**-53


STREAM = _STREAM


def mix(words: Any) -> Any:
    """`mix64` on a numpy array of 64-bit words (`uint64`), in place."""
    import numpy

    z, u64 = words, numpy.uint64
    z ^= z >> u64(30)
    z *= u64(0xBF58476D1CE4E5B9)
    z ^= z >> u64(27)
    z *= u64(0x94D049BB133111EB)
    z ^= z >> u64(31)
    return z


def uniforms(keys: Any, steps: Any, draw: int) -> Any:
    """`uniform` on numpy arrays: each hand's `draw`-th number in [0, 1) at its decision
    `steps`, its luck's key `keys` (the same numbers, to the last bit)."""
    import numpy

    u64 = numpy.uint64
    words = numpy.asarray(steps).astype(u64)
    words *= u64(_STEP)
    words += numpy.asarray(keys, dtype=u64)
    if draw:
        words += u64(draw * _DRAW & _MASK64)
    words = mix(words)
    words >>= u64(11)
    return words.astype(numpy.float64) * 2.0**-53


"""The multipliers of `uniform`, for the numpy engine."""


@attrs.frozen
class Decision:
    """One question the batched engine asks its policy: the same kind of choice, to be made
    in some of the batch's hands at once.

    Every field but `kind` and `rules` holds one entry per deciding hand (a numpy
    array with the extra `fast`, else a tuple), the policy's own and read-only: a write
    into one raises (numpy's `ValueError`, a tuple's `TypeError`), and the engine checks
    every choice against its own copy of what is open. Cards and sets of cards are bit sets:
    bit `card.index` (`CARDS[index]` is the card). The policy returns one choice per
    hand, in the same order (a sequence of whole numbers, or an array):

    - `"call"`: a level from `legal` (0 a pass, a bid's level, `rules.smudge_level` for
      the Smudge or the shoot), or `PITCH + card index` for a pitch of a card of
      `pitches`;
    - `"declare"`: a suit (`Suit` value, 0 to 3; every suit is open);
    - `"call_partner"`: a card index from `legal` (call your partner);
    - `"discard"`: a bit set of cards from `legal`, from `fewest` to `most` of them,
      holding all of `first` before any other card;
    - `"play"`: a card index from `legal`.

    A choice that is not open raises `IllegalActionError` naming the hand.
    """

    kind: str
    """`"call"`, `"declare"`, `"call_partner"`, `"discard"` or `"play"`."""
    rules: Rules
    """The rules of every hand of the batch."""
    hands: Array
    """The deciding hands' indices in the batch (ascending)."""
    seats: Array
    """The seat to act in each."""
    held: Array
    """Its cards (a bit set)."""
    legal: Array
    """What is open, as a bit set: the cards that may be played, called or discarded; the
    levels that may be called (bit 0 a pass, bit L a call of level L); the suits that
    may be named (bit `suit`: all four)."""
    streams: Array
    """Each hand's luck: a 64-bit key made from `play_batch`'s `seed` and the hand's
    stream. Hands with the same key meet the same luck (see `uniform`)."""
    steps: Array
    """How many of the hand's decisions came before this one in the batch (its own
    luck's counter)."""
    trump: Array
    """The trump (0 to 3), -1 while it is not known."""
    contract: Array
    """The highest call so far (0 for none; the contract after the auction)."""
    dealer: Array
    """The dealer."""
    trick: Array | None = None
    """`"play"`: the cards played to the trick so far, in order, -1 after the last (one
    row per hand, `rules.players` long)."""
    trick_seats: Array | None = None
    """`"play"`: the seats that played them (-1 after the last)."""
    pitches: Array | None = None
    """`"call"`: the cards that may be pitched instead (0 where none may)."""
    fewest: Array | None = None
    """`"discard"`: the fewest cards the discard may hold."""
    most: Array | None = None
    """`"discard"`: the most cards the discard may hold."""
    first: Array | None = None
    """`"discard"`: the cards a discard must hold all of before it holds any other
    (`legal` itself when no order binds)."""

    def __len__(self) -> int:
        """How many hands decide."""
        return len(self.hands)

    def uniform(self, draw: int = 0) -> Array:
        """Each hand's `draw`-th number in [0, 1) for this decision: a pure function of
        its `streams` key, its `steps` and `draw`, so a hand's luck does not depend on
        which other hands share its batch, and the numpy engine and the loop without numpy
        draw the same numbers."""
        if isinstance(self.streams, tuple):
            return tuple(
                uniform(key, step, draw) for key, step in zip(self.streams, self.steps, strict=True)
            )
        return uniforms(self.streams, self.steps, draw)


BatchPolicy: TypeAlias = Callable[[Decision], Any]
"""A batched policy: a function of a `Decision` that returns one choice per deciding hand
(see `Decision` for what a choice is)."""


def _side(value: int) -> int | None:
    return None if value < 0 else int(value)


@attrs.frozen(eq=False)
class BatchResult:
    """How each hand of a batch ended (`play_batch`): the fields of `PlayoutResult` as
    arrays, one row per hand in the order of the states (numpy arrays with the extra
    `fast`, read-only; tuples without it). `result(i)` reads hand `i` as a
    `PlayoutResult`."""

    rules: Rules
    """The rules of every hand."""
    score_changes: Array
    """What each side's score changes by: one row of `rules.side_count` per hand."""
    awards: Array
    """The side that took each point of `rules.points` (-1: nobody), one row per hand."""
    card_points: Array
    """Card points (for Game) in each side's tricks, one row per hand."""
    made: Array
    """Whether the pitching side made its contract (False for a passed-out hand: see
    `pitcher`)."""
    pitcher: Array
    """The seat that won the auction; -1 for a passed-out hand."""
    contract: Array
    """The contract's level; -1 for a passed-out hand."""
    trump: Array
    """The trump (0 to 3); -1 for a passed-out hand."""
    winners: Array
    """The seat that won each trick, in order (earlier tricks included), -1 after the
    last: one row per hand, as long as the most tricks a hand may have."""
    tricks: Array
    """How many tricks each hand had."""

    def __len__(self) -> int:
        """How many hands."""
        return len(self.pitcher)

    def result(self, index: int) -> PlayoutResult:
        """Hand `index` as the `PlayoutResult` that `playout_hand` gives (any whole number,
        a numpy one too; negative counts from the end).

        Raises:
            TypeError: `index` is not a whole number (a bool is not one).
            IndexError: there is no hand `index`.
        """
        if isinstance(index, bool) or not hasattr(index, "__index__"):
            raise TypeError(
                "BatchResult.result takes a hand's index (a whole number), "
                f"not {type(index).__name__}"
            )
        index = operator.index(index)
        if not -len(self) <= index < len(self):
            raise IndexError(f"no hand {index}: the batch has {len(self)} hands")
        pitcher = int(self.pitcher[index])
        if pitcher < 0:
            return passed_out(self.rules)
        tricks = int(self.tricks[index])
        return PlayoutResult(
            score_changes=tuple(int(change) for change in self.score_changes[index]),
            awards=tuple(
                (point.value, _side(int(side)))
                for point, side in zip(self.rules.points, self.awards[index], strict=True)
            ),
            card_points=tuple(int(points) for points in self.card_points[index]),
            made=bool(self.made[index]),
            pitcher=pitcher,
            contract=int(self.contract[index]),
            trump=Suit(int(self.trump[index])),
            winners=tuple(int(seat) for seat in self.winners[index][:tricks]),
        )


def results_of(batch: BatchResult) -> list[PlayoutResult]:
    """Every hand of `batch` as `BatchResult.result` reads it, the arrays read once."""
    rules = batch.rules

    def rows(values: Any) -> list[Any]:
        return values.tolist() if hasattr(values, "tolist") else list(values)

    names = [point.value for point in rules.points]
    out = []
    for changes, awards, card_points, made, pitcher, contract, trump, winners, tricks in zip(
        rows(batch.score_changes),
        rows(batch.awards),
        rows(batch.card_points),
        rows(batch.made),
        rows(batch.pitcher),
        rows(batch.contract),
        rows(batch.trump),
        rows(batch.winners),
        rows(batch.tricks),
        strict=True,
    ):
        if pitcher < 0:
            out.append(passed_out(rules))
            continue
        out.append(
            PlayoutResult(
                score_changes=tuple(changes),
                awards=tuple(
                    (name, None if side < 0 else side)
                    for name, side in zip(names, awards, strict=True)
                ),
                card_points=tuple(card_points),
                made=bool(made),
                pitcher=pitcher,
                contract=contract,
                trump=Suit(trump),
                winners=tuple(winners[:tricks]),
            )
        )
    return out


def code_of(rules: Rules, action: Action) -> tuple[str, int]:
    """The kind of decision `action` answers and its choice's number."""
    kind = type(action)
    if kind is Pass:
        return CALL, 0
    if kind is Bid:
        return CALL, action.level  # type: ignore[union-attr]
    if action in (SMUDGE_CALL, SHOOT_CALL):
        return CALL, rules.smudge_level
    if kind is Pitch:
        return CALL, PITCH + action.card.index  # type: ignore[union-attr]
    if kind is DeclareTrump:
        return DECLARE, int(action.suit)  # type: ignore[union-attr]
    if kind is CallPartner:
        return CALL_PARTNER, action.card.index  # type: ignore[union-attr]
    if kind is Discard:
        return DISCARD, mask_of(action.cards)  # type: ignore[union-attr]
    return PLAY, action.card.index  # type: ignore[union-attr]


def action_of(rules: Rules, kind: str, choice: int) -> Action | int:
    """The action a choice's number stands for (the number itself when it is none)."""
    try:
        if kind == CALL:
            if choice >= PITCH:
                return Pitch(CARDS[choice - PITCH])
            if choice == 0:
                return PASS
            if choice == rules.smudge_level and (rules.smudge or rules.shoot is not None):
                return SMUDGE_CALL if rules.shoot is None else SHOOT_CALL
            return BIDS[choice] if choice > 0 else choice
        if kind == DECLARE:
            return DECLARATIONS[choice] if 0 <= choice < 4 else choice
        if kind == CALL_PARTNER:
            return CALLS[choice] if 0 <= choice < len(CARDS) else choice
        if kind == DISCARD:
            return discard_of(choice) if 0 <= choice < 1 << len(CARDS) else choice
        return Play(CARDS[choice]) if 0 <= choice < len(CARDS) else choice
    except (IndexError, ValueError):
        return choice


def not_open(action: Action | int, seat: int, hand: int) -> IllegalActionError:
    """The error of a choice (a policy's, or a first action) that is not open in hand `hand`
    of a batch: the refusal `batch_not_open`, naming the hand."""
    return IllegalActionError(action, seat, Refusal("batch_not_open", {"hand": hand}))
