"""Dealing (RULES §1.2, §2, §3, §6.4): packets of three from the dealer's left, the
sizes of the deal and the stock, and the same seed dealing the same cards."""

from __future__ import annotations

import pytest

from setback import (
    CARDS,
    AllPass,
    Phase,
    Rules,
    apply_action,
    new_game,
    observe,
)

from ..support import (
    S1_HANDS,
    THREE_CALLS,
    THREE_HANDS,
    THREE_TRICKS,
    X1_HANDS,
    X2_DEALT,
    X2_DECK,
    card_set,
    deal,
    hand,
    smear_rules,
    texts,
    x2_dealt,
)

SIX = Rules.six_player()

GERMAN = Rules.setback()


def test_new_game_deals_and_opens_the_auction() -> None:
    state = new_game(GERMAN, seed=7, dealer=2)
    assert state.phase is Phase.BIDDING and state.to_act == 3 and state.dealer == 2
    assert state.scores == (0, 0) and state.history == () and state.trick is None
    assert all(len(hand) == 6 for hand in state.hands)
    assert len(state.stock) == 28
    assert set(state.stock).isdisjoint(card for hand in state.hands for card in hand)
    assert state.seed == 7 and state.trump is None and state.pitcher is None


def test_same_seed_same_deal_and_no_seed_is_kept() -> None:
    assert new_game(GERMAN, seed=3) == new_game(GERMAN, seed=3)
    assert new_game(GERMAN, seed=3).hands != new_game(GERMAN, seed=4).hands
    fresh = new_game(GERMAN)
    assert new_game(GERMAN, seed=fresh.seed) == fresh


def test_deal_is_fixed_across_versions() -> None:
    """The library's own shuffle: this deal is part of the contract (replays of stored games)."""
    state = new_game(GERMAN, seed=7)
    assert " ".join(str(c) for c in state.hands[1]) == "2C 7C JC 2D 10H 3S"


def test_deck_is_dealt_in_packets_of_three_from_the_dealers_left() -> None:
    state = new_game(GERMAN, dealer=3, deck=CARDS[:52])
    assert [" ".join(map(str, hand)) for hand in state.hands] == [
        "2C 3C 4C AC 2D 3D",
        "5C 6C 7C 4D 5D 6D",
        "8C 9C 10C 7D 8D 9D",
        "JC QC KC 10D JD QD",
    ]
    assert state.stock == CARDS[24:52]


def test_hands_are_dealt_exactly_and_the_stock_is_the_rest() -> None:
    state = deal(GERMAN, S1_HANDS)
    assert " ".join(map(str, state.hands[0])) == "10C 7D 9D QH 4S KS"
    assert (
        len(state.stock) == 28 and len(set(state.stock) | {c for h in state.hands for c in h}) == 52
    )


@pytest.mark.parametrize("players", range(2, 9))
def test_auction_pitch_deals_six_to_every_seat(players: int) -> None:
    """RULES §2.1: 2 to 8 players, each for himself."""
    state = new_game(Rules.auction_pitch(players=players), seed=players)
    assert [len(h) for h in state.hands] == [6] * players
    assert len(state.stock) == 52 - 6 * players
    assert state.rules.sides == tuple((seat,) for seat in range(players))


def test_six_players_deal_eight_in_packets_3_3_2() -> None:
    state = new_game(SIX, dealer=5, deck=CARDS[:52])
    assert " ".join(map(str, state.hands[0])) == "2C 3C 4C 7D 8D 9D QH KH"
    assert all(len(h) == 8 for h in state.hands) and len(state.stock) == 4


def test_ten_point_and_smear_deal_one_card_fewer_only_to_six_players() -> None:
    """RULES §6.5.2 and §6.6.2: 9 (Ten-point) and 10 (Smear) cards each, 8 and 9 with six."""
    assert [Rules.ten_point(players=n).deal for n in range(2, 7)] == [9, 9, 9, 9, 8]
    assert [Rules.smear(players=n).deal for n in range(2, 7)] == [10, 10, 10, 10, 9]


def test_x1_smear_deals_10_each() -> None:
    """RULES §6.6.2 and §6.10 X1: 10 cards each; Anna, eldest, calls first."""
    state = deal(smear_rules(), X1_HANDS)
    assert state.phase is Phase.BIDDING and state.to_act == 0
    assert [len(cards) for cards in state.hands] == [10, 10, 10, 10]
    assert set(state.hands[3]) == card_set("BJ J♣ 7♠ 4♥ 10♦ 5♦ 2♣ 4♣ 6♣ 2♦")
    assert texts(state) == ["pass"] + [f"bid {n}" for n in range(2, 11)]


def test_x2_the_deck_is_dealt_9_each_in_packets_of_3_from_anna() -> None:
    """RULES §6.4, §6.5.2 and §6.10 X2: 9 each in packets of 3 from the eldest; the other 18
    cards are the stock."""
    state = x2_dealt()
    assert [set(cards) for cards in state.hands] == [card_set(X2_DEALT[s]) for s in range(4)]
    assert [str(card) for card in state.stock] == X2_DECK.split()[36:]
    assert observe(state, 0).stock_size == 18


# --- next_dealer ------------------------------------------------------------------------


CUTTHROAT = Rules.cutthroat(players=3)


def test_a_redeal_keeps_the_dealer_and_a_played_hand_passes_the_deal() -> None:
    """`next_dealer`: after a hand everyone passed under `AllPass.REDEAL` the same seat
    deals again; after a played hand, the seat to the dealer's left."""
    state = new_game(Rules.cutthroat(players=3, all_pass=AllPass.REDEAL), seed=3, dealer=1)
    for _ in range(3):
        state = apply_action(state, "pass")
    assert state.dealer == 1 and state.to_act == 2 and state.hand_number == 1
    state, _ = hand(CUTTHROAT, THREE_HANDS, THREE_CALLS, THREE_TRICKS, dealer=2)
    assert state.dealer == 0 and state.to_act == 1
