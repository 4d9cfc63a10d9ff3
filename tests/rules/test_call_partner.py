"""Call your partner (RULES §7.7.3, §7.8.9, §7.8.12, §7.8.14): five-player Trickster, the
call, the partner's duty in trick 1, the secrecy of the pairing, and settlement by the
hand's two sides. Seats: Anna (A, 0), Ben (B, 1), Carla (C, 2), Dan (D, 3), Eva (E, 4)."""

from __future__ import annotations

import re

import attrs
import pytest

from setback import (
    Card,
    IllegalActionError,
    PackRanks,
    Phase,
    PlayTrump,
    Rules,
    RulesError,
    ShootFor,
    apply_action,
    new_game,
    parse_cards,
)

from .. import reference
from ..support import P1_HANDS, P1_TRICKS, TEN_FIVE, act, deal, p1_called, p1_declared, play, texts

TEN = TEN_FIVE

# --- the rules -------------------------------------------------------------------------


@pytest.mark.parametrize("points", [7, 10, 11, 13])
def test_five_player_trickster_is_the_fifty_card_call_your_partner_game(points: int) -> None:
    """§7.3.1, §7.3.8, §7.8.10, §7.8.12: 5 seats each for himself, the 54-card pack less
    the four 4s (both jokers and every point card stay), 10 each and no stock."""
    rules = Rules.trickster(points, players=5)
    assert rules.call_partner and not rules.partnerships and rules.players == 5
    assert rules.pack_ranks is PackRanks.NO_FOURS and rules.jokers == 2
    assert len(rules.pack) == 50 and rules.deal == 10
    assert rules.play_trump is PlayTrump.ONLY and rules.draws_back
    assert Rules.preset(f"trickster-{points}", players=5) == rules
    assert not Rules.trickster(points).call_partner and not Rules.setback().call_partner


@pytest.mark.parametrize("points", [4, 5, 6])
def test_the_small_trickster_games_take_no_fifth_player(points: int) -> None:
    with pytest.raises(RulesError, match="is for 2 or 3 or 4 players, not 5"):
        Rules.trickster(points, players=5)


@pytest.mark.parametrize(
    ("options", "clash"),
    [
        ({"players": 4}, "4 players (it needs 5 players each for himself)"),
        ({"players": 6, "deal": 8}, "6 players (it needs 5 players each for himself)"),
        ({"players": 4, "partnerships": True}, "4 players in partnerships"),
        ({"keep_six": "free_discard", "draw_order": "eldest"}, "no trumps-only draw back"),
        ({"deal": 6, "draw_order": "eldest"}, "no trumps-only draw back"),
    ],
)
def test_call_partner_without_its_game_is_refused(options: dict[str, object], clash: str) -> None:
    """§7.8.9: only 5 seats each for himself, DECLARE and a trumps-only draw back."""
    with pytest.raises(RulesError, match="call_partner does not combine with") as caught:
        attrs.evolve(TEN, **options)
    assert clash in str(caught.value)


def test_call_partner_on_a_lead_game_is_refused_naming_the_lead() -> None:
    with pytest.raises(RulesError, match=r"trump_by LEAD \(it needs DECLARE\)"):
        Rules.cutthroat(players=5, call_partner=True)


# --- the call ----------------------------------------------------------------------------


def test_after_naming_trump_the_pitcher_calls_a_trump_he_does_not_hold() -> None:
    """§7.7.3, §7.8.14: any trump of the pack he lacks, jokers included (no 4 in this
    pack); by card order."""
    state = p1_declared()
    assert state.phase is Phase.CALL_PARTNER and state.to_act == 1
    assert texts(state) == [
        "call JC", "call 2S", "call 3S", "call 5S", "call 6S", "call 7S", "call 8S", "call 9S",
        "call AS", "call LJ",
    ]  # fmt: skip
    assert set(texts(state)) == reference.partner_calls(TEN, state.hands[1], state.trump)


@pytest.mark.parametrize(
    ("call", "code", "words"),
    [
        ("call KS", "call_held", "the pitcher holds K♠: he calls a trump he does not hold"),
        ("call AH", "call_not_trump", "A♥ is no trump (♠): the pitcher calls a trump"),
        ("call 4S", "call_not_in_pack", "4♠ is not in this pack"),
        ("play AS", "call_partner", "the pitcher must call his partner"),
    ],
)
def test_a_call_of_a_held_card_or_a_non_trump_is_refused(call: str, code: str, words: str) -> None:
    with pytest.raises(IllegalActionError, match=re.escape(words)) as caught:
        apply_action(p1_declared(), call, seat=1)
    assert caught.value.code == code


# --- trick 1, the result -----------------------------------------------------------------


def test_the_partner_must_play_the_called_card_to_trick_1() -> None:
    """§7.7.3: 'they MUST play on the first trick'; refused otherwise."""
    state = apply_action(p1_called(), "play 10S", seat=1)
    state = apply_action(state, "play 2S", seat=2)
    assert texts(state) == ["play AS"]
    with pytest.raises(IllegalActionError, match="must play it to the first trick") as caught:
        apply_action(state, "play 8S", seat=3)
    assert caught.value.code == "play_called" and caught.value.params == {"playable": ["AS"]}


def test_a_pitcher_who_draws_the_card_he_called_plays_alone_and_owes_no_card() -> None:
    """§7.7.3: 'if the pitcher holds it himself ... he plays alone': here he takes the
    called card with the rest of the stock in the draw back, so nobody is his partner and
    no card is owed to trick 1 (`discarding.partner_of`): he leads any of his trumps."""
    rules = Rules.trickster(10, players=5, deal=7)  # a stock of 15 to draw back from
    state = new_game(rules, seed=750)  # Anna (0) deals; 2♣ lies 14th of the 15
    assert state.hands[0] == parse_cards("8C JC 2D 10H KH AH 5S")
    state = act(state, "B 6, C 9, D pass, E pass, A 10")
    state = apply_action(state, "trump C", seat=0)
    state = apply_action(state, "call 2C", seat=0)  # in nobody's hand yet
    assert state.hands[0] == parse_cards("2C 8C JC")  # his trumps, 2♣ drawn back
    assert state.partner == 0 and state.to_act == 0
    assert texts(state) == ["play 2C", "play 8C", "play JC"]
    state = apply_action(state, "play 8C", seat=0)
    assert texts(state) == ["play 9C", "play 10C", "play AC", "play LJ"]  # trumps, as always


def test_p1_points_go_to_seats_and_each_side_takes_its_sum() -> None:
    """docs/rules/trickster.md P1: Ben and Dan take 7 + 2 = 9 of the 10 points, making 6:
    +9 each; Carla's Low is the defenders' 1, which each of them scores."""
    state = play(p1_called(), P1_TRICKS)
    result = state.history[-1]
    assert dict(result.points) == {
        "high": 3, "low": 2, "jack": 1, "off_jack": 1, "big_joker": 1, "little_joker": 1,
        "ten": 3, "trey": 1,
    }  # fmt: skip
    assert result.points_won == (0, 7, 1, 2, 0) and result.card_points == (0, 7, 0, 14, 0)
    assert result.made and result.score_changes == (1, 9, 1, 9, 1)
    assert (result.called, result.partner) == (Card.parse("AS"), 3)
    assert reference.score_changes(TEN, result) == (True, [1, 9, 1, 9, 1])


def test_p1_the_partners_change_counts_before_the_defenders_points() -> None:
    """§7.7.3, §7.8.14: from 25, 20, 31, 24, 28 to 32, Ben reaches 29, then Dan 33: Dan
    wins, though Carla's Low would take her to 32."""
    state = play(p1_called(scores=(25, 20, 31, 24, 28)), P1_TRICKS)
    assert state.is_over and state.winner == 3 and state.scores == (26, 29, 32, 33, 29)
    assert reference.winner(TEN, (25, 20, 31, 24, 28), state.history[-1]) == 3


def test_a_set_partnership_loses_the_bid_each() -> None:
    """Ben bids 10 (every point) and his side takes 9: both lose 10; Carla's 1 to each
    defender."""
    state = deal(TEN, P1_HANDS, dealer=4)
    state = act(state, "A pass, B 10, C pass, D pass, E pass")
    state = apply_action(apply_action(state, "trump S"), "call AS")
    result = play(state, P1_TRICKS).history[-1]
    assert not result.made and result.score_changes == (1, -10, 1, -10, 1)


def test_defenders_reaching_the_target_together_go_first_clockwise_from_the_pitcher() -> None:
    """§7.7.3: Carla's Low takes every defender to 32 at once; Carla sits first after Ben."""
    state = play(p1_called(scores=(31, 0, 31, 0, 31)), P1_TRICKS)
    assert state.winner == 2


def test_a_shoot_for_every_trick_needs_the_partners_tricks_too() -> None:
    """§7.4 with §7.7.3: the pitching side is the pitcher and partner; Dan's trick 1
    counts, and a made shoot names the pitcher's seat as the winner (§7.8.14)."""
    rules = Rules.trickster(10, players=5, shoot=ShootFor.ALL_TRICKS)
    state = deal(rules, P1_HANDS, dealer=4)
    for seat, call in enumerate(["pass", "shoot", "pass", "pass", "pass"]):
        state = apply_action(state, call, seat=seat)
    state = apply_action(apply_action(state, "trump S"), "call AS")
    state = play(state, P1_TRICKS)
    result = state.history[-1]
    assert result.made and result.score_changes == (1, 9, 1, 9, 1)
    assert state.is_over and state.winner == 1


# --- secrecy -----------------------------------------------------------------------------


# --- the bots and the command line ------------------------------------------------------
