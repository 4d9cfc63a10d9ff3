"""Hypothesis strategies and random players for the property tests."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from typing import TypeVar

from hypothesis import example
from hypothesis import strategies as st

from setback import (
    Action,
    AllPass,
    Bid,
    DealerMatch,
    DrawOrder,
    GameState,
    JokerRank,
    KeepSix,
    LowTo,
    PackRanks,
    Pass,
    Phase,
    PlayTrump,
    Point,
    Rules,
    Settlement,
    ShootFailed,
    ShootFor,
    ShootMade,
    TrumpBy,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
)
from setback.points import FOUR_POINTS

POINTS_FOR_JOKERS = {
    0: (),
    1: (Point.JOKER,),
    2: (Point.BIG_JOKER, Point.LITTLE_JOKER),
}
"""§6.2: the joker points a pack of 0, 1 or 2 jokers can award."""


PACK_RANKS = {
    PackRanks.ALL: frozenset(range(2, 15)),
    PackRanks.FIVE_UP: frozenset(range(5, 15)),
    PackRanks.NINE_UP: frozenset(range(9, 15)),
    PackRanks.TWO_AND_NINE_UP: frozenset((2, *range(9, 15))),
    PackRanks.NO_FOURS: frozenset((2, 3, *range(5, 15))),
}
"""§7.7.2: the ranks of each suit in each pack."""

POINT_RANKS = {
    Point.JACK: 11,
    Point.OFF_JACK: 11,
    Point.TEN: 10,
    Point.TREY: 3,
    Point.FIVE: 5,
    Point.OFF_FIVE: 5,
    Point.NINE: 9,
    Point.OFF_ACE: 14,
    Point.OFF_THREE: 3,
}
"""The rank of each card point's card (a point set must fit the pack's ranks)."""


@st.composite
def point_sets(
    draw: st.DrawFn,
    jokers: int,
    off_jack: bool,
    offs: tuple[bool, bool, bool] = (False, False, False),
    ranks: frozenset[int] = PACK_RANKS[PackRanks.ALL],
) -> tuple[Point, ...]:
    """A point set that fits the cards (RULES §6.2, §7.2): each point at most once,
    `OFF_JACK` only with the jick, `OFF_ACE`/`OFF_FIVE`/`OFF_THREE` only with their off
    cards, `JOKER` or `SNOOZER` only with one joker (not both), `BIG_JOKER`/`LITTLE_JOKER`
    only with two, card points only for ranks in the pack; half the time the four points
    of §1, else any fitting points in any order."""
    off_ace, off_five, off_three = offs
    jokers_points = list(POINTS_FOR_JOKERS[jokers])
    if jokers == 1 and draw(st.booleans()):
        jokers_points = [Point.SNOOZER]
    fitting = [
        Point.HIGH,
        Point.LOW,
        Point.JACK,
        *([Point.OFF_JACK] if off_jack else []),
        *jokers_points,
        Point.TEN,
        Point.TREY,
        Point.GAME,
        Point.FIVE,
        Point.NINE,
        *([Point.OFF_ACE] if off_ace else []),
        *([Point.OFF_FIVE] if off_five else []),
        *([Point.OFF_THREE] if off_three else []),
    ]
    fitting = [point for point in fitting if POINT_RANKS.get(point, 14) in ranks]
    if draw(st.booleans()):
        return FOUR_POINTS
    order = draw(st.permutations(fitting))
    chosen = order[: draw(st.integers(1, len(order)))]
    while len(chosen) > 1 and sum(point.worth for point in chosen) > 36:  # bids go to 36
        chosen.pop()
    if sum(point.worth for point in chosen) > 36:
        return FOUR_POINTS
    return tuple(chosen)


def _point_cards(points: tuple[Point, ...], ranks: frozenset[int]) -> int:
    """How many trumps are point cards (the A, the 2 and the points' cards, RULES §6.9.2)
    in a pack of `ranks`: Cinch's rob needs at most six (§7.5.5)."""
    offs = (Point.OFF_JACK, Point.OFF_FIVE, Point.OFF_ACE, Point.OFF_THREE)
    cards: set[object] = {(False, rank) for rank in (14, 2) if rank in ranks}
    for point in points:
        if point in POINT_RANKS:
            cards.add((point in offs, POINT_RANKS[point]))
        elif point not in (Point.HIGH, Point.LOW, Point.GAME):
            cards.add(point)  # a joker
    return len(cards)


DECLARING = ((False, False), (False, False), (True, False), (False, True), (True, True))
"""(draw, no_trump_first_trick) with a deal of six: half the time neither (trump is set by
the first lead), else the variants that have the pitcher declare trump."""


@st.composite
def all_rules(draw: st.DrawFn) -> Rules:
    """Any `Rules` value that validates: every seat count, option and variant, and the
    extended forms' options (RULES §6): jokers, the jick, where a lone joker ranks, the
    point set, deals above six and how they come down to six, and the play options of §7.1
    (`play_trump`, `trump_by`, `pitcher_leads_trump`: each given or left to its default)."""
    partnerships = draw(st.booleans())
    players = draw(st.sampled_from((4, 6))) if partnerships else draw(st.integers(2, 8))
    jokers = draw(st.sampled_from((0, 0, 1, 2)))
    # §7.7.2: a short pack a quarter of the time, where six cards a seat fit it
    pack_ranks = PackRanks.ALL
    if draw(st.integers(0, 3)) == 0:
        pack_ranks = draw(
            st.sampled_from(
                [r for r in PackRanks if 4 * len(PACK_RANKS[r]) + jokers >= 6 * players]
            )
        )
    ranks = PACK_RANKS[pack_ranks]
    off_jack = draw(st.booleans())
    # §7.2.1: the off cards, each a quarter of the time, where the pack has its rank
    offs = tuple(rank in ranks and draw(st.integers(0, 3)) == 0 for rank in (14, 5, 3))
    off_ace, off_five, off_three = offs
    joker_rank = draw(st.sampled_from(JokerRank)) if jokers == 1 else JokerRank.BELOW_JACKS
    points = draw(point_sets(jokers, off_jack, (off_ace, off_five, off_three), ranks))
    most = min(10, (4 * len(ranks) + jokers) // players)  # §6.4: the deal must fit the pack
    six = partnerships and players == 6
    deal = draw(st.sampled_from((8, 8, 6))) if six and most >= 8 else 6
    if most > 6 and draw(st.integers(0, 3)) == 0:
        deal = draw(st.integers(7, most))
    # §7.7.3: call your partner, five seats each for himself with the draw back
    call_partner = not partnerships and players == 5 and most > 6 and draw(st.booleans())
    if call_partner:
        deal = draw(st.integers(7, most))
    dealt_more = deal > 6  # the pitcher declares trump, the hands come down to six (§6.4)
    keep_six = draw(st.sampled_from(KeepSix)) if dealt_more else KeepSix.FREE_DISCARD
    if call_partner:
        keep_six = KeepSix.DRAW_BACK
    if keep_six is KeepSix.ROB_THE_PACK and _point_cards(points, ranks) > 6:
        keep_six = KeepSix.NON_TRUMPS_FIRST  # §7.5.5: seven trumps must hold one to throw
    if dealt_more:  # the draw needs a deal of six
        draw_, no_trump_first_trick = False, draw(st.booleans())
    else:
        draw_, no_trump_first_trick = draw(st.sampled_from(DECLARING))
    if keep_six is KeepSix.DRAW_BACK and dealt_more:
        # the draw back leaves hands of any size: only trumps-only play can finish them
        # (§6.5; RulesError otherwise)
        no_trump_first_trick = False
    # §7.7.1: a kitty a quarter of the time, on a deal of six, where the pack has the cards
    spare = 4 * len(ranks) + jokers - players * deal
    kitty = 0
    if not dealt_more and spare > 0 and draw(st.integers(0, 3)) == 0:
        kitty = draw(st.integers(1, min(6, spare)))
    implied = dealt_more or draw_ or no_trump_first_trick or kitty > 0  # §7.8.14: declared
    # §7.1.2: where nothing needs it, trump may still be declared (Trickster's 4 points)
    trump_by = TrumpBy.DECLARE if implied or draw(st.integers(0, 3)) == 0 else TrumpBy.LEAD
    declared = trump_by is TrumpBy.DECLARE
    play_options: dict[str, object] = {}
    if not implied or draw(st.booleans()):  # given, or left to what the options imply
        play_options["trump_by"] = trump_by
    if declared and not no_trump_first_trick:  # §7.1.3: only with DECLARE, never with §4.3
        leads = draw(st.sampled_from((None, True, False)))
        if leads is not None:
            play_options["pitcher_leads_trump"] = leads
    if keep_six is KeepSix.DRAW_BACK and dealt_more:
        play_trump = PlayTrump.ONLY
    elif declared and not no_trump_first_trick:
        play_trump = draw(st.sampled_from(PlayTrump))
    else:
        play_trump = draw(st.sampled_from((PlayTrump.ANYTIME, PlayTrump.WHEN_VOID)))
    if play_trump is PlayTrump.ONLY and draw(st.booleans()):
        play_options["trumps_only"] = True  # the older keyword
    else:
        play_options["play_trump"] = play_trump
    draw_order = DrawOrder.ELDEST  # §7.3.10: where the draw back begins
    if keep_six in (KeepSix.DRAW_BACK, KeepSix.DISCARD_AND_DRAW) and dealt_more:
        draw_order = draw(st.sampled_from(DrawOrder))  # and where the discard and draw does
    pitch = not declared and draw(st.booleans())
    total = sum(point.worth for point in points)
    sides = players // 2 if partnerships else players
    # §7.2.6: the difference settlement, for two sides, a third of the time
    settlement = Settlement.EACH
    if sides == 2 and draw(st.integers(0, 2)) == 0:
        settlement = Settlement.DIFFERENCE
    # §7.7.4: a fixed number of hands, a quarter of the time
    hands_limit = draw(st.integers(1, 3)) if draw(st.integers(0, 3)) == 0 else None
    # §7.4: shoot the moon, without Smudge and without pitch-instead-of-bid (§7.8.9)
    smudge = draw(st.booleans())
    shoot: dict[str, object] = {}
    if not smudge and not pitch and draw(st.booleans()):
        shoot = {
            "shoot": draw(st.sampled_from(ShootFor)),
            "shoot_made": draw(st.sampled_from(ShootMade)),
            "shoot_failed": draw(st.sampled_from(ShootFailed)),
        }
    return Rules(
        players=players,
        partnerships=partnerships,
        target=draw(st.integers(1, 31)),
        hands_limit=hands_limit,
        min_bid=draw(st.integers(1, total)),
        smudge=smudge,
        dealer_match=draw(st.sampled_from(DealerMatch)),
        all_pass=draw(st.sampled_from(AllPass)),
        low_to=draw(st.sampled_from(LowTo)),
        win_rule=draw(st.sampled_from(WinRule)),
        draw=draw_,
        no_trump_first_trick=no_trump_first_trick,
        pitch_instead_of_bid=pitch,
        jokers=jokers,
        off_jack=off_jack,
        joker_rank=joker_rank,
        points=points,
        deal=deal,
        keep_six=keep_six,
        off_ace=off_ace,
        off_five=off_five,
        off_three=off_three,
        settlement=settlement,
        pack_ranks=pack_ranks,
        draw_order=draw_order,
        kitty=kitty,
        call_partner=call_partner,
        **play_options,  # type: ignore[arg-type]
        **shoot,  # type: ignore[arg-type]
    )


def presets() -> st.SearchStrategy[Rules]:
    """The named presets, at every seat count they allow."""
    return st.one_of(
        st.just(Rules.setback()),
        st.just(Rules.six_player()),
        st.integers(2, 8).map(lambda n: Rules.auction_pitch(players=n)),
        st.integers(2, 8).map(lambda n: Rules.cutthroat(players=n)),
        st.integers(2, 6).map(lambda n: Rules.ten_point(players=n)),
        st.integers(2, 6).map(lambda n: Rules.smear(players=n)),
        st.integers(2, 8).map(lambda n: Rules.joker_pitch(players=n)),
        st.sampled_from((7, 10, 11, 13)).map(lambda n: Rules.trickster(n, players=5)),
        st.integers(2, 8).map(lambda n: Rules.dom_pedro(players=n)),
        st.just(Rules.cinch()),
    )


any_rules = st.one_of(presets(), all_rules())


SOAK = os.environ.get("SETBACK_SOAK", "") not in ("", "0")
"""Whether the property tests run at their soak size: `benchmarks/soak.py --properties`
sets `SETBACK_SOAK=1` (plain `pytest` leaves it unset and runs the suite's size)."""


def examples(suite: int, soak: int) -> int:
    """How many examples a property test draws: `suite` in plain `pytest` (the suite must
    stay under 3 minutes), `soak` under the soak."""
    return soak if SOAK else suite


PRESETS = (
    Rules.setback(),
    Rules.six_player(),
    Rules.auction_pitch(players=3),
    Rules.cutthroat(players=5),
    Rules.ten_point(players=4),
    Rules.smear(players=4),
    Rules.joker_pitch(players=3),
    Rules.dom_pedro(players=4),
    Rules.setback(draw=True),
    Rules.setback(pitch_instead_of_bid=True),
    Rules.setback(no_trump_first_trick=True),
    Rules.trickster(10, players=5),
    Rules.trickster(9),
    Rules.cinch(),
)
"""One rule set per preset and per variant of RULES §2 to §6, each met by every property
test that takes `rules` and `seed` (see `each_preset`)."""

_Test = TypeVar("_Test", bound=Callable[..., None])


def each_preset(test: _Test) -> _Test:
    """Give a property test (arguments `rules` and `seed`) one fixed example per rule set of
    `PRESETS`, run on every run before the drawn examples: every preset is met whatever
    hypothesis draws."""
    for number, rules in enumerate(PRESETS):
        test = example(rules=rules, seed=number + 1)(test)
    return test


seeds = st.integers(0, 2**64 - 1)


def calm_choice(state: GameState, rng: random.Random) -> Action:
    """A random legal action that passes often and bids low, so bid-out games end."""
    legal = legal_actions(state)
    if state.phase is Phase.BIDDING:
        if Pass() in legal and (len(legal) == 1 or rng.random() < 0.7):
            return Pass()
        calls = [a for a in legal if a != Pass()]
        bids = [a for a in calls if isinstance(a, Bid)]
        return bids[0] if bids and rng.random() < 0.7 else rng.choice(calls)
    return rng.choice(legal)


def random_states(rules: Rules, seed: int, *, max_steps: int = 600) -> Iterator[GameState]:
    """Every state of a calm random game, from the deal until it ends or `max_steps` actions."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=rng.randrange(rules.players))
    yield state
    for _ in range(max_steps):
        if state.is_over:
            return
        state = apply_action(state, calm_choice(state, rng))
        yield state


def play_until(
    state: GameState,
    done: Callable[[GameState], bool],
    choose: Callable[[GameState], Action],
    *,
    max_steps: int = 5000,
) -> GameState:
    """Apply `choose(state)` until `done(state)`; fail (never hang) after `max_steps`."""
    for _ in range(max_steps):
        if done(state):
            return state
        state = apply_action(state, choose(state))
    raise AssertionError(f"still not done after {max_steps} actions: a rule may be broken")


def random_game(rules: Rules, seed: int, *, max_steps: int = 600) -> GameState:
    """The last state of a calm random game."""
    *_, last = random_states(rules, seed, max_steps=max_steps)
    return last
