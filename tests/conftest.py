"""Shared test configuration."""

from __future__ import annotations

import setback


def pytest_report_header() -> str:
    """Say which installed copy of setback is under test (the checkout or a wheel)."""
    return f"setback {setback.__version__} from {setback.__file__}"
