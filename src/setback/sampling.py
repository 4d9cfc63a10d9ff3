"""Deprecated import path: `setback.sampling` moved to `setback.bots.sampling` (its public names are
also in `setback` itself). Importing this module warns; it goes in a later version."""

import warnings

from .bots.sampling import *  # noqa: F403
from .bots.sampling import __all__ as __all__

warnings.warn(
    "setback.sampling is deprecated: import from setback.bots.sampling (or setback)",
    DeprecationWarning,
    stacklevel=2,
)
