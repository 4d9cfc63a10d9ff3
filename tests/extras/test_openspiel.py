"""The OpenSpiel game `python_setback` (the extra `rl`)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import setback.rl.openspiel  # noqa: E402
from setback import CARDS, PlayTrump, Rules, RulesError, format_hand, new_game  # noqa: E402
from setback.rules import PRESET_NAMES  # noqa: E402

pytestmark = pytest.mark.extras


def _random_play(game: object, seed: int, stop: object = None) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal() and not (stop and stop(state)):  # type: ignore[operator]
        if state.is_chance_node():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_passes_openspiels_random_sim_test(preset: str) -> None:
    game = pyspiel.load_game("python_setback", {"preset": preset})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_capped_match_passes_random_sim_test() -> None:
    game = pyspiel.load_game("python_setback(preset=cutthroat,players=3,hands=3)")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_options_reach_the_rules_and_unknown_ones_are_refused() -> None:
    game = pyspiel.load_game(
        "python_setback", {"preset": "setback", "options": "target:11;draw:true"}
    )
    assert game.rules == Rules.setback(target=11, draw=True)
    must_follow = pyspiel.load_game(
        "python_setback", {"preset": "smear", "options": "play_trump:when_void;trump_by:declare"}
    )
    assert must_follow.rules == Rules.smear(play_trump=PlayTrump.WHEN_VOID)
    with pytest.raises(RulesError, match="presets are setback, auction-pitch"):
        pyspiel.load_game("python_setback", {"preset": "bridge"})
    with pytest.raises(RulesError, match="no such option: colour"):
        pyspiel.load_game("python_setback", {"options": "colour:red"})


def test_the_chance_nodes_are_the_deck_dealt_as_the_rules_say() -> None:
    game = pyspiel.load_game("python_setback", {"preset": "setback", "dealer": 2})
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert len(first) == 52 and {p for _, p in first} == {1 / 52}
    deck = list(range(51, -1, -1))
    for card in deck:
        state.apply_action(card)
    expected = new_game(Rules.setback(), dealer=2, deck=[CARDS[i] for i in deck])
    assert state.position.state.hands == expected.hands
    assert state.current_player() == 3


def test_partners_share_the_return_which_is_the_score_change() -> None:
    game = pyspiel.load_game("python_setback", {"preset": "setback"})
    state = _random_play(game, 1)
    changes = state.position.state.history[-1].score_changes
    assert state.returns() == [changes[0], changes[1], changes[0], changes[1]]


def test_a_state_survives_serialization() -> None:
    game = pyspiel.load_game("python_setback", {"preset": "smear", "players": 3})
    state = _random_play(game, 2, stop=lambda s: len(s.history()) > 60)
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copy) == str(state)
    assert copy.legal_actions() == state.legal_actions()
    assert copy.information_state_string(1) == state.information_state_string(1)


def test_resampling_keeps_what_the_seat_saw_and_moves_the_rest() -> None:
    game = pyspiel.load_game("python_setback", {"preset": "setback"})
    state = _random_play(game, 3, stop=lambda s: len(s.history()) > 60)
    seat = state.current_player()
    sampler = random.Random(4).random
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(20)]
    key = state.information_state_string(seat)
    assert all(w.information_state_string(seat) == key for w in worlds)
    assert all(w.legal_actions() == state.legal_actions() for w in worlds)
    others = {w.position.state.hands[(seat + 1) % 4] for w in worlds}
    assert len(others) > 1


def test_ismcts_plays_against_random() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_setback", {"preset": "auction-pitch", "players": 3})
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=10,
        random_state=np.random.RandomState(2),
    )
    rng = random.Random(5)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            elif state.current_player() == 0:
                action = int(bot.step(state))
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.returns() == list(map(float, state.position.state.history[-1].score_changes))


def test_the_tensors_have_the_documented_layout() -> None:
    game = pyspiel.load_game("python_setback", {"preset": "setback"})
    state = _random_play(game, 6, stop=lambda s: len(s.history()) > 56)
    layout = setback.rl.observation_layout(Rules.setback())
    assert game.observation_tensor_size() == layout[-1].stop == 812
    assert game.information_state_tensor_size() == 812 + 55
    seat = state.current_player()
    tensor = np.asarray(state.observation_tensor(seat))
    hand = next(f for f in layout if f.name == "hand")
    held = np.flatnonzero(tensor[hand.start : hand.stop]).tolist()
    assert held == [card.index for card in state.position.state.hands[seat]]


@pytest.mark.parametrize("hands", [1, 2])
def test_a_capped_match_ends_on_its_last_hand(hands: int) -> None:
    """The terminal state of a match capped at `hands` shows its last hand and the
    scores, not the next hand, which the library has already dealt (issue 23)."""
    game = pyspiel.load_game("python_setback", {"hands": hands})
    state = _random_play(game, 3)
    library = state.position.state  # type: ignore[attr-defined]
    assert state.is_terminal() and not library.is_over  # type: ignore[attr-defined]
    plural = "" if hands == 1 else "s"
    scores = " ".join(map(str, library.scores))
    assert str(state) == (
        f"{format_hand(library.history[-1], Rules.setback())}\n"
        f"match over after {hands} hand{plural}: scores {scores}"
    )


@pytest.mark.parametrize("options", ["kitty:2", "kitty:3;draw:true"])
def test_a_kitty_rule_set_passes_random_sim_test(options: str) -> None:
    """RULES §7.7.1: the kitty's discard is taken with the table's `discard CARD` ids."""
    game = pyspiel.load_game("python_setback", {"preset": "trickster-4", "options": options})
    assert game.rules.kitty == int(options[6])
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("points", [7, 10, 11, 13])
def test_five_player_call_your_partner_passes_random_sim_test(points: int) -> None:
    """RULES §7.7.3: five seats, the call's ids (193 + card index), per-seat returns."""
    game = pyspiel.load_game("python_setback", {"preset": f"trickster-{points}", "players": 5})
    assert game.num_players() == 5 and game.rules.call_partner
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
