"""The worked examples of RULES.md §5, replayed exactly through the public API."""

from __future__ import annotations

import attrs
import pytest

from setback import (
    AllPass,
    Bid,
    DealerMatch,
    IllegalActionError,
    LowTo,
    Pass,
    Phase,
    Rules,
    WinRule,
    apply_action,
    legal_actions,
)

from ..support import act, deal, hand, play

GERMAN = Rules.setback()

S1_HANDS = (
    "A: K♠ 9♦ 4♠ Q♥ 10♣ 7♦; B: A♠ 3♠ 5♦ J♦ 8♣ 2♥; C: J♠ 6♠ A♦ K♣ 9♥ 3♣; D: 2♠ 10♦ 5♥ Q♣ 4♦ 7♥"
)
S1_TRICKS = (
    "A K♠ B A♠ C 6♠ D 2♠ → B; B 8♣ C K♣ D Q♣ A 10♣ → C; C A♦ D 4♦ A 7♦ B 5♦ → C; "
    "C 9♥ D 5♥ A Q♥ B 2♥ → A; A 9♦ B 3♠ C J♠ D 10♦ → C; C 3♣ D 7♥ A 4♠ B J♦ → A"
)


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


def test_trumping_is_allowed_even_when_able_to_follow() -> None:
    """German seed: 'Trumpfen darfst du auch, wenn du bedienen könntest.' (S1, trick 5)."""
    state = act(deal(GERMAN, S1_HANDS), "A 2, B pass, C pass, D pass")
    state = play(state, ";".join(S1_TRICKS.split(";")[:4]))
    state = apply_action(state, "play 9D", seat=0)
    assert {str(a) for a in legal_actions(state)} == {"play 3S", "play JD"}


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


E1_HANDS = (
    "A: J♣ 2♦ 3♦ 4♥ 5♠ 6♠; B: A♠ K♠ 10♥ Q♦ 7♦ 8♥; C: 2♠ 3♠ 4♦ 5♥ 6♥ 7♥; D: 10♠ A♥ K♦ 9♠ 8♦ 9♥"
)
E1_TRICKS = (
    "A J♣ B 7♦ C 4♦ D 8♦ → A; A 2♦ B Q♦ C 2♠ D K♦ → D; D A♥ A 4♥ B 8♥ C 5♥ → D; "
    "D 10♠ A 5♠ B K♠ C 3♠ → B; B A♠ C 6♥ D 9♠ A 6♠ → B; B 10♥ C 7♥ D 9♥ A 3♦ → B"
)


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


def _calls(state: object) -> list[str]:
    return [str(a) for a in legal_actions(state)]  # type: ignore[arg-type]


def test_e4_1_dealer_matches_and_takes_the_contract() -> None:
    """RULES §5 E4.1: Anna 2, Ben 3, Carla pass, Dan 3 → Dan pitches at 3."""
    state = act(deal(GERMAN, S1_HANDS), "A 2, B 3, C pass, D 3")
    assert state.phase is Phase.PLAY and state.pitcher == 3 and state.contract == 3
    assert state.to_act == 3


def test_e4_2_stuck_dealer_must_bid_the_minimum() -> None:
    """RULES §1.3 and §5 E4.2: all pass → Dan must bid 2; with 'at least', 2, 3, 4 or Smudge."""
    state = act(deal(GERMAN, S1_HANDS), "A pass, B pass, C pass")
    assert _calls(state) == ["bid 2"]
    with pytest.raises(IllegalActionError, match="dealer must bid"):
        act(state, "D pass")
    loose = act(
        deal(Rules.setback(all_pass=AllPass.DEALER_AT_LEAST_MIN), S1_HANDS),
        "A pass, B pass, C pass",
    )
    assert _calls(loose) == ["bid 2", "bid 3", "bid 4", "smudge"]


def test_e4_3_smudge_can_be_matched_by_the_dealer() -> None:
    """RULES §5 E4.3: Anna Smudge → Ben and Carla may only pass; Dan may match."""
    state = act(deal(GERMAN, S1_HANDS), "A smudge")
    assert _calls(state) == ["pass"]
    state = act(state, "B pass, C pass")
    assert _calls(state) == ["pass", "smudge"]
    state = act(state, "D smudge")
    assert state.pitcher == 3 and state.contract == 5


def test_e4_4_highest_bid_takes_the_contract() -> None:
    """RULES §5 E4.4: Anna 3, Ben pass, Carla 4, Dan pass → Carla pitches 4."""
    state = act(deal(GERMAN, S1_HANDS), "A 3, B pass, C 4, D pass")
    assert state.pitcher == 2 and state.contract == 4 and state.to_act == 2


@pytest.mark.parametrize(("calls", "bad"), [("A 3", "B 3"), ("A 3, B pass, C pass", "D 2")])
def test_e4_5_bids_must_be_higher(calls: str, bad: str) -> None:
    """RULES §5 E4.5: Ben 3 after Anna 3 and Dan 2 after Anna 3 are illegal."""
    state = act(deal(GERMAN, S1_HANDS), calls)
    with pytest.raises(IllegalActionError, match="higher than the highest"):
        act(state, bad)


def test_outbidding_ones_partner_is_allowed() -> None:
    """RULES §1.3: Carla may outbid her partner Anna."""
    state = act(deal(GERMAN, S1_HANDS), "A 2, B pass")
    assert "bid 3" in _calls(state)


@pytest.mark.parametrize(
    ("match", "first", "dealer_calls"),
    [
        (DealerMatch.ANY, "4", ["pass", "bid 4", "smudge"]),
        (DealerMatch.BELOW_MAX, "4", ["pass", "bid 4", "smudge"]),
        (DealerMatch.BELOW_MAX, "smudge", ["pass"]),
        (DealerMatch.ANY, "smudge", ["pass", "smudge"]),
        (DealerMatch.NONE, "3", ["pass", "bid 4", "smudge"]),
        (DealerMatch.ANY, "3", ["pass", "bid 3", "bid 4", "smudge"]),
    ],
)
def test_dealer_match_options(match: DealerMatch, first: str, dealer_calls: list[str]) -> None:
    """RULES §3, dealer match: none; below the top call (Smudge); any."""
    state = act(deal(Rules.setback(dealer_match=match), S1_HANDS), f"A {first}, B pass, C pass")
    assert _calls(state) == dealer_calls


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


def test_pass_out_is_recorded_and_the_deal_moves() -> None:
    """RULES §3, all pass: 'deal passes on' records a passed-out hand with no pitcher."""
    rules = Rules.setback(all_pass=AllPass.PASS_DEAL)
    state = act(deal(rules, S1_HANDS), "A pass, B pass, C pass, D pass")
    result = state.history[-1]
    assert result.pitcher is None and result.contract is None and result.trump is None
    assert result.made is None and result.tricks == () and result.score_changes == (0, 0)
    assert state.dealer == 0 and state.phase is Phase.BIDDING and state.to_act == 1
    redeal = act(
        deal(Rules.setback(all_pass=AllPass.REDEAL), S1_HANDS), "A pass, B pass, C pass, D pass"
    )
    assert redeal.dealer == 3 and redeal.hand_number == 1
    assert legal_actions(redeal)[0] == Pass() and Bid(2) in legal_actions(redeal)
