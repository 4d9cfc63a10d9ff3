"""More points, more trumps (RULES §7.2), the difference settlement (§7.2.6, §7.5.8) and
the short packs (§7.7.2): the trump orders of §7.2.2 and §7.3.9, High and Low of §7.8.1-2,
each new point's award, Y1's tricks and scores, every validation clash of §7.8.9, and the
packs' sizes and deals."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from setback import (
    Card,
    DealerMatch,
    LowTo,
    PackRanks,
    Point,
    Rules,
    RulesError,
    Settlement,
    Suit,
    TrumpBy,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
    trump_table,
)
from setback.cards import CARDS
from setback.points import Tally
from setback.scoring import settle

from .. import reference
from ..support import act, deal, play

SPADES, HEARTS = Suit.SPADES, Suit.HEARTS


def order_of(rules: Rules, trump: Suit) -> str:
    """The trumps under `trump`, high to low, as text (only the cards of the pack)."""
    table = trump_table(trump, rules)
    pack = set(rules.pack)
    return " ".join(str(c) for c in (CARDS[i] for i in table.order) if c in pack)


# --- §7.2.2 and §7.3.9: the trump orders ------------------------------------------------


def test_the_off_ace_ranks_just_below_the_ace() -> None:
    """RULES §7.3.9, Trickster's 11 points: A♠ A♣ K Q J♠ J♣ BJ LJ 10 … 2."""
    rules = Rules(off_jack=True, off_ace=True, jokers=2, deal=6)
    assert order_of(rules, SPADES) == ("AS AC KS QS JS JC BJ LJ 10S 9S 8S 7S 6S 5S 4S 3S 2S")


def test_the_off_three_ranks_between_the_three_and_the_two() -> None:
    """RULES §7.3.9, Trickster's 13 points: A K Q J♠ J♣ BJ LJ 10 9 8 7 6 5 4 3♠ 3♣ 2♠."""
    rules = Rules(off_jack=True, off_three=True, jokers=2)
    assert order_of(rules, SPADES) == ("AS KS QS JS JC BJ LJ 10S 9S 8S 7S 6S 5S 4S 3S 3C 2S")


def test_the_off_five_ranks_between_the_five_and_the_four() -> None:
    """RULES §7.5.4, Cinch with ♥ trump: A K Q J 10 9 8 7 6 5♥ 5♦ 4 3 2♥ (14 trumps)."""
    rules = Rules(off_five=True)
    assert order_of(rules, HEARTS) == "AH KH QH JH 10H 9H 8H 7H 6H 5H 5D 4H 3H 2H"


def test_every_off_card_and_a_lowest_joker_in_one_order() -> None:
    """RULES §7.2.2: A, off-ace, K, Q, J, jick, 10 … 5, off-five, 4, 3, off-three, 2, a
    `LOWEST` joker last; the engine's order is the oracle's."""
    rules = Rules(
        off_ace=True, off_jack=True, off_five=True, off_three=True, jokers=1, joker_rank="lowest"
    )
    assert order_of(rules, HEARTS) == ("AH AD KH QH JH JD 10H 9H 8H 7H 6H 5H 5D 4H 3H 3D 2H JK")
    for trump in Suit:
        assert order_of(rules, trump).split() == [
            str(card) for card in reference.trump_order(rules, trump)
        ]


def test_an_off_card_follows_as_a_trump_and_not_as_its_printed_suit() -> None:
    """RULES §7.2.1, like the jick (§6.1.4): with ♥ trump the off-ace A♦ is a trump, so it
    does not follow a ♦ lead, and a ♥ lead calls for it."""
    table = trump_table(HEARTS, Rules(off_ace=True))
    assert table.suit_of(Card.parse("AD")) is HEARTS
    assert table.is_trump(Card.parse("AD"))
    state = deal(
        Rules(off_ace=True, no_trump_first_trick=True),
        "A: 9D 2C 3C 4C 5C 6C; B: AD 2D 7C 8C 9C 10C; C: 3D 4D 5D 6D 7D 8D; D: 2H 3H 4H 5H 6H 7H",
        dealer=3,
    )
    state = act(state, "A 2, B pass, C pass, D pass")
    state = apply_action(state, "trump H", seat=0)
    state = apply_action(state, "play 9D", seat=0)
    assert [str(a) for a in legal_actions(state)] == ["play 2D"]


# --- §7.2.5, §7.8.1-2: High and Low --------------------------------------------------------


def tally_of(rules: Rules, trump: Suit, played: str) -> Tally:
    """The tally of cards played 'AH:0>1 ...' (card, holder > capturer)."""
    held = [0] * rules.players
    won = [0] * rules.players
    for word in played.split():
        card, seats = word.split(":")
        holder, capturer = seats.split(">")
        bit = 1 << Card.parse(card).index
        held[int(holder)] |= bit
        won[int(capturer)] |= bit
    table = trump_table(trump, rules)
    return Tally.of(rules.seat_sides, rules.low_to, table, tuple(held), tuple(won))


def test_the_off_ace_is_high_only_without_the_ace() -> None:
    """RULES §7.2.5: the off-ace is High only when the ace of trumps is not in play."""
    rules = Rules(off_ace=True, points=(Point.HIGH, Point.LOW, Point.OFF_ACE))
    with_ace = tally_of(rules, HEARTS, "AH:0>0 AD:1>0 5H:2>0 3H:3>0")
    assert Point.HIGH.award(with_ace) == 0
    without = tally_of(rules, HEARTS, "AD:1>0 5H:2>0 3H:3>0")
    assert Point.HIGH.award(without) == 1
    assert Point.OFF_ACE.award(without) == 0  # captured by seat 0's side


def test_the_off_three_is_low_only_without_the_two() -> None:
    """RULES §7.8.2: the off-three ranks above the 2, so it is Low only when the 2 of
    trumps is not in play (Low to the holder here)."""
    rules = Rules(off_three=True, low_to=LowTo.HOLDER, points=(Point.LOW, Point.OFF_THREE))
    with_two = tally_of(rules, SPADES, "2S:0>1 3C:1>1 KS:2>1")
    assert Point.LOW.award(with_two) == 0
    without = tally_of(rules, SPADES, "3C:1>0 KS:2>0")
    assert Point.LOW.award(without) == 1
    assert Point.OFF_THREE.award(without) == 0


def test_five_up_low_is_the_five_or_the_off_five() -> None:
    """RULES §7.8.1: `FIVE_UP` has no 2, 3 or 4, so Low is the 5 of trumps, or the
    off-five below it where that is a trump; a joker is never Low."""
    rules = Rules(pack_ranks=PackRanks.FIVE_UP, off_five=True, jokers=1, joker_rank="lowest")
    assert order_of(rules, SPADES).split()[-3:] == ["5S", "5C", "JK"]
    low = tally_of(rules, SPADES, "5S:0>1 5C:1>0 JK:2>3 AS:3>3")
    assert Point.LOW.award(low) == 0  # the off-five, captured by seat 0 (capturer)
    only_five = tally_of(rules, SPADES, "5S:0>1 JK:2>3")
    assert Point.LOW.award(only_five) == 1


# --- §7.2.3: each new point, to the capturer of its card -----------------------------------


@pytest.mark.parametrize(
    ("point", "card"),
    [
        (Point.FIVE, "5H"),
        (Point.OFF_FIVE, "5D"),
        (Point.NINE, "9H"),
        (Point.OFF_ACE, "AD"),
        (Point.OFF_THREE, "3D"),
    ],
)
def test_each_new_point_goes_to_the_capturer_of_its_card(point: Point, card: str) -> None:
    """RULES §7.2.3: each new point is awarded to the side that captured its card (held
    by seat 0, captured by seat 1); a card not in play scores for nobody."""
    rules = Rules(off_ace=True, off_five=True, off_three=True, points=(Point.HIGH, point))
    assert point.award(tally_of(rules, HEARTS, f"{card}:0>1 KH:2>1")) == 1
    assert point.award(tally_of(rules, HEARTS, "KH:2>1")) is None


def test_the_snoozer_is_the_joker_worth_fifteen() -> None:
    """RULES §7.2.3 (Dom Pedro): `SNOOZER` is the joker, worth 15, to its capturer."""
    rules = Rules(jokers=1, joker_rank="lowest", points=(Point.HIGH, Point.SNOOZER))
    assert rules.total_points == 16
    assert Point.SNOOZER.award(tally_of(rules, SPADES, "JK:0>1 2S:1>1")) == 1
    assert Point.SNOOZER.award(tally_of(rules, SPADES, "2S:1>1")) is None


def test_ten_and_game_may_both_be_in_a_set() -> None:
    """RULES §7.8.3: a set may hold `TEN`, `GAME`, both or neither."""
    both = Rules(points=(Point.HIGH, Point.TEN, Point.GAME))
    assert both.total_points == 3
    neither = Rules(points=(Point.HIGH, Point.LOW, Point.JACK))
    assert neither.total_points == 3


def test_bids_and_smudge_run_to_t_with_points_worth_more() -> None:
    """RULES §6.3 with §7.2.3: bids run to T (5 + 5 + 9 + 1 = 20 is above every call), a
    Smudge is T + 1."""
    rules = Rules(points=(Point.HIGH, Point.FIVE, Point.NINE), min_bid=1)
    assert (rules.total_points, rules.max_plain_bid, rules.smudge_level) == (15, 15, 16)
    state = new_game(rules, seed=1)
    calls = [str(a) for a in legal_actions(state)]
    assert calls[0] == "pass" and calls[1] == "bid 1"
    assert calls[-2:] == ["bid 15", "smudge"]


# --- §7.5.8 and Y1: the difference settlement ----------------------------------------------

Y1_IN_PLAY = (
    "A: AH KH JH 5D 7S 3C; B: 5H 2H 8H KS QD 9C; C: 10H 9H 3H AS AC 6D; D: QH 7H 6H 4H JS 2D"
)
Y1_TRICKS = (
    "A AH B 8H C 3H D 4H → A; A KH B 2H C 10H D 6H → A; A 3C B 5H C AC D QH → D; "
    "D JS A 7S B KS C AS → C; C 9H D 7H A JH B 9C → A; A 5D B QD C 6D D 2D → A"
)


def cinch_by_hand(settlement: Settlement = Settlement.DIFFERENCE) -> Rules:
    """Cinch's points and settlement (RULES §7.5) without its rob: four partners, the
    points High, Low, Jack, Ten, Five, Off-five (T = 14) with the left pedro a trump, all to
    the capturer, bids 1 to 14 without the dealer's match or Smudge, trump declared by the
    pitcher, who may lead any card, target 51, highest score."""
    return Rules(
        points=(Point.HIGH, Point.LOW, Point.JACK, Point.TEN, Point.FIVE, Point.OFF_FIVE),
        off_five=True,
        settlement=settlement,
        min_bid=1,
        smudge=False,
        dealer_match=DealerMatch.NONE,
        low_to=LowTo.CAPTURER,
        win_rule=WinRule.HIGHEST_SCORE,
        target=51,
        trump_by=TrumpBy.DECLARE,
        pitcher_leads_trump=False,
    )


def y1(rules: Rules, bid: int) -> tuple[tuple[int, ...], dict[str, int | None]]:
    """RULES §7.9 Y1 from its "In play" hands (Cinch's rob does not exist yet, so its six
    cards a seat are dealt with `hands=`): Anna bids, the others pass, Anna names ♥, and
    the six tricks are played. The scores after it and who took each point."""
    state = act(deal(rules, Y1_IN_PLAY, dealer=3), f"A {bid}, B pass, C pass, D pass")
    state = apply_action(state, "trump H", seat=0)
    state = play(state, Y1_TRICKS)
    result = state.history[-1]
    return state.scores, result.points


def test_y1_points_table() -> None:
    """RULES §7.9 Y1: High, Low, Jack, Ten and the left pedro to AC, the right pedro (5) to
    BD, so AC took 9 and BD 5."""
    _, points = y1(cinch_by_hand(), 9)
    assert points == {"high": 0, "low": 0, "jack": 0, "ten": 0, "five": 1, "off_five": 0}


def test_y1_a_made_bid_scores_the_difference() -> None:
    """RULES §7.9 Y1: Anna bid 9 and made it: AC score 9 - 5, **AC +4, BD 0**."""
    assert y1(cinch_by_hand(), 9)[0] == (4, 0)


def test_y1_a_set_bid_scores_the_other_side_its_points_and_the_bid() -> None:
    """RULES §7.9 Y1: had Anna bid 10, **BD +15** (5 + 10), AC 0."""
    assert y1(cinch_by_hand(), 10)[0] == (0, 15)


def test_y1_under_each() -> None:
    """RULES §7.9 Y1: under `EACH`, AC +9, BD +5."""
    assert y1(cinch_by_hand(Settlement.EACH), 9)[0] == (9, 5)


def test_a_difference_tie_scores_nothing() -> None:
    """RULES §7.5.8, §7.8.4: a made bid with equal points scores nothing for either side;
    the other side ahead scores the difference."""
    rules = cinch_by_hand()
    assert settle(rules, 0, 7, [0] * 6, (7, 7)) == (True, (0, 0))
    assert settle(rules, 1, 6, [1] * 6, (8, 6)) == (True, (2, 0))
    assert settle(rules, 1, 7, [1] * 6, (8, 6)) == (False, (15, 0))


def test_smudge_under_difference() -> None:
    """RULES §7.8.14: a Smudge under `DIFFERENCE` scores its level (T + 1) when made; a
    failed one gives the other side its points plus T + 1."""
    rules = Rules(settlement=Settlement.DIFFERENCE)
    assert settle(rules, 0, 5, [0, 2, 0, 2, 0, 0], (4, 0)) == (True, (5, 0))
    assert settle(rules, 0, 5, [0, 1, 0, 0, 0, 0], (3, 1)) == (False, (0, 6))


def test_the_pitcher_first_race_adds_each_points_worth() -> None:
    """RULES §2.5, §7.3.6: in the pitcher-first race each point adds its whole worth at
    once, in the point order: in Y1 under `EACH` with Anna's bid of 10 (set), BD's Five
    takes them from 46 to 51."""
    rules = Rules(**{**_options(cinch_by_hand(Settlement.EACH)), "win_rule": "pitcher_first"})
    state = act(deal(rules, Y1_IN_PLAY, dealer=3, scores=(40, 46)), "A 10, B pass, C pass, D pass")
    state = play(apply_action(state, "trump H", seat=0), Y1_TRICKS)
    assert state.scores == (30, 51)
    assert state.is_over and state.winner == 1


def test_the_pitcher_first_race_under_difference() -> None:
    """Only one side scores under `DIFFERENCE`, so the pitcher-first race is won by the
    side whose change reaches the target: Y1 from AC 48, BD 50 with Anna's bid of 9 makes
    AC 52; with 10, BD 65."""
    rules = Rules(**{**_options(cinch_by_hand()), "win_rule": WinRule.PITCHER_FIRST})
    for bid, winner in ((9, 0), (10, 1)):
        state = act(
            deal(rules, Y1_IN_PLAY, dealer=3, scores=(48, 50)), f"A {bid}, B pass, C pass, D pass"
        )
        state = play(apply_action(state, "trump H", seat=0), Y1_TRICKS)
        assert state.is_over and state.winner == winner


def test_the_pitcher_first_race_under_difference_counts_only_the_scoring_side() -> None:
    """The race under `DIFFERENCE` counts the one change a hand makes, not the points each
    side took: from AC 40, BD 47, Anna's made 9 leaves AC 44 and BD 47 (BD's Five scores
    nothing), so nobody wins; from AC 48, BD 40, her set 10 gives BD 55, a win that BD's
    points alone (40 + 5) would not reach."""
    rules = Rules(**{**_options(cinch_by_hand()), "win_rule": WinRule.PITCHER_FIRST})
    for bid, scores, after, winner in ((9, (40, 47), (44, 47), None), (10, (48, 40), (48, 55), 1)):
        state = act(
            deal(rules, Y1_IN_PLAY, dealer=3, scores=scores), f"A {bid}, B pass, C pass, D pass"
        )
        state = play(apply_action(state, "trump H", seat=0), Y1_TRICKS)
        assert state.scores == after and state.winner == winner
        assert state.is_over is (winner is not None)  # without a winner the game goes on


def _options(rules: Rules) -> dict[str, Any]:
    return attrs.asdict(rules, recurse=False, filter=lambda field, _: field.init)


# --- §7.8.9: validation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"points": (Point.HIGH, Point.OFF_ACE)}, "OFF_ACE needs off_ace=True"),
        ({"points": (Point.HIGH, Point.OFF_FIVE)}, "OFF_FIVE needs off_five=True"),
        ({"points": (Point.HIGH, Point.OFF_THREE)}, "OFF_THREE needs off_three=True"),
        ({"points": (Point.HIGH, Point.SNOOZER)}, "SNOOZER needs jokers=1"),
        ({"points": (Point.HIGH, Point.SNOOZER), "jokers": 2}, "SNOOZER needs jokers=1"),
        (
            {"points": (Point.HIGH, Point.SNOOZER, Point.JOKER), "jokers": 1},
            "SNOOZER and JOKER are both the joker",
        ),
        ({"settlement": "difference", "players": 6}, "DIFFERENCE needs exactly two sides, not 3"),
        (
            {"settlement": "difference", "players": 3, "partnerships": False},
            "DIFFERENCE needs exactly two sides, not 3",
        ),
        (
            {"pack_ranks": "nine_up", "players": 5, "partnerships": False},
            "5 players of 6 cards need 30 cards; the pack (NINE_UP) has 24",
        ),
        ({"pack_ranks": "five_up", "deal": 11}, "4 players of 11 cards need 44"),
        ({"pack_ranks": "five_up", "off_three": True}, "off_three needs the threes in the pack"),
        ({"pack_ranks": "nine_up", "off_five": True}, "off_five needs the fives in the pack"),
        (
            {"pack_ranks": "five_up", "points": (Point.HIGH, Point.TREY)},
            "TREY is for a three, and pack_ranks FIVE_UP has none",
        ),
        (
            {"pack_ranks": "nine_up", "points": (Point.HIGH, Point.FIVE)},
            "FIVE is for a five, and pack_ranks NINE_UP has none",
        ),
        (
            {
                "jokers": 1,
                "off_five": True,
                "points": (Point.SNOOZER, Point.NINE, Point.FIVE, Point.OFF_FIVE, Point.TREY),
            },
            "worth 37 in all, so the highest bid would be 37; bids go up to 36",
        ),
        ({"settlement": "halves"}, "Settlement must be one of EACH, DIFFERENCE"),
        ({"pack_ranks": 40}, "PackRanks must be one of ALL, FIVE_UP"),
    ],
)
def test_combinations_that_make_no_game_are_refused(options: dict[str, object], words: str) -> None:
    """RULES §7.8.9: off_* points without their fields; SNOOZER with JOKER or without
    exactly one joker; DIFFERENCE with other than two sides; a pack too small for the deal;
    and (making no game either) an off card or a point card whose rank the pack lacks, and
    a point set whose highest call is above every call."""
    with pytest.raises(RulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Rules(**options)  # type: ignore[arg-type]


def test_the_off_fields_must_be_bools() -> None:
    with pytest.raises(TypeError, match="off_ace must be True or False"):
        Rules(off_ace=1)  # type: ignore[arg-type]


# --- §7.7.2: packs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranks", "jokers", "size"),
    [
        (PackRanks.ALL, 0, 52),
        (PackRanks.FIVE_UP, 0, 40),
        (PackRanks.NINE_UP, 0, 24),
        (PackRanks.TWO_AND_NINE_UP, 0, 28),
        (PackRanks.NO_FOURS, 0, 48),
        (PackRanks.NO_FOURS, 2, 50),
        (PackRanks.FIVE_UP, 1, 41),
    ],
)
def test_pack_sizes(ranks: PackRanks, jokers: int, size: int) -> None:
    """RULES §7.7.2, §7.8.10: 52, 40, 24, 28 and 48 cards; the jokers are added (Trickster's
    50-card pack is `NO_FOURS` with two jokers)."""
    rules = Rules(pack_ranks=ranks, jokers=jokers)
    assert len(rules.pack) == size
    assert rules.pack == tuple(sorted(rules.pack, key=lambda card: card.index))
    assert [str(card) for card in rules.pack] == [str(card) for card in reference.pack(rules)]


def test_the_pack_is_cards() -> None:
    """`Rules.pack` gives `Card` values, in index order, the jokers last."""
    pack = Rules(jokers=2).pack
    assert pack[0] == Card.parse("2C") and pack[-2:] == (Card.parse("BJ"), Card.parse("LJ"))
    assert all(type(card) is Card for card in pack)


def test_a_short_pack_deals_only_its_cards() -> None:
    """RULES §7.7.2: the shuffle and the deal run over the smaller pack: a `NINE_UP` game
    of four deals its 24 cards, 6 each, none left; this deal is fixed by the seed."""
    rules = Rules(pack_ranks=PackRanks.NINE_UP)
    state = new_game(rules, seed=7)
    dealt = [card for hand in state.hands for card in hand]
    assert sorted(dealt, key=lambda c: c.index) == list(rules.pack)
    assert state.stock == ()
    assert [" ".join(map(str, hand)) for hand in state.hands] == DEALT_NINE_UP


DEALT_NINE_UP = [
    "10C 9D 10D KH 10S KS",
    "9C AC QD 10H JH AS",
    "JC QC KC KD AD 9H",
    "JD QH AH 9S JS QS",
]


# --- words -----------------------------------------------------------------------------------


def test_a_short_pack_refuses_hands_and_decks_of_other_cards() -> None:
    """RULES §7.7.2: with `FIVE_UP` a 4 is no card of the pack, in `hands=` or `deck=`; a
    deck of its 40 cards deals."""
    from setback import InvalidStateError

    rules = Rules(pack_ranks=PackRanks.FIVE_UP)
    hands = ["4C 5C 6C 7C 8C 9C", "5D 6D 7D 8D 9D 10D", "5H 6H 7H 8H 9H 10H", "5S 6S 7S 8S 9S 10S"]
    with pytest.raises(InvalidStateError, match="4C not in this pack"):
        new_game(rules, hands=hands)
    with pytest.raises(InvalidStateError, match="each of the 40 cards of this pack once"):
        new_game(rules, deck=[str(card) for card in Rules().pack])
    state = new_game(rules, deck=[str(card) for card in rules.pack], dealer=3)
    assert [str(card) for card in state.hands[0]] == ["5C", "6C", "7C", "7D", "8D", "9D"]
    assert len(state.stock) == 16
