"""The end of a hand: its points (walking `rules.points`), made or set, the settlement and
the game's end (the engine closes the hand: `engine.close_hand`)."""

from __future__ import annotations

import operator
from collections.abc import Container, Iterable, Sequence

from .cards import BIT, CARDS, Card, cards_of, mask_of
from .options import Settlement, ShootFailed, ShootFor, ShootMade, WinRule
from .points import Point, Tally, award_all
from .rules import Rules
from .state import (
    EndReason,
    Hand,
    HandResult,
    HandState,
    Phase,
    Trick,
)
from .tables import trump_tables
from .trumps import TrumpTable

__all__: list[str] = []

# Module constants: reading a member off an Enum class costs a Python-level lookup.
_BID_OUT = WinRule.BID_OUT
_PITCHER_FIRST = WinRule.PITCHER_FIRST
_DIFFERENCE = Settlement.DIFFERENCE
_ALL_POINTS = ShootFor.ALL_POINTS
_LOSE = ShootFailed.LOSE
_WIN = ShootMade.WIN
_SHOOT_MADE = EndReason.SHOOT_MADE
_SHOOT_FAILED = EndReason.SHOOT_FAILED
_HANDS_LIMIT = EndReason.HANDS_LIMIT
_BY_BID_OUT = EndReason.BID_OUT
_BY_PITCHER_FIRST = EndReason.PITCHER_FIRST
_BY_HIGHEST_SCORE = EndReason.HIGHEST_SCORE


def contract_made(
    rules: Rules, contract: int, points: int, winners: Iterable[int], seats: Container[int]
) -> tuple[bool, int]:
    """Whether the pitching side, the `seats` that took `points`, made `contract` given the
    winners of the hand's tricks, and its own score change under `Settlement.EACH`: the
    one home of made or set. A plain bid is made with at least its points (scoring
    them, else losing the bid); a Smudge with every point and every trick (scoring its
    level, else losing it); a shoot with every point (`ShootFor.ALL_POINTS`) or every
    trick (`ALL_TRICKS`), scoring the points won, else losing T."""
    if contract == rules.smudge_contract:
        made = points == rules.total_points and all(winner in seats for winner in winners)
        return made, contract if made else -contract
    if contract == rules.shoot_contract:
        if rules.shoot is _ALL_POINTS:
            made = points == rules.total_points
        else:
            made = all(winner in seats for winner in winners)
        return made, points if made else -rules.total_points
    made = points >= contract
    return made, points if made else -contract


def settle(
    rules: Rules,
    pitcher: int,
    contract: int,
    winners: Sequence[int],
    won: tuple[int, ...],
    partner: int | None = None,
) -> tuple[bool, tuple[int, ...]]:
    """Whether the pitching side made its contract, and each side's score change, given
    the winners of the hand's tricks and the points each side `won` (the playout kernel
    asks it too); made or set is `contract_made`'s.

    Under `Settlement.EACH`, the pitching side scores `contract_made`'s change; the other
    sides always score what they won.

    Under `Settlement.DIFFERENCE` (two sides, Cinch), a made bid scores the side
    with more points the difference (a tie, nothing), a set one scores the other side its
    points plus the contract and the pitching side nothing; a made Smudge (every trick and
    every point: the other side has none) scores its level, a failed one the other side's
    points plus its level.

    Under call your partner (`partner`: the seat that held the called card, the pitcher's
    own when he played alone), `settle_partner`.
    """
    if partner is not None:
        return settle_partner(rules, pitcher, partner, contract, winners, won)
    pitching = rules.seat_sides[pitcher]
    seats = rules.sides[pitching]
    made, change = contract_made(rules, contract, won[pitching], winners, seats)
    if rules.settlement is _DIFFERENCE:  # a shoot is settled as a bid of T
        level = rules.total_points if contract == rules.shoot_contract else contract
        return made, _difference(pitching, level, won, made, contract == rules.smudge_contract)
    changes = list(won)
    changes[pitching] = change
    return made, tuple(changes)


def settle_partner(
    rules: Rules,
    pitcher: int,
    partner: int,
    contract: int,
    winners: Sequence[int],
    won: tuple[int, ...],
) -> tuple[bool, tuple[int, ...]]:
    """Call your partner's settlement: `won` is each seat's points;
    the pitcher and `partner` are one side for the hand, P the sum of their points, and
    the other seats the other side, D the sum of theirs. The pitching side makes its
    contract as any side does (a plain bid with P at least the bid; a Smudge or a shoot
    with every point or every trick, the partner's tricks counting), scoring P (a Smudge
    its level), else loses the contract (a shoot T); the defending side scores D. Each
    seat's change is its side's change."""
    pitching = {pitcher, partner}
    points = won[pitcher] + (won[partner] if partner != pitcher else 0)
    defended = sum(won) - points
    made, change = contract_made(rules, contract, points, winners, pitching)
    return made, tuple(change if seat in pitching else defended for seat in range(len(won)))


def _difference(
    pitching: int, contract: int, won: tuple[int, ...], made: bool, smudge: bool
) -> tuple[int, ...]:
    """The score changes of two sides under `Settlement.DIFFERENCE`."""
    other = 1 - pitching
    changes = [0, 0]
    if not made:
        changes[other] = won[other] + contract
    elif smudge:
        changes[pitching] = contract
    elif won[pitching] != won[other]:
        ahead = pitching if won[pitching] > won[other] else other
        changes[ahead] = abs(won[pitching] - won[other])
    return tuple(changes)


def tally(rules: Rules, table: TrumpTable, in_play: tuple[int, ...], won: tuple[int, ...]) -> Tally:
    """The tally of a hand whose seats had the cards `in_play` and captured the cards
    `won` (bit sets, one per seat: `cards_in_play`)."""
    return Tally.of(rules.seat_sides, rules.low_to, table, in_play, won)


def score_hand(
    rules: Rules,
    table: TrumpTable,
    hand: HandState,
    tricks: tuple[Trick, ...],
    in_play: tuple[int, ...],
    won: tuple[int, ...],
) -> HandResult:
    """The record of the hand whose last trick has just been played, under the trump of
    `table`.

    `in_play` holds each seat's cards in play (bit sets): what it held when play began;
    `won` the cards of the tricks each seat won (`cards_in_play`).
    """
    assert hand.trump is not None and hand.pitcher is not None
    counted = tally(rules, table, in_play, won)
    awards, points = award_all(rules.points, counted, rules.side_count)
    winners = [trick.winner for trick in tricks if trick.winner is not None]
    partner = hand.partner  # decided when the call's draw back was over
    made, changes = settle(rules, hand.pitcher, hand.contract, winners, points, partner)
    return HandResult(
        number=hand.number,
        dealer=hand.dealer,
        hands=tuple(map(cards_of, in_play)),
        bids=hand.bids,
        pitcher=hand.pitcher,
        contract=hand.contract,
        trump=hand.trump,
        tricks=tricks,
        awards=awards,
        card_points=counted.card_points,
        score_changes=changes,
        made=made,
        discards=tuple(map(cards_of, hand.discarded)),
        face_up_discards=tuple(map(cards_of, hand.face_up)),
        kitty=cards_of(hand.kitty),
        called=CARDS[hand.called.bit_length() - 1] if hand.called else None,
        partner=partner,
    )


def passed_out(rules: Rules, hand: HandState, held: tuple[int, ...]) -> HandResult:
    """The record of a hand that everyone passed: nothing played, nothing scored."""
    nothing = (0,) * rules.side_count
    return HandResult(
        number=hand.number,
        dealer=hand.dealer,
        hands=tuple(map(cards_of, held)),
        bids=hand.bids,
        pitcher=None,
        contract=None,
        trump=None,
        tricks=(),
        awards=tuple([(point.value, None) for point in rules.points]),
        card_points=nothing,
        score_changes=nothing,
        made=None,
    )


def scored_again(rules: Rules, result: HandResult) -> HandResult:
    """`result` as the engine scores it under `rules`: `score_hand` of its hands, tricks,
    auction and discards (`passed_out` for a hand nobody pitched). A stored hand whose
    points, card points, score changes or outcome differ was not scored by these rules.
    Its tricks must be finished (each with a winner, which is taken as it stands) and its
    pitcher must have named trump."""
    held = tuple(map(mask_of, result.hands))
    setup = HandState(
        number=result.number,
        dealer=result.dealer,
        stock=(),
        bids=result.bids,
        contract=result.contract or 0,
        pitcher=result.pitcher,
        trump=result.trump,
        phase=Phase.PLAY,
        discarded=tuple(map(mask_of, result.discards)),
        face_up=tuple(map(mask_of, result.face_up_discards)),
        called=0 if result.called is None else BIT[result.called.index],
        partner=result.partner,
        kitty=mask_of(result.kitty),
    )
    if result.pitcher is None or result.trump is None:
        return passed_out(rules, setup, held)
    in_play, won = cards_in_play(held, result.tricks)
    table = trump_tables(rules)[result.trump]
    return score_hand(rules, table, setup, result.tricks, in_play, won)


def game_winner(
    rules: Rules, before: tuple[int, ...], result: HandResult, played: int
) -> int | None:
    """The side that wins at the end of the hand `result`, or None if play goes on (the
    winner of `game_end`)."""
    end = game_end(rules, before, result, played)
    return None if end is None else end[0]


def game_end(
    rules: Rules, before: tuple[int, ...], result: HandResult, played: int
) -> tuple[int, EndReason] | None:
    """The side that wins at the end of the hand `result`, and the rule that makes it the
    winner; None if play goes on. The one home of the game's end.

    `played` counts the game's played hands, `result` included (passed-out hands do not
    count): with `rules.hands_limit` the target is ignored, and once `played` reaches the
    limit the highest score wins; a tie at the top plays on, a hand at a time.
    """
    pitching = result.pitching_side
    if pitching is None:
        return None
    if result.partner is not None:
        return _partner_end(rules, before, result, played)
    if result.contract is not None and result.contract == rules.shoot_contract:
        ended = _shoot_ended(rules, before, result, pitching)
        if ended is not None:
            return ended, _SHOOT_MADE if result.made else _SHOOT_FAILED
    if rules.hands_limit is not None:
        if played < rules.hands_limit:
            return None
        final = list(map(operator.add, before, result.score_changes))
        top = max(final)
        return (final.index(top), _HANDS_LIMIT) if final.count(top) == 1 else None
    target = rules.target
    if rules.win_rule is _BID_OUT:
        after = before[pitching] + result.score_changes[pitching]
        return (pitching, _BY_BID_OUT) if result.made and after >= target else None
    if rules.win_rule is _PITCHER_FIRST and rules.settlement is _DIFFERENCE:
        first = _first_to_target(rules, before, result, pitching)
        return None if first is None else (first, _BY_PITCHER_FIRST)
    if rules.win_rule is _PITCHER_FIRST:
        running = list(before)
        running[pitching] += result.score_changes[pitching]
        if result.made and running[pitching] >= target:
            return pitching, _BY_PITCHER_FIRST
        for name, side in result.awards:
            if side is None or side == pitching:
                continue
            running[side] += Point(name).worth
            if running[side] >= target:
                return side, _BY_PITCHER_FIRST
        return None
    after_all = [score + change for score, change in zip(before, result.score_changes, strict=True)]
    top = max(after_all)
    if top < target:
        return None
    leaders = [side for side, score in enumerate(after_all) if score == top]
    if len(leaders) == 1:
        return leaders[0], _BY_HIGHEST_SCORE
    return (pitching, _BY_HIGHEST_SCORE) if pitching in leaders else None


def _partner_end(
    rules: Rules, before: tuple[int, ...], result: HandResult, played: int
) -> tuple[int, EndReason] | None:
    """`game_end` under call your partner (sides are seats; the hand's two sides are
    the pitcher with his partner and the rest): the pitching seats come first, the
    pitcher before his partner, and defenders reaching a score together go to the first
    clockwise from the pitcher. A made shoot under `WIN` names the pitcher's seat; a
    failed one under `LOSE` the highest defender. In the pitcher-first race the pitcher's
    change counts first, then the partner's, then the defenders' points one at a time in
    award order (each defender's score takes every one of them)."""
    pitcher, partner = result.pitcher, result.partner
    assert pitcher is not None and partner is not None
    players = rules.players
    clockwise = [(pitcher + k) % players for k in range(players)]
    ours = [pitcher] if partner == pitcher else [pitcher, partner]
    theirs = [seat for seat in clockwise if seat not in ours]
    final = list(map(operator.add, before, result.score_changes))
    if result.contract is not None and result.contract == rules.shoot_contract:
        if result.made and rules.shoot_made is _WIN:
            return pitcher, _SHOOT_MADE
        if not result.made and rules.shoot_failed is _LOSE:
            best = max(final[seat] for seat in theirs)
            return next(seat for seat in theirs if final[seat] == best), _SHOOT_FAILED
    if rules.hands_limit is not None:
        if played < rules.hands_limit:
            return None
        top = max(final)
        return (final.index(top), _HANDS_LIMIT) if final.count(top) == 1 else None
    target = rules.target
    if rules.win_rule is _BID_OUT:
        made = next((seat for seat in ours if result.made and final[seat] >= target), None)
        return None if made is None else (made, _BY_BID_OUT)
    if rules.win_rule is _PITCHER_FIRST:
        if result.made:
            for seat in ours:
                if final[seat] >= target:
                    return seat, _BY_PITCHER_FIRST
        running = list(before)
        for name, taker in result.awards:
            if taker is None or taker in ours:
                continue
            for defender in theirs:
                running[defender] += Point(name).worth
            reached = [defender for defender in theirs if running[defender] >= target]
            if reached:
                return reached[0], _BY_PITCHER_FIRST
        return None
    top = max(final)
    if top < target:
        return None
    leaders = [seat for seat in clockwise if final[seat] == top]
    if len(leaders) == 1:
        return leaders[0], _BY_HIGHEST_SCORE
    tied = next((seat for seat in ours if seat in leaders), None)
    return None if tied is None else (tied, _BY_HIGHEST_SCORE)


def _first_to_target(
    rules: Rules, before: tuple[int, ...], result: HandResult, pitching: int
) -> int | None:
    """The pitcher-first race under `Settlement.DIFFERENCE`: only one side scores in a
    hand, so the side whose change takes it to the target wins (the pitching side first)."""
    for side in (pitching, 1 - pitching):
        change = result.score_changes[side]
        if change > 0 and before[side] + change >= rules.target:
            return side
    return None


def _shoot_ended(
    rules: Rules, before: tuple[int, ...], result: HandResult, pitching: int
) -> int | None:
    """The side a shoot's hand makes the winner at once, or None: a made shoot under
    `ShootMade.WIN` wins for the pitching side; a failed one under `ShootFailed.LOSE` ends
    the game, won by the highest score among the other sides (a tie to the side first
    clockwise from the pitcher)."""
    if result.made:
        return pitching if rules.shoot_made is _WIN else None
    if rules.shoot_failed is not _LOSE:
        return None
    pitcher = result.pitcher
    assert pitcher is not None
    final = list(map(operator.add, before, result.score_changes))
    order = [rules.seat_sides[(pitcher + k) % rules.players] for k in range(1, rules.players)]
    others = [side for side in dict.fromkeys(order) if side != pitching]
    best = max(final[side] for side in others)
    return next(side for side in others if final[side] == best)


def played_hands(history: Iterable[HandResult]) -> int:
    """How many of the hands of `history` were played (not passed out): what
    `Rules.hands_limit` counts."""
    return sum(1 for result in history if result.pitcher is not None)


def cards_in_play(
    held: Sequence[int],
    tricks: Iterable[Trick],
    plays: Iterable[tuple[int, Card]] = (),
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's cards in play and the cards of the finished `tricks` it won, as bit sets
    (one per seat): what the tally reads. A seat's cards in play are those it `held`
    and every card it played, to `tricks` and to the trick in progress (`plays`). The
    checked engine asks it when a hand is over, the playout kernel when it starts trick
    play (and adds each trick it plays to the winner's cards)."""
    in_play = list(held)
    won = [0] * len(in_play)
    for trick in tricks:
        winner = trick.winner
        assert winner is not None  # a finished trick
        cards = 0
        for seat, card in trick.plays:
            bit = BIT[card.index]
            in_play[seat] |= bit
            cards |= bit
        won[winner] |= cards
    for seat, card in plays:
        in_play[seat] |= BIT[card.index]
    return tuple(in_play), tuple(won)


def hand_result(rules: Rules, tables: Sequence[TrumpTable], hand: Hand) -> HandResult:
    """The record of the hand core `hand`, which is over: passed out, or its last trick
    played (the cards still held are dead cards, under `trumps_only`)."""
    setup = hand.setup
    if setup.pitcher is None:
        return passed_out(rules, setup, hand.held)
    assert setup.trump is not None
    in_play, won = cards_in_play(hand.held, hand.tricks)
    return score_hand(rules, tables[setup.trump], setup, hand.tricks, in_play, won)
