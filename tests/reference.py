"""Plain, slow restatements of the rules, kept apart from the engine to check it.

Written straight from RULES.md (§1 to §4) with cards and lists, no bit sets or tables,
and never asking the engine what is legal.
"""

from __future__ import annotations

from collections.abc import Sequence

from setback import (
    SMUDGE,
    Action,
    AllPass,
    Bid,
    Card,
    DealerMatch,
    HandResult,
    LowTo,
    Pitch,
    Rank,
    Rules,
    Suit,
    WinRule,
)


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


def legal_calls(
    rules: Rules,
    dealer: int,
    seat: int,
    calls: Sequence[tuple[int, Action]],
    hand: Sequence[Card],
    pitched: bool,
) -> set[str]:
    """RULES §1.3, §2.2, §3 and §4.2: the calls open to `seat`, as action texts.

    `calls` is the auction so far, `(seat, action)` in order; `hand` what `seat` holds;
    `pitched` whether a pitched card lies on the table (then `seat` is the dealer).
    """
    four = 4  # the highest plain bid (T of §6.3; 4 in the game of §1 to §5)
    smudge = SMUDGE if rules.smudge else None
    pitches = {f"pitch {card}" for card in hand} if rules.pitch_instead_of_bid else set()
    if pitched:  # §4.2: the dealer answers a pitch, whatever the dealer-match option
        return {"pass"} | ({"smudge"} if smudge else set()) | pitches
    levels = [*range(rules.min_bid, four + 1), *([smudge] if smudge else [])]
    bids = [
        four if isinstance(action, Pitch) else action.level
        for _, action in calls
        if isinstance(action, Bid | Pitch)
    ]
    highest = max(bids, default=0)
    may_pass = True
    if seat != dealer:  # §1.3: strictly higher than the highest bid so far
        open_levels = [level for level in levels if level > highest]
    elif not bids:  # §1.3, §3: everyone else passed
        if rules.all_pass is AllPass.DEALER_EXACTLY_MIN:
            may_pass, open_levels = False, [rules.min_bid]
        elif rules.all_pass is AllPass.DEALER_AT_LEAST_MIN:
            may_pass, open_levels = False, levels
        else:  # REDEAL, PASS_DEAL: the dealer may pass too
            open_levels = levels
    else:  # §1.3, §2.2, §3: the dealer may match, as the option says, or bid higher
        top_call = smudge or four
        match = rules.dealer_match is DealerMatch.ANY or (
            rules.dealer_match is DealerMatch.BELOW_MAX and highest < top_call
        )
        open_levels = [level for level in levels if level > highest or (match and level == highest)]
    texts = {"smudge" if level == SMUDGE else f"bid {level}" for level in open_levels}
    if may_pass:
        texts.add("pass")
    if highest < four and four in open_levels:  # §4.2: a pitch is a bid of 4
        texts |= pitches
    return texts
