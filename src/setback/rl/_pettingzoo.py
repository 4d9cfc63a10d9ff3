"""The PettingZoo AEC environment: `env()` (wrapped, PettingZoo's classic conventions) and
`raw_env`."""

from __future__ import annotations

import random
import secrets
from typing import Any

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine import new_game
from ..errors import RulesError
from ..rules import PRESET_NAMES, Rules
from ..state import Phase
from ..views import observe
from ._observation import encode_observation, observation_bounds
from ._table import NUM_ACTIONS, Position, action_id, apply_id, legal_ids

__all__ = ["env", "make_rules", "raw_env"]


_ENV_OPTIONS = ("render_mode", "whole_game", "max_hands", "illegal_reward")


def make_rules(rules: Rules | str = "setback", **options: Any) -> Rules:
    """The rules an adapter plays: a `Rules` value as it is, or the preset of that name
    (`setback.rules.PRESET_NAMES`) with `options` (`players=` and any `Rules` option).

    Raises:
        RulesError: no preset has that name, an option is unknown or makes no game, or
            options were given with a `Rules` value.
        TypeError: `rules` is neither a `Rules` value nor a preset name.
    """
    return rules_from(rules, options, ())


def rules_from(rules: Rules | str, options: dict[str, Any], also: tuple[str, ...]) -> Rules:
    """`make_rules`, whose refusal of an unknown option also names the adapter's own
    options `also`."""
    if isinstance(rules, Rules):
        if options:
            raise RulesError(
                f"options {sorted(options)} go with a preset name; a Rules value already "
                "holds every option (use Rules.preset(name, **options))"
            )
        return rules
    if not isinstance(rules, str):
        raise TypeError(f"rules must be a Rules value or a preset name, not {rules!r:.60}")
    if rules not in PRESET_NAMES:
        raise RulesError(f"no preset {rules!r:.40}; presets are {', '.join(PRESET_NAMES)}")
    known = sorted({"players", *(f.name for f in attrs.fields(Rules) if f.init)})
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise RulesError(
            f"no such option: {', '.join(unknown)}; the rules' options are {', '.join(known)}"
            + (f" (and the adapter's {', '.join(also)})" if also else "")
        )
    options = dict(options)
    players = options.pop("players", None)
    return Rules.preset(rules, players, **options)


class raw_env(AECEnv):  # type: ignore[misc]
    """Setback as a PettingZoo AEC environment, without wrappers: an illegal action id
    raises `IllegalActionError` naming the id, its action and the legal ids.

    Agents are `player_0` ... `player_{n-1}` (seat numbers). Each observation is a dict:
    `observation`, the flat `float32` array of `setback.rl.observation_layout(rules)`,
    and `action_mask`, an `int8` array over the `NUM_ACTIONS` ids of `setback.rl.ACTIONS`
    (all 0 for a seat that is not to act).

    An episode is one hand (`whole_game=False`): every agent's reward is its side's score
    change when the hand ends. With `whole_game=True` an episode is a game: rewards come
    at the end of each hand, the episode ends when a side wins, and it is truncated after
    `max_hands` hands.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads the class attribute)
        "render_modes": ["ansi", "human"],
        "name": "setback_v0",
        "is_parallelizable": False,
    }
    """What PettingZoo reads about the environment: its render modes and its name."""

    def __init__(
        self,
        rules: Rules | str = "setback",
        *,
        render_mode: str | None = None,
        whole_game: bool = False,
        max_hands: int = 100,
        **options: Any,
    ) -> None:
        super().__init__()
        self.rules = rules_from(rules, options, _ENV_OPTIONS)
        """The rules played: `rules` (a `Rules` value or a preset's name) with `options`."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']} or None, "
                f"not {render_mode!r}"
            )
        if not isinstance(max_hands, int) or isinstance(max_hands, bool) or max_hands < 1:
            raise ValueError(f"max_hands must be a whole number of at least 1, not {max_hands!r}")
        self.render_mode = render_mode
        """How `render` shows the game: `"ansi"` (returns text), `"human"` (prints it) or
        None."""
        self.whole_game = bool(whole_game)
        """Whether an episode is a whole game (else one hand)."""
        self.max_hands = max_hands
        """With `whole_game`, the hands after which an episode is truncated."""
        players = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        """The agents, `player_0` to `player_{n-1}`, by seat."""
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = observation_bounds(self.rules)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        """Each agent's observation space: the observation array and the action mask."""
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}
        """Each agent's action space: `Discrete(NUM_ACTIONS)`."""
        self._rng = random.Random(secrets.randbits(64))
        self.position: Position | None = None
        """The episode's game as a `Position` (None before `reset`)."""
        self._ended = False

    def observation_space(self, agent: str) -> Any:
        """The observation space of `agent` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of `agent`: `Discrete(NUM_ACTIONS)`."""
        return self.action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The library's `GameState` of the episode (None before `reset`)."""
        return None if self.position is None else self.position.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: a new game, dealt from a seed drawn from the environment's
        generator (reseeded by `seed`), with a dealer drawn the same way."""
        if seed is not None:
            self._rng = random.Random(seed)
        game_seed = self._rng.getrandbits(64)
        dealer = self._rng.randrange(self.rules.players)
        self.position = Position(new_game(self.rules, seed=game_seed, dealer=dealer))
        self._ended = False
        self._hands = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.position is not None
        to_act = self.position.state.to_act
        if to_act is not None:
            self.agent_selection = self.possible_agents[to_act]

    def observe(self, agent: str) -> dict[str, Any]:
        """`agent`'s observation: the flat array and the action mask."""
        assert self.position is not None, "call reset() first"
        seat = self._seat[agent]
        state = self.position.state
        view = observe(state, seat)
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if self._ended:
            observation = encode_observation(view, hand_over=not state.is_over)
        else:
            pending = self.position.pending if state.to_act == seat else 0
            observation = encode_observation(view, pending)
            if state.to_act == seat:
                ids = (
                    list(legal_ids(self.position))
                    if state.phase is Phase.DISCARD
                    else [action_id(action) for action in view.legal_actions]
                )
                mask[ids] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """The agent to act takes action id `action` (None for an agent whose episode is over).

        Raises:
            IllegalActionError: the id is outside the table or not legal now.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.position is not None
        self._cumulative_rewards[agent] = 0.0
        before = self.position.state
        hands = len(before.history)
        self.position = apply_id(self.position, action)
        state = self.position.state
        self._clear_rewards()
        if len(state.history) > hands:
            changes = state.history[-1].score_changes
            side_of = self.rules.seat_sides
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = float(changes[side_of[seat]])
            self._hands += 1
            if state.is_over or not self.whole_game:
                self.terminations = dict.fromkeys(self.agents, True)
                self._ended = True
            elif self._hands >= self.max_hands:
                self.truncations = dict.fromkeys(self.agents, True)
                self._ended = True
        self._accumulate_rewards()
        if self._ended:
            self.infos = {
                name: {"scores": state.scores, "winner": state.winner} for name in self.agents
            }
            self._deads_step_first()
        else:
            self._select()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        """The game as the library's display text (`str(state)`); `human` prints it."""
        if self.position is None:
            return None
        return str(self.position.state)

    def close(self) -> None:
        """Nothing to release."""


def env(
    rules: Rules | str = "setback",
    *,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    **options: Any,
) -> Any:
    """The Setback environment with PettingZoo's classic wrappers: an illegal action id
    ends the episode with `illegal_reward` to the offender (default: minus one more than
    the highest contract, worse than any hand) and 0 to the others; an id outside the
    table, or an action other than None for an agent whose episode is over, fails the
    way PettingZoo's tests expect; the order of calls is enforced.

    Args:
        rules: a `Rules` value, or a preset name (`setback.rules.PRESET_NAMES`).
        render_mode: None, "ansi" (render returns the text) or "human" (prints it).
        illegal_reward: the offender's reward for an illegal action id.
        **options: `whole_game`, `max_hands`, and with a preset name `players` and any
            `Rules` option (e.g. `target=11`).

    Raises:
        RulesError: an unknown preset or option, or options that make no game.
    """
    raw = raw_env(rules, render_mode=render_mode, **options)
    penalty = -(raw.rules.max_bid + 1.0) if illegal_reward is None else float(illegal_reward)
    wrapped: Any = wrappers.TerminateIllegalWrapper(raw, illegal_reward=penalty)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
