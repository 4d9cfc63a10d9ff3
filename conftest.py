"""Collection rules for the whole checkout: the modules of an optional extra are not
imported for their doctests where the extra is not installed."""

from __future__ import annotations

import importlib.util


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(module) is None for module in modules)


collect_ignore_glob: list[str] = []
if _missing("numpy", "pettingzoo", "gymnasium", "pyspiel"):
    collect_ignore_glob.append("*/setback/rl/*")
