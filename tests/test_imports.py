"""The package's import graph: no cycle, `TYPE_CHECKING` imports and imports inside
functions included (issues 21 and 41).

Every `import` of a module of `setback` by another, at module level, under
`if TYPE_CHECKING:` or inside a function, is an arrow; the arrows must form no cycle, so
every module can be read (and imported) after the modules it names. The display hooks
(`_repr_svg_`, `__str__` of the state, its tricks and finished hands, and the views) import
the pictures and the words inside the method; the pictures and the words read those
values by their shapes (`setback._shapes`) and import none of the modules that call them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import setback

ROOT = Path(setback.__file__).resolve().parent

DISPLAY = ("setback.svg", "setback.text")
"""The pictures and the words, which the display hooks import inside their methods."""
HOOKED = ("setback.state", "setback.views", "setback.scoring")
"""The modules whose values show themselves through the display (the state, the views),
and scoring, which builds the state's finished hands: the display must not need them."""


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_name(path): path for path in ROOT.rglob("*.py")}


def _target(module: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, *([name] if name else [])])


def _imports(module: str, path: Path, modules: dict[str, Path]) -> tuple[set[str], set[str]]:
    """The setback modules `module` imports at module level (or under TYPE_CHECKING), and
    those it imports inside functions."""
    tree = ast.parse(path.read_text())
    package = path.name == "__init__.py"
    top: set[str] = set()
    lazy: set[str] = set()

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = inside or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            names: list[str] = []
            if isinstance(child, ast.Import):
                names = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = _target(module, package, child.level, child.module)
                names = [base]
                names += [f"{base}.{alias.name}" for alias in child.names]
            for name in names:
                if name in modules and name != module:
                    (lazy if nested else top).add(name)
            visit(child, nested)

    visit(tree, False)
    return top, lazy


def _graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    modules = _modules()
    graph, lazy = {}, {}
    for module, path in modules.items():
        graph[module], lazy[module] = _imports(module, path, modules)
    return graph, lazy


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def walk(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = walk(target)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = walk(module)
            if found:
                return found
    return None


def test_the_import_graph_has_no_cycle() -> None:
    graph, _ = _graph()
    assert len(graph) > 30  # every module was found
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_imports_inside_functions_make_no_cycle_either() -> None:
    """With the imports inside functions added (the display hooks'), the graph has no cycle
    either: no module waits, even lazily, on a module that needs it."""
    graph, lazy = _graph()
    every = {module: graph[module] | lazy[module] for module in graph}
    assert any(lazy[module] & set(DISPLAY) for module in HOOKED)  # the hooks are seen
    assert _cycle(every) is None, " -> ".join(_cycle(every) or [])


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


def test_the_display_needs_none_of_the_values_it_shows() -> None:
    """Issue 41: `setback.svg` and `setback.text` import neither the state, the views nor
    scoring, at module level, under TYPE_CHECKING or inside a function, nor any module that
    does: they read a state, a view, a trick and a finished hand by their shapes."""
    graph, lazy = _graph()
    every = {module: graph[module] | lazy[module] for module in graph}
    for module in DISPLAY:
        needed = _reach(every, module)
        assert not needed & set(HOOKED), (module, sorted(needed & set(HOOKED)))
    assert "setback.cards" in _reach(every, "setback.svg")  # the walk reaches down


def test_the_display_tells_each_shape_from_the_others() -> None:
    """The display's kind tests (`setback._shapes`) take each of the four classes it reads
    for its own shape and for no other (so `view_svg(state)` is a TypeError)."""
    from setback import Rules, apply_action, new_game, observe
    from setback._shapes import is_result, is_state, is_trick, is_view

    state = new_game(Rules.setback(), seed=7)
    for action in ("bid 2", "pass", "pass", "pass", "play 2C"):
        state = apply_action(state, action)
    while not state.history:
        state = apply_action(state, setback.legal_actions(state)[0])
    values = {
        "trick": state.history[-1].tricks[0],
        "result": state.history[-1],
        "state": state,
        "view": observe(state, 1),
    }
    tests = {"trick": is_trick, "result": is_result, "state": is_state, "view": is_view}
    for kind, value in values.items():
        assert {name for name, test in tests.items() if test(value)} == {kind}, kind
    assert not any(test(None) or test("KS") for test in tests.values())


def test_rules_import_nothing_of_the_engine() -> None:
    """Issue 21: `Rules` is plain data: `rules.py` reads only the card model, the points,
    the options and the errors."""
    graph, lazy = _graph()
    allowed = {
        "setback.cards",
        "setback.errors",
        "setback.options",
        "setback.points",
        "setback.trumps",
    }
    assert graph["setback.rules"] <= allowed and not lazy["setback.rules"]


def test_the_old_import_paths_are_gone() -> None:
    """Issue 51: the deprecated aliases `setback.playout` and `setback.sampling` (moved to
    `setback.bots` by issue 21) are removed; the kernel and the sampler live in
    `setback.bots` only."""
    import importlib.util

    assert importlib.util.find_spec("setback.playout") is None
    assert importlib.util.find_spec("setback.sampling") is None
    assert importlib.util.find_spec("setback.bots.playout") is not None
    assert importlib.util.find_spec("setback.bots.sampling") is not None


TYPED_BUILDERS = {("setback.state", "_setup_of"), ("setback.state", "core_of")}
"""The only places a value may be built by `tuple.__new__`: the hand core's setup, whose
callers slice the setup around the fields they set (`state._setup_of`), and the hand core
itself (`state.core_of`), each from a tuple of its fields' types that `mypy` checks."""


def _built_behind_constructors(tree: ast.AST) -> list[tuple[int, str, str | None]]:
    """Each `object.__setattr__`, `object.__new__` and `tuple.__new__` of `tree`: its line,
    the call, and the module-level name it is assigned to (None inside anything else)."""
    owner: dict[ast.AST, str] = {}
    for statement in getattr(tree, "body", []):
        targets = [statement.target] if isinstance(statement, ast.AnnAssign) else []
        targets += statement.targets if isinstance(statement, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Name):
                for node in ast.walk(statement):
                    owner[node] = target.id
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ("__setattr__", "__new__")
            and isinstance(node.value, ast.Name)
            and node.value.id in ("object", "tuple")
            and not (node.value.id == "tuple" and node.attr == "__setattr__")
        ):
            found.append((node.lineno, f"{node.value.id}.{node.attr}", owner.get(node)))
    return found


def test_no_value_is_built_or_changed_behind_attrs_back() -> None:
    """Values are built through their own constructors: no module calls
    `object.__setattr__` or `object.__new__` (attrs' generated code does, inside attrs),
    nor `tuple.__new__` (a named tuple built positionally, unchecked) but the hand core's
    two typed builders (`TYPED_BUILDERS`)."""
    found = []
    for module, path in _modules().items():
        for line, call, owner in _built_behind_constructors(ast.parse(path.read_text())):
            if call == "tuple.__new__" and (module, owner) in TYPED_BUILDERS:
                continue
            found.append(f"{module}:{line}: {call}")
    assert not found, found


def test_the_builder_walk_finds_each_build_behind_a_constructor() -> None:
    source = (
        "import functools\n"
        "built = functools.partial(tuple.__new__, Setup)\n"
        "def f(x):\n"
        "    object.__setattr__(x, 'a', 1)\n"
        "    return object.__new__(Setup), tuple.__new__(Setup, (1, 2))\n"
    )
    assert _built_behind_constructors(ast.parse(source)) == [
        (2, "tuple.__new__", "built"),
        (4, "object.__setattr__", None),
        (5, "object.__new__", None),
        (5, "tuple.__new__", None),
    ]


def _private_uses(module: str, source: str, package: bool, modules: set[str]) -> list[str]:
    """Each private name (one leading underscore) `module` takes from another module of
    `modules`: imported by name (`from .text import _translation`) or read through a
    module it imported (`levels._Configured`); `line: module.name` each."""
    tree = ast.parse(source)
    found = []
    aliases: dict[str, str] = {}  # a local name bound to a module of the package
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    aliases[alias.asname or alias.name.partition(".")[0]] = (
                        alias.name if alias.asname else alias.name.partition(".")[0]
                    )
        elif isinstance(node, ast.ImportFrom):
            base = _target(module, package, node.level, node.module)
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    aliases[alias.asname or alias.name] = f"{base}.{alias.name}"
                elif base in modules and _private(alias.name):
                    found.append(f"{node.lineno}: {base}.{alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            path, value = [], node.value
            while isinstance(value, ast.Attribute):
                path.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in aliases:
                owner = ".".join([aliases[value.id], *reversed(path)])
                taken = f"{owner}.{node.attr}"
                if owner in modules and owner != module and taken not in modules:
                    found.append(f"{node.lineno}: {taken}")
    return sorted(found)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_takes_another_modules_private_name() -> None:
    """Issue 51, item 5: a name used by another module is public in the module that owns
    it (no leading underscore; it need not be in `__all__`). Importing public names from
    the package's internal modules (`bots/_base.py`) is fine; a private name of any other
    module, internal or not, is not."""
    modules = _modules()
    found = [
        f"{module}:{use}"
        for module, path in modules.items()
        for use in _private_uses(module, path.read_text(), path.name == "__init__.py", {*modules})
    ]
    assert not found, found


def test_the_private_name_walk_finds_each_kind_of_use() -> None:
    source = (
        "import setback.text\n"
        "from . import levels as _levels\n"
        "from ..text import LANGUAGES, _translation, __doc__\n"
        "from ._table import NUM_ACTIONS, _apply_id\n"
        "def f(self):\n"
        "    self._x = _levels._Configured, setback.text._hand_order, _levels.parse_spec\n"
        "    return setback._marks.N_, _levels.__name__\n"
    )
    modules = {
        "setback",
        "setback._marks",
        "setback.text",
        "setback.bots",
        "setback.bots.levels",
        "setback.bots._table",
    }
    assert _private_uses("setback.bots.sim", source, False, modules) == [
        "3: setback.text._translation",
        "4: setback.bots._table._apply_id",
        "6: setback.bots.levels._Configured",
        "6: setback.text._hand_order",
    ]


def test_collecting_the_suite_warns_of_no_deprecation() -> None:
    """Issue 40, item 16: every run of the suite printed four DeprecationWarnings, the
    deprecated aliases' (collected for their doctests in each worker; issue 51 removed
    the aliases)."""
    import subprocess
    import sys

    import pytest

    checkout = ROOT.parents[1]
    if not (checkout / "conftest.py").exists():
        pytest.skip("the package is installed, not a checkout: no suite to collect")
    options = ["--collect-only", "-q", "-p", "no:cacheprovider", "-n", "0"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *options, "-W", "error::DeprecationWarning", "src"],
        cwd=checkout,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
