"""The discards and the draw: what happens between the declaration (`declaring`) and the
lead: what is open (and why not), and what each action changes.

Only where the pitcher names trump (the draw, no trump in the first trick, the
kitty, a deal above six: the six-player discard, Smear's discard to six,
Ten-point's draw back and face-up discard, Trickster's discard and draw, Cinch's
discard and rob). Call your partner's pairing (`partner_of`) is made here, when the
draw back is over.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import chain, combinations

from .actions import Action, Discard, discards_in_order
from .cards import BIT, Rank, Suit, cards_of, index_of, mask_of, pick
from .options import DrawOrder
from .play import lead
from .refusals import Refusal
from .rules import Rules
from .state import (
    ForcedStep,
    GameState,
    Hand,
    HandState,
    Phase,
)
from .trumps import TrumpTable

__all__: list[str] = []


def begin_discards(
    rules: Rules, tables: Sequence[TrumpTable], hand: Hand, setup: HandState
) -> Hand:
    """The core once trump is named (and any partner called, `declaring`): the draw back,
    the discards, or the pitcher's lead."""
    assert setup.trump is not None
    table = tables[setup.trump]
    if rules.draws_back:
        held, steps = draw_back(rules, table, setup.dealer, _pitcher(setup), setup.stock, hand.held)
        discarded = [0] * rules.players
        for step in steps:
            discarded[step.seat] = step.discarded
        setup = setup._replace(stock=(), discarded=tuple(discarded), forced=setup.forced + steps)
        if setup.called:  # the draw back is over: the called card's holder is known
            must_play, partner = partner_of(setup.called, held, _pitcher(setup))
            setup = setup._replace(must_play=must_play, partner=partner)
        return _face_up_turn(rules, tables, setup, held, None)
    if rules.robs_the_pack:
        return _rob_turn(rules, tables, setup, hand.held, None)
    if rules.kitty:
        return take_kitty(rules, tables, setup, hand.held)
    first = None
    if rules.discards_to_six or rules.draw or rules.discards_and_draws:
        first = discard_turns(rules, setup.dealer, _pitcher(setup))[0]
    return _discard_turn(rules, tables, setup, hand.held, first)


def partner_of(called: int, in_play: Sequence[int], pitcher: int) -> tuple[int, int]:
    """Call your partner's pairing, the one home of it: the card a partner must play to the
    first trick (the `called` card, a bit set; 0 when the pitcher holds it) and the seat
    whose cards in play (`in_play`, bit sets: held, or held and played) hold it, the
    pitcher's partner (the `pitcher` himself when he holds it, or nobody does: he plays
    alone). The call's step asks it once the draw back is over; sampling asks it of the
    hands it deals."""
    partner = next((seat for seat, cards in enumerate(in_play) if cards & called), pitcher)
    return (0 if partner == pitcher else called), partner


def draw_from(stock: tuple[int, ...], count: int) -> tuple[int, tuple[int, ...]]:
    """The first `count` cards of `stock` (card indices, in order) as a bit set, and the
    stock after them (none when `count` is 0 or less; all of it, and no more, when it
    holds fewer): the one home of taking cards from the stock's front (the kitty as it
    is dealt and taken, the draw, the discard and draw's and the draw back's draws,
    Cinch's refills and the dealer's rob)."""
    count = max(count, 0)
    drawn = 0
    for index in stock[:count]:
        drawn |= 1 << index
    return drawn, stock[count:]


def take_kitty(
    rules: Rules, tables: Sequence[TrumpTable], setup: HandState, held: tuple[int, ...]
) -> Hand:
    """The kitty, the one home of it: the cards dealt face down after the packets (the
    stock's first `rules.kitty`, `HandState.kitty`). Once trump is declared the pitcher
    adds them to his hand (a forced step, recorded as a draw of its cards, which the event
    log shows) and is the first to discard, exactly as many cards."""
    pitcher = _pitcher(setup)
    kitty, stock = draw_from(setup.stock, rules.kitty)
    cards = list(held)
    cards[pitcher] |= kitty
    step = ForcedStep(seat=pitcher, drawn=kitty)
    setup = setup._replace(stock=stock, forced=(*setup.forced, step))
    return _discard_turn(rules, tables, setup, tuple(cards), pitcher)


def kitty_due(rules: Rules, setup: HandState, seat: int) -> bool:
    """Whether `seat`'s discard now is the pitcher's discard after taking the kitty (it
    comes first, before any other discard, and holds at least one card)."""
    return bool(rules.kitty) and seat == setup.pitcher and not setup.discarded[seat]


def _pitcher(hand: HandState) -> int:
    assert hand.pitcher is not None
    return hand.pitcher


def draw_back_order(rules: Rules, dealer: int, pitcher: int) -> list[int]:
    """The seats in the draw back's (and the discard and draw's) order: every seat but the
    pitcher, clockwise from eldest (`DrawOrder.ELDEST`) or from the pitcher's left
    (`PITCHER_LEFT`), then the pitcher last."""
    start = pitcher if rules.draw_order is DrawOrder.PITCHER_LEFT else dealer
    order = discard_order(start, rules.players)  # clockwise from the seat after `start`
    return [*(seat for seat in order if seat != pitcher), pitcher]


def discard_turns(rules: Rules, dealer: int, pitcher: int, after: int | None = None) -> list[int]:
    """The seats still to discard after `after` (every seat when None), in the order of
    the hand's discards when `dealer` deals and `pitcher` pitches: the discard and draw's
    `draw_back_order` (the pitcher last); every other method's eldest first and the
    dealer last (`discard_order`: the draw, the discards down to six, Ten-point's face-up
    discards, Cinch's discard and rob, and the draw after a kitty's discard). The one home
    of who discards next (the steps, and sampling's count of who has discarded)."""
    if rules.discards_and_draws:
        turns = draw_back_order(rules, dealer, pitcher)
    else:
        turns = discard_order(dealer, rules.players)
    return turns if after is None else turns[turns.index(after) + 1 :]


def refill(kept: int, stock: int) -> int:
    """How many cards a hand of `kept` cards draws to come back to six from a stock of
    `stock` cards (as many as it holds, if fewer; none above six): the one home of the
    refill (the draw back's, the discard and draw's, Cinch's), which sampling's count of
    the draw back asks too."""
    return max(0, min(6 - kept, stock))


def draw_back(
    rules: Rules,
    table: TrumpTable,
    dealer: int,
    pitcher: int,
    stock: Sequence[int],
    held: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[ForcedStep, ...]]:
    """Ten-point Pitch's draw back, the one home of it: in `draw_back_order` (eldest
    first, or from the pitcher's left), everyone but the pitcher discards every non-trump
    face down and draws from `stock` (from its front) to six; the pitcher takes the rest
    of the stock and discards every non-trump. Returns the hands after it and its steps,
    one per seat in that order; the stock is used up."""
    trumps = table.trump_mask
    cards, rest = list(held), tuple(stock)
    steps = []
    for seat in draw_back_order(rules, dealer, pitcher):
        thrown = cards[seat] & ~trumps
        kept = cards[seat] & trumps
        if seat == pitcher:
            drawn, rest = draw_from(rest, len(rest))
            thrown |= drawn & ~trumps
            kept |= drawn & trumps
        else:
            drawn, rest = draw_from(rest, refill(kept.bit_count(), len(rest)))
            kept |= drawn
        cards[seat] = kept
        steps.append(ForcedStep(seat=seat, discarded=thrown, drawn=drawn))
    return tuple(cards), tuple(steps)


_ACE_AND_TWO: tuple[int, ...] = tuple(
    1 << index_of(suit, Rank.ACE) | 1 << index_of(suit, Rank.TWO) for suit in Suit
)
"""`_ACE_AND_TWO[suit]`: the suit's A and 2, as a bit set."""


def excess_trumps(rules: Rules, table: TrumpTable, held: int, called: int = 0) -> tuple[int, int]:
    """Ten-point Pitch's face-up discard: the trumps a hand of more than six may discard
    face up (a bit set: its trumps that are no point card, nor the `called` card of call
    your partner, which is never discarded) and how many it must, to come down to six or
    to point cards (and the called card) only. Point cards: the A and 2 of trumps and
    every card a point names."""
    trump = table.trump
    points = _ACE_AND_TWO[trump]
    for point in rules.points:
        card = point.card(trump)
        if card is not None:
            points |= 1 << card
    free = held & table.trump_mask & ~points & ~called
    return free, min(max(held.bit_count() - 6, 0), free.bit_count())


def discardable(state: GameState) -> tuple[int, int, int]:
    """The cards the seat to act may discard (a bit set), and how few and how many:
    `discard_bounds` asked with the state's hand, trump and stock."""
    return discard_options(state.standing.rules, state.standing.tables, state.hand)[:3]


def discard_options(
    rules: Rules, tables: Sequence[TrumpTable], hand: Hand
) -> tuple[int, int, int, int]:
    """What the seat to act in the hand core `hand` may discard: the cards (a bit set),
    how few and how many (`discard_bounds`; Cinch's `rob_bounds`), and the cards a
    discard must hold all of before it holds any other (the non-trumps of Smear,
    `rules.non_trumps_first`, and of Cinch; else all of them, no order binding)."""
    setup, seat = hand.setup, hand.to_act
    assert seat is not None and setup.trump is not None
    if rules.kitty and kitty_due(rules, setup, seat):  # any cards, exactly the kitty's count
        held = hand.held[seat]
        return held, rules.kitty, rules.kitty, held
    table = tables[setup.trump]
    if rules.robs_the_pack:
        held = hand.held[seat]
        cards, count = rob_bounds(rules, table, held, len(setup.stock), seat == setup.dealer)
        return cards, count, count, cards & ~table.trump_mask
    cards, fewest, most = discard_bounds(
        rules, table, hand.held[seat], len(setup.stock), setup.called
    )
    first = cards & ~table.trump_mask if rules.non_trumps_first else cards
    return cards, fewest, most, first


def discard_bounds(
    rules: Rules, table: TrumpTable, held: int, stock: int, called: int
) -> tuple[int, int, int]:
    """The cards of `held` that may be discarded (a bit set), and how few and how many,
    with `stock` cards left to draw (`called`: the called card of call your partner,
    never discarded; 0 without one).

    A deal above six: exactly the cards above six (`KeepSix.FREE_DISCARD`: any;
    `NON_TRUMPS_FIRST`: a trump only with every non-trump, see `discard_refusal`;
    `DRAW_BACK`: the face-up discard of excess non-point trumps; `DISCARD_AND_DRAW`: any
    cards, keeping at most 6 and at least 3, or at least 6 minus what the stock holds).
    The draw: any number of non-trumps, at most as many as the stock can refill. The one
    home of these bounds: the checked engine and the playout kernel both ask it.
    """
    if rules.draws_back:
        free, count = excess_trumps(rules, table, held, called)
        return free, count, count
    if rules.discards_and_draws:
        size = held.bit_count()
        return held, size - 6, size - max(KEEP_AT_LEAST, 6 - stock)
    if rules.discards_to_six:
        count = held.bit_count() - 6
        return held, count, count
    free = held & ~table.trump_mask
    return free, 0, min(free.bit_count(), stock)


KEEP_AT_LEAST = 3
"""The fewest cards a hand keeps in the discard and draw (`KeepSix.DISCARD_AND_DRAW`:
TricksterBots' "players must keep at least 3")."""


def legal_discards(state: GameState) -> tuple[Action, ...]:
    """Every discard open to the seat to act, fewest cards first, then by card order."""
    cards, fewest, most = discardable(state)
    rules, hand = state.rules, state.hand_state
    if rules.non_trumps_first or rules.robs_the_pack:
        assert hand.trump is not None
        trumps = state.standing.tables[hand.trump].trump_mask
        others = pick(BIT, cards & ~trumps)  # one bit set per card: a choice is their sum
        if len(others) >= fewest:
            return tuple(map(discard_of, map(sum, combinations(others, fewest))))
        rest, all_others = fewest - len(others), cards & ~trumps
        return tuple(
            discard_of(all_others | sum(chosen))
            for chosen in combinations(pick(BIT, cards & trumps), rest)
        )
    pool = cards_of(cards)  # in index order, so each combination is a sorted discard
    sizes = range(fewest, most + 1)
    return discards_in_order(chain.from_iterable(combinations(pool, n) for n in sizes))


@functools.lru_cache(maxsize=4096)
def discard_of(cards: int) -> Discard:
    """The shared `Discard` of a set of cards (a bit set), taken as they are: `cards_of`
    gives distinct cards in index order, which is what `Discard` makes of any cards."""
    return discards_in_order((cards_of(cards),))[0]


def discard_refusal(state: GameState, action: object, *, show_hand: bool) -> Refusal | None:
    """Why the seat to act may not make `action` now, or None if it may."""
    if not isinstance(action, Discard):
        return Refusal("discard_now")
    rules, hand = state.rules, state.hand_state
    seat = state.to_act
    assert seat is not None and hand.trump is not None
    missing = [str(card) for card in action.cards if not state.held[seat] >> card.index & 1]
    if missing:
        return Refusal("not_held", {"seat": seat, "cards": missing})
    if rules.robs_the_pack:
        return _rob_refusal(state, mask_of(action.cards))
    if rules.kitty and kitty_due(rules, hand, seat):
        if len(action.cards) != rules.kitty:
            return Refusal("kitty_count", {"count": rules.kitty})
        return None
    allowed, fewest, most = discardable(state)
    face_up = rules.draws_back
    if any(not allowed >> card.index & 1 for card in action.cards):
        if face_up:
            return Refusal("face_up_point_trump")
        return Refusal("trump_in_draw")
    if not fewest <= len(action.cards) <= most:
        if face_up:
            return Refusal("face_up_count", {"count": fewest})
        if rules.discards_and_draws:
            size = state.held[seat].bit_count()
            if len(action.cards) < fewest:
                return Refusal("keep_at_most", {"count": fewest})
            return Refusal("keep_at_least", {"count": size - most})
        if fewest == most:
            return Refusal("discard_count", {"count": fewest})
        return Refusal("stock_short", {"count": most})
    if rules.non_trumps_first:
        trumps = state.standing.tables[hand.trump].trump_mask
        thrown, others = mask_of(action.cards), state.held[seat] & ~trumps
        if thrown & trumps and others & ~thrown:
            return Refusal("non_trumps_first")
    return None


def step_discard(rules: Rules, tables: Sequence[TrumpTable], hand: Hand, action: Discard) -> Hand:
    """The seat to act discards (face up in the draw back's last step, else face down,
    then drawing from the stock: as many in the draw variant, back to six in the discard
    and draw, a forced step; the pitcher's kitty discard comes first, then the draw if
    on); after the last, the pitcher leads."""
    setup = hand.setup
    seat = hand.to_act
    assert seat is not None
    thrown = mask_of(action.cards)
    if rules.robs_the_pack:
        assert setup.trump is not None
        trumps = tables[setup.trump].trump_mask
        setup, cards, drawn = _rob_discard(rules, setup, hand.held, seat, thrown, trumps)
        if drawn:  # the stock gives back what it can (a short stock)
            setup = setup._replace(forced=(*setup.forced, ForcedStep(seat=seat, drawn=drawn)))
        return _rob_turn(rules, tables, setup, cards, seat)
    held = list(hand.held)
    held[seat] &= ~thrown
    if rules.draws_back:
        face_up = list(setup.face_up or (0,) * rules.players)
        face_up[seat] = thrown
        setup = setup._replace(face_up=tuple(face_up))
        return _face_up_turn(rules, tables, setup, tuple(held), seat)
    if rules.kitty and kitty_due(rules, setup, seat):  # the kitty's discard, face down
        discarded = list(setup.discarded)
        discarded[seat] = thrown
        setup = setup._replace(discarded=tuple(discarded))
        after = discard_turns(rules, setup.dealer, seat)[0] if rules.draw else None
        return _discard_turn(rules, tables, setup, tuple(held), after)  # then the draw
    stock, forced = setup.stock, setup.forced
    if rules.draw or rules.discards_and_draws:
        count = len(action.cards) if rules.draw else refill(held[seat].bit_count(), len(stock))
        drawn, stock = draw_from(stock, count)
        held[seat] |= drawn
        forced += (ForcedStep(seat=seat, drawn=drawn),)
    discarded = list(setup.discarded)
    discarded[seat] |= thrown  # the pitcher's kitty discard came first
    setup = setup._replace(stock=stock, discarded=tuple(discarded), forced=forced)
    turns = discard_turns(rules, setup.dealer, _pitcher(setup), seat)
    return _discard_turn(rules, tables, setup, tuple(held), turns[0] if turns else None)


def _discard_turn(
    rules: Rules,
    tables: Sequence[TrumpTable],
    setup: HandState,
    held: tuple[int, ...],
    seat: int | None,
) -> Hand:
    """The core with `seat` to discard; None: the discards are over, and the pitcher
    leads (`play.lead`)."""
    if seat is None:
        return lead(rules, tables, setup, held, _pitcher(setup))
    if setup.phase is not Phase.DISCARD:
        setup = setup._replace(phase=Phase.DISCARD)
    return Hand(setup=setup, to_act=seat, held=held)


def forced_face_up(
    rules: Rules, table: TrumpTable, held: Sequence[int], turns: Sequence[int], called: int
) -> tuple[int | None, tuple[tuple[int, int], ...]]:
    """Of the seats `turns` still to discard face up, in order (`discard_turns`), those
    whose face-up discard of excess trumps is forced (no choice: every free trump goes),
    as `(seat, cards)` pairs in order, up to the first seat that has a choice (returned
    first; None when nobody is left with one). The one home of that walk: the engine and
    the playout kernel both take it."""
    forced: list[tuple[int, int]] = []
    for seat in turns:
        free, count = excess_trumps(rules, table, held[seat], called)
        if not count:
            continue
        if free.bit_count() > count:
            return seat, tuple(forced)
        forced.append((seat, free))
    return None, tuple(forced)


def _face_up_turn(
    rules: Rules,
    tables: Sequence[TrumpTable],
    setup: HandState,
    held: tuple[int, ...],
    after: int | None,
) -> Hand:
    """The next seat after `after` (from the first when None) that must discard face up
    and has a choice; the forced discards on the way are made (and recorded). None left:
    play."""
    assert setup.trump is not None
    table = tables[setup.trump]
    turns = discard_turns(rules, setup.dealer, _pitcher(setup), after)
    chooser, forced = forced_face_up(rules, table, held, turns, setup.called)
    if forced:
        cards, face_up = list(held), list(setup.face_up or (0,) * rules.players)
        steps = []
        for seat, thrown in forced:
            face_up[seat], cards[seat] = thrown, cards[seat] & ~thrown
            steps.append(ForcedStep(seat=seat, face_up=thrown))
        setup = setup._replace(face_up=tuple(face_up), forced=setup.forced + tuple(steps))
        held = tuple(cards)
    return _discard_turn(rules, tables, setup, held, chooser)


def rob_bounds(
    rules: Rules, table: TrumpTable, held: int, stock: int, dealer: bool
) -> tuple[int, int]:
    """Cinch's discard and rob (`KeepSix.ROB_THE_PACK`): the cards of `held` a seat may
    discard (a bit set) and exactly how many it must, with `stock` cards left to give
    back; `dealer` says the seat is the dealer, who has already added the rest of the
    stock to his hand. The one home of these bounds (the checked engine, the forced
    steps and the playout kernel ask it).

    Seven trumps or more: every non-trump and the trumps above six, which must be no
    point card (`excess_trumps`). Else only non-trumps: the dealer's down to six, and a
    player's every one, but as many as the stock cannot give back are kept (his choice).
    A discard that holds a trump holds every non-trump (`discard_options`' `first`).
    """
    trumps = held & table.trump_mask
    others = held & ~trumps
    if trumps.bit_count() > 6:
        free, count = excess_trumps(rules, table, trumps)
        return others | free, others.bit_count() + count
    if dealer:
        return others, held.bit_count() - 6
    kept = 6 - trumps.bit_count() - stock  # the non-trumps the stock cannot replace
    return others, others.bit_count() - max(kept, 0)


def rob_split(thrown: int, trumps: int, dealer: bool) -> tuple[int, int]:
    """How a discard `thrown` (a bit set) lies in Cinch's discard and rob, as the cards
    face down and the cards face up: the dealer's non-trumps face down and his trumps
    face up; every other seat's whole discard face up. The one home of the split (the
    step and the event log ask it)."""
    if dealer:
        return thrown & ~trumps, thrown & trumps
    return 0, thrown


def _rob_refusal(state: GameState, thrown: int) -> Refusal | None:
    """Why the seat to act may not discard `thrown` (cards it holds) in Cinch's discard
    and rob, or None if it may."""
    seat, hand = state.to_act, state.hand_state
    assert seat is not None and hand.trump is not None
    allowed, count, _, first = discard_options(state.rules, state.standing.tables, state.hand)
    if thrown & ~allowed:
        trumps = state.held[seat] & state.standing.tables[hand.trump].trump_mask
        return Refusal("face_up_point_trump" if trumps.bit_count() > 6 else "keep_trumps")
    if thrown.bit_count() != count:
        return Refusal("rob_count", {"count": count})
    if thrown & ~first and first & ~thrown:
        return Refusal("non_trumps_first")
    return None


def _rob_discard(
    rules: Rules, setup: HandState, held: tuple[int, ...], seat: int, thrown: int, trumps: int
) -> tuple[HandState, tuple[int, ...], int]:
    """`seat` discards `thrown` in Cinch's discard and rob: the dealer's non-trumps face
    down, every other card face up; a player but the dealer is then given cards from the
    stock's front back to six. The setup and the hands after it, and the cards given."""
    face_up = list(setup.face_up or (0,) * rules.players)
    discarded = list(setup.discarded or (0,) * rules.players)
    cards, stock = list(held), setup.stock
    cards[seat] &= ~thrown
    drawn = 0
    down, up = rob_split(thrown, trumps, seat == setup.dealer)
    face_up[seat] |= up
    discarded[seat] |= down
    if seat != setup.dealer:
        drawn, stock = draw_from(stock, refill(cards[seat].bit_count(), len(stock)))
        cards[seat] |= drawn
    setup = setup._replace(stock=stock, face_up=tuple(face_up), discarded=tuple(discarded))
    return setup, tuple(cards), drawn


def _rob_turn(
    rules: Rules,
    tables: Sequence[TrumpTable],
    setup: HandState,
    held: tuple[int, ...],
    after: int | None,
) -> Hand:
    """Cinch's discard and rob from the seat after `after` (from the first when None) in
    the discarding order (`discard_turns`: eldest first, the dealer last): every seat
    whose discard is forced (one set only, `rob_bounds`) discards and is given cards
    back, the dealer first adding the rest of the stock to his hand, each recorded as a
    forced step; the first seat with a choice is to act. None left: the pitcher leads."""
    assert setup.trump is not None
    table = tables[setup.trump]
    trumps = table.trump_mask
    cards = held
    for seat in discard_turns(rules, setup.dealer, _pitcher(setup), after):
        dealer = seat == setup.dealer
        if dealer and setup.stock:  # the dealer robs the pack
            drawn, stock = draw_from(setup.stock, len(setup.stock))
            robbed = list(cards)
            robbed[seat] |= drawn
            cards = tuple(robbed)
            steps = (*setup.forced, ForcedStep(seat=seat, drawn=drawn))
            setup = setup._replace(stock=stock, forced=steps)
        allowed, count = rob_bounds(rules, table, cards[seat], len(setup.stock), dealer)
        if allowed.bit_count() != count:
            return _discard_turn(rules, tables, setup, cards, seat)
        setup, cards, drawn = _rob_discard(rules, setup, cards, seat, allowed, trumps)
        down, up = rob_split(allowed, trumps, dealer)
        step = ForcedStep(seat=seat, discarded=down, face_up=up, drawn=drawn)
        setup = setup._replace(forced=(*setup.forced, step))
    return _discard_turn(rules, tables, setup, cards, None)


def discard_order(dealer: int, players: int) -> list[int]:
    """The seats in discarding order: eldest first, dealer last."""
    return [(dealer + k) % players for k in range(1, players + 1)]
