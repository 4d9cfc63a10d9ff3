"""mkdocs hooks (`hooks:` in mkdocs.yml): the site serves the package's JSON Schema, and the
Play page's runtime.

`src/setback/schema.json` (the file `setback.json_schema()` reads) is published as
`schema.json` at the site's root, the same bytes, so the docs never hold a copy of it.

The Play page (`docs/play/`) runs the library in the browser: `setback.mjs` and its worker
(from `js/`), Pyodide's files and the wheels, gathered and checked by
`tools/browser_site.py` (npm and pip on first use, cached after), are added under `play/`
with `play/runtime.json`, which tells the page what to load. None of them is committed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

TOOLS = Path(__file__).resolve().parent
SCHEMA = TOOLS.parent / "src" / "setback" / "schema.json"


def on_files(files: Files, config: Any) -> Files:
    """Add the schema, and the Play page's runtime, to the site's files."""
    files.append(File.generated(config, "schema.json", abs_src_path=str(SCHEMA)))
    sys.path.insert(0, str(TOOLS))
    try:
        import browser_site
    finally:
        sys.path.remove(str(TOOLS))
    try:
        runtime = browser_site.runtime_files()
    except Exception as error:
        raise PluginError(f"the Play page's runtime could not be gathered: {error}") from error
    for name, path in runtime.items():
        files.append(File.generated(config, f"play/{name}", abs_src_path=str(path)))
    content = browser_site.runtime_json(runtime)
    files.append(File.generated(config, "play/runtime.json", content=content))
    return files
