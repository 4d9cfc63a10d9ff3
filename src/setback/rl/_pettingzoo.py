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
from pettingzoo.utils.env_logger import EnvLogger

from ..engine import legal_actions, new_game
from ..errors import RulesError, shown
from ..rules import PRESET_NAMES, Rules
from ..state import MAX_HANDS, GameState, Phase
from ._observation import encode_state, observation_bounds
from ._table import (
    NUM_ACTIONS,
    PLAY_BASE,
    Position,
    action_id,
    apply_id,
    apply_id_given,
    discard_masks,
    legal_ids_given,
)

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
    known = sorted({"players", "trumps_only", *(f.name for f in attrs.fields(Rules) if f.init)})
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
    `max_hands` hands (1 to `setback.MAX_HANDS`, the most a game holds).
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
        if (
            not isinstance(max_hands, int)
            or isinstance(max_hands, bool)
            or not 1 <= max_hands <= MAX_HANDS
        ):
            raise ValueError(
                f"max_hands must be a whole number from 1 to MAX_HANDS ({MAX_HANDS}), "
                f"not {shown(max_hands)}"
            )
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
        self._legal_at: Position | None = None
        self._legal_ids: list[int] = []
        self._discards_at: GameState | None = None
        self._discard_masks: list[int] = []
        self._memo: list[Any] = []  # encode_state's bits of the auction and finished tricks

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
        """`agent`'s observation: the flat array and the action mask (fresh arrays each
        call, built from the state only when asked)."""
        assert self.position is not None, "call reset() first"
        seat = self._seat[agent]
        position = self.position
        state = position.state
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if self._ended:
            observation = encode_state(state, seat, hand_over=not state.is_over, memo=self._memo)
        elif state.to_act == seat:
            observation = encode_state(state, seat, position.pending, memo=self._memo)
            mask[self._legal(position)] = 1
        else:
            observation = encode_state(state, seat, memo=self._memo)
        return {"observation": observation, "action_mask": mask}

    def _legal(self, position: Position) -> list[int]:
        """The legal ids of the seat to act at `position` (remembered for that position)."""
        if position is not self._legal_at:
            state = position.state
            phase = state.phase
            if phase is Phase.PLAY:  # every action a Play: its id read off its card
                plays = legal_actions(state)
                self._legal_ids = [PLAY_BASE + a.card.index for a in plays]  # type: ignore[union-attr]
            elif phase is Phase.DISCARD:
                self._legal_ids = list(legal_ids_given(position, self._discards(state)))
            else:
                self._legal_ids = [action_id(action) for action in legal_actions(state)]
            self._legal_at = position
        return self._legal_ids

    def _discards(self, state: GameState) -> list[int]:
        """The legal discards of `state` as bit sets, remembered while the seat to act
        picks its cards one step at a time (the state stays the same meanwhile)."""
        if state is not self._discards_at:
            self._discard_masks = discard_masks(state)
            self._discards_at = state
        return self._discard_masks

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
        if before.phase is Phase.DISCARD:
            self.position = apply_id_given(self.position, action, self._discards(before))
        else:
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
    """The Setback environment with PettingZoo's classic wrappers (their behaviour, in
    one layer: an `OrderEnforcingWrapper` that also does what `AssertOutOfBoundsWrapper`
    and `TerminateIllegalWrapper` do, without their attribute look-ups): an illegal action id
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
    return _ClassicEnv(raw, penalty)


_GUARDED = ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos")
"""What PettingZoo's `OrderEnforcingWrapper` refuses to read before `reset`."""


def _forward(name: str) -> property:
    """A read of the raw environment's attribute `name`, refused before `reset` the way
    `OrderEnforcingWrapper` refuses it (one property instead of a `__getattr__` chain)."""

    def read(self: _ClassicEnv) -> Any:
        if not self._has_reset and name in _GUARDED:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    return property(read)


class _ClassicEnv(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's classic wrappers, `TerminateIllegalWrapper`, `AssertOutOfBoundsWrapper`
    and `OrderEnforcingWrapper`, as one layer with the same behaviour: the stack reads
    every attribute through three `__getattr__` calls and rebuilds the observation to
    check a move; this layer reads the raw environment's attributes directly and checks
    a move against the legal ids of the position."""

    def __init__(self, raw: raw_env, illegal_reward: float) -> None:
        super().__init__(raw)
        self._raw = raw
        self._illegal_value = illegal_reward
        self._terminated = False  # ended by an illegal move

    agents = _forward("agents")
    agent_selection = _forward("agent_selection")
    rewards = _forward("rewards")
    terminations = _forward("terminations")
    truncations = _forward("truncations")
    infos = _forward("infos")
    _cumulative_rewards = _forward("_cumulative_rewards")

    def __str__(self) -> str:
        """The environment's name, as PettingZoo's stack gives it."""
        return str(self._raw)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode (see `raw_env.reset`)."""
        self._terminated = False
        super().reset(seed=seed, options=options)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to act's observation, cumulative reward, termination, truncation and
        info."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._raw.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        """The agent to act takes action id `action`; an illegal id ends the episode with
        the penalty to the offender (PettingZoo's `TerminateIllegalWrapper`)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
            return
        raw = self._raw
        if not raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = raw.agent_selection
        done = raw.terminations[agent] or raw.truncations[agent]
        if type(action) is int and 0 <= action < NUM_ACTIONS:
            inside = True
        else:
            inside = raw.action_spaces[agent].contains(action)
        assert (action is None and done) or inside, "action is not in action space"
        if done:
            if self._terminated:
                raw._was_dead_step(action)
            else:
                raw.step(action)
            return
        if type(action) is int and raw.position is not None:
            legal = action in raw._legal(raw.position)
        else:
            legal = bool(raw.observe(agent)["action_mask"][action])
        if legal:
            raw.step(action)
            return
        EnvLogger.warn_on_illegal_move()
        raw._cumulative_rewards[agent] = 0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.truncations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.truncations, 0)
        raw.rewards[agent] = float(self._illegal_value)
        raw._accumulate_rewards()
        raw._deads_step_first()
        self._terminated = True
