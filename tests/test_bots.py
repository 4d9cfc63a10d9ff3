"""Bots: they play every preset and variant from views alone, deterministically."""

from __future__ import annotations

import functools
from typing import Any

import attrs
import pytest

from setback import (
    CARDS,
    Action,
    CallPartner,
    Card,
    InvalidStateError,
    Phase,
    PlayerView,
    Point,
    Rules,
    RulesError,
    Suit,
    apply_action,
    new_game,
    observe,
)
from setback.bots import Bot, HeuristicBot, MonteCarloBot, RandomBot, play_game
from setback.bots._base import guarded

from .support import (
    P1_HANDS,
    TEN_FIVE,
    act,
    d1_declared,
    deal,
    p1_declared,
    views_of_a_game,
)

RULES = [
    Rules.setback(),
    Rules.six_player(),
    Rules.auction_pitch(players=3),
    Rules.cutthroat(players=5),
    Rules.setback(draw=True),
    Rules.setback(pitch_instead_of_bid=True),
    Rules.setback(no_trump_first_trick=True, low_to="holder"),
    Rules.cutthroat(players=2, all_pass="redeal"),
    Rules.ten_point(),
    Rules.ten_point(players=3),
    Rules.smear(),
    Rules.smear(players=6),
    Rules.joker_pitch(players=3),
    Rules.trickster(4, kitty=2),
    Rules.trickster(9),
    Rules.auction_pitch(players=5, kitty=3, draw=True),
]
MAKERS = {
    "random": lambda seed: RandomBot(seed=seed),
    "cautious": lambda seed: RandomBot(seed=seed, cautious=True),
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "montecarlo": lambda seed: MonteCarloBot(seed=seed, playouts=8),
}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p")
@pytest.mark.parametrize("kind", list(MAKERS))
def test_every_bot_plays_every_preset_and_variant(rules: Rules, kind: str) -> None:
    bots = [MAKERS[kind](seat) for seat in range(rules.players)]
    assert all(isinstance(bot, Bot) for bot in bots)
    final = play_game(rules, bots, seed=11, max_hands=2)
    assert len(final.history) >= 1 or final.is_over


@pytest.mark.parametrize("kind", list(MAKERS))
def test_bots_are_deterministic_given_a_seed(kind: str) -> None:
    rules = Rules.setback(pitch_instead_of_bid=True)

    def run() -> object:
        return play_game(rules, [MAKERS[kind](s) for s in range(4)], seed=5, max_hands=2)

    assert run() == run()


class _Spy:
    """A bot that records what it is given."""

    def __init__(self) -> None:
        self.seen: list[object] = []
        self.inner = HeuristicBot(seed=1)

    def choose(self, view: PlayerView):  # type: ignore[no-untyped-def]
        self.seen.append(view)
        return self.inner.choose(view)


def test_bots_see_only_their_own_view() -> None:
    spy = _Spy()
    play_game(
        Rules.setback(), [spy, HeuristicBot(), HeuristicBot(), HeuristicBot()], seed=2, max_hands=1
    )
    assert spy.seen and all(isinstance(v, PlayerView) and v.seat == 0 for v in spy.seen)


def test_play_game_needs_a_bot_per_seat() -> None:
    with pytest.raises(RulesError, match="4 seats need 4 bots"):
        play_game(Rules.setback(), [HeuristicBot()], seed=1)


def test_heuristic_beats_cautious_random_players() -> None:
    """A small fixed sample (the full measurement is benchmarks/strength.py)."""
    wins = 0
    for game in range(20):
        heuristic = [HeuristicBot(seed=game * 4 + k) for k in range(2)]
        cautious = [RandomBot(seed=game * 4 + 2 + k, cautious=True) for k in range(2)]
        bots = [heuristic[0], cautious[0], heuristic[1], cautious[1]]
        final = play_game(Rules.setback(), bots, seed=game, dealer=game % 4, max_hands=500)
        wins += final.winner == 0
    assert wins >= 17


def test_cautious_random_passes_whenever_it_may() -> None:
    bot = RandomBot(seed=1, cautious=True)
    state = new_game(Rules.setback(), seed=1, dealer=3)
    assert str(bot.choose(observe(state, 0))) == "pass"
    for _ in range(3):
        state = apply_action(state, "pass")
    assert str(bot.choose(observe(state, 3))) == "bid 2"


RESTORE_RULES = [Rules.setback(), Rules.auction_pitch(players=3), Rules.smear(), Rules.ten_point()]


@pytest.mark.parametrize("rules", RESTORE_RULES, ids=lambda r: f"{r.players}p{r.total_points}")
@pytest.mark.parametrize("kind", list(MAKERS))
def test_a_restored_game_plays_on_as_if_never_interrupted(rules: Rules, kind: str) -> None:
    """Bots keep no generator state between calls: a game saved with `dumps` after 30
    actions, restored with `loads` and continued by new bots with the same seeds ends
    exactly as the uninterrupted game."""
    from setback import GameState, dumps, legal_actions, loads

    def step(state: GameState, bots: list[Bot]) -> GameState:
        seat = state.to_act
        assert seat is not None
        return apply_action(state, bots[seat].choose(observe(state, seat)), seat=seat)

    bots = [MAKERS[kind](seat) for seat in range(rules.players)]
    state = new_game(rules, seed=21)
    for _ in range(30):
        state = step(state, bots)
    saved = dumps(state)
    for _ in range(60):
        if state.is_over:
            break
        state = step(state, bots)
    restored = loads(saved)
    assert isinstance(restored, GameState)
    fresh = [MAKERS[kind](seat) for seat in range(rules.players)]
    for _ in range(60):
        if restored.is_over:
            break
        restored = step(restored, fresh)
    assert list(restored.log) == list(state.log)
    assert legal_actions(restored) == legal_actions(state)


@pytest.mark.parametrize("kind", list(MAKERS))
def test_a_bot_given_a_state_or_text_says_it_wants_a_view(kind: str) -> None:
    bot = MAKERS[kind](0)
    state = new_game(Rules.setback(), seed=1)
    with pytest.raises(TypeError, match=r"choose takes a PlayerView, not GameState \(give it obs"):
        bot.choose(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="choose takes a PlayerView, not str"):
        bot.choose("pass")  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", list(MAKERS))
def test_a_bot_asked_out_of_turn_says_whose_turn_it_is(kind: str) -> None:
    from setback import InvalidStateError

    state = new_game(Rules.setback(), seed=1, dealer=0)  # seat 1 is to act
    bot = MAKERS[kind](2)
    with pytest.raises(InvalidStateError, match="it is seat 1's turn, not seat 2's"):
        bot.choose(observe(state, 2))


def test_a_bot_asked_after_the_game_says_it_is_over() -> None:
    from setback import InvalidStateError

    final = play_game(Rules.auction_pitch(target=1), [HeuristicBot() for _ in range(4)], seed=1)
    with pytest.raises(InvalidStateError, match="the game is over"):
        HeuristicBot().choose(observe(final, 0))


def test_montecarlo_same_seed_and_view_same_choice_whatever_came_before() -> None:
    """The choice depends on the seed and the view only, not on earlier calls."""
    state = new_game(Rules.setback(), seed=4)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    used = MonteCarloBot(seed=9, playouts=40)
    for seat_view in [view, view]:
        used.choose(seat_view)
    assert used.choose(view) == MonteCarloBot(seed=9, playouts=40).choose(view)


@pytest.mark.parametrize("name", ["setback", "smear", "auction-pitch"])
def test_batched_montecarlo_same_seed_and_view_same_choice_with_numpy_or_without(
    name: str,
) -> None:
    """`MonteCarloBot(batched=True)`: the choice depends on the seed and the view only,
    and is the same when the batch is played on arrays and by the loop without numpy."""
    from setback.bots import batch

    views = views_of_a_game(Rules.preset(name), 3, 7, steps=80)
    bot = MonteCarloBot(seed=5, playouts=24, batched=True)
    chosen = [bot.choose(view) for view in views]
    assert chosen == [MonteCarloBot(seed=5, playouts=24, batched=True).choose(v) for v in views]
    assert all(choice in view.legal_actions for choice, view in zip(chosen, views, strict=True))
    with pytest.MonkeyPatch.context() as patch:  # the loop, as without numpy
        patch.setattr(batch, "play_batch", functools.partial(batch.play_batch, engine="loop"))
        looped = [MonteCarloBot(seed=5, playouts=24, batched=True).choose(v) for v in views]
    assert chosen == looped


def test_batched_montecarlo_plays_its_playouts_in_one_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each guessed deal once per candidate, the candidates of a deal on one stream."""
    from setback.bots import batch

    asked: list[tuple[int, list[int]]] = []
    play_batch = batch.play_batch

    def spy(states: Any, policy: Any, **options: Any) -> Any:
        asked.append((len(states), list(options["streams"])))
        return play_batch(states, policy, **options)

    monkeypatch.setattr(batch, "play_batch", spy)
    state = new_game(Rules.setback(), seed=4)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    MonteCarloBot(seed=9, playouts=40, batched=True).choose(view)
    count = len(view.legal_actions)
    deals = -(-40 // count)
    assert asked == [(deals * count, [deal for deal in range(deals) for _ in range(count)])]


def test_montecarlo_searches_the_auction() -> None:
    """The playouts rank the calls: with A K Q J 10 2 of spades and nobody able to match
    any bid plays out better than passing."""
    strong = new_game(
        Rules.setback(dealer_match="none"),
        hands=["AS KS QS JS 10S 2S", "3C 4C 5C 6C 7C 8C", "3D 4D 5D 6D 7D 8D", "3H 4H 5H 6H 7H 8H"],
        seed=1,
        dealer=3,
    )
    view = observe(strong, 0)
    bot = MonteCarloBot(seed=1, playouts=60)
    assert str(bot._search(view, view.legal_actions, None)) != "pass"


def test_montecarlo_with_a_time_budget_still_chooses_a_legal_action() -> None:
    state = new_game(Rules.smear(), seed=2)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    assert MonteCarloBot(seed=1, seconds=0.005).choose(view) in view.legal_actions
    assert MonteCarloBot(seed=1, playouts=10, rollout="random").choose(view) in view.legal_actions


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"playouts": 0}, "playouts must be a whole number of at least 1"),
        ({"seconds": -1.0}, "seconds must be a positive number"),
        ({"rollout": "smart"}, "rollout must be 'greedy' or 'random'"),
        ({"batched": 1}, "batched must be True or False"),
        ({"auction_playouts": 0}, "auction_playouts must be a whole number of at least 1"),
        ({"auction_playouts": True}, "auction_playouts must be a whole number of at least 1"),
        ({"playouts": 10**30}, "playouts must be .* at most 100,000, not 1000000000000000"),
        ({"seconds": True}, "seconds must be a positive number of seconds, at most 600"),
        ({"seconds": float("inf")}, "seconds must be a positive number of seconds, at most 600"),
        ({"budget_cards": 1_000}, "budget_cards must be .* at most 54, not 1000"),
    ],
)
def test_montecarlo_refuses_a_budget_that_is_none(options: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        MonteCarloBot(**options)  # type: ignore[arg-type]


def test_a_bot_seed_must_be_a_whole_number() -> None:
    with pytest.raises(TypeError, match="seed must be a whole number"):
        RandomBot(seed="7")  # type: ignore[arg-type]


def test_the_heuristic_throws_its_weakest_cards_after_taking_the_kitty() -> None:
    """RULES §7.7.1: holding A♥ K♥ Q♥ 10♥ 7♥ 9♣ 4♣ 3♦ with ♥ trump after taking the kitty
    (A♥ 10♥), the heuristic keeps its five trumps and the 9♣, and throws 4♣ 3♦; the kitty's
    discard is one of every pair, trumps allowed, so this is its choice, not the rule's."""
    from setback import parse_cards

    deck = parse_cards(
        "KH QH 7H AS KS 2C QS JS 10C JH 5H KD 9C 4C 3D 5D 6D 8S JC 9D 7D QD 2S 3S AH 10H 3C 5C "
        "6C 7C 8C QC KC AC 2D 4D 8D 10D JD AD 2H 3H 4H 6H 8H 9H 4S 5S 6S 7S 9S 10S"
    )
    state = new_game(Rules.trickster(4, kitty=2), deck=deck, dealer=3, seed=1)
    for action in ("bid 2", "pass", "pass", "pass", "trump H"):
        state = apply_action(state, action)
    chosen = HeuristicBot(seed=1).choose(observe(state, 0))
    assert str(chosen) == "discard 4C 3D"


# --- the heuristic in the Pedro games (captured card points) ------------------------------


def _pedro(hands, calls, plays=()):
    state = new_game(Rules.pedro_sancho(), hands=hands, dealer=3)
    for action in calls:
        state = apply_action(state, action)
    for card in plays:
        state = apply_action(state, f"play {card}")
    return state


def test_heuristic_bids_the_minimum_to_name_trump_in_pedro_sancho() -> None:
    """Pedro Sancho: the pitcher names trump, worth a bid of 1 with a middling hand (it
    passed such hands, asking for as much as a game of 18 points would)."""
    state = _pedro(
        ["Q♥ 8♥ 4♥ 7♣ 9♦ 3♠", "2♣ 3♣ 4♣ 5♣ 6♣ 8♣", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦", "2♠ 4♠ 5♠ 6♠ 7♠ 8♠"], []
    )
    assert str(HeuristicBot(seed=0).choose(observe(state, 0))) == "bid 1"


def test_heuristic_brings_its_own_pedro_home_on_a_trick_it_surely_wins() -> None:
    """Last to a diamond trick and out of diamonds, it trumps with Pedro (5♥) rather than
    the 7♥: the trick is its own, so the Five is captured by itself."""
    hands = ["A♥ 2♦ 2♣ 3♣ 4♣ 5♣", "3♦ 6♣ 7♣ 8♣ 9♣ 10♣", "4♦ J♣ Q♣ K♣ A♣ 2♠", "5♥ 6♥ 7♥ 3♠ 4♠ 5♠"]
    state = _pedro(
        hands, ["bid 1", "pass", "pass", "pass"], ["AH", "6C", "JC", "6H", "2D", "3D", "4D"]
    )
    assert str(HeuristicBot(seed=0).choose(observe(state, 3))) == "play 5H"


def test_heuristic_leads_sancho_once_nobody_else_may_hold_a_trump() -> None:
    """Nobody played a trump to its A♥: the others hold none, so its 9♥ (Sancho) wins
    whatever is unseen, and it leads it."""
    hands = ["A♥ 9♥ 5♥ 7♣ 8♦ 3♠", "2♣ 3♣ 4♣ 5♣ 6♣ 8♣", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦", "2♠ 4♠ 5♠ 6♠ 7♠ 8♠"]
    state = _pedro(hands, ["bid 1", "pass", "pass", "pass"], ["AH", "2C", "2D", "2S"])
    assert str(HeuristicBot(seed=0).choose(observe(state, 0))) == "play 9H"


def test_heuristic_wins_its_own_snoozer_on_a_trick_it_surely_wins() -> None:
    """Dom Pedro: last to a diamond trick and out of diamonds, it trumps with the joker,
    the lowest trump, which beats every plain card and brings its own 15 points home."""
    hands = ["A♥ 2♦ 2♣ 3♣ 4♣ 5♣", "3♦ 6♣ 7♣ 8♣ 9♣ 10♣", "4♦ J♣ Q♣ K♣ A♣ 2♠", "JK 6♥ 7♥ 3♠ 4♠ 5♠"]
    state = new_game(Rules.dom_pedro(), hands=hands, dealer=3)
    for action in [
        "bid 1",
        "pass",
        "pass",
        "pass",
        *(f"play {c}" for c in ["AH", "6C", "JC", "6H", "2D", "3D", "4D"]),
    ]:
        state = apply_action(state, action)
    assert str(HeuristicBot(seed=0).choose(observe(state, 3))) == "play JK"


# --- call your partner (RULES §7.7.3) ---------------------------------------------------


def test_every_bot_but_the_random_ones_calls_the_highest_trump_it_lacks() -> None:
    """Trickster's bot calls the highest trump it lacks [S2]: Ben (K♠ Q♠ J♠ B★ 10♠)
    calls A♠; holding A♠ instead of K♠ he would call K♠."""
    from setback.bots import HeuristicBot, MonteCarloBot, SolverBot

    view = observe(p1_declared(), 1)
    for bot in (HeuristicBot(seed=1), MonteCarloBot(seed=1, playouts=4), SolverBot(seed=1)):
        assert bot.choose(view) == CallPartner(Card.parse("AS"))
    hands = P1_HANDS.replace("B: K♠", "B: A♠").replace("D: A♠", "D: K♠")
    state = act(deal(TEN_FIVE, hands, dealer=4), "A pass, B 6, C pass, D pass, E pass")
    state = apply_action(state, "trump S")
    assert HeuristicBot(seed=1).choose(observe(state, 1)) == CallPartner(Card.parse("KS"))


# --- the discard and draw (RULES §7.3.6) ------------------------------------------------


def test_the_heuristic_keeps_trumps_aces_and_tens_and_draws_for_the_rest() -> None:
    """The HeuristicBot's discard and draw on D1: every trump, side ace and side ten stays;
    the rest goes, as much of it as the bounds allow (Ben keeps only Q♠ 2♠ 10♥, the
    fewest)."""
    from setback.bots import HeuristicBot

    state = d1_declared()
    chosen = {}
    while state.phase is Phase.DISCARD:  # type: ignore[attr-defined]
        seat = state.to_act  # type: ignore[attr-defined]
        action = HeuristicBot(seed=1).choose(observe(state, seat))  # type: ignore[arg-type]
        chosen[seat] = str(action)
        state = apply_action(state, action, seat=seat)  # type: ignore[arg-type]
    assert chosen == {
        1: "discard 8C 9C 5D 6D QH KH",
        2: "discard 6C KC 4H JH",
        3: "discard 2C JD QD 5H 7H 9H",
        0: "discard 3C 4C 7D 9D 2H 8H",
    }


# --- more points (RULES §7.2) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "held", "worth"),
    [
        ("joker-pitch", "JK", 0.15),  # a lone joker below the 2 (the lowest trump)
        ("trickster-6", "JK", 0.6 + 0.1),  # a joker below the jacks, and the jick not held
        ("joker-pitch", "AH", 1.0 + 0.1 + 0.1 + 0.4 + 0.1),  # High, Low, Jack, Game, the joker
        ("trickster-6", "AH", 1.0 + 0.1 + 0.1 + 0.4 + 0.1 + 0.1),  # and the jick
    ],
)
def test_the_heuristic_counts_a_card_point_held_and_one_not(
    name: str, held: str, worth: float
) -> None:
    """`expected_points` with hearts trump: a card point of the extended forms held comes
    home at its chance (a joker 0.6, a lone joker ranked below the 2 only 0.15), one not
    held at 0.1; with the ace of trumps alone, High 1, Low 0.1 (the ace is the lowest
    trump), Jack 0.1 and Game 0.2 + 0.03 * 4 + 0.08 (times each point's worth, here 1)."""
    from setback.bots.heuristic import expected_points

    hand = tuple(map(Card.parse, held.split()))
    assert expected_points(hand, Suit.HEARTS, Rules.preset(name)) == pytest.approx(worth)


def test_the_heuristic_values_the_new_point_cards() -> None:
    """The heuristic reads the point set as data: every card a point names (but High, Low,
    Jack and Game) at its worth, and a hand holding them is worth more."""
    from setback.bots.heuristic import card_point_values, expected_points

    rules = Rules(
        points=(Point.HIGH, Point.FIVE, Point.OFF_FIVE, Point.NINE),
        off_five=True,
        smudge=False,
        min_bid=1,
    )
    values = card_point_values(rules, Suit.HEARTS)
    assert {str(CARDS[index]): worth for index, worth in values.items()} == {
        "5H": 5,
        "5D": 5,
        "9H": 9,
    }
    with_pedros = tuple(map(Card.parse, ["AH", "5H", "5D", "9H", "2C", "3C"]))
    without = tuple(map(Card.parse, ["AH", "6H", "6D", "8H", "2C", "3C"]))
    assert (
        expected_points(with_pedros, Suit.HEARTS, rules)
        > expected_points(without, Suit.HEARTS, rules) + 5
    )


class _Broken:
    """A bot with a bug: it divides by zero on every view."""

    @guarded
    def choose(self, view: PlayerView) -> Action:
        return view.legal_actions[len(view.hand) // (len(view.hand) - len(view.hand))]


def test_a_bot_s_own_bug_stands_on_a_view_observe_gave() -> None:
    """Issue 51: `guarded` turns a bot's failure into `InvalidStateError` only when the view
    is not one `observe` gives (checked then, and only then); on a good view the bot's
    own error is a bug to see, and stands."""
    state = new_game(Rules.setback(), seed=2)
    view = observe(state, state.to_act)  # type: ignore[arg-type]
    with pytest.raises(ZeroDivisionError):
        _Broken().choose(view)
    forged = attrs.evolve(view, phase=Phase.PLAY)
    with pytest.raises(InvalidStateError, match="not one that legal play gives"):
        _Broken().choose(forged)
