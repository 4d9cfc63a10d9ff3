"""FALLBACK, to delete once main has `setback.svg`: plain stand-ins for its pictures."""

from __future__ import annotations

import html

from setback import Card, HandResult, PlayerView, Rules, format_hand


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
