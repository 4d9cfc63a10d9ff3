"""Display text: cards, hands, actions and the pictures of a state and of a view."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings

from setback import (
    Card,
    Discard,
    GameState,
    Play,
    Rules,
    action_text,
    apply_action,
    cards_text,
    contract_text,
    dumps,
    hand_text,
    legal_actions,
    loads,
    new_game,
    observe,
    parse_action,
    parse_cards,
    side_text,
    state_text,
    view_text,
)

from .strategies import any_rules, random_game, random_states, seeds
from .support import FREE, KITTY_DECK, S1_HANDS, act, deal, kitty_declared, kitty_rules


def test_a_hand_is_grouped_by_suit_high_first_jokers_last() -> None:
    assert hand_text(parse_cards("2S 4C 10H KS BJ 9D")) == "♠ K 2   ♥ 10   ♣ 4   ♦ 9   B★"
    assert hand_text(()) == "-"


def test_cards_keep_their_order() -> None:
    assert cards_text(parse_cards("10H 2S")) == "10♥ 2♠"
    assert cards_text(()) == "-"


def test_actions_show_suit_symbols() -> None:
    assert action_text(parse_action("play 5D")) == "play 5♦"
    assert action_text(parse_action("pitch 10H")) == "pitch 10♥"
    assert action_text(parse_action("trump S")) == "trump ♠"
    assert action_text(parse_action("discard 7D 2C")) == "discard 2♣ 7♦"
    assert action_text(Discard()) == "discard nothing"
    assert [action_text(parse_action(t)) for t in ("pass", "bid 3", "smudge")] == [
        "pass",
        "bid 3",
        "smudge",
    ]


def test_a_bare_card_reads_as_a_play() -> None:
    for text in ("5♦", "5d", "5 D", "play 5♦"):
        assert parse_action(text) == Play(Card.parse("5D"))
    assert parse_action("discard nothing") == Discard()


@settings(max_examples=40, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_every_action_shown_reads_back(rules: Rules, seed: int) -> None:
    """What `action_text` shows, `parse_action` reads as the same action."""
    for state in random_states(rules, seed, max_steps=120):
        for action in legal_actions(state):
            assert parse_action(action_text(action)) == action


def test_sides_and_contracts_in_words() -> None:
    rules = Rules.setback()
    assert side_text(rules, 1) == "seats 1+3" and side_text(rules, None) == "nobody"
    assert side_text(Rules.auction_pitch(players=3), 2) == "seat 2"
    assert contract_text(rules, 5) == "smudge" and contract_text(rules, 3) == "bid 3"
    assert contract_text(Rules.auction_pitch(), 4) == "bid 4"


def test_str_of_a_state_shows_the_turn_the_play_and_every_hand() -> None:
    state = new_game(Rules.setback(), seed=7)
    for action in ("bid 2", "pass", "pass", "pass", "play 2C"):
        state = apply_action(state, action)
    assert str(state) == state_text(state)
    assert str(state).splitlines() == [
        "4 players, 2 sides, target 21",
        "Scores: seats 0+2 0, seats 1+3 0",
        "Hand 1, dealer seat 0",
        "Play: seat 2 to act",
        "Auction: seat 1 bid 2, seat 2 pass, seat 3 pass, seat 0 pass",
        "Contract: seat 1 bid 2",
        "Trump: ♣",
        "Trick 1: seat 1 2♣",
        "Seat 0: ♠ J 8   ♥ K 8   ♦ J 8",
        "Seat 1: ♠ 3   ♥ 10   ♣ J 7   ♦ 2",
        "Seat 2: ♠ A 10   ♣ A Q 5   ♦ K",
        "Seat 3: ♠ 4   ♥ Q 5   ♣ 10   ♦ A 6",
    ]


def test_str_of_a_view_shows_only_its_own_hand_and_its_choices() -> None:
    state = new_game(Rules.setback(), seed=7)
    for action in ("bid 2", "pass", "pass", "pass", "play 2C"):
        state = apply_action(state, action)
    view = observe(state, 2)
    assert str(view) == view_text(view)
    lines = str(view).splitlines()
    assert lines[0] == "Seat 2's view: 4 players, 2 sides, target 21"
    assert lines[-3:] == [
        "Your hand: ♠ A 10   ♣ A Q 5   ♦ K",
        "Cards held: seat 0 6, seat 1 5, seat 2 6, seat 3 6",
        "Your choices: play 5♣, play Q♣, play A♣",
    ]
    assert "J 8" not in str(view)  # seat 0's hand


@settings(max_examples=30, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_a_views_text_shows_its_own_hand_and_no_other(rules: Rules, seed: int) -> None:
    for state in random_states(rules, seed, max_steps=80):
        seat = state.to_act if state.to_act is not None else 0
        lines = str(observe(state, seat)).splitlines()
        assert not any(line.startswith("Seat ") and ": " in line[:9] for line in lines[1:])
        if not state.is_over:
            assert "Your hand: " + hand_text(state.hands[seat]) in lines


def test_a_finished_game_says_who_won() -> None:
    state = random_game(Rules.auction_pitch(players=3, target=5), 2)
    assert state.is_over
    assert f"{side_text(state.rules, state.winner)} won" in str(state)
    assert "Seat 0:" not in str(state)


def test_the_wrong_kind_of_object_is_a_type_error() -> None:
    """Issue 23: these raised AttributeError (or printed `None`); the errors page promises
    TypeError for the wrong kind of object."""
    import pytest

    from setback import Suit, trump_table

    state = new_game(Rules.setback(), seed=1)
    view = observe(state, 0)
    calls = {
        "state_text takes a GameState, not PlayerView": lambda: state_text(view),  # type: ignore[arg-type]
        "view_text takes a PlayerView, not GameState": lambda: view_text(state),  # type: ignore[arg-type]
        "side_text takes a Rules value, not GameState": lambda: side_text(state, 0),  # type: ignore[arg-type]
        "contract_text takes a Rules value, not GameState": lambda: contract_text(state, 3),  # type: ignore[arg-type]
        "trump_table takes a Rules value or None, not GameState": lambda: trump_table(
            Suit.SPADES,
            state,  # type: ignore[arg-type]
        ),
        "trump_table takes a trump (Suit), not str": lambda: trump_table("S"),  # type: ignore[arg-type]
        "cards_text takes cards (an iterable of Card), not NoneType": lambda: cards_text([None]),  # type: ignore[list-item]
        "hand_text takes cards (an iterable of Card), not str": lambda: hand_text("KS"),  # type: ignore[arg-type]
        "action_text takes an action (Pass, Bid, Smudge, Play, ...), not NoneType": lambda: (
            action_text(None)  # type: ignore[arg-type]
        ),
    }
    for message, call in calls.items():
        with pytest.raises(TypeError) as caught:
            call()
        assert str(caught.value) == message


def test_a_side_the_rules_do_not_have_is_refused() -> None:
    import pytest

    from setback import InvalidStateError

    with pytest.raises(InvalidStateError, match=r"^no side 2: these rules have sides 0 to 1$"):
        side_text(Rules.setback(), 2)


def test_hand_numbers_count_from_0_in_the_api_and_from_1_on_screens() -> None:
    """Issue 23: `hand_number` is 0-based in views and JSON while every screen says "Hand 1";
    it stays 0-based, and each field's docs say how a screen shows it."""
    import json
    from pathlib import Path

    import griffe

    from setback import dumps

    view = observe(new_game(Rules.setback(), seed=7), 1)
    assert view.hand_number == 0 and json.loads(dumps(view))["data"]["hand_number"] == 0
    assert "Hand 1, dealer seat 0" in view_text(view).splitlines()
    src = Path(__file__).resolve().parents[1] / "src"
    package = griffe.load("setback", search_paths=[str(src)])
    for path in (
        "views.PlayerView.hand_number",
        "state.GameState.hand_number",
        "state.HandResult.number",
        "eventlog.Dealt.hand_number",
    ):
        docstring = package[path].docstring
        assert docstring is not None
        words = " ".join(docstring.value.split())
        assert "counting from 0" in words and '"Hand 1"' in words, path


def _a_trick_begun() -> GameState:
    state = new_game(Rules.setback(), seed=7)
    for action in ("bid 2", "pass", "pass", "pass", "play 2C"):
        state = apply_action(state, action)
    return state


def test_a_view_in_german_swedish_and_french() -> None:
    """The seeds' words: German Reizen, Stich, Trumpf, Geber, bieten, passen; Swedish stick,
    trumf, bud, passa; French pli, atout, annonce, passer. A call follows its seat after a
    colon (issue 40: not "du bieten 3")."""
    view = observe(_a_trick_begun(), 2)
    assert view_text(view, lang="de").splitlines() == [
        "Sicht von Platz 2: 4 Spieler, 2 Parteien, Ziel 21",
        "Punktestand: Plätze 0+2 0, Plätze 1+3 0",
        "Runde 1, Geber Platz 0",
        "Stichspiel: Platz 2 ist dran",
        "Gebote: Platz 1: bieten 2, Platz 2: passen, Platz 3: passen, Platz 0: passen",
        "Kontrakt: Platz 1, Gebot 2",
        "Trumpf: ♣",
        "Stich 1: Platz 1 2♣",
        "Deine Karten: ♠ A 10   ♣ A Q 5   ♦ K",
        "Karten auf der Hand: Platz 0 6, Platz 1 5, Platz 2 6, Platz 3 6",
        "Deine Wahl: spielen 5♣, spielen Q♣, spielen A♣",
    ]
    assert view_text(view, lang="sv").splitlines()[1:8] == [
        "Poäng: platserna 0+2 0, platserna 1+3 0",
        "Giv 1, givare plats 0",
        "Spel: plats 2 står på tur",
        "Bud: plats 1: bud 2, plats 2: passa, plats 3: passa, plats 0: passa",
        "Kontrakt: plats 1, bud 2",
        "Trumf: ♣",
        "Stick 1: plats 1 2♣",
    ]
    assert view_text(view, lang="fr").splitlines()[4:8] == [
        "Annonces : place 1 : annonce 2, place 2 : passer, place 3 : passer, place 0 : passer",
        "Contrat : place 1, annonce 2",
        "Atout : ♣",
        "Pli 1 : place 1 2♣",
    ]


def test_a_state_in_german_shows_every_hand() -> None:
    lines = state_text(_a_trick_begun(), lang="de").splitlines()
    assert lines[0] == "4 Spieler, 2 Parteien, Ziel 21"
    assert lines[-4:] == [
        "Platz 0: ♠ J 8   ♥ K 8   ♦ J 8",
        "Platz 1: ♠ 3   ♥ 10   ♣ J 7   ♦ 2",
        "Platz 2: ♠ A 10   ♣ A Q 5   ♦ K",
        "Platz 3: ♠ 4   ♥ Q 5   ♣ 10   ♦ A 6",
    ]


def test_words_of_every_kind_in_every_language() -> None:
    from setback import Phase, Point, Suit
    from setback.text import LANGUAGES, phase_text, point_text, suit_text

    assert [suit_text(Suit.SPADES, lang=lang) for lang in LANGUAGES] == [
        "spades",
        "Pik",
        "spader",
        "pique",
    ]
    assert [point_text(Point.JACK, lang=lang) for lang in LANGUAGES] == [
        "Jack",
        "Bube",
        "Jack",
        "Jack",
    ]
    assert [point_text("low", lang=lang) for lang in LANGUAGES] == ["Low", "Niedrig", "Low", "Low"]
    assert [phase_text(Phase.BIDDING, lang=lang) for lang in LANGUAGES] == [
        "Bidding",
        "Reizen",
        "Budgivning",
        "Enchères",
    ]
    smudge = Rules.setback()
    assert [contract_text(smudge, 3, lang=lang) for lang in LANGUAGES] == [
        "bid 3",
        "Gebot 3",
        "bud 3",
        "annonce 3",
    ]
    assert [side_text(smudge, None, lang=lang) for lang in LANGUAGES] == [
        "nobody",
        "niemand",
        "ingen",
        "personne",
    ]
    assert side_text(Rules.auction_pitch(), 2, lang="fr") == "place 2"
    assert action_text(Discard(), lang="fr") == "ne rien écarter"
    assert action_text(parse_action("trump H"), lang="de") == "Trumpf ♥"


def test_an_unknown_language_is_a_language_error() -> None:
    import pytest

    from setback import LanguageError, SetbackError

    for call in (
        lambda: cards_text((), lang="xx"),
        lambda: view_text(observe(new_game(Rules.setback(), seed=1), 0), lang="de_DE"),
        lambda: action_text(parse_action("pass"), lang="EN"),
    ):
        with pytest.raises(LanguageError, match=r"setback speaks en, de, sv and fr$") as caught:
            call()
        assert isinstance(caught.value, SetbackError) and isinstance(caught.value, ValueError)
    with pytest.raises(TypeError, match=r"^lang takes a language code"):
        hand_text((), lang=None)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_in_every_language_the_choices_are_told_apart(rules: Rules, seed: int) -> None:
    """No two legal actions read the same in any language (a player could not choose)."""
    from setback.text import LANGUAGES

    for state in random_states(rules, seed, max_steps=60):
        actions = legal_actions(state)
        for lang in LANGUAGES:
            assert len({action_text(a, lang=lang) for a in actions}) == len(actions)


def test_a_refusal_in_every_language() -> None:
    """`refusal_text` words a refusal from its code and params: English is the error's own
    message; German, Swedish and French come from the catalogs."""
    import pytest

    from setback import IllegalActionError, InvalidNotationError
    from setback.text import refusal_text

    with pytest.raises(IllegalActionError) as caught:
        apply_action(_a_trick_begun(), "play KD", seat=2)
    error = caught.value
    assert refusal_text(error) == str(error)
    assert refusal_text(error, lang="de") == (
        "spielen K♦ von Platz 2 ist nicht erlaubt: Trumpf (♣) wurde ausgespielt: wer Trumpf "
        "hat, muss Trumpf spielen; spiel eine von 5♣ Q♣ A♣"
    )
    assert refusal_text(error, lang="sv") == (
        "spela K♦ av plats 2 är inte tillåtet: trumf (♣) spelades ut: den som har trumf måste "
        "lägga trumf; lägg ett av 5♣ Q♣ A♣"
    )
    assert refusal_text(error, lang="fr") == (
        "jouer K♦ par la place 2 n'est pas permis : atout (♣) a été entamé : un joueur qui a "
        "de l'atout doit en jouer ; jouez l'une de 5♣ Q♣ A♣"
    )
    with pytest.raises(InvalidNotationError) as notation:
        parse_action("fold")
    assert refusal_text(notation.value, lang="de").startswith("keine Aktion: 'fold' (Aktionen")
    with pytest.raises(TypeError, match=r"^refusal_text takes an IllegalActionError"):
        refusal_text(ValueError("x"))  # type: ignore[arg-type]


def test_every_refusal_code_is_worded_in_every_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every code, from the real state or text that raises it (tests/rules/test_refusals.py's
    cases): its sentence in each language, no placeholder left, none left in English."""
    from setback import IllegalActionError
    from setback.refusals import MESSAGES
    from setback.text import LANGUAGES, refusal_text

    from .rules.test_refusals import CASES

    assert set(CASES) <= set(MESSAGES) and len(CASES) > 50
    for code, make in CASES.items():
        error = make(monkeypatch)
        english = str(error)
        assert refusal_text(error) == english
        for lang in LANGUAGES[1:]:
            text = refusal_text(error, lang=lang)
            assert not re.search(r"\{[a-z_]+\}", text), (code, lang)
            if code == "message":  # a sentence of the caller's own: kept as it is
                assert error.params["message"] in text
                continue
            assert text != english, (code, lang)
            if isinstance(error, IllegalActionError):
                assert error.reason not in text, (code, lang)


# --- more points (RULES §7.2) -----------------------------------------------------------


def test_the_new_points_have_names_in_every_language() -> None:
    """Every new point's name a player reads, in en/de/sv/fr (from the catalogs)."""
    from setback.text import point_text

    keys = ("five", "off_five", "nine", "off_ace", "off_three", "snoozer")
    assert [point_text(key) for key in keys] == [
        "Five",
        "Off-five",
        "Nine",
        "Off-ace",
        "Off-three",
        "Snoozer",
    ]
    assert [point_text(key, lang="de") for key in keys] == [
        "Fünf",
        "Linke Fünf",
        "Neun",
        "Linkes Ass",
        "Linke Drei",
        "Snoozer",
    ]
    assert point_text("nine", lang="sv") == "Nia" and point_text("five", lang="fr") == "Cinq"


# --- a free contract (RULES §7.8.11) ----------------------------------------------------


def test_a_free_contract_in_words() -> None:
    """Contract 0 reads as a free hand, in every language; a view of it loads back."""
    assert [contract_text(FREE, 0, lang=lang) for lang in ("en", "de", "sv", "fr")] == [
        "free (no bid)",
        "frei (kein Gebot)",
        "fri (inget bud)",
        "libre (sans annonce)",
    ]
    view = observe(act(deal(FREE, S1_HANDS), "A pass, B pass, C pass, D pass"), 0)
    assert view.contract == 0 and loads(dumps(view)) == view


# --- the kitty (RULES §7.7.1) -----------------------------------------------------------


def test_text_shows_the_kitty_to_whom_it_may() -> None:
    assert "Kitty: 2 cards face down" in view_text(
        observe(new_game(kitty_rules(), deck=KITTY_DECK, dealer=3, seed=1), 2)
    )
    state = kitty_declared()
    assert "The kitty you took: 10♥ A♥" in view_text(observe(state, 0))
    assert "kitty" not in view_text(observe(state, 1)).lower()
    assert "Kitty (taken by the pitcher): 10♥ A♥" in state_text(state)
    assert "Kitty: 10♥ A♥" in state_text(new_game(kitty_rules(), deck=KITTY_DECK, dealer=3, seed=1))
