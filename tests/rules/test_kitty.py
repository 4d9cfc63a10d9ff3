"""The kitty (RULES §7.7.1, §7.7.2, §7.8.7-9, §7.8.14): `kitty` cards dealt face down after
the hands; once trump is declared the pitcher takes them (a forced step) and discards as
many face down, any cards, trumps included; the draw, if on, follows. Nobody else sees
them."""

from __future__ import annotations

import random

import pytest

from setback import (
    Discard,
    IllegalActionError,
    Phase,
    Rules,
    RulesError,
    TrumpBy,
    apply_action,
    legal_actions,
    new_game,
    parse_cards,
)

from .. import reference
from ..support import KITTY_DECK, kitty_declared, kitty_rules, sorted_cards

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
    state = new_game(kitty_rules(), deck=KITTY_DECK, dealer=3, seed=1)
    assert state.kitty == sorted_cards("AH 10H")
    assert state.stock == KITTY_DECK[26:]
    assert state.hands[0] == sorted_cards("KH QH 7H 9C 4C 3D")


def test_with_hands_the_kitty_is_the_first_of_the_other_cards_shuffled_from_the_seed() -> None:
    hands = [(*KITTY_DECK[i : i + 3], *KITTY_DECK[12 + i : 15 + i]) for i in (0, 3, 6, 9)]
    without = new_game(Rules.trickster(4), hands=hands, dealer=3, seed=9)
    state = new_game(kitty_rules(), hands=hands, dealer=3, seed=9)
    assert state.kitty == tuple(sorted(without.stock[:2]))
    assert state.stock == without.stock[2:]


def test_each_hand_has_its_own_kitty_from_the_shuffle() -> None:
    """Later hands are shuffled from the seed: the kitty is the two cards after the packets,
    so the stock is two cards shorter than without one."""
    state = new_game(kitty_rules(), seed=4)
    plain = new_game(Rules.trickster(4), seed=4)
    assert state.hands == plain.hands
    assert state.kitty == tuple(sorted(plain.stock[:2])) and state.stock == plain.stock[2:]


# --- §7.7.1, §7.8.8: the pick-up and the discard ------------------------------------------


def test_the_pitcher_takes_the_kitty_and_discards_exactly_two_any_cards() -> None:
    state = kitty_declared()
    assert state.phase is Phase.DISCARD and state.to_act == 0
    assert state.hands[0] == sorted_cards("AH KH QH 10H 7H 9C 4C 3D")
    legal = legal_actions(state)
    assert len(legal) == 28  # any 2 of 8: trumps too
    assert Discard(parse_cards("AH KH")) in legal
    assert {frozenset(a.cards) for a in legal} == reference.kitty_discards(  # type: ignore[union-attr]
        state.rules, state.hands[0]
    )
    after = apply_action(state, "discard 4C 3D", seat=0)
    assert after.phase is Phase.PLAY and after.to_act == 0  # then the pitcher leads
    assert after.hands[0] == sorted_cards("AH KH QH 10H 7H 9C")
    assert after.discards == (sorted_cards("4C 3D"), (), (), ())
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
        apply_action(kitty_declared(), discard)
    assert refused.value.code == "kitty_count" and refused.value.params == {"count": 2}
    assert "after taking the kitty the pitcher discards exactly 2 cards" in str(refused.value)


def test_a_kitty_discard_of_cards_not_held_is_refused() -> None:
    with pytest.raises(IllegalActionError) as refused:
        apply_action(kitty_declared(), "discard 4C AS", seat=0)
    assert refused.value.code == "not_held"
    assert refused.value.params == {"seat": 0, "cards": ["AS"]}


def test_with_the_draw_the_pitcher_discards_the_kitty_first_then_everyone_draws() -> None:
    """§7.7.1: §4.1's draw follows the kitty discard, eldest first; the pitcher (eldest
    here) discards twice, and may throw trumps only in the first."""
    state = kitty_declared(kitty_rules(draw=True))
    state = apply_action(state, "discard AH 3D", seat=0)
    assert state.phase is Phase.DISCARD and state.to_act == 0  # eldest draws first
    assert len(state.stock) == 52 - 24 - 2
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, "discard KH", seat=0)
    assert refused.value.code == "trump_in_draw"
    state = apply_action(state, "discard 9C 4C", seat=0)
    assert state.hands[0] == sorted_cards("KH QH 10H 7H 3C 5C")  # drew the stock's first two
    assert state.discards[0] == sorted_cards("AH 3D 9C 4C")
    for seat in (1, 2, 3):
        state = apply_action(state, "discard", seat=seat)
    assert state.phase is Phase.PLAY
    rng = random.Random(3)
    while not state.history:
        state = apply_action(state, rng.choice(legal_actions(state)))
    result = state.history[0]
    assert result.kitty == sorted_cards("AH 10H") and result.discards[0] == sorted_cards(
        "AH 3D 9C 4C"
    )


# --- views, events, records, text ---------------------------------------------------------


# --- JSON ---------------------------------------------------------------------------------
