"""The batched engine (`setback.bots.batch`) without numpy: the loop over the playout kernel
that plays a batch when numpy is absent, its checks, and the tables the array engine is
made of, each against the rule's own home. The array engine itself is proven in
`tests/extras/test_batch_arrays.py` (with the extra `fast`)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setback import (
    AllPass,
    Bid,
    IllegalActionError,
    InvalidStateError,
    Play,
    Rules,
    RulesError,
    Suit,
    apply_action,
    legal_actions,
    new_game,
)
from setback.bidding import after_call, call_table
from setback.bots import batch
from setback.bots._batch_core import seed_state, stream_key, uniform
from setback.bots._batch_tables import (
    HOLDS_CALLED,
    LEADING,
    NO_TRUMP,
    batch_tables,
    call_level,
)
from setback.play import HAND_TRICKS, after_play, next_leader, open_cards
from setback.rules import PRESET_NAMES
from setback.tables import trump_tables
from setback.trumps import TrumpTable

from .strategies import any_rules, random_states, seeds
from .support import batch_replay

ROOT = Path(__file__).resolve().parents[1]


REPLAY = batch_replay()
PLAY_BATCH = batch.play_batch


@pytest.fixture
def loop(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """`batch.play_batch` plays by the loop, as without numpy (`engine="loop"`), wherever
    it is called from in the test (the replay proof's module too)."""
    monkeypatch.setattr(batch, "play_batch", functools.partial(PLAY_BATCH, engine="loop"))
    yield


@pytest.mark.parametrize("name", ["setback", "ten-point", "cinch", "call-partner", "pitch"])
def test_the_loop_replays_through_the_checked_api(loop: None, name: str) -> None:
    """Without numpy, every decision the loop asks of the policy replays through
    `apply_action` with the same legal sets and results."""
    counts = REPLAY.prove(REPLAY.rules_named(name), 40, seed=3)
    assert counts["hands"] == 40 and counts["play"] > 0


def test_the_loop_gives_numbers_without_numpy() -> None:
    """By the loop (`engine="loop"`, as without numpy) the result's fields are tuples, and
    `result(i)` reads hand `i`; the default engine gives arrays when numpy is installed,
    with the same hands (the engine is the call's, no module switch)."""
    states = [new_game(Rules.setback(), seed=k) for k in range(3)]
    result = batch.play_batch(states, batch.random_policy, seed=2, engine="loop")
    assert isinstance(result.pitcher, tuple)
    auto = batch.play_batch(states, batch.random_policy, seed=2)
    assert isinstance(auto.pitcher, tuple) is not batch.numpy_enabled()
    assert [auto.result(i) for i in range(3)] == [result.result(i) for i in range(3)]
    arrays = batch.play_batch(states, batch.random_policy, seed=2, engine="arrays")
    assert isinstance(arrays.pitcher, tuple) is not batch.numpy_enabled()
    assert [arrays.result(i) for i in range(3)] == [result.result(i) for i in range(3)]
    assert batch.ENGINES == ("auto", "arrays", "loop")
    assert len(result) == 3
    first = result.result(0)
    assert len(first.winners) == 6 and first.pitcher == result.pitcher[0]


def test_the_same_seed_and_streams_give_the_same_hands(loop: None) -> None:
    """A hand's luck is its stream's: the same states, streams and seed give the same
    results whatever else shares the batch; another seed, other luck."""
    rules = Rules.setback()
    states = [new_game(rules, seed=k) for k in range(6)]
    whole = batch.play_batch(states, batch.random_policy, seed=5)
    part = batch.play_batch(states[2:4], batch.random_policy, seed=5, streams=[2, 3])
    assert [whole.result(i) for i in (2, 3)] == [part.result(0), part.result(1)]
    other = batch.play_batch(states, batch.random_policy, seed=6)
    assert [whole.result(i) for i in range(6)] != [other.result(i) for i in range(6)]


def test_hands_of_one_stream_meet_the_same_luck(loop: None) -> None:
    """Two copies of one deal on one stream play the same hand (candidates of a search
    meet the same luck)."""
    state = new_game(Rules.setback(), seed=4)
    result = batch.play_batch([state, state], batch.random_policy, streams=[9, 9])
    assert result.result(0) == result.result(1)


def test_a_first_action_is_taken_before_the_policy_is_asked(loop: None) -> None:
    state = new_game(Rules.setback(), seed=3)
    smudge = legal_actions(state)[-1]
    recorder = REPLAY.Recorder(batch.random_policy, 1)
    result = batch.play_batch([state], recorder, first=[smudge])
    assert result.result(0).contract == 5  # the Smudge stands (the dealer may match it)
    assert recorder.logs[0][0][1] == (state.to_act + 1) % 4  # the policy's first: the next seat


def test_seeds_and_streams_of_one_word_keep_their_keys_and_negatives_are_scrambled() -> None:
    """The seeds 0 to 2**64 - 1 keep the states they had (every seeded result stays); a
    negative or wider seed no longer shares its state with a constant or a number near it
    (-1 with `_STREAM`, -2 and 2**64 with `_STREAM ^ 1`)."""
    from setback.bots._batch_core import _STREAM

    assert [seed_state(s) for s in (0, 1, 5, 2**63, 2**64 - 1)] == [
        11562461410679940143,
        17800534158620518932,
        6284068090245851659,
        14283320192557387193,
        6144725603846791594,
    ]
    assert stream_key(seed_state(3), 4096) == 16816003565125045619
    natural = [*range(-5, 6), 2**64, 2**64 + 1, -(2**64) - 1, -(2**64), _STREAM, _STREAM ^ 1]
    assert len({seed_state(s) for s in natural}) == len(natural)
    assert len({stream_key(7, s) for s in natural}) == len(natural)


def test_uniform_is_a_pure_function_of_key_step_and_draw() -> None:
    key = stream_key(seed_state(1), 7)
    assert uniform(key, 3, 0) == uniform(key, 3, 0)
    assert len({uniform(key, step, draw) for step in range(20) for draw in range(3)}) == 60
    assert all(0.0 <= uniform(key, step, 0) < 1.0 for step in range(100))
    assert stream_key(seed_state(1), -7) != stream_key(seed_state(1), 7)
    assert stream_key(seed_state(2**70), 7) != stream_key(seed_state(2**6), 7)


def test_random_policy_is_uniform_over_the_open_cards(loop: None) -> None:
    """Over many decisions every open card is chosen about as often."""
    rules = Rules.setback()
    decision = batch.Decision(
        kind=batch.PLAY,
        rules=rules,
        hands=tuple(range(4000)),
        seats=(0,) * 4000,
        held=(0b1011,) * 4000,
        legal=(0b1011,) * 4000,
        streams=tuple(stream_key(0, k) for k in range(4000)),
        steps=(0,) * 4000,
        trump=(-1,) * 4000,
        contract=(2,) * 4000,
        dealer=(0,) * 4000,
    )
    counts = Counter(batch.random_policy(decision))
    assert set(counts) == {0, 1, 3}
    assert all(1200 < count < 1467 for count in counts.values())


# --- bad input ----------------------------------------------------------------------------


def test_a_batch_is_of_one_rules_value() -> None:
    states = [new_game(Rules.setback(), seed=1), new_game(Rules.cinch(), seed=1)]
    with pytest.raises(RulesError, match="hand 1 of the batch is played under other rules"):
        batch.play_batch(states, batch.random_policy)


def test_a_finished_game_has_no_hand_to_play_out() -> None:
    state = new_game(Rules.auction_pitch(target=1), seed=1)
    while not state.is_over:
        state = apply_action(state, legal_actions(state)[-1])
    fresh = new_game(Rules.auction_pitch(target=1), seed=2)
    with pytest.raises(InvalidStateError, match="the game of hand 1 of the batch is over"):
        batch.play_batch([fresh, state], batch.random_policy)


@pytest.mark.parametrize("arrays", [False, True])
def test_an_illegal_choice_names_its_hand(arrays: bool) -> None:
    if arrays and not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    states = [new_game(Rules.setback(), seed=k) for k in range(5)]

    def policy(decision: batch.Decision) -> Any:
        choices = list(batch.random_policy(decision))
        if decision.kind == batch.CALL:
            for k, hand in enumerate(decision.hands):
                if int(hand) == 3:
                    choices[k] = 1  # a bid of 1: below the lowest bid
        return choices

    with pytest.raises(
        IllegalActionError, match="in hand 3 of the batch this choice is not"
    ) as caught:
        batch.play_batch(states, policy, engine="auto" if arrays else "loop")
    assert (caught.value.code, caught.value.params) == ("batch_not_open", {"hand": 3})
    assert caught.value.action == Bid(1)


@pytest.mark.parametrize("arrays", [False, True])
@pytest.mark.parametrize("choice", [4, 5, -1])
def test_a_declaration_of_no_suit_names_its_hand(arrays: bool, choice: int) -> None:
    """The suits open to name are declaring's DECLARATIONS (any of the four), no other
    value."""
    if arrays and not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    states = [new_game(Rules.preset("cinch"), seed=k) for k in range(5)]

    def policy(decision: batch.Decision) -> Any:
        choices = list(batch.random_policy(decision))
        if decision.kind == batch.DECLARE:
            for k, hand in enumerate(decision.hands):
                if int(hand) == 2:
                    choices[k] = choice
        return choices

    with pytest.raises(IllegalActionError) as caught:
        batch.play_batch(states, policy, seed=1, engine="auto" if arrays else "loop")
    assert (caught.value.code, caught.value.params) == ("batch_not_open", {"hand": 2})


@pytest.mark.parametrize("field", ["legal", "streams", "steps", "held", "seats", "hands"])
@pytest.mark.parametrize("mode", ["loop", "arrays", "loop with numpy"])
def test_a_policy_cannot_write_into_its_decision(mode: str, field: str) -> None:
    """A decision's fields are read-only, in either engine: a write raises (numpy's
    ValueError, a tuple's TypeError), and nothing of the failed batch stays behind (the
    same batch then plays as it plays in a fresh run)."""
    if mode != "loop" and not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    rules = Rules.setback(pitch_instead_of_bid=mode == "loop with numpy")  # the loop's rules
    states = [new_game(rules, seed=k) for k in range(4)]

    def writing(decision: batch.Decision) -> Any:
        getattr(decision, field)[0] = 0
        return batch.random_policy(decision)

    engine = "loop" if mode == "loop" else "auto"
    before = batch.play_batch(states, batch.random_policy, seed=3, engine=engine)
    with pytest.raises((ValueError, TypeError), match=r"read-only|item assignment"):
        batch.play_batch(states, writing, seed=3, engine=engine)
    after = batch.play_batch(states, batch.random_policy, seed=3, engine=engine)
    assert [after.result(i) for i in range(4)] == [before.result(i) for i in range(4)]


def test_a_policy_writing_its_own_copy_changes_nothing_of_the_engine() -> None:
    """A policy that makes its arrays writable again and writes into them changes only its
    copies: every choice is still checked against what is open (a card the seat does not
    hold is refused, though the policy wrote every card into `legal`), and the luck of
    later decisions is the batch's (zeroed `streams` leave the hands as they were)."""
    if not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    import numpy as np

    states = [new_game(Rules.setback(), seed=k) for k in range(4)]

    def widening(decision: batch.Decision) -> Any:
        choices = batch.random_policy(decision)
        if decision.kind != batch.PLAY:
            return choices
        decision.legal.flags.writeable = True
        decision.legal[:] = np.uint64((1 << 52) - 1)
        return np.array([(int(held) & -int(held)).bit_length() % 52 for held in ~decision.held])

    with pytest.raises(IllegalActionError, match="in hand 0 of the batch"):
        batch.play_batch(states, widening, seed=3)
    zeroed: list[bool] = []

    def zeroing(decision: batch.Decision) -> Any:
        choices = batch.random_policy(decision)
        if not zeroed:
            decision.streams.flags.writeable = True
            decision.streams[:] = 0
            zeroed.append(True)
        return choices

    plain = batch.play_batch(states, batch.random_policy, seed=3)
    written = batch.play_batch(states, zeroing, seed=3)
    assert zeroed and [written.result(i) for i in range(4)] == [plain.result(i) for i in range(4)]


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (lambda d: [0] * (len(d) + 1), "one choice per hand"),
        (lambda d: [0.5] * len(d), "whole number"),
        (lambda d: None, "returns"),
    ],
)
def test_a_policy_answers_one_whole_number_per_hand(answer: Any, words: str, loop: None) -> None:
    with pytest.raises(TypeError, match=words):
        batch.play_batch([new_game(Rules.setback(), seed=1)], answer)


def test_wrong_kinds_are_type_errors() -> None:
    state = new_game(Rules.setback(), seed=1)
    with pytest.raises(TypeError, match="sequence of GameState"):
        batch.play_batch(state, batch.random_policy)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hand 1 of the batch is a str"):
        batch.play_batch([state, "x"], batch.random_policy)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="batched policy"):
        batch.play_batch([state], None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="first holds 2 actions for 1 hands"):
        batch.play_batch([state], batch.random_policy, first=[None, None])
    with pytest.raises(TypeError, match="streams hold"):
        batch.play_batch([state], batch.random_policy, streams=[1, 2])
    with pytest.raises(TypeError, match="seed"):
        batch.play_batch([state], batch.random_policy, seed="1")  # type: ignore[arg-type]
    engines = r"engine is one of \('auto', 'arrays', 'loop'\), not 'fast'"
    with pytest.raises(TypeError, match=engines):
        batch.play_batch([state], batch.random_policy, engine="fast")
    with pytest.raises(TypeError, match="engine"):
        batch.play_batch([state], batch.random_policy, engine=None)  # type: ignore[arg-type]


def test_a_first_action_of_the_wrong_kind_names_its_hand(loop: None) -> None:
    state = new_game(Rules.setback(), seed=1)
    with pytest.raises(IllegalActionError, match="play AS by seat 1 is illegal: in hand 1 of the"):
        batch.play_batch([state, state], batch.random_policy, first=[None, Play("AS")])


def test_an_empty_batch_has_no_hands() -> None:
    assert len(batch.play_batch([], batch.random_policy)) == 0


def test_an_empty_batch_is_of_the_kind_of_a_full_one() -> None:
    """With numpy an empty batch's fields are numpy arrays too (read-only, of the same
    dtype and row width as a full batch's), without it tuples."""
    empty = batch.play_batch([], batch.random_policy)
    full = batch.play_batch([new_game(Rules(), seed=1)], batch.random_policy)
    for field in ("score_changes", "awards", "card_points", "made", "pitcher", "winners"):
        got, want = getattr(empty, field), getattr(full, field)
        assert type(got) is type(want), field
        if hasattr(want, "dtype"):
            assert (got.dtype, got.shape[1:]) == (want.dtype, want.shape[1:]), field
            assert got.shape[0] == 0 and not got.flags.writeable, field


def test_uncovered_lists_what_the_array_engine_loops() -> None:
    assert batch.uncovered(Rules.setback()) is None
    assert "pitch" in (batch.uncovered(Rules.setback(pitch_instead_of_bid=True)) or "")
    with pytest.raises(TypeError):
        batch.uncovered("setback")  # type: ignore[arg-type]


def test_result_reads_a_hand() -> None:
    result = batch.play_batch([new_game(Rules.setback(), seed=1)], batch.random_policy)
    with pytest.raises(IndexError, match="no hand 1"):
        result.result(1)
    with pytest.raises(TypeError):
        result.result("0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not bool"):
        result.result(False)
    with pytest.raises(TypeError, match="not float"):
        result.result(0.0)  # type: ignore[arg-type]


def test_result_takes_any_whole_number_index() -> None:
    """A numpy whole number reads its hand (`for i in np.flatnonzero(result.made)`), and
    one out of range names itself."""
    if not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    import numpy as np

    states = [new_game(Rules.setback(), seed=k) for k in range(6)]
    result = batch.play_batch(states, batch.random_policy, seed=2)
    for index in (np.int64(4), np.uint8(4), np.int32(-2)):
        assert result.result(index) == result.result(4)  # type: ignore[arg-type]
    with pytest.raises(IndexError, match="no hand 6: the batch has 6 hands"):
        result.result(np.int64(6))  # type: ignore[arg-type]
    with pytest.raises(IndexError, match="no hand -7"):
        result.result(np.int16(-7))  # type: ignore[arg-type]


# --- the tables, each against its rule's home --------------------------------------------


@settings(max_examples=60, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_the_follow_table_is_open_cards(rules: Rules, seed: int) -> None:
    """For random hands, leads and tricks, the table's suits are the cards `open_cards`
    keeps."""
    tables = batch_tables(rules)
    trumps = trump_tables(rules)
    rng = random.Random(seed)
    pack = list(rules.pack_indices)
    for _ in range(40):
        trump = rng.randrange(5)
        table = trumps[trump] if trump < 4 else None
        held = 0
        for card in rng.sample(pack, rng.randrange(1, 10)):
            held |= 1 << card
        lead = rng.choice([-1, *pack]) if table is not None else -1
        first = rng.random() < 0.5
        called = 0
        if rules.call_partner and table is not None and rng.random() < 0.5:
            called = 1 << rng.choice([c for c in pack if table.trump_mask >> c & 1])
            held |= called if rng.random() < 0.7 else 0
        want = open_cards(rules, table, held, lead, first, called)[0]
        led = LEADING if lead < 0 else tables.suit_of[(trump % 4) * 56 + lead + 1]
        masks = tables.suit_masks[(trump if trump < 4 else NO_TRUMP) * 4 :][:4]
        signature = sum(1 << s for s in range(4) if held & masks[s])
        signature |= HOLDS_CALLED if held & called else 0
        row = ((trump * 5 + led) * 2 + first) * 32 + signature
        got = called if tables.only_called[row] else held & tables.follow[row]
        assert got == want, (rules, trump, lead, first, held, called)


@settings(max_examples=40, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_the_turn_tables_are_trick_plays_step_and_next_leader(rules: Rules, seed: int) -> None:
    tables = batch_tables(rules)
    players = rules.players
    table = trump_tables(rules)[Suit(seed % 4)]
    rng = random.Random(seed)
    trumps = [c for c in rules.pack_indices if table.trump_mask >> c & 1]
    others = [c for c in rules.pack_indices if not table.trump_mask >> c & 1] or trumps
    for _ in range(40):
        holders = rng.randrange(2**players)
        held = [
            1 << rng.choice(trumps if holders >> seat & 1 else others) for seat in range(players)
        ]
        seats = rng.sample(range(players), rng.randrange(1, players + 1))
        plays = [(seat, 0) for seat in seats]
        last, played = seats[-1], sum(1 << seat for seat in seats)
        held_set = holders if tables.holder_sets > 1 else 0
        if any(c not in trumps for c in others) or tables.holder_sets > 1:
            got = tables.next_seat[(last * 2**players + played) * tables.holder_sets + held_set]
            after, closed = after_play(rules, table, held, plays, 0, TrumpTable.winner_of)
            assert got == (-1 if closed >= 0 else after)
        winner, tricks = rng.randrange(players), rng.randrange(12)
        got = tables.leader[
            (winner * (HAND_TRICKS + 1) + min(tricks, HAND_TRICKS)) * tables.holder_sets + held_set
        ]
        want = next_leader(rules, table, held, winner, tricks)
        if tables.holder_sets == 1 or rules.trumps_only:
            assert got == (-1 if want is None else want)


@pytest.mark.parametrize(
    "rules", [Rules.setback(), Rules.cinch(), Rules.trickster(4), Rules.dom_pedro(players=3)]
)
def test_the_auction_tables_are_call_table_and_after_call(rules: Rules) -> None:
    tables = batch_tables(rules)
    top, players = rules.max_bid + 1, rules.players
    calls = call_table(rules)
    for dealer, positions in ((0, calls.others), (1, calls.dealer)):
        for contract, (_, listed) in enumerate(positions):
            levels = sum(1 << call_level(rules, action) for action in listed)
            assert tables.call_open[dealer * top + contract] == levels
    for seat in range(players):
        listed = (calls.dealer if seat == 0 else calls.others)[1][1]
        for action in listed:
            level = call_level(rules, action)
            outcome = after_call(rules, 0, seat, 1, 2 % players, (), action)
            row = ((seat * top + 1) * (players + 1) + 2 % players + 1) * top + level
            contract, pitcher, _, to_act = tables.after[row]
            assert contract == outcome.contract and pitcher == outcome.pitcher
            assert to_act == (-1 if outcome.to_act is None else outcome.to_act)


def test_call_levels_number_the_calls() -> None:
    rules = Rules.setback()
    assert call_level(rules, Bid(3)) == 3
    with pytest.raises(ValueError, match="no level"):
        call_level(rules, Play("AS"))


@settings(max_examples=25, deadline=None)
@given(rules=any_rules, seed=seeds, pick=st.integers(0, 10**6))
def test_the_loop_plays_any_rules_as_the_checked_api_does(
    rules: Rules, seed: int, pick: int
) -> None:
    """From any state of a random game, the loop's hands replay through `apply_action`."""
    states = [s for s in random_states(rules, seed, max_steps=100) if not s.is_over]
    chosen = [states[(pick + 7 * k) % len(states)] for k in range(3)]
    recorder = REPLAY.Recorder(batch.random_policy, len(chosen))
    result = batch.play_batch(chosen, recorder, seed=seed, engine="loop")
    counts: Counter[str] = Counter()
    for i, state in enumerate(chosen):
        REPLAY.replay(state, None, recorder.logs[i], result.result(i), counts)


@pytest.mark.parametrize("searched", [False, True])
@pytest.mark.parametrize("arrays", [False, True])
@pytest.mark.parametrize(
    "name", ["setback", "smear", "cinch", "call-partner", "joker-pitch", "trickster-9"]
)
def test_the_playout_policy_is_the_greedy_rule(name: str, arrays: bool, searched: bool) -> None:
    """Each choice of `playout_policy` is the one `MonteCarloBot`'s `GreedyPolicy` makes in
    the same place (without its random share: where the decision's luck says "not at
    random"), on the arrays and in the loop. `searched`: the rule with the options a
    search sets (`_batch_greedy.GreedyRule`: leads by rule, each deal's seats' estimates
    from `best_suit`) against `GreedyPolicy(smart_leads=True)` given the same estimates."""
    if arrays and not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    from setback.bots._batch_core import action_of, code_of
    from setback.bots._batch_greedy import GreedyRule
    from setback.bots.heuristic import best_suit
    from setback.bots.montecarlo import GreedyPolicy
    from setback.bots.playout import highest_trump
    from setback.cards import cards_of
    from setback.tables import trump_table

    rules = REPLAY.rules_named(name)
    greedy = GreedyPolicy(rules, random.Random(0), randomness=0.0, smart_leads=searched)
    checked: Counter[str] = Counter()
    states, firsts = REPLAY.states_of(rules, 60, 3)
    estimates = [
        tuple((int(suit), value) for suit, value in (best_suit(cards_of(h), rules) for h in held))
        for held in (state.held for state in states)
    ]
    policy = GreedyRule(smart_leads=True, estimates=estimates) if searched else batch.playout_policy

    def checking(decision: batch.Decision) -> Any:
        choices = policy(decision)
        for k in range(len(decision)):
            choice = int(choices[k])
            seat, held, legal = (
                int(decision.seats[k]),
                int(decision.held[k]),
                int(decision.legal[k]),
            )
            if searched:
                greedy.estimates = {
                    s: (Suit(suit), value)
                    for s, (suit, value) in enumerate(estimates[int(decision.hands[k])])
                }
            kind = decision.kind
            if kind == batch.DECLARE:
                assert choice == int(greedy.declare(seat, held))
            elif kind == batch.CALL:
                calls = tuple(
                    action_of(rules, batch.CALL, level) for level in range(64) if legal >> level & 1
                )
                expected = greedy.call(seat, calls, held)  # type: ignore[arg-type]
                assert code_of(rules, expected)[1] == choice
            elif kind == batch.DISCARD:
                assert decision.fewest is not None and decision.most is not None
                assert decision.first is not None
                fewest, most = int(decision.fewest[k]), int(decision.most[k])
                table = trump_table(Suit(int(decision.trump[k])), rules)
                first = int(decision.first[k])
                expected = greedy.discard_under(seat, held, legal, fewest, most, first, table)
                assert choice == expected
            elif kind == batch.CALL_PARTNER:
                table = trump_table(Suit(int(decision.trump[k])), rules)
                assert choice == highest_trump(table, legal)
            else:
                assert decision.trick is not None and decision.trick_seats is not None
                trump = int(decision.trump[k])
                trick = [int(card) for card in decision.trick[k] if card >= 0]
                seats = [int(seat) for seat in decision.trick_seats[k] if seat >= 0]
                key, step = int(decision.streams[k]), int(decision.steps[k])
                if trump < 0:
                    known = greedy.estimates.get(seat)
                    suit = known[0] if known is not None else greedy._best(legal)[0]
                    if trump_table(suit, rules).masks[suit] & legal & ((1 << 52) - 1):
                        assert choice == greedy.play(seat, legal, [], None)  # not at random
                        kind = "first lead"
                elif legal & (legal - 1) and uniform(key, step, 0) >= 0.25:
                    table = trump_table(Suit(trump), rules)
                    plays = list(zip(seats, trick, strict=True))
                    if trick:
                        assert choice == greedy.play(seat, legal, plays, table)
                        kind = "follow"
                    elif searched:
                        assert choice == greedy.play(seat, legal, plays, table)
                        kind = "lead"
            checked[kind] += 1
        return choices

    batch.play_batch(states, checking, first=firsts, seed=4, engine="auto" if arrays else "loop")
    assert checked["follow"] > 0 and checked[batch.CALL] > 0, checked
    assert checked["first lead"] > 0 or rules.declares_trump, checked
    assert checked["lead"] > 0 or not searched, checked
    assert checked[batch.DISCARD] > 0 or not rules.discards_and_draws, checked


@pytest.mark.parametrize("engine", ["auto", "loop"])
@pytest.mark.parametrize("name", ["setback", "cinch", "ten-point"])
def test_results_of_reads_every_hand_as_result_does(name: str, engine: str) -> None:
    """`_batch_core.results_of` (the arrays read once; `simulate` and the bots' own values
    ask it) gives each hand as `BatchResult.result(i)` does."""
    from setback.bots._batch_core import results_of

    rules = REPLAY.rules_named(name)
    states, firsts = REPLAY.states_of(rules, 40, 6)
    result = batch.play_batch(states, batch.random_policy, first=firsts, seed=2, engine=engine)
    assert results_of(result) == [result.result(i) for i in range(len(result))]


def _passing(decision: batch.Decision) -> Any:
    """`random_policy`, but the even-numbered hands pass wherever they may."""
    choices = [int(choice) for choice in batch.random_policy(decision)]
    if decision.kind == batch.CALL:
        for k in range(len(decision)):
            if int(decision.hands[k]) % 2 == 0 and int(decision.legal[k]) & 1:
                choices[k] = 0
    return choices


@pytest.mark.parametrize("engine", ["auto", "loop"])
def test_results_of_reads_a_passed_out_hand_as_result_does(engine: str) -> None:
    """`results_of` and `BatchResult.result(i)` alike give a hand everyone passed
    (`AllPass.REDEAL`) as `playout.passed_out`: nothing played or scored."""
    from setback.bots._batch_core import results_of
    from setback.bots.playout import passed_out

    rules = Rules.setback(all_pass=AllPass.REDEAL)
    states = [new_game(rules, seed=k) for k in range(12)]
    result = batch.play_batch(states, _passing, seed=2, engine=engine)
    read = results_of(result)
    assert read == [result.result(i) for i in range(len(result))]
    assert read[::2] == [passed_out(rules)] * 6
    assert all(ended.pitcher is not None for ended in read[1::2])


@pytest.mark.parametrize("name", ["setback", "cinch", "ten-point", "call-partner", "smear"])
def test_the_greedy_call_is_one_rule_in_its_three_forms(name: str) -> None:
    """The playouts' call from a hand and its best trump and estimate: `GreedyPolicy.call`
    (unbatched), `_batch_greedy._call` (batched, one hand) and `_call_arrays` (on numpy
    arrays) make the same call for any cards, calls open and estimate (high ones too,
    where a Smudge or a shoot is called, which random deals seldom reach)."""
    if not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    import numpy as np

    from setback.bots._batch_core import action_of, code_of
    from setback.bots._batch_greedy import _call, _call_arrays
    from setback.bots.montecarlo import GreedyPolicy

    rules = REPLAY.rules_named(name)
    rng = random.Random(5)
    greedy = GreedyPolicy(rules, random.Random(0))
    top = rules.max_bid  # the Smudge or the shoot where the rules have one
    rows = []
    for _ in range(3000):
        suit, value = rng.randrange(4), rng.uniform(0.0, rules.total_points + 2.0)
        long = rng.randrange(3, rules.deal + 1)  # cards of `suit`: long trumps are common
        mine = [card for card in range(52) if card // 13 == suit]
        others = [card for card in range(52) if card // 13 != suit]
        cards = rng.sample(mine, long) + rng.sample(others, rules.deal - long)
        held = sum(1 << card for card in cards)
        levels = [0, *range(rules.min_bid, top + 1)]  # the calls there are
        legal = sum(1 << level for level in levels if rng.random() < 0.5)
        legal |= 1 << rng.choice([0, top])
        rows.append((held, legal, suit, value))
    got = _call_arrays(
        rules,
        np.array([held for held, _, _, _ in rows], dtype=np.uint64),
        np.array([legal for _, legal, _, _ in rows], dtype=np.uint64),
        (
            np.array([suit for _, _, suit, _ in rows], dtype=np.int64),
            np.array([value for _, _, _, value in rows], dtype=np.float64),
        ),
    )
    smudges = 0
    for (held, legal, suit, value), arrays in zip(rows, got.tolist(), strict=True):
        one = _call(rules, held, legal, 0, (suit, value))
        calls = tuple(
            action_of(rules, batch.CALL, level) for level in range(64) if legal >> level & 1
        )
        greedy.estimates = {0: (Suit(suit), value)}
        unbatched = code_of(rules, greedy.call(0, calls, held))[1]  # type: ignore[arg-type]
        assert arrays == one == unbatched, (held, legal, suit, value)
        smudges += one == top
    assert smudges > 0 or top < rules.smudge_level


@pytest.mark.parametrize("searched", [False, True])
def test_the_greedy_call_with_pitches_open_is_one_rule_in_its_two_forms(searched: bool) -> None:
    """Where pitches are open (`pitch_instead_of_bid`), the playouts' call is
    `GreedyPolicy.call` unbatched and `_batch_greedy._call` batched (hand by hand, on the
    arrays too): the same call for any cards, calls and pitches open and estimate, the
    search's (`searched`) or the bit-count one, on both sides of the pitch's threshold."""
    from setback import CARDS, Pitch
    from setback.bots._batch_core import action_of, code_of
    from setback.bots._batch_greedy import _call
    from setback.bots.montecarlo import GreedyPolicy

    rules = REPLAY.rules_named("pitch")
    assert rules.pitch_instead_of_bid
    rng = random.Random(6)
    greedy = GreedyPolicy(rules, random.Random(0))
    kinds: Counter[str] = Counter()
    for _ in range(3000):
        suit, value = rng.randrange(4), rng.uniform(2.0, 5.0)
        held = sum(1 << card for card in rng.sample(range(52), rules.deal))
        legal = sum(1 << level for level in range(rules.max_bid + 1) if rng.random() < 0.5)
        pitches = sum(1 << card for card in range(52) if held >> card & 1 and rng.random() < 0.5)
        pitches |= 1 << rng.choice([card for card in range(52) if held >> card & 1])
        known = (suit, value) if searched else None
        one = _call(rules, held, legal, pitches, known)
        calls = tuple(
            action_of(rules, batch.CALL, level) for level in range(64) if legal >> level & 1
        ) + tuple(Pitch(CARDS[card]) for card in range(52) if pitches >> card & 1)
        greedy.estimates = {0: (Suit(suit), value)} if searched else {}
        unbatched = code_of(rules, greedy.call(0, calls, held))[1]  # type: ignore[arg-type]
        assert one == unbatched, (held, legal, pitches, known)
        kinds["pitch" if one >= batch.PITCH else "call"] += 1
    assert kinds["pitch"] > 0 and kinds["call"] > 0, kinds


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_estimates_on_arrays_are_the_heuristics_to_the_last_bit(name: str) -> None:
    """`_batch_estimate.best_suits` (the auction playouts' per-deal estimates, on numpy
    arrays) gives every hand the suit and the float of `heuristic.best_suit`: random hands
    of every size, long in one suit, with the jokers and the jick alone (trumps without a
    card of the suit), under every preset (the High, Low and Jack terms, the Low holder's,
    a lowest joker's, the extended points' and the captured points' estimates)."""
    if not batch.numpy_enabled():
        pytest.skip("numpy is absent")
    from setback.bots._batch_estimate import best_suits
    from setback.bots.heuristic import best_suit
    from setback.cards import CARDS, Rank, cards_of

    rules = Rules.preset(name)
    rng = random.Random(11)
    pack = list(rules.pack_indices)
    odd = [index for index in pack if CARDS[index].suit is None or CARDS[index].rank == Rank.JACK]
    hands = [0, sum(1 << index for index in odd)]
    for _ in range(2000):
        size = rng.randrange(0, rules.deal + 4)
        suit = rng.randrange(4)
        long = [index for index in pack if CARDS[index].suit == suit]
        cards = set(rng.sample(long, min(len(long), rng.randrange(0, size + 1))))
        cards |= set(rng.sample(pack, size - len(cards)))
        hands.append(sum(1 << index for index in cards))
    suits, values = best_suits(rules, hands)
    for held, suit, value in zip(hands, suits.tolist(), values.tolist(), strict=True):
        expected = best_suit(cards_of(held), rules)
        assert (suit, value) == (int(expected[0]), expected[1]), cards_of(held)
