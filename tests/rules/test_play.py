"""Trick play and following (RULES §1.4, §1.5, §4.3, §4.5, §6.1, §6.9): which cards a seat
may play to a trick, trumping, trumps-only play, the lead to the first trick, and who wins a
trick under each card model."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setback import (
    CARDS,
    Card,
    IllegalActionError,
    Phase,
    Point,
    Rules,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    parse_cards,
    trick_winner,
    trump_table,
)
from setback.play import after_play
from setback.trumps import TrumpTable

from .. import reference
from ..strategies import PRESETS, random_states
from ..support import (
    CARD_MODELS,
    DRAW_HANDS,
    JOKER_HANDS,
    S1_HANDS,
    S1_TRICKS,
    TIED_CALLS,
    X1_TRICKS,
    X2_TRICKS,
    X3_CALLS,
    X3_HANDS,
    act,
    deal,
    joker_pitch_rules,
    last_hand,
    legal_plays,
    play,
    play_texts,
    step_plays,
    ten_point_rules,
    texts,
    x1_in_play,
    x2_in_play,
    x2_played,
)

GERMAN = Rules.setback()
DRAW = Rules.setback(draw=True)


# --- §6.10 X1 Smear ------------------------------------------------------------------------


def test_x1_trick_1_every_player_must_play_a_trump() -> None:
    """RULES §6.6.4 and §6.10 X1 trick 1: Carla must lead a trump, and every other player
    must play one; Ben's A♠ captures Anna's Trey."""
    state = x1_in_play()
    assert legal_plays(state) == play_texts("K♠ Q♠ 10♠ 8♠ 4♠ LJ")
    state = step_plays(state, "C K♠")
    assert state.to_act == 3 and legal_plays(state) == play_texts("BJ J♣ 7♠")
    state = step_plays(state, "D 7♠")
    assert legal_plays(state) == play_texts("9♠ 3♠")
    state = step_plays(state, "A 3♠")
    assert legal_plays(state) == play_texts("A♠ 2♠")
    state = step_plays(state, "B A♠")
    assert state.tricks[-1].winner == 1 and state.to_act == 1


def test_x1_trick_2_the_jick_does_not_follow_clubs() -> None:
    """RULES §6.1.4 and §6.10 X1 trick 2: on a club lead Carla (no club) may play anything;
    J♣ does not follow ♣, so Dan may play any of his five; Anna holds clubs: K♣, 8♣ or the
    trump 9♠. The jick over-trumps the little joker."""
    state = play(x1_in_play(), X1_TRICKS[0])
    assert legal_plays(state) == play_texts("2♠ 7♣ 9♥ 10♥ 9♦")
    state = step_plays(state, "B 7♣")
    assert legal_plays(state) == play_texts("Q♠ 10♠ 8♠ 4♠ LJ")
    state = step_plays(state, "C LJ")
    assert legal_plays(state) == play_texts("BJ J♣ 4♥ 10♦ 5♦")
    state = step_plays(state, "D J♣")
    assert legal_plays(state) == play_texts("K♣ 8♣ 9♠")
    state = step_plays(state, "A 8♣")
    assert state.tricks[-1].winner == 3


def test_x1_trick_4_the_big_joker_is_dans_only_trump() -> None:
    """RULES §6.10 X1 trick 4: the big joker is Dan's only trump, so he must play it, and
    Q♠ beats it."""
    state = play(x1_in_play(), "; ".join(X1_TRICKS[:3]))
    assert state.to_act == 2
    state = step_plays(state, "C Q♠")
    assert legal_plays(state) == play_texts("BJ")
    state = step_plays(state, "D BJ")
    assert legal_plays(state) == play_texts("9♠")
    state = step_plays(state, "A 9♠")
    assert legal_plays(state) == play_texts("2♠")
    state = step_plays(state, "B 2♠")
    assert state.tricks[-1].winner == 2


# --- §6.10 X2 Ten-point Pitch ---------------------------------------------------------------


def test_x2_trick_1_only_trumps_may_be_played() -> None:
    """RULES §6.5.7 and §6.10 X2 trick 1: only trumps may be led or played; Carla may play
    only 5♥ or BJ, her diamonds are not playable."""
    state = x2_in_play()
    assert legal_plays(state) == play_texts("A♥ K♥ 10♥ 7♥ J♦ LJ")
    state = step_plays(state, "B A♥")
    assert state.to_act == 2 and legal_plays(state) == play_texts("5♥ BJ")
    state = step_plays(state, "C 5♥")
    assert legal_plays(state) == play_texts("J♥ 8♥ 6♥ 3♥")
    state = step_plays(state, "D 3♥")
    assert legal_plays(state) == play_texts("Q♥ 9♥ 2♥")


def test_x2_players_without_trump_drop_out_and_the_lead_passes_left() -> None:
    """RULES §6.5.7, §6.9.3 and §6.10 X2 tricks 3 to 6: Carla, out of trumps, is skipped;
    Anna and Dan, winning with their last trump, are out and the lead passes left to Ben;
    `to_act` never names a player who is out."""
    state = play(x2_in_play(), "; ".join(X2_TRICKS[:2]))
    assert state.to_act == 1
    state = step_plays(state, "B 7♥")
    assert state.to_act == 3
    state = step_plays(state, "D 8♥ A Q♥")
    assert state.tricks[-1].winner == 0 and state.to_act == 1
    state = step_plays(state, "B 10♥")
    assert state.to_act == 3
    state = step_plays(state, "D J♥")
    assert state.tricks[-1].winner == 3 and state.to_act == 1
    state = step_plays(state, "B J♦")
    assert state.tricks[-1].plays == ((1, Card.parse("JD")),) and state.to_act == 1
    state = step_plays(state, "B LJ")
    assert len(state.history) == 1 and state.phase is Phase.BIDDING


def test_x2_the_hand_ends_when_nobody_holds_a_trump() -> None:
    """RULES §6.5.7 and §6.10 X2: the hand had 6 tricks of 4, 4, 3, 2, 1 and 1 cards."""
    result = last_hand(x2_played())
    assert [len(trick.plays) for trick in result.tricks] == [4, 4, 3, 2, 1, 1]
    assert [trick.leader for trick in result.tricks] == [1, 1, 1, 1, 1, 1]
    assert [trick.winner for trick in result.tricks] == [1, 1, 0, 3, 1, 1]
    assert [seat for seat, _ in result.tricks[2].plays] == [1, 3, 0]


# --- §6.10 X3 Auction Pitch with Joker ------------------------------------------------------


def test_x3_a_joker_led_first_makes_spades_trump() -> None:
    """RULES §6.1.5 and §6.10 X3 trick 1: the joker is the first lead, so ♠ is trump and the
    joker counts as a ♠ lead; P2 and P0 must play their only spade, and both beat the
    LOWEST joker."""
    state = act(deal(joker_pitch_rules(), X3_HANDS, dealer=2), X3_CALLS)
    state = step_plays(state, "P1 JK")
    assert state.trump is Suit.SPADES
    assert state.to_act == 2 and legal_plays(state) == play_texts("2♠")
    state = step_plays(state, "P2 2♠")
    assert legal_plays(state) == play_texts("5♠")
    state = step_plays(state, "P0 5♠")
    assert state.tricks[-1].winner == 0


def test_trumps_only_hand_plays_as_many_tricks_as_it_takes() -> None:
    """RULES §6.5.7: the hand ends when nobody holds a trump, so a hand may have more than
    six tricks: a pitcher who keeps seven point cards (§6.5.6: point cards are never
    discarded face up) plays seven."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "AH JH JD BJ LJ 3H 2H KH QH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D",
    ]
    state = new_game(ten_point_rules(), hands=hands, dealer=3, seed=1)
    for call in ("pass", "bid 10", "pass", "pass", "trump H"):
        state = apply_action(state, call)
    assert state.face_up_discards[1] == parse_cards("QH KH")  # forced: K♥ Q♥ are no points
    while not state.history:
        state = apply_action(state, legal_actions(state)[0])
    tricks = state.history[0].tricks
    assert len(tricks) == 7 and [len(trick.plays) for trick in tricks][3:] == [1, 1, 1, 1]
    assert all(1 in {seat for seat, _ in trick.plays} for trick in tricks)  # Ben plays each


# --- a hand of our own, worked by hand: the five-point recipe (§6.8) ---------------------

FIVE_POINT_HANDS = (
    "A: A♥ J♦ 5♥ K♣ 4♣ 2♠; B: K♥ 3♦ 9♦ 7♣ 8♠ 3♠; C: J♥ 2♥ Q♣ 6♠ 10♠ 5♦; D: Q♥ 9♣ A♦ 4♠ 10♣ 6♦"
)


def test_five_point_hand_the_jick_led_is_a_trump_lead() -> None:
    """RULES §6.1.4 and §6.8, worked by hand. Five-point Setback, hearts trump (Anna's A♥
    leads): J♦ is the jick, a trump and no diamond. Anna leads it to trick 2: Ben and Dan,
    out of trumps, may play anything; Carla must play her J♥, which beats the jick.
    Anna and Carla take all five points: High (A♥), Low (2♥, captured in trick 1), Jack
    and Off-jack (trick 2) and Game (30 to 10); bid 2 made scores 5."""
    rules = Rules.setback(
        points=(Point.HIGH, Point.LOW, Point.JACK, Point.OFF_JACK, Point.GAME), off_jack=True
    )
    state = act(deal(rules, FIVE_POINT_HANDS), "A 2, B pass, C pass, D pass")
    state = play(state, "A A♥ B K♥ C 2♥ D Q♥ → A")
    state = apply_action(state, "play JD", seat=0)
    assert {str(a) for a in legal_actions(state)} == {
        "play 3D",
        "play 9D",
        "play 7C",
        "play 8S",
        "play 3S",
    }
    state = apply_action(state, "play 3D", seat=1)
    assert [str(a) for a in legal_actions(state)] == ["play JH"]
    state = apply_action(state, "play JH", seat=2)
    assert len(legal_actions(state)) == 5  # Dan holds no trump: any of his five cards
    state = play(
        state,
        "D A♦ → C; C Q♣ D 10♣ A K♣ B 7♣ → A; A 5♥ B 9♦ C 5♦ D 6♦ → A; "
        "A 4♣ B 8♠ C 10♠ D 9♣ → D; D 4♠ A 2♠ B 3♠ C 6♠ → C",
    )
    result = state.history[-1]
    assert dict(result.points) == {"high": 0, "low": 0, "jack": 0, "off_jack": 0, "game": 0}
    assert result.card_points == (30, 10)
    assert result.made and result.score_changes == (5, 0)


# --- §1.5, §4.3, §4.5: following, no trump in the first trick, the trump lead ---------------


def test_trumping_is_allowed_even_when_able_to_follow() -> None:
    """German seed: 'Trumpfen darfst du auch, wenn du bedienen könntest.' (S1, trick 5)."""
    state = act(deal(GERMAN, S1_HANDS), "A 2, B pass, C pass, D pass")
    state = play(state, ";".join(S1_TRICKS.split(";")[:4]))
    state = apply_action(state, "play 9D", seat=0)
    assert {str(a) for a in legal_actions(state)} == {"play 3S", "play JD"}


NO_TRUMP_FIRST = Rules.setback(no_trump_first_trick=True)


E5_HANDS = "A: K♣ A♣ 2♣ 3♣ 5♣ 6♣; B: 4♣ 9♥ 5♠ 6♠ 7♠ 9♠; C: 7♦ 6♥ 8♠ 5♥ 4♥ 3♥; D: 2♥ 7♥ 8♥ 10♥ J♥ Q♥"


def test_e5_no_trump_in_the_first_trick() -> None:
    """RULES §5 E5: Anna declares ♥ and leads K♣; Ben must play 4♣; Carla, void in ♣, plays
    7♦ or 8♠ (not a heart); Dan, holding only hearts, plays any, and 2♥ wins the trick."""
    state = act(deal(NO_TRUMP_FIRST, E5_HANDS), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "trump H")
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert len(texts(state)) == 6  # the pitcher may lead any card
    state = apply_action(state, "play KC")
    assert texts(state) == ["play 4C"]
    state = apply_action(state, "play 4C")
    assert texts(state) == ["play 7D", "play 8S"]
    with pytest.raises(IllegalActionError, match="first trick"):
        apply_action(state, "play 6H")
    state = apply_action(state, "play 7D")
    assert len(texts(state)) == 6
    state = apply_action(state, "play 2H")
    assert state.tricks[0].winner == 3


SIX = Rules.six_player()


SIX_HANDS = (
    "A♠ K♠ 3♥ 4♥ 5♣ 6♣ 7♣ 8♣",
    "2♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥",
    "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦",
    "2♣ 3♣ 4♣ 9♣ 10♣ J♣ Q♣ K♣",
    "10♦ J♦ Q♦ K♦ A♦ Q♥ K♥ A♥",
    "A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠",
)


SIX_DISCARDS = ("7C 8C", "10H JH", "8D 9D", "QC KC", "KH AH", "AC 8S")


def test_draw_pitcher_must_lead_trump_to_the_first_trick_only() -> None:
    """RULES §4.1: 'The pitcher then leads, and must lead a trump if he holds one' is the
    first lead; §1.5: the winner of a trick leads the next, any card. Anna names ♠, leads
    A♠ and wins; to trick 2 she may lead any of her five cards, hearts and clubs too."""
    state = act(deal(DRAW, DRAW_HANDS), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "trump S", seat=0)
    for seat in (0, 1, 2, 3):
        state = apply_action(state, "discard", seat=seat)
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert set(texts(state)) == {"play AS", "play KS"}
    state = play(state, "A A♠ B 2♥ C 2♦ D 2♣ → A")
    assert state.to_act == 0 and len(state.tricks) == 1
    assert set(texts(state)) == {"play KS", "play 3H", "play 4H", "play 5C", "play 6C"}


def test_six_players_pitcher_must_lead_trump_to_the_first_trick_only() -> None:
    """RULES §4.4: after the discards 'the pitcher leads, and must lead a trump if he holds
    one': the first lead only. Seat 0 names ♠, leads A♠ and wins; to trick 2 he may lead
    any of his five cards."""
    state = new_game(SIX, seed=1, dealer=5, hands=SIX_HANDS)
    state = apply_action(state, "bid 2", seat=0)
    for seat in range(1, 6):
        state = apply_action(state, "pass", seat=seat)
    state = apply_action(state, "trump S", seat=0)
    for seat, cards in enumerate(SIX_DISCARDS):
        state = apply_action(state, f"discard {cards}", seat=seat)
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert set(texts(state)) == {"play AS", "play KS"}
    for seat, card in enumerate(("AS", "2H", "2D", "2C", "10D", "2S")):
        state = apply_action(state, f"play {card}", seat=seat)
    assert state.tricks[0].winner == 0 and state.to_act == 0
    assert set(texts(state)) == {"play KS", "play 3H", "play 4H", "play 5C", "play 6C"}


def test_illegal_play_names_the_rule() -> None:
    """RULES §1.5: to a ♠ lead, Ben must follow ♠ or trump."""
    state = act(deal(GERMAN, S1_HANDS), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "play KS")
    with pytest.raises(IllegalActionError, match="trump") as caught:
        apply_action(state, "play 5D")
    assert caught.value.seat == 1 and str(caught.value.action) == "play 5D"
    with pytest.raises(IllegalActionError, match="does not hold"):
        apply_action(state, "play 2C")
    with pytest.raises(IllegalActionError, match="auction is over"):
        apply_action(state, "bid 3")


# --- the winner of a trick under every card model (§1.5, §6.1.3) -----------------------------


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    rules=st.sampled_from(CARD_MODELS),
    trump=st.sampled_from(Suit),
    leader=st.integers(0, 7),
)
def test_fast_trick_winner_matches_the_plain_rule(
    data: st.DataObject, rules: Rules, trump: Suit, leader: int
) -> None:
    """The table-driven trick winner of the engine against RULES §1.5 and §6.1.3 stated
    plainly, for every card model."""
    cards = data.draw(
        st.lists(st.sampled_from(reference.pack(rules)), min_size=2, max_size=8, unique=True)
    )
    n = len(cards)
    plays = tuple(((leader + k) % n, card) for k, card in enumerate(cards))
    expected = reference.trick_winner(rules, plays, trump)
    assert trump_table(trump, rules).winner(plays) == expected
    assert trick_winner(plays, trump, rules) == expected
    if rules.jokers == 0 and not rules.off_jack:  # without rules: the 52-card pack's tables
        assert trick_winner(plays, trump) == expected


def test_trick_winner_asks_the_rules_card_model() -> None:
    """RULES §6.1.3: with ♠ trump and the jick, J♣ ranks above 10♠ and the jokers; the
    public `trick_winner` takes the rules whose card model counts."""
    smear = Rules.smear()
    ten, jick = Card.parse("10S"), Card.parse("JC")
    assert trick_winner(((0, ten), (1, jick)), Suit.SPADES, smear) == 1
    assert trick_winner(((0, Card.parse("2S")), (1, Card.parse("BJ"))), Suit.SPADES, smear) == 1


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: str(PRESETS.index(rules)))
def test_cards_are_open_only_to_a_seat_to_act_in_trick_play(rules: Rules) -> None:
    """Every step leaves the open cards (`GameState.playable`) empty outside trick play and
    holds at least one card for a seat to act in it: `legal_actions` and `apply_action`
    read a set bit as trick play (mutants: the auction's step leaving a card open)."""
    for seed in range(3):
        for state in random_states(rules, seed, max_steps=120):
            in_play = state.phase is Phase.PLAY and state.to_act is not None
            assert bool(state.playable) == in_play, (state.phase, state.to_act)


# --- a trump lead -----------------------------------------------------------------------


TWO_JOKERS = Rules.setback(jokers=2)


def test_a_trump_lead_refuses_a_non_trump_by_the_trump_rule() -> None:
    """§1.5: to A's trump lead, B holds a trump (the big joker) and may not throw 2♣; the
    refusal names the rule of a trump lead (mutant: that rule's branch dropped, so the
    words of following a plain suit)."""
    state = act(deal(TWO_JOKERS, JOKER_HANDS), TIED_CALLS)
    state = apply_action(state, "play 10S", seat=0)
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, "play 2C", seat=1)
    assert refused.value.reason == (
        "trump (♠) was led: a player holding a trump must play one; play one of B★"
    )


def _index_plays(text: str, first: int, players: int = 4) -> list[tuple[int, int]]:
    """`(seat, card index)` plays of the cards in `text`, the first by seat `first` and the
    rest clockwise."""
    return [((first + k) % players, card.index) for k, card in enumerate(parse_cards(text))]


def _held(*hands: str) -> list[int]:
    return [sum(1 << card.index for card in parse_cards(hand)) for hand in hands]


def test_trick_plays_step_gives_the_next_seat_then_the_winner_and_the_next_leader() -> None:
    """`play.after_play`, the one step of trick play once a card is played: `(next seat,
    -1)` while the trick goes on, `(next leader, winner)` once it is complete, and
    `(-1, winner)` when the sixth trick ends the hand; the same with `Card` plays asked of
    `TrumpTable.winner`."""
    rules = Rules.setback()
    table = trump_table(Suit.HEARTS, rules)
    held = _held("2C 3C", "4C 5C", "6C 7C", "8C 9C")
    led = _index_plays("KS", 1)
    assert after_play(rules, table, held, led, 0, TrumpTable.winner_of) == (2, -1)
    trick = _index_plays("KS AS 2H 3S", 1)  # seat 3 trumps it
    assert after_play(rules, table, held, trick, 0, TrumpTable.winner_of) == (3, 3)
    assert after_play(rules, table, held, trick, 5, TrumpTable.winner_of) == (-1, 3)
    cards = [(seat, CARDS[index]) for seat, index in trick]
    assert after_play(rules, table, held, cards, 0, TrumpTable.winner) == (3, 3)


def test_in_trumps_only_play_the_step_passes_over_the_seats_without_a_trump() -> None:
    """Under trumps-only play a seat holding no trump is out: the step passes it over in
    the trick, the next leader is the first seat from the winner that holds a trump, and
    the hand ends once nobody does."""
    rules = Rules.trickster(10)
    table = trump_table(Suit.SPADES, rules)
    # seat 1 holds no trump; seat 2 holds the only trump left once the trick is over
    held = _held("3C", "4C 5D", "KS", "")
    led = _index_plays("2S", 0)
    assert after_play(rules, table, held, led, 0, TrumpTable.winner_of) == (2, -1)
    trick = [(0, parse_cards("2S")[0].index), (2, parse_cards("AS")[0].index)]
    # seat 3 holds nothing: the trick is complete, seat 2 won it and still holds a trump
    assert after_play(rules, table, held, trick, 0, TrumpTable.winner_of) == (2, 2)
    # seat 2's trump played too: nobody holds one, the hand is over
    none_left = _held("3C", "4C 5D", "", "")
    assert after_play(rules, table, none_left, trick, 0, TrumpTable.winner_of) == (-1, 2)
    # the winner has no trump left: the lead passes clockwise to the next seat holding one
    seat_0_only = _held("9S", "4C", "", "")
    assert after_play(rules, table, seat_0_only, trick, 0, TrumpTable.winner_of) == (0, 2)
