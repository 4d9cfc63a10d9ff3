"""The PettingZoo environment of `setback.rl` (the extra `rl`)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("numpy")

import numpy as np
from pettingzoo.test import api_test, seed_test

import setback.rl
from setback import (
    MAX_HANDS,
    IllegalActionError,
    Phase,
    Rules,
    RulesError,
    apply_action,
    new_game,
    observe,
)
from setback.rl import ACTIONS, NUM_ACTIONS, action_id, observation_layout
from setback.rules import PRESET_NAMES

pytestmark = [
    pytest.mark.extras,
    # PettingZoo's api_test prefers Box observations; classic envs use dicts too.
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_passes_pettingzoos_api_and_seed_tests(preset: str) -> None:
    api_test(setback.rl.env(preset), num_cycles=200)
    seed_test(lambda: setback.rl.env(preset), num_cycles=200)


def test_whole_games_pass_the_api_test_too() -> None:
    api_test(setback.rl.env("auction-pitch", players=3, whole_game=True, max_hands=5), 200)


def _play(env: object, seed: int, choose: np.random.Generator) -> list[tuple[int, float]]:
    """Random legal ids to the end of the episode: (id, reward) per step."""
    trace = []
    env.reset(seed=seed)  # type: ignore[attr-defined]
    for _agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, done, cut, _ = env.last()  # type: ignore[attr-defined]
        if done or cut:
            trace.append((-1, reward))
            env.step(None)  # type: ignore[attr-defined]
            continue
        action = int(choose.choice(np.flatnonzero(obs["action_mask"])))
        trace.append((action, reward))
        env.step(action)  # type: ignore[attr-defined]
    return trace


def test_a_seed_replays_the_episode() -> None:
    first = _play(setback.rl.raw_env("smear"), 5, np.random.default_rng(1))
    again = _play(setback.rl.raw_env("smear"), 5, np.random.default_rng(1))
    other = _play(setback.rl.raw_env("smear"), 6, np.random.default_rng(1))
    assert first == again
    assert first != other


@pytest.mark.parametrize(
    ("preset", "sides"),
    [("setback", [0, 1, 0, 1]), ("six", [0, 1, 2, 0, 1, 2]), ("auction-pitch", [0, 1, 2, 3])],
)
def test_the_reward_is_the_score_change_of_the_agents_side(preset: str, sides: list[int]) -> None:
    env = setback.rl.raw_env(preset)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    while not any(env.terminations.values()):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    changes = env.game_state.history[-1].score_changes
    assert [env._cumulative_rewards[f"player_{seat}"] for seat in range(len(sides))] == [
        changes[side] for side in sides
    ]


def test_a_whole_game_is_truncated_after_max_hands() -> None:
    env = setback.rl.raw_env("setback", whole_game=True, max_hands=3, target=10**6)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    while not any(env.truncations.values()):
        assert not any(env.terminations.values())
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(env.game_state.history) == 3


def test_max_hands_is_at_most_what_a_game_holds() -> None:
    """Beyond `MAX_HANDS` the game itself refuses the next hand: the episode could never be
    truncated there, so such a `max_hands` is refused when the environment is made."""
    setback.rl.raw_env("setback", whole_game=True, max_hands=MAX_HANDS)
    for bad in (0, MAX_HANDS + 1, True, 2.0):
        with pytest.raises(ValueError, match="max_hands must be a whole number from 1 to"):
            setback.rl.raw_env("setback", whole_game=True, max_hands=bad)


def test_raw_env_names_the_id_its_action_and_the_legal_ones() -> None:
    env = setback.rl.raw_env("setback")
    env.reset(seed=3)
    with pytest.raises(IllegalActionError) as caught:
        env.step(action_id("play 2C"))
    message = str(caught.value)
    assert "action id 81 (play 2C)" in message
    assert "legal now: 0 (pass), 2 (bid 2), 3 (bid 3), 4 (bid 4), 21 (smudge)" in message


def test_an_id_outside_the_table_is_refused() -> None:
    raw = setback.rl.raw_env("setback")
    raw.reset(seed=3)
    with pytest.raises(IllegalActionError, match="ids are 0 to 263"):
        raw.step(NUM_ACTIONS)
    wrapped = setback.rl.env("setback")
    wrapped.reset(seed=3)
    with pytest.raises(AssertionError, match="action space"):
        wrapped.step(NUM_ACTIONS)


def test_an_illegal_id_ends_the_episode_with_the_penalty_to_the_offender() -> None:
    env = setback.rl.env("setback")
    env.reset(seed=3)
    offender = env.agent_selection
    env.step(action_id("play 2C"))
    assert all(env.terminations.values())
    rewards = {agent: env._cumulative_rewards[agent] for agent in env.agents}
    assert rewards.pop(offender) == -6.0  # one worse than losing a Smudge
    assert set(rewards.values()) == {0}
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)


def test_unknown_presets_and_options_are_refused_naming_the_known_ones() -> None:
    with pytest.raises(RulesError, match="presets are setback, auction-pitch, cutthroat"):
        setback.rl.env("pinochle")
    with pytest.raises(RulesError, match="no such option: colour; the rules' options are all_pass"):
        setback.rl.env("setback", colour="red")
    with pytest.raises(RulesError, match="go with a preset name"):
        setback.rl.env(Rules.setback(), target=11)


def test_every_action_of_every_rule_set_has_one_id() -> None:
    assert len(ACTIONS) == len(set(ACTIONS)) == NUM_ACTIONS == 264
    texts = ("pass", "bid 10", "bid 20", "smudge", "trump S", "shoot", "bid 21", "bid 36")
    assert [action_id(text) for text in texts] == [0, 10, 20, 21, 80, 192, 193, 208]
    assert [ACTIONS[i] for i in (20, 21, 192, 193, 208)] == [
        "bid 20",
        "smudge",
        "shoot",
        "bid 21",
        "bid 36",
    ]
    assert ACTIONS[action_id("pitch BJ")] == "pitch BJ"
    assert ACTIONS[action_id("play JK")] == "play JK"


def test_a_discard_is_one_card_per_step_and_submitted_when_complete() -> None:
    """Six players discard exactly two cards: two steps, the second submits."""
    rules = Rules.preset("six")
    position = setback.rl.Position(new_game(rules, seed=4))
    while position.state.phase is not Phase.DISCARD:
        position = setback.rl.apply_id(position, setback.rl.legal_ids(position)[-1])
    seat = position.state.to_act
    first, second = position.state.hands[seat][:2]
    position = setback.rl.apply_id(position, action_id("play " + str(first)) + 55)
    assert position.state.to_act == seat and position.pending == 1 << first.index
    position = setback.rl.apply_id(position, 136 + second.index)
    assert position.pending == 0
    assert position.state.discards[seat] == (first, second)


def test_the_draw_submits_with_discard_done() -> None:
    rules = Rules.setback(draw=True)
    position = setback.rl.Position(new_game(rules, seed=2))
    while position.state.phase is not Phase.DISCARD:
        position = setback.rl.apply_id(position, setback.rl.legal_ids(position)[0])
    seat = position.state.to_act
    legal = setback.rl.legal_ids(position)
    assert legal[-1] == action_id("discard done")  # a discard of nothing is legal
    card_id = legal[0]
    position = setback.rl.apply_id(position, card_id)
    assert position.state.to_act == seat
    position = setback.rl.apply_id(position, action_id("discard done"))
    assert position.state.discards[seat] == (setback.CARDS[card_id - 136],)
    assert position.state.hand_state.discarded[seat] == 1 << (card_id - 136)


def test_an_illegal_discard_step_names_the_rule() -> None:
    position = setback.rl.Position(new_game(Rules.preset("six"), seed=4))
    while position.state.phase is not Phase.DISCARD:
        position = setback.rl.apply_id(position, setback.rl.legal_ids(position)[-1])
    with pytest.raises(IllegalActionError, match="not a legal discard"):
        setback.rl.apply_id(position, action_id("discard done"))
    with pytest.raises(IllegalActionError, match="one 'discard CARD' id per card"):
        setback.rl.apply_id(position, 0)


def _field(rules: Rules, name: str) -> slice:
    field = next(f for f in observation_layout(rules) if f.name == name)
    return slice(field.start, field.stop)


def test_the_observation_shows_the_own_hand_and_nothing_hidden() -> None:
    rules = Rules.setback()
    hands = ["2C 3C 4C 5C 6C 7C", "8C 9C 10C JC QC KC", "AC 2D 3D 4D 5D 6D", "7D 8D 9D 10D JD QD"]
    swapped = [hands[0], hands[3], hands[2], hands[1]]
    one = new_game(rules, seed=1, hands=hands)
    two = new_game(rules, seed=1, hands=swapped)
    obs_one = setback.rl.encode_observation(observe(one, 0))
    obs_two = setback.rl.encode_observation(observe(two, 0))
    assert np.array_equal(obs_one, obs_two)
    assert np.flatnonzero(obs_one[_field(rules, "hand")]).tolist() == [0, 1, 2, 3, 4, 5]
    assert obs_one.dtype == np.float32 and obs_one.shape == (812,)


def test_played_cards_are_recorded_by_seat() -> None:
    rules = Rules.setback()
    state = new_game(rules, seed=7)
    while state.phase is Phase.BIDDING:
        state = apply_action(state, "pass" if state.to_act != state.dealer else "bid 2")
    card = state.hands[state.to_act][0]
    leader = state.to_act
    state = apply_action(state, f"play {card}")
    obs = setback.rl.encode_observation(observe(state, 0))
    played = obs[_field(rules, "played")].reshape(4, 55)
    assert np.flatnonzero(played).tolist() == [leader * 55 + card.index]
    assert obs[_field(rules, "trump")].tolist() == [float(s == card.suit) for s in range(4)]


def test_dom_pedros_observation_has_slots_for_bids_to_36() -> None:
    """Dom Pedro (T = 36) widens a seat's call to pass, bid 1 to 36, smudge or shoot, pitch
    and the contract to 1 to 37; every other preset keeps the 20-bid layout (812 numbers
    in the partnership game)."""
    rules = Rules.dom_pedro()
    assert [f.size for f in observation_layout(rules) if f.name in ("calls", "contract")] == [
        4 * 39,
        37,
    ]
    sancho = observation_layout(Rules.pedro_sancho())
    assert observation_layout(rules)[-1].stop == sancho[-1].stop + 4 * 16 + 16 == 896
    assert observation_layout(Rules.setback())[-1].stop == 812
    state = new_game(rules, seed=2, dealer=3)
    for call in ("bid 30", "pass", "pass", "pass"):
        state = apply_action(state, call)
    obs = setback.rl.encode_observation(observe(state, 1))
    calls = obs[_field(rules, "calls")].reshape(4, 39)
    assert [np.flatnonzero(row).tolist() for row in calls] == [[30], [0], [0], [0]]
    assert np.flatnonzero(obs[_field(rules, "contract")]).tolist() == [29]


def test_the_layout_covers_the_array_field_after_field() -> None:
    layout = observation_layout(Rules.preset("six"))
    assert [f.start for f in layout[1:]] == [f.stop for f in layout[:-1]]
    assert layout[-1].stop == len(
        setback.rl.encode_observation(observe(new_game(Rules.preset("six"), seed=1), 0))
    )


def test_ansi_renders_the_librarys_text() -> None:
    env = setback.rl.env("setback", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == str(env.unwrapped.game_state)


def test_each_seats_call_is_one_hot() -> None:
    rules = Rules.setback()
    state = new_game(rules, seed=7, dealer=3)
    state = apply_action(state, "pass")
    state = apply_action(state, "bid 3")
    obs = setback.rl.encode_observation(observe(state, 2))
    calls = obs[_field(rules, "calls")].reshape(4, 23)
    assert np.flatnonzero(calls[0]).tolist() == [0]  # pass
    assert np.flatnonzero(calls[1]).tolist() == [3]  # bid 3
    assert not calls[2:].any()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_action_mask_is_exactly_the_legal_ids(preset: str) -> None:
    env = setback.rl.raw_env(preset, whole_game=True, max_hands=3)
    env.reset(seed=11)
    rng = np.random.default_rng(2)
    while not any(env.terminations.values()) and not any(env.truncations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = setback.rl.legal_ids(env.position)
        assert np.flatnonzero(mask).tolist() == list(legal)
        env.step(int(rng.choice(legal)))


def _trace(env: object, seed: int, rng: np.random.Generator) -> list[object]:
    """Everything an agent sees along an episode of mostly legal, sometimes illegal ids."""
    out: list[object] = []
    env.reset(seed=seed)  # type: ignore[attr-defined]
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, done, cut, info = env.last()  # type: ignore[attr-defined]
        out.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes()))
        out.append((reward, done, cut, info, dict(env.rewards)))  # type: ignore[attr-defined]
        if done or cut:
            env.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(obs["action_mask"])
        illegal = rng.random() < 0.03
        env.step(int(rng.integers(NUM_ACTIONS)) if illegal else int(rng.choice(legal)))  # type: ignore[attr-defined]
    return out


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("preset", ["setback", "smear"])
def test_env_behaves_as_pettingzoos_own_wrapper_stack(preset: str) -> None:
    """`env()` is one layer for speed; it must act exactly as PettingZoo's three wrappers."""
    from pettingzoo.utils import wrappers

    raw = setback.rl.raw_env(preset)
    stock = wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(
            wrappers.TerminateIllegalWrapper(raw, illegal_reward=-(raw.rules.max_bid + 1.0))
        )
    )
    ours = setback.rl.env(preset)
    for seed in range(12):
        assert _trace(ours, seed, np.random.default_rng(seed)) == _trace(
            stock, seed, np.random.default_rng(seed)
        )
    with pytest.raises(AttributeError, match="before reset"):
        _ = setback.rl.env(preset).agent_selection
    assert str(ours) == str(stock) == "setback_v0"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_envs_observation_is_the_encoded_player_view(preset: str) -> None:
    """The environment reads the observation straight from the state: it must be
    `encode_observation(observe(state, seat))` for every seat at every step."""
    env = setback.rl.raw_env(preset, whole_game=True, max_hands=2)
    env.reset(seed=4)
    rng = np.random.default_rng(3)
    while True:
        state, position = env.game_state, env.position
        ended = any(env.terminations.values()) or any(env.truncations.values())
        for seat, agent in enumerate(env.possible_agents):
            pending = position.pending if state.to_act == seat and not ended else 0
            expected = setback.rl.encode_observation(
                observe(state, seat), pending, hand_over=ended and not state.is_over
            )
            assert np.array_equal(env.observe(agent)["observation"], expected)
        if ended:
            break
        env.step(int(rng.choice(setback.rl.legal_ids(position))))


@pytest.mark.parametrize(
    "rules",
    [Rules.trickster(4, kitty=2), Rules.auction_pitch(players=3, kitty=4, draw=True)],
    ids=["trickster-4 kitty 2", "auction-pitch-3 kitty 4 draw"],
)
def test_a_kitty_rule_set_passes_pettingzoos_api_test(rules: Rules) -> None:
    api_test(setback.rl.env(rules), num_cycles=300)
    seed_test(lambda: setback.rl.env(rules), num_cycles=300)


def test_the_kittys_discard_is_taken_card_by_card_with_the_tables_ids() -> None:
    """RULES §7.7.1: the pitcher's discard after taking the kitty is two `discard CARD`
    steps, submitted by itself at the kitty's size (no new id)."""
    from setback import parse_cards

    deck = parse_cards(
        "KH QH 7H AS KS 2C QS JS 10C JH 5H KD 9C 4C 3D 5D 6D 8S JC 9D 7D QD 2S 3S AH 10H 3C 5C "
        "6C 7C 8C QC KC AC 2D 4D 8D 10D JD AD 2H 3H 4H 6H 8H 9H 4S 5S 6S 7S 9S 10S"
    )
    rules = Rules.trickster(4, kitty=2)
    position = setback.rl.Position(new_game(rules, deck=deck, dealer=3, seed=1))
    for text in ("bid 2", "pass", "pass", "pass", "trump H", "discard 4C"):
        position = setback.rl.apply_id(position, ACTIONS.index(text))
    assert position.state.phase is Phase.DISCARD and position.pending
    assert ACTIONS.index("discard done") not in setback.rl.legal_ids(position)  # two exactly
    position = setback.rl.apply_id(position, ACTIONS.index("discard 3D"))
    assert position.state.phase is Phase.PLAY
    assert position.state.discards[0] == tuple(sorted(parse_cards("4C 3D")))
    assert NUM_ACTIONS == 264


def test_the_discard_and_draw_is_taken_card_by_card_with_the_tables_ids() -> None:
    """RULES §7.3.11: `discard done` opens once three cards are chosen (six kept) and
    submits up to five; the sixth card submits by itself (three kept); no new id."""
    from setback import parse_cards

    deck = (
        "AS KS 5S QS 2S KH JS 7S 3S 10S 8S 4S 9D 7D 4C QH 10H 6D AH JH 4H 9H 7H 5H "
        "3C 8H 2H 5D 9C 8C AD KC 6C QD JD 2C 6S 10D AC 3H QC KD 9S 2D JC 6H 10C 8D 7C 4D 3D 5C"
    )
    position = setback.rl.Position(new_game(Rules.trickster(9), deck=deck.split(), dealer=3))
    for text in ("bid 5", "pass", "pass", "pass", "trump S"):
        position = setback.rl.apply_id(position, ACTIONS.index(text))
    done = ACTIONS.index("discard done")
    for count, card in enumerate(("QH", "6D", "5D", "9C"), 1):  # Ben
        assert (done in setback.rl.legal_ids(position)) is (count > 3)
        position = setback.rl.apply_id(position, ACTIONS.index(f"discard {card}"))
    position = setback.rl.apply_id(position, done)  # four thrown, two drawn
    assert position.state.to_act == 2 and len(position.state.hands[1]) == 6
    for card in ("JH", "4H", "KC", "6C", "AD", "AH"):  # Carla throws six: submitted at once
        position = setback.rl.apply_id(position, ACTIONS.index(f"discard {card}"))
    assert position.state.to_act == 3 and position.pending == 0
    assert position.state.discards[2] == tuple(sorted(parse_cards("JH 4H KC 6C AD AH")))
    assert NUM_ACTIONS == 264


def test_call_your_partner_passes_pettingzoos_api_test_with_the_call_ids() -> None:
    """RULES §7.7.3: the calls are ids 209 + card index, after every older id; the
    observation names the called card to all and the partner only once he may be known."""
    rules = Rules.trickster(10, players=5)
    api_test(setback.rl.env(rules), num_cycles=300)
    assert ACTIONS[209] == "call 2C" and ACTIONS[209 + 51] == "call AS"
    assert setback.rl.action_id("call AS") == 260 and ACTIONS[-1] == "call JK"
    from setback.rl import observation_layout

    names = [field.name for field in observation_layout(rules)]
    assert names[-2:] == ["called", "partner"]
    assert "called" not in [field.name for field in observation_layout(Rules.trickster(10))]
