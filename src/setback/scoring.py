"""Hand scoring (High, Low, Jack, Game), settlement (made or set) and game end."""

from __future__ import annotations

from collections.abc import Callable

from .cards import Rank, Suit, cards_of
from .dealing import start_hand
from .rules import SMUDGE, LowTo, Rules, WinRule
from .state import POINT_NAMES, GameState, HandResult, HandState, Phase, Trick

__all__: list[str] = []


def _walk(rules: Rules, trump: Suit | None, tricks: tuple[Trick, ...]) -> _Tally:
    """Everything the points need, in one pass over the tricks."""
    side_of = rules._side_of
    tally = _Tally(len(rules.sides))
    for trick in tricks:
        assert trick.winner is not None
        taker = side_of[trick.winner]
        for seat, card in trick.plays:
            tally.card_points[taker] += card.points
            if card.suit is trump:
                rank = card.rank
                if tally.high is None or rank > tally.high[0]:
                    tally.high = (rank, seat)
                if tally.low is None or rank < tally.low[0]:
                    tally.low = (rank, seat, trick.winner)
                if rank is Rank.JACK:
                    tally.jack = taker
    return tally


class _Tally:
    """Card points per side and where the highest, lowest trump and the jack went."""

    __slots__ = ("card_points", "high", "jack", "low")

    def __init__(self, sides: int) -> None:
        self.card_points = [0] * sides
        self.high: tuple[int, int] | None = None  # rank, holder
        self.low: tuple[int, int, int] | None = None  # rank, holder, capturer
        self.jack: int | None = None  # capturing side


def _high(rules: Rules, tally: _Tally) -> int | None:
    return None if tally.high is None else rules._side_of[tally.high[1]]


def _low(rules: Rules, tally: _Tally) -> int | None:
    if tally.low is None:
        return None
    _, holder, capturer = tally.low
    return rules._side_of[holder if rules.low_to is LowTo.HOLDER else capturer]


def _jack(_rules: Rules, tally: _Tally) -> int | None:
    return tally.jack


def _game(_rules: Rules, tally: _Tally) -> int | None:
    """The strictly highest card-point total scores Game; a tie at the top, nobody."""
    best = max(tally.card_points)
    leaders = [side for side, total in enumerate(tally.card_points) if total == best]
    return leaders[0] if len(leaders) == 1 else None


POINTS: tuple[tuple[str, Callable[[Rules, _Tally], int | None]], ...] = tuple(
    zip(POINT_NAMES, (_high, _low, _jack, _game), strict=True)
)
"""The point set, in award order: each point's name and who takes it."""


def settle(
    rules: Rules, pitcher: int, contract: int, tricks: tuple[Trick, ...], won: tuple[int, ...]
) -> tuple[bool, tuple[int, ...]]:
    """Whether the pitching side made its contract, and each side's score change.

    Bids of 1 to 4 score the points won if at least the bid, else lose the bid;
    a Smudge scores 5 with all tricks and every point, else loses 5. The other
    sides always score what they won.
    """
    side_of = rules._side_of
    pitching = side_of[pitcher]
    if contract == SMUDGE:
        made = won[pitching] == len(POINTS) and all(
            side_of[trick.winner] == pitching for trick in tricks if trick.winner is not None
        )
        change = SMUDGE if made else -SMUDGE
    else:
        made = won[pitching] >= contract
        change = min(won[pitching], 4) if made else -contract
    changes = list(won)
    changes[pitching] = change
    return made, tuple(changes)


def score_hand(state: GameState, tricks: tuple[Trick, ...]) -> HandResult:
    """The record of the hand whose last trick has just been played."""
    rules, hand = state.rules, state.hand
    tally = _walk(rules, hand.trump, tricks)
    awards = tuple((name, award(rules, tally)) for name, award in POINTS)
    won = [0] * len(rules.sides)
    for _, side in awards:
        if side is not None:
            won[side] += 1
    assert hand.bidder is not None
    made, changes = settle(rules, hand.bidder, hand.high, tricks, tuple(won))
    held = [0] * rules.players
    for trick in tricks:
        for seat, card in trick.plays:
            held[seat] |= 1 << card.index
    return HandResult(
        number=hand.number,
        dealer=hand.dealer,
        hands=tuple(cards_of(mask) for mask in held),
        bids=hand.bids,
        pitcher=hand.bidder,
        contract=hand.high,
        trump=hand.trump,
        tricks=tricks,
        awards=awards,
        card_points=tuple(tally.card_points),
        score_changes=changes,
        made=made,
        discards=tuple(cards_of(mask) for mask in hand.discards),
    )


def passed_out(state: GameState, hand: HandState) -> HandResult:
    """The record of a hand that everyone passed: nothing played, nothing scored."""
    sides = len(state.rules.sides)
    return HandResult(
        number=hand.number,
        dealer=hand.dealer,
        hands=state.hands,
        bids=hand.bids,
        pitcher=None,
        contract=None,
        trump=None,
        tricks=(),
        awards=tuple((name, None) for name, _ in POINTS),
        card_points=(0,) * sides,
        score_changes=(0,) * sides,
        made=None,
    )


def game_winner(rules: Rules, before: tuple[int, ...], result: HandResult) -> int | None:
    """The side that wins at the end of the hand `result`, or None if play goes on."""
    pitching = result.pitching_side
    if pitching is None:
        return None
    target = rules.target
    after = [score + change for score, change in zip(before, result.score_changes, strict=True)]
    if rules.win_rule is WinRule.BID_OUT:
        return pitching if result.made and after[pitching] >= target else None
    if rules.win_rule is WinRule.PITCHER_FIRST:
        running = list(before)
        running[pitching] += result.score_changes[pitching]
        if result.made and running[pitching] >= target:
            return pitching
        for _, side in result.awards:
            if side is None or side == pitching:
                continue
            running[side] += 1
            if running[side] >= target:
                return side
        return None
    top = max(after)
    if top < target:
        return None
    leaders = [side for side, score in enumerate(after) if score == top]
    if len(leaders) == 1:
        return leaders[0]
    return pitching if pitching in leaders else None


def end_hand(state: GameState, result: HandResult, next_dealer: int) -> GameState:
    """Record `result`, settle the scores, and end the game or deal the next hand."""
    rules = state.rules
    scores = tuple(a + b for a, b in zip(state.scores, result.score_changes, strict=True))
    history = (*state.history, result)
    winner = game_winner(rules, state.scores, result)
    if winner is None:
        return start_hand(rules, state.origin, result.number + 1, next_dealer, scores, history)
    return GameState(
        rules=rules,
        origin=state.origin,
        phase=Phase.GAME_OVER,
        to_act=None,
        scores=scores,
        history=history,
        winner=winner,
        hand=state.hand,
        held=(0,) * rules.players,
        trick=None,
        tricks=(),
    )
