"""Collection rules for the whole checkout: the suite writes no bytecode (no `__pycache__`
in `src/` or `tests/`, in this process or the interpreters it starts), and the modules of an
optional extra are not imported for their doctests where the extra is not installed."""

from __future__ import annotations

import importlib.util
import os
import sys

sys.dont_write_bytecode = True  # read by every later import and by pytest's assertion rewriting
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"  # inherited by every subprocess and worker


def _missing(*modules: str) -> bool:
    return any(importlib.util.find_spec(module) is None for module in modules)


collect_ignore_glob: list[str] = []
if _missing("numpy", "pettingzoo", "gymnasium", "pyspiel"):
    collect_ignore_glob.append("*/setback/rl/*")
if _missing("numpy"):  # the batched engine's arrays (the extra `fast`)
    collect_ignore_glob.append("*/setback/bots/_batch_numpy.py")
