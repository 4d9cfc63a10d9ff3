"""`setback.svg`: every picture is SVG, names its cards, and a view's picture shows no card
its seat may not see."""

from __future__ import annotations

import contextlib
import io
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from xml.sax import saxutils

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import setback
import setback.svg
from setback import (
    CARDS,
    CallPartner,
    Card,
    DrawingError,
    GameState,
    HandResult,
    Phase,
    Pitch,
    PlayerView,
    Rules,
    Suit,
    Trick,
    _face,
    apply_action,
    legal_actions,
    new_game,
    observe,
    parse_cards,
    trump_table,
)
from setback.rules import PRESET_NAMES
from setback.svg import card_svg, hand_result_svg, hand_svg, state_svg, trick_svg, view_svg
from setback.text import LANGUAGES, translation

from . import support
from .support import english_left, slow_cases

NS = "{http://www.w3.org/2000/svg}"
MORE_RULES = {
    "trickster-7-call-partner": Rules.trickster(7, players=5),
    "trickster-4-kitty": Rules.trickster(4, kitty=2),
}
"""Rule sets no preset gives: call your partner (five seats) and a kitty."""
TABLES = [*PRESET_NAMES, *MORE_RULES]
"""Every preset, and the rule sets above, by name."""


def rules_named(name: str) -> Rules:
    """A preset, or one of `MORE_RULES`."""
    return MORE_RULES[name] if name in MORE_RULES else Rules.preset(name)


def parsed(svg: str) -> ET.Element:
    """The picture's root, checked: an SVG element with a viewBox of positive size."""
    assert isinstance(svg, str)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    x, y, width, height = map(float, root.attrib["viewBox"].split())
    assert (x, y) == (0, 0) and width > 0 and height > 0
    return root


def cards_and_backs(svg: str) -> tuple[list[str], int]:
    """The `data-card` of every face-up card, in document order, and how many face-down
    cards the picture draws (one parse for both)."""
    elements = list(parsed(svg).iter())
    shown = [el.attrib["data-card"] for el in elements if "data-card" in el.attrib]
    return shown, sum(1 for el in elements if el.attrib.get("class", "").endswith(" back"))


def shown_cards(svg: str) -> list[str]:
    """The `data-card` of every face-up card, in document order."""
    return cards_and_backs(svg)[0]


def backs(svg: str) -> int:
    """How many face-down cards the picture draws."""
    return cards_and_backs(svg)[1]


def texts(cards: Counter[Card]) -> Counter[str]:
    """A multiset of cards as their card text."""
    return Counter({str(card): count for card, count in cards.items()})


def play_out(rules: Rules, seed: int, every: int, steps: int = 400) -> Iterator[GameState]:
    """A random game's states, every `every`-th one and the last (after at most `steps`)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    step = 0
    while not state.is_over and step < steps:
        if step % every == 0:
            yield state
        state = apply_action(state, rng.choice(legal_actions(state)))
        step += 1
    yield state


# --- a card ---------------------------------------------------------------------------


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_a_card_names_itself(card: Card) -> None:
    root = parsed(card_svg(card))
    assert shown_cards(card_svg(card)) == [str(card)]
    titles = [el.text or "" for el in root.iter(f"{NS}title")]
    assert card.symbol in titles[0] and card.symbol in titles[1]


def test_a_card_face_down_names_no_card() -> None:
    svg = card_svg(Card.parse("KS"), face_up=False)
    assert shown_cards(svg) == [] and backs(svg) == 1
    assert "K♠" not in svg and "KS" not in svg


def test_jokers_say_which_joker_they_are() -> None:
    titles = {
        text: parsed(card_svg(Card.parse(text))).find(f"{NS}title").text  # type: ignore[union-attr]
        for text in ("JK", "BJ", "LJ")
    }
    assert titles == {
        "JK": "★ (the joker)",
        "BJ": "B★ (big joker)",
        "LJ": "L★ (little joker)",
    }
    assert "BIG" in card_svg(Card.parse("BJ")) and "LITTLE" in card_svg(Card.parse("LJ"))


def test_the_off_jack_wears_the_trump_badge_where_the_rules_make_it_a_trump() -> None:
    jick = Card.parse("JC")
    ten_point = card_svg(jick, trump=Suit.SPADES, rules=Rules.ten_point())
    assert 'class="card off"' in ten_point
    assert "J♣ (the off-jack, a trump)" in ten_point
    plain = card_svg(jick, trump=Suit.SPADES, rules=Rules.setback())
    assert "off" not in plain and "<title>J♣</title>" in plain
    # under hearts the jick is J♦, not J♣
    assert "off" not in card_svg(jick, trump=Suit.HEARTS, rules=Rules.ten_point())
    joker = card_svg(Card.parse("BJ"), trump=Suit.HEARTS)
    assert "B★ (big joker, a trump)" in joker


def test_two_colours_draw_diamonds_red_four_draw_them_blue() -> None:
    diamond = Card.parse("5D")
    assert "#cc1f1f" in card_svg(diamond, colors=2) and "#1756c4" not in card_svg(diamond, colors=2)
    assert "#1756c4" in card_svg(diamond, colors=4) and "#cc1f1f" not in card_svg(diamond)
    assert "#17803a" in card_svg(Card.parse("5C")) and "#17803a" not in card_svg(
        Card.parse("5C"), colors=2
    )


def test_scale_sets_the_size_not_the_view_box() -> None:
    card = Card.parse("QH")
    small, big = parsed(card_svg(card)), parsed(card_svg(card, scale=2.5))
    assert small.attrib["viewBox"] == big.attrib["viewBox"] == "0 0 64 88"
    assert (small.attrib["width"], small.attrib["height"]) == ("64", "88")
    assert (big.attrib["width"], big.attrib["height"]) == ("160", "220")


# --- a hand ---------------------------------------------------------------------------


def test_a_hand_is_sorted_as_hand_text_sorts_it() -> None:
    cards = parse_cards("2S KS 10H 4C JK")
    assert setback.hand_text(cards) == "♠ K 2   ♥ 10   ♣ 4   ★"
    assert shown_cards(hand_svg(cards)) == ["KS", "2S", "10H", "4C", "JK"]
    assert shown_cards(hand_svg(cards, layout="fan")) == ["KS", "2S", "10H", "4C", "JK"]
    assert shown_cards(hand_svg(cards, sort=False)) == ["2S", "KS", "10H", "4C", "JK"]


def test_a_hand_in_a_row_runs_across_or_down() -> None:
    cards = parse_cards("AS KS QS JS 10S 9S")
    across = parsed(hand_svg(cards)).attrib["viewBox"].split()
    down = parsed(hand_svg(cards, orientation="vertical")).attrib["viewBox"].split()
    assert across == ["0", "0", "228", "92"]  # 60 + 5 steps of 32, and a margin of 4
    assert down == ["0", "0", "68", "252"]


def test_a_fan_turns_its_cards_and_a_vertical_fan_opens_sideways() -> None:
    cards = parse_cards("AS KS QS JS 10S")
    fan = hand_svg(cards, layout="fan")
    turns = re.findall(
        r'data-card="\w+" transform="translate\([^)]*\)(?: rotate\((-?[\d.]+) )?', fan
    )
    assert turns == ["-14", "-7", "", "7", "14"]  # the middle card is upright
    _, _, width, height = map(float, parsed(fan).attrib["viewBox"].split())
    side = parsed(hand_svg(cards, layout="fan", orientation="vertical"))
    assert side.attrib["viewBox"].split()[2:] == [f"{height:g}", f"{width:g}"]


def test_a_hand_face_down_names_no_card() -> None:
    svg = hand_svg(parse_cards("AS KS QS"), face_up=False)
    assert shown_cards(svg) == [] and backs(svg) == 3 and "A♠" not in svg


def test_an_empty_hand_is_still_a_picture() -> None:
    assert shown_cards(hand_svg([])) == []


# --- a trick --------------------------------------------------------------------------


def _card_y(svg: str) -> dict[str, float]:
    return {
        card: float(y)
        for card, y in re.findall(r'data-card="(\w+)" transform="translate\([\d.]+ ([\d.]+)', svg)
    }


def test_each_card_of_a_trick_lies_at_its_seats_place() -> None:
    trick = Trick(1, tuple(zip((1, 2, 3, 0), parse_cards("KS AS 2S 9S"), strict=True)), winner=2)
    svg = trick_svg(trick)
    y = _card_y(svg)
    assert y["9S"] > y["KS"] == y["2S"] > y["AS"]  # seat 0 at the bottom, seat 2 opposite
    assert shown_cards(svg) == ["KS", "AS", "2S", "9S"]
    assert re.findall(r'class="card won" data-card="(\w+)"', svg) == ["AS"]
    assert "won by seat 2" in svg and "seat 1 led" in svg
    turned = _card_y(trick_svg(trick, bottom=2))
    assert turned["AS"] > turned["KS"] == turned["2S"] > turned["9S"]


def test_a_trick_takes_its_table_size_from_the_rules() -> None:
    trick = Trick(4, tuple(zip((4, 5), parse_cards("KS AS"), strict=True)))
    assert shown_cards(trick_svg(trick, rules=Rules.six_player())) == ["KS", "AS"]
    assert shown_cards(trick_svg(Trick(0))) == []
    with pytest.raises(DrawingError, match="players"):
        trick_svg(trick, players=4)


# --- a view holds no hidden card -------------------------------------------------------


def visible(view: PlayerView) -> set[Card]:
    """Every card the view shows of the current hand (its last finished hand aside)."""
    cards = set(view.hand) | set(view.discards)
    cards |= {card for seat_cards in view.face_up_discards for card in seat_cards}
    cards |= {card for trick in view.tricks for card in trick.cards}
    cards |= set(view.trick.cards if view.trick else ())
    cards |= {action.card for _, action in view.bids if isinstance(action, Pitch)}
    cards |= {view.called} if view.called is not None else set()
    cards |= {action.card for action in view.legal_actions if isinstance(action, CallPartner)}
    return cards


DATA_CARD = re.compile(r'data-card="([^"]*)"')
SUIT_SIGN = re.compile("[♣♦♥♠★]")


def symbols(svg: str) -> set[str]:
    """Every card written with its symbol anywhere in the text (a title, a label): a suit
    sign and the rank before it, or a joker (found by its sign: a scan for one character
    is many times faster than a pattern of the whole card)."""
    found = set()
    for match in SUIT_SIGN.finditer(svg):
        at = match.start()
        if svg[at] == "★":
            found.add(svg[at - 1 : at + 1] if svg[at - 1] in "BL" else "★")
        elif svg[at - 1] in "234567890JQKA":  # else a suit alone (the trump)
            found.add(svg[at - 2 : at + 1] if svg[at - 2 : at] == "10" else svg[at - 1 : at + 1])
    return found


@pytest.mark.parametrize("preset", TABLES)
def test_a_views_picture_holds_no_card_its_seat_may_not_see(preset: str) -> None:
    """For random games, every seat and several moments: each card the picture names (its
    `data-card`, or its symbol anywhere in the text) is one the view shows; every other
    seat's cards are drawn face down, as many as it holds, and a kitty on the table as
    many as it has."""
    rules = rules_named(preset)
    checked = 0
    for seed in (1, 2):
        for moment, state in enumerate(play_out(rules, seed, every=13)):
            for seat in range(rules.players):
                view = observe(state, seat)
                svg = view_svg(view)
                seen = visible(view)
                drawn = set(DATA_CARD.findall(svg))
                assert svg.count("data-card") == len(DATA_CARD.findall(svg))
                assert drawn <= {str(card) for card in seen}
                assert symbols(svg) <= {card.symbol for card in seen}
                if not state.is_over:
                    assert {str(card) for card in view.hand} <= drawn
                    others = sum(view.hand_sizes) - view.hand_sizes[seat] + view.kitty_size
                    assert svg.count('class="card back"') == others
                if moment % 4 == 0:  # the picture parses, and says the same as its text
                    shown, face_down = cards_and_backs(svg)
                    assert set(shown) == drawn and face_down == svg.count('class="card back"')
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("preset", TABLES)
def test_a_states_picture_shows_every_hand(preset: str) -> None:
    """Every hand, discard and card of the trick, the called card and the kitty (on the
    table, then beside the pitcher who took it)."""
    rules = rules_named(preset)
    for state in play_out(rules, 3, every=7):
        svg = state_svg(state)
        drawn = Counter(shown_cards(svg))
        expected = Counter(card for hand in state.hands for card in hand)
        expected.update(card for cards in state.discards for card in cards)
        expected.update(card for cards in state.face_up_discards for card in cards)
        expected.update([state.called] if state.called is not None else [])
        expected.update(state.kitty)
        trick = state.trick
        if trick is not None and trick.plays:
            expected.update(trick.cards)
        elif state.tricks and not state.is_over:
            expected.update(state.tricks[-1].cards)
        assert drawn == texts(expected)
        assert backs(svg) == 0


def test_a_view_marks_the_cards_it_may_play() -> None:
    state = new_game(Rules.setback(), seed=7)
    for action in ("bid 2", "pass", "pass", "pass"):
        state = apply_action(state, action)
    view = observe(state, 1)
    svg = view_svg(view)
    legal = re.findall(r'class="card legal" data-card="(\w+)"', svg)
    assert sorted(legal) == sorted(str(card) for card in view.hand)
    assert "You (seat 1)" in svg and "Your turn: play " in svg
    waiting = view_svg(observe(state, 2))
    assert "legal" not in waiting and "Waiting for seat 1" in waiting


def test_a_view_is_drawn_from_its_own_seat_or_the_one_asked() -> None:
    state = new_game(Rules.setback(), seed=7)
    view = observe(state, 1)
    places = dict(
        re.findall(
            r'<g class="seat" data-seat="(\d)">.*?<text x="[\d.]+" y="([\d.]+)"', view_svg(view)
        )
    )
    assert float(places["1"]) > float(places["0"]) == float(places["2"]) > float(places["3"])
    places = dict(
        re.findall(
            r'<g class="seat" data-seat="(\d)">.*?<text x="[\d.]+" y="([\d.]+)"',
            view_svg(view, bottom=3),
        )
    )
    assert float(places["3"]) > float(places["0"]) == float(places["2"]) > float(places["1"])


def test_a_view_shows_the_trump_and_the_contract() -> None:
    state = new_game(Rules.setback(), seed=7)
    for action in ("bid 2", "pass", "pass", "pass"):
        state = apply_action(state, action)
    state = apply_action(state, legal_actions(state)[0])
    view = observe(state, 2)
    svg = view_svg(view)
    assert view.trump is not None
    assert f'data-trump="{view.trump.letter}"' in svg
    assert "Contract: seat 1 bid 2" in svg and "Auction: seat 1 bid 2, seat 2 pass" in svg


def test_a_finished_games_picture_names_the_winner() -> None:
    state = next(s for s in play_out(Rules.setback(target=3), 7, every=1000) if s.is_over)
    svg = view_svg(observe(state, 0))
    assert "Game over after hand" in svg and shown_cards(svg) == [] and backs(svg) == 0


# --- a finished hand ------------------------------------------------------------------


@pytest.mark.parametrize("preset", TABLES)
def test_a_finished_hand_shows_the_deal_every_trick_and_the_points(preset: str) -> None:
    rules = rules_named(preset)
    state = list(play_out(rules, 5, every=1000))[-1]
    for result in state.history[:3]:
        svg = hand_result_svg(result, rules=rules)
        expected = Counter(card for hand in result.hands for card in hand)
        expected.update(card for cards in result.discards for card in cards)
        expected.update(card for cards in result.face_up_discards for card in cards)
        expected.update(result.kitty)
        expected.update(card for trick in result.tricks for card in trick.cards)
        assert Counter(shown_cards(svg)) == texts(expected)
        won = re.findall(r'class="card won[^"]*" data-card="(\w+)"', svg)
        assert len(won) == len(result.tricks)
        for number, trick in enumerate(result.tricks, 1):
            assert f"{number}.</text>" in svg and f"→ seat {trick.winner}" in svg
        changes = ", ".join(f"{change:+d}" for change in result.score_changes)
        assert (
            re.sub(r"seats? [\d+]+ ", "", svg.split("Score: ")[1].split(" ·")[0].split("<")[0])
            == changes
        )


def test_a_views_last_hand_draws_only_what_the_seat_saw() -> None:
    """Another seat's face-down discards and dead cards stay hidden in the last hand."""
    rules = Rules.preset("six")
    state = next(s for s in play_out(rules, 6, every=1) if s.history)
    result = state.history[-1]
    view = observe(state, 0)
    assert view.last_result is not None
    seen = set(shown_cards(hand_result_svg(view.last_result, rules=rules)))
    hidden = {str(card) for cards in result.discards[1:] for card in cards}
    assert hidden and not hidden & seen
    assert {str(card) for card in result.discards[0]} <= seen


def test_trumps_only_dims_the_dead_cards() -> None:
    rules = Rules.ten_point()
    state = next(s for s in play_out(rules, 8, every=1) if s.history)
    result = state.history[-1]
    played = {card for trick in result.tricks for card in trick.cards}
    held = {card for hand in result.hands for card in hand}
    svg = hand_result_svg(result, rules=rules)
    dead = set(re.findall(r'class="card dead[^"]*" data-card="(\w+)"', svg))
    assert dead == {str(card) for card in held - played}
    assert dead  # ten-point hands leave cards unplayed


def test_a_finished_hand_marks_the_off_cards_with_or_without_its_rules() -> None:
    """Without `rules`, the jokers and (where the hand awards it) the off-jack are marked,
    as the rules would mark them."""
    rules = Rules.ten_point()
    state = list(play_out(rules, 5, every=1000))[-1]
    off = re.compile(r'class="card[^"]* off" data-card="(\w+)"')
    jacks = set()
    for result in state.history[:4]:
        assert result.trump is not None
        marked = set(off.findall(hand_result_svg(result, rules)))
        assert marked == set(off.findall(hand_result_svg(result)))
        table = trump_table(result.trump, rules)
        dealt = {card for hand in result.hands for card in hand}
        assert marked == {str(c) for c in dealt if c.suit is not result.trump and table.is_trump(c)}
        jacks |= {card for card in marked if card.startswith("J") and card != "JK"}
    assert jacks  # an off-jack was dealt and marked


# --- notebooks ------------------------------------------------------------------------


def test_the_notebook_pictures_are_the_functions() -> None:
    rules = Rules.ten_point()
    state = next(s for s in play_out(rules, 9, every=1) if s.history and s.phase is Phase.PLAY)
    for card in CARDS:  # `_face.card_picture` under the card, `card_svg` above: one picture
        assert card._repr_svg_() == card_svg(card), card
    assert state._repr_svg_() == state_svg(state)
    view = observe(state, 2)
    assert view._repr_svg_() == view_svg(view)
    result: HandResult = state.history[-1]
    assert result._repr_svg_() == hand_result_svg(result)
    assert hand_result_svg(result, rules) == hand_result_svg(result, rules=rules)
    trick = result.tricks[0]
    assert trick._repr_svg_() == trick_svg(trick)


def test_the_module_is_importable_both_ways() -> None:
    import setback.svg
    from setback import svg

    assert svg is setback.svg
    assert sorted(svg.__all__) == [
        "card_svg",
        "hand_result_svg",
        "hand_svg",
        "state_svg",
        "trick_svg",
        "view_svg",
    ]


# --- bad input ------------------------------------------------------------------------


def test_wrong_kinds_of_input_are_type_errors() -> None:
    state = new_game(Rules.setback(), seed=1)
    view = observe(state, 0)
    calls: list[Callable[[], object]] = [
        lambda: card_svg("KS"),  # type: ignore[arg-type]
        lambda: hand_svg("KS QS"),  # type: ignore[arg-type]
        lambda: hand_svg([Card.parse("KS"), "QS"]),  # type: ignore[list-item]
        lambda: hand_svg(5),  # type: ignore[arg-type]
        lambda: trick_svg(state),  # type: ignore[arg-type]
        lambda: view_svg(state),  # type: ignore[arg-type]
        lambda: state_svg(view),  # type: ignore[arg-type]
        lambda: hand_result_svg(state),  # type: ignore[arg-type]
        lambda: card_svg(Card.parse("KS"), scale="2"),  # type: ignore[arg-type]
        lambda: card_svg(Card.parse("KS"), colors=4.0),  # type: ignore[arg-type]
        lambda: card_svg(Card.parse("KS"), trump="S"),  # type: ignore[arg-type]
        lambda: view_svg(view, bottom="1"),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()
    with pytest.raises(TypeError, match="use state_svg"):
        view_svg(state)  # type: ignore[arg-type]


def test_options_out_of_range_are_value_errors() -> None:
    card = Card.parse("KS")
    with pytest.raises(DrawingError, match="colors is 2"):
        card_svg(card, colors=3)
    with pytest.raises(DrawingError, match="scale"):
        card_svg(card, scale=0)
    with pytest.raises(DrawingError, match="layout"):
        hand_svg([card], layout="circle")
    with pytest.raises(DrawingError, match="orientation"):
        hand_svg([card], orientation="diagonal")
    with pytest.raises(DrawingError, match="bottom"):
        state_svg(new_game(Rules.setback(), seed=1), bottom=4)


# --- the docs' pictures ---------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
PICTURED = sorted(
    page
    for page in (ROOT / "docs").rglob("*.md")
    if "<!-- picture: " in page.read_text(encoding="utf-8")
)


def test_the_docs_ask_for_the_tutorials_and_every_presets_pictures() -> None:
    names = {str(page.relative_to(ROOT / "docs")) for page in PICTURED}
    pages = {
        "setback": "rules/setback.md",
        "auction-pitch": "rules/auction-pitch.md",
        "cutthroat": "rules/cutthroat.md",
        "six": "rules/six-players.md",
        "ten-point": "rules/ten-point.md",
        "smear": "rules/smear.md",
        "joker-pitch": "rules/joker-pitch.md",
        "cinch": "rules/cinch.md",
        "pedro-sancho": "rules/pedro-sancho.md",
        "dom-pedro": "rules/dom-pedro.md",
    }
    page = {name: pages.get(name, "rules/trickster.md") for name in PRESET_NAMES}
    assert {"tutorial.md", "api/svg.md"} | set(page.values()) <= names
    assert all(name.startswith("trickster-") for name in set(PRESET_NAMES) - set(pages))


@pytest.mark.parametrize("page", PICTURED, ids=lambda page: page.name)
def test_every_picture_the_docs_ask_for_is_drawn(page: Path) -> None:
    """The docs build's hook (tools/docs_pictures.py) draws each `<!-- picture: ... -->`
    from the Python example above it; here the same example runs and the expression
    gives SVG (without mkdocs: the hook's own reading is checked by `mkdocs build`)."""
    text = page.read_text(encoding="utf-8")
    blocks = list(re.finditer(r"```python\n(.*?)```", text, re.DOTALL))
    for match in re.finditer(r"<!-- picture: (.+?) -->", text):
        code = [block for block in blocks if block.end() <= match.start()][-1].group(1)
        names: dict[str, object] = {"__name__": "__example__"}
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, str(page), "exec"), names)
        drawing = {name: getattr(setback.svg, name) for name in setback.svg.__all__}
        svg = eval(match.group(1), {"observe": observe, **drawing, **names})
        # a picture of play shows cards; the coach's review is a strip of its decisions
        assert shown_cards(svg) or backs(svg) or 'aria-label="Review of seat' in svg


def test_a_finished_hand_in_clubs_names_its_trump() -> None:
    """Clubs is `Suit(0)`, a false value: the picture must still say trump ♣ (it said "-")."""
    state = new_game(Rules.setback(), seed=1)
    while not state.history or state.history[-1].trump is not Suit.CLUBS:
        calls = legal_actions(state)
        if state.phase is Phase.PLAY and state.trick is not None and not state.trick.plays:
            clubs = [a for a in calls if getattr(a, "card", None) and a.card.suit is Suit.CLUBS]
            calls = tuple(clubs) or calls
        state = apply_action(state, calls[-1] if state.phase is Phase.BIDDING else calls[0])
    result = state.history[-1]
    assert "trump ♣" in hand_result_svg(result, state.rules)


def test_the_other_off_cards_are_named_in_their_titles() -> None:
    """RULES §7.2.1: the off-ace, off-five and off-three wear the trump badge and their own
    names where the rules make them trumps."""
    rules = Rules.setback(off_ace=True, off_five=True, off_three=True)
    for text, name in (
        ("AC", "A♣ (the off-ace"),
        ("5C", "5♣ (the off-five"),
        ("3C", "3♣ (the off-three"),
    ):
        picture = card_svg(Card.parse(text), trump=Suit.SPADES, rules=rules)
        assert 'class="card off"' in picture and f"{name}, a trump)" in picture
    assert "off" not in card_svg(Card.parse("AC"), trump=Suit.SPADES, rules=Rules.setback())


# --- call your partner and the kitty (issue 40) ------------------------------------------


def _groups(svg: str, css: str) -> list[ET.Element]:
    """The picture's groups of class `css` (`called`, `kitty`, `discards`)."""
    return [el for el in parsed(svg).iter(f"{NS}g") if el.attrib.get("class") == css]


def _caption(group: ET.Element) -> str:
    """The words of a group itself (not of the cards inside it)."""
    return " ".join(el.text or "" for el in group.findall(f"{NS}text"))


def _called_group(svg: str) -> str:
    """The called card and the words beside it, or "" when the picture draws none."""
    found = _groups(svg, "called")
    return f"{found[0].attrib['data-called']}: {_caption(found[0])}" if found else ""


def _tags(svg: str, seat: int) -> str:
    """A seat's label: its title and tags (a long one's lines joined as one line)."""
    found = [el for el in _groups(svg, "seat") if el.attrib["data-seat"] == str(seat)]
    return " · ".join(el.text or "" for el in found[0].findall(f"{NS}text"))


def test_the_called_card_and_the_partner_are_drawn_once_the_seat_may_know_them() -> None:
    """P1 (docs/rules/trickster.md): Ben calls A♠, which Dan holds. Before Dan plays it only
    Dan's picture names the partner; once played, every seat's does, and his seat is
    tagged the pitcher's partner (RULES §7.8.12: no view says who holds it until then)."""
    state = support.p1_called()
    assert _called_group(view_svg(observe(state, 0))) == "AS: Called: A♠ (partner not yet known)"
    assert _called_group(view_svg(observe(state, 1))) == "AS: Called: A♠ (partner not yet known)"
    assert _called_group(view_svg(observe(state, 3))) == "AS: Called: A♠ (partner seat 3)"
    assert "partner" not in _tags(view_svg(observe(state, 0)), 3)
    assert _called_group(state_svg(state)) == "AS: Called: A♠ (partner seat 3)"
    played = support.step_plays(state, "B 10♠ C 2♠ D A♠")
    for seat in range(5):
        svg = view_svg(observe(played, seat))
        assert _called_group(svg) == "AS: Called: A♠ (partner seat 3)"
        assert _tags(svg, 3).endswith(" · the pitcher's partner")
    german = view_svg(observe(played, 0), lang="de")
    assert _called_group(german) == "AS: Gerufen: A♠ (Partner Platz 3)"
    assert "Partner des Spielmachers" in _tags(german, 3)


def test_a_finished_call_your_partner_hand_names_the_call_and_the_sides() -> None:
    state = support.play(support.p1_called(), support.P1_TRICKS)
    result = state.history[-1]
    svg = hand_result_svg(result, support.TEN_FIVE)
    assert "Called: A♠ (partner seat 3) · seats 1+3 against seats 0+2+4" in svg
    alone = attrs.evolve(result, partner=1)
    assert "Called: A♠ (the pitcher plays alone) · seat 1 against seats 0+2+3+4" in (
        hand_result_svg(alone, support.TEN_FIVE)
    )
    assert "Gerufen: A♠ (Partner Platz 3) · Plätze 1+3 gegen Plätze 0+2+4" in hand_result_svg(
        result, support.TEN_FIVE, lang="de"
    )


KITTY_DECK = (
    "KH QH 7H AS KS 2C QS JS 10C JH 5H KD 9C 4C 3D 5D 6D 8S JC 9D 7D QD 2S 3S AH 10H 3C 5C 6C "
    "7C 8C QC KC AC 2D 4D 8D 10D JD AD 2H 3H 4H 6H 8H 9H 4S 5S 6S 7S 9S 10S"
)
"""tests/rules/test_kitty.py's deck: Dan deals; the kitty is A♥ 10♥."""


def _group(svg: str, css: str) -> tuple[str, list[str], int]:
    """A labelled group of cards (`kitty`, `discards`): its words, its face-up cards and
    how many backs it draws."""
    (group,) = _groups(svg, css)
    cards = [el.attrib["data-card"] for el in group.iter() if "data-card" in el.attrib]
    backs = sum(1 for el in group.iter() if el.attrib.get("class", "").endswith(" back"))
    return _caption(group), cards, backs


def test_the_kitty_is_drawn_and_labelled_on_the_table_then_beside_the_pitcher() -> None:
    """Issue 40: a kitty was labelled only "discarded". It lies face down on the table
    until trump is named (face up in the whole state's picture); then the pitcher's
    picture shows the kitty he took, the others see that he took it, and the finished
    hand shows it beside his discards."""
    state = new_game(Rules.trickster(4, kitty=2), deck=KITTY_DECK, dealer=3, seed=1)
    assert _group(view_svg(observe(state, 1)), "kitty") == ("Kitty: 2 cards face down", [], 2)
    assert _group(state_svg(state), "kitty") == ("Kitty (face down): A♥ 10♥", ["AH", "10H"], 0)
    for call in ("bid 2", "pass", "pass", "pass", "trump H"):
        state = apply_action(state, call)
    mine = view_svg(observe(state, 0))
    assert _group(mine, "kitty") == ("the kitty taken", ["AH", "10H"], 0)
    assert "took the kitty" in _tags(view_svg(observe(state, 1)), 0)
    assert 'class="kitty"' not in view_svg(observe(state, 1))
    assert _group(view_svg(observe(state, 0), lang="fr"), "kitty")[0] == "le chien pris"
    while not state.history:
        state = apply_action(state, legal_actions(state)[0])
    result = state.history[-1]
    svg = hand_result_svg(result, state.rules)
    assert _group(svg, "kitty") == ("the kitty taken", ["AH", "10H"], 0)
    assert _group(svg, "discards")[0] == "discarded"
    other = observe(state, 1).last_result
    assert other is not None and 'class="kitty"' not in hand_result_svg(other, state.rules)


# --- languages (issue 40) ----------------------------------------------------------------


def _words(svg: str) -> str:
    """Every word a picture shows or says: its text, its titles and its label."""
    root = parsed(svg)
    words = [root.attrib["aria-label"]]
    words += [el.text for el in root.iter() if el.text and el.text.strip()]
    return " | ".join(words)


def _pictures(lang: str) -> list[str]:
    """Every kind of picture, of games that use every word: a partnership game in play and
    over, call your partner, a kitty, jokers and off cards, a draw back."""
    out: list[str] = []
    kinds = (Rules.setback(), Rules.ten_point(), *MORE_RULES.values(), Rules.preset("cinch"))
    for rules in kinds:
        for state in play_out(rules, 4, every=23, steps=400):
            out.append(state_svg(state, lang=lang))
            out += [view_svg(observe(state, s), lang=lang) for s in range(rules.players)]
            if state.trick is not None:
                out.append(trick_svg(state.trick, rules=rules, trump=state.trump, lang=lang))
            out += [hand_result_svg(r, rules, lang=lang) for r in state.history[-1:]]
        out.append(hand_svg(state.history[0].hands[0], lang=lang, layout="fan"))
    out.append(hand_svg(parse_cards("2S BJ"), face_up=False, lang=lang))
    out.append(hand_svg((), lang=lang))
    out += [card_svg(card, lang=lang, trump=Suit.SPADES) for card in CARDS]
    out.append(card_svg(Card.parse("JC"), face_up=False, lang=lang))
    out.append(trick_svg(Trick(2), lang=lang))
    return out


@pytest.mark.parametrize(
    "lang", slow_cases([lang for lang in LANGUAGES if lang != "en"], quick="de")
)
def test_every_picture_speaks_the_language_asked(lang: str) -> None:
    """Issue 40: the pictures spoke English only. Every function takes `lang=`, as
    `setback.text` does, and no word of the catalogs is left in English."""
    pictures = _pictures(lang)
    words = " | ".join(_words(svg) for svg in pictures)
    assert english_left(lang, words) == set()
    t = translation(lang)
    for message in ("Called: {card} (partner not yet known)", "The tricks", "Waiting for {seat}"):
        assert t.gettext(message).split("{")[0] in words
    assert t.pgettext("joker face", "LITTLE") in words


def test_english_is_the_default_and_a_language_is_checked() -> None:
    state = new_game(Rules.setback(), seed=7)
    view = observe(state, 1)
    assert view_svg(view) == view_svg(view, lang="en")
    calls: list[Callable[[str], str]] = [
        lambda lang: card_svg(Card.parse("KS"), lang=lang),
        lambda lang: hand_svg(view.hand, lang=lang),
        lambda lang: trick_svg(Trick(0), lang=lang),
        lambda lang: view_svg(view, lang=lang),
        lambda lang: state_svg(state, lang=lang),
    ]
    for draw in calls:
        with pytest.raises(setback.LanguageError):
            draw("xx")
        with pytest.raises(TypeError, match="lang"):
            draw(3)  # type: ignore[arg-type]


# --- the web page's findings (issue 40, item 10) -------------------------------------------


def _trick_boxes(root: ET.Element) -> tuple[list[tuple[float, ...]], list[tuple[float, ...]]]:
    """A trick's cards and its seats' labels as boxes `(left, top, right, bottom)` in
    picture units (a label as wide as `svg._text_width` says: it errs wide), and the
    labels after every card in document order."""
    cards: list[tuple[float, ...]] = []
    labels: list[tuple[float, ...]] = []
    for element in root:
        if element.tag == f"{NS}g" and "data-card" in element.attrib:
            x, y = map(float, re.findall(r"[-\d.]+", element.attrib["transform"]))
            assert not labels, "a card drawn over the labels"
            cards.append((x, y, x + setback.svg.CARD_WIDTH, y + setback.svg.CARD_HEIGHT))
        elif element.tag == f"{NS}text" and element.attrib["font-size"] == "11":
            x, y = float(element.attrib["x"]), float(element.attrib["y"])
            width = setback.svg._text_width(element.text or "", 11)
            labels.append(setback.svg._label_box(x, y, element.attrib["text-anchor"], width))
    return cards, labels


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_card_of_a_trick_covers_a_seats_label(players: int, lang: str) -> None:
    """Issue 40: at five seats "seat 3" lay under seat 4's card. Each label is drawn after
    every card, on the side of its card away from the centre, and lies on no card: in the
    trick's picture at every number of seats and from every seat, and inside it."""
    plays = tuple((seat, CARDS[seat]) for seat in range(players))
    for bottom in range(players):
        for leader in range(players):
            trick = Trick(leader, plays[leader:] + plays[:leader])
            svg = trick_svg(trick, players=players, bottom=bottom, lang=lang)
            root = parsed(svg)
            width, height = map(float, root.attrib["viewBox"].split()[2:])
            cards, labels = _trick_boxes(root)
            assert len(cards) == len(labels) == players
            for label in labels:
                assert not any(_overlap(label, card) for card in cards), (bottom, leader, label)
                assert min(label[:2]) >= 0 and label[2] <= width and label[3] <= height


@pytest.mark.parametrize("players", [5, 6, 8])
def test_no_card_of_the_tables_trick_covers_a_seats_label(players: int) -> None:
    """The same on the table: its trick in progress, from each seat's view."""
    rules = Rules.cutthroat(players=players)
    state = new_game(rules, seed=players)
    while state.trick is None or len(state.trick.plays) < players - 1:
        state = apply_action(state, legal_actions(state)[-1])
    for seat in range(players):
        (trick,) = _groups(view_svg(observe(state, seat)), "trick")
        cards, labels = _trick_boxes(trick)
        assert len(cards) == len(labels) == players - 1
        assert not any(_overlap(label, card) for label in labels for card in cards)


def test_a_long_footer_is_cut_to_the_cloth() -> None:
    """Issue 40: the Cinch dealer's rob listed its discards past the picture's right edge.
    The footer ends at the last choice that fits inside the cloth, then `…`."""
    state = new_game(Rules.preset("cinch"), seed=3)
    while state.phase is not Phase.DISCARD or state.to_act != state.dealer:
        state = apply_action(state, legal_actions(state)[0])
    assert len(legal_actions(state)) > 20
    root = parsed(view_svg(observe(state, state.dealer)))
    (footer,) = [el.text or "" for el in root.iter(f"{NS}text") if "Your turn" in (el.text or "")]
    assert footer.startswith("Your turn: discard ") and footer.endswith(", …")
    assert setback.svg._text_width(footer, 13) <= setback.svg._TABLE_W - 48
    assert setback.svg._fitted("a, b", 13, 1000) == "a, b"
    assert setback.svg._fitted("x" * 200, 13, 100).endswith("x…")


def _seat_labels(svg: str) -> list[tuple[str, tuple[float, ...]]]:
    """Each line of each seat's label and its box, 0.7 of its size a character wide."""
    found = []
    for group in _groups(svg, "seat"):
        for line in group.findall(f"{NS}text"):
            if line.attrib["font-size"] == "13":
                x, y, words = float(line.attrib["x"]), float(line.attrib["y"]), line.text or ""
                half = len(words) * 13 * 0.7 / 2
                found.append((words, (x - half, y - 11, x + half, y + 3)))
    return found


@pytest.mark.parametrize("lang", slow_cases(LANGUAGES, quick="en"))
def test_a_seats_label_is_kept_inside_the_cloth_and_off_the_trick(lang: str) -> None:
    """Issue 40: "… · 1 trick" was cut at the right edge: the label's width was guessed at
    0.58 of its size a character, about what DejaVu Sans Bold takes (0.52 to 0.61 in
    these labels), so a wider font of the list cut it. Each label, 0.7 of its size a
    character wide, lies inside the cloth and off the trick's cards (a long one on two
    lines), at every seat of four to eight, in every language."""
    for players in range(4, 9):
        rules = Rules.cutthroat(players=players)
        for state in play_out(rules, players, every=5, steps=200):
            for seat in range(players):
                svg = view_svg(observe(state, seat), lang=lang)
                tricks = _groups(svg, "trick")
                cards = _trick_boxes(tricks[0])[0] if tricks else []
                for words, box in _seat_labels(svg):
                    assert box[0] >= 16 and box[2] <= setback.svg._TABLE_W - 16, words
                    assert not any(_overlap(box, card) for card in cards), words


@given(st.text())
def test_the_pictures_escape_as_xml_sax_does(words: str) -> None:
    """`_face.escape` and `quoteattr` are `xml.sax.saxutils`'s, written again so that
    drawing imports no XML parser (see the next test)."""
    assert _face.escape(words) == saxutils.escape(words)
    assert _face.quoteattr(words) == saxutils.quoteattr(words)


def test_the_browsers_modules_import_no_xml_parser_nor_http() -> None:
    """The Play page's Python (`setback._browser`, the pictures, the coach) imports neither
    `xml.sax` nor what it brings (`urllib.request`, `http.client`, `email`): 156 KB of
    the page's standard library, downloaded and imported for two string functions."""
    code = (
        "import sys, setback._browser, setback.svg, setback.coach, setback.terminal\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    heavy = ("xml.sax", "urllib.request", "http.client", "email")
    assert [name for name in loaded if name.startswith(heavy)] == []
