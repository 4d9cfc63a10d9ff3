"""Fixed tests of the hand's transitions, each written to kill a mutant of
`benchmarks/mutants.py` that the other fixed tests let live (the mutant is named in the
test's docstring). Exact hands, exact outcomes, through the public API."""

from __future__ import annotations

import pytest

import setback
from setback import (
    AllPass,
    GameState,
    IllegalActionError,
    Phase,
    Point,
    Rules,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    parse_cards,
)

from .support import act, deal, hand

# --- §1.6 Game: the strictly highest card-point total; a tie at the top, nobody ----------

SETBACK = Rules.setback()
# D deals; A bids 2 and leads the spades (trump); B, C, D are void. D throws 10♦ on the
# first trick (A takes it: 10 card points); B's 10♥ takes the last trick (10 card points).
TIED_HANDS = (
    "A: 9♠ 8♠ 7♠ 6♠ 5♠ 2♥; B: 10♥ 3♣ 4♣ 5♣ 6♣ 7♣; C: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦; D: 10♦ 3♥ 4♥ 5♥ 6♥ 7♥"
)
TIED_CALLS = "A 2, B pass, C pass, D pass"
TIED_TRICKS = (
    "A 9♠ B 3♣ C 2♦ D 10♦ → A; A 8♠ B 4♣ C 3♦ D 3♥ → A; A 7♠ B 5♣ C 4♦ D 4♥ → A; "
    "A 6♠ B 6♣ C 5♦ D 5♥ → A; A 5♠ B 7♣ C 6♦ D 6♥ → A; A 2♥ B 10♥ C 7♦ D 7♥ → B"
)


def test_game_tied_by_two_sides_goes_to_nobody() -> None:
    """§1.6: card points 10 and 10: Game to nobody (mutant: `_game` gives a tie to the
    first side). A's side takes High (9♠) and Low (5♠, captured): 2, its bid."""
    state, result = hand(SETBACK, TIED_HANDS, TIED_CALLS, TIED_TRICKS)
    assert result.card_points == (10, 10)
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": None}
    assert result.made is True and result.score_changes == (2, 0)
    assert state.scores == (2, 0)


def test_game_absent_a_tie_awards_nothing_else() -> None:
    """The same hand without the Game point: the tie counts for nobody, and no award is
    named for it."""
    rules = Rules.setback(points=(Point.HIGH, Point.LOW, Point.JACK))
    state, result = hand(rules, TIED_HANDS, TIED_CALLS, TIED_TRICKS)
    assert result.card_points == (10, 10)
    assert result.points == {"high": 0, "low": 0, "jack": None}
    assert result.score_changes == (2, 0) and state.scores == (2, 0)


CUTTHROAT = Rules.cutthroat(players=3)
# P2 deals; P0 bids 2 and leads four spades (trump), P1 and P2 void. P1's 10♥ takes the
# hearts (10 card points); P2's 8♣ takes P1's 7♣ lead and P0's 10♦ (10 card points).
THREE_HANDS = "P0: 9♠ 8♠ 7♠ 6♠ 2♥ 10♦; P1: 10♥ 3♣ 4♣ 5♣ 6♣ 7♣; P2: 8♣ 3♥ 3♦ 4♦ 5♦ 6♦"
THREE_CALLS = "P0 2, P1 pass, P2 pass"
THREE_TRICKS = (
    "P0 9♠ P1 3♣ P2 3♦ → P0; P0 8♠ P1 4♣ P2 4♦ → P0; P0 7♠ P1 5♣ P2 5♦ → P0; "
    "P0 6♠ P1 6♣ P2 6♦ → P0; P0 2♥ P1 10♥ P2 3♥ → P1; P1 7♣ P2 8♣ P0 10♦ → P2"
)


def test_game_tied_by_two_of_three_sides_goes_to_nobody() -> None:
    """§1.6, three sides: card points 0, 10, 10: the two at the top tie, Game to nobody
    (not to the first of them)."""
    state, result = hand(CUTTHROAT, THREE_HANDS, THREE_CALLS, THREE_TRICKS, dealer=2)
    assert result.card_points == (0, 10, 10)
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": None}
    assert result.score_changes == (2, 0, 0) and state.scores == (2, 0, 0)


# --- close_hand: the game's limits, exactly at the bound --------------------------------

REDEAL_TWO = Rules.cutthroat(players=2, all_pass=AllPass.REDEAL)


def test_a_game_may_hold_exactly_max_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game may hold `MAX_ACTIONS` actions, not one more (mutant: `count > most` made
    `>=`). Lowered to 4: two passed-out hands of two passes each fill it; the pass that
    would end a third is refused."""
    monkeypatch.setattr(setback.scoring, "MAX_ACTIONS", 4)
    state = new_game(REDEAL_TWO, seed=3)
    for _ in range(5):
        state = apply_action(state, "pass")
    assert len(state.log) == 5 and len(state.history) == 2
    with pytest.raises(IllegalActionError, match="would hold 6 actions, more than a game may"):
        apply_action(state, "pass")


def test_a_game_may_hold_exactly_max_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game may hold `MAX_HANDS` hands, not one more. Lowered to 2: the pass that would
    end a third hand is refused."""
    monkeypatch.setattr(setback.scoring, "MAX_HANDS", 2)
    state = new_game(REDEAL_TWO, seed=3)
    for _ in range(5):
        state = apply_action(state, "pass")
    assert len(state.history) == 2
    with pytest.raises(IllegalActionError, match="would hold 3 hands, more than a game may"):
        apply_action(state, "pass")


def test_a_redeal_keeps_the_dealer_and_a_played_hand_passes_the_deal() -> None:
    """`next_dealer`: after a hand everyone passed under `AllPass.REDEAL` the same seat
    deals again; after a played hand, the seat to the dealer's left."""
    state = new_game(Rules.cutthroat(players=3, all_pass=AllPass.REDEAL), seed=3, dealer=1)
    for _ in range(3):
        state = apply_action(state, "pass")
    assert state.dealer == 1 and state.to_act == 2 and state.hand_number == 1
    state, _ = hand(CUTTHROAT, THREE_HANDS, THREE_CALLS, THREE_TRICKS, dealer=2)
    assert state.dealer == 0 and state.to_act == 1


def test_the_game_over_state_holds_no_cards() -> None:
    """§1.8: A's side bid 2 from 19 and made it: 21, the game is over; nobody acts and
    nobody holds a card (mutant: the game-over hand built with a card left in it)."""
    state, result = hand(SETBACK, TIED_HANDS, TIED_CALLS, TIED_TRICKS, scores=(19, 5))
    assert result.made is True and state.scores == (21, 5)
    assert state.is_over and state.winner == 0 and state.phase is Phase.GAME_OVER
    assert state.to_act is None and state.hands == ((), (), (), ())


# --- the tally: High and Low are never jokers, and High goes to its holder --------------

TWO_JOKERS = Rules.setback(jokers=2)
# A leads 10♠ (spades trump); B must play his trump, the big joker, and takes the 10. The
# only trumps in play are 10♠ and the joker: High and Low are both the 10 (never a joker).
JOKER_HANDS = (
    "A: 10♠ 2♥ 3♥ 4♥ 5♥ 6♥; B: B🃏 2♣ 3♣ 4♣ 5♣ 6♣; C: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦; D: 7♣ 8♣ 7♥ 8♥ 9♥ 9♣"
)
JOKER_TRICKS = (
    "A 10♠ B B🃏 C 2♦ D 7♣ → B; B 2♣ C 3♦ D 8♣ A 2♥ → D; D 7♥ A 3♥ B 3♣ C 4♦ → D; "
    "D 8♥ A 4♥ B 4♣ C 5♦ → D; D 9♥ A 5♥ B 5♣ C 6♦ → D; D 9♣ A 6♥ B 6♣ C 7♦ → D"
)


def test_high_is_held_and_low_captured_and_neither_is_a_joker() -> None:
    """§1.6 and §6: High, 10♠, to A who held it (though B's joker took it); Low, the same
    10, to B who captured it; Game to B and D (mutants: High to its capturer; the big
    joker, card index 52, counted among High and Low)."""
    _, result = hand(TWO_JOKERS, JOKER_HANDS, TIED_CALLS, JOKER_TRICKS)
    assert result.points == {"high": 0, "low": 1, "jack": None, "game": 1}
    assert result.card_points == (0, 10)
    assert result.made is False and result.score_changes == (-2, 2)


# --- the draw back's face-up discards: after a choice, the next seat in order ------------

TEN_POINT = Rules.ten_point()
# D deals; C bids 3 and names hearts. A keeps seven trumps (A J 3 2 are point cards;
# 10♥ K♥ Q♥ are not: ten-point has no Ten) and B seven (J♦, both jokers, 9♥ 8♥ 7♥ 6♥):
# each must discard one trump face up, and each has a choice. Nobody else holds a trump
# (C keeps 5♥ 4♥; D and the stock none).
FACE_UP_HANDS = [
    "AH 2H 3H 10H JH KH QH 2S 3S",
    "JD BJ LJ 9H 8H 7H 6H 4S 5S",
    "5H 4H 6S 7S 8S 9S 10S JS QS",
    "KS AS 2C 3C 4C 5C 6C 7C 8C",
]


def test_after_a_face_up_discard_the_next_seat_in_order_discards() -> None:
    """§6.5.6: the face-up discards go eldest first: after A's choice, B (the next
    seat) chooses his; then the pitcher leads (mutants: the walk resumed two places on,
    or from the dealer's place)."""
    state = new_game(TEN_POINT, hands=FACE_UP_HANDS, dealer=3, seed=1)
    for seat, call in enumerate(("pass", "pass", "bid 3", "pass")):
        state = apply_action(state, call, seat=seat)
    state = apply_action(state, "trump H", seat=2)
    assert state.phase is Phase.DISCARD and state.to_act == 0
    assert [str(a) for a in legal_actions(state)] == ["discard 10H", "discard QH", "discard KH"]
    state = apply_action(state, "discard KH", seat=0)
    assert state.phase is Phase.DISCARD and state.to_act == 1
    state = apply_action(state, "discard 9H", seat=1)
    assert state.phase is Phase.PLAY and state.to_act == 2
    assert state.face_up_discards == tuple(map(parse_cards, ["KH", "9H", "", ""]))


def test_a_trump_lead_refuses_a_non_trump_by_the_trump_rule() -> None:
    """§1.5: to A's trump lead, B holds a trump (the big joker) and may not throw 2♣; the
    refusal names the rule of a trump lead (mutant: that rule's branch dropped, so the
    words of following a plain suit)."""
    state = act(deal(TWO_JOKERS, JOKER_HANDS), TIED_CALLS)
    state = apply_action(state, "play 10S", seat=0)
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, "play 2C", seat=1)
    assert refused.value.reason == (
        "trump (♠) was led: a player holding a trump must play one; play one of B🃏"
    )


def test_a_draw_back_without_a_face_up_discard_records_none() -> None:
    """A ten-point hand (seed 1, first legal action each time) in which nobody keeps more
    than six cards: the record's face-up discards are empty, as `HandResult` documents
    (mutant: the forced face-up walk's record made when it forced nobody)."""
    state = new_game(TEN_POINT, seed=1, dealer=3)
    while not state.history:
        state = apply_action(state, legal_actions(state)[0])
    result = state.history[0]
    assert (result.pitcher, result.contract, result.trump) == (3, 3, Suit.CLUBS)
    assert result.score_changes == (9, -3)
    assert result.face_up_discards == ()


def test_a_forced_face_up_discard_leaves_the_other_seats_none() -> None:
    """§6.5.6: B keeps nine trumps, seven of them point cards: K♥ Q♥ go face up, forced
    (no choice); nobody else discards face up (mutant: the other seats' entries start
    from a card, not from none)."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "AH JH JD BJ LJ 3H 2H KH QH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D",
    ]
    state = new_game(TEN_POINT, hands=hands, dealer=3, seed=1)
    for call in ("pass", "bid 10", "pass", "pass", "trump H"):
        state = apply_action(state, call)
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert state.face_up_discards == ((), parse_cards("QH KH"), (), ())


# --- the auction's bounds with a pitch and no Smudge (T = 4 is then the top call) --------

PITCH_NO_SMUDGE = Rules.setback(pitch_instead_of_bid=True, smudge=False)
PITCH_HANDS = (
    "A: K♠ 9♦ 4♠ Q♥ 10♣ 3♥; B: 7♦ 3♠ 5♦ J♦ 8♣ 2♥; C: J♠ 6♠ A♦ K♣ 9♥ 3♣; D: A♠ 10♦ 5♥ Q♣ 4♦ 7♥"
)


def _texts(state: GameState) -> set[str]:
    return {str(action) for action in legal_actions(state)}


def test_without_smudge_the_eldest_may_pitch_at_the_top_call() -> None:
    """§4.2: a pitch is a bid of T = 4, which is also the top call when there is no
    Smudge: A may pass, bid 2 to 4, or pitch any card (mutant: a pitch open only below the
    top call)."""
    state = deal(PITCH_NO_SMUDGE, PITCH_HANDS)
    pitches = {f"pitch {card}" for card in ("KS", "4S", "3H", "QH", "9D", "10C")}
    assert _texts(state) == {"pass", "bid 2", "bid 3", "bid 4"} | pitches


def test_without_smudge_the_dealer_answers_a_pitch_by_pass_or_pitch_only() -> None:
    """§4.2: A pitches K♠; with no Smudge the dealer's answers are pass and a pitch of his
    own, no bid (mutants: the answer's lowest bid set to T or T - 1)."""
    state = apply_action(deal(PITCH_NO_SMUDGE, PITCH_HANDS), "pitch KS", seat=0)
    assert state.to_act == 3
    pitches = {f"pitch {card}" for card in ("AS", "7H", "5H", "4D", "10D", "QC")}
    assert _texts(state) == {"pass"} | pitches


def test_a_shoot_for_every_point_is_made_without_every_trick() -> None:
    """RULES §7.4: under `ShootFor.ALL_POINTS` the shoot is made with every point, though
    the other side took a trick (made or set is `scoring.contract_made`'s)."""
    from setback.scoring import settle

    rules = setback.Rules.trickster(10, shoot=setback.ShootFor.ALL_POINTS)
    winners = [0, 1, 2, 3, 0, 2]  # seats 1 and 3 (the other side) took a trick each
    assert settle(rules, 0, rules.smudge_level, winners, (10, 0)) == (True, (10, 0))


def test_a_pitcher_who_called_his_own_card_counts_his_points_once() -> None:
    """RULES §7.7.3: a pitcher holding the called card plays alone: his side's points are
    his own (not twice), the four others score theirs together."""
    from setback.scoring import settle

    rules = setback.Rules.trickster(10, players=5)
    won = (6, 1, 1, 1, 1)  # each seat's points
    assert settle(rules, 0, 5, [0, 0, 1, 2, 3, 4], won, partner=0) == (True, (6, 4, 4, 4, 4))
