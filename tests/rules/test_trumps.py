"""The trumps of each card model (RULES §6.1): the order of the trumps, the jick and the
jokers."""

from __future__ import annotations

import pytest

from setback import (
    CARDS,
    Rules,
    Suit,
    trump_table,
)

from .. import reference
from ..support import CARD_MODELS


@pytest.mark.parametrize("trump", list(Suit), ids=str)
@pytest.mark.parametrize(
    "rules", CARD_MODELS, ids=lambda r: f"{r.jokers}j-{r.off_jack}-{r.joker_rank.value}"
)
def test_trump_tables_know_the_trumps_of_the_card_model(rules: Rules, trump: Suit) -> None:
    """RULES §6.1: the engine's tables name the trumps in the order of §6.1.3 and give the
    jick and the jokers to trump for following, and every other card to its own suit."""
    table = trump_table(trump, rules)
    assert [CARDS[index] for index in table.order] == reference.trump_order(rules, trump)
    for card in reference.pack(rules):
        assert table.is_trump(card) == reference.is_trump(rules, card, trump), card
        assert table.suit_of(card) == reference.suit_of(rules, card, trump), card
    assert trump_table(trump, rules) == table


def test_the_trump_order_of_each_card_model() -> None:
    """RULES §6.1.3: A K Q J, the jick, the jokers (big above little), 10 … 2; a lone
    LOWEST joker below the 2."""
    spades = trump_table(Suit.SPADES, Rules.smear()).order
    assert " ".join(str(CARDS[i]) for i in spades) == (
        "AS KS QS JS JC BJ LJ 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    )
    hearts = trump_table(Suit.HEARTS, Rules.joker_pitch()).order
    assert " ".join(str(CARDS[i]) for i in hearts) == ("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H JK")
