"""The drawing of one card, from plain values: the one home of a card's picture.

A card is its rank value and its suit value here (`setback.notation`'s: a suit 0 to 3,
clubs to spades, None for a joker; a rank 2 to 14, 15 to 17 for the jokers), and every word
comes in already worded, so this module imports nothing of the package but the notation
and the catalogs' marks. `Card._repr_svg_` draws its picture with `card_picture`;
`setback.svg` draws every card of every picture with `card` and `back`, and wraps its
pictures in `document`.
"""

from __future__ import annotations

from ._marks import N_, NP_
from .notation import BIG_JOKER, JOKER, LITTLE_JOKER, RANK_TEXT, SUIT_LETTERS, symbol_of

__all__: list[str] = []

CARD_WIDTH = 60
"""A card's width in picture units (its height is `CARD_HEIGHT`)."""
CARD_HEIGHT = 84
"""A card's height in picture units."""
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The fonts of every picture's words, as a CSS font family."""
_NS = "http://www.w3.org/2000/svg"

_SUIT_PATH = (
    (
        "M28 27 A22 22 0 1 1 72 27 A22 22 0 1 1 28 27 Z "
        "M3 62 A22 22 0 1 1 47 62 A22 22 0 1 1 3 62 Z "
        "M53 62 A22 22 0 1 1 97 62 A22 22 0 1 1 53 62 Z "
        "M46 50 C46 76 42 90 30 98 L70 98 C58 90 54 76 54 50 Z"
    ),
    "M50 2 L88 50 L50 98 L12 50 Z",
    (
        "M50 94 C22 72 2 54 2 30 C2 13 15 3 29 3 C40 3 47 10 50 19 "
        "C53 10 60 3 71 3 C85 3 98 13 98 30 C98 54 78 72 50 94 Z"
    ),
    (
        "M50 2 C72 24 98 42 98 62 C98 77 87 86 74 86 C65 86 58 82 54 76 "
        "C55 87 60 94 69 98 L31 98 C40 94 45 87 46 76 C42 82 35 86 26 86 "
        "C13 86 2 77 2 62 C2 42 28 24 50 2 Z"
    ),
)
"""Each suit's shape in a 100 by 100 box, by suit value (clubs, diamonds, hearts, spades)."""
_STAR = "M50 4 L61 38 L97 38 L68 59 L79 94 L50 73 L21 94 L32 59 L3 38 L39 38 Z"
FOUR_COLOURS: dict[int, str] = {3: "#111111", 2: "#cc1f1f", 1: "#1756c4", 0: "#17803a"}
"""Each suit's colour in the four-colour deck (clubs green, diamonds blue), by suit value."""
TWO_COLOURS: dict[int, str] = {3: "#111111", 2: "#cc1f1f", 1: "#cc1f1f", 0: "#111111"}
"""Each suit's colour in red and black, by suit value."""
JOKER_COLOUR = {JOKER: "#7a2db8", BIG_JOKER: "#cc1f1f", LITTLE_JOKER: "#111111"}
"""Each joker's colour, by rank value: a lone joker purple, the big one red, the little
one black."""
JOKER_LABEL = {
    JOKER: "",
    BIG_JOKER: NP_("joker face", "BIG"),
    LITTLE_JOKER: NP_("joker face", "LITTLE"),
}
"""The word printed on a joker's face under its star, in English (context `joker face`
in the catalogs: German `GROSS`, `KLEIN`)."""
JOKER_NAME = {
    JOKER: N_("{card} (the joker)"),
    BIG_JOKER: N_("{card} (big joker)"),
    LITTLE_JOKER: N_("{card} (little joker)"),
}
"""A joker's name in its picture's title, in English, by rank value (a suited card is
named by its symbol)."""
GOLD = "#e0a800"
"""The edge of a highlighted card (and of the seat to act)."""
_BACK = "#1d4e89"


def escape(words: str) -> str:
    """`words` as XML text: `&`, `<` and `>` as entities.

    The pictures' own (not `xml.sax.saxutils`'s, the same result), so that drawing imports no
    XML parser: its import brings `urllib.request`, `http.client` and `email`, 156 KB the
    Play page would download and import for two string functions.
    """
    return words.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(words: str) -> str:
    """`words` as a quoted XML attribute value: escaped, its newlines and tabs as character
    references, in double quotes (single quotes if it holds a double quote and no single
    one; else its double quotes as `&quot;`)."""
    words = escape(words).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in words:
        return f'"{words}"'
    if "'" not in words:
        return f"'{words}'"
    return '"' + words.replace('"', "&quot;") + '"'


def num(value: float) -> str:
    """A coordinate as short text: `12`, `12.5`."""
    return f"{round(value, 2):g}"


def text(
    x: float,
    y: float,
    words: str,
    *,
    size: float = 14,
    fill: str = "#111111",
    anchor: str = "start",
    weight: str = "normal",
) -> str:
    """A line of text at `(x, y)` (its baseline), escaped."""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}" '
        f'text-anchor="{anchor}" font-weight="{weight}">{escape(words)}</text>'
    )


def pip(suit: int, cx: float, cy: float, size: float, fill: str) -> str:
    """A suit's shape, `size` units across, centred on `(cx, cy)`."""
    k = size / 100
    return (
        f'<path d="{_SUIT_PATH[suit]}" fill="{fill}" '
        f'transform="translate({num(cx - size / 2)} {num(cy - size / 2)}) scale({num(k)})"/>'
    )


def _face(rank: int, suit: int | None, colour: str, label: str) -> str:
    """The inside of a face-up card, in the card's own 60 by 84 units (`label`: a joker's
    word under its star, worded)."""
    parts: list[str] = []
    if suit is None:
        for n, letter in enumerate("JOKER"):
            parts.append(text(7, 15 + n * 11, letter, size=10, fill=colour, weight="bold"))
        parts.append(
            f'<path d="{_STAR}" fill="{colour}" transform="translate(21 18) scale(0.32)"/>'
        )
        if label:
            parts.append(text(37, 61, label, size=8.5, fill=colour, anchor="middle", weight="bold"))
        return "".join(parts)
    letter = RANK_TEXT[rank]
    corner = text(6, 17, letter, size=15 if len(letter) == 1 else 13, fill=colour, weight="bold")
    corner += pip(suit, 11, 27, 11, colour)
    parts.append(corner)
    parts.append(f'<g transform="rotate(180 30 42)">{corner}</g>')
    if 11 <= rank <= 13:  # a face card: its letter framed
        parts.append(
            f'<rect x="15" y="15" width="30" height="54" rx="3" fill="none" '
            f'stroke="{colour}" stroke-width="1"/>'
        )
        parts.append(text(30, 44, letter, size=24, fill=colour, anchor="middle", weight="bold"))
        parts.append(pip(suit, 30, 58, 13, colour))
    else:
        parts.append(pip(suit, 30, 42, 32 if rank == 14 else 24, colour))
    return "".join(parts)


def _place(x: float, y: float, k: float, angle: float) -> str:
    """The transform of a card with its top-left corner at `(x, y)`, `k` times the full
    size, turned by `angle` degrees about its centre."""
    transform = f"translate({num(x)} {num(y)})"
    if angle:
        transform += f" rotate({num(angle)} {num(CARD_WIDTH * k / 2)} {num(CARD_HEIGHT * k / 2)})"
    if k != 1:
        transform += f" scale({num(k)})"
    return transform


def _stroke(highlight: bool) -> str:
    return f'stroke="{GOLD}" stroke-width="3"' if highlight else 'stroke="#444444"'


def back(
    x: float,
    y: float,
    *,
    k: float = 1.0,
    angle: float = 0.0,
    css: str = "",
    highlight: bool = False,
) -> str:
    """A face-down card (which names no card), placed as `card` places one."""
    classes = "card" + (f" {css}" if css else "")
    return (
        f'<g class="{classes} back" transform="{_place(x, y, k, angle)}">'
        f'<rect width="60" height="84" rx="5" fill="#ffffff" {_stroke(highlight)}/>'
        f'<rect x="4" y="4" width="52" height="76" rx="3" fill="{_BACK}"/>'
        '<path d="M30 14 L48 42 L30 70 L12 42 Z" fill="none" stroke="#ffffff" '
        'stroke-width="1.5"/>'
        '<rect x="8" y="8" width="44" height="68" rx="2" fill="none" stroke="#8fb3e0" '
        'stroke-width="1"/></g>'
    )


def card(
    rank: int,
    suit: int | None,
    x: float,
    y: float,
    *,
    title: str,
    colour: str,
    label: str = "",
    k: float = 1.0,
    angle: float = 0.0,
    css: str = "",
    highlight: bool = False,
    dead: bool = False,
    badge: tuple[int, str] | None = None,
) -> str:
    """One face-up card, its top-left corner at `(x, y)`, `k` times the full size, turned
    by `angle` degrees about its centre: a group `<g class="card" data-card="KS">` with
    its `title` (worded), drawn in `colour` (`label`: a joker's word under its star);
    `dead` dims it; `badge`, the trump's suit value and colour, marks a card the trump
    takes in from another suit (an off card) with the trump's pip."""
    classes = "card" + (f" {css}" if css else "")
    if dead:
        classes += " dead"
    if badge is not None:
        classes += " off"
    code = RANK_TEXT[rank] if suit is None else RANK_TEXT[rank] + SUIT_LETTERS[suit]
    body = [
        f'<g class="{classes}" data-card="{code}" transform="{_place(x, y, k, angle)}"'
        + (' opacity="0.45"' if dead else "")
        + ">",
        f"<title>{escape(title)}</title>",
        f'<rect width="60" height="84" rx="5" fill="#ffffff" {_stroke(highlight)}/>',
        _face(rank, suit, colour, label),
    ]
    if badge is not None:
        body.append('<circle cx="48" cy="72" r="9" fill="#fff4c2" stroke="#e0a800"/>')
        body.append(pip(badge[0], 48, 72, 11, badge[1]))
    body.append("</g>")
    return "".join(body)


def document(width: float, height: float, body: str, scale: float, label: str, css: str) -> str:
    """The SVG document around `body`: namespace, viewBox, size and a title."""
    return (
        f'<svg xmlns="{_NS}" class="setback {css}" viewBox="0 0 {num(width)} {num(height)}" '
        f'width="{num(width * scale)}" height="{num(height * scale)}" role="img" '
        f"aria-label={quoteattr(label)} font-family={quoteattr(FONT)}>"
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def card_picture(rank: int, suit: int | None) -> str:
    """One face-up card as an SVG picture, as `setback.svg.card_svg` draws it with its
    defaults (four colours, no trump, scale 1, English): `Card._repr_svg_`'s picture."""
    symbol = symbol_of(rank, suit)
    if suit is None:
        title, colour = JOKER_NAME[rank].format(card=symbol), JOKER_COLOUR[rank]
    else:
        title, colour = symbol, FOUR_COLOURS[suit]
    face = card(rank, suit, 2, 2, title=title, colour=colour, label=JOKER_LABEL.get(rank, ""))
    return document(CARD_WIDTH + 4, CARD_HEIGHT + 4, face, 1.0, title, "setback-card")
