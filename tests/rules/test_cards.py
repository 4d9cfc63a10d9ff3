"""Cards: parsing, canonical text, order and Game values (RULES §1.6), and the jokers
(RULES §6.1, §6.9.4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from setback import (
    CARDS,
    Card,
    IllegalActionError,
    InvalidNotationError,
    Phase,
    Rank,
    Rules,
    Suit,
    apply_action,
    parse_cards,
)
from setback.cards import SUITED, pick, picker

from ..support import S1_HANDS, act, deal


@pytest.mark.parametrize("text", ["KS", "K♠", "ks", "k♤", " K S "])
def test_king_of_spades_parses_from_every_form(text: str) -> None:
    assert Card.parse(text) == Card(Suit.SPADES, Rank.KING)


@pytest.mark.parametrize("text", ["10h", "Th", "10♥", "T♡", "10H"])
def test_ten_parses_as_10_or_t(text: str) -> None:
    assert str(Card.parse(text)) == "10H"


def test_ten_of_clubs_with_symbol() -> None:
    assert Card.parse("10♣") == Card(Suit.CLUBS, Rank.TEN)


@pytest.mark.parametrize("text", ["", "K", "1S", "11S", "KX", "ZZ", "K♠♠", "10", "♠K", "AS AS"])
def test_bad_card_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="not a card"):
        Card.parse(text)


def test_non_text_is_refused() -> None:
    with pytest.raises(TypeError, match="not int"):
        Card.parse(12)  # type: ignore[arg-type]


@given(st.sampled_from(CARDS))
def test_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol) is card
    assert eval(repr(card), {"Card": Card}) == card


def test_cards_are_the_52_suited_cards_then_the_jokers_in_index_order() -> None:
    """RULES §6.9.4: the 52 suited cards (indices 0 to 51), then BJ, LJ, JK (52 to 54),
    three distinct cards; sorted, the jokers come after the four suits."""
    assert len(set(CARDS)) == 55
    assert [card.index for card in CARDS] == list(range(55))
    assert sorted(CARDS) == list(CARDS)
    assert CARDS[:52] == SUITED and all(card.suit is not None for card in SUITED)
    assert str(CARDS[0]) == "2C" and str(CARDS[51]) == "AS"
    assert [str(card) for card in CARDS[52:]] == ["BJ", "LJ", "JK"]
    assert all(card.is_joker and card.suit is None for card in CARDS[52:])


def test_game_values() -> None:
    """RULES §1.6: 10 = 10, A = 4, K = 3, Q = 2, J = 1, others 0; 80 in the pack."""
    values = {rank.text: rank.points for rank in Rank if not rank.is_joker}
    assert values == {
        "2": 0,
        "3": 0,
        "4": 0,
        "5": 0,
        "6": 0,
        "7": 0,
        "8": 0,
        "9": 0,
        "10": 10,
        "J": 1,
        "Q": 2,
        "K": 3,
        "A": 4,
    }
    assert sum(card.points for card in SUITED) == 80


def test_jokers_have_no_game_value() -> None:
    """RULES §6.1.5: a joker has no card points."""
    assert [card.points for card in CARDS[52:]] == [0, 0, 0]
    assert sum(card.points for card in CARDS) == 80


def test_card_from_ints_and_bad_values() -> None:
    assert Card(3, 14) == Card.parse("AS")  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="not a rank"):
        Card(Suit.SPADES, 18)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError):
        Card(7, Rank.ACE)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("suit", "rank"), [(Suit.SPADES, Rank.JOKER), (Suit.HEARTS, Rank.BIG_JOKER), (None, Rank.ACE)]
)
def test_a_joker_has_no_suit_and_every_other_card_has_one(suit: Suit | None, rank: Rank) -> None:
    """RULES §6.9.4: a joker's `suit` is None; no other card lacks a suit."""
    with pytest.raises(InvalidNotationError, match="no such card"):
        Card(suit, rank)


def test_parse_cards_splits_text() -> None:
    assert parse_cards("K♠ 9♦, 4s") == (Card.parse("KS"), Card.parse("9D"), Card.parse("4S"))


def test_suit_parse() -> None:
    assert Suit.parse("♥") is Suit.HEARTS and Suit.parse("spades") is Suit.SPADES
    with pytest.raises(InvalidNotationError):
        Suit.parse("X")


def test_picker_gives_what_pick_gives() -> None:
    """The hot path's precomputed tables (`picker`) answer like `pick`'s loop, in index
    order, for every card alone, the empty set, the whole pack and random sets."""
    cards_of_mask = picker(CARDS)
    rng = random.Random(15)
    masks = [0, (1 << len(CARDS)) - 1, *(1 << i for i in range(len(CARDS)))]
    masks += [rng.getrandbits(len(CARDS)) for _ in range(2000)]
    for mask in masks:
        assert cards_of_mask(mask) == pick(CARDS, mask)
    assert cards_of_mask((1 << 13) | (1 << 54) | 1) == (CARDS[0], CARDS[13], CARDS[54])


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("BJ", "BJ"),
        ("bj", "BJ"),
        ("Big Joker", "BJ"),
        ("big joker", "BJ"),
        ("LJ", "LJ"),
        ("little joker", "LJ"),
        ("JK", "JK"),
        ("joker", "JK"),
        ("★", "JK"),
        ("B★", "BJ"),
        ("l★", "LJ"),
        ("🃏", "JK"),
        ("B🃏", "BJ"),
    ],
)
def test_joker_texts_parse(text: str, canonical: str) -> None:
    """RULES §6.1.1 and §6.9.4: JK (one joker), BJ and LJ (two), in any case and by name;
    ★ is the joker as `Card.symbol` writes it, and the playing-card joker 🃏 (which earlier
    versions wrote) is still read."""
    card = Card.parse(text)
    assert str(card) == canonical and card.is_joker and card.suit is None


def test_jokers_are_three_distinct_cards_without_a_suit() -> None:
    """RULES §6.9.4: JK, BJ and LJ are three distinct cards; a joker's suit is None."""
    jokers = {Card.parse("JK"), Card.parse("BJ"), Card.parse("LJ")}
    assert len(jokers) == 3
    assert not Card.parse("J♠").is_joker and Card.parse("J♠").suit is Suit.SPADES


def test_jokers_sort_after_the_four_suits_big_before_little() -> None:
    """RULES §6.9.4: in sorted hands the jokers come after the four suits, big before
    little."""
    cards = [Card.parse(text) for text in ("LJ", "AS", "BJ", "2C", "KH")]
    assert [str(card) for card in sorted(cards)] == ["2C", "KH", "AS", "BJ", "LJ"]


@pytest.mark.parametrize("text", ["joker7", "BX"])
def test_unknown_joker_text_is_refused_saying_what_is_accepted(text: str) -> None:
    """Issue: an unknown card text raises InvalidNotationError listing what is accepted."""
    with pytest.raises(InvalidNotationError) as error:
        Card.parse(text)
    message = str(error.value)
    assert text in message
    assert all(name in message for name in ("JK", "BJ", "LJ"))


@pytest.mark.parametrize("joker", ["BJ", "LJ", "JK"])
def test_a_joker_play_in_a_52_card_game_is_refused(joker: str) -> None:
    """RULES §6.9.4 and issue: a pack holds jokers only when `jokers` says so; in the
    52-card German game a play of a joker is refused."""
    state = act(deal(Rules.setback(), S1_HANDS), "A 2, B pass, C pass, D pass")
    assert state.phase is Phase.PLAY and state.to_act == 0
    with pytest.raises(IllegalActionError):
        apply_action(state, f"play {joker}", seat=0)


def test_the_notation_tables_name_the_suits_and_ranks_as_their_values_do() -> None:
    """`setback.notation`, below the cards, words what refusals show of them: its tables
    agree with `Suit` and `Rank`, and it reads every card text `Card.parse` reads."""
    from setback import notation

    for suit in Suit:
        assert (suit.letter, suit.symbol) == (
            notation.SUIT_LETTERS[suit],
            notation.SUIT_SYMBOLS[suit],
        )
        assert notation.SUIT_NAMES[suit] == suit.name.lower()
    for rank in Rank:
        assert notation.RANK_NAMES[rank] == rank.name.lower().replace("_", " ")
    for card in CARDS:
        for text in (str(card), card.symbol, str(card).lower()):
            assert notation.read_card(text) == (card.rank, card.suit)
            assert notation.symbol_of(*notation.read_card(text)) == card.symbol  # type: ignore[misc]
    assert notation.read_card("1H") is None and notation.read_card("KX") is None
