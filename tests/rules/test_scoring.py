"""Scoring (RULES §1.6, §1.7, §2, §5, §6.2, §6.10): who takes High, Low, Jack, Game and the
other points, the contract made or set, the score changes, and the end of the game; the
worked examples replayed exactly through the public API."""

from __future__ import annotations

import random

import attrs
import pytest

from setback import (
    AllPass,
    Card,
    DealerMatch,
    EndReason,
    IllegalActionError,
    LowTo,
    Phase,
    Point,
    Rules,
    ShootFor,
    Suit,
    Trick,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
)
from setback.scoring import cards_in_play

from ..strategies import calm_choice, play_until
from ..support import (
    E1_HANDS,
    E1_TRICKS,
    EXTENDED_NAMES,
    S1_HANDS,
    S1_TRICKS,
    S4_HANDS,
    TIED_CALLS,
    TIED_HANDS,
    TIED_TRICKS,
    X1_DISCARDS,
    X1_HANDS,
    X2_FACE_DOWN,
    X3_CALLS,
    X3_HANDS,
    X3_TRICKS,
    act,
    ben_pitches,
    card_set,
    deal,
    hand,
    joker_pitch_rules,
    last_hand,
    texts,
    x1_played,
    x2_played,
)

NO_TRUMP_FIRST = Rules.setback(no_trump_first_trick=True)

GERMAN = Rules.setback()


def test_s1_german_seed_hand() -> None:
    """RULES §5 S1: High BD, Low BD, Jack AC, Game AC (33 to 7): AC +2, BD +2."""
    state, result = hand(GERMAN, S1_HANDS, "A 2, B pass, C pass, D pass", S1_TRICKS)
    assert result.pitcher == 0 and result.contract == 2 and str(result.trump) == "S"
    assert result.points == {"high": 1, "low": 1, "jack": 0, "game": 0}
    assert result.card_points == (33, 7)
    assert result.score_changes == (2, 2)
    assert result.made is True
    assert state.scores == (2, 2)
    assert not state.is_over and state.dealer == 0 and state.phase is Phase.BIDDING


def test_s2_set_back() -> None:
    """RULES §5 S2: Anna bids 3, AC take High and Jack only: AC −3, BD +2 (Low, Game 30 to 5)."""
    hands = (
        "A: A♥ 4♣ 6♦ 7♠ 8♣ Q♠; B: 5♥ 10♠ K♠ 9♦ 3♣ Q♦; C: J♥ 2♣ 3♦ 5♠ 9♣ 4♠; D: 2♥ 7♥ 10♦ K♦ 8♠ 6♣"
    )
    tricks = (
        "A A♥ B 5♥ C J♥ D 7♥ → A; A Q♠ B K♠ C 4♠ D 8♠ → B; B 10♠ C 5♠ D 2♥ A 7♠ → D; "
        "D K♦ A 6♦ B 9♦ C 3♦ → D; D 10♦ A 4♣ B Q♦ C 2♣ → B; B 3♣ C 9♣ D 6♣ A 8♣ → C"
    )
    state, result = hand(GERMAN, hands, "A 3, B pass, C pass, D pass", tricks)
    assert result.points == {"high": 0, "low": 1, "jack": 0, "game": 1}
    assert result.card_points == (5, 30)
    assert result.made is False
    assert result.score_changes == (-3, 2)
    assert state.scores == (-3, 2)


def test_e1_lone_trump_is_high_low_and_jack() -> None:
    """RULES §1.6 and §5 E1: the lone J♣ is High, Low and Jack: AC +3, BD +1 (Game)."""
    state, result = hand(GERMAN, E1_HANDS, "A 3, B pass, C pass, D pass", E1_TRICKS)
    assert result.points == {"high": 0, "low": 0, "jack": 0, "game": 1}
    assert result.score_changes == (3, 1)
    assert state.scores == (3, 1)


def test_s3_bid_out_winner_may_have_fewer_points() -> None:
    """RULES §5 S3: AC at 18 bid 3 and take 3, BD at 24 take 1: AC win 21 to 25."""
    state, result = hand(
        GERMAN, E1_HANDS, "A 3, B pass, C pass, D pass", E1_TRICKS, scores=(18, 24)
    )
    assert result.score_changes == (3, 1)
    assert state.scores == (21, 25)
    assert state.is_over and state.winner == 0 and state.phase is Phase.GAME_OVER
    assert state.to_act is None and legal_actions(state) == ()


S3B_HANDS = (
    "A: 4♦ 4♥ 4♠ 5♦ 5♥ 5♠; B: 5♣ 10♦ 10♥ 10♠ A♦ A♥; C: A♣ 2♦ 2♥ 2♠ 3♦ 3♥; D: K♦ K♥ K♠ Q♦ Q♥ Q♠"
)
S3B_TRICKS = (
    "B 5♣ C A♣ D K♦ A 4♦ → C; C 2♦ D Q♦ A 5♦ B A♦ → B; B 10♦ C 3♦ D Q♥ A 4♥ → B; "
    "B 10♥ C 2♥ D K♥ A 5♥ → D; D K♠ A 4♠ B 10♠ C 2♠ → D; D Q♠ A 5♠ B A♥ C 3♥ → D"
)


def test_s3_failed_bid_never_ends_the_game() -> None:
    """RULES §5 S3: BD pitch 2 from 24 and take 1 (Game): they stand at 22 and nobody wins."""
    state, result = hand(
        GERMAN, S3B_HANDS, "A pass, B 2, C pass, D pass", S3B_TRICKS, scores=(18, 24)
    )
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": 1}
    assert result.made is False and result.score_changes == (2, -2)
    assert state.scores == (20, 22) and not state.is_over


def test_defenders_points_never_end_the_game() -> None:
    """RULES §1.8: AC reach 21 as defenders (19 + 2) and do not win."""
    state, _ = hand(GERMAN, S3B_HANDS, "A pass, B 2, C pass, D pass", S3B_TRICKS, scores=(19, 5))
    assert state.scores == (21, 3) and not state.is_over


E2_HANDS = (
    "A: A♠ K♠ Q♠ A♦ A♥ A♣; B: 3♠ 4♦ 5♥ 6♣ 7♦ 8♥; C: 2♠ 10♦ 10♥ 10♣ Q♦ Q♥; D: 4♠ 5♦ 6♥ 7♣ 8♦ 9♥"
)
E3_HANDS = (
    "A: A♠ K♠ Q♠ A♦ A♥ A♣; B: 2♠ 4♦ 5♥ 6♣ 7♦ 8♥; C: 3♠ 10♦ 10♥ 10♣ Q♦ Q♥; D: J♠ 5♦ 6♥ 7♣ 8♦ 9♥"
)


def _anna_sweeps(hands: str) -> str:
    """Anna leads A♠, A♦, A♥, A♣, K♠, Q♠ and wins every trick (E2, E3)."""
    b = {h.split(":")[0].strip(): h.split(":")[1].split() for h in hands.split(";")}
    spades = {name: next(c for c in b[name] if c.endswith("♠")) for name in "BCD"}
    rest = {name: [c for c in b[name] if not c.endswith("♠")] for name in "BCD"}
    order = ["A♠", "A♦", "A♥", "A♣", "K♠", "Q♠"]
    tricks = [f"A A♠ B {spades['B']} C {spades['C']} D {spades['D']} → A"]
    for lead in order[1:]:
        suit = lead[-1]
        follow = {}
        for name in "BCD":
            same = [c for c in rest[name] if c.endswith(suit)]
            card = (same or rest[name])[0]
            rest[name].remove(card)
            follow[name] = card
        tricks.append(f"A {lead} B {follow['B']} C {follow['C']} D {follow['D']} → A")
    return "; ".join(tricks)


@pytest.mark.parametrize(("call", "changes"), [("smudge", (-5, 0)), ("4", (-4, 0)), ("3", (3, 0))])
def test_e2_smudge_fails_without_a_jack(call: str, changes: tuple[int, int]) -> None:
    """RULES §5 E2: all six tricks but no jack dealt: Smudge −5, bid 4 −4, bid 3 +3."""
    _, result = hand(GERMAN, E2_HANDS, f"A {call}, B pass, C pass, D pass", _anna_sweeps(E2_HANDS))
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": 0}
    assert result.score_changes == changes


@pytest.mark.parametrize(
    ("low_to", "call", "changes"),
    [
        (LowTo.CAPTURER, "smudge", (5, 0)),
        (LowTo.CAPTURER, "4", (4, 0)),
        (LowTo.CAPTURER, "2", (4, 0)),
        (LowTo.HOLDER, "smudge", (-5, 1)),
        (LowTo.HOLDER, "4", (-4, 1)),
        (LowTo.HOLDER, "2", (3, 1)),
    ],
)
def test_e3_smudge_made_and_low_to_the_holder(
    low_to: LowTo, call: str, changes: tuple[int, int]
) -> None:
    """RULES §5 E3 and §4.5: Smudge +5, bid 4 and bid 2 +4; Ben held 2♠, so with Low to the
    holder the Smudge and the bid of 4 fail and BD score 1."""
    rules = Rules.setback(low_to=low_to)
    _, result = hand(rules, E3_HANDS, f"A {call}, B pass, C pass, D pass", _anna_sweeps(E3_HANDS))
    assert result.points["low"] == (1 if low_to is LowTo.HOLDER else 0)
    assert result.score_changes == changes


def test_s4_pitcher_first_with_low_to_the_holder() -> None:
    """RULES §5 S4 with the Auction Pitch options: P0 +3, P1 +1 (held 2♥); from P0 4, P1 6
    both reach 7 and P0 wins, pitcher first."""
    rules = Rules.setback(
        players=4,
        partnerships=False,
        smudge=False,
        low_to=LowTo.HOLDER,
        dealer_match=DealerMatch.BELOW_MAX,
        target=7,
        win_rule=WinRule.PITCHER_FIRST,
    )
    hands = (
        "P0: A♥ K♥ A♣ 10♣ 10♦ Q♠; P1: 2♥ J♥ 3♣ 6♦ 7♠ 8♦; P2: 9♥ 5♣ 2♣ 4♠ 3♠ 5♦; "
        "P3: K♠ 9♣ 4♣ 7♦ 3♦ 6♠"
    )
    tricks = (
        "P0 A♥ P1 2♥ P2 9♥ P3 6♠ → P0; P0 K♥ P1 J♥ P2 3♠ P3 4♣ → P0; "
        "P0 A♣ P1 3♣ P2 2♣ P3 9♣ → P0; P0 10♣ P1 7♠ P2 5♣ P3 3♦ → P0; "
        "P0 10♦ P1 6♦ P2 5♦ P3 7♦ → P0; P0 Q♠ P1 8♦ P2 4♠ P3 K♠ → P3"
    )
    calls = "P0 3, P1 pass, P2 pass, P3 pass"
    state, result = hand(rules, hands, calls, tricks)
    assert result.points == {"high": 0, "low": 1, "jack": 0, "game": 0}
    assert result.card_points[0] == 32
    assert result.score_changes == (3, 1, 0, 0)
    capturer = attrs.evolve(rules, low_to=LowTo.CAPTURER)
    assert hand(capturer, hands, calls, tricks)[1].score_changes == (4, 0, 0, 0)
    state, _ = hand(rules, hands, calls, tricks, scores=(4, 6, 0, 0))
    assert state.scores == (7, 7, 0, 0) and state.winner == 0


SIX = Rules.six_player()


AUCTION = Rules.auction_pitch(players=4)


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


def test_pitched_card_counts_as_its_pitchers() -> None:
    """RULES words: a pitched card counts as its pitcher's (HandResult.hands includes it)."""
    import random

    rng = random.Random(3)
    state = apply_action(ben_pitches(), "pass")
    state = play_until(state, lambda s: bool(s.history), lambda s: calm_choice(s, rng))
    assert Card.parse("7D") in state.history[0].hands[1]


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


HIGHEST = Rules.cutthroat(players=3, win_rule=WinRule.HIGHEST_SCORE, target=7)


# P2 deals; P0 bids 2 and leads A♠ (spades trump). P1 must play a trump and gives up 2♠;
# P1 trumps the hearts with J♠; P2 takes the diamonds. High and Low (captured) P0, Jack
# P1, Game P2 (card points 4, 1, 19): P0 +2 (made), P1 +1, P2 +1.
TIE_HANDS = "P0: A♠ 3♥ 4♥ 5♥ 6♥ 7♥; P1: 2♠ J♠ 3♦ 4♦ 5♦ 6♦; P2: 8♥ 9♣ 10♦ A♦ K♦ Q♦"


TIE_CALLS = "P0 2, P1 pass, P2 pass"


TIE_TRICKS = (
    "P0 A♠ P1 2♠ P2 9♣ → P0; P0 3♥ P1 J♠ P2 8♥ → P1; P1 3♦ P2 10♦ P0 4♥ → P2; "
    "P2 A♦ P0 5♥ P1 4♦ → P2; P2 K♦ P0 6♥ P1 5♦ → P2; P2 Q♦ P0 7♥ P1 6♦ → P2"
)


def test_highest_score_tie_without_the_pitcher_means_play_goes_on() -> None:
    """RULES §3 (win rule 'highest score'): a tie at the top that does not involve the
    pitcher means play goes on. From 0, 6, 6 the hand ends 2, 7, 7: P1 and P2 tie at the
    target, P0 pitched, nobody wins and the next hand is dealt."""
    state, result = hand(HIGHEST, TIE_HANDS, TIE_CALLS, TIE_TRICKS, dealer=2, scores=(0, 6, 6))
    assert result.points == {"high": 0, "low": 0, "jack": 1, "game": 2}
    assert result.card_points == (4, 1, 19)
    assert result.made is True and result.score_changes == (2, 1, 1)
    assert state.scores == (2, 7, 7)
    assert not state.is_over and state.winner is None
    assert state.phase is Phase.BIDDING and state.hand_number == 1


def test_highest_score_tie_with_the_pitcher_goes_to_the_pitcher() -> None:
    """RULES §3 (win rule 'highest score'): a tie at the top goes to the pitching side
    when it is among the tied. From 5, 6, 6 all three reach 7: P0, the pitcher, wins."""
    state, _ = hand(HIGHEST, TIE_HANDS, TIE_CALLS, TIE_TRICKS, dealer=2, scores=(5, 6, 6))
    assert state.scores == (7, 7, 7)
    assert state.is_over and state.winner == 0


def test_points_are_worth_one_but_the_trey_three() -> None:
    """RULES §6.2, §7.2.3: every point is worth 1 but `TREY` and `OFF_THREE` (3), `FIVE`
    and `OFF_FIVE` (5), `NINE` (9) and `SNOOZER` (15); a point's value is its lower-case
    name."""
    worth = {
        Point.TREY: 3,
        Point.OFF_THREE: 3,
        Point.FIVE: 5,
        Point.OFF_FIVE: 5,
        Point.NINE: 9,
        Point.SNOOZER: 15,
    }
    assert {point: point.worth for point in Point} == {
        point: worth.get(point, 1) for point in Point
    }
    assert [point.value for point in Point] == [
        "high",
        "low",
        "jack",
        "off_jack",
        "joker",
        "big_joker",
        "little_joker",
        "ten",
        "trey",
        "game",
        "five",
        "off_five",
        "nine",
        "off_ace",
        "off_three",
        "snoozer",
    ]


def test_default_points_leave_sections_1_to_5_unchanged() -> None:
    """RULES §6.2: the default is (HIGH, LOW, JACK, GAME), T = 4, no jokers, no jick."""
    rules = Rules.setback()
    assert rules.points == (Point.HIGH, Point.LOW, Point.JACK, Point.GAME)
    assert rules.total_points == 4
    assert (rules.jokers, rules.off_jack, rules.deal, rules.trumps_only) == (0, False, 6, False)
    assert Rules.auction_pitch().points == rules.points


def test_x1_points_in_award_order() -> None:
    """RULES §6.10 X1 points: High BD, Low BD (holder), Jack nobody (J♠ not in play),
    Off-jack BD, Big joker AC, Little joker BD, Game AC, Trey BD."""
    result = last_hand(x1_played())
    assert list(result.points) == EXTENDED_NAMES
    assert result.points == {
        "high": 1,
        "low": 1,
        "jack": None,
        "off_jack": 1,
        "big_joker": 0,
        "little_joker": 1,
        "game": 0,
        "trey": 1,
    }
    assert [trick.winner for trick in result.tricks] == [1, 3, 2, 2, 2, 2]


def test_x1_card_points_41_to_8_and_the_set() -> None:
    """RULES §6.10 X1: card points AC 41, BD 8 (the jick counts 1, jokers 0); AC won 2
    points and BD 7; Carla bid 5 and is set: AC −5, BD +7. The discards are face down."""
    state = x1_played()
    result = last_hand(state)
    assert result.card_points == (41, 8)
    assert result.points_won == (2, 7)
    assert result.made is False
    assert result.score_changes == (-5, 7) and state.scores == (-5, 7)
    assert [set(cards) for cards in result.discards] == [
        card_set(X1_DISCARDS[seat]) for seat in range(4)
    ]
    assert not any(result.face_up_discards)


def test_x1_highest_score_wins_without_pitching() -> None:
    """RULES §6.6.6 and §6.10 X1: from AC 20, BD 14 the scores become AC 15, BD 21, and BD
    win; under 'highest score' the side need not be pitching."""
    state = x1_played(scores=(20, 14))
    assert state.scores == (15, 21)
    assert state.is_over and state.winner == 1


def test_x1_under_bid_out_nobody_wins() -> None:
    """RULES §1.8 and §6.10 X1: under bid-out nobody would win, because BD did not pitch."""
    state = x1_played(Rules.smear(win_rule=WinRule.BID_OUT), scores=(20, 14))
    assert state.scores == (15, 21)
    assert not state.is_over and state.winner is None


SEVEN_POINTS = (
    Point.HIGH,
    Point.LOW,
    Point.JACK,
    Point.OFF_JACK,
    Point.BIG_JOKER,
    Point.LITTLE_JOKER,
    Point.TEN,
)


def test_x1_seven_point_variant() -> None:
    """RULES §6.8 and §6.10 X1: points High, Low, Jack, Off-jack, Big joker, Little joker,
    Ten (T = 7, bids 2 to 7): Ten goes to AC (Carla captured her own 10♠); AC win 2, BD 4:
    AC −5, BD +4."""
    rules = Rules.smear(points=SEVEN_POINTS)
    assert rules.total_points == 7
    assert texts(deal(rules, X1_HANDS)) == ["pass"] + [f"bid {n}" for n in range(2, 8)]
    result = last_hand(x1_played(rules))
    assert list(result.points) == [point.value for point in SEVEN_POINTS]
    assert result.points["ten"] == 0
    assert result.points_won == (2, 4)
    assert result.score_changes == (-5, 4)


def test_x2_points_in_award_order() -> None:
    """RULES §6.5.8 and §6.10 X2 points: High BD, Low AC (Anna held 2♥), Jack BD, Off-jack
    BD, Big joker BD, Little joker BD, Game BD, Trey BD."""
    result = last_hand(x2_played())
    assert list(result.points) == EXTENDED_NAMES
    assert result.points == {
        "high": 1,
        "low": 0,
        "jack": 1,
        "off_jack": 1,
        "big_joker": 1,
        "little_joker": 1,
        "game": 1,
        "trey": 1,
    }


def test_x2_game_counts_the_trumps_won_19_to_2() -> None:
    """RULES §6.5.8 and §6.10 X2: BD won A♥ 4, K♥ 3, 10♥ 10, J♥ 1, J♦ 1; AC won Q♥ 2; the
    face-up 4♥ counts for nobody."""
    result = last_hand(x2_played())
    assert result.card_points == (2, 19)
    assert result.face_up_discards == ((), (Card.parse("4H"),), (), ())
    assert [set(cards) for cards in result.discards] == [
        card_set(X2_FACE_DOWN[seat]) for seat in range(4)
    ]


def test_x2_a_made_bid_scores_everything_won() -> None:
    """RULES §6.3 and §6.10 X2: Ben bid 5 and his side won 9; a made bid scores all of it,
    with no cap at 4: BD +9, AC +1."""
    state = x2_played()
    result = last_hand(state)
    assert result.points_won == (1, 9) and result.made is True
    assert result.score_changes == (1, 9) and state.scores == (1, 9)


@pytest.mark.parametrize(
    ("before", "after", "winner"),
    [((51, 40), (52, 49), 0), ((40, 43), (41, 52), 1), ((40, 42), (41, 51), None)],
)
def test_x2_race_to_52_pitcher_first_then_point_order(
    before: tuple[int, int], after: tuple[int, int], winner: int | None
) -> None:
    """RULES §6.5.9 and §6.10 X2: from AC 51, BD 40 BD reach only 49 and Low takes AC to 52:
    AC win; from AC 40, BD 43 BD's 9 take them to 52: BD win; from AC 40, BD 42 nobody."""
    state = x2_played(scores=before)
    assert state.scores == after
    assert state.winner == winner and state.is_over is (winner is not None)


def test_x3_points_in_award_order() -> None:
    """RULES §6.7 and §6.10 X3 points: High P1, Low P2 (held 2♠; the joker is never Low),
    Jack P1, Joker P0 (captured it), Game P1 (39, 0, 0)."""
    _, result = hand(joker_pitch_rules(), X3_HANDS, X3_CALLS, X3_TRICKS, dealer=2)
    assert list(result.points) == ["high", "low", "jack", "joker", "game"]
    assert result.points == {"high": 1, "low": 2, "jack": 1, "joker": 0, "game": 1}
    assert result.card_points == (0, 39, 0)


def test_x3_score() -> None:
    """RULES §6.10 X3: P1 bid 3 and won 3: P0 +1, P1 +3, P2 +1."""
    state, result = hand(joker_pitch_rules(), X3_HANDS, X3_CALLS, X3_TRICKS, dealer=2)
    assert result.made is True and result.points_won == (1, 3, 1)
    assert result.score_changes == (1, 3, 1) and state.scores == (1, 3, 1)


@pytest.mark.parametrize(
    ("before", "after", "winner"),
    [((9, 7, 9), (10, 10, 10), 1), ((9, 6, 9), (10, 9, 10), 2), ((9, 6, 8), (10, 9, 9), 0)],
)
def test_x3_race_to_10_pitcher_first_then_point_order(
    before: tuple[int, int, int], after: tuple[int, int, int], winner: int
) -> None:
    """RULES §2.5 and §6.10 X3 race table: all three reach 10: the pitcher P1; P1 short:
    Low takes P2 to 10 before P0's Joker; Low short too: the Joker takes P0 to 10."""
    state, _ = hand(joker_pitch_rules(), X3_HANDS, X3_CALLS, X3_TRICKS, dealer=2, scores=before)
    assert state.scores == after
    assert state.is_over and state.winner == winner


def test_the_card_each_card_point_is_for() -> None:
    """RULES §6.2: Jack, Off-jack (the jick of trump's colour), Ten, Trey and the jokers."""
    for trump, jick in ((Suit.SPADES, "JC"), (Suit.HEARTS, "JD"), (Suit.DIAMONDS, "JH")):
        letter = trump.letter
        assert Point.JACK.card(trump) == Card.parse("J" + letter).index
        assert Point.OFF_JACK.card(trump) == Card.parse(jick).index
        assert Point.TEN.card(trump) == Card.parse("10" + letter).index
        assert Point.TREY.card(trump) == Card.parse("3" + letter).index
        assert Point.BIG_JOKER.card(trump) == Card.parse("BJ").index
        assert Point.LITTLE_JOKER.card(trump) == Card.parse("LJ").index
        assert Point.JOKER.card(trump) == Card.parse("JK").index


def test_a_smudge_with_every_point_but_not_every_trick_fails() -> None:
    """RULES §1.7 and §6.3: a Smudge needs every trick and every point."""
    hands = (
        "A: A♠ K♠ Q♠ A♦ A♥ 2♣; B: 2♠ 4♦ 5♥ K♣ 7♦ 8♥; C: 3♠ 10♦ 10♥ J♦ Q♦ Q♥; D: J♠ 5♦ 6♥ 7♣ 8♦ 9♥"
    )
    tricks = (
        "A A♠ B 2♠ C 3♠ D J♠ → A; A A♦ B 4♦ C 10♦ D 5♦ → A; A A♥ B 5♥ C 10♥ D 6♥ → A; "
        "A K♠ B 7♦ C Q♦ D 8♦ → A; A Q♠ B 8♥ C Q♥ D 9♥ → A; A 2♣ B K♣ C J♦ D 7♣ → B"
    )
    _, result = hand(Rules.setback(), hands, "A smudge, B pass, C pass, D pass", tricks)
    assert result.points_won == (4, 0) and result.made is False
    assert result.score_changes == (-5, 0)


# --- §1.6 and §7.8.4: a tie at the top of the card points gives Game to nobody --------------

TIE_TWO_SIDES_HANDS = (
    "A: A♠ 2♠ 5♣ 6♣ 7♣ 8♣; B: 2♦ 3♦ 6♦ 7♦ 8♦ 9♦; C: 2♥ 4♥ 2♣ 3♣ K♥ 6♥; D: 3♥ 5♥ A♣ K♣ 4♣ 7♥"
)
TIE_TWO_SIDES_TRICKS = (
    "A A♠ B 2♦ C 2♥ D 3♥ → A; A 2♠ B 3♦ C 4♥ D 5♥ → A; A 5♣ B 6♦ C 2♣ D A♣ → D; "
    "D K♣ A 6♣ B 7♦ C 3♣ → D; D 4♣ A 7♣ B 8♦ C K♥ → A; A 8♣ B 9♦ C 6♥ D 7♥ → A"
)


def test_a_tie_for_game_between_two_sides_gives_it_to_nobody() -> None:
    """RULES §1.6, §7.8.4: AC take A♠ and K♥ (4 + 3), BD take A♣ and K♣ (4 + 3): 7 to 7, so Game
    goes to nobody. AC's High and Low make the bid of 2: AC +2, BD 0."""
    state, result = hand(
        GERMAN, TIE_TWO_SIDES_HANDS, "A 2, B pass, C pass, D pass", TIE_TWO_SIDES_TRICKS
    )
    assert result.pitcher == 0 and result.contract == 2 and str(result.trump) == "S"
    assert result.card_points == (7, 7)
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": None}
    assert result.points_won == (2, 0)
    assert result.made is True
    assert result.score_changes == (2, 0)
    assert state.scores == (2, 0)


TIE_THREE_SIDES_HANDS = "P0: 3♠ 2♠ 4♣ 7♣ 5♦ 6♦; P1: 2♦ 3♦ A♣ K♣ 4♦ 8♥; P2: 2♥ 3♥ 5♣ 6♣ A♦ K♦"
TIE_THREE_SIDES_TRICKS = (
    "P0 3♠ P1 2♦ P2 2♥ → P0; P0 2♠ P1 3♦ P2 3♥ → P0; P0 4♣ P1 A♣ P2 5♣ → P1; "
    "P1 K♣ P2 6♣ P0 7♣ → P1; P1 4♦ P2 A♦ P0 5♦ → P2; P2 K♦ P0 6♦ P1 8♥ → P2"
)


@pytest.mark.parametrize("rules", [Rules.cutthroat(players=3), Rules.auction_pitch(players=3)])
def test_a_tie_for_game_between_two_of_three_sides_gives_it_to_nobody(rules: Rules) -> None:
    """RULES §1.6, §2.3, §7.8.4: three players each for himself; P1 takes A♣ and K♣, P2 takes A♦
    and K♦ (7 each), the pitcher P0 none: Game goes to nobody (not to the first of the tied
    sides). P0's High and Low (3♠ and 2♠) make his bid of 2: P0 +2, the others 0."""
    state, result = hand(
        rules, TIE_THREE_SIDES_HANDS, "P0 2, P1 pass, P2 pass", TIE_THREE_SIDES_TRICKS, dealer=2
    )
    assert result.pitcher == 0 and result.contract == 2 and str(result.trump) == "S"
    assert result.card_points == (0, 7, 7)
    assert result.points == {"high": 0, "low": 0, "jack": None, "game": None}
    assert result.points_won == (2, 0, 0)
    assert result.made is True
    assert result.score_changes == (2, 0, 0)
    assert state.scores == (2, 0, 0)


def test_without_the_game_point_nobody_scores_game() -> None:
    """RULES §7.8.3: without `Point.GAME` in `rules.points` no Game is played. The hand of
    S1 (card points 33 to 7 for AC) then gives AC only the Jack: AC's bid of 2 is set,
    AC −2, BD +2 (with Game, AC +2, BD +2)."""
    rules = Rules.setback(points=(Point.HIGH, Point.LOW, Point.JACK))
    state, result = hand(rules, S1_HANDS, "A 2, B pass, C pass, D pass", S1_TRICKS)
    assert result.pitcher == 0 and result.contract == 2 and str(result.trump) == "S"
    assert result.points == {"high": 1, "low": 1, "jack": 0}
    assert "game" not in dict(result.awards)
    assert result.points_won == (1, 2)
    assert result.made is False
    assert result.score_changes == (-2, 2)
    assert state.scores == (-2, 2)


def test_without_the_game_point_a_tie_scores_nothing_either() -> None:
    """RULES §7.8.3: the two-sided tie above, without `Point.GAME`: only High and Low are
    awarded, to AC, who make their bid of 2."""
    rules = Rules.setback(points=(Point.HIGH, Point.LOW, Point.JACK))
    state, result = hand(
        rules, TIE_TWO_SIDES_HANDS, "A 2, B pass, C pass, D pass", TIE_TWO_SIDES_TRICKS
    )
    assert result.points == {"high": 0, "low": 0, "jack": None}
    assert result.points_won == (2, 0)
    assert result.score_changes == (2, 0)
    assert state.scores == (2, 0)


@pytest.mark.parametrize(
    ("win_rule", "winner"), [(WinRule.PITCHER_FIRST, 0), (WinRule.HIGHEST_SCORE, 1)]
)
def test_pitcher_first_and_highest_score_name_different_winners(
    win_rule: WinRule, winner: int
) -> None:
    """RULES §2.5 against §1.8: from 9 to 10 in a game to 11, the pitcher's side makes its
    bid of 2 with High and Low (11) while the others take Jack and Game (12). Pitcher first,
    the pitcher's side wins, having reached the target first; under the highest score the
    others win, 12 to 11."""
    from setback.scoring import game_winner

    rules = Rules.trickster(4, win_rule=win_rule)
    rng = random.Random(3)
    state = play_until(
        new_game(rules, seed=3),
        lambda s: any(result.pitcher is not None for result in s.history),
        lambda s: calm_choice(s, rng),
    )
    played = next(result for result in state.history if result.pitcher is not None)
    result = attrs.evolve(
        played,
        pitcher=0,
        contract=2,
        made=True,
        awards=(("high", 0), ("low", 0), ("jack", 1), ("game", 1)),
        score_changes=(2, 2),
    )
    assert game_winner(rules, (9, 10), result, 1) == winner


def test_the_tally_counts_every_card_played_and_each_tricks_cards_to_its_winner() -> None:
    """`scoring.cards_in_play`, what the tally reads (the engine when a hand is over, the
    playout kernel when it starts mid-hand): a seat's cards in play are what it holds and
    every card it played, to finished tricks and to the trick in progress; a finished
    trick's cards are its winner's."""

    def bits(text: str) -> int:
        return sum(1 << Card.parse(word).index for word in text.split())

    def plays(text: str) -> tuple[tuple[int, Card], ...]:
        return tuple((int(word[0]), Card.parse(word[2:])) for word in text.split())

    held = (bits("2C"), bits("3C 4C"), bits("5C"), bits("6C"))
    tricks = (
        Trick(0, plays("0:AH 1:KH 2:QH 3:JH"), winner=0),
        Trick(0, plays("0:AS 1:2S 2:KS 3:3S"), winner=0),
        Trick(0, plays("0:TD 1:2D 2:AD 3:3D"), winner=2),
    )
    in_play, won = cards_in_play(held, tricks, plays("2:9C 3:TC"))
    assert in_play == (
        bits("2C AH AS TD"),
        bits("3C 4C KH 2S 2D"),
        bits("5C QH KS AD 9C"),
        bits("6C JH 3S 3D TC"),
    )
    assert won == (bits("AH KH QH JH AS 2S KS 3S"), 0, bits("TD 2D AD 3D"), 0)


# --- close_hand: the game's limits, exactly at the bound; settle ------------------------


REDEAL_TWO = Rules.cutthroat(players=2, all_pass=AllPass.REDEAL)


def test_a_game_may_hold_exactly_max_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game may hold `MAX_ACTIONS` actions, not one more (mutant: `count > most` made
    `>=`). Lowered to 4: two passed-out hands of two passes each fill it; the pass that
    would end a third is refused."""
    monkeypatch.setattr("setback.engine.MAX_ACTIONS", 4)
    state = new_game(REDEAL_TWO, seed=3)
    for _ in range(5):
        state = apply_action(state, "pass")
    assert len(state.log) == 5 and len(state.history) == 2
    with pytest.raises(IllegalActionError, match="would hold 6 actions, more than a game may"):
        apply_action(state, "pass")


def test_a_game_may_hold_exactly_max_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game may hold `MAX_HANDS` hands, not one more. Lowered to 2: the pass that would
    end a third hand is refused."""
    monkeypatch.setattr("setback.engine.MAX_HANDS", 2)
    state = new_game(REDEAL_TWO, seed=3)
    for _ in range(5):
        state = apply_action(state, "pass")
    assert len(state.history) == 2
    with pytest.raises(IllegalActionError, match="would hold 3 hands, more than a game may"):
        apply_action(state, "pass")


def test_the_game_over_state_holds_no_cards() -> None:
    """§1.8: A's side bid 2 from 19 and made it: 21, the game is over; nobody acts and
    nobody holds a card (mutant: the game-over hand built with a card left in it)."""
    state, result = hand(GERMAN, TIED_HANDS, TIED_CALLS, TIED_TRICKS, scores=(19, 5))
    assert result.made is True and state.scores == (21, 5)
    assert state.is_over and state.winner == 0 and state.phase is Phase.GAME_OVER
    assert state.to_act is None and state.hands == ((), (), (), ())


def test_a_shoot_for_every_point_is_made_without_every_trick() -> None:
    """RULES §7.4: under `ShootFor.ALL_POINTS` the shoot is made with every point, though
    the other side took a trick (made or set is `scoring.contract_made`'s)."""
    from setback.scoring import settle

    rules = Rules.trickster(10, shoot=ShootFor.ALL_POINTS)
    winners = [0, 1, 2, 3, 0, 2]  # seats 1 and 3 (the other side) took a trick each
    assert settle(rules, 0, rules.smudge_level, winners, (10, 0)) == (True, (10, 0))


def test_a_pitcher_who_called_his_own_card_counts_his_points_once() -> None:
    """RULES §7.7.3: a pitcher holding the called card plays alone: his side's points are
    his own (not twice), the four others score theirs together."""
    from setback.scoring import settle

    rules = Rules.trickster(10, players=5)
    won = (6, 1, 1, 1, 1)  # each seat's points
    assert settle(rules, 0, 5, [0, 0, 1, 2, 3, 4], won, partner=0) == (True, (6, 4, 4, 4, 4))


def test_the_game_says_which_win_rule_ended_it() -> None:
    """RULES §1.8, §2.5 and §6.6.6: a game over names the rule that made its winner: the
    bid out (S3), the pitcher first (S4), the highest score (X1); None while it goes on."""
    bid_out, _ = hand(GERMAN, E1_HANDS, "A 3, B pass, C pass, D pass", E1_TRICKS, scores=(18, 24))
    assert bid_out.end_reason is EndReason.BID_OUT
    first, _ = hand(AUCTION, S4_HANDS, S4_CALLS, S4_TRICKS, scores=(4, 6, 0, 0))
    assert first.end_reason is EndReason.PITCHER_FIRST
    highest = x1_played(scores=(20, 14))
    assert highest.end_reason is EndReason.HIGHEST_SCORE
    going_on, _ = hand(GERMAN, E1_HANDS, "A 3, B pass, C pass, D pass", E1_TRICKS)
    assert not going_on.is_over and going_on.end_reason is None
