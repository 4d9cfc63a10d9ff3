"""Declaring trump, discarding and drawing (RULES §4.1, §4.4, §6.4): the draw, the six-player
discard, Smear's discard to six, Ten-point's draw back and its face-up discards."""

from __future__ import annotations

import pytest

from setback import (
    CARDS,
    Card,
    DrawOrder,
    IllegalActionError,
    Phase,
    Rules,
    RulesError,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    observe,
    parse_cards,
)
from setback.cards import cards_of
from setback.discarding import draw_back_order, draw_from, refill

from ..support import (
    X1_CALLS,
    X1_DISCARDS,
    X1_HANDS,
    X1_IN_PLAY,
    X2_AFTER_DRAW,
    X2_CALLS,
    X2_FACE_DOWN,
    act,
    card_set,
    deal,
    four_of,
    legal_discards,
    play,
    smear_rules,
    ten_point_rules,
    texts,
    x1_declared,
    x1_in_play,
    x2_dealt,
    x2_declared,
    y2_declared,
    y2_rules,
)

DRAW = Rules.setback(draw=True)


def test_draw_declares_discards_and_refills_from_the_stock_in_order() -> None:
    """RULES §4.1: trump declared; eldest first, each discards non-trumps and draws as many
    from the top of the stock; the pitcher then must lead a trump."""
    state = new_game(DRAW, dealer=3, deck=CARDS[:52])  # the stock is K♦ A♦ 2♥ 3♥ 4♥ ...
    state = act(state, "A 2, B pass, C pass, D pass")
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 0
    assert texts(state) == ["trump C", "trump D", "trump H", "trump S"]
    state = apply_action(state, "trump D")
    assert state.phase is Phase.DISCARD and state.to_act == 0 and state.trump is Suit.DIAMONDS
    state = apply_action(state, "discard 2C 3C")
    assert " ".join(map(str, state.hands[0])) == "4C AC 2D 3D KD AD"
    # Ben holds 5C 6C 7C 4D 5D 6D: only his clubs may go
    assert "discard 4D" not in texts(state) and "discard 5C 6C 7C" in texts(state)
    with pytest.raises(IllegalActionError, match="trumps may not be discarded"):
        apply_action(state, "discard 4D")
    state = apply_action(state, "discard 7C 5C")
    assert " ".join(map(str, state.hands[1])) == "6C 4D 5D 6D 2H 3H"
    state = apply_action(state, "discard")
    state = apply_action(state, "discard JC")
    assert " ".join(map(str, state.hands[3])) == "QC KC 10D JD QD 4H"
    assert state.stock[0] == Card.parse("5H") and len(state.stock) == 28 - 5
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert texts(state) == ["play 2D", "play 3D", "play KD", "play AD"]
    with pytest.raises(IllegalActionError, match="first lead must be a trump"):
        apply_action(state, "play 4C")
    discards = state.discards
    assert discards[0] and discards[2] == ()


def test_draw_never_takes_more_than_the_stock_holds() -> None:
    """RULES §4.1: never more cards than the stock can refill (8 players leave 4)."""
    rules = Rules.cutthroat(players=8, draw=True)
    state = new_game(rules, seed=11, dealer=7)
    for _ in range(7):
        state = apply_action(state, "pass")
    state = apply_action(state, "bid 2")
    state = apply_action(state, "trump H")
    most = max(len(a.cards) for a in legal_actions(state))  # type: ignore[union-attr]
    assert most <= 4


SIX = Rules.six_player()


def test_six_players_declare_discard_two_and_lead_trump() -> None:
    """RULES §4.4: trump declared, everyone discards 2 (trumps allowed, out of play), eldest
    first, dealer last; the pitcher must lead a trump if he holds one."""
    state = new_game(SIX, dealer=5, deck=CARDS[:52])
    for seat in range(5):
        state = apply_action(state, "pass", seat=seat)
    state = apply_action(state, "bid 2", seat=5)
    state = apply_action(state, "trump D")
    assert state.phase is Phase.DISCARD and state.to_act == 0
    assert len(legal_actions(state)) == 28  # any 2 of 8
    with pytest.raises(IllegalActionError, match="exactly 2"):
        apply_action(state, "discard 2C")
    state = apply_action(state, "discard 7D 8D")  # trumps allowed
    assert state.discards[0] == parse_cards("7D 8D") and len(state.hands[0]) == 6
    for _ in range(5):
        state = apply_action(state, legal_actions(state)[-1])
    assert state.phase is Phase.PLAY and state.to_act == 5
    assert all(len(h) == 6 for h in state.hands)
    # the dealer kept 4D 5D 6D (and discarded 9S 10S): he must lead one
    assert texts(state) == ["play 4D", "play 5D", "play 6D"]


def test_draw_discards_no_more_than_the_stock_can_refill() -> None:
    """RULES §4.1: each player discards non-trumps and draws as many, never more cards
    than the stock can refill (eight players leave a stock of 4)."""
    rules = Rules.cutthroat(players=8, draw=True)
    state = new_game(rules, seed=11, dealer=7)
    for _ in range(7):
        state = apply_action(state, "pass")
    state = apply_action(state, "bid 2")
    state = apply_action(state, "trump S")  # eldest holds 5♣ 2♦ 7♦ 3♥ 5♥ 6♥: no trump
    assert state.phase is Phase.DISCARD and state.to_act == 0 and len(state.stock) == 4
    with pytest.raises(IllegalActionError, match="the stock can refill only 4 cards"):
        apply_action(state, "discard 5C 2D 7D 3H 5H")
    assert max(len(action.cards) for action in legal_actions(state)) == 4  # type: ignore[union-attr]


def test_x1_smear_pitcher_declares_trump() -> None:
    """RULES §6.4 and §6.6.4: with more than 6 dealt, the pitcher declares trump after the
    auction; then the discards to six begin with the eldest."""
    state = act(deal(smear_rules(), X1_HANDS), X1_CALLS)
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 2
    assert state.pitcher == 2 and state.contract == 5
    assert texts(state) == ["trump C", "trump D", "trump H", "trump S"]
    state = apply_action(state, "trump S", seat=2)
    assert state.trump is Suit.SPADES
    assert state.phase is Phase.DISCARD and state.to_act == 0


def test_x1_anna_discards_4_of_her_8_non_trumps_70_choices() -> None:
    """RULES §6.4 and §6.10 X1: Anna holds 8 non-trumps; she must discard 4 of them and no
    trump (70 choices)."""
    state = x1_declared()
    choices = legal_discards(state)
    assert len(legal_actions(state)) == 70
    assert choices == four_of("K♣ 8♣ A♥ Q♦ 3♥ 4♦ 6♦ 9♣")
    assert not any(choice & card_set("9♠ 3♠") for choice in choices)
    with pytest.raises(IllegalActionError):
        apply_action(state, "discard 3S 3H 4D 6D", seat=0)


def test_x1_carla_discards_every_non_trump_and_one_trump_7_choices() -> None:
    """RULES §6.4 and §6.10 X1: Carla holds 7 trumps and 3 non-trumps: her discard holds all
    three non-trumps plus one trump of her choice (7 choices)."""
    state = x1_declared()
    for seat in (0, 1):
        state = apply_action(state, f"discard {X1_DISCARDS[seat]}", seat=seat)
    assert state.to_act == 2
    non_trumps = card_set("2♥ 3♦ 5♣")
    trumps = card_set("K♠ Q♠ 10♠ 8♠ 6♠ 4♠ LJ")
    assert len(legal_actions(state)) == 7
    assert legal_discards(state) == {frozenset(non_trumps | {trump}) for trump in trumps}


def test_x1_the_jick_may_not_be_discarded_while_dan_holds_non_trumps() -> None:
    """RULES §6.4 and §6.10 X1: J♣ is a trump once ♠ is named, so Dan may not discard it
    while he holds non-trumps; he discards 4 of his 7 non-trumps."""
    state = x1_declared()
    for seat in (0, 1, 2):
        state = apply_action(state, f"discard {X1_DISCARDS[seat]}", seat=seat)
    assert state.to_act == 3
    assert legal_discards(state) == four_of("4♥ 10♦ 5♦ 2♣ 4♣ 6♣ 2♦")
    with pytest.raises(IllegalActionError):
        apply_action(state, "discard JC 2C 4C 6C", seat=3)


def test_x1_cards_in_play_after_the_discard_to_six() -> None:
    """RULES §6.10 X1 'In play': six cards each; the discards are face down, each seat sees
    only its own, and there are no face-up discards."""
    state = x1_in_play()
    assert state.phase is Phase.PLAY and state.to_act == 2
    assert [set(cards) for cards in state.hands] == [card_set(X1_IN_PLAY[s]) for s in range(4)]
    for seat in range(4):
        view = observe(state, seat)
        assert set(view.discards) == card_set(X1_DISCARDS[seat])
        assert view.face_up_discards == ((), (), (), ())


def test_x2_pitcher_declares_trump() -> None:
    """RULES §6.5.4: after the auction the pitcher declares trump."""
    state = act(x2_dealt(), X2_CALLS)
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 1 and state.contract == 5


def test_x2_draw_back() -> None:
    """RULES §6.5.5 and §6.10 X2: eldest first, each player but the pitcher discards every
    non-trump face down and draws up to 6; the pitcher takes the rest of the stock and
    discards every non-trump (keeping J♦, a trump; J♣ is an ordinary club)."""
    state = x2_declared()
    assert state.trump is Suit.HEARTS
    assert [set(cards) for cards in state.hands] == [card_set(X2_AFTER_DRAW[s]) for s in range(4)]
    assert [set(cards) for cards in state.discards] == [card_set(X2_FACE_DOWN[s]) for s in range(4)]
    assert state.stock == () and observe(state, 0).stock_size == 0


def test_x2_too_many_trumps_face_up_choices_exclude_point_cards() -> None:
    """RULES §6.5.6, §6.9.2 and §6.10 X2: Ben holds 7 trumps and discards one face up; it
    must not be a point card, so he chooses among K♥, 10♥, 7♥ and 4♥."""
    state = x2_declared()
    assert state.phase is Phase.DISCARD and state.to_act == 1
    assert set(texts(state)) == {"discard KH", "discard 10H", "discard 7H", "discard 4H"}
    with pytest.raises(IllegalActionError):
        apply_action(state, "discard AH", seat=1)


def test_face_up_discards_go_eldest_first() -> None:
    """RULES §6.9.2: face-up discards are made eldest first; Anna, then Dan, each with a
    choice of non-point trumps."""
    hands = (
        "A: K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 2♣ 3♣; B: 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ Q♣ K♣; "
        "C: A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠; D: 5♥ 4♥ A♥ J♥ 3♥ 2♥ J♦ 10♠ J♠"
    )
    state = act(deal(ten_point_rules(), hands), "A pass, B pass, C 3, D pass")
    state = apply_action(state, "trump H", seat=2)
    assert state.phase is Phase.DISCARD and state.to_act == 0
    assert len(state.hands[0]) == 7 and len(state.hands[3]) == 7
    state = apply_action(state, "discard 6H", seat=0)
    assert state.phase is Phase.DISCARD and state.to_act == 3
    assert {str(a) for a in legal_actions(state)} == {"discard 5H", "discard 4H"}


# --- RULES §7.3.10: the draw back from the pitcher's left (`draw_order`) -------------------


def test_draw_back_order_starts_at_eldest_or_at_the_pitchers_left() -> None:
    """RULES §6.5.5 and §7.3.10: every seat but the pitcher, clockwise from eldest or from
    the pitcher's left, then the pitcher; the draw of §4.1 is not affected."""
    eldest, left = y2_rules(DrawOrder.ELDEST), y2_rules()
    assert draw_back_order(eldest, 3, 1) == [0, 2, 3, 1]
    assert draw_back_order(left, 3, 1) == [2, 3, 0, 1]
    assert draw_back_order(left, 3, 3) == [0, 1, 2, 3]
    assert draw_back_order(left, 0, 2) == [3, 0, 1, 2]
    with pytest.raises(RulesError, match="draw_order PITCHER_LEFT needs keep_six DRAW_BACK"):
        Rules.setback(draw=True, draw_order=DrawOrder.PITCHER_LEFT)
    with pytest.raises(RulesError, match="draw_order"):
        Rules.smear(draw_order="pitcher_left")


def test_a_hand_draws_back_to_six_as_the_stock_allows_and_none_above_six() -> None:
    """RULES §6.5.5-6: a hand draws until it holds 6, or the stock is empty; one that kept
    more than 6 trumps draws nothing (it discards its excess face up instead). The count's
    one home, `discarding.refill`, is asked as a number by the draw back, the discard and
    draw, Cinch's refills and sampling's count of the draw back, so it is never below 0."""
    assert [refill(kept, 10) for kept in (0, 4, 6, 7, 9)] == [6, 2, 0, 0, 0]
    assert [refill(kept, 3) for kept in (0, 3, 4, 5)] == [3, 3, 2, 1]
    assert [refill(kept, 0) for kept in (0, 6, 8)] == [0, 0, 0]


def test_cards_are_taken_from_the_front_of_the_stock() -> None:
    """`discarding.draw_from`, the one home of taking cards from the stock (the kitty, the
    draw, the draw back, the refills, the rob): the first `count` cards, all of a shorter
    stock, and none for a count of 0 or below (a count is never read from the back)."""
    stock = (5, 9, 2, 40)
    assert draw_from(stock, 2) == (1 << 5 | 1 << 9, (2, 40))
    assert draw_from(stock, 9) == (1 << 5 | 1 << 9 | 1 << 2 | 1 << 40, ())
    assert draw_from(stock, 0) == (0, stock)
    assert draw_from(stock, -1) == (0, stock)


def test_y2_draw_back_from_the_pitchers_left() -> None:
    """RULES §7.9 Y2: Carla, Dan and Anna draw in that order, then Ben takes the rest of
    the stock; he holds 7 trumps and discards one face up (not a point card)."""
    state = y2_declared()
    assert [str(step.seat) for step in state.hand_state.forced] == ["2", "3", "0", "1"]
    drawn = {step.seat: set(cards_of(step.drawn)) for step in state.hand_state.forced}
    assert drawn[2] == card_set("3♠ 8♥ 10♦ Q♣")
    assert drawn[3] == card_set("8♠ 6♠ 7♥ 9♦")
    assert drawn[0] == card_set("LJ 5♦ 7♣ 4♥")
    assert drawn[1] == card_set("J♠ 4♠ 2♥ 4♦ 3♦ 6♣")
    assert state.phase is Phase.DISCARD and state.to_act == 1
    assert set(texts(state)) == {"discard KS", "discard QS", "discard 9S", "discard 4S"}
    state = apply_action(state, "discard 4S", seat=1)
    assert [set(cards) for cards in state.hands] == [
        card_set("A♠ 7♠ LJ 5♦ 7♣ 4♥"),
        card_set("K♠ Q♠ J♠ BJ 9♠ 3♣"),
        card_set("2♠ 5♠ 3♠ 8♥ 10♦ Q♣"),
        card_set("J♣ 10♠ 8♠ 6♠ 7♥ 9♦"),
    ]
    assert observe(state, 2).face_up_discards == ((), (Card.parse("4S"),), (), ())


def test_y2_draw_back_in_eldest_order_differs() -> None:
    """RULES §7.9 Y2's aside: in eldest order (§6.5.5) Anna draws first and takes 3♠."""
    state = y2_declared(DrawOrder.ELDEST)
    assert [step.seat for step in state.hand_state.forced] == [0, 2, 3, 1]
    first = state.hand_state.forced[0]
    assert set(cards_of(first.drawn)) == card_set("3♠ 8♥ 10♦ Q♣")


def test_y2_whole_hand() -> None:
    """RULES §7.9 Y2: the six tricks of 4, 4, 4, 2, 1 and 1 cards, the points in award
    order, BD +8 and AC +5; from AC 50 / BD 40 AC win on Low, from AC 46 / BD 44 BD win."""
    tricks = (
        "B K♠ C 3♠ D 6♠ A A♠ → A; A 7♠ B Q♠ C 5♠ D 8♠ → B; B J♠ C 2♠ D 10♠ A LJ → B; "
        "B 9♠ D J♣ → D; B BJ → B; B 3♣ → B"
    )
    state = play(apply_action(y2_declared(), "discard 4S", seat=1), tricks)
    result = state.history[-1]
    assert [len(trick.plays) for trick in result.tricks] == [4, 4, 4, 2, 1, 1]
    assert list(result.points.items()) == [
        ("high", 0),
        ("low", 0),
        ("jack", 1),
        ("off_jack", 1),
        ("big_joker", 1),
        ("little_joker", 1),
        ("ten", 1),
        ("trey", 0),
        ("off_three", 1),
    ]
    assert result.made and result.score_changes == (5, 8)
    ahead = play(apply_action(y2_declared(scores=(50, 40)), "discard 4S", seat=1), tricks)
    assert ahead.is_over and ahead.winner == 0 and ahead.scores == (55, 48)
    behind = play(apply_action(y2_declared(scores=(46, 44)), "discard 4S", seat=1), tricks)
    assert behind.is_over and behind.winner == 1 and behind.scores == (51, 52)


# --- the draw back's face-up discards: after a choice, the next seat in order -----------


TEN_POINT = Rules.ten_point()
FACE_UP_HANDS = [
    "AH 2H 3H 10H JH KH QH 2S 3S",
    "JD BJ LJ 9H 8H 7H 6H 4S 5S",
    "5H 4H 6S 7S 8S 9S 10S JS QS",
    "KS AS 2C 3C 4C 5C 6C 7C 8C",
]
"""D deals; C bids 3 and names hearts. A keeps seven trumps (A J 3 2 are point cards;
10♥ K♥ Q♥ are not: ten-point has no Ten) and B seven (J♦, both jokers, 9♥ 8♥ 7♥ 6♥): each
must discard one trump face up, and each has a choice. Nobody else holds a trump (C keeps
5♥ 4♥; D and the stock none)."""


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


# --- RULES §7.8.8: the draw and the discard to six keep their one-choice discards -------------


def test_a_draw_with_nothing_to_throw_is_still_the_seats_action() -> None:
    """RULES §4.1 and §7.8.8: Ben holds six hearts and hearts are trump; his one possible
    discard, a bare `discard`, is his own action, never made for him."""
    hands = ["AS KS 3H 4H 5C 6C", "2H 7H 8H 9H 10H JH", "2D 3D 4D 5D 6D 7D", "2C 3C 4C 7C 8C 9C"]
    state = new_game(Rules.setback(draw=True), hands=hands, dealer=3)
    for call in ("bid 2", "pass", "pass", "pass", "trump H", "discard"):
        state = apply_action(state, call)
    assert (state.phase, state.to_act) == (Phase.DISCARD, 1)
    assert [str(action) for action in legal_actions(state)] == ["discard"]
    assert apply_action(state, "discard").to_act == 2


def test_a_discard_to_six_with_one_set_is_still_the_seats_action() -> None:
    """RULES §6.4 and §7.8.8: Anna holds six spades and four others in Smear with spades
    trump; she must throw the four, and does so herself."""
    hands = [
        "AS KS QS JS 10S 9S 2H 3H 4D 5D",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
        "AH KH QH JH 10H 9H 8H 7H 6H 5H",
        "AD KD QD JD 10D 9D 8D 7D 6D 2S",
    ]
    state = new_game(Rules.smear(), hands=hands, dealer=3)
    for call in ("bid 2", "pass", "pass", "pass", "trump S"):
        state = apply_action(state, call)
    assert (state.phase, state.to_act) == (Phase.DISCARD, 0)
    assert [str(action) for action in legal_actions(state)] == ["discard 4D 5D 2H 3H"]
    assert apply_action(state, "discard 2H 3H 4D 5D").to_act == 1
