"""Player views (what a game server sends a seat): never a card the seat could not have
seen."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings

from setback import (
    Card,
    GameState,
    Phase,
    Rules,
    RulesError,
    apply_action,
    dumps,
    legal_actions,
    new_game,
    observe,
)

from .strategies import any_rules, each_preset, examples, play_until, random_states, seeds
from .support import cards_in, visible


@settings(max_examples=examples(12, 400), deadline=None)
@given(rules=any_rules, seed=seeds)
@each_preset
def test_a_view_shows_no_card_its_seat_could_not_have_seen(rules: Rules, seed: int) -> None:
    """Serialize every seat's view of every state: no hidden card (face-down discards and
    dead cards included, RULES §6.9.3), no seed; face-up discards shown to all."""
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
