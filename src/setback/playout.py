"""Deprecated import path: `setback.playout` moved to `setback.bots.playout` (its public names are
also in `setback` itself). Importing this module warns; it goes in a later version."""

import warnings

from .bots.playout import *  # noqa: F403
from .bots.playout import __all__ as __all__

warnings.warn(
    "setback.playout is deprecated: import from setback.bots.playout (or setback)",
    DeprecationWarning,
    stacklevel=2,
)
