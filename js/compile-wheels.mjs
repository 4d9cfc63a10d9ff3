// Wheels with their bytecode: each wheel's Python files compiled by Pyodide's own Python
// (3.14) into __pycache__/*.cpython-314.pyc beside them, as unchecked hash-based .pyc
// files (PEP 552), which the import system uses as they are. A browser then imports the
// library without compiling it first. Run by tools/browser_site.py:
//
//   node js/compile-wheels.mjs OUT WHEEL...     (OUT/ gets a wheel of each name)

import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

import { loadPyodide } from "pyodide";

const [out, ...wheels] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.runPython(`
import importlib.util, posixpath, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_wheel(source, target):
    with zipfile.ZipFile(source) as wheel, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in wheel.infolist():
            data = wheel.read(info)
            out.writestr(info, data)
            if info.filename.endswith(".py") and ".data/" not in info.filename:
                code = compile(data, info.filename, "exec", dont_inherit=True)
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                folder, name = posixpath.split(info.filename)
                cached = f"{name[:-3]}.{sys.implementation.cache_tag}.pyc"
                out.writestr(posixpath.join(folder, "__pycache__", cached), pyc)
`);
const compile = pyodide.globals.get("compile_wheel");
for (const wheel of wheels) {
  pyodide.FS.writeFile("/tmp/in.whl", readFileSync(wheel));
  compile("/tmp/in.whl", "/tmp/out.whl");
  writeFileSync(join(out, basename(wheel)), pyodide.FS.readFile("/tmp/out.whl"));
}
compile.destroy();
