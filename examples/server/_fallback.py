"""FALLBACK, to delete once main has `setback.svg` and `parse_action(dict)`: plain stand-ins."""

from __future__ import annotations

import html
import json
from typing import Any

from setback import SCHEMA_VERSION, Action, Card, HandResult, PlayerView, Rules, format_hand, loads


def _text_svg(text: str, width: int) -> str:
    lines = text.splitlines()
    rows = "".join(
        f'<text x="6" y="{18 * (i + 1)}" font-family="monospace">{html.escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    size = f'width="{width}" height="{18 * len(lines) + 8}"'
    return f'<svg xmlns="http://www.w3.org/2000/svg" {size}>{rows}</svg>'


def view_svg(view: PlayerView) -> str:
    return _text_svg(str(view), 640)


def hand_result_svg(result: HandResult, rules: Rules) -> str:
    return _text_svg(format_hand(result, rules), 640)


def card_svg(card: Card) -> str:
    colour = (
        "#c00" if card.suit is not None and card.suit.name in ("HEARTS", "DIAMONDS") else "#000"
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="68">'
        '<rect x="1" y="1" width="46" height="66" rx="5" fill="#fff" stroke="#333"/>'
        f'<text x="24" y="40" text-anchor="middle" font-size="18" fill="{colour}">'
        f"{html.escape(card.symbol)}</text></svg>"
    )


def parse_action(value: Any) -> Action:
    if isinstance(value, str):
        from setback import parse_action as parse_text

        return parse_text(value)
    document = {"format": "setback", "version": SCHEMA_VERSION, "kind": "Action", "data": value}
    return loads(json.dumps(document))  # type: ignore[no-any-return]
