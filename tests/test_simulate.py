"""`simulate`: the same games give the same summary however the work is split."""

from __future__ import annotations

import functools
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import attrs
import pytest

from setback import RulesError, SimulationSummary, simulate
from setback.bots import HeuristicBot, RandomBot
from setback.cli import main
from setback.rules import Rules
from setback.simulation import BOTS

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


@pytest.mark.parametrize("name", ["setback", "smear", "cinch", "ten-point"])
def test_batched_games_give_the_summary_with_numpy_or_without_however_split(name: str) -> None:
    """`batched=True`: the same summary on arrays and by the loop without numpy, in one
    task or many, and of the same shape as the unbatched run's."""
    from setback.bots import batch

    rules = Rules.preset(name)
    batched = simulate(rules, games=60, seed=5, batched=True)
    assert simulate(rules, games=60, seed=5, batched=True, chunk=7) == batched
    wanted = batch._numpy_wanted
    batch._numpy_wanted = not wanted
    try:
        assert simulate(rules, games=60, seed=5, batched=True, chunk=25) == batched
    finally:
        batch._numpy_wanted = wanted
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
