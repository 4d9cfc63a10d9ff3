"""The kitty (RULES §7.7.1, §7.7.2, §7.8.7-9, §7.8.14): `kitty` cards dealt face down after
the hands; once trump is declared the pitcher takes them (a forced step) and discards as
many face down, any cards, trumps included; the draw, if on, follows. Nobody else sees
them."""

from __future__ import annotations

import json
import random

import pytest

from setback import (
    Card,
    Discard,
    GameState,
    IllegalActionError,
    InvalidStateError,
    Phase,
    PlayerView,
    Rules,
    RulesError,
    TrumpBy,
    apply_action,
    dumps,
    events,
    format_hand,
    legal_actions,
    loads,
    new_game,
    observe,
    parse_cards,
)
from setback.eventlog import Discarded
from setback.text import state_text, view_text

from .. import reference

DECK = parse_cards(
    "KH QH 7H AS KS 2C QS JS 10C JH 5H KD 9C 4C 3D 5D 6D 8S JC 9D 7D QD 2S 3S AH 10H 3C 5C 6C "
    "7C 8C QC KC AC 2D 4D 8D 10D JD AD 2H 3H 4H 6H 8H 9H 4S 5S 6S 7S 9S 10S"
)
"""Dealt by Dan (seat 3) under `Rules.trickster(4, kitty=2)`: Anna K♥ Q♥ 7♥ 9♣ 4♣ 3♦, Ben
A♠ K♠ 2♣ 5♦ 6♦ 8♠, Carla Q♠ J♠ 10♣ J♣ 9♦ 7♦, Dan J♥ 5♥ K♦ Q♦ 2♠ 3♠; the kitty A♥ 10♥ (the
two cards right after the packets); the rest is the stock."""


def trickster(**options: object) -> Rules:
    return Rules.trickster(4, **{"kitty": 2, **options})  # type: ignore[arg-type]


def declared(rules: Rules | None = None, *, trump: str = "H") -> GameState:
    """Anna bids 2, the others pass, Anna names trump: she holds the kitty now."""
    state = new_game(rules or trickster(), deck=DECK, dealer=3, seed=1)
    for call in ("bid 2", "pass", "pass", "pass", f"trump {trump}"):
        state = apply_action(state, call)
    return state


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


# --- §7.7.1, §7.7.2, §7.8.9, §7.8.14: the option ------------------------------------------


def test_a_kitty_implies_declared_trump_and_nothing_else() -> None:
    rules = Rules.auction_pitch(kitty=3)
    assert rules.kitty == 3 and rules.trump_by is TrumpBy.DECLARE
    assert rules.pitcher_leads_trump is False  # §7.8.14: only the draw and the keep-six forms
    assert Rules.setback().kitty == 0 and Rules.setback().trump_by is TrumpBy.LEAD
    assert reference.implied_trump_by(rules) is TrumpBy.DECLARE


@pytest.mark.parametrize("name", ["trickster-7", "trickster-10", "ten-point", "smear", "setback"])
def test_no_preset_has_a_kitty(name: str) -> None:
    assert Rules.preset(name).kitty == 0


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"kitty": 7}, "kitty must be from 0 to 6, not 7"),
        ({"kitty": -1}, "kitty must be at least 0"),
        ({"kitty": 2, "trump_by": "lead"}, "trump_by LEAD does not combine with a kitty of 2"),
        ({"kitty": 2, "deal": 8}, "kitty does not combine with a deal of 8"),
        ({"kitty": 1, "keep_six": "draw_back"}, "kitty does not combine with keep_six DRAW_BACK"),
        (
            {"kitty": 2, "smudge": False, "pitch_instead_of_bid": True},
            "pitch_instead_of_bid does not combine with a kitty of 2",
        ),
    ],
)
def test_what_makes_no_game_with_a_kitty_is_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.setback(**options)  # type: ignore[arg-type]


def test_the_kitty_counts_against_the_pack() -> None:
    """§7.7.2: seats × deal + kitty must fit the pack."""
    assert Rules.auction_pitch(players=8, kitty=4).kitty == 4  # 48 + 4 = 52
    with pytest.raises(RulesError, match="8 players of 6 cards and a kitty of 5 need 53 cards"):
        Rules.auction_pitch(players=8, kitty=5)
    with pytest.raises(TypeError, match="kitty must be a whole number"):
        Rules.setback(kitty=True)


def test_the_draw_back_presets_keep_no_kitty() -> None:
    """§7.8.9: Trickster's draw-back games cannot take one (their "kitty" is the stock)."""
    with pytest.raises(RulesError, match="kitty does not combine with a deal of 9"):
        Rules.trickster(10, kitty=2)


# --- §7.7.1, §7.8.14: the deal ------------------------------------------------------------


def test_with_a_deck_the_kitty_is_the_cards_right_after_the_packets() -> None:
    state = new_game(trickster(), deck=DECK, dealer=3, seed=1)
    assert state.kitty == cards("AH 10H")
    assert state.stock == DECK[26:]
    assert state.hands[0] == cards("KH QH 7H 9C 4C 3D")


def test_with_hands_the_kitty_is_the_first_of_the_other_cards_shuffled_from_the_seed() -> None:
    hands = [(*DECK[i : i + 3], *DECK[12 + i : 15 + i]) for i in (0, 3, 6, 9)]
    without = new_game(Rules.trickster(4), hands=hands, dealer=3, seed=9)
    state = new_game(trickster(), hands=hands, dealer=3, seed=9)
    assert state.kitty == tuple(sorted(without.stock[:2]))
    assert state.stock == without.stock[2:]


def test_each_hand_has_its_own_kitty_from_the_shuffle() -> None:
    """Later hands are shuffled from the seed: the kitty is the two cards after the packets,
    so the stock is two cards shorter than without one."""
    state = new_game(trickster(), seed=4)
    plain = new_game(Rules.trickster(4), seed=4)
    assert state.hands == plain.hands
    assert state.kitty == tuple(sorted(plain.stock[:2])) and state.stock == plain.stock[2:]


# --- §7.7.1, §7.8.8: the pick-up and the discard ------------------------------------------


def test_the_pitcher_takes_the_kitty_and_discards_exactly_two_any_cards() -> None:
    state = declared()
    assert state.phase is Phase.DISCARD and state.to_act == 0
    assert state.hands[0] == cards("AH KH QH 10H 7H 9C 4C 3D")
    legal = legal_actions(state)
    assert len(legal) == 28  # any 2 of 8: trumps too
    assert Discard(parse_cards("AH KH")) in legal
    assert {frozenset(a.cards) for a in legal} == reference.kitty_discards(  # type: ignore[union-attr]
        state.rules, state.hands[0]
    )
    after = apply_action(state, "discard 4C 3D", seat=0)
    assert after.phase is Phase.PLAY and after.to_act == 0  # then the pitcher leads
    assert after.hands[0] == cards("AH KH QH 10H 7H 9C")
    assert after.discards == (cards("4C 3D"), (), (), ())
    assert [str(a) for a in legal_actions(after)] == [
        "play 7H",
        "play 10H",
        "play QH",
        "play KH",
        "play AH",
    ]  # Trickster: the pitcher leads a trump


@pytest.mark.parametrize("discard", ["discard 4C", "discard 4C 3D 9C", "discard"])
def test_a_kitty_discard_of_the_wrong_size_is_refused(discard: str) -> None:
    with pytest.raises(IllegalActionError) as refused:
        apply_action(declared(), discard)
    assert refused.value.code == "kitty_count" and refused.value.params == {"count": 2}
    assert "after taking the kitty the pitcher discards exactly 2 cards" in str(refused.value)


def test_a_kitty_discard_of_cards_not_held_is_refused() -> None:
    with pytest.raises(IllegalActionError) as refused:
        apply_action(declared(), "discard 4C AS", seat=0)
    assert refused.value.code == "not_held"
    assert refused.value.params == {"seat": 0, "cards": ["AS"]}


def test_with_the_draw_the_pitcher_discards_the_kitty_first_then_everyone_draws() -> None:
    """§7.7.1: §4.1's draw follows the kitty discard, eldest first; the pitcher (eldest
    here) discards twice, and may throw trumps only in the first."""
    state = declared(trickster(draw=True))
    state = apply_action(state, "discard AH 3D", seat=0)
    assert state.phase is Phase.DISCARD and state.to_act == 0  # eldest draws first
    assert len(state.stock) == 52 - 24 - 2
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, "discard KH", seat=0)
    assert refused.value.code == "trump_in_draw"
    state = apply_action(state, "discard 9C 4C", seat=0)
    assert state.hands[0] == cards("KH QH 10H 7H 3C 5C")  # drew the stock's first two
    assert state.discards[0] == cards("AH 3D 9C 4C")
    for seat in (1, 2, 3):
        state = apply_action(state, "discard", seat=seat)
    assert state.phase is Phase.PLAY
    rules = state.rules
    rng = random.Random(3)
    while not state.history:
        state = apply_action(state, rng.choice(legal_actions(state)))
    result = state.history[0]
    assert result.kitty == cards("AH 10H") and result.discards[0] == cards("AH 3D 9C 4C")
    assert "  seat 0 took the kitty 10♥ A♥" in format_hand(result, rules).splitlines()


# --- views, events, records, text ---------------------------------------------------------


def test_nobody_but_the_pitcher_ever_sees_the_kitty() -> None:
    state = new_game(trickster(), deck=DECK, dealer=3, seed=1)
    for seat in range(4):
        view = observe(state, seat)
        assert view.kitty_size == 2 and view.kitty == () and view.stock_size == 26
    state = declared()
    assert observe(state, 0).kitty == cards("AH 10H") and observe(state, 0).kitty_size == 0
    for seat in (1, 2, 3):
        view = observe(state, seat)
        assert view.kitty == () and view.kitty_size == 0 and view.hand_sizes == (8, 6, 6, 6)
    rng = random.Random(5)
    state = apply_action(state, "discard 4C 3D")
    while not state.history:
        state = apply_action(state, rng.choice(legal_actions(state)))
    assert state.history[0].kitty == cards("AH 10H")
    assert observe(state, 0).last_result.kitty == cards("AH 10H")  # type: ignore[union-attr]
    assert observe(state, 0).last_result.discards[0] == cards("4C 3D")  # type: ignore[union-attr]
    for seat in (1, 2, 3):
        last = observe(state, seat).last_result
        assert last is not None and last.kitty == () and last.discards[0] == ()
        scored = [e for e in events(state, seat) if type(e).__name__ == "HandScored"]
        assert [e.result.kitty for e in scored] == [()]  # type: ignore[attr-defined]


def test_the_pick_up_is_an_event_showing_the_cards_only_to_the_pitcher() -> None:
    state = apply_action(declared(), "discard 4C 3D")
    mine = [e for e in events(state, 0) if isinstance(e, Discarded)]
    theirs = [e for e in events(state, 1) if isinstance(e, Discarded)]
    assert mine == [
        Discarded(7, 0, 0, 2, (), cards("AH 10H")),
        Discarded(8, 0, 2, 0, cards("4C 3D"), ()),
    ]
    assert theirs == [Discarded(7, 0, 0, 2), Discarded(8, 0, 2, 0)]


def test_text_shows_the_kitty_to_whom_it_may() -> None:
    assert "Kitty: 2 cards face down" in view_text(
        observe(new_game(trickster(), deck=DECK, dealer=3, seed=1), 2)
    )
    state = declared()
    assert "The kitty you took: 10♥ A♥" in view_text(observe(state, 0))
    assert "kitty" not in view_text(observe(state, 1)).lower()
    assert "Kitty (taken by the pitcher): 10♥ A♥" in state_text(state)
    assert "Kitty: 10♥ A♥" in state_text(new_game(trickster(), deck=DECK, dealer=3, seed=1))


# --- JSON ---------------------------------------------------------------------------------


def test_a_game_with_a_kitty_round_trips() -> None:
    state = declared(trickster(draw=True))
    state = apply_action(state, "discard 4C 3D")
    assert loads(dumps(state)) == state
    for seat in range(4):
        view = observe(state, seat)
        assert loads(dumps(view), PlayerView) == view
    assert loads(dumps(trickster())) == trickster()


def _edited(view: PlayerView, **fields: object) -> str:
    data = json.loads(dumps(view))
    data["data"].update(fields)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("seat", "fields"),
    [
        (1, {"kitty": ["10H", "AH"]}),  # shown to a seat that did not take it
        (0, {"kitty": ["10H"]}),  # the wrong size
        (0, {"kitty": ["10H", "2S"]}),  # a card the pitcher does not hold
        (0, {"kitty_size": 2}),  # face down after trump was named
    ],
)
def test_a_view_with_inconsistent_kitty_fields_is_refused(
    seat: int, fields: dict[str, object]
) -> None:
    with pytest.raises(InvalidStateError, match="kitty"):
        loads(_edited(observe(declared(), seat), **fields), PlayerView)


def test_a_face_down_kitty_of_the_wrong_size_is_refused() -> None:
    view = observe(new_game(trickster(), deck=DECK, dealer=3, seed=1), 1)
    with pytest.raises(InvalidStateError, match="kitty"):
        loads(_edited(view, kitty_size=3), PlayerView)
    with pytest.raises(InvalidStateError, match="kitty"):
        loads(_edited(observe(new_game(Rules.trickster(4), seed=1), 1), kitty_size=2), PlayerView)


def test_a_hand_record_whose_kitty_is_not_the_pitchers_is_refused() -> None:
    state = apply_action(declared(), "discard 4C 3D")
    rng = random.Random(5)
    while not state.history:
        state = apply_action(state, rng.choice(legal_actions(state)))
    data = json.loads(dumps(state.history[0]))
    assert loads(json.dumps(data)) == state.history[0]
    data["data"]["kitty"] = ["2S", "3S"]  # Dan's cards
    with pytest.raises(InvalidStateError, match="kitty"):
        loads(json.dumps(data))
