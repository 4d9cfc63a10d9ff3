// Wheels with their bytecode only: each wheel's Python files compiled by Pyodide's own
// Python (3.14) into a .pyc in the module's place (a sourceless module: the .py is left
// out), as unchecked hash-based .pyc files (PEP 552), which the import system uses as they
// are, with their docstrings left out (the asserts kept: not python -OO). A browser then
// imports the library without compiling it first, and downloads no source and no
// docstring. setback's wheel also leaves out what the page never imports (DROP: the RL
// environments, the command line, the batched engine (numpy's; bots the page runs play
// unbatched), the tournaments, Trickster's PTN records, the catalogs' sources). Run by
// tools/browser_site.py:
//
//   node js/compile-wheels.mjs OUT WHEEL...     (OUT/ gets a wheel of each name)

import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

import { loadPyodide } from "pyodide";

const [out, ...wheels] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.runPython(`
import ast, importlib.util, re, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

DROP = re.compile(
    r"setback/(rl/|cli\\.py$|__main__\\.py$|arena\\.py$|_ptn\\.py$"
    r"|bots/(batch|_batch_numpy|_batch_estimate|_batch_tables)\\.py$|locale/.*\\.pot?$)"
)

def without_docstrings(tree):
    """The module's tree with each module's, class's and function's docstring left out."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.fix_missing_locations(tree)

def compile_wheel(source, target):
    with zipfile.ZipFile(source) as wheel, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in wheel.infolist():
            data = wheel.read(info)
            if DROP.match(info.filename):
                continue
            if info.filename.endswith(".py") and ".data/" not in info.filename:
                tree = without_docstrings(ast.parse(data, info.filename))
                code = compile(tree, info.filename, "exec", dont_inherit=True)
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                out.writestr(info.filename + "c", pyc)
            else:
                out.writestr(info, data)
`);
const compile = pyodide.globals.get("compile_wheel");
for (const wheel of wheels) {
  pyodide.FS.writeFile("/tmp/in.whl", readFileSync(wheel));
  compile("/tmp/in.whl", "/tmp/out.whl");
  writeFileSync(join(out, basename(wheel)), pyodide.FS.readFile("/tmp/out.whl"));
}
compile.destroy();
