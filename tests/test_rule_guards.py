"""Rules that a mutation review found unguarded: one fixed test per rule, exact outcomes.

Each test names the rule and the place in RULES.md it comes from.
"""

from __future__ import annotations

import attrs
import pytest

from setback import (
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    WinRule,
    apply_action,
    legal_actions,
    new_game,
    observe,
)

from .strategies import play_until
from .support import act, deal, hand, play


def _texts(state: GameState) -> set[str]:
    return {str(action) for action in legal_actions(state)}


# --- §4.2 pitch instead of bid: a pitch is a bid of 4 -------------------------------

PITCH = Rules.setback(pitch_instead_of_bid=True)
PITCH_HANDS = (
    "A: K♠ 9♦ 4♠ Q♥ 10♣ 3♥; B: 7♦ 3♠ 5♦ J♦ 8♣ 2♥; C: J♠ 6♠ A♦ K♣ 9♥ 3♣; D: A♠ 10♦ 5♥ Q♣ 4♦ 7♥"
)
DAN_PITCHES = {f"pitch {card}" for card in ("QC", "4D", "10D", "5H", "7H", "AS")}


def test_dealer_may_not_pitch_once_4_is_bid() -> None:
    """RULES §4.2: a pitch is a bid of 4, legal only while the highest bid is below 4.
    Anna bids 4: Dan (dealer, who may match any bid) may pass, match 4 or Smudge, and a
    pitch is refused."""
    state = act(deal(PITCH, PITCH_HANDS), "A 4, B pass, C pass")
    assert state.to_act == 3
    assert _texts(state) == {"pass", "bid 4", "smudge"}
    with pytest.raises(IllegalActionError, match="a pitch is a bid of 4"):
        apply_action(state, "pitch AS")
    with pytest.raises(IllegalActionError, match="a pitch is a bid of 4"):
        apply_action(state, "pitch AS", seat=3)


def test_non_dealer_may_not_pitch_once_4_is_bid() -> None:
    """RULES §4.2: after Anna's 4, Ben may only pass or Smudge; no pitch."""
    state = act(deal(PITCH, PITCH_HANDS), "A 4")
    assert state.to_act == 1
    assert _texts(state) == {"pass", "smudge"}
    with pytest.raises(IllegalActionError, match="a pitch is a bid of 4"):
        apply_action(state, "pitch 7D")


def test_dealer_may_pitch_while_the_highest_bid_is_below_4() -> None:
    """RULES §4.2: after Anna's 3 the dealer may still pitch (a bid of 4 above 3)."""
    state = act(deal(PITCH, PITCH_HANDS), "A 3, B pass, C pass")
    assert _texts(state) == {"pass", "bid 3", "bid 4", "smudge"} | DAN_PITCHES


# --- §3 win rule "highest score": a tie at the top -----------------------------------

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


# --- views: face-down discards stay with their seat ----------------------------------


def _first_hand_with_discards(rules: Rules) -> GameState:
    """Play hand 0: everyone passes and the stuck dealer bids, every seat discards as many
    cards as it may, then each seat plays its first legal card."""
    state = new_game(rules, seed=5, dealer=rules.players - 1)
    return play_until(
        state,
        lambda s: bool(s.history),
        lambda s: legal_actions(s)[-1 if s.phase is Phase.DISCARD else 0],
    )


@pytest.mark.parametrize(
    "rules", [Rules.six_player(), Rules.setback(draw=True)], ids=["six-players", "draw"]
)
def test_last_result_shows_each_seat_only_its_own_discards(rules: Rules) -> None:
    """RULES §4.1 and §4.4: discards are face down, and `PlayerView` shows 'never another
    seat's hand or discards'. After the hand every seat's `last_result` holds its own
    discards and empty tuples for the others, and is otherwise the full record, which
    holds everyone's."""
    state = _first_hand_with_discards(rules)
    full = state.history[-1]
    assert full.pitcher is not None and len(full.discards) == rules.players
    assert all(full.discards), "every seat discarded something"
    for seat in range(rules.players):
        seen = observe(state, seat).last_result
        assert seen is not None
        assert seen.discards == tuple(
            cards if other == seat else () for other, cards in enumerate(full.discards)
        )
        assert attrs.evolve(seen, discards=full.discards) == full


# --- §4.1 and §4.4: the pitcher leads a trump to the first trick only -----------------

DRAW = Rules.setback(draw=True)
DRAW_HANDS = (
    "A: A♠ K♠ 3♥ 4♥ 5♣ 6♣; B: 2♥ 7♥ 8♥ 9♥ 10♥ J♥; C: 2♦ 3♦ 4♦ 5♦ 6♦ 7♦; D: 2♣ 3♣ 4♣ 7♣ 8♣ 9♣"
)


def test_draw_pitcher_must_lead_trump_to_the_first_trick_only() -> None:
    """RULES §4.1: 'The pitcher then leads, and must lead a trump if he holds one' is the
    first lead; §1.5: the winner of a trick leads the next, any card. Anna names ♠, leads
    A♠ and wins; to trick 2 she may lead any of her five cards, hearts and clubs too."""
    state = act(deal(DRAW, DRAW_HANDS), "A 2, B pass, C pass, D pass")
    state = apply_action(state, "trump S", seat=0)
    for seat in (0, 1, 2, 3):
        state = apply_action(state, "discard", seat=seat)
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert _texts(state) == {"play AS", "play KS"}
    state = play(state, "A A♠ B 2♥ C 2♦ D 2♣ → A")
    assert state.to_act == 0 and len(state.tricks) == 1
    assert _texts(state) == {"play KS", "play 3H", "play 4H", "play 5C", "play 6C"}


SIX = Rules.six_player()
SIX_HANDS = (
    "A♠ K♠ 3♥ 4♥ 5♣ 6♣ 7♣ 8♣",
    "2♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥",
    "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦",
    "2♣ 3♣ 4♣ 9♣ 10♣ J♣ Q♣ K♣",
    "10♦ J♦ Q♦ K♦ A♦ Q♥ K♥ A♥",
    "A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠",
)
SIX_DISCARDS = ("7C 8C", "10H JH", "8D 9D", "QC KC", "KH AH", "AC 8S")


def test_six_players_pitcher_must_lead_trump_to_the_first_trick_only() -> None:
    """RULES §4.4: after the discards 'the pitcher leads, and must lead a trump if he holds
    one': the first lead only. Seat 0 names ♠, leads A♠ and wins; to trick 2 he may lead
    any of his five cards."""
    state = new_game(SIX, seed=1, dealer=5, hands=SIX_HANDS)
    state = apply_action(state, "bid 2", seat=0)
    for seat in range(1, 6):
        state = apply_action(state, "pass", seat=seat)
    state = apply_action(state, "trump S", seat=0)
    for seat, cards in enumerate(SIX_DISCARDS):
        state = apply_action(state, f"discard {cards}", seat=seat)
    assert state.phase is Phase.PLAY and state.to_act == 0
    assert _texts(state) == {"play AS", "play KS"}
    for seat, card in enumerate(("AS", "2H", "2D", "2C", "10D", "2S")):
        state = apply_action(state, f"play {card}", seat=seat)
    assert state.tricks[0].winner == 0 and state.to_act == 0
    assert _texts(state) == {"play KS", "play 3H", "play 4H", "play 5C", "play 6C"}


# --- turns and the end of the game (engine.refusal) -----------------------------------


def test_seat_zero_is_refused_out_of_turn() -> None:
    """DESIGN: an action from a seat whose turn it is not is refused, seat 0 included."""
    state = apply_action(new_game(Rules.setback(), seed=1, dealer=3), "pass", seat=0)
    assert state.to_act == 1
    with pytest.raises(IllegalActionError, match="it is seat 1's turn"):
        apply_action(state, "pass", seat=0)


def test_a_finished_game_refuses_every_seat_with_that_reason() -> None:
    """RULES §1.8: once a side has won, nothing is legal, whoever sends it."""
    from .test_examples import E1_HANDS, E1_TRICKS, GERMAN

    state, _ = hand(GERMAN, E1_HANDS, "A 3, B pass, C pass, D pass", E1_TRICKS, scores=(18, 0))
    assert state.is_over
    for seat in range(4):
        with pytest.raises(IllegalActionError, match="the game is over"):
            apply_action(state, "pass", seat=seat)


# --- §4.1 the draw: never more cards than the stock can refill --------------------------


def test_draw_discards_no_more_than_the_stock_can_refill() -> None:
    """RULES §4.1: each player discards non-trumps and draws as many, never more cards
    than the stock can refill (eight players leave a stock of 4)."""
    rules = Rules.cutthroat(players=8, draw=True)
    state = new_game(rules, seed=11, dealer=7)
    for _ in range(7):
        state = apply_action(state, "pass")
    state = apply_action(state, "bid 2")
    state = apply_action(state, "trump S")  # eldest holds 5♣ 2♦ 7♦ 3♥ 5♥ 6♥: no trump
    assert state.phase is Phase.DISCARD and state.to_act == 0 and len(state.stock) == 4
    with pytest.raises(IllegalActionError, match="the stock can refill only 4 cards"):
        apply_action(state, "discard 5C 2D 7D 3H 5H")
    assert max(len(action.cards) for action in legal_actions(state)) == 4  # type: ignore[union-attr]
