"""The discard and draw (`KeepSix.DISCARD_AND_DRAW`, RULES §7.3.11, §7.8.7-9, §7.8.14) and
Trickster's 9-point game, `Rules.trickster(9)`: its table row, its order, its bounds and
refusals, a short stock, what each seat sees, and a worked hand of our own (D1, in
docs/rules/trickster.md)."""

from __future__ import annotations

from math import comb

import pytest

from setback import (
    CARDS,
    Discard,
    DrawOrder,
    IllegalActionError,
    KeepSix,
    Phase,
    PlayTrump,
    Point,
    Rules,
    RulesError,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    parse_cards,
    trump_table,
)

from ..support import (
    D1_DEALT,
    D1_DECK,
    D1_DISCARDS,
    D1_DRAWN,
    D1_IN_PLAY,
    D1_TRICKS,
    act,
    card_set,
    d1_declared,
    d1_in_play,
    play,
)

# --- the preset: RULES §7.3's table row for 9 points ---------------------------------------


def test_the_nine_point_game_is_its_table_row() -> None:
    """RULES §7.3: 52 cards, deal 9, DISCARD_AND_DRAW from the pitcher's left, ANYTIME,
    HIGH LOW JACK FIVE GAME (T = 9), target 31; the common rules (bids 4 to 9, no Smudge,
    no dealer's match, a redeal, Low to the holder, trump declared and led, pitcher
    first); and the preset's name."""
    rules = Rules.trickster(9)
    assert len(rules.pack) == 52 and rules.jokers == 0 and not rules.off_jack
    assert (rules.deal, rules.keep_six, rules.draw_order) == (
        9,
        KeepSix.DISCARD_AND_DRAW,
        DrawOrder.PITCHER_LEFT,
    )
    assert rules.play_trump is PlayTrump.ANYTIME
    assert rules.points == (Point.HIGH, Point.LOW, Point.JACK, Point.FIVE, Point.GAME)
    assert (rules.total_points, rules.min_bid, rules.target) == (9, 4, 31)
    assert (rules.players, rules.sides) == (4, ((0, 2), (1, 3)))
    assert rules.pitcher_leads_trump and rules.declares_trump and not rules.smudge
    assert rules.discards_and_draws and rules.discard_count == 0
    assert Rules.preset("trickster-9") == rules
    assert Rules.trickster(9, partnerships=False).sides == ((0,), (1,), (2,), (3,))


def test_the_nine_point_trumps_are_the_thirteen_of_the_suit() -> None:
    """RULES §7.3.9: A K Q J 10 9 8 7 6 5 4 3 2 of trumps, no jick."""
    table = trump_table(Suit.SPADES, Rules.trickster(9))
    order = [str(card) for card in parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")]
    assert [str(CARDS[index]) for index in table.order] == order


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_nine_point_game_is_for_four(players: int) -> None:
    """RULES §7.3.1: 4 players, alone or as partners."""
    with pytest.raises(RulesError, match=r"Rules.trickster\(9\) is for 4 players"):
        Rules.trickster(9, players=players)


def test_the_discard_and_draw_needs_a_deal_above_six() -> None:
    """RULES §7.8.9 (no option the engine then ignores): on a deal of six there is
    nothing to come down from."""
    with pytest.raises(RulesError, match="DISCARD_AND_DRAW needs a deal above 6, not 6"):
        Rules.trickster(9, deal=6)
    with pytest.raises(RulesError, match="draw_order PITCHER_LEFT needs keep_six DRAW_BACK or"):
        Rules.setback(deal=9, draw_order=DrawOrder.PITCHER_LEFT)
    assert Rules.setback(deal=9, keep_six="discard_and_draw").draw_order is DrawOrder.ELDEST


def test_left_unset_the_pitcher_need_not_lead_a_trump() -> None:
    """RULES §7.8.14: `pitcher_leads_trump` is implied exactly with the draw, the free
    discard, the discard to six and the draw back, so not by the discard and draw (the
    9-point preset sets it); trump is still declared."""
    rules = Rules.setback(deal=9, keep_six=KeepSix.DISCARD_AND_DRAW)
    assert rules.declares_trump and not rules.pitcher_leads_trump
    assert Rules.setback(deal=9).pitcher_leads_trump
    assert Rules.setback(deal=9, keep_six=KeepSix.DISCARD_AND_DRAW, pitcher_leads_trump=True)


# --- D1, worked by hand: docs/rules/trickster.md ------------------------------------------


def test_d1_deals_as_written() -> None:
    state = new_game(Rules.trickster(9), deck=D1_DECK.split(), dealer=3)
    for seat, cards in D1_DEALT.items():
        assert card_set(state.hands[seat]) == card_set(cards)
    assert len(state.stock) == 16


def test_d1_the_discard_and_draw_goes_from_the_pitchers_left_and_draws_back_to_six() -> None:
    """Ben, Carla, Dan, then Anna (the pitcher): each throws 4 to 6 of his 9 cards face
    down and draws from the stock's front back to six; 7 cards stay in the stock."""
    state = d1_declared()
    assert state.phase is Phase.DISCARD and state.to_act == 1
    assert len(legal_actions(state)) == comb(9, 3) + comb(9, 4) + comb(9, 5) + comb(9, 6)
    for seat, after in zip((1, 2, 3, 0), (2, 3, 0, 0), strict=True):
        assert state.to_act == seat
        state = apply_action(state, Discard(parse_cards(D1_DISCARDS[seat])), seat=seat)
        assert card_set(state.discards[seat]) == card_set(D1_DISCARDS[seat])
        assert len(state.hands[seat]) == 6
        if seat:
            assert state.to_act == after
    assert state.phase is Phase.PLAY and state.to_act == 0
    for seat, cards in D1_IN_PLAY.items():
        assert card_set(state.hands[seat]) == card_set(cards)
    assert [str(card) for card in state.stock] == ["6H", "10C", "8D", "7C", "4D", "3D", "5C"]
    drawn = [step.drawn for step in state.hand_state.forced]
    assert [card_set(D1_DRAWN[seat]) for seat in (1, 2, 3, 0)] == [
        card_set(card for card in parse_cards(D1_DECK) if mask >> card.index & 1) for mask in drawn
    ]


def test_d1_is_scored_as_worked_by_hand() -> None:
    """High AC (Anna held A♠), Low BD (Ben held 2♠), Jack BD (Ben's Q♠ took J♠ in trick
    3), Five AC (Anna's 5♠ won trick 6), Game AC 48 to 13: AC +7, BD +2."""
    state = play(d1_in_play(), D1_TRICKS)  # type: ignore[arg-type]
    result = state.history[-1]
    assert result.points == {"high": 0, "low": 1, "jack": 1, "five": 0, "game": 0}
    assert result.card_points == (48, 13)
    assert (result.contract, result.made, result.score_changes) == (5, True, (7, 2))


@pytest.mark.parametrize(
    ("before", "winner"), [((25, 30), 0), ((20, 29), 1), ((24, 10), 0), ((10, 10), None)]
)
def test_d1_ends_the_game_pitcher_first(before: tuple[int, int], winner: int | None) -> None:
    """Target 31, pitcher first: from AC 25, BD 30 Anna's +7 comes first and AC win at 32;
    from AC 20, BD 29 AC reach only 27, and BD's Low and Jack take them to 31."""
    state = play(d1_in_play(scores=before), D1_TRICKS)  # type: ignore[arg-type]
    assert state.winner == winner


def test_d1_in_eldest_order_leaves_the_pitcher_last() -> None:
    """RULES §7.8.14: under `ELDEST` the order starts at Anna's left too (Anna is eldest
    and the pitcher, so she is skipped and comes last): the same hand."""
    state = d1_declared(Rules.trickster(9, draw_order=DrawOrder.ELDEST))
    assert state.to_act == 1
    dealer_pitches = new_game(Rules.trickster(9, draw_order="eldest"), deck=D1_DECK.split())
    dealer_pitches = act(dealer_pitches, "B 4, C pass, D pass, A 5")  # dealer 0 (Anna)
    dealer_pitches = apply_action(dealer_pitches, "trump S", seat=0)
    seen = []
    while dealer_pitches.phase is Phase.DISCARD:
        seat = dealer_pitches.to_act
        seen.append(seat)
        dealer_pitches = apply_action(dealer_pitches, legal_actions(dealer_pitches)[0])
    assert seen == [1, 2, 3, 0]


def test_a_pitcher_left_order_starts_after_the_pitcher() -> None:
    """RULES §7.3.11: Carla pitches, so Dan, Anna, Ben, then Carla; in eldest order Anna,
    Ben, Dan, then Carla."""
    for order, expected in (
        (DrawOrder.PITCHER_LEFT, [3, 0, 1, 2]),
        (DrawOrder.ELDEST, [0, 1, 3, 2]),
    ):
        state = new_game(Rules.trickster(9, draw_order=order), deck=D1_DECK.split(), dealer=3)
        state = act(state, "A pass, B pass, C 4, D pass")
        state = apply_action(state, "trump H", seat=2)
        seen = []
        while state.phase is Phase.DISCARD:
            seen.append(state.to_act)
            state = apply_action(state, legal_actions(state)[-1])
        assert seen == expected


# --- bounds and refusals --------------------------------------------------------------------


def test_a_discard_keeps_three_to_six_and_trumps_may_go() -> None:
    """RULES §7.3.11: any cards, trumps too; keeping more than six or fewer than three is
    refused with its code; cards not held are refused."""
    state = d1_declared()
    with pytest.raises(IllegalActionError) as kept_seven:
        apply_action(state, "discard QH 6D", seat=1)
    assert kept_seven.value.code == "keep_at_most" and kept_seven.value.params == {"count": 3}
    with pytest.raises(IllegalActionError) as kept_two:
        apply_action(state, "discard QS 2S KH QH 10H 6D 5D", seat=1)
    assert kept_two.value.code == "keep_at_least" and kept_two.value.params == {"count": 3}
    with pytest.raises(IllegalActionError) as not_held:
        apply_action(state, "discard AS QH 6D", seat=1)
    assert not_held.value.code == "not_held"
    thrown = apply_action(state, "discard QS 2S KH QH 10H 6D", seat=1)  # both trumps
    assert card_set(thrown.hands[1]) == card_set("5D 9C 8C 6S 10D AC")


def test_a_short_stock_keeps_six_minus_what_it_holds() -> None:
    """RULES §7.8.14: six players of 8 leave 4 cards; eldest keeps 3 and draws 3, the next
    must keep at least 5 (6 minus the 1 left), the rest exactly 6 (seat 3, the pitcher,
    comes last)."""
    rules = Rules.setback(players=6, keep_six=KeepSix.DISCARD_AND_DRAW)
    state = new_game(rules, seed=4, dealer=5)
    while state.phase is Phase.BIDDING:  # seat 3 bids, the others pass
        state = apply_action(state, legal_actions(state)[-1 if state.to_act == 3 else 0])
    state = apply_action(state, "trump S")
    assert state.to_act == 0 and len(state.stock) == 4
    sizes = {len(a.cards) for a in legal_actions(state)}  # type: ignore[attr-defined]
    assert sizes == {2, 3, 4, 5}
    state = apply_action(state, legal_actions(state)[-1])  # discards 5, draws 3
    assert len(state.stock) == 1
    assert {len(a.cards) for a in legal_actions(state)} == {2, 3}  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError) as short:
        apply_action(state, Discard(state.hands[1][:4]))
    assert short.value.code == "keep_at_least" and short.value.params == {"count": 5}
    state = apply_action(state, legal_actions(state)[-1])
    assert len(state.stock) == 0
    assert {len(a.cards) for a in legal_actions(state)} == {2}  # type: ignore[attr-defined]


# --- what each seat sees ----------------------------------------------------------------------


# --- sampling: the counts a seat cannot see ---------------------------------------------------
