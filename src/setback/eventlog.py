"""The game as a stream of events, as one seat saw it: `events(state, seat, after=k)`.

A client that animates the table asks for the events after the last number it showed:
the calls, pitches, trump, discards (face-down ones as a count), plays, trick winners,
hand results and new deals. Events are numbered from 1 across the whole game; every seat's
stream has the same numbers, only what the events show differs (a seat sees its own
cards, never another's hidden ones).

Events are derived from the game's recorded actions (`GameState.log`) and finished hands
(`GameState.history`): each hand that holds an event asked for is replayed by the engine
from its deal, so a query costs about the hands it returns, not the whole game.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from .actions import Action, CallPartner, DeclareTrump, Discard, Pitch, Play, Smudge
from .cards import Card, Suit, cards_of, mask_of
from .dealing import start_hand
from .discarding import discard_order, excess_trumps, rob_bounds
from .engine import apply_action, new_game
from .errors import RulesError
from .rules import Rules
from .state import EMPTY_LOG, ForcedStep, GameState, HandResult, Phase, Trick
from .tables import trump_tables
from .trumps import trump_named_by
from .views import _public_result

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
    number of actions before it: counted from the finished hands, without replaying them.
    (If the counts do not add up to the log, replay from the start.)"""
    counts = hand_counts(state)
    if sum(actions for _, actions in counts) != len(state.log) - len(state.hand_log):
        return 0, 0, 0  # pragma: no cover - a safety net: the counts are tested to add up
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
    """The events and the actions of each finished hand of `state`, counted from their
    records (`_event_count`, `_action_count`); a hand whose record does not tell (a Cinch
    hand whose stock ran out exactly at a player: he may have had a choice) is replayed."""
    rules = state.rules
    counts: list[tuple[int, int]] = []
    offset = 0
    for number, result in enumerate(state.history):
        actions = _action_count(rules, result)
        if actions is None:
            actions = _replayed_actions(state, number, offset)
        counts.append((_event_count(rules, result, actions), actions))
        offset += actions
    return counts


def _replayed_actions(state: GameState, hand: int, offset: int) -> int:
    """How many actions hand number `hand` took (from action `offset` of the log): by
    replaying it."""
    now = _hand_start(state, hand)
    count = 0
    for action in tuple(state.log)[offset:]:
        now = apply_action(now, action)
        count += 1
        if len(now.history) > hand:
            break
    return count


def _rob_choices(rules: Rules, result: HandResult) -> int | None:
    """How many seats chose their discard in a finished hand of Cinch's discard and rob
    (`rob_bounds`: the others' were forced), or None where the record does not tell."""
    assert result.trump is not None
    table = trump_tables(rules)[result.trump]
    trumps = table.trump_mask
    stock = len(rules.pack_indices) - rules.players * rules.deal
    up = [mask_of(cards) for cards in result.face_up_discards] or [0] * rules.players
    down = [mask_of(cards) for cards in result.discards] or [0] * rules.players
    chose = 0
    for seat in discard_order(result.dealer, rules.players):
        held = mask_of(result.hands[seat])
        if seat == result.dealer:
            allowed, count = rob_bounds(rules, table, held | up[seat] | down[seat], 0, True)
            chose += allowed.bit_count() != count
        elif up[seat] & trumps:  # seven trumps or more: no draw
            allowed, count = rob_bounds(rules, table, held | up[seat], 0, False)
            chose += allowed.bit_count() != count
        else:
            drawn = up[seat].bit_count() - (rules.deal - 6)  # to six, if the stock could
            if drawn >= stock:  # the stock ran out here
                if (held & trumps).bit_count() >= 6 - stock:
                    return None  # refilled exactly (forced), or short (a choice)
                chose += 1
                drawn = stock
            stock -= drawn
    return chose


def _drawn_back(rules: Rules, result: HandResult) -> bool:
    """Whether the hand had Ten-point's draw back (forced discards and draws)."""
    return result.pitcher is not None and rules.draws_back


def _face_up_choices(rules: Rules, result: HandResult) -> int:
    """How many seats chose their face-up discard (the others' were forced: no choice)."""
    if not _drawn_back(rules, result) or result.trump is None:
        return 0
    chose = 0
    for seat, thrown in enumerate(result.face_up_discards):
        if thrown:
            before = 0
            for card in (*result.hands[seat], *thrown):
                before |= 1 << card.index
            called = 0 if result.called is None else 1 << result.called.index
            table = trump_tables(rules)[result.trump]
            free, count = excess_trumps(rules, table, before, called)
            chose += free.bit_count() > count
    return chose


def _action_count(rules: Rules, result: HandResult) -> int | None:
    """How many actions the finished hand `result` took (None where its record does not
    tell: `hand_counts` replays it)."""
    count = len(result.bids)
    if result.pitcher is None:
        return count
    if rules.declares_trump:
        count += 1 + rules.call_partner + (rules.kitty > 0)  # a partner's call; a kitty's discard
    if rules.robs_the_pack:
        chose = _rob_choices(rules, result)
        if chose is None:
            return None
        count += chose
    elif _drawn_back(rules, result):
        count += _face_up_choices(rules, result)
    elif rules.discard_count or rules.draw or rules.discards_and_draws:
        count += rules.players
    plays = sum(len(trick.plays) for trick in result.tricks)
    calls = [call for _, call in result.bids]
    pitched = any(isinstance(call, Pitch) for call in calls)
    return count + plays - (pitched and not isinstance(calls[-1], Smudge))


def _event_count(rules: Rules, result: HandResult, actions: int) -> int:
    """How many events the finished hand `result` made, which took `actions` actions: its
    deal, one per action, the forced discards, one per trick, and its score (not the
    `GameOver` after it)."""
    forced = 0
    if _drawn_back(rules, result):
        thrown = sum(1 for cards in result.face_up_discards if cards)
        forced = rules.players + thrown - _face_up_choices(rules, result)
    elif rules.robs_the_pack and result.pitcher is not None:
        return 2 + actions + _rob_events(rules, result) - _rob_decisions(rules, result, actions)
    elif rules.kitty and result.pitcher is not None:
        forced = 1  # the pitcher's taking the kitty
    return 2 + actions + forced + len(result.tricks)


def _rob_events(rules: Rules, result: HandResult) -> int:
    """The events of Cinch's discard and rob and of the tricks: one per player but the
    dealer (his face-up discard and what he is given), the dealer's taking the rest of
    the stock (if any was left), his face-down and his face-up discard (each if any),
    one per trick."""
    dealer = result.dealer
    up = len(result.face_up_discards[dealer]) if result.face_up_discards else 0
    down = len(result.discards[dealer]) if result.discards else 0
    robbed = len(result.hands[dealer]) + up + down - rules.deal
    return rules.players - 1 + (robbed > 0) + (down > 0) + (up > 0) + len(result.tricks)


def _rob_decisions(rules: Rules, result: HandResult, actions: int) -> int:
    """The discards among a Cinch hand's `actions` (the others are calls, trump, plays)."""
    plays = sum(len(trick.plays) for trick in result.tricks)
    return actions - len(result.bids) - 1 - plays


def _hand_start(state: GameState, hand: int) -> GameState:
    """The state at the deal of hand number `hand` of `state`'s game."""
    rules, origin = state.rules, state.origin
    if hand == 0:
        return new_game(
            rules,
            seed=origin.seed,
            dealer=origin.dealer,
            hands=origin.hands,
            deck=origin.deck,
            scores=origin.scores,
        )
    scores = list(origin.scores or (0,) * len(rules.sides))
    for result in state.history[:hand]:
        scores = [a + b for a, b in zip(scores, result.score_changes, strict=True)]
    dealer = state.history[hand].dealer if hand < len(state.history) else state.dealer
    return start_hand(rules, origin, hand, dealer, tuple(scores), state.history[:hand], EMPTY_LOG)


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
        yield HandScored(next(counter), _public_result(result, seat), scores)
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
    if actor == before.dealer:
        trumps = before.standing.tables[before.hand_state.trump].trump_mask
        thrown = mask_of(action.cards)
        down, up = thrown & ~trumps, thrown & trumps
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
        yield FaceUpDiscarded(next(counter), actor, action.cards, drawn.bit_count(), shown)
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
