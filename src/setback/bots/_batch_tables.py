"""Internal: the lookup tables of the batched engine (`setback.bots.batch`), each made by
asking the rule's own home, once per rules value.

The batched engine steps many hands at once on arrays, so it cannot call a phase's
function per hand. Instead it reads tables filled in here by calling those functions
over every input they can be given (or over one representative of each class of inputs
that they cannot tell apart), in pure Python, without numpy:

- the cards open to a seat in trick play: `play.open_cards`, asked for every trump, led
  suit, first trick or not, and every set of suits the hand holds (one card of each:
  the rules of following read a hand only by which suits it holds, and whether it holds
  call your partner's card); `follow` holds the suits each answer keeps;
- who plays next to a trick and who leads the next one: trick play's one step
  (`play.after_play`) and the leader's rule it asks (`play.next_leader`), for every
  last seat, set of seats that played, seats that hold a trump (trumps-only play),
  winner and count of tricks;
- the trick's winner: `TrumpTable.power`, the table `TrumpTable.winner_of` reads;
- the auction: the calls open at each position (`bidding.call_table`) and what each
  call does (`bidding.after_call`), for every seat, highest call and bidder;
- the points: each point's card under each trump (`Point.card`), its worth, and the
  trump order (`TrumpTable.order`) that High and Low walk.

What is not tabled here is tied to its home by the replay proof (`tests/extras`): the
awards of High, Low, Game and the captured cards, written again on arrays in
`_batch_numpy`. Settlement is not written again: the engine asks `scoring.settle` once
per distinct end of a hand in the batch.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from ..actions import Action, Bid, Pass, Shoot, Smudge
from ..bidding import after_call, call_table
from ..cards import CARDS, Suit
from ..play import HAND_TRICKS, after_play, next_leader, open_cards
from ..points import JOKERS_FROM, Point
from ..rules import Rules
from ..state import Phase
from ..tables import trump_tables
from ..trumps import TrumpTable, trump_named_by

__all__: list[str] = []

NO_TRUMP = 4
"""The trump index of a hand whose trump is not known yet (the first lead will set it)."""
LEADING = 4
"""The led-suit index of a seat that leads (nothing is led yet)."""
SIGNATURES = 32
"""The sets of suits a hand may hold (four bits, one per suit) times whether it holds call
your partner's card (the fifth bit)."""
HOLDS_CALLED = 16
"""The signature bit of a hand that holds call your partner's card."""
MOST_TRUMPS_ONLY_SEATS = 6
"""The most seats of trumps-only play the batched engine tables (its next-to-play table
grows as 4 to the seats); with more, a batch falls back to the playout kernel."""

# the auction's phases after a call, as table codes
BIDDING, DECLARE, PLAY = 0, 1, 2
_PHASE_CODES = {Phase.BIDDING: BIDDING, Phase.DECLARE_TRUMP: DECLARE, Phase.PLAY: PLAY}

# how each point is awarded, as table codes
CAPTURED, HIGH, LOW, GAME = 0, 1, 2, 3
_KINDS = {Point.HIGH: HIGH, Point.LOW: LOW, Point.GAME: GAME}


def uncovered(rules: Rules) -> str | None:
    """Why the batched engine does not play `rules` on arrays (a batch of them is played
    by looping the playout kernel), or None when it does."""
    if rules.pitch_instead_of_bid:
        return "pitch instead of bid (a pitch and the dealer's answer to it)"
    if rules.trumps_only and rules.players > MOST_TRUMPS_ONLY_SEATS:
        return f"trumps-only play with more than {MOST_TRUMPS_ONLY_SEATS} seats"
    return None


@attrs.frozen
class BatchTables:
    """The tables of one rules value (see the module); plain tuples, flat where the engine
    indexes them by a computed offset."""

    players: int
    """Seats."""
    holder_sets: int
    """How many sets of trump holders `next_seat` and `leader` tell apart: 2 ** players
    under trumps-only play, else 1 (who holds a trump changes nothing)."""
    suit_of: tuple[int, ...]
    """`suit_of[trump * 56 + card + 1]`: the suit a card counts as under `trump` (0-3);
    `LEADING` at column 0 (card -1: nothing led). Trump `NO_TRUMP` has no row."""
    suit_masks: tuple[int, ...]
    """`suit_masks[trump * 4 + suit]`: the cards that count as `suit` (bit sets); the row
    of `NO_TRUMP` is empty."""
    trump_masks: tuple[int, ...]
    """`trump_masks[trump]`: the trumps (0 for `NO_TRUMP`)."""
    power: tuple[int, ...]
    """`power[(trump * 4 + led) * 55 + card]`: `TrumpTable.power`."""
    named_by: tuple[int, ...]
    """`named_by[card]`: the trump a card sets as the first lead (`trump_named_by`)."""
    follow: tuple[int, ...]
    """`follow[((trump * 5 + led) * 2 + first) * 32 + signature]`: the cards of the suits
    `open_cards` keeps for a hand of that signature (a bit set to `&` with the hand)."""
    only_called: tuple[bool, ...]
    """The same index: `open_cards` keeps only call your partner's card."""
    next_seat: tuple[int, ...]
    """`next_seat[(last * 2 ** players + played) * holder_sets + holders]`: who plays next
    (trick play's step, `play.after_play`), -1 when the trick is complete."""
    leader: tuple[int, ...]
    """`leader[(winner * (HAND_TRICKS + 1) + min(tricks, HAND_TRICKS)) * holder_sets +
    holders]`: who leads next (`next_leader`), -1 when the hand is over."""
    most_tricks: int
    """The most tricks a hand can have."""
    call_open: tuple[int, ...]
    """`call_open[dealer * (max_bid + 1) + contract]`: the levels open to a seat (bit 0 a
    pass, bit L a call of level L), `dealer` 1 for the dealer."""
    after: tuple[tuple[int, int, int, int], ...]
    """`after[((seat * (max_bid + 1) + contract) * (players + 1) + pitcher + 1) *
    (max_bid + 1) + level]`: what a call of `level` does (`after_call`) as (contract,
    pitcher or -1, phase code, seat to act or -1), seats counted from the dealer (-1
    throughout where the call is not open)."""
    point_kinds: tuple[int, ...]
    """How each point of `rules.points` is awarded (`CAPTURED`, `HIGH`, `LOW`, `GAME`)."""
    point_cards: tuple[tuple[int, ...], ...]
    """`point_cards[point][trump]`: the card a captured point is for (-1 for the others)."""
    worth: tuple[int, ...]
    """What each point is worth."""
    orders: tuple[tuple[int, ...], ...]
    """`orders[trump]`: the trumps highest first, jokers left out (High and Low)."""


@functools.lru_cache(maxsize=32)
def batch_tables(rules: Rules) -> BatchTables:
    """The tables of `rules` (built once per rules value)."""
    tables = trump_tables(rules)
    players = rules.players
    holder_sets = 2**players if rules.trumps_only else 1
    suit_of: list[int] = []
    for table in tables:
        suit_of.extend([LEADING, *(int(suit) for suit in table.suits)])
    suit_masks = [mask for table in tables for mask in table.masks] + [0] * 4
    power = [strength for table in tables for row in table.power for strength in row]
    follow, only_called = _follow(rules, tables)
    next_seat, leader = _turns(rules, tables[0], holder_sets)
    if rules.trumps_only:
        most = max((table.trump_mask & rules.pack_mask).bit_count() for table in tables)
    else:
        most = HAND_TRICKS
    return BatchTables(
        players=players,
        holder_sets=holder_sets,
        suit_of=tuple(suit_of),
        suit_masks=tuple(suit_masks),
        trump_masks=(*(table.trump_mask for table in tables), 0),
        power=tuple(power),
        named_by=tuple(int(trump_named_by(card)) for card in CARDS),
        follow=follow,
        only_called=only_called,
        next_seat=next_seat,
        leader=leader,
        most_tricks=most,
        call_open=_call_open(rules),
        after=_after(rules),
        point_kinds=tuple(_KINDS.get(point, CAPTURED) for point in rules.points),
        point_cards=tuple(
            tuple(-1 if card is None else card for card in map(point.card, Suit))
            for point in rules.points
        ),
        worth=tuple(point.worth for point in rules.points),
        orders=tuple(
            tuple(index for index in table.order if index < JOKERS_FROM) for table in tables
        ),
    )


def _follow(rules: Rules, tables: Sequence[TrumpTable]) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """`open_cards` for every trump (and none yet), led suit (and none), first trick or
    not, and signature: asked with a hand of one card of each suit the signature names
    (two trumps when it holds the called card, one of them called)."""
    follow: list[int] = []
    only: list[bool] = []
    pack = rules.pack_mask
    everything = (1 << len(CARDS)) - 1
    for trump in range(5):
        table = tables[trump] if trump < 4 else None
        for led in range(5):
            for first in (False, True):
                for signature in range(SIGNATURES):
                    if table is None:  # the first lead sets trump: every card is open
                        follow.append(everything)
                        only.append(False)
                        continue
                    if signature & HOLDS_CALLED and not signature >> trump & 1:
                        follow.append(0)  # never asked: the called card is a trump
                        only.append(False)
                        continue
                    cards, called = _representative(table, pack, signature)
                    lead = -1 if led == LEADING else _card_of(table, pack, led)
                    allowed = open_cards(rules, table, cards, lead, first, called)[0]
                    kept = 0
                    for suit in range(4):
                        if allowed & cards & table.masks[suit] & ~called:
                            kept |= table.masks[suit]
                    just_called = bool(called) and allowed == called and bool(cards & ~called)
                    if not just_called and allowed != cards & kept:
                        raise AssertionError(  # a rule of following no table can hold
                            f"open_cards keeps no whole suits: trump {trump}, led {led}, "
                            f"first {first}, signature {signature}"
                        )
                    follow.append(kept)
                    only.append(just_called)
    return tuple(follow), tuple(only)


def _card_of(table: TrumpTable, pack: int, suit: int, skip: int = 0) -> int:
    """A card of the pack that counts as `suit` under `table` (not in `skip`)."""
    cards = table.masks[suit] & ~skip
    cards = cards & pack or cards
    return (cards & -cards).bit_length() - 1


def _representative(table: TrumpTable, pack: int, signature: int) -> tuple[int, int]:
    """A hand of the `signature` (a card of each suit it names, and the called card when it
    holds it) and the called card (a bit set; 0 when the signature holds none)."""
    called = 0
    if signature & HOLDS_CALLED:
        called = 1 << _card_of(table, pack, table.trump)
    cards = called
    for suit in range(4):
        if signature >> suit & 1:
            cards |= 1 << _card_of(table, pack, suit, skip=called)
    return cards, called


def _turns(
    rules: Rules, table: TrumpTable, holder_sets: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`play.after_play` and `next_leader` for every input (see `BatchTables`), asked with
    hands holding a trump of `table` (or not)."""
    players = rules.players
    trump = _card_of(table, rules.pack_mask, table.trump)
    other = next(index for index in range(len(CARDS)) if not table.trump_mask >> index & 1)
    if holder_sets == 1:  # who holds a trump does not count: every seat holds one
        held_of = [tuple(1 << trump for _ in range(players))]
    else:
        held_of = [
            tuple(1 << (trump if holders >> seat & 1 else other) for seat in range(players))
            for holders in range(holder_sets)
        ]
    next_seat: list[int] = []
    for last in range(players):
        for played in range(2**players):
            for held in held_of:
                if not played >> last & 1:
                    next_seat.append(-2)  # never asked: the last seat has played
                    continue
                plays = [
                    (seat, 0) for seat in range(players) if played >> seat & 1 and seat != last
                ]
                plays.append((last, 0))
                after, closed = after_play(rules, table, held, plays, 0, TrumpTable.winner_of)
                next_seat.append(-1 if closed >= 0 else after)
    leader: list[int] = []
    for winner in range(players):
        for tricks in range(HAND_TRICKS + 1):
            for held in held_of:
                lead = next_leader(rules, table, held, winner, tricks)
                leader.append(-1 if lead is None else lead)
    return tuple(next_seat), tuple(leader)


def call_level(rules: Rules, action: Action) -> int:
    """The level of a call (0 for a pass): how the batched engine numbers the calls."""
    if type(action) is Pass:
        return 0
    if type(action) is Bid:
        return action.level
    if type(action) in (Smudge, Shoot):
        return rules.smudge_level
    raise ValueError(f"{action!r} has no level")


def _call_open(rules: Rules) -> tuple[int, ...]:
    """The levels open at each position of the auction (no pitch lying), by dealer or not
    and highest call: from `bidding.call_table`'s listed calls."""
    table = call_table(rules)
    out = []
    for positions in (table.others, table.dealer):
        for _calls, listed in positions:
            levels = 0
            for action in listed:
                levels |= 1 << call_level(rules, action)
            out.append(levels)
    return tuple(out)


def _after(rules: Rules) -> tuple[tuple[int, int, int, int], ...]:
    """`after_call` for every open call at every position (dealer 0, no pitch lying)."""
    table = call_table(rules)
    players, top = rules.players, rules.max_bid
    out: list[tuple[int, int, int, int]] = []
    for seat in range(players):
        positions = table.dealer if seat == 0 else table.others
        for contract in range(top + 1):
            listed = {call_level(rules, action): action for action in positions[contract][1]}
            for pitcher in range(-1, players):
                for level in range(top + 1):
                    action = listed.get(level)
                    if action is None:
                        out.append((-1, -1, -1, -1))
                        continue
                    outcome = after_call(
                        rules, 0, seat, contract, None if pitcher < 0 else pitcher, (), action
                    )
                    out.append(
                        (
                            outcome.contract,
                            -1 if outcome.pitcher is None else outcome.pitcher,
                            _PHASE_CODES[outcome.phase],
                            -1 if outcome.to_act is None else outcome.to_act,
                        )
                    )
    return tuple(out)
