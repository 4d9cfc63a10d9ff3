"""Every Python example in README.md and docs/ runs; every public name is documented."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import setback

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"```python\n(.*?)```(?:\n\n```text\n(.*?)```)?", re.DOTALL)
EXAMPLES = [
    pytest.param(code, expected, id=f"{page.relative_to(ROOT)}#{n}")
    for page in PAGES
    for n, (code, expected) in enumerate(BLOCK.findall(page.read_text(encoding="utf-8")))
]


@pytest.mark.parametrize(("code", "expected"), EXAMPLES)
def test_example_runs_and_prints_what_the_page_shows(
    code: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each Python block runs; what it prints is exactly the `text` block after it."""
    _skip_without_imports(code)
    exec(compile(code, "<example>", "exec"), {"__name__": "__example__"})
    assert capsys.readouterr().out == expected


def _skip_without_imports(code: str) -> None:
    """Skip a block that imports a module of an optional extra that is not installed."""
    for name in re.findall(r"^\s*(?:from|import) ([\w.]+)", code, re.MULTILINE):
        try:
            importlib.import_module(name)
        except ImportError as error:
            pytest.skip(f"needs {name}: {error}")


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("name", setback.__all__)
def test_public_name_is_documented(name: str) -> None:
    value = getattr(setback, name)
    if inspect.isclass(value) or inspect.isfunction(value):
        assert value.__doc__ and value.__doc__.strip(), name
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert f"::: setback.{name}" in api or name == "__version__", f"{name} missing from api.md"
