"""Add the refusal sentences (`setback.refusals`) to the catalogs' template.

Their English templates live in a table, not in gettext calls, so `pybabel extract` does
not see them; each is added with the context `refusal CODE` (or `refusal suffix NAME`),
so a changed English sentence is a new message to translate. Run by tools/catalogs.sh.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from setback.refusals import MESSAGES, SUFFIXES
from setback.text import refusal_contexts


def main(template: str) -> None:
    with open(template, "rb") as file:
        catalog = read_po(file)
    for context, message in refusal_contexts(MESSAGES, SUFFIXES):
        catalog.add(
            message,
            context=context,
            locations=[("src/setback/refusals.py", None)],
            flags=["python-brace-format"],
        )
    with open(template, "wb") as file:
        write_po(file, catalog, width=0, sort_by_file=True)


if __name__ == "__main__":
    main(sys.argv[1])
