"""Player views (what a game server sends a seat): never a card the seat could not have
seen."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings

from setback import (
    Card,
    Discard,
    GameState,
    IllegalActionError,
    PartnerCalled,
    Phase,
    Rules,
    RulesError,
    apply_action,
    discard_keeping,
    dumps,
    events,
    format_hand,
    legal_actions,
    new_game,
    observe,
    parse_cards,
)
from setback.eventlog import Discarded
from setback.text import view_text

from .strategies import any_rules, each_preset, examples, play_until, random_states, seeds
from .support import (
    D1_DISCARDS,
    D1_DRAWN,
    D1_IN_PLAY,
    D1_TRICKS,
    HEAVY,
    KITTY_DECK,
    X2_DEAD,
    X2_FACE_DOWN,
    X2_IN_PLAY,
    Y1_ROB,
    card_set,
    cards_in,
    d1_in_play,
    kitty_declared,
    kitty_rules,
    p1_called,
    play,
    sorted_cards,
    visible,
    x2_in_play,
    x2_played,
    y1_declared,
    y1_played,
)


@settings(max_examples=examples(4, 400), deadline=None)
@given(rules=any_rules, seed=seeds)
@each_preset
def test_a_view_shows_no_card_its_seat_could_not_have_seen(rules: Rules, seed: int) -> None:
    """Serialize every seat's view of every state: no hidden card (face-down discards and
    dead cards included, RULES §6.9.3), no seed; face-up discards shown to all. (Every
    preset and a few drawn rules here; more drawn rules in the heavy step, below.)"""
    _shows_no_card_it_could_not_have_seen(rules, seed)


@HEAVY
@settings(max_examples=examples(30, 30), deadline=None)
@given(rules=any_rules, seed=seeds)
def test_a_view_shows_no_card_its_seat_could_not_have_seen_under_more_drawn_rules(
    rules: Rules, seed: int
) -> None:
    """The same over more drawn rules: CI's heavy step."""
    _shows_no_card_it_could_not_have_seen(rules, seed)


def _shows_no_card_it_could_not_have_seen(rules: Rules, seed: int) -> None:
    """The checks of `test_a_view_shows_no_card_its_seat_could_not_have_seen` on one game."""
    seen: list[set[Card]] = [set() for _ in range(rules.players)]
    for state in random_states(rules, seed, max_steps=200):
        for seat in range(rules.players):
            seen[seat] = visible(state, seat, seen[seat])
            view = observe(state, seat)
            text = dumps(view)
            leaked = cards_in(text) - seen[seat]
            assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"
            assert '"seed"' not in text and '"stock"' not in text
            assert view.hand_sizes == tuple(len(h) for h in state.hands)
            assert view.face_up_discards == state.face_up_discards  # RULES §6.9.2: seen by all
            assert view.legal_actions == (legal_actions(state) if state.to_act == seat else ())
            # call your partner: the holder of the called card is named only once it has
            # been played, or to the holder himself (RULES §7.7.3, §7.8.12)
            shown = {
                card for trick in (*state.tricks, state.trick) if trick for card in trick.cards
            }
            holds = state.called is not None and state.called in state.hands[seat]
            known = state.called in shown or holds
            assert view.partner == (state.partner if known else None)


@pytest.mark.parametrize(
    "rules",
    [Rules.trickster(4, kitty=2), Rules.auction_pitch(players=3, kitty=5, draw=True)],
    ids=["kitty", "kitty-draw"],
)
def test_a_view_shows_no_kitty_card_to_a_seat_that_did_not_take_it(rules: Rules) -> None:
    """RULES §7.7.1: the same, with a kitty: only its size until the pitcher takes it,
    then its cards to him alone."""
    for seed in (1, 2):
        seen: list[set[Card]] = [set() for _ in range(rules.players)]
        for state in random_states(rules, seed, max_steps=100):
            for seat in range(rules.players):
                seen[seat] = visible(state, seat, seen[seat])
                leaked = cards_in(dumps(observe(state, seat))) - seen[seat]
                assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"


def test_view_of_a_passed_out_hand_hides_the_others_cards() -> None:
    rules = Rules.setback(all_pass="pass_deal")
    state = new_game(rules, seed=1)
    for _ in range(4):
        state = apply_action(state, "pass")
    view = observe(state, 2)
    assert view.last_result is not None and view.last_result.pitcher is None
    assert view.last_result.hands[2] == state.history[0].hands[2]
    assert all(hand == () for seat, hand in enumerate(view.last_result.hands) if seat != 2)


def test_view_shows_own_discards_only() -> None:
    state = new_game(Rules.six_player(), seed=3, dealer=5)
    for call in ["pass"] * 5 + ["bid 2", "trump S"]:
        state = apply_action(state, call)
    state = apply_action(state, legal_actions(state)[0])  # seat 0 discards
    thrown = state.discards[0]
    assert len(thrown) == 2 and observe(state, 0).discards == thrown
    assert observe(state, 1).discards == ()
    assert not cards_in(dumps(observe(state, 1))) & set(thrown)


def test_observe_refuses_a_seat_that_does_not_exist() -> None:
    with pytest.raises(RulesError, match="no seat 4"):
        observe(new_game(Rules.setback(), seed=1), 4)


def _first_hand_with_discards(rules: Rules) -> GameState:
    """Play hand 0: everyone passes and the stuck dealer bids, every seat discards as many
    cards as it may, then each seat plays its first legal card."""
    state = new_game(rules, seed=5, dealer=rules.players - 1)
    return play_until(
        state,
        lambda s: bool(s.history),
        lambda s: legal_actions(s)[-1 if s.phase is Phase.DISCARD else 0],
    )


@pytest.mark.parametrize(
    "rules", [Rules.six_player(), Rules.setback(draw=True)], ids=["six-players", "draw"]
)
def test_last_result_shows_each_seat_only_its_own_discards(rules: Rules) -> None:
    """RULES §4.1 and §4.4: discards are face down, and `PlayerView` shows 'never another
    seat's hand or discards'. After the hand every seat's `last_result` holds its own
    discards and empty tuples for the others, and is otherwise the full record, which
    holds everyone's."""
    state = _first_hand_with_discards(rules)
    full = state.history[-1]
    assert full.pitcher is not None and len(full.discards) == rules.players
    assert all(full.discards), "every seat discarded something"
    for seat in range(rules.players):
        seen = observe(state, seat).last_result
        assert seen is not None
        assert seen.discards == tuple(
            cards if other == seat else () for other, cards in enumerate(full.discards)
        )
        assert attrs.evolve(seen, discards=full.discards) == full


# --- call your partner: the secrecy of the pairing (RULES §7.7.3, §7.8.12) --------------


def test_nobody_sees_who_holds_the_called_card_until_it_is_played() -> None:
    """§7.7.3, §7.8.12: before Dan plays A♠ only Dan's own view names him (he holds it);
    the event stream shows the call and never the holder; once played, every view shows
    the pairing."""
    state = apply_action(apply_action(p1_called(), "play 10S"), "play 2S")
    assert state.partner == 3
    for seat in range(5):
        view = observe(state, seat)
        assert view.called == Card.parse("AS")
        assert view.partner == (3 if seat == 3 else None)
        assert "partner not yet known" in view_text(view) or seat == 3
    called = [event for event in events(state, 0) if isinstance(event, PartnerCalled)]
    assert called == [PartnerCalled(8, 1, Card.parse("AS"))]
    after = apply_action(state, "play AS")
    assert all(observe(after, seat).partner == 3 for seat in range(5))
    assert "Called: A♠ (partner seat 3)" in view_text(observe(after, 0))


# --- Cinch (RULES §7.8.7, §6.9.2) -------------------------------------------------------


def test_y1_every_view_shows_the_face_up_discards_and_the_record_names_them() -> None:
    """RULES §7.8.7, §6.9.2: every seat sees every face-up discard, only the dealer his
    face-down ones; `format_hand` writes both."""
    state = y1_declared()
    for seat in range(4):
        assert observe(state, seat).face_up_discards == state.face_up_discards
    played = y1_played()
    text = format_hand(played.history[-1], played.rules)
    assert "  seat 0 discarded face up 2♣ K♣ 4♦ 10♦ 8♠" in text
    assert "  seat 3 discarded 5♣ 8♣ 10♣ J♣ 3♦ 7♦ 9♦ K♦ 2♠ 6♠ 10♠" in text
    assert text.splitlines()[0] == "Hand 1: dealer seat 3, seat 0 bid 9, trump ♥"
    assert observe(played, 1).last_result.discards[3] == ()  # type: ignore[union-attr]


# --- the discard and draw (RULES §7.3.6) ------------------------------------------------


def test_a_seat_sees_its_own_draws_and_discards_only() -> None:
    """RULES §7.8.7: the discards are face down. A seat's view holds its own discards and
    (in its hand) its drawn cards; the events show every seat how many each threw and
    drew, and the cards only to their seat."""
    state = d1_in_play()
    for seat in range(4):
        view = observe(state, seat)
        assert card_set(view.discards) == card_set(D1_DISCARDS[seat])
        assert card_set(view.hand) == card_set(D1_IN_PLAY[seat])
        assert view.face_up_discards in ((), ((),) * 4)
        shown = [e for e in events(state, seat) if isinstance(e, Discarded)]
        assert [(e.seat, e.count, e.drawn) for e in shown] == [
            (1, 5, 2),
            (2, 4, 1),
            (3, 6, 3),
            (0, 6, 3),
        ]
        for event in shown:
            own = event.seat == seat
            assert bool(event.cards) == own and bool(event.drawn_cards) == own
            if own:
                assert card_set(event.drawn_cards) == card_set(D1_DRAWN[seat])
    result = play(state, D1_TRICKS).history[-1]  # type: ignore[arg-type]
    last = observe(play(state, D1_TRICKS), 2).last_result  # type: ignore[arg-type]
    assert last is not None and result.discards[1]
    assert [bool(cards) for cards in last.discards] == [False, False, True, False]


# --- the draw back's face-up discards (RULES §6.9.2) ------------------------------------


def test_x2_face_up_discard_is_seen_by_everyone() -> None:
    """RULES §6.5.6 and §6.9.2: face-up discards are recorded apart from face-down ones and
    every view shows them; a view shows only the seat's own face-down discards."""
    state = x2_in_play()
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert [set(cards) for cards in state.hands] == [card_set(X2_IN_PLAY[s]) for s in range(4)]
    for seat in range(4):
        view = observe(state, seat)
        assert view.face_up_discards == ((), (Card.parse("4H"),), (), ())
        assert set(view.discards) == card_set(X2_FACE_DOWN[seat])


def test_x2_dead_cards_stay_hidden() -> None:
    """RULES §6.9.3: a player's dead cards stay hidden from the others in the record's
    views; face-up discards are shown to everyone."""
    state = x2_played()
    for seat in range(4):
        shown = observe(state, seat).last_result
        assert shown is not None
        assert shown.face_up_discards == ((), (Card.parse("4H"),), (), ())
        for other, dead in X2_DEAD.items():
            if other != seat:
                assert set(shown.hands[other]) & card_set(dead) == set()


# --- the kitty (RULES §7.7.1) -----------------------------------------------------------


def test_nobody_but_the_pitcher_ever_sees_the_kitty() -> None:
    state = new_game(kitty_rules(), deck=KITTY_DECK, dealer=3, seed=1)
    for seat in range(4):
        view = observe(state, seat)
        assert view.kitty_size == 2 and view.kitty == () and view.stock_size == 26
    state = kitty_declared()
    assert observe(state, 0).kitty == sorted_cards("AH 10H") and observe(state, 0).kitty_size == 0
    for seat in (1, 2, 3):
        view = observe(state, seat)
        assert view.kitty == () and view.kitty_size == 0 and view.hand_sizes == (8, 6, 6, 6)
    rng = random.Random(5)
    state = apply_action(state, "discard 4C 3D")
    while not state.history:
        state = apply_action(state, rng.choice(legal_actions(state)))
    assert state.history[0].kitty == sorted_cards("AH 10H")
    assert observe(state, 0).last_result.kitty == sorted_cards("AH 10H")  # type: ignore[union-attr]
    assert observe(state, 0).last_result.discards[0] == sorted_cards("4C 3D")  # type: ignore[union-attr]
    for seat in (1, 2, 3):
        last = observe(state, seat).last_result
        assert last is not None and last.kitty == () and last.discards[0] == ()
        scored = [e for e in events(state, seat) if type(e).__name__ == "HandScored"]
        assert [e.result.kitty for e in scored] == [()]  # type: ignore[attr-defined]


# --- the keep form of a discard (issue 40) ---------------------------------------------


def test_the_robbing_dealer_names_only_the_cards_he_keeps() -> None:
    """RULES §7.9 Y1: Dan robs the pack, holds 17 cards and throws 11. He keeps his four
    trumps by rule, so naming the two non-trumps he keeps (J♠ 2♦) is the whole discard;
    naming all six kept cards is the same; naming one leaves 12 choices."""
    state = y1_declared()
    view = observe(state, 3)
    rob = Discard(parse_cards(Y1_ROB))
    assert discard_keeping(view, "JS 2D") == rob
    assert discard_keeping(view, ["2♦", Card.parse("JS"), "QH", "7H", "6H", "4H"]) == rob
    assert rob in view.legal_actions and len(view.legal_actions) == 78
    with pytest.raises(IllegalActionError) as caught:
        discard_keeping(view, "JS")
    assert (caught.value.code, caught.value.params) == ("keep_more", {"cards": ["JS"], "count": 1})


def test_the_keep_form_is_the_complement_where_every_card_is_free() -> None:
    """Smear's discard to six: naming the six cards kept is the discard of the other four;
    five leave several discards; a card not held, or a discard that is not due, is refused."""
    state = play_until(
        new_game(Rules.smear(), seed=3),
        lambda s: s.phase is Phase.DISCARD,
        lambda s: legal_actions(s)[-1],
    )
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    for discard in view.legal_actions[::17]:
        assert isinstance(discard, Discard)
        kept = [card for card in view.hand if card not in discard.cards]
        assert discard_keeping(view, kept) == discard
    with pytest.raises(IllegalActionError) as caught:
        discard_keeping(view, view.hand[:5])
    assert caught.value.code == "keep_more" and caught.value.params["count"] == 1
    foreign = next(card for card in Rules.smear().pack if card not in view.hand)
    with pytest.raises(IllegalActionError, match="does not hold") as caught:
        discard_keeping(view, [foreign])
    assert caught.value.params == {"seat": seat, "cards": [str(foreign)]}
    with pytest.raises(IllegalActionError) as caught:
        discard_keeping(observe(state, (seat + 1) % 4), view.hand[:6])
    assert caught.value.code == "no_discard_now"
    with pytest.raises(TypeError, match="discard_keeping takes a PlayerView"):
        discard_keeping(state, view.hand[:6])  # type: ignore[arg-type]
