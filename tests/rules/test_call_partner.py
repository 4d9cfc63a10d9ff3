"""Call your partner (RULES §7.7.3, §7.8.9, §7.8.12, §7.8.14): five-player Trickster, the
call, the partner's duty in trick 1, the secrecy of the pairing, and settlement by the
hand's two sides. Seats: Anna (A, 0), Ben (B, 1), Carla (C, 2), Dan (D, 3), Eva (E, 4)."""

from __future__ import annotations

import random
import re
from collections import Counter

import attrs
import pytest

from setback import (
    CallPartner,
    Card,
    IllegalActionError,
    InvalidStateError,
    PackRanks,
    PartnerCalled,
    Phase,
    PlayTrump,
    Rules,
    RulesError,
    ShootFor,
    apply_action,
    dumps,
    events,
    format_hand,
    loads,
    observe,
    parse_action,
    playout_hand,
    sample_states,
)
from setback.bots.playout import RandomPolicy
from setback.text import action_text, phase_text, view_text

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


def test_the_call_as_text_json_and_words() -> None:
    call = parse_action("call Q♠")
    assert call == CallPartner(Card.parse("QS")) and str(call) == "call QS"
    assert parse_action({"type": "CallPartner", "card": "QS"}) == call
    assert loads(dumps(call)) == call and repr(call) == "CallPartner(Card.parse('QS'))"
    assert action_text(call) == "call Q♠" and action_text(call, lang="de") == "rufen Q♠"
    assert phase_text(Phase.CALL_PARTNER) == "Call your partner"


# --- trick 1, the result -----------------------------------------------------------------


def test_the_partner_must_play_the_called_card_to_trick_1() -> None:
    """§7.7.3: 'they MUST play on the first trick'; refused otherwise."""
    state = apply_action(p1_called(), "play 10S", seat=1)
    state = apply_action(state, "play 2S", seat=2)
    assert texts(state) == ["play AS"]
    with pytest.raises(IllegalActionError, match="must play it to the first trick") as caught:
        apply_action(state, "play 8S", seat=3)
    assert caught.value.code == "play_called" and caught.value.params == {"playable": ["AS"]}


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
    assert format_hand(result, TEN).splitlines()[0] == (
        "Hand 1: dealer seat 4, seat 1 bid 6, trump ♠, called A♠ (partner seat 3)"
    )


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


def test_nobody_sees_who_holds_the_called_card_until_it_is_played() -> None:
    """§7.7.3, §7.8.12: before Dan plays A♠ only Dan's own view names him (he holds it);
    the event stream shows the call and never the holder; once played, every view shows
    the pairing."""
    state = apply_action(apply_action(p1_called(), "play 10S"), "play 2S")
    assert state.partner == 3
    for seat in range(5):
        view = observe(state, seat)
        assert view.called == Card.parse("AS")
        assert view.partner == (3 if seat == 3 else None)
        assert "partner not yet known" in view_text(view) or seat == 3
    called = [event for event in events(state, 0) if isinstance(event, PartnerCalled)]
    assert called == [PartnerCalled(8, 1, Card.parse("AS"))]
    after = apply_action(state, "play AS")
    assert all(observe(after, seat).partner == 3 for seat in range(5))
    assert "Called: A♠ (partner seat 3)" in view_text(observe(after, 0))


def test_a_view_is_json_and_a_view_naming_the_partner_too_early_is_refused() -> None:
    state = apply_action(p1_called(), "play 10S")
    view = observe(state, 0)
    assert loads(dumps(view)) == view
    leaked = attrs.evolve(view, partner=3)
    with pytest.raises(InvalidStateError, match="partner shown before the called card"):
        loads(dumps(leaked))
    assert loads(dumps(state)) == state


def test_the_pitcher_samples_the_called_card_among_the_others_by_their_hands() -> None:
    """Sampling (RULES §7.7.3): from Ben's view before trick 1 the ace lies with Anna,
    Carla, Dan or Eva in proportion to the trumps each holds (2, 2, 3, 3 of 10), never
    with Ben; from Anna's view after Carla played 2♠ to trick 1 it lies with Dan or Eva
    (Carla would have had to play it), one chance in two each."""
    ace = Card.parse("AS")
    state = p1_called()

    def holders(seat: int, now: object, n: int) -> Counter[int]:
        worlds = sample_states(observe(now, seat), random.Random(7), n)  # type: ignore[arg-type]
        return Counter(next(s for s, h in enumerate(w.hands) if ace in h) for w in worlds)

    counts = holders(1, state, 2000)
    assert set(counts) == {0, 2, 3, 4}
    for seat, share in {0: 0.2, 2: 0.2, 3: 0.3, 4: 0.3}.items():
        assert abs(counts[seat] / 2000 - share) < 0.04
    later = apply_action(apply_action(state, "play 10S"), "play 2S")
    counts = holders(0, later, 2000)
    assert set(counts) == {3, 4} and abs(counts[3] / 2000 - 0.5) < 0.04


class Lowest:
    """A policy that plays the lowest card it may (by index) and has no `call_partner`."""

    def call(self, seat: int, calls: tuple[object, ...], held: int) -> object:
        return calls[0]

    def declare(self, seat: int, held: int) -> object:
        raise AssertionError("trump is named already")

    def discard(self, seat: int, held: int, cards: int, fewest: int, most: int, first: int) -> int:
        raise AssertionError("P1 has no face-up choice")

    def play(self, seat: int, choices: int, plays: object, table: object) -> int:
        return (choices & -choices).bit_length() - 1


def test_the_kernel_calls_the_highest_trump_lacked_and_settles_by_the_hands_sides() -> None:
    """The playout kernel takes the call through the engine's own step (a policy without
    `call_partner` calls the highest trump the pitcher lacks, A♠ here), makes Dan play it
    to trick 1, and settles as the engine does on the same choices."""
    result = playout_hand(p1_declared(), Lowest())  # type: ignore[arg-type]
    state = apply_action(p1_declared(), "call AS")
    while not state.history:
        state = apply_action(state, min(texts(state), key=lambda t: Card.parse(t[5:]).index))
    expected = state.history[-1]
    assert expected.tricks[0].plays[2] == (3, Card.parse("AS"))
    assert result.score_changes == expected.score_changes
    assert result.awards == expected.awards and result.winners == tuple(
        trick.winner for trick in expected.tricks
    )
    random_result = playout_hand(p1_declared(), RandomPolicy(random.Random(3).random))  # type: ignore[arg-type]
    assert len(set(random_result.score_changes)) <= 2  # each seat takes its side's change


# --- the bots and the command line ------------------------------------------------------


def test_every_bot_but_the_random_ones_calls_the_highest_trump_it_lacks() -> None:
    """Trickster's bot calls the highest trump it lacks [S2]: Ben (K♠ Q♠ J♠ B🃏 10♠)
    calls A♠; holding A♠ instead of K♠ he would call K♠."""
    from setback.bots import HeuristicBot, MonteCarloBot, SolverBot

    view = observe(p1_declared(), 1)
    for bot in (HeuristicBot(seed=1), MonteCarloBot(seed=1, playouts=4), SolverBot(seed=1)):
        assert bot.choose(view) == CallPartner(Card.parse("AS"))
    hands = P1_HANDS.replace("B: K♠", "B: A♠").replace("D: A♠", "D: K♠")
    state = act(deal(TEN, hands, dealer=4), "A pass, B 6, C pass, D pass, E pass")
    state = apply_action(state, "trump S")
    assert HeuristicBot(seed=1).choose(observe(state, 1)) == CallPartner(Card.parse("KS"))


def test_setback_play_tells_the_call_and_takes_it() -> None:
    from setback.terminal import rules_lines, verbs

    assert "call CARD" in verbs(TEN)
    assert any(
        line.startswith("Call your partner: after naming trump") for line in rules_lines(TEN)
    )
    assert any(line.startswith("Partner rufen:") for line in rules_lines(TEN, "de"))
