"""`simulate`: the same games give the same summary however the work is split."""

from __future__ import annotations

import functools
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import attrs
import pytest

from setback import (
    GameState,
    Pass,
    Phase,
    RulesError,
    SimulationSummary,
    apply_action,
    legal_actions,
    new_game,
    simulate,
    simulation,
)
from setback.bots import HeuristicBot, RandomBot
from setback.cli import main
from setback.options import AllPass, ShootFor
from setback.rules import Rules
from setback.simulation import BOTS
from setback.views import observe

from .support import HEAVY, slow_cases

GERMAN = Rules.setback()


def test_a_process_pool_gives_the_serial_summary() -> None:
    serial = simulate(GERMAN, games=12, seed=40)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = simulate(GERMAN, games=12, seed=40, executor=pool, chunk=5)
    assert parallel == serial
    assert serial.games == 12 and sum(serial.wins) + serial.unfinished == 12


@pytest.mark.parametrize("chunk", [1, 2, 5, 11, 100])
def test_any_split_gives_the_same_summary(chunk: int) -> None:
    whole = simulate(GERMAN, games=11, seed=7, chunk=11)
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert simulate(GERMAN, games=11, seed=7, executor=pool, chunk=chunk) == whole


def test_the_summary_of_two_seed_ranges_adds_up() -> None:
    """Games 0..9 are games 0..4 and 5..9: every count is the sum of the two."""
    both = simulate(GERMAN, games=10, seed=0)
    first, second = simulate(GERMAN, games=5, seed=0), simulate(GERMAN, games=5, seed=5)
    assert both.games == first.games + second.games == 10
    assert both.hands == first.hands + second.hands
    assert both.points == first.points + second.points
    assert both.passed_out == first.passed_out + second.passed_out
    assert both.wins == tuple(a + b for a, b in zip(first.wins, second.wins, strict=True))
    bids = {level: bid for level, bid, _ in both.contracts}
    for level, bid, _ in first.contracts:
        bids[level] -= bid
    for level, bid, _ in second.contracts:
        bids[level] -= bid
    assert set(bids.values()) == {0}


def test_bot_specs_cross_processes_by_name_class_or_partial() -> None:
    specs = [HeuristicBot, functools.partial(RandomBot, cautious=True)]
    serial = simulate(GERMAN, games=4, seed=3, bots=specs)
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate(GERMAN, games=4, seed=3, bots=specs, executor=pool, chunk=1) == serial
    assert serial.bots == ("HeuristicBot", "RandomBot(cautious=True)")
    named = simulate(GERMAN, games=4, seed=3, bots=["heuristic", "cautious"])
    assert named.bots == ("heuristic", "cautious")
    assert (named.wins, named.hands) == (serial.wins, serial.hands)  # the same bots and seeds


def test_one_bot_spec_plays_every_side() -> None:
    # random players on both sides rarely end a game: a few hands show who played
    summary = simulate(GERMAN, games=2, seed=1, bots=["random"], max_hands=20)
    assert summary.bots == ("random", "random") and summary.hands == 40


def test_progress_is_reported_per_task() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        GERMAN, games=5, seed=0, chunk=2, progress=lambda done, total: seen.append((done, total))
    )
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_no_games_is_an_empty_summary() -> None:
    empty = simulate(GERMAN, games=0, seed=0)
    assert (empty.games, empty.hands, empty.contracts, empty.wins) == (0, 0, (), (0, 0))


def test_the_summary_is_frozen() -> None:
    summary = simulate(GERMAN, games=1, seed=0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        summary.games = 2  # type: ignore[misc]
    assert isinstance(summary, SimulationSummary) and summary.max_hands == 1000


def test_a_failure_in_a_task_reaches_the_caller() -> None:
    class Stubborn:
        def __init__(self, *, seed: int) -> None:
            pass

        def choose(self, view: object) -> object:
            return "bid 9"

    with ThreadPoolExecutor(max_workers=2) as pool, pytest.raises(Exception, match="illegal"):
        simulate(GERMAN, games=3, seed=0, bots=[Stubborn], executor=pool)  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"games": -1}, RulesError, "games must be at least 0"),
        ({"games": "3"}, TypeError, "games must be a whole number"),
        ({"games": 1, "seed": 1.5}, TypeError, "seed must be a whole number"),
        ({"games": 1, "chunk": 0}, RulesError, "chunk must be at least 1"),
        ({"games": 1, "bots": ["grandmaster"]}, RulesError, "no bot named 'grandmaster'"),
        ({"games": 1, "bots": ["random"] * 3}, RulesError, "one per side \\(2\\), not 3"),
        ({"games": 1, "bots": "random"}, TypeError, "sequence of bot specs"),
        ({"games": 1, "bots": [3]}, TypeError, "a bot's name or a callable"),
        ({"games": 1, "executor": object()}, TypeError, "concurrent.futures.Executor"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        simulate(GERMAN, **kwargs)  # type: ignore[arg-type]


def test_rules_must_be_rules() -> None:
    with pytest.raises(TypeError, match="rules must be a Rules value"):
        simulate("setback", games=1)  # type: ignore[arg-type]


def test_the_command_names_are_the_bots() -> None:
    assert list(BOTS) == [
        "easy",
        "medium",
        "hard",
        "expert",
        "random",
        "cautious",
        "heuristic",
        "montecarlo",
        "solver",
    ]


def test_cli_jobs_print_what_one_job_prints(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "6", "--seed", "11", "--jobs", "1"]) == 0
    one = capsys.readouterr().out.split("time")[0]
    assert main(["simulate", "--games", "6", "--seed", "11", "--jobs", "2", "--progress"]) == 0
    out, err = capsys.readouterr()
    assert out.split("time")[0] == one and "games          6" in one
    assert err.endswith("[##############################] 6/6 games\n")


def test_cli_jobs_must_not_be_negative() -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "2", "--jobs", "-1"])


def test_batched_games_play_their_last_few_by_the_loop() -> None:
    """`batched=True`: a hand of fewer than `batch.SMALL_BATCH` live games is played by the
    loop (faster there), the others by the default engine."""
    from setback.bots import batch

    asked: list[tuple[int, str]] = []
    played = batch.play_batch

    def recording(states: Any, policy: Any, *, engine: str = "auto", **rest: Any) -> Any:
        asked.append((len(states), engine))
        return played(states, policy, engine=engine, **rest)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(batch, "play_batch", recording)
        simulate(Rules.setback(), games=40, seed=3, batched=True)
    assert {engine for size, engine in asked if size < batch.SMALL_BATCH} == {"loop"}
    assert {engine for size, engine in asked if size >= batch.SMALL_BATCH} == {"auto"}


@pytest.mark.parametrize(
    "name", slow_cases(["setback", "smear", "cinch", "ten-point"], quick="setback")
)
def test_batched_games_give_the_summary_with_numpy_or_without_however_split(name: str) -> None:
    """`batched=True`: the same summary on arrays and by the loop without numpy, in one
    task or many, and of the same shape as the unbatched run's."""
    from setback.bots import batch

    rules = Rules.preset(name)
    batched = simulate(rules, games=60, seed=5, batched=True)
    assert simulate(rules, games=60, seed=5, batched=True, chunk=7) == batched
    with pytest.MonkeyPatch.context() as patch:  # the loop, as without numpy
        patch.setattr(batch, "play_batch", functools.partial(batch.play_batch, engine="loop"))
        assert simulate(rules, games=60, seed=5, batched=True, chunk=25) == batched
    plain = simulate(rules, games=60, seed=5)
    assert type(batched) is type(plain) and batched.games == 60
    for field in attrs.fields(SimulationSummary):
        assert type(getattr(batched, field.name)) is type(getattr(plain, field.name)), field
    assert (batched.bots, batched.smudge_level, batched.max_hands) == (
        plain.bots,
        plain.smudge_level,
        plain.max_hands,
    )
    assert sum(batched.wins) + batched.unfinished == 60
    assert batched.hands >= 60 and batched.points > 0
    assert sum(bid for _, bid, _ in batched.contracts) + batched.passed_out == batched.hands


def test_batched_cautious_players_bid_as_the_unbatched_ones() -> None:
    """The cautious random players' rule (pass three times in four, else mostly the lowest
    bid) played batched: each contract level's share of 400 German games' hands, and the
    share made, within a few hundredths of the unbatched players'."""
    rules = Rules.setback()
    batched = simulate(rules, games=400, seed=1, batched=True)
    plain = simulate(rules, games=400, seed=1)
    for (level, bid, made), (other, bid_plain, made_plain) in zip(
        batched.contracts, plain.contracts, strict=True
    ):
        assert level == other
        assert abs(bid / batched.hands - bid_plain / plain.hands) < 0.03, level
        assert abs(made / bid - made_plain / bid_plain) < 0.06, level
    assert abs(batched.hands / 400 - plain.hands / 400) < 1.0


def test_the_cautious_players_rule() -> None:
    """`simulation._cautious_pick`, the one home of the cautious random players' call: a
    pass when they may, three times in four (draw 0), else the lowest plain bid three
    times in four (draw 1), else any call by `pick`; a pass alone is taken undrawn."""

    def pick_last(options: Any) -> Any:
        return options[-1]

    def draws(*values: float) -> Any:
        return lambda draw: values[draw]

    calls, bids = ["b2", "b3", "smudge"], ["b2", "b3"]
    assert simulation._cautious_pick(True, calls, bids, draws(0.74, 0.0), pick_last) is None
    assert simulation._cautious_pick(True, calls, bids, draws(0.75, 0.74), pick_last) == "b2"
    assert simulation._cautious_pick(True, calls, bids, draws(0.75, 0.75), pick_last) == "smudge"
    assert simulation._cautious_pick(False, calls, bids, draws(0.0, 0.74), pick_last) == "b2"
    assert simulation._cautious_pick(False, calls, [], draws(0.0, 0.0), pick_last) == "smudge"
    assert simulation._cautious_pick(True, [], [], draws(), pick_last) is None


def _last_call(can_pass: bool, calls: Any, *rest: Any) -> Any:
    """A stand-in for `_cautious_pick`: the last call open, else a pass."""
    return calls[-1] if calls else None


@pytest.mark.parametrize("arrays", [False, True])
def test_the_cautious_players_ask_their_rules_home(arrays: bool) -> None:
    """Unbatched (`_cautious_choice`) and batched (`_cautious_call`, and its form on numpy
    arrays `_cautious_calls`, call by call) the cautious players' calls are
    `_cautious_pick`'s."""
    import random

    from setback.bots import batch

    if arrays and not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    rules = Rules.setback()
    state = new_game(rules, seed=2)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simulation, "_cautious_pick", _last_call)
        chosen = {simulation._cautious_choice(state, random.Random(seed)) for seed in range(10)}
        assert chosen == {legal_actions(state)[-1]}
    asked = []

    def checking(decision: batch.Decision) -> Any:
        choices = simulation._cautious_policy(decision)
        if decision.kind == batch.CALL:
            one = [simulation._cautious_call(decision, k) for k in range(len(decision))]
            assert [int(choice) for choice in choices] == one
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(simulation, "_cautious_pick", _last_call)
                top = [simulation._cautious_call(decision, k) for k in range(len(decision))]
            assert top == [int(legal).bit_length() - 1 for legal in decision.legal]
            asked.append(len(decision))
        return choices

    states = [new_game(rules, seed=k) for k in range(40)]
    batch.play_batch(states, checking, seed=3, engine="auto" if arrays else "loop")
    assert sum(asked) >= 40


def test_batched_random_bots_and_others() -> None:
    """`bots=["random"]` plays batched (uniform calls: bid-out games rarely end); other bots
    play as without `batched`."""
    rules = Rules.auction_pitch(target=7)
    summary = simulate(rules, games=30, seed=2, bots=["random"], batched=True, max_hands=40)
    assert summary.bots == ("random",) * 4 and summary.games == 30
    assert summary != simulate(rules, games=30, seed=2, bots=["random"], max_hands=40)
    heuristic = simulate(rules, games=6, seed=2, bots=["heuristic"], batched=True)
    assert heuristic == simulate(rules, games=6, seed=2, bots=["heuristic"])
    with pytest.raises(TypeError, match="batched must be True or False"):
        simulate(rules, games=1, batched=1)  # type: ignore[arg-type]


def _discard_state(rules: Rules, seed: int, open_discards: int) -> GameState:
    """The first state of a random game (seed `seed` and up) with a discard to choose among
    `open_discards`."""
    import random

    while True:
        state, rng = new_game(rules, seed=seed), random.Random(seed)
        while not state.is_over and state.phase is not Phase.DISCARD:
            state = apply_action(state, rng.choice(legal_actions(state)))
        if not state.is_over and len(legal_actions(state)) == open_discards:
            return state
        seed += 1


@pytest.mark.parametrize("bots", [(), ("random",), ("cautious",)])
@pytest.mark.parametrize("arrays", [False, True])
def test_batched_players_discard_as_unbatched(bots: tuple[str, ...], arrays: bool) -> None:
    """A batched discard is drawn uniformly among the open discards, as `RandomBot` (and the
    cautious players) draw it from `legal_actions`: a discard of 0 to 5 of five cards
    (German with the draw) has each size as often as it has discards (1, 5, 10, 10, 5, 1
    of 32), over 2,000 hands of one deal; not a size uniformly first (1 in 6 each)."""
    from setback.bots import batch

    if arrays and not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    state = _discard_state(Rules.setback(draw=True), 1, 32)
    legal = legal_actions(state)
    expected = Counter(len(action.cards) for action in legal)  # type: ignore[union-attr]
    assert RandomBot(seed=3).choose(observe(state, state.to_act)) in legal  # type: ignore[arg-type]
    policy = simulation._batch_policy(bots)
    sizes: Counter[int] = Counter()

    def recording(decision: batch.Decision) -> Any:
        choices = policy(decision)
        if decision.kind == batch.DISCARD:
            for k in range(len(decision)):
                if int(decision.steps[k]) == 0:  # the hand's first: the state's seat
                    sizes[int(choices[k]).bit_count()] += 1
        return choices

    hands = 2000
    batch.play_batch([state] * hands, recording, seed=4, engine="auto" if arrays else "loop")
    assert sum(sizes.values()) == hands
    for size, ways in expected.items():
        assert abs(sizes[size] / hands - ways / len(legal)) < 0.04, (size, sizes)


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(Rules.preset("auction-pitch"), id="auction-pitch", marks=HEAVY),
        pytest.param(Rules.preset("smear"), id="smear", marks=HEAVY),
        pytest.param(
            Rules.setback(smudge=False, shoot=ShootFor.ALL_TRICKS), id="shoot", marks=HEAVY
        ),
        pytest.param(
            Rules.setback(all_pass=AllPass.DEALER_AT_LEAST_MIN), id="stuck-at-least", marks=HEAVY
        ),
        pytest.param(
            Rules.setback(pitch_instead_of_bid=True, all_pass=AllPass.DEALER_AT_LEAST_MIN),
            id="pitch-stuck-at-least",
        ),
    ],
)
def test_the_batched_cautious_bot_calls_as_the_cautious_bot(rules: Rules) -> None:
    """The bot named "cautious" (`RandomBot(cautious=True)`) batched makes the very call the
    unbatched one makes, in every auction state of random games (a pass when it may, else
    the lowest bid, else the first call open; a stuck dealer who may bid any level bids
    the lowest)."""
    import random

    from setback.bots import batch
    from setback.bots._batch_core import code_of

    states = []
    for seed in range(40):
        state, rng = new_game(rules, seed=seed), random.Random(seed)
        while not state.is_over and len(states) < 30 * (seed + 1):
            legal = legal_actions(state)
            if state.phase is Phase.BIDDING:
                states.append(state)
                if legal[0] == Pass() and rng.random() < 0.8:  # often to a stuck dealer
                    state = apply_action(state, legal[0])
                    continue
            state = apply_action(state, rng.choice(legal))
    forced = 0
    policy = simulation._batch_policy(["cautious"])
    for index, state in enumerate(states):
        seat = state.to_act
        assert seat is not None
        bot = RandomBot(seed=1, cautious=True).choose(observe(state, seat))
        calls: list[int] = []

        def first_call(decision: batch.Decision, calls: list[int] = calls) -> Any:
            choices = policy(decision)
            if not calls:
                calls.append(int(choices[0]))
            return choices

        batch.play_batch([state], first_call, streams=[index])  # luck of its own
        assert calls == [code_of(rules, bot)[1]], (state.to_act, legal_actions(state))
        forced += not isinstance(bot, Pass)
    assert forced > 10


def test_batched_cautious_bots_bid_only_the_minimum() -> None:
    """`bots=["cautious"]` batched: only forced dealers' minimum bids win an auction, as
    unbatched (not the cautious random players' higher bids)."""
    rules = Rules.setback()
    plain = simulate(rules, games=60, seed=1, bots=["cautious"], max_hands=60)
    batched = simulate(rules, games=60, seed=1, bots=["cautious"], max_hands=60, batched=True)
    assert [level for level, _, _ in plain.contracts] == [2]
    assert [level for level, _, _ in batched.contracts] == [2]
    assert batched.bots == plain.bots == ("cautious", "cautious")
    (_, bids, made), (_, bids_plain, made_plain) = batched.contracts[0], plain.contracts[0]
    assert abs(made / bids - made_plain / bids_plain) < 0.08


@HEAVY
def test_batched_random_bots_call_as_random_bots() -> None:
    """`bots=["random"]` batched: each contract level's share of the hands within a few
    hundredths of the unbatched random bots' (uniform calls)."""
    rules = Rules.auction_pitch(target=7)
    plain = simulate(rules, games=150, seed=2, bots=["random"], max_hands=40)
    batched = simulate(rules, games=150, seed=2, bots=["random"], max_hands=40, batched=True)
    assert [level for level, _, _ in batched.contracts] == [
        level for level, _, _ in plain.contracts
    ]
    for (level, bid, _), (_, bid_plain, _) in zip(batched.contracts, plain.contracts, strict=True):
        assert abs(bid / batched.hands - bid_plain / plain.hands) < 0.03, level


def test_every_batched_hand_of_every_game_has_luck_of_its_own() -> None:
    """A batched game's hand plays on a (batch seed, stream) pair of its own: hand 4096 of
    game s is not hand 0 of game s + 1 (as `seed * 4096 + number` made them); the first
    4096 hands keep the luck they had (batch seed 0, that stream); `simulate` asks each
    batch with them."""
    luck = simulation._hand_luck
    assert luck(7, 4096) != luck(8, 0) and luck(-1, 4096) != luck(0, 0)
    assert [luck(s, n) for s, n in ((7, 0), (7, 4095), (-2, 3))] == [
        (0, 7 * 4096),
        (0, 7 * 4096 + 4095),
        (0, -2 * 4096 + 3),
    ]
    pairs = {luck(s, n) for s in range(-3, 4) for n in (*range(0, 9000, 97), 4096, 8192)}
    assert len(pairs) == 7 * (len(range(0, 9000, 97)) + 2)
    from setback.bots import batch

    asked: list[tuple[int, list[int]]] = []
    original = batch.play_batch

    def spy(states: Any, policy: Any, **options: Any) -> Any:
        asked.append((options["seed"], list(options["streams"])))
        return original(states, policy, **options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(batch, "play_batch", spy)
        simulate(GERMAN, games=3, seed=10, batched=True, max_hands=2)
    assert asked == [(0, [luck(s, n)[1] for s in (10, 11, 12)]) for n in (0, 1)]


@HEAVY
def test_batched_with_bots_it_does_not_batch_keeps_its_tasks() -> None:
    """`batched=True` with bots it does not batch (or call your partner) splits the games
    into as many tasks as without it (progress after each); batched games make tasks of
    up to 1,024 games."""
    calls: list[list[int]] = [[], [], [], []]
    rules = Rules.auction_pitch(target=7)
    runs = [
        simulate(rules, games=200, seed=2, bots=["heuristic"], progress=_count(calls[0])),
        simulate(
            rules, games=200, seed=2, bots=["heuristic"], batched=True, progress=_count(calls[1])
        ),
    ]
    assert runs[0] == runs[1]
    assert len(calls[0]) == len(calls[1]) == 100
    partner = Rules.trickster(10, players=5)
    simulate(partner, games=200, seed=2, max_hands=3, batched=True, progress=_count(calls[2]))
    assert len(calls[2]) == 100
    simulate(rules, games=200, seed=2, max_hands=3, batched=True, progress=_count(calls[3]))
    assert calls[3] == [200]


def _count(calls: list[int]) -> Any:
    return lambda done, games: calls.append(done)
