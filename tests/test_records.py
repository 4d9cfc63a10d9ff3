"""Game records: a record replays to the identical state, in this process or another."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given, settings

from setback import (
    CARDS,
    Bid,
    DeclareTrump,
    Discard,
    GameRecord,
    InvalidStateError,
    Pass,
    Play,
    Rules,
    apply_action,
    dumps,
    format_hand,
    game_record,
    legal_actions,
    loads,
    new_game,
    replay,
)

from .strategies import (
    any_rules,
    calm_choice,
    each_preset,
    examples,
    play_until,
    random_game,
    random_states,
    seeds,
)
from .support import (
    D1_TRICKS,
    FREE,
    FREE_TRICKS,
    P1_TRICKS,
    S1_HANDS,
    S1_TRICKS,
    TEN_FIVE,
    Y3_TRICKS,
    act,
    d1_in_play,
    deal,
    kitty_declared,
    p1_called,
    play,
    trickster_4,
    y3_declared,
)


@settings(max_examples=examples(12, 300), deadline=None)
@given(rules=any_rules, seed=seeds)
@each_preset
def test_a_record_replays_to_the_identical_state(rules: Rules, seed: int) -> None:
    for state in random_states(rules, seed, max_steps=150):
        assert replay(game_record(state)) == state


def test_a_record_keeps_a_fixed_first_deal() -> None:
    from .support import deal

    state = apply_action(deal(Rules.setback(), S1_HANDS, scores=(3, 4)), "bid 2")
    record = game_record(state)
    assert record.hands is not None and record.scores == (3, 4) and record.dealer == 3
    assert replay(record) == state
    decked = new_game(Rules.setback(), deck=list(reversed(CARDS[:52])), seed=2)
    assert replay(game_record(decked)) == decked


def test_replay_names_the_action_that_fails() -> None:
    record = GameRecord(rules=Rules.setback(), seed=1, actions=(Pass(), Bid(2), Bid(2)))
    with pytest.raises(InvalidStateError, match=r"action 2 \(bid 2\)"):
        replay(record)


def test_same_seed_replays_identically_in_another_process() -> None:
    """No reliance on hash() order: a fresh interpreter with another hash seed agrees."""
    final = random_game(Rules.setback(), 99)
    code = (
        "import random, sys; sys.path.insert(0, '.');"
        "from tests.strategies import random_game; from setback import Rules, dumps;"
        "print(dumps(random_game(Rules.setback(), 99)))"
    )
    for hash_seed in ("0", "12345"):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"},
        )
        assert loads(done.stdout) == final


def test_game_record_lists_every_kind_of_action() -> None:
    rules = Rules.setback(draw=True)
    rng = random.Random(4)
    state = new_game(rules, seed=4)
    state = play_until(state, lambda s: len(s.history) >= 3, lambda s: calm_choice(s, rng))
    kinds = {type(action) for action in game_record(state).actions}
    assert {Pass, Bid, DeclareTrump, Discard, Play} <= kinds


def test_format_hand_reads_like_a_hand_record() -> None:
    from .support import hand

    _, result = hand(Rules.setback(), S1_HANDS, "A 2, B pass, C pass, D pass", S1_TRICKS)
    text = format_hand(result, Rules.setback())
    assert text.splitlines()[0] == "Hand 1: dealer seat 3, seat 0 bid 2, trump ♠"
    assert "  seat 0: 10♣ 7♦ 9♦ Q♥ 4♠ K♠" in text
    assert "trick 1: 0 K♠  1 A♠  2 6♠  3 2♠  -> 1" in text
    assert "points: high seats 1+3, low seats 1+3, jack seats 0+2, game seats 0+2" in text
    assert text.endswith("made; score changes +2 +2")


# --- the discard and draw (RULES §7.3.6) ------------------------------------------------


def test_d1_is_recorded_replayed_and_written_out() -> None:
    """The record of D1 replays to the same state and saves and loads back; `format_hand`
    lists each seat's face-down discard (the whole record: no seat's view)."""
    state = play(d1_in_play(), D1_TRICKS)  # type: ignore[arg-type]
    record = game_record(state)
    assert replay(record) == state and loads(dumps(record)) == record
    lines = format_hand(state.history[-1], state.rules).splitlines()
    assert lines[0] == "Hand 1: dealer seat 3, seat 0 bid 5, trump ♠"
    assert lines[6:10] == [
        "  seat 0 discarded 3♣ 4♣ 7♦ 9♦ 2♥ 8♥",
        "  seat 1 discarded 8♣ 9♣ 5♦ 6♦ Q♥",
        "  seat 2 discarded 6♣ K♣ 4♥ J♥",
        "  seat 3 discarded 2♣ J♦ Q♦ 5♥ 7♥ 9♥",
    ]
    assert lines[-2:] == [
        "  points: high seats 0+2, low seats 1+3, jack seats 1+3, five seats 0+2, "
        "game seats 0+2; card points 48-13",
        "  made; score changes +7 +2",
    ]


# --- the §7 options in a hand's record -------------------------------------------------------


def test_a_record_names_the_called_card_and_the_partner() -> None:
    """RULES §7.8.12: once the hand is over, its record names the call and the partner."""
    result = play(p1_called(), P1_TRICKS).history[-1]
    assert format_hand(result, TEN_FIVE).splitlines()[0] == (
        "Hand 1: dealer seat 4, seat 1 bid 6, trump ♠, called A♠ (partner seat 3)"
    )


def test_a_record_names_a_free_dealer_and_a_shoot() -> None:
    """RULES §7.8.11 and §7.4: a free dealer's contract reads "free", a shoot "shoot"; both
    games save and load back whole."""
    free = play(act(deal(FREE, S1_HANDS), "A pass, B pass, C pass, D pass"), FREE_TRICKS)
    assert format_hand(free.history[-1], FREE).splitlines()[0] == (
        "Hand 1: dealer seat 3, seat 3 free, trump ♣"
    )
    shot = play(y3_declared(trickster_4(play_trump="when_void")), Y3_TRICKS)
    assert format_hand(shot.history[-1], shot.rules).splitlines()[0] == (
        "Hand 1: dealer seat 3, seat 0 shoot, trump ♦"
    )
    assert loads(dumps(free)) == free and loads(dumps(shot)) == shot


def test_a_record_names_the_kitty_the_pitcher_took() -> None:
    """RULES §7.7.1: the pick-up of the kitty is written as the pitcher's."""
    state = apply_action(kitty_declared(), "discard AH 3D", seat=0)
    rng = random.Random(3)
    while not state.history:
        state = apply_action(state, rng.choice(legal_actions(state)))
    assert (
        "  seat 0 took the kitty 10♥ A♥" in format_hand(state.history[0], state.rules).splitlines()
    )
