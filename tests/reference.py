"""Plain, slow restatements of the rules, kept apart from the engine to check it.

Written straight from RULES.md (§1 to §4, the extended forms of §6, and of §7 the off
cards, the new points, the difference settlement, the short packs, the kitty, the play
options of §7.1 and Cinch's discard and rob) with cards and
lists, no bit sets or tables, and never asking the engine what is legal or which cards
are trumps (`Rules` is read only for its options).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

from setback import (
    Action,
    AllPass,
    Bid,
    Card,
    DealerMatch,
    DrawOrder,
    HandResult,
    JokerRank,
    KeepSix,
    LowTo,
    PackRanks,
    Pitch,
    PlayTrump,
    Rank,
    Rules,
    Settlement,
    Shoot,
    ShootFailed,
    ShootFor,
    ShootMade,
    Smudge,
    Suit,
    TrumpBy,
    WinRule,
)

# --- §6.1 cards and the trump suit --------------------------------------------------------

JOKER = Card(None, Rank.JOKER)
BIG_JOKER = Card(None, Rank.BIG_JOKER)
LITTLE_JOKER = Card(None, Rank.LITTLE_JOKER)
COLOUR_MATE = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
"""§6.1.2: the other suit of the same colour (♠/♣, ♥/♦)."""
WORTH = {"trey": 3, "off_three": 3, "five": 5, "off_five": 5, "nine": 9, "snoozer": 15}
"""§6.2, §7.2.3: what each point is worth, by name (1 unless listed)."""
PACK_RANKS = {
    PackRanks.ALL: list(range(2, 15)),
    PackRanks.FIVE_UP: list(range(5, 15)),
    PackRanks.NINE_UP: list(range(9, 15)),
    PackRanks.TWO_AND_NINE_UP: [2, 9, 10, 11, 12, 13, 14],
    PackRanks.NO_FOURS: [2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
}
"""§7.7.2: the ranks of each suit in each pack."""


def jokers_of(rules: Rules) -> list[Card]:
    """§6.1.1: the jokers of the pack, big before little: none, JK, or BJ and LJ."""
    return [[], [JOKER], [BIG_JOKER, LITTLE_JOKER]][rules.jokers]


def pack(rules: Rules) -> list[Card]:
    """§6.1.1, §7.7.2: the suited cards of `pack_ranks` and the rules' jokers."""
    suited = [Card(suit, rank) for suit in Suit for rank in PACK_RANKS[rules.pack_ranks]]
    return suited + jokers_of(rules)


def off_cards(rules: Rules, trump: Suit) -> list[Card]:
    """§6.1.2, §7.2.1: the cards of the other suit of trump's colour that are trumps: the
    jick, the off-ace, the off-five, the off-three, where the rules have them."""
    mate = COLOUR_MATE[trump]
    wanted = [
        (rules.off_jack, Rank.JACK),
        (rules.off_ace, Rank.ACE),
        (rules.off_five, Rank.FIVE),
        (rules.off_three, Rank.THREE),
    ]
    return [Card(mate, rank) for on, rank in wanted if on]


@functools.cache
def jick(trump: Suit) -> Card:
    """§6.1.2: the jack of the other suit of trump's colour."""
    return Card(COLOUR_MATE[trump], Rank.JACK)


def trump_order(rules: Rules, trump: Suit) -> list[Card]:
    """§6.1.3, §7.2.2: the trumps, high to low: A, the off-ace, K Q J, the jick, the jokers
    (BJ LJ, or JK), 10 … 5, the off-five, 4 3, the off-three, 2; a lone joker ranked
    `LOWEST` comes below the 2. Cards the rules do not have are left out."""
    lowest = rules.jokers == 1 and rules.joker_rank is JokerRank.LOWEST
    offs = (rules.off_ace, rules.off_jack, rules.off_five, rules.off_three)
    return list(_trump_order(trump, rules.jokers, offs, lowest))


@functools.cache
def _trump_order(
    trump: Suit, jokers: int, offs: tuple[bool, bool, bool, bool], lowest: bool
) -> tuple[Card, ...]:
    off_ace, off_jack, off_five, off_three = offs
    mate = COLOUR_MATE[trump]
    order = [Card(trump, Rank.ACE)]
    if off_ace:
        order.append(Card(mate, Rank.ACE))
    order += [Card(trump, rank) for rank in (Rank.KING, Rank.QUEEN, Rank.JACK)]
    if off_jack:
        order.append(jick(trump))
    pack_jokers = [[], [JOKER], [BIG_JOKER, LITTLE_JOKER]][jokers]
    if not lowest:
        order += pack_jokers
    for rank in range(10, 1, -1):
        order.append(Card(trump, rank))
        if rank == 5 and off_five:
            order.append(Card(mate, Rank.FIVE))
        if rank == 3 and off_three:
            order.append(Card(mate, Rank.THREE))
    if lowest:
        order += pack_jokers
    return tuple(order)


def is_trump(rules: Rules, card: Card, trump: Suit | None) -> bool:
    """§6.1.4, §7.2.1: the cards of the trump suit, the off cards (the jick with
    `off_jack`, and the off-ace, -five, -three) and the jokers."""
    if trump is None:
        return False
    if card.suit is None:  # a joker of the pack
        return True
    return card.suit == trump or card in off_cards(rules, trump)


def suit_of(rules: Rules, card: Card, trump: Suit | None) -> Suit | None:
    """§6.1.4: the suit a card counts as for following, leading and winning: the jick and
    the jokers belong to trump and to nothing else."""
    return trump if is_trump(rules, card, trump) else card.suit


def trump_named_by(card: Card) -> Suit:
    """§1.4, §6.1.5: a first lead (or a pitch) makes its suit trump; a joker makes ♠ trump."""
    return Suit.SPADES if card.suit is None else card.suit


def point_cards(rules: Rules, trump: Suit) -> set[Card]:
    """§6.5.6, §6.9.2: the trumps never discarded face up: the A and 2 of trumps and every
    card a point of `rules.points` names."""
    named = {
        "jack": [Card(trump, Rank.JACK)],
        "off_jack": [jick(trump)],
        "joker": [JOKER],
        "big_joker": [BIG_JOKER],
        "little_joker": [LITTLE_JOKER],
        "ten": [Card(trump, Rank.TEN)],
        "trey": [Card(trump, Rank.THREE)],
        "five": [Card(trump, Rank.FIVE)],
        "off_five": [Card(COLOUR_MATE[trump], Rank.FIVE)],
        "nine": [Card(trump, Rank.NINE)],
        "off_ace": [Card(COLOUR_MATE[trump], Rank.ACE)],
        "off_three": [Card(COLOUR_MATE[trump], Rank.THREE)],
        "snoozer": [JOKER],
    }
    cards = {Card(trump, Rank.ACE), Card(trump, Rank.TWO)}
    for point in rules.points:
        cards.update(named.get(point.value, []))
    return cards


def total_points(rules: Rules) -> int:
    """§6.2: T, the worth of every point of the rules."""
    return sum(WORTH.get(point.value, 1) for point in rules.points)


# --- trick play ------------------------------------------------------------------------------


def implied_trump_by(rules: Rules) -> TrumpBy:
    """§7.1.2, §7.8.14: left unset, trump is declared with the draw (§4.1), no trump in the
    first trick (§4.3), a deal above six (§4.4, §6.4-6.6) or a kitty (§7.7.1), and set by
    the first lead otherwise."""
    if rules.draw or rules.no_trump_first_trick or rules.deal > 6 or rules.kitty:
        return TrumpBy.DECLARE  # §7.8.14: the kitty too
    return TrumpBy.LEAD


def implied_pitcher_leads_trump(rules: Rules) -> bool:
    """§7.1.3, §7.8.14: left unset, the pitcher must lead a trump after the draw (§4.1) and
    after a deal above six (the free discard §4.4, the discard to six §6.6, the draw back
    §6.5; not Cinch's rob, §7.5.6, nor the discard and draw, §7.3.11), never under no
    trump in the first trick (§4.3: he leads any card)."""
    if rules.no_trump_first_trick:
        return False
    free_lead = (KeepSix.ROB_THE_PACK, KeepSix.DISCARD_AND_DRAW)
    return rules.draw or (rules.deal > 6 and rules.keep_six not in free_lead)


def must_lead_trump(rules: Rules) -> bool:
    """§7.1.3: the pitcher's first lead is a trump if he holds one (the option
    `pitcher_leads_trump`, which §4.1, §4.4 and §6.6.4 imply)."""
    return rules.pitcher_leads_trump


def legal_cards(
    rules: Rules,
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    first: bool,
    called: Card | None = None,
) -> set[Card]:
    """RULES §1.5, §4.1, §4.3, §4.4, §6.1, §6.5.7, §7.1.1: what may be played to `trick`
    (trick 1 if `first`). §7.7.3: `called` is the called card when the seat is not the
    pitcher: its holder must play it to trick 1."""
    trumps = {c for c in hand if is_trump(rules, c, trump)}
    if first and called is not None and called in hand:  # §7.7.3: the partner plays it
        return {called}
    if rules.play_trump is PlayTrump.ONLY:  # §6.5.7: only trumps are led or played
        return trumps
    if not trick:
        if first and trump is not None and must_lead_trump(rules) and trumps:
            return trumps
        return set(hand)
    led = suit_of(rules, trick[0], trump)
    follow = {c for c in hand if suit_of(rules, c, trump) == led}
    if first and rules.no_trump_first_trick and led != trump:
        others = {c for c in hand if c not in trumps}
        return follow or others or set(hand)
    if led == trump:
        return trumps or set(hand)
    if not follow:  # void in the suit led: anything
        return set(hand)
    if rules.play_trump is PlayTrump.WHEN_VOID:  # §7.1.1: must follow suit
        return follow
    return follow | trumps  # §1.5: follow suit or trump


def trick_winner(rules: Rules, plays: Sequence[tuple[int, Card]], trump: Suit) -> int:
    """RULES §1.5, §6.1.3: the highest trump wins (in the order of §6.1.3), else the highest
    card of the suit led."""
    order = trump_order(rules, trump)
    trumps = [(-order.index(card), seat) for seat, card in plays if card in order]
    if trumps:
        return max(trumps)[1]
    led = suit_of(rules, plays[0][1], trump)
    return max((card.rank, seat) for seat, card in plays if suit_of(rules, card, trump) == led)[1]


def trumps_only_tricks(rules: Rules, result: HandResult) -> list[tuple[int | None, list[int]]]:
    """RULES §6.5.7: the shape of a trumps-only hand, given the cards played: for each trick,
    who leads (the pitcher first, then the winner of the last trick, or the next seat from
    him still holding a trump) and who plays in turn (every seat still holding a trump,
    clockwise from the leader). The hand ends when nobody holds a trump.

    Returns the expected `(leader, seats in playing order)` of each trick; the caller
    compares it with `result.tricks`.
    """
    assert result.trump is not None and result.pitcher is not None
    players = rules.players
    left = [{card for card in hand if is_trump(rules, card, result.trump)} for hand in result.hands]

    def next_in(start: int) -> int | None:
        for k in range(players):
            seat = (start + k) % players
            if left[seat]:
                return seat
        return None

    shape: list[tuple[int | None, list[int]]] = []
    start = result.pitcher
    for trick in result.tricks:
        leader = next_in(start)
        if leader is None:
            break
        seats = [(leader + k) % players for k in range(players) if left[(leader + k) % players]]
        shape.append((leader, seats))
        for seat, card in trick.plays:
            left[seat].discard(card)
        assert trick.winner is not None
        start = trick.winner
    if len(shape) == len(result.tricks) and next_in(start) is not None:
        shape.append((next_in(start), []))  # a trick the hand should still have had
    return shape


# --- §6.2 points, §6.3 settlement ----------------------------------------------------------


def points(rules: Rules, result: HandResult) -> dict[str, int | None]:
    """RULES §1.6, §6.2: who takes each point of `rules.points`."""
    side = rules.side_of
    trump = result.trump
    assert trump is not None
    captured = {card: t.winner for t in result.tricks for _, card in t.plays}
    held = {card: seat for seat, hand in enumerate(result.hands) for card in hand}
    order = trump_order(rules, trump)
    ranked = [card for card in order if card in held and card.suit is not None]

    def capturer(card: Card) -> int | None:
        winner = captured.get(card)
        return None if winner is None else side(winner)

    out: dict[str, int | None] = {}
    for point in rules.points:
        name = point.value
        if name == "high":
            out[name] = side(held[ranked[0]]) if ranked else None
        elif name == "low":
            if not ranked:
                out[name] = None
            elif rules.low_to is LowTo.HOLDER:
                out[name] = side(held[ranked[-1]])
            else:
                out[name] = capturer(ranked[-1])
        elif name == "game":
            totals = [0] * len(rules.sides)
            for card, winner in captured.items():
                totals[side(winner)] += card.points  # type: ignore[arg-type]
            best = max(totals)
            out[name] = totals.index(best) if totals.count(best) == 1 else None
        else:
            card = {
                "jack": Card(trump, Rank.JACK),
                "off_jack": jick(trump),
                "joker": JOKER,
                "big_joker": BIG_JOKER,
                "little_joker": LITTLE_JOKER,
                "ten": Card(trump, Rank.TEN),
                "trey": Card(trump, Rank.THREE),
                "five": Card(trump, Rank.FIVE),
                "off_five": Card(COLOUR_MATE[trump], Rank.FIVE),
                "nine": Card(trump, Rank.NINE),
                "off_ace": Card(COLOUR_MATE[trump], Rank.ACE),
                "off_three": Card(COLOUR_MATE[trump], Rank.THREE),
                "snoozer": JOKER,
            }[name]
            out[name] = capturer(card)
    return out


def smudged(result: HandResult) -> bool:
    """Whether the contract is a Smudge: the pitcher's last call was `smudge`."""
    calls = [action for seat, action in result.bids if seat == result.pitcher]
    return bool(calls) and isinstance(calls[-1], Smudge)


def shot(result: HandResult) -> bool:
    """Whether the pitcher shot the moon: his last call was `shoot` (§7.4.1)."""
    calls = [action for seat, action in result.bids if seat == result.pitcher]
    return bool(calls) and isinstance(calls[-1], Shoot)


def partner_calls(rules: Rules, hand: Sequence[Card], trump: Suit) -> set[str]:
    """RULES §7.7.3, §7.8.14: the calls open to the pitcher holding `hand`: every trump of
    the pack he does not hold (jokers included), as action texts."""
    return {f"call {card}" for card in pack(rules) if is_trump(rules, card, trump)} - {
        f"call {card}" for card in hand
    }


def partner_of(result: HandResult) -> int | None:
    """§7.7.3: the seat that held the called card when play began (the pitcher himself
    if he held it, or if it was out of play); None without a call."""
    called = result.called
    if called is None:
        return None
    for seat, hand in enumerate(result.hands):
        if called in hand:
            return seat
    return result.pitcher


def _partner_score_changes(rules: Rules, result: HandResult) -> tuple[bool, list[int]]:
    """§7.7.3, §7.8.12: points to seats; the pitcher and partner are one side (P the sum
    of their points), the other seats the other (D the sum of theirs); made as any contract
    with the side's P and tricks; each seat takes its side's change."""
    assert result.pitcher is not None and result.contract is not None
    ours = {result.pitcher, partner_of(result)}
    won = [0] * rules.players
    for name, seat in points(rules, result).items():
        if seat is not None:
            won[seat] += WORTH.get(name, 1)
    mine = sum(won[seat] for seat in ours if seat is not None)
    theirs = sum(won) - mine
    top = total_points(rules)
    swept = all(t.winner in ours for t in result.tricks)
    if shot(result):
        made = mine == top if rules.shoot is ShootFor.ALL_POINTS else swept
        change = mine if made else -top
    elif smudged(result):
        made = swept and mine == top
        change = top + 1 if made else -(top + 1)
    else:
        made = mine >= result.contract
        change = mine if made else -result.contract
    return made, [change if seat in ours else theirs for seat in range(rules.players)]


def _partner_winner(
    rules: Rules, before: Sequence[int], result: HandResult, played: int
) -> int | None:
    """§7.7.3, §7.8.14: who wins under call your partner. The pitcher's seat, then his
    partner's, before the defenders; defenders together: the first clockwise from the
    pitcher. Pitcher first: the pitcher's change, the partner's, then the defenders' points
    one at a time (every defender takes each)."""
    assert result.pitcher is not None
    pitcher, partner = result.pitcher, partner_of(result)
    ours = [pitcher] if partner in (None, pitcher) else [pitcher, partner]
    clockwise = [(pitcher + k) % rules.players for k in range(rules.players)]
    theirs = [seat for seat in clockwise if seat not in ours]
    after = [b + c for b, c in zip(before, result.score_changes, strict=True)]
    if shot(result):
        if result.made and rules.shoot_made is ShootMade.WIN:
            return pitcher
        if not result.made and rules.shoot_failed is ShootFailed.LOSE:
            return max(theirs, key=lambda seat: (after[seat], -theirs.index(seat)))
    if rules.hands_limit is not None:
        best = max(after)
        leaders = [seat for seat, score in enumerate(after) if score == best]
        return leaders[0] if played >= rules.hands_limit and len(leaders) == 1 else None
    reached = [seat for seat in ours if result.made and after[seat] >= rules.target]
    if rules.win_rule is WinRule.BID_OUT:
        return reached[0] if reached else None
    if rules.win_rule is WinRule.HIGHEST_SCORE:
        if max(after) < rules.target:
            return None
        top = [seat for seat in clockwise if after[seat] == max(after)]
        if len(top) == 1:
            return top[0]
        return next((seat for seat in ours if seat in top), None)
    if reached:
        return reached[0]
    running = list(before)
    for point in rules.points:
        seat = result.points[point.value]
        if seat is not None and seat not in ours:
            for defender in theirs:
                running[defender] += WORTH.get(point.value, 1)
            for defender in theirs:
                if running[defender] >= rules.target:
                    return defender
    return None


def score_changes(rules: Rules, result: HandResult) -> tuple[bool, list[int]]:
    """RULES §1.7, §6.3, §7.5.8: made or set, and each side's change. A made bid scores the
    points won; a Smudge (worth T + 1) needs every trick played and every point. Under
    `DIFFERENCE` (two sides) only one side scores: made, the one with more points the
    difference; set, the other side its points and the contract."""
    assert result.pitcher is not None and result.contract is not None
    if rules.call_partner:
        return _partner_score_changes(rules, result)
    won = [0] * len(rules.sides)
    for name, side in points(rules, result).items():
        if side is not None:
            won[side] += WORTH.get(name, 1)
    pitching = rules.side_of(result.pitcher)
    changes = list(won)
    swept = all(rules.side_of(t.winner) == pitching for t in result.tricks)  # type: ignore[arg-type]
    if shot(result):  # §7.4.2-4, §7.8.14: made, P as any made bid; failed, set by T
        every_point = won[pitching] == total_points(rules)
        made = every_point if rules.shoot is ShootFor.ALL_POINTS else swept
        changes[pitching] = won[pitching] if made else -total_points(rules)
        if rules.settlement is Settlement.DIFFERENCE:  # the difference; failed, Q + T
            other = 1 - pitching
            changes = [0, 0]
            if not made:
                changes[other] = won[other] + total_points(rules)
            elif won[pitching] != won[other]:
                ahead = pitching if won[pitching] > won[other] else other
                changes[ahead] = abs(won[pitching] - won[other])
        return made, changes
    if smudged(result):
        level = total_points(rules) + 1
        made = swept and won[pitching] == total_points(rules)
        changes[pitching] = level if made else -level
    else:
        made = won[pitching] >= result.contract
        changes[pitching] = won[pitching] if made else -result.contract
    if rules.settlement is Settlement.DIFFERENCE:
        other = 1 - pitching
        mine, theirs = won[pitching], won[other]
        changes = [0, 0]
        if not made:
            changes[other] = theirs + (
                total_points(rules) + 1 if smudged(result) else result.contract
            )
        elif smudged(result):
            changes[pitching] = total_points(rules) + 1
        elif mine > theirs:
            changes[pitching] = mine - theirs
        elif theirs > mine:
            changes[other] = theirs - mine
    return made, changes


def winner(rules: Rules, before: Sequence[int], result: HandResult, played: int = 0) -> int | None:
    """RULES §1.8, §2.5, §3 and §6.5.9: who (if anyone) wins at the end of this hand.
    §7.7.4: with `hands_limit`, `played` is the count of hands played so far, this one
    included (passed-out hands do not count); the target is ignored, and from the limit
    on a single highest score wins (a tie plays on)."""
    if result.pitcher is None:
        return None
    if rules.call_partner:
        return _partner_winner(rules, before, result, played)
    pitching = rules.side_of(result.pitcher)
    after = [b + c for b, c in zip(before, result.score_changes, strict=True)]
    if shot(result):  # §7.4.3-4: WIN and LOSE end the game at once, whatever else
        if result.made and rules.shoot_made is ShootMade.WIN:
            return pitching
        if not result.made and rules.shoot_failed is ShootFailed.LOSE:
            others = []
            for k in range(1, rules.players):  # clockwise from the pitcher
                side = rules.side_of((result.pitcher + k) % rules.players)
                if side != pitching and side not in others:
                    others.append(side)
            return max(others, key=lambda side: (after[side], -others.index(side)))
    if rules.hands_limit is not None:
        best = max(after)
        leaders = [side for side, score in enumerate(after) if score == best]
        return leaders[0] if played >= rules.hands_limit and len(leaders) == 1 else None
    if rules.win_rule is WinRule.BID_OUT:
        return pitching if result.made and after[pitching] >= rules.target else None
    if rules.win_rule is WinRule.HIGHEST_SCORE:
        if max(after) < rules.target:
            return None
        top = [s for s in range(len(after)) if after[s] == max(after)]
        if len(top) == 1:
            return top[0]
        return pitching if pitching in top else None
    if rules.settlement is Settlement.DIFFERENCE:  # one side scores: the pitcher's first
        for side in (pitching, 1 - pitching):
            if result.score_changes[side] > 0 and after[side] >= rules.target:
                return side
        return None
    running = list(before)
    if result.made:
        running[pitching] = after[pitching]
        if running[pitching] >= rules.target:
            return pitching
    for point in rules.points:  # in award order, each point its whole worth at once
        side = result.points[point.value]
        if side is not None and side != pitching:
            running[side] += WORTH.get(point.value, 1)
            if running[side] >= rules.target:
                return side
    return None


# --- §6.4 and §6.5.5-6: the hands come down to six -----------------------------------------


def draw_back(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    trump: Suit,
    dealer: int,
    pitcher: int,
) -> tuple[list[set[Card]], list[set[Card]]]:
    """RULES §6.5.5, §7.3.10: eldest first (or from the pitcher's left, `draw_order`
    `PITCHER_LEFT`), everyone but the pitcher discards every non-trump and draws from the
    stock until he holds 6 (or the stock is empty); the pitcher takes the rest of the stock
    and discards every non-trump. The hands after it, and the face-down discards."""
    players = rules.players
    held = [set(hand) for hand in hands]
    thrown: list[set[Card]] = [set() for _ in range(players)]
    rest = list(stock)
    first = pitcher + 1 if rules.draw_order is DrawOrder.PITCHER_LEFT else dealer + 1
    for k in range(players):
        seat = (first + k) % players
        if seat == pitcher:
            continue
        thrown[seat] = {c for c in held[seat] if not is_trump(rules, c, trump)}
        held[seat] -= thrown[seat]
        while len(held[seat]) < 6 and rest:
            held[seat].add(rest.pop(0))
    held[pitcher] |= set(rest)
    thrown[pitcher] = {c for c in held[pitcher] if not is_trump(rules, c, trump)}
    held[pitcher] -= thrown[pitcher]
    return held, thrown


def kitty_of(rules: Rules, undealt: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """RULES §7.7.1, §7.8.14: the kitty is the first `kitty` cards after the dealt packets
    (with `hands=`, of the other cards in their shuffled order); the rest is the stock."""
    return list(undealt[: rules.kitty]), list(undealt[rules.kitty :])


def kitty_discards(rules: Rules, hand: Sequence[Card]) -> set[frozenset[Card]]:
    """RULES §7.7.1: the pitcher, holding his hand and the kitty, discards exactly as many
    cards as the kitty held, any cards, trumps included."""
    return {frozenset(chosen) for chosen in combinations(sorted(hand), rules.kitty)}


def discard_and_draw_order(rules: Rules, dealer: int, pitcher: int) -> list[int]:
    """RULES §7.3.11, §7.8.14: who discards and draws in turn under `DISCARD_AND_DRAW`:
    clockwise from the pitcher's left (`PITCHER_LEFT`) or from eldest (`ELDEST`), the
    pitcher always last."""
    players = rules.players
    start = pitcher if rules.draw_order is DrawOrder.PITCHER_LEFT else dealer
    seats = [(start + k) % players for k in range(1, players + 1)]
    return [seat for seat in seats if seat != pitcher] + [pitcher]


def discard_and_draw(hand: Sequence[Card], thrown: Sequence[Card], stock: list[Card]) -> set[Card]:
    """RULES §7.3.11: the hand after throwing `thrown` and drawing from the front of
    `stock` (taken from it) back to six cards."""
    kept = set(hand) - set(thrown)
    while len(kept) < 6:
        kept.add(stock.pop(0))
    return kept


def rob_the_pack(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    trump: Suit,
    dealer: int,
) -> tuple[list[set[Card]], list[set[Card]], list[Card], int | None]:
    """RULES §7.5.5 up to the first choice: eldest first, each player but the dealer
    discards every non-trump face up and is given cards from the stock's front until he
    holds 6; with seven trumps or more he keeps six and throws the others face up, no point
    card, and has a choice unless exactly that many of his trumps are no point card; a
    player the stock cannot refill chooses which non-trumps to keep. Then the dealer adds
    the rest of the stock to his hand (a choice unless he holds exactly six trumps, or
    seven or more of which exactly the excess are no point card). The hands, the face-up
    discards and the stock when the first seat with a choice is to act, and that seat
    (None: nobody had one, and only the dealer's forced discard is left undone)."""
    players = rules.players
    held = [set(hand) for hand in hands]
    up: list[set[Card]] = [set() for _ in range(players)]
    rest = list(stock)
    for k in range(1, players):
        seat = (dealer + k) % players
        trumps = {c for c in held[seat] if is_trump(rules, c, trump)}
        if len(trumps) > 6:
            free = trumps - point_cards(rules, trump)
            if len(free) != len(trumps) - 6:
                return held, up, rest, seat
            up[seat] = held[seat] - trumps | free
        else:
            if len(rest) < 6 - len(trumps):
                return held, up, rest, seat
            up[seat] = held[seat] - trumps
        held[seat] -= up[seat]
        while len(held[seat]) < 6:
            held[seat].add(rest.pop(0))
    held[dealer] |= set(rest)
    trumps = {c for c in held[dealer] if is_trump(rules, c, trump)}
    free = trumps - point_cards(rules, trump)
    if len(trumps) < 6 or (len(trumps) > 6 and len(free) != len(trumps) - 6):
        return held, up, [], dealer
    return held, up, [], None


def legal_discards(
    rules: Rules,
    hand: Sequence[Card],
    trump: Suit,
    stock: int,
    called: Card | None = None,
    *,
    dealer: bool = False,
) -> set[frozenset[Card]]:
    """RULES §4.1, §4.4, §6.4, §6.5.6: the discards open to a seat holding `hand` (with
    `stock` cards left to draw from), each a set of cards.

    The draw: any non-trumps, at most as many as the stock can refill. A deal above six:
    exactly the cards above six; any cards (`FREE_DISCARD`), or a trump only together with
    every non-trump (`NON_TRUMPS_FIRST`). The draw back's face-up discard: trumps that are
    no point card, down to six or until only point cards are left. §7.3.11, §7.8.14: the
    discard and draw (`DISCARD_AND_DRAW`): any cards, keeping from 3 to 6 of them, and
    never fewer than the stock can bring back to 6. Cinch's rob (§7.5.5,
    §7.8.14; `dealer` says the seat is the dealer, who holds the rest of the stock): with
    seven trumps or more, every non-trump and the trumps above six, no point card; else
    only non-trumps, down to six, and a player but the dealer keeps as many of them as the
    stock cannot replace. §7.8.12: never the `called` card in a face-up discard.
    """
    trumps = {c for c in hand if is_trump(rules, c, trump)}
    others = set(hand) - trumps
    if rules.deal <= 6:
        assert rules.draw
        return {
            frozenset(chosen)
            for size in range(min(len(others), stock) + 1)
            for chosen in combinations(sorted(others), size)
        }
    if rules.keep_six is KeepSix.ROB_THE_PACK:
        if len(trumps) > 6:
            free = sorted(trumps - point_cards(rules, trump))
            excess = combinations(free, len(trumps) - 6)
            return {frozenset(others | set(chosen)) for chosen in excess}
        kept = 6 - len(trumps) if dealer else max(6 - len(trumps) - stock, 0)
        return {frozenset(chosen) for chosen in combinations(sorted(others), len(others) - kept)}
    if rules.keep_six is KeepSix.DISCARD_AND_DRAW:
        fewest_kept = max(3, 6 - stock)
        return {
            frozenset(chosen)
            for kept in range(fewest_kept, 7)
            for chosen in combinations(sorted(hand), len(hand) - kept)
        }
    if rules.keep_six is KeepSix.DRAW_BACK:
        free = sorted(trumps - point_cards(rules, trump) - {called})
        size = min(len(hand) - 6, len(free))
        return {frozenset(chosen) for chosen in combinations(free, size)}
    every = {frozenset(chosen) for chosen in combinations(sorted(hand), len(hand) - 6)}
    if rules.keep_six is KeepSix.FREE_DISCARD:
        return every
    return {chosen for chosen in every if not chosen & trumps or others <= chosen}


# --- §1.3, §2.2, §3, §4.2, §6.3 the auction ------------------------------------------------


def auction_winner(
    rules: Rules, dealer: int, calls: Sequence[tuple[int, Action]]
) -> tuple[int, int] | None:
    """RULES §1.3, §6.3, §7.5.3, §7.8.11, §7.8.15: the pitcher and contract of a finished
    auction, or None if it passed the hand out. The last highest call wins (the dealer's
    match takes it); a pitch is a bid of T, a Smudge worth T + 1; under `DEALER_FREE` the
    dealer's pass after everyone passed makes him the pitcher at contract 0, under
    `ELDEST_FREE` the eldest hand (the dealer's left)."""
    top = total_points(rules)
    best: tuple[int, int] | None = None
    for seat, action in calls:
        if isinstance(action, Bid):
            best = (seat, action.level)
        elif isinstance(action, Smudge | Shoot):
            best = (seat, top + 1)
        elif isinstance(action, Pitch):
            best = (seat, top)
    if best is None and rules.all_pass is AllPass.DEALER_FREE:
        return dealer, 0
    if best is None and rules.all_pass is AllPass.ELDEST_FREE:
        return (dealer + 1) % rules.players, 0
    return best


def legal_calls(
    rules: Rules,
    dealer: int,
    seat: int,
    calls: Sequence[tuple[int, Action]],
    hand: Sequence[Card],
    pitched: bool,
) -> set[str]:
    """RULES §1.3, §2.2, §3, §4.2 and §6.3: the calls open to `seat`, as action texts.

    `calls` is the auction so far, `(seat, action)` in order; `hand` what `seat` holds;
    `pitched` whether a pitched card lies on the table (then `seat` is the dealer).
    """
    top = total_points(rules)  # T, the highest plain bid (4 in the game of §1 to §5)
    smudge = top + 1 if rules.smudge else None  # §6.3: Smudge is worth T + 1
    pitches = {f"pitch {card}" for card in hand} if rules.pitch_instead_of_bid else set()
    if pitched:  # §4.2: the dealer answers a pitch, whatever the dealer-match option
        return {"pass"} | ({"smudge"} if smudge else set()) | pitches
    if any(isinstance(action, Shoot) for _, action in calls):  # §7.4.1: only passes after it
        return {"pass"}
    levels = [*range(rules.min_bid, top + 1), *([smudge] if smudge else [])]
    bids = [
        top if isinstance(action, Pitch) else smudge if isinstance(action, Smudge) else action.level
        for _, action in calls
        if isinstance(action, Bid | Pitch | Smudge)
    ]
    highest = max((bid for bid in bids if bid is not None), default=0)
    may_pass = True
    if seat != dealer:  # §1.3: strictly higher than the highest bid so far
        open_levels = [level for level in levels if level > highest]
    elif not bids:  # §1.3, §3: everyone else passed
        if rules.all_pass is AllPass.DEALER_EXACTLY_MIN:
            may_pass, open_levels = False, [rules.min_bid]
        elif rules.all_pass is AllPass.DEALER_AT_LEAST_MIN:
            may_pass, open_levels = False, levels
        else:  # REDEAL, PASS_DEAL, DEALER_FREE (§7.5.3), ELDEST_FREE (§7.8.15): he may pass
            open_levels = levels
    else:  # §1.3, §2.2, §3: the dealer may match, as the option says, or bid higher
        top_call = smudge or top
        match = rules.dealer_match is DealerMatch.ANY or (
            rules.dealer_match is DealerMatch.BELOW_MAX and highest < top_call
        )
        open_levels = [level for level in levels if level > highest or (match and level == highest)]
    texts = {"smudge" if level == smudge else f"bid {level}" for level in open_levels}
    if may_pass:
        texts.add("pass")
    stuck_exactly = seat == dealer and not bids and rules.all_pass is AllPass.DEALER_EXACTLY_MIN
    if rules.shoot is not None and not stuck_exactly:  # §7.4.1, §7.8.14: above every bid
        texts.add("shoot")
    if highest < top and top in open_levels:  # §4.2: a pitch is a bid of T
        texts |= pitches
    return texts
