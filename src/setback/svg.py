"""SVG pictures of cards, hands, tricks and tables, built with the standard library only.

Each function returns the text of one SVG document (a `str`): write it to a `.svg`
file, put it in a web page, or let Jupyter show it (`Trick`, `PlayerView`, `GameState`
and `HandResult` have a `_repr_svg_` that calls the function here; `Card`'s draws the
picture `card_svg` draws by default, through the same card drawing). The functions read
a state, a view, a trick and a finished hand by their shapes (`GameStateLike`, ...: what
they read of each), so this module imports none of the classes that show themselves
with it.

    >>> from setback import Card
    >>> from setback.svg import card_svg
    >>> card_svg(Card.parse("KS")).startswith("<svg")
    True

Every face-up card is a group `<g class="card" data-card="KS">` with a `<title>` that
names it (`K♠`); a face-down card is `<g class="card back">` and carries nothing of
the card, so a view's picture holds no card its seat may not see. Every picture has
a `viewBox`; `scale` multiplies its `width` and `height` (1 is one pixel per unit, a
card 60 by 84). `colors=4` draws clubs green and diamonds blue (the four-colour
deck), `colors=2` the usual red and black. `lang` words the pictures in English (`"en"`,
the default), German, Swedish or French, as `setback.text` does (`setback.text.LANGUAGES`;
any other is a `LanguageError`): the titles, the labels and the header; cards keep their
index letters and suit symbols.

    >>> from setback import Rules, new_game, observe
    >>> from setback.svg import view_svg
    >>> "Sicht von Platz 1" in view_svg(observe(new_game(Rules.setback(), seed=7), 1), lang="de")
    True
"""

from __future__ import annotations

import gettext
import math
from collections.abc import Iterable, Sequence

import attrs

from ._face import (
    CARD_HEIGHT,
    CARD_WIDTH,
    FOUR_COLOURS,
    JOKER_COLOUR,
    JOKER_LABEL,
    JOKER_NAME,
    TWO_COLOURS,
    escape,
)
from ._face import GOLD as _GOLD
from ._face import back as _back
from ._face import card as _drawn
from ._face import document as _document
from ._face import num as _num
from ._face import pip as _pip
from ._face import text as _text
from ._phase import Phase
from ._shapes import (
    GameStateLike,
    HandResultLike,
    PlayerViewLike,
    TrickLike,
    is_result,
    is_state,
    is_trick,
    is_view,
)
from .actions import Action, Pitch, Play
from .cards import CARDS, Card, Rank, Suit
from .errors import DrawingError, kind_error
from .rules import Rules, seat_side
from .tables import trump_table
from .text import (
    N_,
    action_text,
    contract_text,
    hand_order,
    phase_text,
    point_text,
    translation,
)
from .trumps import off_jack_of

__all__ = ["card_svg", "hand_result_svg", "hand_svg", "state_svg", "trick_svg", "view_svg"]

_FELT = "#1f6f43"


@attrs.frozen
class _Style:
    """How to draw: the suit colours, which cards the trump makes trumps of another suit
    (the off cards, marked with the trump's pip), which are dead, and the words (`t`, the
    language's code)."""

    colours: dict[int, str]
    trump: Suit | None = None
    off: frozenset[Card] = frozenset()
    dead: frozenset[Card] = frozenset()
    lang: str = "en"

    def colour(self, card: Card) -> str:
        return JOKER_COLOUR[card.rank] if card.suit is None else self.colours[card.suit]

    @property
    def t(self) -> gettext.NullTranslations:
        """The catalog of the picture's language."""
        return translation(self.lang)

    def _(self, message: str) -> str:
        """`message` in the picture's language."""
        return self.t.gettext(message)

    def seat(self, seat: int | None) -> str:
        """A seat as the pictures name it: `seat 2`, German `Platz 2`."""
        return self.t.gettext("seat {seat}").format(seat=seat)


def _text_width(words: str, size: float, *, bold: bool = False) -> float:
    """About how wide a line of `words` is at `size`, erring wide (0.62 of the size a
    character, 0.7 in bold: DejaVu Sans and Liberation Sans run 0.45 to 0.6), so that a
    line placed by it stays inside its picture in the fonts of `setback._face.FONT`."""
    return len(words) * size * (0.7 if bold else 0.62)


def _fitted(words: str, size: float, room: float) -> str:
    """`words`, a list of items joined by `", "`, cut after the last item that fits in
    `room` (with `" …"` for the rest); a single long item is cut at a character."""
    if _text_width(words, size) <= room:
        return words
    limit = max(1, int(room / _text_width("x", size)) - 2)
    cut = words.rfind(", ", 0, limit)
    return (words[:cut] + ", …") if cut > 0 else words[: limit - 1] + "…"


def _check(function: str, scale: object, colors: object, lang: object) -> gettext.NullTranslations:
    """The options every picture takes, checked; returns the catalog of `lang`."""
    if type(scale) not in (int, float) or isinstance(scale, bool):
        raise kind_error(function, "scale as a number", scale)
    if not 0 < scale <= 100:  # type: ignore[operator]
        raise DrawingError(f"{function}: scale must be above 0 and at most 100, not {scale!r}")
    if type(colors) is not int:
        raise kind_error(function, "colors as an int (2 or 4)", colors)
    if colors not in (2, 4):
        raise DrawingError(f"{function}: colors is 2 (red and black) or 4, not {colors!r}")
    if type(lang) is not str:
        raise kind_error(function, "lang as a language code (str)", lang)
    return translation(lang)


def _style(
    colors: int,
    rules: Rules | None,
    trump: Suit | None,
    *,
    off_jack: bool = False,
    dead: Iterable[Card] = (),
    lang: str = "en",
) -> _Style:
    """The style for a picture: the trump's off cards (the jick, the jokers) come from
    `rules` when given, else the jokers and (with `off_jack`) the jick; its words in
    `lang`."""
    colours = FOUR_COLOURS if colors == 4 else TWO_COLOURS
    off: set[Card] = set()
    if trump is not None:
        if rules is not None:
            table = trump_table(trump, rules)
            off = {c for c in (CARDS[i] for i in rules.pack_indices) if c.suit is not trump}
            off = {c for c in off if table.is_trump(c)}
        else:
            off = {Card(None, rank) for rank in (Rank.JOKER, Rank.BIG_JOKER, Rank.LITTLE_JOKER)}
            if off_jack:
                off.add(off_jack_of(trump))
    return _Style(colours, trump, frozenset(off), frozenset(dead), lang)


_NAMES = {
    Rank.JOKER: (JOKER_NAME[Rank.JOKER], N_("{card} (the joker, a trump)")),
    Rank.BIG_JOKER: (JOKER_NAME[Rank.BIG_JOKER], N_("{card} (big joker, a trump)")),
    Rank.LITTLE_JOKER: (JOKER_NAME[Rank.LITTLE_JOKER], N_("{card} (little joker, a trump)")),
    Rank.JACK: ("", N_("{card} (the off-jack, a trump)")),
    Rank.ACE: ("", N_("{card} (the off-ace, a trump)")),
    Rank.FIVE: ("", N_("{card} (the off-five, a trump)")),
    Rank.THREE: ("", N_("{card} (the off-three, a trump)")),
}
"""A joker's name in its picture's title, as it is and as a trump; an off card's (a card
of another suit that the trump takes in), by rank."""


def _describe(card: Card, style: _Style) -> str:
    """A card's name in its picture's title: `K♠`, `J♣ (the off-jack, a trump)`."""
    plain, trump = _NAMES.get(card.rank, ("", N_("{card} (an off card, a trump)")))
    if card.suit is None:
        name = style._(trump if card in style.off else plain).format(card=card.symbol)
    elif card in style.off:
        name = style._(trump).format(card=card.symbol)
    else:
        name = card.symbol
    if card in style.dead:
        name = style._("{card}, dead").format(card=name)
    return name


def _card(
    card: Card | None,
    x: float,
    y: float,
    style: _Style,
    *,
    k: float = 1.0,
    angle: float = 0.0,
    css: str = "",
    highlight: bool = False,
) -> str:
    """One card, its top-left corner at `(x, y)`, `k` times the full size, turned by `angle`
    degrees about its centre; `None` draws a back (which names no card)."""
    if card is None:
        return _back(x, y, k=k, angle=angle, css=css, highlight=highlight)
    trump = style.trump
    label = JOKER_LABEL.get(card.rank, "")
    return _drawn(
        card.rank,
        card.suit,
        x,
        y,
        title=_describe(card, style),
        colour=style.colour(card),
        label=style.t.pgettext("joker face", label) if label else "",
        k=k,
        angle=angle,
        css=css,
        highlight=highlight,
        dead=card in style.dead,
        badge=(trump, style.colours[trump]) if trump is not None and card in style.off else None,
    )


# --- a card and a hand ----------------------------------------------------------------


def card_svg(
    card: Card,
    *,
    face_up: bool = True,
    scale: float = 1.0,
    colors: int = 4,
    trump: Suit | None = None,
    rules: Rules | None = None,
    lang: str = "en",
) -> str:
    """One card as an SVG picture, 60 by 84 units: its rank and suit in two corners and
    a large pip, a face card's letter framed, a joker's star (the big joker red, the
    little one black, a lone joker purple); a back when `face_up` is False.

    Args:
        card: the card.
        face_up: False draws the card's back (which names no card).
        scale: how many pixels a unit is (the `width` and `height`).
        colors: 4 (clubs green, diamonds blue) or 2 (red and black).
        trump: the trump suit, if known: a card it makes a trump of another suit (the
            off-jack where `rules` have it, a joker) wears a badge with the trump's pip.
        rules: the rules that say which cards the trump takes in (without them only the
            jokers get the badge).
        lang: the language of the title (`"en"`, `"de"`, `"sv"` or `"fr"`).

    Returns:
        The SVG text: `<g class="card" data-card="KS">` with the title `K♠` inside.

    Raises:
        TypeError: `card` is not a `Card`, or an option is of the wrong kind.
        DrawingError: `scale` or `colors` is out of range.
        LanguageError: `lang` is not one of `setback.text.LANGUAGES`.

    Examples:
        >>> from setback import Card
        >>> 'data-card="10H"' in card_svg(Card.parse("10H"))
        True
        >>> "data-card" in card_svg(Card.parse("10H"), face_up=False)
        False
    """
    if not isinstance(card, Card):
        raise kind_error("card_svg", "a Card", card)
    t = _check("card_svg", scale, colors, lang)
    _check_trump("card_svg", trump, rules)
    style = _style(colors, rules, trump, lang=lang)
    shown = card if face_up else None
    label = _describe(card, style) if face_up else t.gettext("a face-down card")
    return _document(
        CARD_WIDTH + 4,
        CARD_HEIGHT + 4,
        _card(shown, 2, 2, style),
        scale,
        label,
        "setback-card",
    )


def _check_trump(function: str, trump: object, rules: object) -> None:
    if trump is not None and not isinstance(trump, Suit):
        raise kind_error(function, "trump as a Suit or None", trump)
    if rules is not None and not isinstance(rules, Rules):
        raise kind_error(function, "rules as a Rules or None", rules)


def _cards_arg(function: str, cards: object) -> tuple[Card, ...]:
    if isinstance(cards, str | bytes | Card) or not isinstance(cards, Iterable):
        raise kind_error(function, "an iterable of Card values", cards)
    out = tuple(cards)
    for card in out:
        if not isinstance(card, Card):
            raise kind_error(function, "an iterable of Card values (one item is not)", card)
    return out


def _fan_boxes(n: int, step: float, spread: float) -> list[tuple[float, float, float]]:
    """Each card's top-left corner and angle in a fan of `n` cards."""
    if n == 1:
        return [(0.0, 0.0, 0.0)]
    total = min(spread, 7.0 * (n - 1))
    radius = step * (n - 1) / math.radians(total) if total else 0.0
    out = []
    for i in range(n):
        angle = -total / 2 + total * i / (n - 1)
        a = math.radians(angle)
        cx = radius * math.sin(a)
        cy = radius * (1 - math.cos(a))
        out.append((cx - CARD_WIDTH / 2, cy, angle))
    return out


def _bbox(
    boxes: Sequence[tuple[float, float, float]], k: float
) -> tuple[float, float, float, float]:
    """The box round cards at `(x, y, angle)`, each `k` times full size."""
    xs: list[float] = []
    ys: list[float] = []
    w, h = CARD_WIDTH * k, CARD_HEIGHT * k
    for x, y, angle in boxes:
        a = math.radians(angle)
        cx, cy = x + w / 2, y + h / 2
        for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
            xs.append(cx + dx * math.cos(a) - dy * math.sin(a))
            ys.append(cy + dx * math.sin(a) + dy * math.cos(a))
    return min(xs), min(ys), max(xs), max(ys)


def hand_svg(
    cards: Iterable[Card],
    *,
    layout: str = "row",
    orientation: str = "horizontal",
    sort: bool = True,
    face_up: bool = True,
    scale: float = 1.0,
    colors: int = 4,
    trump: Suit | None = None,
    rules: Rules | None = None,
    lang: str = "en",
) -> str:
    """A hand of cards as an SVG picture, overlapping so each card's corner shows.

    Args:
        cards: the cards (any iterable of `Card`).
        layout: `"row"` (cards side by side) or `"fan"` (spread on an arc).
        orientation: `"horizontal"`, or `"vertical"` (a row runs down the page, a fan
            opens to the right, as a hand held at the side of a table).
        sort: group by suit as players hold them, as `setback.hand_text` does (spades,
            hearts, clubs, diamonds, jokers last; high ranks first); False keeps the
            order given.
        face_up: False draws every card's back (the picture then names no card).
        scale: how many pixels a unit is (a card is 60 by 84 units).
        colors: 4 (clubs green, diamonds blue) or 2 (red and black).
        trump: the trump suit, if known (its off cards get a badge, see `card_svg`).
        rules: the rules that say which cards the trump takes in.
        lang: the language of the titles (`"en"`, `"de"`, `"sv"` or `"fr"`).

    Returns:
        The SVG text.

    Raises:
        TypeError: `cards` is not an iterable of `Card`, or an option is of the wrong kind.
        DrawingError: `layout`, `orientation`, `scale` or `colors` is not one it takes.
        LanguageError: `lang` is not one of `setback.text.LANGUAGES`.

    Examples:
        >>> from setback import parse_cards
        >>> svg = hand_svg(parse_cards("2S KS 10H"), layout="fan")
        >>> svg.count('class="card"')
        3
    """
    hand = _cards_arg("hand_svg", cards)
    t = _check("hand_svg", scale, colors, lang)
    _check_trump("hand_svg", trump, rules)
    if layout not in ("row", "fan"):
        raise DrawingError(f"hand_svg: layout is 'row' or 'fan', not {layout!r}")
    if orientation not in ("horizontal", "vertical"):
        raise DrawingError(
            f"hand_svg: orientation is 'horizontal' or 'vertical', not {orientation!r}"
        )
    if sort:
        hand = tuple(sorted(hand, key=hand_order))
    style = _style(colors, rules, trump, lang=lang)
    vertical = orientation == "vertical"
    if not hand:
        label = t.gettext("no cards")
        return _document(CARD_WIDTH + 4, CARD_HEIGHT + 4, "", scale, label, "setback-hand")
    if face_up:
        label = t.gettext("a hand: {cards}").format(cards=" ".join(c.symbol for c in hand))
    else:
        label = t.ngettext(
            "a hand of {count} face-down card", "a hand of {count} face-down cards", len(hand)
        ).format(count=len(hand))
    if layout == "row":
        step = 32.0
        boxes = [
            ((0.0, i * step, 0.0) if vertical else (i * step, 0.0, 0.0)) for i in range(len(hand))
        ]
        x0, y0, x1, y1 = _bbox(boxes, 1)
        body = "".join(
            _card(card if face_up else None, x - x0 + 4, y - y0 + 4, style)
            for card, (x, y, _) in zip(hand, boxes, strict=True)
        )
        return _document(x1 - x0 + 8, y1 - y0 + 8, body, scale, label, "setback-hand")
    boxes = _fan_boxes(len(hand), 30.0, 60.0)
    x0, y0, x1, y1 = _bbox(boxes, 1)
    body = "".join(
        _card(card if face_up else None, x - x0 + 4, y - y0 + 4, style, angle=angle)
        for card, (x, y, angle) in zip(hand, boxes, strict=True)
    )
    width, height = x1 - x0 + 8, y1 - y0 + 8
    if vertical:  # the fan turned a quarter clockwise: it opens to the right
        body = f'<g transform="translate({_num(height)} 0) rotate(90)">{body}</g>'
        width, height = height, width
    return _document(width, height, body, scale, label, "setback-hand")


# --- a trick --------------------------------------------------------------------------


def _direction(seat: int, bottom: int, players: int) -> tuple[float, float]:
    """The unit direction from the table's centre to `seat`, with `bottom` at the bottom
    and play passing clockwise (the next seat on the bottom seat's left)."""
    a = 2 * math.pi * ((seat - bottom) % players) / players
    return -math.sin(a), math.cos(a)


def _trick_radii(players: int) -> tuple[float, float]:
    """How far a trick's cards lie from its centre, across and down: room for each seat's
    card and its label beside the next one."""
    more = max(0, players - 4)
    return 95 + 19 * more, 72 + 13.5 * more


_Box = tuple[float, float, float, float]
"""A rectangle: left, top, right, bottom."""


def _overlaps(a: _Box, b: _Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _label_box(x: float, baseline: float, anchor: str, width: float) -> _Box:
    """The room a label of size 11 takes at `(x, baseline)`, `width` wide."""
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return left, baseline - 9, left + width, baseline + 2


@attrs.frozen
class _TrickPlace:
    """Where a seat's card of a trick lies, from the trick's centre (its top left), and
    its label (the point the text is anchored at, its baseline, `text-anchor`)."""

    x: float
    y: float
    label_x: float
    label_y: float
    anchor: str
    width: float
    """The label's longest words' width (`"{seat} led"`)."""

    def boxes(self) -> tuple[_Box, _Box]:
        """The card's rectangle and its label's."""
        card = (self.x, self.y, self.x + CARD_WIDTH, self.y + CARD_HEIGHT)
        return card, _label_box(self.label_x, self.label_y, self.anchor, self.width)


def _trick_places(players: int, bottom: int, style: _Style) -> list[_TrickPlace]:
    """Each seat's card round the centre `(0, 0)`, towards its seat, and its label: away
    from the centre (below a card in the lower half, above one in the upper half), else
    the other way, else beside it, whichever first lies on no card of a whole trick
    (measured by its longest words, `"{seat} led"`: a label never moves in a trick)."""
    rx, ry = _trick_radii(players)
    corners = []
    for seat in range(players):
        dx, dy = _direction(seat, bottom, players)
        corners.append((dx, dy, dx * rx - CARD_WIDTH / 2, dy * ry - CARD_HEIGHT / 2))
    cards = [(x, y, x + CARD_WIDTH, y + CARD_HEIGHT) for _, _, x, y in corners]
    places = []
    for seat, (dx, dy, x, y) in enumerate(corners):
        width = _text_width(style._("{seat} led").format(seat=style.seat(seat)), 11)
        below = (x + CARD_WIDTH / 2, y + CARD_HEIGHT + 13, "middle")
        above = (x + CARD_WIDTH / 2, y - 5, "middle")
        middle = y + CARD_HEIGHT / 2 + 4
        beside = (x - 4, middle, "end") if dx < 0 else (x + CARD_WIDTH + 4, middle, "start")
        spots = [below, above, beside] if dy > -0.01 else [above, below, beside]
        free = [
            spot
            for spot in spots
            if not any(_overlaps(_label_box(*spot, width), card) for card in cards)
        ]
        places.append(_TrickPlace(x, y, *(free or spots)[0], width))
    return places


def _trick_cards(
    trick: TrickLike, cx: float, cy: float, places: list[_TrickPlace], style: _Style
) -> str:
    """The cards of a trick round `(cx, cy)` at their places (`_trick_places`), the
    winner's edged in gold, each labelled with its seat; the labels are drawn after
    every card, so that no card covers one."""
    cards: list[str] = []
    notes: list[str] = []
    for order, (seat, card) in enumerate(trick.plays):
        place = places[seat]
        won = trick.winner == seat
        cards.append(
            _card(card, cx + place.x, cy + place.y, style, highlight=won, css="won" if won else "")
        )
        note = style.seat(seat)
        if order == 0:
            note = style._("{seat} led").format(seat=note)
        notes.append(
            _text(
                cx + place.label_x,
                cy + place.label_y,
                note,
                size=11,
                fill="#ffffff",
                anchor=place.anchor,
            )
        )
    return "".join(cards + notes)


def trick_svg(
    trick: TrickLike,
    *,
    players: int | None = None,
    bottom: int = 0,
    scale: float = 1.0,
    colors: int = 4,
    trump: Suit | None = None,
    rules: Rules | None = None,
    lang: str = "en",
) -> str:
    """A trick as an SVG picture: each card on a green cloth towards its seat's place, the
    lead marked, and a finished trick's winner edged in gold.

    Args:
        trick: the trick (in progress or finished).
        players: how many seats the table has (`rules.players` when `rules` is given;
            else at least 4, and enough for every seat in the trick).
        bottom: the seat drawn at the bottom (the next seat sits on its left).
        scale: how many pixels a unit is (a card is 60 by 84 units).
        colors: 4 (clubs green, diamonds blue) or 2 (red and black).
        trump: the trump suit, if known (its off cards get a badge, see `card_svg`).
        rules: the rules of the game (the seats and the trump's off cards).
        lang: the language of the labels (`"en"`, `"de"`, `"sv"` or `"fr"`).

    Returns:
        The SVG text.

    Raises:
        TypeError: `trick` is not a `Trick`, or an option is of the wrong kind.
        DrawingError: `players`, `bottom`, `scale` or `colors` is out of range.
        LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
    """
    if not is_trick(trick):
        raise kind_error("trick_svg", "a Trick", trick)
    t = _check("trick_svg", scale, colors, lang)
    _check_trump("trick_svg", trump, rules)
    seats = [trick.leader, *(seat for seat, _ in trick.plays)]
    if players is None:
        players = rules.players if rules is not None else max(4, max(seats) + 1)
    if type(players) is not int:
        raise kind_error("trick_svg", "players as an int", players)
    if not 2 <= players <= 8 or max(seats) >= players:
        raise DrawingError(f"trick_svg: players must be 2 to 8 and seat every play, not {players}")
    _check_seat("trick_svg", "bottom", bottom, players)
    style = _style(colors, rules, trump, lang=lang)
    if trick.winner is not None:
        note = t.gettext("won by {seat}").format(seat=style.seat(trick.winner))
    elif trick.plays:
        note = t.gettext("led by {seat}").format(seat=style.seat(trick.leader))
    else:
        note = t.gettext("{seat} to lead").format(seat=style.seat(trick.leader))
    places = _trick_places(players, bottom, style)
    boxes = [box for place in places for box in place.boxes()]
    left, top = min(box[0] for box in boxes), min(box[1] for box in boxes)
    right, low = max(box[2] for box in boxes), max(box[3] for box in boxes)
    width = max(right - left, _text_width(note, 12)) + 24  # the cards, or the note below
    height = low - top + 42
    body = [
        f'<rect width="{_num(width)}" height="{_num(height)}" rx="14" fill="{_FELT}"/>',
        _trick_cards(trick, width / 2 - (left + right) / 2, 12 - top, places, style),
    ]
    body.append(_text(10, height - 10, note, size=12, fill="#ffffff"))
    plays = ", ".join(
        t.gettext("{seat} {card}").format(seat=style.seat(seat), card=card.symbol)
        for seat, card in trick.plays
    )
    label = (
        t.gettext("a trick: {plays}").format(plays=plays)
        if plays
        else t.gettext("a trick: no cards yet")
    )
    return _document(width, height, "".join(body), scale, label, "setback-trick")


def _check_seat(function: str, name: str, seat: object, players: int) -> None:
    if type(seat) is not int:
        raise kind_error(function, f"{name} as a seat (int)", seat)
    if not 0 <= seat < players:
        raise DrawingError(f"{function}: {name} must be a seat, 0 to {players - 1}, not {seat}")


# --- the table ------------------------------------------------------------------------

_TABLE_W = 1000.0
_TABLE_H = 790.0
_TOP = 92.0
"""The header's height: the hand, the auction, the contract and the scores above the cloth."""


@attrs.frozen
class _Seat:
    """What the picture shows of one seat: its cards (face up) or how many (face down),
    its discards, whether its cards may be played now, and the kitty it took (where the
    picture may show the kitty's cards)."""

    cards: tuple[Card, ...] | int
    face_up: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = ()
    legal: frozenset[Card] = frozenset()
    kitty: tuple[Card, ...] = ()


def _sides_text(style: _Style, sides: Sequence[Sequence[int]], side: int | None) -> str:
    """A side by its seats: `seat 1`, `seats 0+2`, `nobody`, in the picture's language."""
    if side is None:
        return style._("nobody")
    seats = sides[side]
    return style.t.ngettext("seat {seats}", "seats {seats}", len(seats)).format(
        seats="+".join(map(str, seats))
    )


def _row(
    cards: Sequence[Card | None],
    x: float,
    y: float,
    style: _Style,
    *,
    k: float,
    step: float,
    legal: frozenset[Card] = frozenset(),
) -> str:
    return "".join(
        _card(
            card,
            x + i * step,
            y,
            style,
            k=k,
            css="legal" if card in legal else "",
            highlight=card in legal,
        )
        for i, card in enumerate(cards)
    )


def _wrap(words: str, limit: int) -> list[str]:
    """`words` (items joined by `"; "`) in lines of about `limit` characters, broken
    between items."""
    lines: list[str] = []
    for item in words.split("; ") if words else []:
        if lines and len(lines[-1]) + 2 + len(item) <= limit:
            lines[-1] += "; " + item
        else:
            lines.append(item)
    return lines


def _row_width(n: int, k: float, step: float) -> float:
    return CARD_WIDTH * k + step * (n - 1) if n else 0.0


def _seat_block(
    seat: int,
    info: _Seat,
    cx: float,
    cy: float,
    style: _Style,
    *,
    me: bool,
    title: str,
    tags: str,
    to_act: bool,
) -> str:
    """One seat round `(cx, cy)`, kept inside the cloth: a label (the seat, its tags; on
    more lines where it is long), its hand (full size for the seat whose view it is, else
    smaller), and its face-up and its own discards and the kitty it took (beside a
    full-size hand, else below)."""
    k, step = (1.0, 36.0) if me else (0.7, 20.0 if isinstance(info.cards, tuple) else 11.0)
    cards: list[Card | None] = []
    if isinstance(info.cards, int):
        cards.extend([None] * info.cards)
    else:
        held: list[Card] = sorted(info.cards, key=hand_order)
        cards.extend(held)
    extras = [
        (name, css, group)
        for name, css, group in (
            (style._("discarded face up"), "face-up", info.face_up),
            (style._("your discards") if me else style._("discarded"), "discards", info.discards),
            (style._("the kitty taken"), "kitty", sorted(info.kitty, key=hand_order)),
        )
        if group
    ]
    small, small_step = 0.55, 18.0
    x = 0.0
    small_h = 13 + CARD_HEIGHT * small
    lines = [f"{title}{tags}"]  # one line; where it is long, the title, then the tags
    room = 2 * _LABEL_W if me else _LABEL_W  # the seat at the bottom is beside no trick
    if tags and _text_width(lines[0], 13, bold=True) > room:
        lines = [title]
        for tag in tags.removeprefix(" · ").split(" · "):
            joined = f"{lines[-1]} · {tag}"
            fits = len(lines) > 1 and _text_width(joined, 13, bold=True) <= room
            lines[-1:] = [joined] if fits else [lines[-1], tag]
    head = 3 + 15 * len(lines)  # the label's height, down to the cards
    hand_w = _row_width(len(cards), k, step)
    extra_w = max((_row_width(len(group), small, small_step) for *_, group in extras), default=0)
    if me:
        height = head + max(CARD_HEIGHT * k, len(extras) * (small_h + 4) - 4)
        left = cx - hand_w / 2
        right = cx + hand_w / 2 + (16 + extra_w if extras else 0)
    else:
        height = head + CARD_HEIGHT * k + len(extras) * (small_h + 4)
        half = max(hand_w, extra_w) / 2
        left, right = cx - half, cx + half
    text_half = max(_text_width(line, 13, bold=True) for line in lines) / 2
    left, right = min(left, cx - text_half), max(right, cx + text_half)
    shift = max(0.0, 24 - left) + min(0.0, _TABLE_W - 24 - right)  # kept on the cloth
    cx, left, right = cx + shift, left + shift, right + shift
    top = cy - height / 2
    top = max(_TOP + 10, min(top, _TABLE_H - 40 - height))
    parts = [f'<g class="seat" data-seat="{seat}">']
    if to_act:
        parts.append(
            f'<rect x="{_num(left - 8)}" y="{_num(top - 4)}" width="{_num(right - left + 16)}" '
            f'height="{_num(height + 8)}" rx="8" fill="#ffffff" fill-opacity="0.12" '
            f'stroke="{_GOLD}" stroke-width="2.5"/>'
        )
    colour = "#ffd84d" if to_act else "#ffffff"
    for n, line in enumerate(lines):
        y = top + 12 + 15 * n
        parts.append(_text(cx, y, line, size=13, fill=colour, anchor="middle", weight="bold"))
    y = top + head
    parts.append(_row(cards, cx - hand_w / 2, y, style, k=k, step=step, legal=info.legal))
    if me:
        x, y = cx + hand_w / 2 + 16, top + head
    else:
        y += CARD_HEIGHT * k + 4
    for name, css, group in extras:
        w = _row_width(len(group), small, small_step)
        gx = x if me else cx - w / 2
        parts.append(f'<g class="{css}">')
        parts.append(
            _text(
                gx + (0 if me else w / 2),
                y + 10,
                name,
                size=10,
                fill="#d8ecd8",
                anchor="start" if me else "middle",
            )
        )
        parts.append(_row(group, gx, y + 13, style, k=small, step=small_step))
        parts.append("</g>")
        y += small_h + 4
    parts.append("</g>")
    return "".join(parts)


_LABEL_W = 260.0
"""The widest a line of a seat's label is drawn (as `_text_width` measures it; twice that
for the seat whose view it is); a longer label takes more lines, its title and then its
tags, so that a seat beside the trick keeps clear of it."""


def _seat_place(seat: int, bottom: int, players: int) -> tuple[float, float]:
    dx, dy = _direction(seat, bottom, players)
    cx, cy = _TABLE_W / 2, _TOP + (_TABLE_H - _TOP) / 2 - 2
    return cx + dx * 375, cy + dy * 262


def _table(
    *,
    rules: Rules,
    phase: Phase,
    to_act: int | None,
    dealer: int,
    hand_number: int,
    scores: tuple[int, ...],
    winner: int | None,
    bids: tuple[tuple[int, Action], ...],
    pitcher: int | None,
    contract: int | None,
    trump: Suit | None,
    trick: TrickLike | None,
    tricks: tuple[TrickLike, ...],
    seats: Sequence[_Seat],
    stock: int,
    kitty: tuple[Card, ...] | int,
    called: Card | None,
    partner: int | None,
    bottom: int,
    me: int | None,
    footer: str,
    scale: float,
    colors: int,
    lang: str,
    css: str,
) -> str:
    """The picture a view and a state share: the header, the cloth, every seat, the
    kitty still face down (`kitty`: its cards, or how many for a view), the called card
    and the partner as far as the reader may know him, the trick."""
    players = rules.players
    dead: set[Card] = set()
    if rules.trumps_only and trump is not None and phase is Phase.PLAY:
        table = trump_table(trump, rules)
        for info in seats:
            if isinstance(info.cards, tuple):
                dead.update(c for c in info.cards if not table.is_trump(c))
    style = _style(colors, rules, trump, dead=dead, lang=lang)
    t = style.t
    parts = [
        f'<rect width="{_num(_TABLE_W)}" height="{_num(_TABLE_H)}" fill="#f6f3ea"/>',
        f'<rect x="8" y="{_num(_TOP)}" width="{_num(_TABLE_W - 16)}" '
        f'height="{_num(_TABLE_H - _TOP - 8)}" rx="40" fill="{_FELT}"/>',
    ]
    over = phase is Phase.GAME_OVER
    header, label = _header(
        style,
        rules,
        phase=phase,
        to_act=to_act,
        dealer=dealer,
        hand_number=hand_number,
        scores=scores,
        winner=winner,
        bids=bids,
        pitcher=pitcher,
        contract=contract,
        me=me,
        lang=lang,
    )
    parts += header
    if trump is not None and not over:
        parts.append(_trump_badge(style, trump))
    if not over:
        parts.append(_kitty_and_call(style, kitty, called, partner, pitcher))
    if stock and not over and (rules.draw or rules.draws_back or rules.discards_and_draws):
        parts.append(
            _text(
                _TABLE_W - 30,
                _TOP + 30,
                t.ngettext("stock: {count} card", "stock: {count} cards", stock).format(
                    count=stock
                ),
                size=12,
                fill="#ffffff",
                anchor="end",
            )
        )
    parts += _seat_blocks(
        style,
        rules,
        seats,
        tricks,
        dealer=dealer,
        pitcher=pitcher,
        to_act=to_act,
        trump=trump,
        called=called,
        partner=partner,
        me=me,
        bottom=bottom,
        over=over,
    )
    parts += _trick_shown(style, trick, tricks, players=players, bottom=bottom, over=over)
    if footer:
        footer = _fitted(footer, 13, _TABLE_W - 48)  # inside the cloth's rounded corners
        parts.append(_text(16, _TABLE_H - 18, footer, size=13, fill="#ffffff"))
    return _document(_TABLE_W, _TABLE_H, "".join(parts), scale, label, css)


def _header(
    style: _Style,
    rules: Rules,
    *,
    phase: Phase,
    to_act: int | None,
    dealer: int,
    hand_number: int,
    scores: tuple[int, ...],
    winner: int | None,
    bids: tuple[tuple[int, Action], ...],
    pitcher: int | None,
    contract: int | None,
    me: int | None,
    lang: str,
) -> tuple[list[str], str]:
    """The table's header: the game, the hand, the auction, and the scores on the right;
    and its two lines, for the picture's label."""
    _ = style._
    players, sides = rules.players, rules.sides
    over = phase is Phase.GAME_OVER
    parts: list[str] = []
    if rules.hands_limit is None:
        line1 = _("{players} players, target {target}").format(players=players, target=rules.target)
    else:
        line1 = _("{players} players, {limit} played hands").format(
            players=players, limit=rules.hands_limit
        )
    if me is not None:
        line1 = _("Seat {seat}'s view: {table}").format(seat=me, table=line1)
    if over:
        line2 = _("Game over after hand {number}: {side} won").format(
            number=hand_number + 1, side=_sides_text(style, sides, winner)
        )
    else:
        line1 += " · " + _("hand {number}, dealer {seat}").format(
            number=hand_number + 1, seat=style.seat(dealer)
        )
        line2 = _("{phase}: {seat} to act").format(
            phase=phase_text(phase, lang=lang), seat=style.seat(to_act)
        )
        if pitcher is not None and contract is not None:
            line2 += " · " + _("Contract: {seat} {contract}").format(
                seat=style.seat(pitcher), contract=contract_text(rules, contract, lang=lang)
            )
    parts.append(_text(16, 24, line1, size=15, weight="bold"))
    parts.append(_text(16, 46, line2, size=14))
    if bids and not over:
        calls = [
            _("{seat} {action}").format(seat=style.seat(s), action=action_text(a, lang=lang))
            for s, a in bids
        ]
        shown = list(calls)
        while len(shown) > 1 and len(", ".join(shown)) > 96:
            shown = shown[1:]  # the latest calls, where they do not all fit
        earlier = "… " if len(shown) < len(calls) else ""
        auction = _("Auction: {calls}").format(calls=earlier + ", ".join(shown))
        parts.append(_text(16, 68, auction, size=13, fill="#333333"))
    many = len(scores) > 3  # two columns of smaller lines
    rows = (len(scores) + 1) // 2 if many else len(scores)
    for side, score in enumerate(scores):
        column, row = divmod(side, rows)
        parts.append(
            _text(
                _TABLE_W - 16 - 112 * (1 - column if many else 0),
                (18 + 16 * row) if many else (24 + 20 * row),
                _("{side}: {value}").format(side=_sides_text(style, sides, side), value=score),
                size=12.5 if many else 15,
                anchor="end",
                weight="bold",
            )
        )
    return parts, line1 + "; " + line2


def _trump_badge(style: _Style, trump: Suit) -> str:
    """The trump's badge on the cloth: its pip, named."""
    t, _ = style.t, style._
    tx, ty = 60.0, _TOP + 52
    named = _("Trump: {suit}").format(suit=trump.symbol)
    return (
        f'<g class="trump" data-trump="{trump.letter}"><title>{escape(named)}</title>'
        f'<circle cx="{_num(tx)}" cy="{_num(ty)}" r="30" fill="#ffffff" stroke="{_GOLD}" '
        f'stroke-width="3"/>{_pip(trump, tx, ty - 4, 30, style.colours[trump])}'
        + _text(
            tx,
            ty + 22,
            t.pgettext("picture", "trump"),
            size=10,
            anchor="middle",
            fill="#333333",
        )
        + "</g>"
    )


def _seat_blocks(
    style: _Style,
    rules: Rules,
    seats: Sequence[_Seat],
    tricks: tuple[TrickLike, ...],
    *,
    dealer: int,
    pitcher: int | None,
    to_act: int | None,
    trump: Suit | None,
    called: Card | None,
    partner: int | None,
    me: int | None,
    bottom: int,
    over: bool,
) -> list[str]:
    """Every seat: its place, its title and tags (dealer, pitcher, cards, tricks won, the
    partner as far as the reader may know him, the kitty taken), its cards."""
    t, _ = style.t, style._
    players = rules.players
    parts: list[str] = []
    won = [0] * players
    for done in tricks:
        if done.winner is not None:
            won[done.winner] += 1
    for seat, info in enumerate(seats):
        x, y = _seat_place(seat, bottom, players)
        tags = []
        if seat == dealer and not over:
            tags.append(_("dealer"))
        if seat == pitcher:
            tags.append(_("pitcher"))
        count = info.cards if isinstance(info.cards, int) else len(info.cards)
        if not over:
            tags.append(t.ngettext("{count} card", "{count} cards", count).format(count=count))
        if won[seat]:
            tags.append(
                t.ngettext("{count} trick", "{count} tricks", won[seat]).format(count=won[seat])
            )
        if me is not None and seat != me and rules.side_of(seat) == rules.side_of(me):
            tags.append(_("partner"))
        elif called is not None and partner is not None and seat == partner != pitcher:
            tags.append(_("the pitcher's partner"))
        if rules.kitty and trump is not None and seat == pitcher and not info.kitty:
            tags.append(_("took the kitty"))
        if seat == me:
            title = _("You ({seat})").format(seat=style.seat(seat))
        else:
            title = _("Seat {seat}").format(seat=seat)
        parts.append(
            _seat_block(
                seat,
                info,
                x,
                y,
                style,
                me=seat == me,
                title=title,
                tags=(" · " + " · ".join(tags)) if tags else "",
                to_act=seat == to_act,
            )
        )
    return parts


def _trick_shown(
    style: _Style,
    trick: TrickLike | None,
    tricks: tuple[TrickLike, ...],
    *,
    players: int,
    bottom: int,
    over: bool,
) -> list[str]:
    """The trick in progress, or the last one finished with its winner (none once the game
    is over)."""
    _ = style._
    parts: list[str] = []
    cx, cy = _TABLE_W / 2, _TOP + (_TABLE_H - _TOP) / 2 - 2
    places = _trick_places(players, bottom, style)
    if trick is not None and trick.plays:
        parts.append('<g class="trick">' + _trick_cards(trick, cx, cy, places, style) + "</g>")
    elif tricks and not over:
        parts.append(
            '<g class="trick last">'
            + _trick_cards(tricks[-1], cx, cy, places, style)
            + _text(
                cx,
                cy + 4,
                _("trick {number}: {seat}").format(
                    number=len(tricks), seat=style.seat(tricks[-1].winner)
                ),
                size=12,
                fill="#ffffff",
                anchor="middle",
            )
            + "</g>"
        )
    return parts


def _kitty_and_call(
    style: _Style,
    kitty: tuple[Card, ...] | int,
    called: Card | None,
    partner: int | None,
    pitcher: int | None,
) -> str:
    """Beside the trump: the kitty while it lies on the table (face down, or face up for
    the whole state), labelled; call your partner's called card, with the partner as far
    as the picture's reader may know him."""
    parts: list[str] = []
    x, y, k, step = 104.0, _TOP + 16, 0.6, 9.0
    count = kitty if isinstance(kitty, int) else len(kitty)
    if count:
        cards: list[Card | None]
        if isinstance(kitty, int):
            cards = [None] * count
            words = style.t.ngettext(
                "Kitty: {count} card face down", "Kitty: {count} cards face down", count
            ).format(count=count)
        else:
            shown = sorted(kitty, key=hand_order)
            cards = list(shown)
            words = style._("Kitty (face down): {cards}").format(
                cards=" ".join(c.symbol for c in shown)
            )
        parts.append(
            '<g class="kitty">'
            + _row(cards, x, y, style, k=k, step=step)
            + _text(x + _row_width(count, k, step) + 8, y + 30, words, size=12, fill="#ffffff")
            + "</g>"
        )
        y += CARD_HEIGHT * k + 10
    if called is not None:
        if partner is None:
            words = style._("Called: {card} (partner not yet known)")
        elif partner == pitcher:
            words = style._("Called: {card} (the pitcher plays alone)")
        else:
            words = style._("Called: {card} (partner {seat})")
        words = words.format(card=called.symbol, seat=style.seat(partner))
        parts.append(
            f'<g class="called" data-called="{called}">'
            + _card(called, x, y, style, k=k, css="called")
            + _text(x + CARD_WIDTH * k + 8, y + 30, words, size=12, fill="#ffffff")
            + "</g>"
        )
    return "".join(parts)


def view_svg(
    view: PlayerViewLike,
    *,
    bottom: int | None = None,
    scale: float = 1.0,
    colors: int = 4,
    lang: str = "en",
) -> str:
    """The table as one seat sees it, as an SVG picture: its own cards face up (the ones it
    may play now edged in gold, class `legal`), the other seats' cards face down with
    their counts, the trick in progress (or the last one won), the trump, the contract,
    the auction, the scores, whose turn it is (edged in gold), the face-up discards and
    the seat's own discards; under `trumps_only`, its dead cards (no trumps) dimmed; a
    kitty face down while it lies on the table (the pitcher then sees the kitty he took);
    under call your partner, the called card and, once the seat may know him, the
    partner.

    It shows no card the seat may not see: every face-up card it draws is in the view.

    Args:
        view: the seat's view (`observe(state, seat)`).
        bottom: the seat drawn at the bottom; the view's own seat by default.
        scale: how many pixels a unit is (the picture is 1000 by 790 units).
        colors: 4 (clubs green, diamonds blue) or 2 (red and black).
        lang: the language of the words (`"en"`, `"de"`, `"sv"` or `"fr"`).

    Returns:
        The SVG text.

    Raises:
        TypeError: `view` is not a `PlayerView` (a `GameState` is drawn by `state_svg`),
            or an option is of the wrong kind.
        DrawingError: `bottom`, `scale` or `colors` is out of range.
        LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
    """
    if not is_view(view):
        if is_state(view):
            raise TypeError("view_svg takes a PlayerView, not a GameState: use state_svg")
        raise kind_error("view_svg", "a PlayerView", view)
    t = _check("view_svg", scale, colors, lang)
    rules = view.rules
    bottom = view.seat if bottom is None else bottom
    _check_seat("view_svg", "bottom", bottom, rules.players)
    legal = frozenset(a.card for a in view.legal_actions if isinstance(a, Play | Pitch))
    seats = [
        _Seat(
            view.hand if seat == view.seat else view.hand_sizes[seat],
            face_up=view.face_up_discards[seat] if view.face_up_discards else (),
            discards=view.discards if seat == view.seat else (),
            legal=legal if seat == view.seat else frozenset(),
            kitty=view.kitty if seat == view.seat else (),
        )
        for seat in range(rules.players)
    ]
    if view.phase is Phase.GAME_OVER:
        footer = ""
    elif view.is_my_turn:
        choices = ", ".join(action_text(a, lang=lang) for a in view.legal_actions)
        footer = t.gettext("Your turn: {choices}").format(choices=choices)
    else:
        footer = t.gettext("Waiting for {seat}").format(
            seat=t.gettext("seat {seat}").format(seat=view.to_act)
        )
    return _table(
        rules=rules,
        phase=view.phase,
        to_act=view.to_act,
        dealer=view.dealer,
        hand_number=view.hand_number,
        scores=view.scores,
        winner=view.winner,
        bids=view.bids,
        pitcher=view.pitcher,
        contract=view.contract,
        trump=view.trump,
        trick=view.trick,
        tricks=view.tricks,
        seats=seats,
        stock=view.stock_size,
        kitty=view.kitty_size,
        called=view.called,
        partner=view.partner,
        bottom=bottom,
        me=view.seat,
        footer=footer,
        scale=scale,
        colors=colors,
        lang=lang,
        css="setback-view",
    )


def state_svg(
    state: GameStateLike,
    *,
    bottom: int = 0,
    scale: float = 1.0,
    colors: int = 4,
    lang: str = "en",
) -> str:
    """The whole table as the server sees it, as an SVG picture: every hand face up, every
    seat's discards, the trick in progress (or the last one won), the trump, the
    contract, the auction, the scores and whose turn it is (edged in gold); under
    `trumps_only`, the dead cards (no trumps) dimmed; a kitty face up while it lies on
    the table, then beside the pitcher who took it; under call your partner, the called
    card and the partner. Show a player `view_svg` of their view instead.

    Args:
        state: the game state.
        bottom: the seat drawn at the bottom (the next seat sits on its left).
        scale: how many pixels a unit is (the picture is 1000 by 790 units).
        colors: 4 (clubs green, diamonds blue) or 2 (red and black).
        lang: the language of the words (`"en"`, `"de"`, `"sv"` or `"fr"`).

    Returns:
        The SVG text.

    Raises:
        TypeError: `state` is not a `GameState` (a view is drawn by `view_svg`), or an
            option is of the wrong kind.
        DrawingError: `bottom`, `scale` or `colors` is out of range.
        LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
    """
    if not is_state(state):
        if is_view(state):
            raise TypeError("state_svg takes a GameState, not a PlayerView: use view_svg")
        raise kind_error("state_svg", "a GameState", state)
    _check("state_svg", scale, colors, lang)
    rules = state.rules
    _check_seat("state_svg", "bottom", bottom, rules.players)
    over = state.is_over
    hands = state.hands
    face_up = state.face_up_discards
    discards = state.discards
    taken = state.kitty if state.trump is not None else ()  # in the pitcher's hand now
    seats = [
        _Seat(
            () if over else hands[seat],
            face_up=face_up[seat],
            discards=discards[seat],
            kitty=taken if seat == state.pitcher else (),
        )
        for seat in range(rules.players)
    ]
    return _table(
        rules=rules,
        phase=state.phase,
        to_act=state.to_act,
        dealer=state.dealer,
        hand_number=state.hand_number,
        scores=state.scores,
        winner=state.winner,
        bids=state.bids,
        pitcher=state.pitcher,
        contract=state.contract,
        trump=state.trump,
        trick=state.trick,
        tricks=state.tricks,
        seats=seats,
        stock=len(state.stock),
        kitty=() if state.trump is not None else state.kitty,
        called=state.called,
        partner=state.partner,
        bottom=bottom,
        me=None,
        footer="",
        scale=scale,
        colors=colors,
        lang=lang,
        css="setback-state",
    )


# --- a finished hand ------------------------------------------------------------------


def hand_result_svg(
    result: HandResultLike,
    rules: Rules | None = None,
    *,
    scale: float = 1.0,
    colors: int = 4,
    lang: str = "en",
) -> str:
    """A finished hand as an SVG picture: the contract and what it scored, who took each
    point, each seat's cards as trick play began (cards never played, the dead cards of
    `trumps_only`, dimmed) with its discards and the kitty the pitcher took, and every
    trick in playing order with its winner's card edged in gold. Under call your partner
    it names the called card, the partner and the two sides.

    A `PlayerView`'s `last_result` draws only what that seat may see.

    Args:
        result: the finished hand (`state.history[-1]`, `view.last_result`).
        rules: the game's rules, for the trump's off cards; without them the jokers,
            and the off-jack where the hand awards it, are marked.
        scale: how many pixels a unit is.
        colors: 4 (clubs green, diamonds blue) or 2 (red and black).
        lang: the language of the words (`"en"`, `"de"`, `"sv"` or `"fr"`).

    Returns:
        The SVG text.

    Raises:
        TypeError: `result` is not a `HandResult`, or an option is of the wrong kind.
        DrawingError: `scale` or `colors` is out of range.
        LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
    """
    if not is_result(result):
        raise kind_error("hand_result_svg", "a HandResult", result)
    t = _check("hand_result_svg", scale, colors, lang)
    _check_trump("hand_result_svg", None, rules)
    players = len(result.hands)
    side_count = len(result.card_points) or len(result.score_changes)
    sides = [
        [s for s in range(players) if seat_side(s, side_count) == side]
        for side in range(side_count)
    ]
    played = {card for trick in result.tricks for _, card in trick.plays}
    held = {card for cards in result.hands for card in cards}
    dead = held - played if result.tricks else set()
    style = _style(
        colors,
        rules,
        result.trump,
        off_jack=any(name == "off_jack" for name, _ in result.awards),
        dead=dead,
        lang=lang,
    )
    _ = style._
    k, step = 0.7, 20.0
    row_h = CARD_HEIGHT * k + 16
    # the header's words (drawn once the width is known)
    title = _("Hand {number}, dealer {seat}").format(
        number=result.number + 1, seat=style.seat(result.dealer)
    )
    awards = ""
    call = ""
    if result.pitcher is None or result.contract is None:
        line2 = _("Passed out: nobody scored")
    else:
        if rules is not None:
            bid = contract_text(rules, result.contract, lang=lang)
        else:
            bid = t.pgettext("contract", "bid {level}").format(level=result.contract)
        line2 = _("{seat} {contract}, trump {suit}: {outcome}").format(
            seat=style.seat(result.pitcher),
            contract=bid,
            suit=result.trump.symbol if result.trump is not None else "-",
            outcome=_("made it") if result.made else _("set back"),
        )
        awards = "; ".join(
            _("{point}: {side}").format(
                point=point_text(name, lang=lang), side=_sides_text(style, sides, side)
            )
            for name, side in result.awards
        )
        if result.called is not None:
            call = _call_sides(style, result, players)
    scores = ", ".join(
        _("{side} {score}").format(side=_sides_text(style, sides, side), score=f"{change:+d}")
        for side, change in enumerate(result.score_changes)
    )
    game = any(name == "game" for name, _side in result.awards)  # card points score only so
    if result.card_points and result.pitcher is not None and game:
        scores += " · " + _("card points {points}").format(
            points="–".join(map(str, result.card_points))
        )
    # the deal, one row a seat
    left: list[str] = [_text(16, 14, _("The cards"), size=13, weight="bold")]
    y = 22.0
    deal_w = 0.0
    for seat, cards in enumerate(result.hands):
        ordered = sorted(cards, key=hand_order)
        left.append(_text(16, y + 28, style.seat(seat), size=12))
        left.append(_row(ordered, 70, y, style, k=k, step=step))
        x = 70 + _row_width(len(ordered), k, step) + 10
        extra = list(result.discards[seat]) if result.discards else []
        extra_up = list(result.face_up_discards[seat]) if result.face_up_discards else []
        kitty = sorted(result.kitty, key=hand_order) if seat == result.pitcher else []
        for name, css, group in (
            (_("discarded"), "discards", extra),
            (_("discarded face up"), "face-up", extra_up),
            (_("the kitty taken"), "kitty", kitty),
        ):
            if group:
                left.append(f'<g class="{css}">')
                left.append(_text(x, y + 8, name, size=9, fill="#555555"))
                left.append(_row(group, x, y + 11, style, k=0.5, step=15))
                left.append("</g>")
                x += max(_row_width(len(group), 0.5, 15), 5.2 * len(name)) + 10
        deal_w = max(deal_w, x)
        y += row_h
    deal_h = y
    # the tricks, one row each
    tx = max(deal_w, 300) + 20
    right: list[str] = (
        [_text(tx, 14, _("The tricks"), size=13, weight="bold")] if result.tricks else []
    )
    y = 22.0
    for number, trick in enumerate(result.tricks, 1):
        right.append(_text(tx, y + 28, f"{number}.", size=12))
        for i, (seat, card) in enumerate(trick.plays):
            x = tx + 26 + i * (CARD_WIDTH * k + 6)
            won = seat == trick.winner
            right.append(_card(card, x, y, style, k=k, highlight=won, css="won" if won else ""))
            right.append(
                _text(
                    x + CARD_WIDTH * k / 2,
                    y + CARD_HEIGHT * k + 11,
                    style.seat(seat),
                    size=9,
                    fill="#555555",
                    anchor="middle",
                )
            )
        right.append(
            _text(
                tx + 26 + players * (CARD_WIDTH * k + 6),
                y + 28,
                "→ " + style.seat(trick.winner),
                size=12,
            )
        )
        y += row_h
    width = tx + 26 + players * (CARD_WIDTH * k + 6) + 80 if result.tricks else deal_w + 20
    width = max(width, 560)
    # the header, its list of points wrapped to the width
    head = [_text(16, 24, title, size=15, weight="bold"), _text(16, 45, line2, size=14)]
    top = 64.0
    if call:
        head.append(_text(16, top, call, size=13))
        top += 19
    for line in _wrap(awards, int((width - 32) / 6.8)):
        head.append(_text(16, top, line, size=12, fill="#333333"))
        top += 17
    head.append(
        _text(16, top + 2, _("Score: {scores}").format(scores=scores), size=13, weight="bold")
    )
    top += 18
    height = top + max(deal_h, y) + 10
    body = (
        f'<rect width="{_num(width)}" height="{_num(height)}" fill="#f6f3ea"/>'
        + "".join(head)
        + f'<g transform="translate(0 {_num(top)})">'
        + "".join(left + right)
        + "</g>"
    )
    return _document(width, height, body, scale, f"{title}: {line2}", "setback-hand-result")


def _call_sides(style: _Style, result: HandResultLike, players: int) -> str:
    """Call your partner's line of a finished hand: the called card, the partner and the
    two sides (`Called: Q♠ (partner seat 1) · seats 4+1 against seats 0+2+3`)."""
    assert result.called is not None and result.pitcher is not None
    partner = result.partner
    if partner is None or partner == result.pitcher:
        words = style._("Called: {card} (the pitcher plays alone)")
        pitchers = [result.pitcher]
    else:
        words = style._("Called: {card} (partner {seat})")
        pitchers = [result.pitcher, partner]
    others = [seat for seat in range(players) if seat not in pitchers]
    t = style.t
    sides = style._("{pitchers} against {others}").format(
        pitchers=t.ngettext("seat {seats}", "seats {seats}", len(pitchers)).format(
            seats="+".join(map(str, pitchers))
        ),
        others=t.ngettext("seat {seats}", "seats {seats}", len(others)).format(
            seats="+".join(map(str, others))
        ),
    )
    return words.format(card=result.called.symbol, seat=style.seat(partner)) + " · " + sides
