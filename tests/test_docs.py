"""Every Python example in README.md and docs/ runs; every public name is documented."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import setback
import setback.bots

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
    exec(compile(code, "<example>", "exec"), {"__name__": "__example__"})
    assert capsys.readouterr().out == expected


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 6


API_PAGES = sorted((ROOT / "docs" / "api").glob("*.md"))
"""The API reference's pages, one per task; docs/api.md is their index."""
PUBLIC = [f"setback.{name}" for name in setback.__all__] + [
    f"setback.bots.{name}" for name in setback.bots.__all__
]


def _rendered(page: Path) -> set[str]:
    """The objects a page renders: its `::: name` lines."""
    lines = page.read_text(encoding="utf-8").splitlines()
    return {line[4:].strip() for line in lines if line.startswith("::: ")}


@pytest.mark.parametrize("path", PUBLIC)
def test_public_name_is_on_an_api_page(path: str) -> None:
    """Every name of `setback.__all__` and `setback.bots.__all__` is rendered on one of
    the API pages by task (docs/api/*.md); `__version__` is on the index."""
    module, _, name = path.rpartition(".")
    value = getattr(importlib.import_module(module), name)
    if inspect.isclass(value) or inspect.isfunction(value):
        assert value.__doc__ and value.__doc__.strip(), path
    if name == "__version__":
        assert path in _rendered(ROOT / "docs" / "api.md")
        return
    pages = [page.name for page in API_PAGES if path in _rendered(page)]
    assert pages, f"{path} is on no API page: add '::: {path}' to one of docs/api/*.md"
    assert len(pages) == 1, f"{path} is on several API pages: {pages}"


def test_the_api_index_links_every_api_page() -> None:
    index = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert len(API_PAGES) >= 7
    for page in API_PAGES:
        assert f"(api/{page.name})" in index, page.name
        assert f"api/{page.name}" in nav, page.name


PUBLISHED = [
    *PAGES,
    ROOT / "CHANGELOG.md",
    ROOT / "mkdocs.yml",
    *sorted((ROOT / "src" / "setback").rglob("*.py")),
]
"""What readers get: the package's source (its docstrings and error messages), the docs
and the changelog the site includes."""
PRIVATE_REFERENCE = re.compile(r"§|\bRULES\b|\b(?:DESIGN|STYLE)\.md\b")
"""A citation of a document readers do not have: a section sign, the project's rules
notes, its design or style notes."""


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_reference_to_documents_readers_do_not_have(path: Path) -> None:
    """Docs, docstrings and messages say the rule itself (or link a page under
    docs/rules/), never 'RULES §4.2'."""
    text = path.read_text(encoding="utf-8")
    found = [
        f"line {number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        if PRIVATE_REFERENCE.search(line)
    ]
    assert found == []
