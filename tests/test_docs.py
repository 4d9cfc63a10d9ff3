"""Every Python example in README.md and docs/ runs; every public name is documented."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import setback
import setback.bots
from setback import DealerMatch, Rules
from setback.rules import PRESET_NAMES

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


API_PAGES = sorted((ROOT / "docs" / "api").glob("*.md"))
"""The API reference's pages, one per task; docs/api.md is their index."""
PUBLIC_MODULES = (
    "setback",
    "setback.bots",
    "setback.bots.batch",
    "setback.simulation",
    "setback.svg",
    "setback.arena",
    "setback.coach",
    "setback.rl",
    "setback.rl.openspiel",
)
"""The modules whose `__all__` is the public API (read from the source, so the optional
extras' modules need not be importable here)."""


def _exports(module: str) -> list[str]:
    """The names in `module.__all__`, read from its source."""
    path = ROOT / "src" / Path(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError(f"{module} has no __all__")


PUBLIC = list(
    dict.fromkeys(
        f"setback.{name}" if name in setback.__all__ else f"{module}.{name}"
        for module in PUBLIC_MODULES
        for name in _exports(module)
    )
)
"""Every public name, by the path the reference renders it under (a name `setback`
re-exports is rendered as `setback.name`)."""


def _rendered(page: Path) -> set[str]:
    """The objects a page renders: its `::: name` lines."""
    lines = page.read_text(encoding="utf-8").splitlines()
    return {line[4:].strip() for line in lines if line.startswith("::: ")}


def test_the_public_names_are_those_of_the_package() -> None:
    """The static reading of `__all__` agrees with the package's own."""
    assert _exports("setback") == setback.__all__
    assert _exports("setback.bots") == setback.bots.__all__


@pytest.mark.parametrize("path", PUBLIC)
def test_public_name_is_on_an_api_page(path: str) -> None:
    """Every public name (`__all__` of `setback`, `setback.bots`, `setback.simulation`,
    `setback.rl`, `setback.rl.openspiel`) is rendered on one of the API pages by task
    (docs/api/*.md); `__version__` is on the index. (Docstrings: test_api_docs.py.)"""
    if path == "setback.__version__":
        assert path in _rendered(ROOT / "docs" / "api.md")
        return
    pages = [page.name for page in API_PAGES if path in _rendered(page)]
    assert pages, f"{path} is on no API page: add '::: {path}' to one of docs/api/*.md"
    assert len(pages) == 1, f"{path} is on several API pages: {pages}"


def test_the_api_index_links_every_api_page() -> None:
    index = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert len(API_PAGES) >= 7
    rows = {
        line.split("](")[1].split(")")[0]: line for line in index.splitlines() if "](api/" in line
    }
    for page in API_PAGES:
        assert f"api/{page.name}" in rows, page.name
        assert f"api/{page.name}" in nav, page.name
        for path in _rendered(page) & set(PUBLIC):
            name = path.rpartition(".")[2]
            assert f"`{name}`" in rows[f"api/{page.name}"], (
                f"{name} missing from the index row of {page.name}"
            )


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


# --- docs/rules/presets.md --------------------------------------------------------------


def test_the_presets_page_shows_every_preset_as_it_is() -> None:
    """docs/rules/presets.md: one row per preset, in `PRESET_NAMES` order, whose pack,
    deal, T, bids, Smudge, dealer's match, Low and target are the preset's own (so the page
    cannot fall behind the code)."""
    page = (ROOT / "docs" / "rules" / "presets.md").read_text(encoding="utf-8")
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in page.splitlines()
        if line.startswith("| [`")
    ]
    names = [row[0].split("`")[1] for row in rows]
    assert names == list(PRESET_NAMES)
    for name, row in zip(names, rows, strict=True):
        rules = Rules.preset(name)
        pack, deal, total, bids, match, low, target = (row[i] for i in (3, 4, 8, 9, 10, 11, 13))
        assert int(pack) == len(rules.pack) and int(deal) == rules.deal, name
        assert int(total) == rules.total_points, name
        assert bids == f"{rules.min_bid}-{rules.max_plain_bid}" + (", Smudge" * rules.smudge)
        assert (match == "no") is (rules.dealer_match is DealerMatch.NONE), name
        assert low == rules.low_to.name.lower(), name
        assert int(target) == rules.target, name
        assert (row[5] == "declared") is rules.declares_trump, name
        assert (row[6] == "trumps only") is rules.trumps_only, name


# --- docs/guides/internals.md -----------------------------------------------------------


def test_the_internals_guide_quotes_each_signature_as_it_is() -> None:
    """Issue 51: a function the internals guide shows (`def name(...)` in a code block)
    takes the parameters the code's function of that name takes, in order (the guide's
    `open_cards` had lost `called`)."""
    page = (ROOT / "docs" / "guides" / "internals.md").read_text(encoding="utf-8")
    shown = [
        node
        for block in re.findall(r"```python\n(.*?)```", page, re.DOTALL)
        for node in ast.walk(ast.parse(block))
        if isinstance(node, ast.FunctionDef)
    ]
    assert shown, "the guide shows no function"
    # the package's module-level functions, read from the source (no import: some modules
    # need an optional extra)
    defined: dict[str, set[tuple[str, ...]]] = {}
    for path in (ROOT / "src" / "setback").rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef):
                defined.setdefault(node.name, set()).add(_parameters(node))
    for node in shown:
        assert defined.get(node.name) == {_parameters(node)}, node.name


def _parameters(node: ast.FunctionDef) -> tuple[str, ...]:
    """The names of a function's parameters, in order."""
    args = node.args
    star = [args.vararg] if args.vararg is not None else []
    stars = [args.kwarg] if args.kwarg is not None else []
    every = (*args.posonlyargs, *args.args, *star, *args.kwonlyargs, *stars)
    return tuple(arg.arg for arg in every)


# --- docstrings -------------------------------------------------------------------------

MEASUREMENT = re.compile(
    r"\d\s*(?:ms|µs|ns)\b|\d\s*s of CPU|milliseconds|(?:per|a) CPU second\b|callgrind"
    r"|\binstructions\b|hot path|\bslower\b|\bfaster than\b"
    r"|\btimes (?:faster|as much|a tuple)|\bcosts? (?:\w+ ){0,2}times\b",
    re.IGNORECASE,
)
"""A speed note: a time, an instruction count, the hot path, a speed-up."""


def _speed_notes(source: str) -> list[str]:
    """The lines of `source`'s docstrings (every bare string statement: modules, classes,
    functions, fields) that hold a speed note."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            continue
        text = node.value.value
        for offset, line in enumerate(text.splitlines() if isinstance(text, str) else ()):
            if MEASUREMENT.search(line):
                found.append((node.lineno + offset, line.strip()))
    return [f"line {number}: {line}" for number, line in sorted(found)]


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "src" / "setback").rglob("*.py")),
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_docstrings_say_what_not_how_fast(path: Path) -> None:
    """Issue 51, item 7: a docstring states what a value or function is; the figures that
    chose its shape (times, instruction counts) live in the internals guide ("What the
    shapes cost") or `benchmarks/`."""
    assert _speed_notes(path.read_text(encoding="utf-8")) == []


def test_the_speed_note_check_finds_each_kind() -> None:
    source = (
        '"""Module: 7 ms for a game."""\n'
        "def f():\n"
        '    """Costs about seven times a tuple\'s build (1.2% of the instructions)."""\n'
        'X = 1\n"""On the hot path."""\n'
        'Y = 2\n"""The bit set of one card; 95% of hands."""\n'
    )
    assert [note.split(":")[0] for note in _speed_notes(source)] == [
        "line 1",
        "line 3",
        "line 5",
    ]
