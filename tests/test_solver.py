"""`SolverBot` and its exact endgame search: the search's moves are the engine's legal
cards, its values are those of a full minimax through the checked engine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings

from setback import (
    CARDS,
    Bid,
    GameState,
    Pass,
    Phase,
    Play,
    PlayerView,
    PlayTrump,
    Rules,
    Smudge,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    observe,
    parse_cards,
    sample_states,
    trump_table,
)
from setback.bots import HeuristicBot, MonteCarloBot, SolverBot, _outlook, play_game
from setback.bots.montecarlo import GreedyPolicy
from setback.bots.playout import PlayoutResult, playout_hand
from setback.bots.sampling import passed_over
from setback.bots.solver import Solver, _cards_to_play, _Script, deal_likelihood, solvable
from setback.cards import cards_of, mask_of
from setback.rules import PRESET_NAMES
from setback.simulation import BOTS

from .strategies import any_rules, each_preset, examples, random_states, seeds
from .support import views_of_a_game


def _rules(name: str) -> Rules:
    """Preset `name`; `NAME+when_void` is that preset with must-follow-suit play."""
    preset, _, when_void = name.partition("+")
    if when_void:
        return Rules.preset(preset, play_trump=PlayTrump.WHEN_VOID)
    return Rules.preset(preset)


def _positions(name: str, count: int, tricks_left: int, late: bool = True) -> list[GameState]:
    """Trick-play states of preset `name`, reached by heuristic and random play, with
    `tricks_left` tricks to play (or, not `late`, anywhere past the first trick up to
    then)."""
    out = []
    for seed in range(count):
        rules = _rules(name)
        rng = random.Random(seed)
        bots = [HeuristicBot(seed=seat) for seat in range(rules.players)]
        state = new_game(rules, seed=seed)
        stop = 6 - tricks_left  # six tricks a hand
        while not state.is_over:
            at = stop if late else rng.randrange(1, stop + 1)
            if state.phase is Phase.PLAY and len(state.tricks) >= at:
                break
            seat = state.to_act
            assert seat is not None
            legal = legal_actions(state)
            pick = bots[seat].choose(observe(state, seat)) if rng.random() < 0.7 else None
            state = apply_action(state, pick if pick is not None else rng.choice(legal))
        if not state.is_over and solvable(state):
            out.append(state)
    return out


def _minimax(state: GameState, hand: int, mine: int) -> int:
    """The exact value through `apply_action`: this side's change minus the best other's,
    every other seat against it."""
    if state.is_over or state.hand_number != hand:
        changes = state.history[-1].score_changes
        return changes[mine] - max(c for side, c in enumerate(changes) if side != mine)
    values = [_minimax(apply_action(state, action), hand, mine) for action in legal_actions(state)]
    seat = state.to_act
    assert seat is not None
    return max(values) if state.rules.side_of(seat) == mine else min(values)


SOLVABLE_PRESETS = [
    *PRESET_NAMES,  # trumps-only play too
    "setback+when_void",
    "smear+when_void",
]


@pytest.mark.parametrize("name", SOLVABLE_PRESETS)
def test_the_search_plays_exactly_the_legal_cards(name: str) -> None:
    checked = 0
    for state in _positions(name, 40, 5, late=False):
        assert state.to_act is not None
        plays = () if state.trick is None else state.trick.plays
        solver = Solver(state, state.rules.side_of(state.to_act), {})
        mine = solver.choices(state.to_act, [(seat, card.index) for seat, card in plays])
        assert mine == sum(1 << a.card.index for a in legal_actions(state))  # type: ignore[union-attr]
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("name", SOLVABLE_PRESETS)
def test_the_search_values_every_card_as_a_full_minimax_does(name: str) -> None:
    checked = 0
    for state in _positions(name, 12, 2):
        assert state.to_act is not None
        mine = state.rules.side_of(state.to_act)
        cards = [a.card.index for a in legal_actions(state)]  # type: ignore[union-attr]
        values = Solver(state, mine, {}).values(cards)
        expected = [
            _minimax(apply_action(state, Play(CARDS[card])), state.hand_number, mine)
            for card in cards
        ]
        assert values == expected
        checked += 1
    assert checked >= 3


def test_a_shared_memo_gives_the_same_values() -> None:
    memo: dict[tuple[object, ...], int] = {}
    for state in _positions("setback", 10, 3):
        assert state.to_act is not None
        mine = state.rules.side_of(state.to_act)
        cards = [a.card.index for a in legal_actions(state)]  # type: ignore[union-attr]
        assert Solver(state, mine, memo).values(cards) == Solver(state, mine, {}).values(cards)


def _late_view(rules: Rules, seed: int) -> tuple[GameState, int]:
    """A state of heuristic play with 8 cards or fewer left, a choice to make."""
    bots = [HeuristicBot(seed=seat) for seat in range(rules.players)]
    state = new_game(rules, seed=seed)
    while not (
        state.phase is Phase.PLAY
        and state.tricks
        and sum(len(h) for h in state.hands) <= 8
        and len(legal_actions(state)) > 1
    ):
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, bots[seat].choose(observe(state, seat)))
    assert state.to_act is not None
    return state, state.to_act


def test_the_same_seed_and_view_give_the_same_choice() -> None:
    state, seat = _late_view(Rules.setback(), 4)
    view = observe(state, seat)
    first = SolverBot(seed=3, nodes=2000).choose(view)
    assert SolverBot(seed=3, nodes=2000).choose(view) == first
    assert first in view.legal_actions


def test_a_guess_that_fits_the_pitchers_trump_weighs_more() -> None:
    """The pitcher named spades: a deal giving him the ace and the two of spades is
    likelier under the model than one giving him no spade beyond the one he led."""
    rules = Rules.setback()
    for seed in range(40):
        state = new_game(rules, seed=seed)
        bots = [HeuristicBot(seed=s) for s in range(4)]
        while state.phase is not Phase.PLAY or state.trick is None or not state.trick.plays:
            seat = state.to_act
            assert seat is not None
            state = apply_action(state, bots[seat].choose(observe(state, seat)))
        if state.trump is not None and state.pitcher not in (None, state.to_act):
            break
    assert state.to_act is not None
    view = observe(state, state.to_act)
    worlds = sample_states(view, random.Random(0), 300)
    weights = [deal_likelihood(view, world) for world in worlds]
    assert min(weights) > 0
    pitcher, trump = view.pitcher, view.trump
    assert pitcher is not None and trump is not None
    table = trump_table(trump, rules)
    counts = [sum(table.is_trump(card) for card in world.hands[pitcher]) for world in worlds]
    long = [w for w, n in zip(weights, counts, strict=True) if n >= 3]
    short = [w for w, n in zip(weights, counts, strict=True) if n == 0]
    assert long and short
    assert sum(long) / len(long) > 2 * sum(short) / len(short)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_it_plays_a_short_game_of_every_preset(name: str) -> None:
    rules = Rules.preset(name, target=3)
    bots = [
        SolverBot(seed=seat, playouts=8, nodes=300, solve_deals=2, inference=seat == 0)
        if seat % 2 == 0
        else HeuristicBot(seed=seat)
        for seat in range(rules.players)
    ]
    final = play_game(rules, bots, seed=2, max_hands=3)
    assert final.history


def _trick_play_views(name: str, games: int) -> list[tuple[GameState, PlayerView]]:
    """Every trick-play decision past the first trick of the first hand of `games` seeded
    games of heuristic play under preset `name`, with the state it is a view of."""
    rules = Rules.preset(name)
    out = []
    for seed in range(games):
        state = new_game(rules, seed=seed)
        bots = [HeuristicBot(seed=seat) for seat in range(rules.players)]
        while not state.is_over and state.hand_number == 0:
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            if state.phase is Phase.PLAY and state.tricks:
                out.append((state, view))
            state = apply_action(state, bots[seat].choose(view))
    return out


@pytest.mark.parametrize("name", ["trickster-10", "ten-point", "trickster-7"])
def test_in_trumps_only_play_the_solver_counts_only_the_cards_one_may_play(name: str) -> None:
    """In trumps-only play `solve_cards` counts the trumps still to play, not the cards no
    one may play: the bot's own, and of the others' every trump it has not seen, no more
    than the cards of the seats the turns have not passed over. The count is never below
    the trumps really held, so the exact search never starts on a larger hand than its
    limit; with dead cards left out it starts where counting every card would not."""
    below_the_cards, passed_over_counted, shown = 0, 0, 0
    for k, (state, view) in enumerate(_trick_play_views(name, 8)):
        assert state.trump is not None
        trumps = trump_table(state.trump, state.rules).trump_mask
        held = sum((mask_of(hand) & trumps).bit_count() for hand in state.hands)
        count = _cards_to_play(view)
        assert held <= count <= sum(view.hand_sizes)
        if k % 4 == 0:  # nor below the trumps of any deal the view allows
            for world in sample_states(view, random.Random(k), 3):
                assert sum((mask_of(hand) & trumps).bit_count() for hand in world.hands) <= count
        if count <= 8 < sum(view.hand_sizes):
            below_the_cards += 1
            assert SolverBot(seed=1, solve_cards=8)._solves(view)
        # the count by hand: every trump not seen, at most the cards of the seats that may
        # still hold one (not passed over), and the seat's own
        tricks = (*view.tricks, *(() if view.trick is None else (view.trick,)))
        seen = mask_of(view.hand) | mask_of(view.discards)
        for trick in tricks:
            seen |= sum(1 << card.index for _, card in trick.plays)
        for cards in view.face_up_discards:
            seen |= mask_of(cards)
        shown += any(mask_of(cards) & trumps for cards in view.face_up_discards)
        unseen = (trumps & ~seen).bit_count()
        mine = (mask_of(view.hand) & trumps).bit_count()
        out = passed_over(view, tricks)
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
        may_hold = [
            size
            for seat, size in enumerate(view.hand_sizes)
            if seat != view.seat and seat not in out
        ]
        assert count == mine + min(unseen, sum(may_hold))
        if count == held < mine + min(unseen, sum(others)):  # a seat passed over holds none
            passed_over_counted += 1
    assert below_the_cards >= 10
    assert passed_over_counted >= 3
    if name == "ten-point":  # its excess trumps are discarded face up, seen by all
        assert shown >= 10


@pytest.mark.parametrize("name", ["trickster-10", "ten-point", "trickster-7"])
def test_a_seat_the_turns_passed_over_holds_no_trump(name: str) -> None:
    """`sampling.passed_over`, trumps-only play's turns read backwards (the sampler's
    bound and the solver's count of the trumps left rest on it): every seat it names
    holds no trump in the true hands, and it names some."""
    named = 0
    for state, view in _trick_play_views(name, 8):
        assert state.trump is not None
        trumps = trump_table(state.trump, state.rules).trump_mask
        tricks = (*view.tricks, *(() if view.trick is None else (view.trick,)))
        for seat in passed_over(view, tricks):
            assert not mask_of(state.hands[seat]) & trumps, (seat, view)
            named += 1
    assert named >= 20


def test_outside_trumps_only_play_the_solver_counts_every_card() -> None:
    for _, view in _trick_play_views("setback", 3):
        assert _cards_to_play(view) == sum(view.hand_sizes)


def test_it_is_a_named_bot_and_refuses_bad_budgets() -> None:
    assert isinstance(BOTS["solver"](1), SolverBot)
    assert isinstance(SolverBot(seed=1), MonteCarloBot)
    with pytest.raises(ValueError, match="nodes"):
        SolverBot(nodes=0)
    with pytest.raises(ValueError, match="pool"):
        SolverBot(pool=True)


@pytest.mark.parametrize("kind", [SolverBot, MonteCarloBot])
def test_the_auction_budget_is_spent_on_calls_and_the_first_lead_only(
    kind: type[MonteCarloBot],
) -> None:
    """`auction_playouts` sizes the search of a call and of a first lead that names trump;
    later cards keep `playouts` (`MonteCarloBot`'s option, which `SolverBot` keeps)."""
    rules = Rules.setback()
    bot = kind(seed=1, playouts=10, auction_playouts=30)
    state = new_game(rules, seed=4)
    seat = state.to_act
    assert seat is not None
    assert bot._playouts(observe(state, seat)) == 30
    plain = kind(seed=1, playouts=10, auction_playouts=None)
    assert plain._playouts(observe(state, seat)) == 10
    heuristic = HeuristicBot(seed=0)
    while state.phase is not Phase.PLAY or state.trump is None:
        if state.phase is Phase.PLAY:
            assert bot._playouts(observe(state, state.to_act or 0)) == 30
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, heuristic.choose(observe(state, seat)))
    assert bot._playouts(observe(state, state.to_act or 0)) == 10
    assert kind(seed=1, playouts=10)._playouts(observe(state, state.to_act or 0)) == 10


def test_the_auction_options_keep_the_choice_reproducible() -> None:
    state = new_game(Rules.setback(), seed=5)
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    made = [
        SolverBot(seed=2, playouts=20, auction_playouts=40, margin=0.0, smart_leads=True)
        for _ in range(2)
    ]
    assert made[0].choose(view) == made[1].choose(view)
    assert made[0].choose(view) in view.legal_actions
    with pytest.raises(ValueError, match="auction_playouts"):
        SolverBot(auction_playouts=0)
    with pytest.raises(ValueError, match="margin"):
        SolverBot(margin=-1.0)


def test_the_margin_decides_whether_the_heuristics_call_stands() -> None:
    """`margin` is the bar another call must clear over the heuristic's: at 0 the playouts
    overturn the heuristic's bid 2 on this deal, at 100 points a hand nothing can."""
    state = new_game(Rules.setback(), seed=1)
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    assert HeuristicBot(seed=0).choose(view) == Bid(2)
    assert SolverBot(seed=1, playouts=40, margin=0).choose(view) == Bid(4)
    assert SolverBot(seed=1, playouts=40, margin=100).choose(view) == Bid(2)


def test_smart_leads_reach_the_playouts_rule() -> None:
    rules = Rules.setback()
    rng = random.Random(0)
    smart = SolverBot(seed=1, smart_leads=True)._policy(rules, rng)
    plain = SolverBot(seed=1)._policy(rules, rng)
    assert isinstance(smart, GreedyPolicy) and smart.smart_leads
    assert isinstance(plain, GreedyPolicy) and not plain.smart_leads


@pytest.mark.parametrize(
    ("held", "fewest", "most", "thrown"),
    [
        # the discard and draw (any card may go): the non-trumps below a ten, never the deuce
        # and five of trumps (Low, and five points in the 9-point game)
        ("AS KS 5S 2S QH 9H 4H 8D 3D", 3, 6, "9H 4H 8D 3D"),
        # more must go than there are low non-trumps: the other non-trumps, then no trump
        ("AS KS 5S 2S QH 9H 4H 8D 3D", 5, 6, "QH 9H 4H 8D 3D"),
        # only trumps left to throw: the lowest of them
        ("AS KS QS JS 10S 9S 5S 3S 2S", 3, 6, "2S 3S 5S"),
    ],
)
def test_the_playouts_discard_keeps_the_trumps(
    held: str, fewest: int, most: int, thrown: str
) -> None:
    rules = Rules.preset("trickster-9")
    cards = mask_of(parse_cards(held))
    greedy = GreedyPolicy(rules, random.Random(0))
    table = trump_table(Suit.SPADES, rules)
    chosen = greedy.discard_under(0, cards, cards, fewest, most, cards, table)
    assert set(cards_of(chosen)) == set(parse_cards(thrown))


def test_the_kernel_tells_a_discard_the_trump() -> None:
    """`playout_hand` asks a policy's `discard_under` (where it has one) with the trump's
    table, in place of `discard`."""
    rules = Rules.preset("trickster-9")
    asked: list[Suit] = []

    class Recording(GreedyPolicy):
        def discard(self, *args: Any) -> int:
            raise AssertionError("discard_under is asked instead")

        def discard_under(self, *args: Any) -> int:
            asked.append(args[-1].trump)
            return super().discard_under(*args)

    for seed in range(6):
        state = new_game(rules, seed=seed)
        playout_hand(state, Recording(rules, random.Random(seed)))
    assert asked and len(set(asked)) > 1


@pytest.mark.parametrize(
    ("held", "led"),
    [
        ("AS 3S AH 2C", "AS"),  # the top trump
        ("KS 3S AH 2C", "KS"),  # the second
        ("QS 3S 5H AD 2C", "AD"),  # else a non-trump ace
        ("QS 3S 5H 4D 9C", "4D"),  # else the lowest non-trump
        ("QS 3S 10S", "3S"),  # else the lowest trump
    ],
)
def test_the_rule_based_lead(held: str, led: str) -> None:
    """`smart_leads`' lead (`_greedy_rule.lead`, asked by `GreedyPolicy` and the batched
    rule alike), spades trump."""
    from setback.bots._greedy_rule import lead
    from setback.cards import mask_of, parse_cards

    table = trump_table(Suit.SPADES, Rules.setback())
    assert CARDS[lead(mask_of(parse_cards(held)), table)] == parse_cards(led)[0]


EXPERT: dict[str, Any] = {
    "playouts": 24,
    "auction_playouts": 30,
    "margin": 0,
    "smart_leads": True,
    "game_aware": True,
    "budget_cards": 24,
}


@pytest.mark.parametrize("name", ["setback", "smear"])
def test_batched_solver_same_seed_and_view_same_choice_with_numpy_or_without(name: str) -> None:
    """`SolverBot(batched=True)` (the expert's settings, smaller budgets): the choice depends
    on the seed and the view only, on the arrays and by the loop without numpy."""
    import functools

    from setback.bots import batch

    views = views_of_a_game(Rules.preset(name), 5, 4, steps=60)
    chosen = [SolverBot(seed=3, batched=True, **EXPERT).choose(view) for view in views]
    again = [SolverBot(seed=3, batched=True, **EXPERT).choose(view) for view in views]
    assert chosen == again
    assert all(choice in view.legal_actions for choice, view in zip(chosen, views, strict=True))
    with pytest.MonkeyPatch.context() as patch:  # the loop, as without numpy
        patch.setattr(batch, "play_batch", functools.partial(batch.play_batch, engine="loop"))
        looped = [SolverBot(seed=3, batched=True, **EXPERT).choose(v) for v in views]
    assert chosen == looped


def test_batched_solver_plays_out_by_its_own_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch's rule is the expert's: leads by rule (`smart_leads`), and in the auction
    each guessed deal's seats' estimates (`best_suit`), as `GreedyPolicy` is given them."""
    from setback.bots import batch
    from setback.bots._batch_greedy import GreedyRule
    from setback.bots.heuristic import best_suit
    from setback.cards import cards_of

    asked: list[Any] = []
    play_batch = batch.play_batch

    def spy(states: Any, policy: Any, **options: Any) -> Any:
        asked.append((list(states), policy))
        return play_batch(states, policy, **options)

    monkeypatch.setattr(batch, "play_batch", spy)
    state = new_game(Rules.setback(), seed=4)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    SolverBot(seed=9, batched=True, **EXPERT).choose(view)
    ((states, policy),) = asked
    assert isinstance(policy, GreedyRule) and policy.smart_leads
    assert policy.estimates is not None and len(policy.estimates) == len(states)
    for guessed, seats in zip(states, policy.estimates, strict=True):
        rules = guessed.rules
        want = tuple(best_suit(cards_of(held), rules) for held in guessed.held)
        assert seats == tuple((int(suit), value) for suit, value in want)
    asked.clear()
    MonteCarloBot(seed=9, playouts=30, batched=True).choose(view)
    ((_, plain),) = asked
    assert isinstance(plain, GreedyRule) and not plain.smart_leads and plain.estimates


def test_the_outlook_reads_the_games_end_and_then_its_table() -> None:
    """The German game is won only by a made bid that reaches 21: at 20 to 20 the pitching
    side's made hand wins it, a set one does not end it (the defenders pass 21 but cannot
    win without a bid), and the table the chances then come from is even at 0 to 0, the
    same for either side, and rises with a side's score."""
    rules = Rules.setback()
    outlook = _outlook.outlook(rules)
    table = outlook.table
    assert table[(0, 0)] == pytest.approx(0.5, abs=1e-4)
    for mine, theirs in ((20, 0), (15, 18), (-5, 10), (3, 21)):
        assert table[(mine, theirs)] + table[(theirs, mine)] == pytest.approx(1.0, abs=1e-4)
    assert table[(0, 20)] < table[(10, 10)] < table[(20, 0)]
    assert table[(20, 0)] > 0.95

    def end(pitcher: int, made: bool, changes: tuple[int, int]) -> PlayoutResult:
        return PlayoutResult(
            score_changes=changes,
            awards=(),
            card_points=(0, 0),
            made=made,
            pitcher=pitcher,
            contract=2,
            trump=None,
            winners=(),
        )

    made_by_0 = end(pitcher=0, made=True, changes=(2, 1))
    assert outlook.chance((20, 20), 0, made_by_0) == 1.0
    assert outlook.chance((20, 20), 1, made_by_0) == 0.0
    assert outlook.chance((20, 20), 0, end(pitcher=1, made=True, changes=(1, 2))) == 0.0
    set_for_0 = end(pitcher=0, made=False, changes=(-2, 3))
    assert outlook.chance((20, 20), 0, set_for_0) == pytest.approx(table[(18, 23)])
    assert outlook.chance((20, 20), 1, set_for_0) == pytest.approx(1 - table[(18, 23)])
    assert 0 < table[(18, 23)] < 0.5


def test_a_game_aware_search_bids_for_the_game() -> None:
    """At 18 to 20 (the bidder's side at 20, one made bid from the game) the points of the
    hand say pass on this deal; the chance of the game says bid 3. With three sides the
    value is each side's chance too; where the outlook does not apply (a called partner),
    the hand's points."""
    rules = Rules.setback()
    state = new_game(rules, seed=4, scores=(18, 20))
    assert state.to_act == 1
    view = observe(state, 1)
    aware = SolverBot(seed=1, playouts=40, margin=0, game_aware=True)
    assert aware.choose(view) == Bid(3)
    assert SolverBot(seed=1, playouts=40, margin=0).choose(view) == Pass()
    result = PlayoutResult(
        score_changes=(1, 3),
        awards=(),
        card_points=(0, 0),
        made=True,
        pitcher=1,
        contract=3,
        trump=None,
        winners=(),
    )
    assert aware._value(view, 1, result) == 100.0  # side 1 bid out: the game
    assert SolverBot(seed=1)._value(view, 1, result) == 2  # points: 3 less 1
    # three sides (cutthroat): each side's chance, put together from its races
    cutthroat = new_game(Rules.preset("cutthroat"), seed=4, scores=(18, 19, 10))
    three = observe(cutthroat, cutthroat.to_act or 0)
    assert _outlook.applies(cutthroat.rules)
    sides = PlayoutResult(
        score_changes=(1, 3, 0),
        awards=(),
        card_points=(0, 0, 0),
        made=True,
        pitcher=1,
        contract=3,
        trump=None,
        winners=(),
    )
    assert aware._value(three, 1, sides) == 100.0  # 19 + 3 bids out at 21: the game
    assert aware._value(three, 0, sides) == 0.0
    early = observe(new_game(Rules.preset("cutthroat"), seed=4, scores=(5, 8, 2)), three.seat)
    chances = [aware._value(early, side, sides) for side in range(3)]
    assert sum(chances) == pytest.approx(100.0)
    assert chances[1] > chances[0] > chances[2] > 0  # 11, 6 and 2 of 21
    # a called partner (five seats): the outlook does not apply, the value is the points
    five = new_game(Rules.preset("trickster-10", 5), seed=4)
    called = observe(five, five.to_act or 0)
    assert not _outlook.applies(five.rules)
    points = PlayoutResult(
        score_changes=(1, 3, 0, 0, 0),
        awards=(),
        card_points=(0,) * 5,
        made=True,
        pitcher=1,
        contract=5,
        trump=None,
        winners=(),
    )
    assert aware._value(called, 1, points) == 2


def _game_minimax(state: GameState, hand: int, mine: int, scores: tuple[int, ...]) -> int:
    """The exact value through `apply_action` of side `mine`'s chance of the game (in
    10000ths, from the German outlook), every other seat against it."""
    if state.is_over or state.hand_number != hand:
        result = state.history[-1]
        ends = _outlook.outlook(state.rules)
        return round(10000 * ends.chance(scores, mine, result))
    values = [
        _game_minimax(apply_action(state, action), hand, mine, scores)
        for action in legal_actions(state)
    ]
    seat = state.to_act
    assert seat is not None
    return max(values) if state.rules.side_of(seat) == mine else min(values)


def test_the_game_aware_search_solves_the_last_tricks_for_the_game() -> None:
    """With a judge (solve_for_game) every card is valued by the chance of the game its
    best line leaves, as a full minimax over that chance values it; the bot asks the
    outlook at the hand's end of the lines it solves."""
    rules = Rules.setback()
    ends = _outlook.outlook(rules)
    checked = 0
    scores = (17, 19)
    for state in _positions("setback", 8, 2):
        assert state.to_act is not None
        mine = rules.side_of(state.to_act)
        cards = [a.card.index for a in legal_actions(state)]  # type: ignore[union-attr]

        def judge(result: PlayoutResult, mine: int = mine) -> int:
            return round(10000 * ends.chance(scores, mine, result))

        values = Solver(state, mine, {}, judge).values(cards)
        expected = [
            _game_minimax(apply_action(state, Play(CARDS[card])), state.hand_number, mine, scores)
            for card in cards
        ]
        assert values == expected
        checked += 1
    assert checked >= 3


class _Lines(Solver):
    """A `Solver` that walks random lines to the hand's end instead of searching, and keeps
    what each end came to (what a score and the game-aware judge read: `_outlook._key`)
    under the key the search remembers that end by (`end_key`)."""

    def __init__(self, state: GameState, rng: random.Random) -> None:
        super().__init__(state, 0, {})
        self.rng = rng
        self.ends: dict[tuple[object, ...], set[tuple[object, ...]]] = {}

    def _node(self, seat: int, plays: list[tuple[int, int]], alpha: int, beta: int) -> int:
        cards = [card.index for card in cards_of(self.choices(seat, plays))]
        return self._after(seat, self.rng.choice(cards), plays, alpha, beta)

    def _leaf(self) -> int:
        result = playout_hand(self.root, _Script(list(self.line)))
        self.ends.setdefault(self.end_key(), set()).add(_outlook._key(result))
        return 0


def _ends_by_key(state: GameState, seed: int, lines: int = 60) -> _Lines:
    walker = _Lines(state, random.Random(seed))
    cards = [a.card.index for a in legal_actions(state)]  # type: ignore[union-attr]
    for _ in range(lines):
        walker.values(cards)
    return walker


def _first_solvable(rules: Rules, seed: int) -> GameState | None:
    """The first state of a calm random game where the search applies, with at most 16
    cards left in the hands (a few tricks to go)."""
    for state in random_states(rules, seed):
        if solvable(state) and sum(len(hand) for hand in state.hands) <= 16:
            return state
    return None


@pytest.mark.parametrize("name", SOLVABLE_PRESETS)
def test_the_search_remembers_an_end_by_all_its_score_can_depend_on(name: str) -> None:
    """Issue 51, item 4: the search remembers the value of a line's end by `end_key`
    (captured and played trumps, card points and which sides took tricks, per side). Two
    ends with one key must score alike: the same pitcher, contract, made or set, score
    changes and awards. A rule option that makes a score depend on anything else (tricks
    counted, a non-trump point card's taker) fails here."""
    shared = 0
    for seed, state in enumerate(_positions(name, 6, 3)):
        for key, ends in _ends_by_key(state, seed).ends.items():
            assert len(ends) == 1, (name, key, ends)
            shared += 1
    assert shared > 0


def _sweeps(count: int) -> list[GameState]:
    """German states with two tricks left after a Smudge whose side took every trick so far
    (its end then turns on whether it takes the rest: the sides that took a trick)."""
    out: list[GameState] = []
    for seed in range(400):
        rng = random.Random(seed)
        state = new_game(Rules.setback(), seed=seed)
        while not state.is_over and len(out) < count:
            legal = legal_actions(state)
            if state.phase is Phase.BIDDING:
                state = apply_action(state, Smudge() if Smudge() in legal else Pass())
                continue
            tricks = state.tricks
            side = state.rules.side_of(state.pitcher or 0)
            if any(state.rules.side_of(t.winner or 0) != side for t in tricks):
                break
            if len(tricks) == 4 and solvable(state):
                out.append(state)
                break
            state = apply_action(state, rng.choice(legal))
        if len(out) == count:
            break
    return out


def test_the_search_remembers_whether_a_sweep_is_still_whole() -> None:
    """A Smudge is made only by taking every trick: two ends with the same cards and points
    but one trick lost must not share a key (the sides that took a trick are in it)."""
    states = _sweeps(8)
    assert len(states) == 8
    shared = 0
    for seed, state in enumerate(states):
        for key, ends in _ends_by_key(state, seed, 40).ends.items():
            assert len(ends) == 1, (key, ends)
            shared += 1
    assert shared > 0


@settings(max_examples=examples(25, 300), deadline=None)
@given(rules=any_rules, seed=seeds)
@each_preset
def test_under_any_rules_one_memo_key_is_one_hand_end(rules: Rules, seed: int) -> None:
    """The same, under any rules the strategies draw (`tests/strategies.py`: every option
    of `Rules`)."""
    state = _first_solvable(rules, seed % 2**32)
    assume(state is not None)
    assert state is not None
    for key, ends in _ends_by_key(state, seed).ends.items():
        assert len(ends) == 1, (key, ends)
