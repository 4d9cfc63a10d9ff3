"""Reinforcement learning adapters (the extra `setback[rl]`): a PettingZoo environment, the
action-id table and the observation layout; `setback.rl.openspiel` registers the
OpenSpiel game `python_setback`.

    >>> import setback.rl
    >>> e = setback.rl.env("auction-pitch", players=3)
    >>> e.reset(seed=1)
    >>> e.agent_selection
    'player_1'
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - the extra is installed in the extras run
    raise ImportError(
        f"setback.rl needs the extra 'rl' (numpy, pettingzoo, open_spiel): "
        f"pip install '.[rl]' from a checkout, 'setback[rl]' once released "
        f"({error.name} is missing)"
    ) from error

from ._observation import ObservationField, encode_observation, observation_layout
from ._pettingzoo import env, make_rules, raw_env
from ._table import ACTIONS, NUM_ACTIONS, Position, action_id, apply_id, legal_ids

__all__ = [
    "ACTIONS",
    "NUM_ACTIONS",
    "ObservationField",
    "Position",
    "action_id",
    "apply_id",
    "encode_observation",
    "env",
    "legal_ids",
    "make_rules",
    "observation_layout",
    "raw_env",
]
