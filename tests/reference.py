"""Plain, slow restatements of the rules, kept apart from the engine to check it.

Written straight from RULES.md §1 with cards and lists, no bit sets or tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from setback import SMUDGE, Card, HandResult, LowTo, Rank, Rules, Suit, WinRule


def legal_cards(
    rules: Rules, hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, first: bool
) -> set[Card]:
    """RULES §1.5, §4.1, §4.3, §4.4: what may be played to `trick` (trick 1 if `first`)."""
    trumps = {c for c in hand if c.suit == trump}
    if not trick:
        pitcher_leads_trump = (rules.draw or (rules.players == 6 and rules.partnerships)) and not (
            rules.no_trump_first_trick
        )
        if first and trump is not None and pitcher_leads_trump and trumps:
            return trumps
        return set(hand)
    led = trick[0].suit
    if first and rules.no_trump_first_trick and led != trump:
        follow = {c for c in hand if c.suit == led}
        others = {c for c in hand if c.suit != trump}
        return follow or others or set(hand)
    if led == trump:
        return trumps or set(hand)
    if any(c.suit == led for c in hand):
        return {c for c in hand if c.suit in (led, trump)}
    return set(hand)


def trick_winner(plays: Sequence[tuple[int, Card]], trump: Suit) -> int:
    """RULES §1.5: the highest trump wins, else the highest card of the led suit."""
    trumps = [(card.rank, seat) for seat, card in plays if card.suit == trump]
    if trumps:
        return max(trumps)[1]
    led = plays[0][1].suit
    return max((card.rank, seat) for seat, card in plays if card.suit == led)[1]


def points(rules: Rules, result: HandResult) -> dict[str, int | None]:
    """RULES §1.6: who takes High, Low, Jack and Game."""
    side = rules.side_of
    trump = result.trump
    played = [(seat, card, t.winner) for t in result.tricks for seat, card in t.plays]
    trumps = [(card.rank, seat, winner) for seat, card, winner in played if card.suit == trump]
    out: dict[str, int | None] = {"high": None, "low": None, "jack": None, "game": None}
    if trumps:
        out["high"] = side(max(trumps)[1])
        low = min(trumps)
        out["low"] = side(low[1] if rules.low_to is LowTo.HOLDER else low[2])  # type: ignore[arg-type]
        jacks = [winner for rank, _, winner in trumps if rank == Rank.JACK]
        out["jack"] = side(jacks[0]) if jacks else None  # type: ignore[arg-type]
    totals = [0] * len(rules.sides)
    for _, card, winner in played:
        totals[side(winner)] += card.points  # type: ignore[arg-type]
    best = max(totals)
    if totals.count(best) == 1:
        out["game"] = totals.index(best)
    return out


def score_changes(rules: Rules, result: HandResult) -> tuple[bool, list[int]]:
    """RULES §1.7: made or set, and each side's change."""
    assert result.pitcher is not None and result.contract is not None
    won = [0] * len(rules.sides)
    for side in points(rules, result).values():
        if side is not None:
            won[side] += 1
    pitching = rules.side_of(result.pitcher)
    changes = list(won)
    if result.contract == SMUDGE:
        swept = all(rules.side_of(t.winner) == pitching for t in result.tricks)  # type: ignore[arg-type]
        made = swept and won[pitching] == 4
        changes[pitching] = 5 if made else -5
    else:
        made = won[pitching] >= result.contract
        changes[pitching] = won[pitching] if made else -result.contract
    return made, changes


def winner(rules: Rules, before: Sequence[int], result: HandResult) -> int | None:
    """RULES §1.8, §2.5 and §3: who (if anyone) wins at the end of this hand."""
    if result.pitcher is None:
        return None
    pitching = rules.side_of(result.pitcher)
    after = [b + c for b, c in zip(before, result.score_changes, strict=True)]
    if rules.win_rule is WinRule.BID_OUT:
        return pitching if result.made and after[pitching] >= rules.target else None
    if rules.win_rule is WinRule.HIGHEST_SCORE:
        if max(after) < rules.target:
            return None
        top = [s for s in range(len(after)) if after[s] == max(after)]
        if len(top) == 1:
            return top[0]
        return pitching if pitching in top else None
    running = list(before)
    if result.made:
        running[pitching] = after[pitching]
        if running[pitching] >= rules.target:
            return pitching
    for name in ("high", "low", "jack", "game"):
        side = result.points[name]
        if side is not None and side != pitching:
            running[side] += 1
            if running[side] >= rules.target:
                return side
    return None
