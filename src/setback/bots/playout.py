"""The playout kernel: the rest of a hand played fast on bit sets, for search bots.

`playout_hand(state, policy)` plays the hand of `state` to its end (the
auction, trump, discards and every trick that are still to come) with the
choices of `policy`, and returns the hand's `PlayoutResult`. It builds no
`GameState` per step: it keeps the hands as bit sets (bit `card.index`) and
takes each step with the transition functions the checked engine's steps are
built from: the auction's `bidding.after_call` and `calls_open`, the draw back
(`discarding.draw_back`) and the forced face-up discards
(`discarding.forced_face_up`), `discarding.discard_bounds`, trick play's
`play.open_cards` and its one step once a card is played (`play.after_play`),
and scoring's `tally`, `points.award_all` and `scoring.settle`. No rule and no
transition is written here.

**It is unchecked.** A policy's choice is taken as it is: a card it does not
hold, or a call that is not open, gives a wrong result, not an error. Use
`legal_actions` and `apply_action` wherever an action comes from outside;
use this where a program of yours makes every choice from the choices it is
given. A property test replays its hands through the checked API on every
preset and random option sets and finds the same choices, tricks and points.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from ..actions import Action, Play
from ..bidding import PITCHES, after_call, held_after, position
from ..cards import ALL_BUT, BIT, CARDS, Suit, mask_of, pick
from ..declaring import CALLS, DECLARATIONS, callable_cards
from ..discarding import discard_of, discard_options
from ..engine import step_core
from ..errors import InvalidStateError
from ..play import after_play, open_cards
from ..points import award_all
from ..rules import Rules
from ..scoring import cards_in_play, settle, tally
from ..state import (
    GameState,
    Hand,
    Phase,
    core_of,
    with_auction,
)
from ..tables import CallTable
from ..trumps import TrumpTable, trump_named_by

_POLICY = ("call", "declare", "discard", "play")
"""The methods a `PlayoutPolicy` has."""
_BIDDING = Phase.BIDDING
_PLAY = Phase.PLAY  # module constants: reading a member off an Enum class is a Python call

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

    # Optional (call your partner, `Rules.call_partner`): a policy without it calls the
    # highest trump the pitcher lacks (`highest_trump`).
    # def call_partner(self, seat: int, held: int, cards: int, table: TrumpTable) -> int:
    #     """The index of the card the pitcher `seat`, holding `held`, calls: one of the
    #     bit set `cards` (the trumps he does not hold)."""
    #
    # Optional: a policy with `discard_under` is asked it instead of `discard`, with the
    # trump's table (every discard comes after the trump is named).
    # def discard_under(
    #     self, seat: int, held: int, cards: int, fewest: int, most: int, first: int,
    #     table: TrumpTable,
    # ) -> int:
    #     """As `discard`, under the trump of `table`."""
    #
    # Optional: a policy with `play_holding` is asked it instead of `play`, with the cards
    # the seat holds (the batched engine's loop passes them on to its policy).
    # def play_holding(
    #     self, seat: int, held: int, choices: int, plays: list[tuple[int, int]],
    #     table: TrumpTable | None,
    # ) -> int:
    #     """As `play`, for `seat` holding `held` (a bit set)."""


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

    def call_partner(self, seat: int, held: int, cards: int, table: TrumpTable) -> int:
        """A random card of `cards` (call your partner)."""
        return self.play(seat, cards, [], table)

    def play(
        self, seat: int, choices: int, plays: list[tuple[int, int]], table: TrumpTable | None
    ) -> int:
        """A random card of `choices`."""
        skip = int(self.rng() * choices.bit_count())
        while skip:
            choices &= choices - 1
            skip -= 1
        return (choices & -choices).bit_length() - 1


def highest_trump(table: TrumpTable, cards: int) -> int:
    """The index of the highest trump of the bit set `cards` (in the trump order of
    `table`): the call of a policy that has no `call_partner`, and the bots' call
    (Trickster's bot calls the highest trump it lacks)."""
    return next(index for index in table.order if cards >> index & 1)


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
    if first is not None and not isinstance(first, Action):
        raise TypeError(f"playout_hand's first takes an action, not {type(first).__name__}")
    if state.phase is Phase.GAME_OVER:
        raise InvalidStateError("the game is over: there is no hand to play out")
    standing = state.standing
    rules, tables, calls = standing.rules, standing.tables, standing.calls
    hand = state.hand
    if hand.setup.phase is _BIDDING:
        hand = _auction(rules, calls, hand, policy, first)
        first = None  # the first call took it
    # trump and the discards: the engine's own steps, on the hand core
    while hand.to_act is not None and hand.setup.phase is not _PLAY:
        actor, phase = hand.to_act, hand.setup.phase
        if first is not None:
            action, first = first, None
        elif phase is Phase.DECLARE_TRUMP:
            action = DECLARATIONS[policy.declare(actor, hand.held[actor])]
        elif phase is Phase.CALL_PARTNER:
            action = CALLS[_call(rules, tables, hand, policy)]
        else:
            cards, fewest, most, before = discard_options(rules, tables, hand)
            trump = hand.setup.trump
            under = getattr(policy, "discard_under", None)
            if under is not None and trump is not None:
                thrown = under(actor, hand.held[actor], cards, fewest, most, before, tables[trump])
            else:
                thrown = policy.discard(actor, hand.held[actor], cards, fewest, most, before)
            action = discard_of(thrown)
        hand = step_core(rules, tables, hand, action)
    setup = hand.setup
    pitcher, contract, trump = setup.pitcher, setup.contract, setup.trump
    if pitcher is None:  # passed out: nothing is played or scored
        return passed_out(rules)
    table = None if trump is None else tables[trump]
    # each seat's cards in play (fixed once trick play begins) and the cards it has won
    in_play, done = cards_in_play(hand.held, hand.tricks, hand.plays)
    won = list(done)
    winners = [trick.winner for trick in hand.tricks if trick.winner is not None]
    partner = setup.partner  # call your partner's partner (None without a call)
    seat = hand.to_act
    if seat is None:  # the hand ended before a card was played (nobody holds a trump)
        assert table is not None
        return _score(rules, table, pitcher, contract, in_play, won, winners, partner)
    # trick play, on bit sets: trick play's own transitions
    held = list(hand.held)
    plays = [(player, card.index) for player, card in hand.plays]
    trick = mask_of(card for _, card in hand.plays)  # the cards of the trick in progress
    play = policy.play
    holding = getattr(policy, "play_holding", None)
    if holding is not None:  # the seat's cards too (read when asked: `held` changes)

        def play(
            seat: int, choices: int, plays: list[tuple[int, int]], table: TrumpTable | None
        ) -> int:
            return int(holding(seat, held[seat], choices, plays, table))

    must = setup.must_play  # call your partner's called card (0 without one)
    while True:
        choices = open_cards(
            rules, table, held[seat], plays[0][1] if plays else -1, not winners, must
        )[0]
        if first is None:
            index = play(seat, choices, plays, table)
        else:
            assert isinstance(first, Play)
            index, first = first.card.index, None
        held[seat] &= ALL_BUT[index]
        trick |= BIT[index]
        if table is None:  # the first lead sets trump
            table = tables[trump_named_by(CARDS[index])]
        plays.append((seat, index))
        after, winner = after_play(rules, table, held, plays, len(winners), TrumpTable.winner_of)
        if winner < 0:  # the trick goes on
            seat = after
            continue
        winners.append(winner)
        won[winner] |= trick
        if after < 0:  # the hand is over
            return _score(rules, table, pitcher, contract, in_play, won, winners, partner)
        seat, plays, trick = after, [], 0


@functools.lru_cache(maxsize=64)
def passed_out(rules: Rules) -> PlayoutResult:
    """The result of a hand everyone passed under `rules`: nothing played or scored."""
    sides = rules.side_count
    return PlayoutResult(
        score_changes=(0,) * sides,
        awards=tuple((point.value, None) for point in rules.points),
        card_points=(0,) * sides,
        made=None,
        pitcher=None,
        contract=None,
        trump=None,
        winners=(),
    )


def _call(rules: Rules, tables: Sequence[TrumpTable], hand: Hand, policy: PlayoutPolicy) -> int:
    """The card the pitcher calls (call your partner): the policy's `call_partner`, or
    the highest trump he lacks."""
    setup, seat = hand.setup, hand.to_act
    assert seat is not None and setup.trump is not None
    table = tables[setup.trump]
    cards = callable_cards(rules, table, hand.held[seat])
    chooser = getattr(policy, "call_partner", None)
    if chooser is None:
        return highest_trump(table, cards)
    return int(chooser(seat, hand.held[seat], cards, table))


def _auction(
    rules: Rules, calls: CallTable, hand: Hand, policy: PlayoutPolicy, first: Action | None
) -> Hand:
    """The auction of `hand` played to its end with `policy`'s calls (`first` first), on
    plain values through the auction's own transition (`bidding.after_call`): the core
    after it (the pitcher to declare trump or to lead; `to_act` None if passed out)."""
    setup = hand.setup
    held = hand.held
    dealer, contract, pitcher, pitched = setup.dealer, setup.contract, setup.pitcher, hand.plays
    seat = hand.to_act
    assert seat is not None
    while True:
        bounds, options = position(calls, contract, dealer, seat, bool(pitched))
        if bounds.may_pitch:
            options += pick(PITCHES, held[seat])
        if first is None:
            action = policy.call(seat, options, held[seat])
        else:
            action, first = first, None
        outcome = after_call(rules, dealer, seat, contract, pitcher, pitched, action)
        held = held_after(outcome, seat, held)
        contract, pitcher, pitched = outcome.contract, outcome.pitcher, outcome.plays
        if outcome.to_act is None or outcome.phase is not _BIDDING:
            break
        seat = outcome.to_act
    ended = with_auction(
        setup,
        bids=setup.bids,  # the kernel's result holds no auction
        contract=contract,
        pitcher=pitcher,
        trump=outcome.trump,
        phase=outcome.phase,
    )
    return core_of(Hand, (ended, outcome.to_act, held, pitched, (), 0))


def _score(
    rules: Rules,
    table: TrumpTable,
    pitcher: int,
    contract: int,
    in_play: tuple[int, ...],
    won: list[int],
    winners: list[int],
    partner: int | None = None,
) -> PlayoutResult:
    """The points of the hand from each seat's cards in play and the cards of the tricks
    it won (bit sets; `partner`: call your partner's, see `scoring.settle`)."""
    counted = tally(rules, table, in_play, tuple(won))
    awards, points = award_all(rules.points, counted, rules.side_count)
    made, changes = settle(rules, pitcher, contract, winners, points, partner)
    return PlayoutResult(
        score_changes=changes,
        awards=awards,
        card_points=counted.card_points,
        made=made,
        pitcher=pitcher,
        contract=contract,
        trump=table.trump,
        winners=tuple(winners),
    )
