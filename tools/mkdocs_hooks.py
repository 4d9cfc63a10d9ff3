"""mkdocs hooks (`hooks:` in mkdocs.yml): the site serves the package's JSON Schema.

`src/setback/schema.json` (the file `setback.json_schema()` reads) is published as
`schema.json` at the site's root, the same bytes, so the docs never hold a copy of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

SCHEMA = Path(__file__).resolve().parents[1] / "src" / "setback" / "schema.json"


def on_files(files: Files, config: Any) -> Files:
    """Add the schema to the site's files, as `schema.json`."""
    files.append(File.generated(config, "schema.json", abs_src_path=str(SCHEMA)))
    return files
