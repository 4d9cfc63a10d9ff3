"""The game as a stream of events, as one seat saw it: `events(state, seat, after=k)`.

A client that animates the table asks for the events after the last number it showed:
the calls, pitches, trump, discards (face-down ones as a count), plays, trick winners,
hand results and new deals. Events are numbered from 1 across the whole game; every seat's
stream has the same numbers, only what the events show differs (a seat sees its own
cards, never another's hidden ones).

Events are derived from the game's recorded actions (`GameState.log`), finished hands
(`GameState.history`) and the forced steps each step recorded: each hand that holds an
event asked for is replayed by the engine from its deal. To number them, each finished
hand's events are counted once, by the same replay, and remembered: the first query of
a game this process has not counted replays its hands once, later queries only the
hands they return.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import attrs

from .actions import Action, CallPartner, DeclareTrump, Discard, Pitch, Play
from .bidding import call_table
from .cards import Card, Suit, cards_of, mask_of
from .dealing import start_hand
from .discarding import rob_split
from .engine import apply_action, new_game_as
from .errors import RulesError
from .state import EMPTY_LOG, ForcedStep, GameRecord, GameState, HandResult, Phase, Trick
from .tables import trump_tables
from .trumps import trump_named_by
from .views import public_result

__all__ = [
    "Called",
    "Dealt",
    "Discarded",
    "Event",
    "FaceUpDiscarded",
    "GameOver",
    "HandScored",
    "PartnerCalled",
    "Pitched",
    "Played",
    "TrickWon",
    "TrumpDeclared",
    "events",
]


@attrs.frozen
class Dealt:
    """A new hand was dealt: who dealt, and the cards this seat received (only its own)."""

    number: int
    """The event's number in the game (from 1)."""
    hand_number: int
    """Which hand of the game this is, counting from 0 (as `GameState.hand_number`); screens
    show it counted from 1 ("Hand 1")."""
    dealer: int
    """The seat that dealt."""
    cards: tuple[Card, ...]
    """The cards dealt to the seat the events are for, sorted."""


@attrs.frozen
class Called:
    """A call in the auction: a pass, a bid, a Smudge or a shoot."""

    number: int
    """The event's number in the game (from 1)."""
    seat: int
    """The seat that called."""
    call: Action
    """The call: a `Pass`, `Bid`, `Smudge` or `Shoot`."""


@attrs.frozen
class Pitched:
    """A seat pitched (pitch instead of bid): a bid of every point, its card led face up,
    naming trump. A dealer who answers with a pitch or a Smudge gives this card back."""

    number: int
    """The event's number in the game (from 1)."""
    seat: int
    """The seat that pitched."""
    card: Card
    """The card pitched, face up."""
    trump: Suit
    """The trump the pitch names."""


@attrs.frozen
class TrumpDeclared:
    """The pitcher named trump before the first lead."""

    number: int
    """The event's number in the game (from 1)."""
    seat: int
    """The pitcher."""
    trump: Suit
    """The trump suit named."""


@attrs.frozen
class PartnerCalled:
    """The pitcher called his partner (call your partner): the card, seen by everyone;
    who holds it is shown by nobody until it is played."""

    number: int
    """The event's number in the game (from 1)."""
    seat: int
    """The pitcher."""
    card: Card
    """The card called."""


@attrs.frozen
class Discarded:
    """A seat discarded face down (and, where the rules say, drew from the stock).

    Everyone sees how many; only the seat itself sees which cards. The pitcher's taking
    the kitty (`Rules.kitty`) is one too: no card discarded, the kitty's cards drawn.
    """

    number: int
    """The event's number in the game (from 1)."""
    seat: int
    """The seat that discarded."""
    count: int
    """How many cards it discarded."""
    drawn: int
    """How many cards it drew from the stock (0 without a draw)."""
    cards: tuple[Card, ...] = ()
    """The cards discarded: shown only in the discarding seat's own events."""
    drawn_cards: tuple[Card, ...] = ()
    """The cards drawn: shown only in the drawing seat's own events."""


@attrs.frozen
class FaceUpDiscarded:
    """A seat discarded face up (Ten-point's excess trumps, Cinch's discards): seen by
    everyone; in Cinch a player but the dealer is then given cards from the stock."""

    number: int
    """The event's number in the game (from 1)."""
    seat: int
    """The seat that discarded."""
    cards: tuple[Card, ...]
    """The cards, face up."""
    drawn: int = 0
    """How many cards it was then given from the stock (Cinch; else 0)."""
    drawn_cards: tuple[Card, ...] = ()
    """The cards given: shown only in the seat's own events."""


@attrs.frozen
class Played:
    """A seat played a card to the trick."""

    number: int
    """The event's number in the game (from 1)."""
    seat: int
    """The seat that played."""
    card: Card
    """The card played."""
    trump: Suit | None = None
    """The trump this card named (the first lead, where no trump was declared), else None."""


@attrs.frozen
class TrickWon:
    """A trick is complete: who took it, and the whole trick."""

    number: int
    """The event's number in the game (from 1)."""
    winner: int
    """The seat that took the trick."""
    trick: Trick
    """The finished trick, every play in order."""


@attrs.frozen
class HandScored:
    """A hand is over and scored (or passed out): the hand's record as this seat may see
    it, and the scores after it."""

    number: int
    """The event's number in the game (from 1)."""
    result: HandResult
    """The finished hand (others' face-down discards and unplayed cards left out, as
    `PlayerView.last_result`)."""
    scores: tuple[int, ...]
    """Each side's score after the hand."""


@attrs.frozen
class GameOver:
    """The game is over."""

    number: int
    """The event's number in the game (from 1)."""
    winner: int | None
    """The side that won."""
    scores: tuple[int, ...]
    """The final scores, one per side."""


Event = (
    Dealt
    | Called
    | Pitched
    | TrumpDeclared
    | PartnerCalled
    | Discarded
    | FaceUpDiscarded
    | Played
    | TrickWon
    | HandScored
    | GameOver
)
"""Any event: the union of the event classes."""

EVENT_CLASSES = (
    Dealt,
    Called,
    Pitched,
    TrumpDeclared,
    PartnerCalled,
    Discarded,
    FaceUpDiscarded,
    Played,
    TrickWon,
    HandScored,
    GameOver,
)
"""The event classes, for `isinstance` checks."""


def events(state: GameState, seat: int, *, after: int = 0) -> tuple[Event, ...]:
    """What `seat` saw happen in the game, numbered from 1: the events numbered above `after`.

    A client keeps the number of the last event it showed and asks for the rest, so it
    can animate what happened since its last turn, including the last trick of a hand
    that just ended (the next hand is dealt in the same `apply_action`).

    Args:
        state: the full game state (kept on the server).
        seat: the seat whose events are wanted: its own cards are shown, nobody else's
            hidden ones (as `observe`).
        after: the number of the last event already seen (0 for all).

    Returns:
        The events numbered `after + 1` onwards, oldest first.

    Examples:
        >>> from setback import Rules, new_game, apply_action
        >>> state = apply_action(new_game(Rules.setback(), seed=7), "bid 2")
        >>> [type(event).__name__ for event in events(state, 0)]
        ['Dealt', 'Called']
        >>> events(state, 0, after=1)
        (Called(number=2, seat=1, call=Bid(2)),)

    Raises:
        RulesError: there is no such seat.
        TypeError: `state` is not a `GameState`, or `after` is not a whole number.
    """
    if type(state) is not GameState:
        raise TypeError(f"events takes a GameState, not {type(state).__name__}")
    rules = state.rules
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise RulesError(f"no seat {seat!r}: seats are 0 to {rules.players - 1}")
    if type(after) is not int:
        raise TypeError(f"after must be a whole number (an int), not {type(after).__name__}")
    start, number, offset = _first_hand(state, after)
    actions = tuple(state.log)[offset:]
    return tuple(
        event for event in _replay(state, start, number, actions, seat) if event.number > after
    )


def _first_hand(state: GameState, after: int) -> tuple[int, int, int]:
    """The hand that holds event `after + 1`, the number of events before it, and the
    number of actions before it (`hand_counts`)."""
    counts = hand_counts(state)
    number = offset = 0
    for hand, (count, actions) in enumerate(counts):
        if number + count > after:
            return hand, number, offset
        number += count
        offset += actions
    if state.is_over:  # only the GameOver event is left, after the last hand
        last = len(counts) - 1
        count, actions = counts[last]
        return last, number - count, offset - actions
    return len(counts), number, offset


def hand_counts(state: GameState) -> list[tuple[int, int]]:
    """The events and the actions of each finished hand of `state`. Its actions are its
    chunk of the game's log (`hand_logs`); its events are counted by replaying it through
    the step that makes them (`_step`, as `events` does), once per hand: the count is
    remembered (`_hand_events`), so a query replays only the hands it returns and those
    not counted before."""
    origin = state.origin
    # a log that holds fewer hands than the history (a sampled world's) stops short
    hands = zip(state.history, hand_logs(state), strict=False)
    return [
        (_hand_events(origin, number, result.dealer, actions), len(actions))
        for number, (result, actions) in enumerate(hands)
    ]


def hand_logs(state: GameState) -> list[tuple[Action, ...]]:
    """The actions of each finished hand of `state`, in order: the chunks of its log
    before the current hand (the engine adds one chunk per finished hand); where the log
    was built otherwise (a sampled state's), by replaying the game to find where each
    hand ends."""
    chunks = state.earlier_log.chunks()
    if len(chunks) == len(state.history):
        return chunks
    logs: list[tuple[Action, ...]] = []
    now, actions = _hand_start(state, 0), list(state.earlier_log)
    taken = 0
    for position, action in enumerate(actions):
        now = apply_action(now, action)
        if len(now.history) > len(logs):
            logs.append(tuple(actions[taken : position + 1]))
            taken = position + 1
    return logs


@functools.lru_cache(maxsize=4096)
def _hand_events(origin: GameRecord, number: int, dealer: int, actions: tuple[Action, ...]) -> int:
    """How many events hand `number` of the game that began as `origin`, dealt by
    `dealer`, made with its `actions`: its deal, what each action and the forced steps
    after it showed, the tricks and the score (not what follows the score: the next deal,
    or the game's end, which alone read the scores and the hands before it)."""
    sides = (0,) * len(origin.rules.sides)
    now = _start_of(origin, number, dealer, sides, ())
    counter = iter(range(1, 1 << 62))
    count = 1  # the deal
    for action in actions:
        after = apply_action(now, action)
        for event in _step(now, action, after, 0, counter):
            if isinstance(event, Dealt | GameOver):
                break
            count += 1
        now = after
    return count


def _hand_start(state: GameState, hand: int) -> GameState:
    """The state at the deal of hand number `hand` of `state`'s game."""
    scores = list(state.origin.scores or (0,) * len(state.rules.sides))
    for result in state.history[:hand]:
        scores = [a + b for a, b in zip(scores, result.score_changes, strict=True)]
    dealer = state.history[hand].dealer if hand < len(state.history) else state.dealer
    return _start_of(state.origin, hand, dealer, tuple(scores), state.history[:hand])


def _start_of(
    origin: GameRecord,
    hand: int,
    dealer: int,
    scores: tuple[int, ...],
    before: tuple[HandResult, ...],
) -> GameState:
    """The state at the deal of hand number `hand` of the game that began as `origin`,
    dealt by `dealer`, with `scores` and the finished hands `before` it."""
    rules = origin.rules
    if hand == 0:
        return new_game_as(origin)
    tables, calls = trump_tables(rules), call_table(rules)
    return start_hand(
        rules, origin, hand, dealer, scores, before, EMPTY_LOG, tables=tables, calls=calls
    )


def _replay(
    state: GameState, hand: int, number: int, actions: tuple[Action, ...], seat: int
) -> Iterator[Event]:
    """The events from the deal of `hand` (numbered from `number + 1`), replaying `actions`."""
    now = _hand_start(state, hand)
    counter = iter(range(number + 1, 1 << 62))
    yield Dealt(next(counter), now.hand_number, now.dealer, cards_of(now.held[seat]))
    for action in actions:
        after = apply_action(now, action)
        yield from _step(now, action, after, seat, counter)
        now = after


def _step(
    before: GameState, action: Action, after: GameState, seat: int, counter: Iterator[int]
) -> Iterator[Event]:
    """The events of one action, from the states before and after it, and the forced steps
    the action's step recorded (the draw, the draw back, forced face-up discards)."""
    actor = before.to_act
    assert actor is not None
    closed = len(after.history) > len(before.history)
    result = after.history[-1] if closed else None
    final = after.standing.last_hand if closed else after.hand_state
    assert final is not None
    forced = final.forced[len(before.hand_state.forced) :]
    if isinstance(action, Play):
        named = trump_named_by(action.card) if before.hand_state.trump is None else None
        yield Played(next(counter), actor, action.card, named)
    elif isinstance(action, Pitch):
        yield Pitched(next(counter), actor, action.card, trump_named_by(action.card))
    elif isinstance(action, DeclareTrump):
        yield TrumpDeclared(next(counter), actor, action.suit)
        yield from _forced(forced, seat, counter)
    elif isinstance(action, CallPartner):
        yield PartnerCalled(next(counter), actor, action.card)
        yield from _forced(forced, seat, counter)
    elif isinstance(action, Discard):
        if before.rules.robs_the_pack:
            yield from _rob_step(before, action, forced, seat, counter)
        elif before.rules.draws_back:
            yield FaceUpDiscarded(next(counter), actor, action.cards)
            yield from _forced(forced, seat, counter)
        else:
            drawn = sum(step.drawn for step in forced)  # the draw after the discard, if any
            own = actor == seat
            yield Discarded(
                next(counter),
                actor,
                len(action.cards),
                drawn.bit_count(),
                action.cards if own else (),
                cards_of(drawn) if own else (),
            )
    else:
        yield Called(next(counter), actor, action)
    tricks = result.tricks if result is not None else after.tricks
    if len(tricks) > len(before.tricks):
        done = tricks[-1]
        assert done.winner is not None
        yield TrickWon(next(counter), done.winner, done)
    if result is not None:
        scores = after.scores
        yield HandScored(next(counter), public_result(result, seat), scores)
        if after.phase is Phase.GAME_OVER:
            yield GameOver(next(counter), after.winner, scores)
        else:
            yield Dealt(next(counter), after.hand_number, after.dealer, cards_of(after.held[seat]))


def _rob_step(
    before: GameState,
    action: Discard,
    forced: tuple[ForcedStep, ...],
    seat: int,
    counter: Iterator[int],
) -> Iterator[Event]:
    """The events of a chosen discard in Cinch's discard and rob, and of the forced steps
    after it: the dealer's face-down non-trumps and face-up trumps; anyone else's face-up
    discard with the cards the stock then gave him (his first forced step)."""
    actor = before.to_act
    assert actor is not None and before.hand_state.trump is not None
    own = actor == seat
    trumps = before.standing.tables[before.hand_state.trump].trump_mask
    down, up = rob_split(mask_of(action.cards), trumps, actor == before.dealer)
    if actor == before.dealer:
        if down:
            yield Discarded(
                next(counter), actor, down.bit_count(), 0, cards_of(down) if own else ()
            )
        if up:
            yield FaceUpDiscarded(next(counter), actor, cards_of(up))
    else:
        drawn = forced[0].drawn if forced and forced[0].seat == actor else 0
        if drawn:
            forced = forced[1:]
        shown = cards_of(drawn) if own else ()
        yield FaceUpDiscarded(next(counter), actor, cards_of(up), drawn.bit_count(), shown)
    yield from _forced(forced, seat, counter)


def _forced(steps: tuple[ForcedStep, ...], seat: int, counter: Iterator[int]) -> Iterator[Event]:
    """The events of forced steps, as their step recorded them: a draw back's discard and
    draw, the pitcher's taking the kitty (a `Discarded` of no card that drew the kitty;
    the cards shown only to their seat), a forced face-up discard (shown to all), with
    what the stock gave back (Cinch), a discard both face down and face up (Cinch's
    dealer: two events)."""
    for step in steps:
        own = step.seat == seat
        if step.face_up and step.discarded:
            down = step.discarded
            yield Discarded(
                next(counter), step.seat, down.bit_count(), 0, cards_of(down) if own else ()
            )
            yield FaceUpDiscarded(next(counter), step.seat, cards_of(step.face_up))
        elif step.face_up:
            yield FaceUpDiscarded(
                next(counter),
                step.seat,
                cards_of(step.face_up),
                step.drawn.bit_count(),
                cards_of(step.drawn) if own else (),
            )
        else:
            own = step.seat == seat
            yield Discarded(
                next(counter),
                step.seat,
                step.discarded.bit_count(),
                step.drawn.bit_count(),
                cards_of(step.discarded) if own else (),
                cards_of(step.drawn) if own else (),
            )
