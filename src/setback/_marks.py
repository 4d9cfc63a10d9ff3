"""The marks that name a message for the catalogs without translating it (`tools/catalogs.sh`
extracts every `N_` and `NP_` call). They import nothing, so the drawing of a card
(`setback._face`), below the cards, marks its words as `setback.text` and `setback.svg` do.
"""

from __future__ import annotations

__all__: list[str] = []


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it (a table's words)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark `message` for the catalogs, in `context`, without translating it."""
    return message
