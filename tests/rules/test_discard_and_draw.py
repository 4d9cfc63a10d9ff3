"""The discard and draw (`KeepSix.DISCARD_AND_DRAW`, RULES §7.3.11, §7.8.7-9, §7.8.14) and
Trickster's 9-point game, `Rules.trickster(9)`: its table row, its order, its bounds and
refusals, a short stock, what each seat sees, and a worked hand of our own (D1, in
docs/rules/trickster.md)."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest

from setback import (
    CARDS,
    Card,
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
    dumps,
    events,
    format_hand,
    game_record,
    legal_actions,
    loads,
    new_game,
    observe,
    parse_cards,
    replay,
    sample_states,
    trump_table,
)
from setback.bots.sampling import _Draws, _problem, _solve
from setback.eventlog import Discarded

from ..support import act, play


def card_set(cards: object) -> set[Card]:
    """A set of cards from card text or from cards."""
    return set(parse_cards(cards) if isinstance(cards, str) else cards)  # type: ignore[call-overload]


D1_DECK = (
    "AS KS 5S QS 2S KH JS 7S 3S 10S 8S 4S "
    "9D 7D 4C QH 10H 6D AH JH 4H 9H 7H 5H "
    "3C 8H 2H 5D 9C 8C AD KC 6C QD JD 2C "
    "6S 10D AC 3H QC KD 9S 2D JC 6H 10C 8D 7C 4D 3D 5C"
)
"""D1's pack for `new_game(Rules.trickster(9), deck=..., dealer=3)`: packets of three from
Anna, then the stock from its front."""
D1_DEALT = {
    0: "A♠ K♠ 5♠ 9♦ 7♦ 4♣ 3♣ 8♥ 2♥",
    1: "Q♠ 2♠ K♥ Q♥ 10♥ 6♦ 5♦ 9♣ 8♣",
    2: "J♠ 7♠ 3♠ A♥ J♥ 4♥ A♦ K♣ 6♣",
    3: "10♠ 8♠ 4♠ 9♥ 7♥ 5♥ Q♦ J♦ 2♣",
}
D1_DISCARDS = {
    1: "Q♥ 6♦ 5♦ 9♣ 8♣",
    2: "J♥ 4♥ K♣ 6♣",
    3: "9♥ 7♥ 5♥ Q♦ J♦ 2♣",
    0: "9♦ 7♦ 4♣ 3♣ 8♥ 2♥",
}
"""In the discard and draw's order: from Anna's left (Ben, Carla, Dan), Anna last."""
D1_DRAWN = {1: "6♠ 10♦", 2: "A♣", 3: "3♥ Q♣ K♦", 0: "9♠ 2♦ J♣"}
D1_IN_PLAY = {
    0: "A♠ K♠ 9♠ 5♠ J♣ 2♦",
    1: "Q♠ 6♠ 2♠ K♥ 10♥ 10♦",
    2: "J♠ 7♠ 3♠ A♥ A♦ A♣",
    3: "10♠ 8♠ 4♠ 3♥ Q♣ K♦",
}
D1_TRICKS = (
    "A A♠ B 2♠ C 3♠ D 4♠ → A; A K♠ B 6♠ C 7♠ D 8♠ → A; A 9♠ B Q♠ C J♠ D 10♠ → B; "
    "B 10♦ C A♦ D K♦ A 2♦ → C; C A♥ D 3♥ A J♣ B 10♥ → C; C A♣ D Q♣ A 5♠ B K♥ → A"
)


def d1_declared(rules: Rules | None = None, **kw: object) -> object:
    """D1 after the auction (Anna bids 5, the others pass) and Anna's `trump S`."""
    state = new_game(rules or Rules.trickster(9), deck=D1_DECK.split(), dealer=3, **kw)  # type: ignore[arg-type]
    state = act(state, "A 5, B pass, C pass, D pass")
    return apply_action(state, "trump S", seat=0)


def d1_in_play(**kw: object) -> object:
    state = d1_declared(**kw)
    for seat in (1, 2, 3, 0):
        state = apply_action(state, Discard(parse_cards(D1_DISCARDS[seat])), seat=seat)  # type: ignore[arg-type]
    return state


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


def test_states_and_views_of_the_discard_and_draw_round_trip_in_json() -> None:
    state = apply_action(d1_declared(), Discard(parse_cards(D1_DISCARDS[1])), seat=1)  # type: ignore[arg-type]
    assert loads(dumps(state)) == state
    view = observe(state, 2)
    assert loads(dumps(view)) == view
    assert loads(dumps(Rules.trickster(9))) == Rules.trickster(9)


# --- sampling: the counts a seat cannot see ---------------------------------------------------


def test_the_discard_and_draws_unseen_counts_are_weighted_by_their_placements() -> None:
    """Each seat threw 3 more than it drew (deal 9): two unseen seats around the viewer's
    draw of 1, from a stock of 16 down to 12. Their discard sizes are 3 + d with d at most
    3: the ways are the sum over the splits of the multinomial of the 9 cards."""
    draws = _Draws(steps=(-1, 1, -1), start=16, end=12, cap=3, offset=3)
    splits = {(3, 6): comb(9, 3), (4, 5): comb(9, 4), (5, 4): comb(9, 5), (6, 3): comb(9, 6)}
    assert draws.total == 9
    assert draws.ways(0, 16) == sum(splits.values()) == 420
    assert all(draws.fits(sizes) for sizes in splits)
    assert not draws.fits((2, 7)) and not draws.fits((7, 2)) and not draws.fits((4, 4))
    rng = random.Random(3)
    counts = Counter(draws.split(rng) for _ in range(8_400))
    assert set(counts) == set(splits)
    for sizes, weight in splits.items():  # 1680 or 2520 expected: well within 10%
        assert abs(counts[sizes] - 8_400 * weight / 420) < 0.1 * 8_400 * weight / 420


def test_sampling_counts_the_worlds_of_the_discard_and_draw_exactly() -> None:
    """Anna's view once Ben, Carla and Dan have discarded and drawn (6 of the 16 stock
    cards gone): 43 hidden cards; three hands of 6, three discards of 3 + d each, with
    d1 + d2 + d3 = 6 and each d at most 3, and the stock's 10. The sampler counts exactly
    the sum over those splits of the placements, and every world shows Anna her view."""
    state = d1_declared()
    for seat in (1, 2, 3):
        state = apply_action(state, Discard(parse_cards(D1_DISCARDS[seat])), seat=seat)  # type: ignore[arg-type]
    view = observe(state, 0)
    expected = 0
    for d1 in range(4):
        for d2 in range(4):
            d3 = 6 - d1 - d2
            if 0 <= d3 <= 3:
                left, ways = 43, 1
                for size in (6, 6, 6, 3 + d1, 3 + d2, 3 + d3):
                    ways *= comb(left, size)
                    left -= size
                expected += ways
    assert _solve(_problem(view))[0] == expected
    for world in sample_states(view, random.Random(9), 20):
        assert observe(world, 0) == view
        assert [len(cards) for cards in world.discards[1:]] in (
            [3 + d1, 3 + d2, 3 + 6 - d1 - d2]
            for d1 in range(4)
            for d2 in range(4)
            if 0 <= 6 - d1 - d2 <= 3
        )


def test_d1_is_recorded_replayed_and_written_out() -> None:
    """The record of D1 replays to the same state and saves and loads back; `format_hand`
    lists each seat's face-down discard (the whole record: no seat's view)."""
    state = play(d1_in_play(), D1_TRICKS)  # type: ignore[arg-type]
    record = game_record(state)
    assert replay(record) == state and loads(dumps(record)) == record
    lines = format_hand(state.history[-1], state.rules).splitlines()
    assert lines[0] == "Hand 1: dealer seat 3, seat 0 bid 5, trump ♠"
    assert lines[6:10] == [
        "  seat 0 discarded 3♣ 4♣ 7♦ 9♦ 2♥ 8♥",
        "  seat 1 discarded 8♣ 9♣ 5♦ 6♦ Q♥",
        "  seat 2 discarded 6♣ K♣ 4♥ J♥",
        "  seat 3 discarded 2♣ J♦ Q♦ 5♥ 7♥ 9♥",
    ]
    assert lines[-2:] == [
        "  points: high seats 0+2, low seats 1+3, jack seats 1+3, five seats 0+2, "
        "game seats 0+2; card points 48-13",
        "  made; score changes +7 +2",
    ]


def test_the_heuristic_keeps_trumps_aces_and_tens_and_draws_for_the_rest() -> None:
    """The HeuristicBot's discard and draw on D1: every trump, side ace and side ten stays;
    the rest goes, as much of it as the bounds allow (Ben keeps only Q♠ 2♠ 10♥, the
    fewest)."""
    from setback.bots import HeuristicBot

    state = d1_declared()
    chosen = {}
    while state.phase is Phase.DISCARD:  # type: ignore[attr-defined]
        seat = state.to_act  # type: ignore[attr-defined]
        action = HeuristicBot(seed=1).choose(observe(state, seat))  # type: ignore[arg-type]
        chosen[seat] = str(action)
        state = apply_action(state, action, seat=seat)  # type: ignore[arg-type]
    assert chosen == {
        1: "discard 8C 9C 5D 6D QH KH",
        2: "discard 6C KC 4H JH",
        3: "discard 2C JD QD 5H 7H 9H",
        0: "discard 3C 4C 7D 9D 2H 8H",
    }
