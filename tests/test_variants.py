"""The presets and variants of RULES.md §2 to §4, with the worked examples S4, E4.6-8, E5."""

from __future__ import annotations

import pytest

from setback import (
    CARDS,
    Card,
    DealerMatch,
    IllegalActionError,
    LowTo,
    Phase,
    Pitch,
    Rules,
    Suit,
    apply_action,
    legal_actions,
    new_game,
    parse_cards,
)

from .strategies import calm_choice, play_until
from .support import act, deal, hand

AUCTION = Rules.auction_pitch(players=4)


def _texts(state: object) -> list[str]:
    return [str(a) for a in legal_actions(state)]  # type: ignore[arg-type]


# --- §2 Auction Pitch -------------------------------------------------------------

S4_HANDS = (
    "P0: A♥ K♥ A♣ 10♣ 10♦ Q♠; P1: 2♥ J♥ 3♣ 6♦ 7♠ 8♦; P2: 9♥ 5♣ 2♣ 4♠ 3♠ 5♦; P3: K♠ 9♣ 4♣ 7♦ 3♦ 6♠"
)
S4_TRICKS = (
    "P0 A♥ P1 2♥ P2 9♥ P3 6♠ → P0; P0 K♥ P1 J♥ P2 3♠ P3 4♣ → P0; "
    "P0 A♣ P1 3♣ P2 2♣ P3 9♣ → P0; P0 10♣ P1 7♠ P2 5♣ P3 3♦ → P0; "
    "P0 10♦ P1 6♦ P2 5♦ P3 7♦ → P0; P0 Q♠ P1 8♦ P2 4♠ P3 K♠ → P3"
)
S4_CALLS = "P0 3, P1 pass, P2 pass, P3 pass"


def test_s4_auction_pitch_low_to_the_holder() -> None:
    """RULES §5 S4: High P0, Low P1 (held 2♥), Jack P0, Game P0 (32): P0 +3, P1 +1."""
    state, result = hand(AUCTION, S4_HANDS, S4_CALLS, S4_TRICKS)
    assert result.points == {"high": 0, "low": 1, "jack": 0, "game": 0}
    assert result.card_points[0] == 32
    assert result.score_changes == (3, 1, 0, 0) and state.scores == (3, 1, 0, 0)


def test_s4_with_low_to_the_capturer() -> None:
    """RULES §5 S4: with Low to the capturer, P0 +4."""
    rules = Rules.auction_pitch(players=4, low_to=LowTo.CAPTURER)
    assert hand(rules, S4_HANDS, S4_CALLS, S4_TRICKS)[1].score_changes == (4, 0, 0, 0)


def test_s4_pitcher_counts_first() -> None:
    """RULES §2.5 and §5 S4: from P0 4, P1 6 both reach 7: P0 wins (pitcher first)."""
    state, _ = hand(AUCTION, S4_HANDS, S4_CALLS, S4_TRICKS, scores=(4, 6, 0, 0))
    assert state.scores == (7, 7, 0, 0) and state.is_over and state.winner == 0


def test_points_are_awarded_in_order_high_low_jack_game() -> None:
    """RULES §2.5: a set pitcher's points are not awarded; the others' go one at a time in
    the order High, Low, Jack, Game. The S2 deal, each for himself: Anna bids 4 and takes
    High and Jack; Dan held Low (2♥), Ben takes Game (17 card points)."""
    hands = (
        "A: A♥ 4♣ 6♦ 7♠ 8♣ Q♠; B: 5♥ 10♠ K♠ 9♦ 3♣ Q♦; C: J♥ 2♣ 3♦ 5♠ 9♣ 4♠; D: 2♥ 7♥ 10♦ K♦ 8♠ 6♣"
    )
    tricks = (
        "A A♥ B 5♥ C J♥ D 7♥ → A; A Q♠ B K♠ C 4♠ D 8♠ → B; B 10♠ C 5♠ D 2♥ A 7♠ → D; "
        "D K♦ A 6♦ B 9♦ C 3♦ → D; D 10♦ A 4♣ B Q♦ C 2♣ → B; B 3♣ C 9♣ D 6♣ A 8♣ → C"
    )
    calls = "A 4, B pass, C pass, D pass"
    _, result = hand(AUCTION, hands, calls, tricks)
    assert result.points == {"high": 0, "low": 3, "jack": 0, "game": 1}
    assert result.card_points == (5, 17, 0, 13)
    assert result.made is False and result.score_changes == (-4, 1, 0, 1)
    # Ben and Dan both reach 7 from 6: Dan's Low comes before Ben's Game
    state, _ = hand(AUCTION, hands, calls, tricks, scores=(6, 6, 6, 6))
    assert state.winner == 3 and state.scores == (2, 7, 6, 7)


def test_auction_pitch_has_no_smudge_call() -> None:
    """RULES §2.2: the action text `smudge` is illegal in Auction Pitch."""
    state = deal(AUCTION, S4_HANDS)
    assert _texts(state) == ["pass", "bid 2", "bid 3", "bid 4"]
    with pytest.raises(IllegalActionError, match="no Smudge"):
        apply_action(state, "smudge")


def test_e4_6_auction_pitch_dealer_match() -> None:
    """RULES §5 E4.6: P1 4 → the dealer may match 4; with 'below the top call' he cannot,
    but after P1 3 he may match 3."""
    state = act(deal(AUCTION, S4_HANDS), "P0 pass, P1 4, P2 pass")
    assert _texts(state) == ["pass", "bid 4"]
    assert act(state, "P3 4").pitcher == 3
    below = Rules.auction_pitch(players=4, dealer_match=DealerMatch.BELOW_MAX)
    assert _texts(act(deal(below, S4_HANDS), "P0 pass, P1 4, P2 pass")) == ["pass"]
    assert _texts(act(deal(below, S4_HANDS), "P0 pass, P1 3, P2 pass")) == [
        "pass",
        "bid 3",
        "bid 4",
    ]


def test_e4_7_two_player_cutthroat() -> None:
    """RULES §5 E4.7: the non-dealer passes → the dealer must bid; the non-dealer bids 3 →
    the dealer may pass, match 3, bid 4 or Smudge."""
    rules = Rules.cutthroat(players=2)
    state = new_game(rules, seed=5, dealer=1)
    assert state.to_act == 0
    assert _texts(apply_action(state, "pass")) == ["bid 2"]
    assert _texts(apply_action(state, "bid 3")) == ["pass", "bid 3", "bid 4", "smudge"]


@pytest.mark.parametrize("players", range(2, 9))
def test_auction_pitch_deals_six_to_every_seat(players: int) -> None:
    """RULES §2.1: 2 to 8 players, each for himself."""
    state = new_game(Rules.auction_pitch(players=players), seed=players)
    assert [len(h) for h in state.hands] == [6] * players
    assert len(state.stock) == 52 - 6 * players
    assert state.rules.sides == tuple((seat,) for seat in range(players))


# --- §4.2 pitch instead of bid ----------------------------------------------------

PITCH = Rules.setback(pitch_instead_of_bid=True)
E48_HANDS = (
    "A: K♠ 9♦ 4♠ Q♥ 10♣ 3♥; B: 7♦ 3♠ 5♦ J♦ 8♣ 2♥; C: J♠ 6♠ A♦ K♣ 9♥ 3♣; D: A♠ 10♦ 5♥ Q♣ 4♦ 7♥"
)


def _ben_pitches() -> object:
    state = act(deal(PITCH, E48_HANDS), "A pass")
    assert "pitch 7D" in _texts(state) and "bid 4" in _texts(state)
    return apply_action(state, "pitch 7♦", seat=1)


def test_e4_8_pitch_skips_to_the_dealer() -> None:
    """RULES §5 E4.8: Ben pitches 7♦ (4 in ♦); Carla may not call; Dan may pass, pitch a card
    or Smudge, whatever the dealer-match option, but not bid 4."""
    state = _ben_pitches()
    assert state.to_act == 3 and state.phase is Phase.BIDDING  # type: ignore[attr-defined]
    assert state.trump is Suit.DIAMONDS and str(state.trick.cards[0]) == "7D"  # type: ignore[attr-defined]
    assert len(state.hands[1]) == 5  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="turn"):
        apply_action(state, "pass", seat=2)  # type: ignore[arg-type]
    dealer = _texts(state)
    assert dealer[:2] == ["pass", "smudge"] and "bid 4" not in dealer
    assert dealer[2:] == [f"pitch {c}" for c in ("QC", "4D", "10D", "5H", "7H", "AS")]
    none = act(
        deal(Rules.setback(pitch_instead_of_bid=True, dealer_match="none"), E48_HANDS), "A pass"
    )
    assert _texts(apply_action(none, "pitch 7D"))[:2] == ["pass", "smudge"]


def test_e4_8a_dealer_passes_and_the_pitch_stands() -> None:
    """(a) Dan passes: Ben pitches at 4, ♦ trump, trick 1 goes on with Carla."""
    state = apply_action(_ben_pitches(), "pass")  # type: ignore[arg-type]
    assert state.phase is Phase.PLAY and state.pitcher == 1 and state.contract == 4
    assert state.trump is Suit.DIAMONDS and state.to_act == 2
    assert [str(c) for c in state.trick.cards] == ["7D"]  # type: ignore[union-attr]
    assert [str(a) for a, _ in [(b, s) for s, b in state.bids]] == ["pass", "pitch 7D", "pass"]
    assert [seat for seat, _ in state.bids] == [0, 1, 3]


def test_e4_8b_dealer_pitches_his_own_card() -> None:
    """(b) Dan pitches A♠: Dan at 4, ♠ trump, Ben takes 7♦ back, Anna plays next."""
    state = apply_action(_ben_pitches(), "pitch AS")  # type: ignore[arg-type]
    assert state.pitcher == 3 and state.contract == 4 and state.trump is Suit.SPADES
    assert state.to_act == 0 and [str(c) for c in state.trick.cards] == ["AS"]  # type: ignore[union-attr]
    assert Card.parse("7D") in state.hands[1] and len(state.hands[1]) == 6


def test_e4_8c_dealer_smudges() -> None:
    """(c) Smudge: Dan at 5, Ben takes 7♦ back, Dan leads any card, which sets trump."""
    state = apply_action(_ben_pitches(), "smudge")  # type: ignore[arg-type]
    assert state.pitcher == 3 and state.contract == 5 and state.trump is None
    assert state.to_act == 3 and state.trick.plays == ()  # type: ignore[union-attr]
    assert Card.parse("7D") in state.hands[1]
    assert len(_texts(state)) == 6
    assert apply_action(state, "play QC").trump is Suit.CLUBS


def test_pitch_only_while_the_highest_bid_is_below_4() -> None:
    """RULES §4.2: a pitch is a bid of 4, legal only while the highest bid is below 4."""
    state = act(deal(PITCH, E48_HANDS), "A 4")
    assert not any(t.startswith("pitch") for t in _texts(state))
    with pytest.raises(IllegalActionError, match="bid of 4"):
        apply_action(state, "pitch 7D")


def test_dealer_pitch_starts_play_at_once() -> None:
    state = act(deal(PITCH, E48_HANDS), "A pass, B pass, C 2")
    state = apply_action(state, "pitch AS", seat=3)
    assert state.phase is Phase.PLAY and state.pitcher == 3 and state.to_act == 0


def test_pitched_card_counts_as_its_pitchers() -> None:
    """RULES words: a pitched card counts as its pitcher's (HandResult.hands includes it)."""
    import random

    rng = random.Random(3)
    state = apply_action(_ben_pitches(), "pass")  # type: ignore[arg-type]
    state = play_until(state, lambda s: bool(s.history), lambda s: calm_choice(s, rng))
    assert Card.parse("7D") in state.history[0].hands[1]


# --- §4.1 draw ----------------------------------------------------------------------

DRAW = Rules.setback(draw=True)


def test_draw_declares_discards_and_refills_from_the_stock_in_order() -> None:
    """RULES §4.1: trump declared; eldest first, each discards non-trumps and draws as many
    from the top of the stock; the pitcher then must lead a trump."""
    state = new_game(DRAW, dealer=3, deck=CARDS[:52])  # the stock is K♦ A♦ 2♥ 3♥ 4♥ ...
    state = act(state, "A 2, B pass, C pass, D pass")
    assert state.phase is Phase.DECLARE_TRUMP and state.to_act == 0
    assert _texts(state) == ["trump C", "trump D", "trump H", "trump S"]
    state = apply_action(state, "trump D")
    assert state.phase is Phase.DISCARD and state.to_act == 0 and state.trump is Suit.DIAMONDS
    state = apply_action(state, "discard 2C 3C")
    assert " ".join(map(str, state.hands[0])) == "4C AC 2D 3D KD AD"
    # Ben holds 5C 6C 7C 4D 5D 6D: only his clubs may go
    assert "discard 4D" not in _texts(state) and "discard 5C 6C 7C" in _texts(state)
    with pytest.raises(IllegalActionError, match="trumps may not be discarded"):
        apply_action(state, "discard 4D")
    state = apply_action(state, "discard 7C 5C")
    assert " ".join(map(str, state.hands[1])) == "6C 4D 5D 6D 2H 3H"
    state = apply_action(state, "discard")
    state = apply_action(state, "discard JC")
    assert " ".join(map(str, state.hands[3])) == "QC KC 10D JD QD 4H"
    assert state.stock[0] == Card.parse("5H") and len(state.stock) == 28 - 5
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert _texts(state) == ["play 2D", "play 3D", "play KD", "play AD"]
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


# --- §4.3 no trump in the first trick -----------------------------------------------

NO_TRUMP_FIRST = Rules.setback(no_trump_first_trick=True)
E5_HANDS = "A: K♣ A♣ 2♣ 3♣ 5♣ 6♣; B: 4♣ 9♥ 5♠ 6♠ 7♠ 9♠; C: 7♦ 6♥ 8♠ 5♥ 4♥ 3♥; D: 2♥ 7♥ 8♥ 10♥ J♥ Q♥"


def test_e5_no_trump_in_the_first_trick() -> None:
    """RULES §5 E5: Anna declares ♥ and leads K♣; Ben must play 4♣; Carla, void in ♣, plays
    7♦ or 8♠ (not a heart); Dan, holding only hearts, plays any, and 2♥ wins the trick."""
    state = act(deal(NO_TRUMP_FIRST, E5_HANDS), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "trump H")
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert len(_texts(state)) == 6  # the pitcher may lead any card
    state = apply_action(state, "play KC")
    assert _texts(state) == ["play 4C"]
    state = apply_action(state, "play 4C")
    assert _texts(state) == ["play 7D", "play 8S"]
    with pytest.raises(IllegalActionError, match="first trick"):
        apply_action(state, "play 6H")
    state = apply_action(state, "play 7D")
    assert len(_texts(state)) == 6
    state = apply_action(state, "play 2H")
    assert state.tricks[0].winner == 3


def test_a_declared_suit_nobody_holds_gives_high_and_low_to_nobody() -> None:
    """RULES §4.3: the declared suit may be one nobody holds; then High and Low go to nobody."""
    import random

    hands = (
        "A: K♣ A♣ 2♣ 3♣ 5♣ 6♣; B: 4♣ 9♥ 5♥ 6♥ 7♥ 9♣; C: 7♦ 6♦ 8♦ 5♦ 4♦ 3♦; D: 2♥ 7♣ 8♥ 10♥ J♥ Q♥"
    )
    state = act(deal(NO_TRUMP_FIRST, hands), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "trump S")
    rng = random.Random(0)
    state = play_until(state, lambda s: bool(s.history), lambda s: calm_choice(s, rng))
    result = state.history[0]
    assert result.trump is Suit.SPADES
    assert result.points["high"] is None and result.points["low"] is None
    assert result.points["jack"] is None and result.made is False


# --- §4.4 six players -----------------------------------------------------------------

SIX = Rules.six_player()


def test_six_players_deal_eight_in_packets_3_3_2() -> None:
    state = new_game(SIX, dealer=5, deck=CARDS[:52])
    assert " ".join(map(str, state.hands[0])) == "2C 3C 4C 7D 8D 9D QH KH"
    assert all(len(h) == 8 for h in state.hands) and len(state.stock) == 4


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
    assert _texts(state) == ["play 4D", "play 5D", "play 6D"]


def test_six_player_game_is_only_for_a_strictly_highest_total() -> None:
    """RULES §4.4: Game goes only to a strictly highest total of the three sides."""
    import random

    rng = random.Random(2)
    seen = 0
    state = new_game(SIX, seed=4)
    for _ in range(5000):
        if seen >= 30 or state.is_over:
            break
        state = apply_action(state, calm_choice(state, rng))
        if state.history and len(state.history) > seen:
            seen = len(state.history)
            r = state.history[-1]
            if r.pitcher is None:
                continue
            best = max(r.card_points)
            if r.card_points.count(best) > 1:
                assert r.points["game"] is None
            else:
                assert r.points["game"] == r.card_points.index(best)
    assert seen > 0


def test_pitch_is_refused_in_a_declared_trump_game() -> None:
    state = act(deal(DRAW, E48_HANDS), "A pass")
    with pytest.raises(IllegalActionError, match="not part of these rules"):
        apply_action(state, Pitch("7D"))
