"""The playout kernel: the rest of a hand played fast on bit sets, for search bots.

`playout_hand(state, policy)` plays the hand of `state` to its end (the
auction, trump, discards and every trick that are still to come) with the
choices of `policy`, and returns the hand's `PlayoutResult`. It builds no
`GameState` per step: it keeps the hands as bit sets (bit `card.index`) and
asks the same rule homes the checked engine asks (`following.open_cards`,
`bidding.calls_open`, `discarding.discard_bounds` and `excess_trumps`, the
`TrumpTable`s, `points.award_all`, `scoring.settle_won`).

**It is unchecked.** A policy's choice is taken as it is: a card it does not
hold, or a call that is not open, gives a wrong result, not an error. Use
`legal_actions` and `apply_action` wherever an action comes from outside;
use this where a program of yours makes every choice from the choices it is
given. A property test replays its hands through the checked API on every
preset and random option sets and finds the same choices, tricks and points.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import attrs

from .actions import Action, Bid, Discard, Pass, Pitch, Smudge
from .bidding import PITCHES, _calls, calls_open
from .cards import CARD_POINTS, CARDS, Suit, pick
from .discarding import _draw_back, discard_bounds, excess_trumps
from .errors import InvalidStateError
from .following import open_cards
from .options import KeepSix
from .phase import Phase
from .play import first_with_trump
from .points import JOKERS_FROM, Tally, award_all
from .rules import Rules
from .scoring import settle_won
from .state import GameState, HandState
from .trumps import TrumpTable, trump_named_by

__all__ = ["PlayoutPolicy", "PlayoutResult", "RandomPolicy", "playout_hand"]

_BIDDING, _DECLARE, _DISCARD, _PLAY = (
    Phase.BIDDING,
    Phase.DECLARE_TRUMP,
    Phase.DISCARD,
    Phase.PLAY,
)


class PlayoutPolicy(Protocol):
    """What makes the choices in `playout_hand`: one method per kind of decision.

    Each method gets the seat to act and its choices, and must return one of them
    (it is not checked). Cards and sets of cards are bit sets: bit `card.index`
    (`CARDS[index]` is the card).
    """

    def call(self, seat: int, calls: tuple[Action, ...], held: int) -> Action:
        """The call `seat` makes in the auction: one of `calls` (`Pass`, `Bid`, `Smudge`,
        `Pitch`, in the order of `legal_actions`); `held` is the seat's hand."""
        ...

    def declare(self, seat: int, held: int) -> Suit:
        """The trump the pitcher `seat` names, holding `held`."""
        ...

    def discard(self, seat: int, held: int, cards: int, fewest: int, most: int, first: int) -> int:
        """The cards `seat` discards (a bit set): some of `cards`, from `fewest` to `most`
        of them; a discard holding any card outside `first` must hold all of `first`
        (Smear's non-trumps before trumps; `first == cards` when no order binds)."""
        ...

    def play(
        self, seat: int, choices: int, plays: list[tuple[int, int]], table: TrumpTable | None
    ) -> int:
        """The index of the card `seat` plays: one of the bit set `choices`. `plays` holds
        the trick so far as `(seat, card index)` pairs (read it, do not keep it); `table`
        is the trump's table (None before the first lead sets trump)."""
        ...


@attrs.frozen
class RandomPolicy:
    """Uniformly random choices from `rng` (a random discard size, then random cards)."""

    rng: Callable[[], float]
    """A source of floats in [0, 1), e.g. `random.Random(seed).random`."""

    def call(self, seat: int, calls: tuple[Action, ...], held: int) -> Action:
        """A random call."""
        return calls[int(self.rng() * len(calls))]

    def declare(self, seat: int, held: int) -> Suit:
        """A random suit."""
        return Suit(int(self.rng() * 4))

    def discard(self, seat: int, held: int, cards: int, fewest: int, most: int, first: int) -> int:
        """A random number of cards from `fewest` to `most`, `first` first."""
        count = fewest + int(self.rng() * (most - fewest + 1))
        if first.bit_count() >= count:
            return random_cards(self.rng, first, count)
        return first | random_cards(self.rng, cards & ~first, count - first.bit_count())

    def play(
        self, seat: int, choices: int, plays: list[tuple[int, int]], table: TrumpTable | None
    ) -> int:
        """A random card of `choices`."""
        skip = int(self.rng() * choices.bit_count())
        while skip:
            choices &= choices - 1
            skip -= 1
        return (choices & -choices).bit_length() - 1


def random_cards(rng: Callable[[], float], cards: int, count: int) -> int:
    """`count` cards of the bit set `cards` at random (a bit set)."""
    chosen = 0
    for _ in range(count):
        skip = int(rng() * cards.bit_count())
        rest = cards
        while skip:
            rest &= rest - 1
            skip -= 1
        low = rest & -rest
        chosen |= low
        cards ^= low
    return chosen


@attrs.frozen
class PlayoutResult:
    """How a hand played by `playout_hand` ended (the fields of its `HandResult` that a
    search needs)."""

    score_changes: tuple[int, ...]
    """What each side's score changes by (all 0 for a passed-out hand)."""
    awards: tuple[tuple[str, int | None], ...]
    """`(point, side)` pairs in `rules.points` order, as in `HandResult.awards`."""
    card_points: tuple[int, ...]
    """Card points (for Game) in each side's tricks."""
    made: bool | None
    """Whether the pitching side made its contract; None for a passed-out hand."""
    pitcher: int | None
    """The seat that won the auction; None for a passed-out hand."""
    contract: int | None
    """The winning call's level; None for a passed-out hand."""
    trump: Suit | None
    """The trump; None for a passed-out hand."""
    winners: tuple[int, ...]
    """The seat that won each trick of the hand, in order (earlier tricks included)."""


_POLICY = ("call", "declare", "discard", "play")
"""The methods of a `PlayoutPolicy`."""


def playout_hand(
    state: GameState, policy: PlayoutPolicy, *, first: Action | None = None
) -> PlayoutResult:
    """Play the rest of the hand of `state` with `policy`'s choices, unchecked.

    Every decision still to come in the hand (calls, the trump, discards, cards) is
    asked of `policy`; forced steps (the draw, the draw back, forced face-up
    discards) happen on the way, as in `apply_action`. The next hand is not dealt.

    Args:
        state: any state of a game that is not over (a sampled full state, for a bot).
        policy: makes every choice (`PlayoutPolicy`; `RandomPolicy` plays at random).
        first: the action the seat to act takes first instead of asking `policy`
            (a search tries each of its candidates this way).

    Returns:
        The hand's score changes, points, contract and trick winners.

    Raises:
        TypeError: `state` is not a `GameState`, or `policy` has not the methods of a
            `PlayoutPolicy`.
        InvalidStateError: the game is over.

    Examples:
        >>> import random
        >>> from setback import Rules, new_game
        >>> state = new_game(Rules.setback(), seed=7)
        >>> result = playout_hand(state, RandomPolicy(random.Random(1).random))
        >>> len(result.score_changes), len(result.winners)
        (2, 6)
    """
    if type(state) is not GameState:
        raise TypeError(f"playout_hand takes a GameState, not {type(state).__name__}")
    if not all(callable(getattr(policy, name, None)) for name in _POLICY):
        raise TypeError(f"playout_hand takes a PlayoutPolicy, not {type(policy).__name__}")
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise InvalidStateError("the game is over: there is no hand to play out")
    rules = state.rules
    players = rules.players
    hand = state.hand_state
    held = list(state.held)
    dealer, contract, pitcher, trump = hand.dealer, hand.contract, hand.pitcher, hand.trump
    seat = state.to_act
    assert seat is not None
    leader = state.leader
    plays = [(player, card.index) for player, card in state.plays]

    if phase is _BIDDING:
        pitched = leader is not None
        smudge = rules.smudge_level if rules.smudge else 0
        call = policy.call
        while True:
            bounds = calls_open(rules, contract, dealer, seat, pitched)
            calls = _calls(bounds.may_pass, bounds.lowest, bounds.highest, smudge)
            if bounds.may_pitch:
                calls += pick(PITCHES, held[seat])
            if first is None:
                action = call(seat, calls, held[seat])
            else:
                action, first = first, None
            kind = type(action)
            if pitched:  # the dealer answers a pitch
                phase = _PLAY
                if kind is Pass:
                    assert leader is not None
                    seat = (leader + 1) % players
                    break
                back_seat, back_card = plays[0]
                held[back_seat] |= 1 << back_card
                if kind is Pitch:
                    card = action.card  # type: ignore[union-attr]
                    held[dealer] &= ~(1 << card.index)
                    trump, contract, pitcher = trump_named_by(card), rules.max_plain_bid, dealer
                    leader, plays, seat = dealer, [(dealer, card.index)], (dealer + 1) % players
                else:  # Smudge: the dealer leads and his lead sets trump
                    trump, contract, pitcher = None, rules.smudge_level, dealer
                    leader, plays, seat = dealer, [], dealer
                break
            if kind is Pitch:
                card = action.card  # type: ignore[union-attr]
                held[seat] &= ~(1 << card.index)
                trump, contract, pitcher = trump_named_by(card), rules.max_plain_bid, seat
                leader, plays = seat, [(seat, card.index)]
                if seat == dealer:
                    phase, seat = _PLAY, (seat + 1) % players
                    break
                seat, pitched = dealer, True
                continue
            if kind is Bid:
                contract, pitcher = action.level, seat  # type: ignore[union-attr]
            elif kind is Smudge:
                contract, pitcher = rules.smudge_level, seat
            if seat != dealer:
                seat = (seat + 1) % players
                continue
            if pitcher is None:  # passed out: nothing is played or scored
                sides = rules.side_count
                return PlayoutResult(
                    (0,) * sides,
                    tuple((point.value, None) for point in rules.points),
                    (0,) * sides,
                    None,
                    None,
                    None,
                    None,
                    (),
                )
            seat = pitcher
            if rules.declares_trump:
                phase = _DECLARE
            else:
                phase, leader, plays = _PLAY, pitcher, []
            break

    assert pitcher is not None
    if phase is _DECLARE:
        if first is None:
            trump = policy.declare(seat, held[seat])
        else:
            trump, first = first.suit, None  # type: ignore[union-attr]
        phase = _DISCARD
        seat = -1  # the discards begin with the first seat that has one to make
        if rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK:
            drawn, back = _draw_back(
                rules,
                HandState(
                    hand.number, dealer, hand.stock, (), contract, pitcher, trump, (0,) * players
                ),
                tuple(held),
            )
            held = list(back)
            stock: tuple[int, ...] = drawn.stock
        elif rules.discard_count or rules.draw:
            stock = hand.stock
        else:
            phase = _PLAY
    else:
        stock = hand.stock

    if phase is _DISCARD:
        assert trump is not None
        order = [(dealer + k) % players for k in range(1, players + 1)]
        start = 0 if seat < 0 else order.index(seat)
        discard = policy.discard
        if rules.deal > 6 and rules.keep_six is KeepSix.DRAW_BACK:
            for player in order[start:]:
                free, count = excess_trumps(rules, trump, held[player])
                if not count:
                    continue
                if free.bit_count() > count:
                    if first is None:
                        thrown = discard(player, held[player], free, count, count, free)
                    else:
                        thrown, first = _mask(first), None
                else:
                    thrown = free
                held[player] &= ~thrown
        else:
            trumps = rules.trump_tables[trump].trump_mask
            in_order = rules.deal > 6 and rules.keep_six is KeepSix.NON_TRUMPS_FIRST
            for player in order[start:]:
                cards, fewest, most = discard_bounds(rules, trump, held[player], len(stock))
                if first is None:
                    before = cards & ~trumps if in_order else cards
                    thrown = discard(player, held[player], cards, fewest, most, before)
                else:
                    thrown, first = _mask(first), None
                held[player] &= ~thrown
                if rules.draw:
                    count = thrown.bit_count()
                    for index in stock[:count]:
                        held[player] |= 1 << index
                    stock = stock[count:]
        phase, leader = _PLAY, None
    if phase is _PLAY and leader is None:  # trump is known, nobody has led: the pitcher leads
        assert trump is not None
        seat = leader = pitcher
        plays = []
        if rules.trumps_only:
            lead = first_with_trump(rules, trump, held, pitcher)
            if lead is None:
                return _score(rules, pitcher, contract, trump, [], [])
            seat = leader = lead

    # trick play
    played: list[tuple[int, int, int]] = []  # (card, holder, capturer) of finished tricks
    winners: list[int] = []
    for done in state.tricks:
        assert done.winner is not None
        winners.append(done.winner)
        for player, card in done.plays:
            played.append((card.index, player, done.winner))
    count_done = len(winners)
    table = None if trump is None else rules.trump_tables[trump]
    play = policy.play
    if rules.trumps_only:
        assert trump is not None and table is not None
        trump_mask = table.trump_mask
        while True:
            choices = held[seat] & trump_mask  # open_cards under trumps_only
            if first is None:
                card = play(seat, choices, plays, table)
            else:
                card, first = first.card.index, None  # type: ignore[union-attr]
            held[seat] &= ~(1 << card)
            plays.append((seat, card))
            done_seats = {player for player, _ in plays}
            for k in range(1, players):
                after = (seat + k) % players
                if after not in done_seats and held[after] & trump_mask:
                    seat = after
                    break
            else:
                winner = _winner(table, plays)
                winners.append(winner)
                for player, index in plays:
                    played.append((index, player, winner))
                lead = first_with_trump(rules, trump, held, winner)
                if lead is None:
                    break
                seat, plays = lead, []
        return _score(rules, pitcher, contract, trump, played, winners)

    per_hand = rules.tricks_per_hand
    while True:
        choices = open_cards(
            rules, held[seat], trump, plays[0][1] if plays else -1, not count_done
        )[0]
        if first is None:
            card = play(seat, choices, plays, table)
        else:
            card, first = first.card.index, None  # type: ignore[union-attr]
        held[seat] &= ~(1 << card)
        if table is None:  # the first lead sets trump
            trump = trump_named_by(CARDS[card])
            table = rules.trump_tables[trump]
        plays.append((seat, card))
        if len(plays) < players:
            seat = (seat + 1) % players
            continue
        power = table.power[table.suits[plays[0][1]]]
        best = -1
        for player, index in plays:
            strength = power[index]
            if strength > best:
                best, seat = strength, player
        for player, index in plays:
            played.append((index, player, seat))
        winners.append(seat)
        count_done += 1
        if count_done == per_hand:
            break
        plays = []
    assert trump is not None
    return _score(rules, pitcher, contract, trump, played, winners)


def _mask(action: Action) -> int:
    """The cards of a `Discard` as a bit set."""
    assert isinstance(action, Discard)
    mask = 0
    for card in action.cards:
        mask |= 1 << card.index
    return mask


def _winner(table: TrumpTable, plays: list[tuple[int, int]]) -> int:
    """The seat that wins a trick of `(seat, card index)` plays."""
    power = table.power[table.suits[plays[0][1]]]
    best, winner = -1, plays[0][0]
    for player, index in plays:
        if power[index] > best:
            best, winner = power[index], player
    return winner


def _score(
    rules: Rules,
    pitcher: int,
    contract: int,
    trump: Suit,
    played: list[tuple[int, int, int]],
    winners: list[int],
) -> PlayoutResult:
    """The points of the hand from its tricks' cards: `(card, holder, capturer)` triples."""
    side_of = rules.seat_sides
    table = rules.trump_tables[trump]
    trump_mask, power = table.trump_mask, table.power[trump]
    totals = [0] * rules.side_count
    for index, _, capturer in played:
        totals[side_of[capturer]] += CARD_POINTS[index]
    trumps = sorted(
        [
            (power[index], index, holder, capturer)
            for index, holder, capturer in played
            if trump_mask >> index & 1 and index < JOKERS_FROM
        ],
        reverse=True,
    )
    tally = Tally(
        side_of,
        rules.low_to,
        table,
        tuple([(index, holder, capturer) for _, index, holder, capturer in trumps]),
        {index: capturer for index, _, capturer in played},
        tuple(totals),
    )
    awards, won = award_all(rules.award_plan, tally, rules.side_count)
    pitching = side_of[pitcher]
    swept = all(side_of[winner] == pitching for winner in winners)
    made, changes = settle_won(rules, pitcher, contract, swept, won)
    return PlayoutResult(
        changes, awards, tuple(totals), made, pitcher, contract, trump, tuple(winners)
    )
