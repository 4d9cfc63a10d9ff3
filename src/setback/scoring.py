"""The end of a hand: its points (walking `rules.points`), made or set, and game end."""

from __future__ import annotations

from .cards import CARD_POINTS, cards_of
from .options import WinRule
from .points import Point, Tally, award_all
from .rules import Rules
from .state import HandResult, HandState, Trick

__all__: list[str] = []

# Module constants: reading a member off an Enum class costs a Python-level lookup.
_BID_OUT = WinRule.BID_OUT
_PITCHER_FIRST = WinRule.PITCHER_FIRST


def settle(
    rules: Rules, pitcher: int, contract: int, tricks: tuple[Trick, ...], won: tuple[int, ...]
) -> tuple[bool, tuple[int, ...]]:
    """Whether the pitching side made its contract, and each side's score change.

    A plain bid scores the points won if at least the bid, else loses the bid;
    a Smudge scores its level with every trick and every point, else loses it.
    The other sides always score what they won.
    """
    side_of = rules.seat_sides
    pitching = side_of[pitcher]
    swept = is_smudge(rules, contract) and all(  # asked only of a Smudge
        side_of[trick.winner] == pitching for trick in tricks if trick.winner is not None
    )
    return settle_won(rules, pitcher, contract, swept, won)


def is_smudge(rules: Rules, contract: int) -> bool:
    """Whether the contract `contract` is a Smudge: every trick and every point."""
    return rules.smudge and contract == rules.smudge_level


def settle_won(
    rules: Rules, pitcher: int, contract: int, swept: bool, won: tuple[int, ...]
) -> tuple[bool, tuple[int, ...]]:
    """`settle` given whether the pitching side took every trick (`swept`, read only for a
    Smudge: `settle` asks it of no other contract): the one home of made or set (the
    playout kernel asks it too)."""
    pitching = rules.seat_sides[pitcher]
    if is_smudge(rules, contract):
        made = won[pitching] == rules.total_points and swept
        change = contract if made else -contract
    else:
        made = won[pitching] >= contract
        change = won[pitching] if made else -contract
    changes = list(won)
    changes[pitching] = change
    return made, tuple(changes)


def score_hand(
    rules: Rules, hand: HandState, tricks: tuple[Trick, ...], played: tuple[int, ...]
) -> HandResult:
    """The record of the hand whose last trick has just been played.

    `played` holds each seat's cards in play (bit sets): what it held when play began.
    """
    assert hand.trump is not None and hand.pitcher is not None
    tally = Tally.walk(
        rules.seat_sides, rules.low_to, rules.trump_tables[hand.trump], tricks, CARD_POINTS
    )
    awards, won = award_all(rules.award_plan, tally, rules.side_count)
    made, changes = settle(rules, hand.pitcher, hand.contract, tricks, won)
    # positionally, in the order of HandResult's fields (a quarter faster than keywords)
    return HandResult(
        hand.number,
        hand.dealer,
        tuple(map(cards_of, played)),
        hand.bids,
        hand.pitcher,
        hand.contract,
        hand.trump,
        tricks,
        awards,
        tally.card_points,
        changes,
        made,
        tuple(map(cards_of, hand.discarded)),
        tuple(map(cards_of, hand.face_up)),
    )


def passed_out(rules: Rules, hand: HandState, held: tuple[int, ...]) -> HandResult:
    """The record of a hand that everyone passed: nothing played, nothing scored."""
    nothing = (0,) * rules.side_count
    # positionally, in the order of HandResult's fields
    return HandResult(
        hand.number,
        hand.dealer,
        tuple(map(cards_of, held)),
        hand.bids,
        None,
        None,
        None,
        (),
        tuple([(point._value_, None) for point in rules.points]),
        nothing,
        nothing,
        None,
    )


def game_winner(rules: Rules, before: tuple[int, ...], result: HandResult) -> int | None:
    """The side that wins at the end of the hand `result`, or None if play goes on."""
    pitching = result.pitching_side
    if pitching is None:
        return None
    target = rules.target
    if rules.win_rule is _BID_OUT:
        after = before[pitching] + result.score_changes[pitching]
        return pitching if result.made and after >= target else None
    if rules.win_rule is _PITCHER_FIRST:
        running = list(before)
        running[pitching] += result.score_changes[pitching]
        if result.made and running[pitching] >= target:
            return pitching
        for name, side in result.awards:
            if side is None or side == pitching:
                continue
            running[side] += Point(name).worth
            if running[side] >= target:
                return side
        return None
    after_all = [score + change for score, change in zip(before, result.score_changes, strict=True)]
    top = max(after_all)
    if top < target:
        return None
    leaders = [side for side, score in enumerate(after_all) if score == top]
    if len(leaders) == 1:
        return leaders[0]
    return pitching if pitching in leaders else None
