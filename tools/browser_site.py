"""The browser's runtime for the Play page and for `setback.mjs`: Pyodide and the wheels,
pinned and checked by sha256, gathered from their packages (never committed).

    python tools/browser_site.py OUT      copy everything setback.mjs needs into OUT/

- Pyodide's files come from the npm package `pyodide` (the version in js/package.json,
  installed with `npm ci` in js/ when it is missing or another version);
- attrs, cattrs and typing_extensions are the wheels from PyPI (`pip download`, the
  hashes required);
- setback's own wheel is built from this checkout (`pip wheel`), again only when the
  sources changed;
- every wheel gets its bytecode (`js/compile-wheels.mjs`: Pyodide's Python compiles
  each module into `__pycache__`), so a browser imports the library without compiling
  it: the first start's imports take about half the time;
- Pyodide's standard library keeps the modules the page imports (`slim_stdlib`), and
  its package index only its `info` (`slim_lock`): the page loads none of its packages.

Every file gathered is checked against `PYODIDE` or `WHEELS` below (setback's wheel,
built here, has no pin) before it is used. `OUT/runtime.json` lists what a page passes to
`loadSetback`. The mkdocs hook (tools/mkdocs_hooks.py) calls `runtime_files` to put it
all under `play/` in the site.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "js"
CACHE = ROOT / ".cache" / "browser"

PYODIDE_VERSION = "314.0.8"
"""The npm package `pyodide` (Python 3.14): the same version js/package.json pins."""
PYODIDE = {
    "pyodide.mjs": "1bb8cc14f9405aaa7cd4e00c12edd0a8539de9cc026618d6ee5a9663f367dc70",
    "pyodide.asm.mjs": "22514b8be6980e28a02c8b1d6387ce8dfe666fc4edf8d547cff5dce29ff4d972",
    "pyodide.asm.wasm": "e14d49ceca9b4a0e274ea918f3a898de2d3880b6e5573a6cfe1a2267ecc70329",
    "python_stdlib.zip": "2bd3394a145bfbbe5bbc9d9d6ab9136abbb986c6fef6c142b3a2962227aa5c28",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}
"""The runtime's files that a page loads, with their sha256 (the rest of the package is
for Node or for debugging)."""
WHEELS = {
    "attrs-26.1.0-py3-none-any.whl": (
        "attrs==26.1.0",
        "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309",
    ),
    "cattrs-26.2.1-py3-none-any.whl": (
        "cattrs==26.2.1",
        "a12aaa3453dc8f633a815293179f08b7421ed18d2575c459c3c736f840beac24",
    ),
    "typing_extensions-4.16.0-py3-none-any.whl": (
        "typing_extensions==4.16.0",
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8",
    ),
}
"""setback's dependencies as wheels (pure Python: they run on Pyodide as they are)."""
MODULE_FILES = ("setback.mjs", "setback-worker.mjs", "setback.d.ts", "table.mjs", "table-words.mjs")
"""The JavaScript module's files, and the one table of the web pages, from js/."""


class RuntimeFilesError(Exception):
    """The runtime could not be gathered (a file missing, a hash that differs)."""


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _check(path: Path, expected: str) -> Path:
    found = sha256(path)
    if found != expected:
        raise RuntimeFilesError(f"{path}: sha256 {found}, pinned {expected}")
    return path


def pyodide_folder() -> Path:
    """js/node_modules/pyodide at the pinned version (`npm ci` first if needed)."""
    folder = JS / "node_modules" / "pyodide"
    manifest = folder / "package.json"
    version = json.loads(manifest.read_text())["version"] if manifest.exists() else None
    if version != PYODIDE_VERSION:
        if shutil.which("npm") is None:
            raise RuntimeFilesError("the Play page needs npm (Node.js) for the pyodide package")
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=JS, check=True
        )
    return folder


def dependency_wheels() -> list[Path]:
    """attrs, cattrs and typing_extensions, downloaded once into the cache, checked."""
    folder = CACHE / "wheels"
    missing = {name: pin for name, pin in WHEELS.items() if not (folder / name).exists()}
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as requirements:
            for requirement, digest in missing.values():
                requirements.write(f"{requirement} --hash=sha256:{digest}\n")
        pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        options = ["--only-binary=:all:", "--require-hashes", "-d", str(folder)]
        subprocess.run([*pip, *options, "-r", requirements.name], check=True)
        Path(requirements.name).unlink()
    return [_check(folder / name, digest) for name, (_, digest) in WHEELS.items()]


def _source_digest() -> str:
    """A digest of what setback's wheel is built from."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "src" / "setback").rglob("*"))
    files += [ROOT / "pyproject.toml", ROOT / "README.md", ROOT / "LICENSE"]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def setback_wheel() -> Path:
    """setback's wheel, built from this checkout (again only when the sources changed)."""
    folder = CACHE / "setback" / _source_digest()
    built = sorted(folder.glob("setback-*.whl"))
    if not built:
        shutil.rmtree(CACHE / "setback", ignore_errors=True)
        folder.mkdir(parents=True)
        pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(folder)]
        subprocess.run([*pip, str(ROOT)], check=True)
        built = sorted(folder.glob("setback-*.whl"))
    return built[0]


def compiled(wheels: list[Path]) -> list[Path]:
    """The wheels with their bytecode for Pyodide's Python (compiled once per input)."""
    digest = hashlib.sha256(PYODIDE["pyodide.asm.wasm"].encode())
    for wheel in [*wheels, JS / "compile-wheels.mjs"]:
        digest.update(wheel.name.encode() + b"\0" + sha256(wheel).encode())
    folder = CACHE / "compiled" / digest.hexdigest()[:16]
    if not all((folder / wheel.name).exists() for wheel in wheels):
        shutil.rmtree(CACHE / "compiled", ignore_errors=True)
        folder.mkdir(parents=True)
        node = ["node", str(JS / "compile-wheels.mjs"), str(folder)]
        subprocess.run([*node, *map(str, wheels)], cwd=JS, check=True)
    return [folder / wheel.name for wheel in wheels]


STDLIB = Path(__file__).with_name("browser_stdlib.txt")
"""The standard library's modules the page's Python imports, measured (js/stdlib-modules.mjs)."""


def slim_stdlib(original: Path) -> Path:
    """Pyodide's python_stdlib.zip with only the modules the page imports (STDLIB): 2.5 MB
    of the download down to 1 MB (made once per input)."""
    digest = hashlib.sha256((sha256(original) + sha256(STDLIB)).encode()).hexdigest()[:16]
    target = CACHE / "stdlib" / digest / original.name
    if target.exists():
        return target
    shutil.rmtree(CACHE / "stdlib", ignore_errors=True)
    target.parent.mkdir(parents=True)
    wanted = set(STDLIB.read_text().split())
    with zipfile.ZipFile(original) as source, zipfile.ZipFile(target, "w") as out:
        for info in source.infolist():
            name = info.filename.removesuffix("/")
            module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            is_folder = info.is_dir() and any(m.startswith(module + ".") for m in wanted)
            if is_folder or (name.endswith(".py") and module in wanted):
                out.writestr(info, source.read(info), compresslevel=9)
    return target


def slim_lock(original: Path) -> Path:
    """Pyodide's pyodide-lock.json with its `info` alone: the page loads no package of
    Pyodide's (its wheels come by URL), so the index of the other 357 is 119 KB read and
    parsed at every start for nothing (made once per input)."""
    digest = sha256(original)[:16]
    target = CACHE / "lock" / digest / original.name
    if target.exists():
        return target
    shutil.rmtree(CACHE / "lock", ignore_errors=True)
    target.parent.mkdir(parents=True)
    info = json.loads(original.read_text())["info"]
    target.write_text(json.dumps({"info": info, "packages": {}}, separators=(",", ":")))
    return target


def runtime_files() -> dict[str, Path]:
    """Every file of the runtime by its path under the page's folder: `pyodide/...`,
    `wheels/...`, `setback.mjs` and its worker and types; each checked."""
    pyodide = pyodide_folder()
    files = {f"pyodide/{name}": _check(pyodide / name, pin) for name, pin in PYODIDE.items()}
    files["pyodide/python_stdlib.zip"] = slim_stdlib(files["pyodide/python_stdlib.zip"])
    files["pyodide/pyodide-lock.json"] = slim_lock(files["pyodide/pyodide-lock.json"])
    for wheel in compiled([setback_wheel(), *dependency_wheels()]):
        files[f"wheels/{wheel.name}"] = wheel
    for name in MODULE_FILES:
        files[name] = JS / name
    return files


def runtime_json(files: dict[str, Path]) -> str:
    """What a page passes to `loadSetback` (and every file's size): runtime.json."""
    wheels = [name for name in files if name.startswith("wheels/")]
    sizes = {name: path.stat().st_size for name, path in files.items()}
    document = {"pyodide": PYODIDE_VERSION, "indexURL": "pyodide/", "wheels": wheels}
    return json.dumps({**document, "sizes": sizes}, indent=2) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    files = runtime_files()
    for name, path in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, out / name)
    (out / "runtime.json").write_text(runtime_json(files))
    total = sum(path.stat().st_size for path in files.values())
    print(f"{len(files)} files, {total / 1e6:.1f} MB, in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
