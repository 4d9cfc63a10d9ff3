"""The core never needs an extra: `import setback` loads no numpy, and `setback.rl` says
which extra it needs when one of its packages is missing."""

from __future__ import annotations

import subprocess
import sys


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )


def test_importing_setback_loads_no_extra() -> None:
    done = _run(
        "import sys, setback; from setback import bots; "
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'pyspiel', 'gymnasium') "
        "if m in sys.modules))"
    )
    assert done.stdout.strip() == "[]", done.stderr


def test_setback_rl_names_the_extra_when_a_package_is_missing() -> None:
    done = _run("import sys; sys.modules['pettingzoo'] = None; import setback.rl")
    assert "ImportError: setback.rl needs the extra 'rl'" in done.stderr
    assert "pip install '.[rl]' from a checkout, 'setback[rl]' once released" in done.stderr
