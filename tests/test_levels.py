"""The levels people pick (`bot`, `LEVELS`) and bot specs (`parse_spec`): every level plays
every preset and any rules, the same seed and view give the same choice, the easy level
slips at its rate, and a wrong spec is refused by name."""

from __future__ import annotations

import functools
import pickle
import re
from unittest import mock

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from setback import (
    GameState,
    InvalidStateError,
    Phase,
    PlayerView,
    Rules,
    RulesError,
    Trick,
    apply_action,
    legal_actions,
    new_game,
    observe,
)
from setback.arena import duel
from setback.bots import (
    LEVELS,
    Bot,
    HeuristicBot,
    MonteCarloBot,
    RandomBot,
    SolverBot,
    _outlook,
    bot,
    parse_spec,
    play_game,
)
from setback.rules import PRESET_NAMES
from setback.simulation import BOTS, simulate

from .strategies import any_rules, examples


def test_the_levels_are_bot_names_weakest_first() -> None:
    assert LEVELS == ("easy", "medium", "hard", "expert")
    assert list(BOTS)[:4] == list(LEVELS)
    assert {"random", "cautious", "heuristic", "montecarlo", "solver"} <= set(BOTS)


def test_each_level_is_made_as_documented() -> None:
    easy, medium, hard, expert = (bot(level, seed=7) for level in LEVELS)
    assert type(easy) is HeuristicBot and easy.mistakes == 0.25
    assert type(medium) is HeuristicBot and medium.mistakes == 0.0
    assert type(hard) is MonteCarloBot and hard.playouts == 60 and hard.budget_cards == 24
    assert type(expert) is SolverBot
    assert (expert.playouts, expert.auction_playouts, expert.margin) == (160, 200, 0.0)
    assert expert.smart_leads and expert.game_aware and expert.budget_cards == 24
    assert expert.large_deal_playouts == 80
    assert all(b.seed == 7 for b in (easy, medium, hard, expert))
    assert type(BOTS["expert"](3)) is SolverBot and BOTS["expert"](3).seed == 3


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_level_plays_a_hand_of_every_preset(name: str, level: str) -> None:
    rules = Rules.preset(name)
    bots = [bot(level, seed=seat) for seat in range(rules.players)]
    final = play_game(rules, bots, seed=3, max_hands=1)
    assert len(final.history) == 1 or final.is_over


@functools.lru_cache(maxsize=8)
def _quick_outlook(rules: Rules) -> _outlook.Outlook:
    """An outlook from two sample games, once per rules (the real one takes seconds for
    rules it has no shipped table of)."""
    return _outlook.Outlook(rules, _outlook.sample_hands(rules, games=2))


@settings(
    max_examples=examples(6, 100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(rules=any_rules, seed=st.integers(0, 2**32))
def test_the_levels_play_any_rules(rules: Rules, seed: int) -> None:
    """Any options a preset allows: the four levels round the table, for a hand."""
    bots = [bot(LEVELS[seat % 4], seed=seed + seat) for seat in range(rules.players)]
    with mock.patch("setback.bots.solver.outlook", _quick_outlook):
        final = play_game(rules, bots, seed=seed, max_hands=1)
    assert len(final.history) == 1 or final.is_over


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_view_give_the_same_choice(level: str) -> None:
    rules = Rules.setback(target=11)
    state = new_game(rules, seed=2)
    players = [bot("medium", seed=seat) for seat in range(4)]
    views = []
    while not state.is_over and len(state.history) < 2:
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        if len(view.legal_actions) > 1:
            views.append(view)
        state = apply_action(state, players[seat].choose(view))
    kept = bot(level, seed=5)  # one bot asked every view in turn ...
    first = [kept.choose(view) for view in views[::3]]
    # ... and fresh bots asked each view alone, in the reverse order
    fresh = [bot(level, seed=5).choose(view) for view in views[::3][::-1]][::-1]
    assert first == fresh
    assert len(first) > 10


def test_the_easy_level_slips_at_its_rate_and_only_then() -> None:
    """With mistakes=0 the heuristic's card every time; with 1 never its card when another
    is legal; at 0.25 about a quarter of its card choices differ from the heuristic's."""
    rules = Rules.setback()
    views = []
    for seed in range(25):
        state = new_game(rules, seed=seed)
        players = [HeuristicBot() for _ in range(4)]
        while state.hand_number == 0:
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
                views.append(view)
            state = apply_action(state, players[seat].choose(view))
    plain = HeuristicBot()
    wanted = [plain.choose(view) for view in views]
    never = HeuristicBot(seed=1, mistakes=0.0)
    assert [never.choose(view) for view in views] == wanted
    always = HeuristicBot(seed=1, mistakes=1.0)
    assert all(always.choose(v) != w for v, w in zip(views, wanted, strict=True))
    easy = bot("easy", seed=1)
    differ = sum(easy.choose(v) != w for v, w in zip(views, wanted, strict=True))
    assert len(views) > 300
    assert 0.18 < differ / len(views) < 0.32


def test_the_easy_level_misjudges_its_hand_in_the_auction() -> None:
    """A slip in the auction is the call of a hand a point better or worse: over many
    first calls some differ from the heuristic's, each one a call the heuristic makes with
    the boldness one point up or down."""
    rules = Rules.setback()
    differ = 0
    for seed in range(60):
        state = new_game(rules, seed=seed)
        view = observe(state, state.to_act or 0)
        chosen = HeuristicBot(seed=seed, mistakes=1.0).choose(view)
        calls = {HeuristicBot(boldness=b).choose(view) for b in (-1.0, 1.0)}
        assert chosen in calls
        differ += chosen != HeuristicBot().choose(view)
    assert differ > 5


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"mistakes": 1.5}, "mistakes must be a number from 0 to 1"),
        ({"mistakes": True}, "mistakes must be a number from 0 to 1"),
        ({"boldness": "high"}, "boldness must be a number"),
    ],
)
def test_the_heuristic_refuses_a_bad_setting(options: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        HeuristicBot(**options)  # type: ignore[arg-type]


def test_budget_cards_scales_the_playouts_to_the_deal() -> None:
    """For a deal of 24 cards: the German game's 4 x 6 keeps the count, six players' 6 x 8
    plays out half, and without budget_cards every game gets the count."""
    german_state, six_state = new_game(Rules.setback(), seed=1), new_game(Rules.six_player())
    german = observe(german_state, german_state.to_act or 0)
    six = observe(six_state, six_state.to_act or 0)
    scaled = MonteCarloBot(seed=1, playouts=100, budget_cards=24)
    assert scaled._budget(german) == 100
    assert scaled._budget(six) == 50
    assert MonteCarloBot(seed=1, playouts=100)._budget(six) == 100
    with pytest.raises(ValueError, match="budget_cards must be a whole number"):
        MonteCarloBot(budget_cards=0)


def test_large_deal_playouts_stand_for_playouts_in_a_larger_deal_only() -> None:
    """The expert's budget: 160 playouts a card in the German game's 24 cards, 80 before
    the scaling in six players' 36 cards of trick play (so 53), and the auction's 200
    (scaled: 133) in both."""
    german_state = new_game(Rules.setback(), seed=1)
    six_state = new_game(Rules.six_player(), seed=1)
    german_bid = observe(german_state, german_state.to_act or 0)
    six_bid = observe(six_state, six_state.to_act or 0)
    german = observe(_in_trick_play(german_state), 0)
    six = observe(_in_trick_play(six_state), 0)
    expert = bot("expert", seed=1)
    assert isinstance(expert, MonteCarloBot)
    assert (expert._budget(german), expert._budget(six)) == (160, 53)
    assert (expert._budget(german_bid), expert._budget(six_bid)) == (200, 133)
    plain = MonteCarloBot(seed=1, playouts=100, budget_cards=24, large_deal_playouts=30)
    assert (plain._budget(german_bid), plain._budget(six_bid)) == (100, 15)
    with pytest.raises(ValueError, match="large_deal_playouts needs budget_cards"):
        MonteCarloBot(large_deal_playouts=30)
    with pytest.raises(ValueError, match="large_deal_playouts must be a whole number"):
        MonteCarloBot(budget_cards=24, large_deal_playouts=0)


def test_budget_in_tricks_counts_a_deal_by_the_six_cards_a_player_holds_in_trick_play() -> None:
    """Trickster's 9-point game deals 36 cards and plays 24 in tricks: with
    `budget_in_tricks` (the expert) it is not a large deal, so nothing is scaled; without
    it (hard) the 60 playouts are scaled to 40, the cards dealt counting. The six-player
    game deals 48 and plays 36: 30 playouts a card scale to 20 there, not to 15."""
    nine = new_game(Rules.preset("trickster-9"), seed=1)
    nine_bid, nine_play = observe(nine, nine.to_act or 0), observe(_in_trick_play(nine), 0)
    six = observe(_in_trick_play(new_game(Rules.six_player(), seed=1)), 0)
    expert, hard = bot("expert", seed=1), bot("hard", seed=1)
    assert isinstance(expert, MonteCarloBot) and isinstance(hard, MonteCarloBot)
    assert expert.budget_in_tricks and not hard.budget_in_tricks
    assert (expert._budget(nine_bid), expert._budget(nine_play)) == (200, 160)
    assert (hard._budget(nine_bid), hard._budget(nine_play)) == (40, 40)
    counted = MonteCarloBot(seed=1, playouts=30, budget_cards=24, budget_in_tricks=True)
    assert counted._budget(six) == 20
    assert MonteCarloBot(seed=1, playouts=30, budget_cards=24)._budget(six) == 15
    with pytest.raises(ValueError, match="budget_in_tricks needs budget_cards"):
        MonteCarloBot(budget_in_tricks=True)
    with pytest.raises(ValueError, match="budget_in_tricks must be True or False"):
        MonteCarloBot(budget_cards=24, budget_in_tricks=1)  # type: ignore[arg-type]


def _in_trick_play(state: GameState) -> GameState:
    """`state` played by `medium` until seat 0 is to play a card with trump named."""
    medium = bot("medium", seed=1)
    while not (state.phase is Phase.PLAY and state.to_act == 0 and state.trump is not None):
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, medium.choose(observe(state, seat)))
    return state


# --- parse_spec ----------------------------------------------------------------------------


def test_a_bare_name_is_the_name() -> None:
    for name in BOTS:
        assert parse_spec(name) == name
    assert parse_spec("  expert ") == "expert"


def test_a_name_with_options_builds_that_bot() -> None:
    spec = parse_spec("expert:playouts=60, auction_playouts=150,inference=TRUE")
    assert callable(spec) and not isinstance(spec, str)
    made = spec(seed=4)
    assert isinstance(made, SolverBot) and made.seed == 4
    assert (made.playouts, made.auction_playouts, made.inference) == (60, 150, True)
    assert made.game_aware and made.budget_cards == 24  # the level's other settings stay
    assert pickle.loads(pickle.dumps(spec)) == spec
    hard = parse_spec("hard:rollout=random,seconds=none")(seed=1)
    assert isinstance(hard, MonteCarloBot) and hard.rollout == "random" and hard.seconds is None
    easy = parse_spec("easy:mistakes=1")(seed=1)
    assert isinstance(easy, HeuristicBot) and easy.mistakes == 1.0
    random_bot = parse_spec("random:cautious=true")(seed=1)
    assert isinstance(random_bot, RandomBot) and random_bot.cautious


def test_results_name_a_spec_by_its_text() -> None:
    rules = Rules.setback(target=5)
    result = duel(rules, "hard:playouts=8", "easy:mistakes=0.5", deals=1, seed=0)
    assert (result.first.bot, result.second.bot) == ("hard:playouts=8", "easy:mistakes=0.5")
    summary = simulate(rules, games=2, bots=["medium:boldness=0.5", "easy"])
    assert summary.bots == ("medium:boldness=0.5", "easy")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("grandmaster", "no bot named 'grandmaster'; the levels are easy, medium, hard, expert"),
        ("hard:playout=60", "hard takes no option 'playout'; its options are playouts, seconds"),
        ("expert:seed=3", "expert: seed is not an option"),
        ("expert:", "expert: give options after ':'"),
        ("hard:playouts", "hard: give playouts a value"),
        ("hard:playouts=", "hard: give playouts a value"),
        ("hard:playouts=3,playouts=4", "hard: playouts is given twice"),
        ("hard:playouts=lots", "hard: playouts takes a whole number, not 'lots'"),
        ("hard:playouts=2.5", "hard: playouts takes a whole number, not '2.5'"),
        ("hard:playouts=0", "hard: playouts must be a whole number of at least 1"),
        ("medium:boldness=true", "medium: boldness takes a number, not 'true'"),
        ("hard:rollout=smart", "hard: rollout must be 'greedy' or 'random'"),
        ("easy:mistakes=2", "easy: mistakes must be a number from 0 to 1"),
        ("expert:margin=nan", "expert: margin takes a number, not 'nan'"),
        # issue 51: every count has a ceiling (a spec from a user's command line or a
        # server's settings must not hang a worker or fill its memory)
        ("hard:playouts=100001", "hard: playouts must be a whole number of at least 1 and "),
        ("hard:auction_playouts=10000000000", "hard: auction_playouts must be a whole number"),
        ("hard:seconds=601", "hard: seconds must be a positive number of seconds, at most 600"),
        ("hard:budget_cards=55", "hard: budget_cards must be a whole number of at least 1 and "),
        ("expert:nodes=10000001", "expert: nodes must be a whole number of at least 1 and "),
        ("expert:solve_deals=10001", "expert: solve_deals must be a whole number of at least "),
        ("expert:pool=101", "expert: pool must be a whole number of at least 1 and at most 100"),
        ("expert:solve_cards=55", "expert: solve_cards must be a whole number of at least 0 "),
    ],
)
def test_a_wrong_spec_is_refused_with_the_known_names(text: str, words: str) -> None:
    with pytest.raises(RulesError, match="^" + re.escape(words)):
        parse_spec(text)


def test_every_option_of_a_name_is_listed_when_one_is_wrong() -> None:
    with pytest.raises(RulesError) as caught:
        parse_spec("expert:deep=1")
    for key in ("playouts", "auction_playouts", "margin", "smart_leads", "game_aware", "nodes"):
        assert key in str(caught.value)


def test_bad_kinds_of_input_are_refused() -> None:
    with pytest.raises(TypeError, match="a bot spec is text"):
        parse_spec(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed must be a whole number"):
        bot("easy", seed="3")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="no bot named 'master'"):
        bot("master")
    with pytest.raises(RulesError, match="no bot named 'nobody'"):
        simulate(Rules.setback(), games=1, bots=["nobody"])


def test_bot_takes_a_spec_text_too() -> None:
    made = bot("hard:playouts=9", seed=2)
    assert isinstance(made, MonteCarloBot) and made.playouts == 9 and made.seed == 2
    assert isinstance(bot("medium"), Bot)


def test_a_partial_spec_is_still_named_as_before() -> None:
    rules = Rules.setback(target=5)
    spec = functools.partial(MonteCarloBot, playouts=4)
    result = duel(rules, spec, "medium", deals=1, seed=0)
    assert result.first.bot == "MonteCarloBot(playouts=4)"


def test_every_count_s_ceiling_is_taken_and_named() -> None:
    """Issue 51: the most each count takes builds a bot; one more is refused naming it."""
    for key, most in (
        ("playouts", "100,000"),
        ("auction_playouts", "100,000"),
        ("nodes", "10,000,000"),
        ("solve_deals", "10,000"),
        ("pool", "100"),
        ("solve_cards", "54"),
        ("budget_cards", "54"),
    ):
        value = int(most.replace(",", ""))
        assert parse_spec(f"solver:{key}={value}")(seed=1) is not None
        with pytest.raises(RulesError, match=f"{key} must be .* at most {most}, not {value + 1}$"):
            parse_spec(f"solver:{key}={value + 1}")
    assert parse_spec("montecarlo:seconds=600")(seed=1).seconds == 600


def _following() -> PlayerView:
    """A view on the seat's turn in trick play, a card led (seed 3, first actions taken)."""
    state = new_game(Rules.setback(), seed=3)
    while state.phase is not Phase.PLAY or not state.plays:
        state = apply_action(state, legal_actions(state)[0])
    return observe(state, state.to_act)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_refuses_a_view_it_cannot_use_with_the_library_s_error(level: str) -> None:
    """Issue 51, D1: with its legal actions emptied, `HeuristicBot` (easy, medium) raised
    ValueError from max() and `MonteCarloBot` (hard, expert) ZeroDivisionError. Given a
    view built otherwise than by `observe`, a level picks one of its legal actions or
    raises `InvalidStateError`, never another error, and leaves the view as it was."""
    view = _following()
    player = bot(level, seed=1)
    with pytest.raises(InvalidStateError, match="the view offers seat 1 no legal action"):
        player.choose(attrs.evolve(view, legal_actions=()))
    assert view.trick is not None
    hostile = (
        [attrs.evolve(view, phase=phase) for phase in (Phase.BIDDING, Phase.DECLARE_TRUMP)]
        + [
            attrs.evolve(view, trick=Trick(view.trick.leader, ())),
            attrs.evolve(view, pitcher=(view.pitcher or 0) + 1),  # hard, expert: IndexError
            attrs.evolve(view, contract=9),
            attrs.evolve(view, trump=None, tricks=(view.trick,)),
            attrs.evolve(view, hand=(*view.hand[1:], view.hand[1])),
        ]
    )
    refused = 0
    for bad in hostile:
        before = attrs.evolve(bad)
        try:
            action = player.choose(bad)
        except InvalidStateError:
            refused += 1
        else:
            assert action in bad.legal_actions
        assert bad == before
    assert refused  # at least the bidding phase: every level fails on it
    assert player.choose(view) in view.legal_actions
    assert hasattr(type(player).choose, "__wrapped__")  # `_base.guarded`, on every class
