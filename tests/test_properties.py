"""Properties over random legal play, for random rules and seeds."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setback import (
    CARDS,
    Action,
    Bid,
    Card,
    DeclareTrump,
    Discard,
    GameState,
    HandResult,
    IllegalActionError,
    Pass,
    Phase,
    Pitch,
    Play,
    Rules,
    Suit,
    apply_action,
    is_legal,
    legal_actions,
    new_game,
)

from . import reference
from .strategies import any_rules, calm_choice, random_game, random_states, seeds

EVERY_ACTION: tuple[Action, ...] = (
    Pass(),
    *(Bid(level) for level in range(1, 6)),
    *(Play(card) for card in CARDS),
    *(Pitch(card) for card in CARDS),
    *(DeclareTrump(suit) for suit in Suit),
    Discard(),
    *(Discard([card]) for card in CARDS),
)
KINDS = (Pass, Bid, Pitch, DeclareTrump, Discard, Play)


def order(action: Action) -> tuple[int, ...]:
    """The documented order: pass, calls low to high, then the other actions; cards by
    suit, then rank; discards fewest first."""
    kind = KINDS.index(type(action))
    if isinstance(action, Bid):
        return (kind, action.level)
    if isinstance(action, Play | Pitch):
        return (kind, action.card.index)
    if isinstance(action, DeclareTrump):
        return (kind, action.suit)
    if isinstance(action, Discard):
        return (kind, len(action.cards), *(card.index for card in action.cards))
    return (kind,)


@settings(max_examples=150, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_every_state_offers_exactly_the_legal_actions(rules: Rules, seed: int) -> None:
    """Every action from legal_actions applies; every other one is refused with a reason,
    and is_legal says which is which; trying them leaves the state unchanged; in play the
    legal cards are exactly RULES §1.5's."""
    for state in random_states(rules, seed, max_steps=250):
        legal = legal_actions(state)
        if state.is_over:
            assert legal == () and state.to_act is None
            continue
        assert legal, "a seat to act always has a legal action"
        assert list(legal) == sorted(set(legal), key=order), "stable order"
        if state.phase is Phase.PLAY:
            assert state.trick is not None
            hand = state.hands[state.to_act]  # type: ignore[index]
            first = not state.tricks
            expected = reference.legal_cards(rules, hand, state.trick.cards, state.trump, first)
            assert {a.card for a in legal} == expected  # type: ignore[union-attr]
        before = _snapshot(state)
        for offer in legal:
            assert is_legal(state, offer)
            apply_action(state, offer)
        offered = set(legal)
        for action in EVERY_ACTION:
            assert is_legal(state, action) == (action in offered), f"is_legal on {action}"
            if action not in offered:
                with pytest.raises(IllegalActionError) as refused:
                    apply_action(state, action)
                reason = str(refused.value).partition(" is illegal: ")[2]
                assert reason.strip(), f"{action} was refused without a reason"
        assert _snapshot(state) == before, "trying actions changed the state"


def _snapshot(state: GameState) -> tuple[object, ...]:
    """What a player could read of `state`, computed afresh (a copy, not the state itself)."""
    return (
        state.phase,
        state.to_act,
        state.scores,
        state.winner,
        state.hands,
        state.stock,
        state.discards,
        repr(state.bids),
        repr(state.trick),
        repr(state.tricks),
        len(state.history),
        repr(state.history[-1:]),
        len(state.log),
    )


CARD_SYMBOL = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


@settings(max_examples=60, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_a_refused_play_names_hidden_cards_only_to_their_holder(rules: Rules, seed: int) -> None:
    """STYLE 'An error': a refusal names cards the sender may not know only when the caller
    said which seat sent it. A play refused without `seat=` names no card in anyone's hand
    but the one played; with `seat=` (the seat to act) it may name that seat's own cards,
    never another seat's."""
    for state in random_states(rules, seed, max_steps=120):
        if state.phase is not Phase.PLAY:
            continue
        seat = state.to_act
        assert seat is not None
        held = {card.symbol: holder for holder, hand in enumerate(state.hands) for card in hand}
        legal = legal_actions(state)
        for card in CARDS:
            action = Play(card)
            if action in legal:
                continue
            shown = set(CARD_SYMBOL.findall(_refusal(state, action, None))) - {card.symbol}
            assert not shown & held.keys(), f"{action} refused naming held {sorted(shown)}"
            shown = set(CARD_SYMBOL.findall(_refusal(state, action, seat))) - {card.symbol}
            assert all(held.get(symbol, seat) == seat for symbol in shown), (
                f"{action} by seat {seat} refused naming another seat's {sorted(shown)}"
            )


def _refusal(state: GameState, action: Action, seat: int | None) -> str:
    """The message of the error `apply_action` raises for an illegal action."""
    try:
        apply_action(state, action, seat=seat)
    except IllegalActionError as error:
        return str(error)
    raise AssertionError(f"{action} was not refused")


@settings(max_examples=150, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_every_hand_follows_the_rules(rules: Rules, seed: int) -> None:
    """Each finished hand: cards dealt once and played once, tricks to the right card,
    at most four points, High/Low/Jack/Game and the settlement exactly as RULES §1.6-§1.7,
    scores moved by exactly the changes, and the game ended only as the win rule says."""
    final = random_game(rules, seed)
    before = [0] * len(rules.sides)
    for number, result in enumerate(final.history):
        assert result.number == number
        if result.pitcher is None:
            assert result.score_changes == (0,) * len(rules.sides)
            assert result.tricks == () and result.trump is None
            assert all(len(hand) == rules.hand_size for hand in result.hands)
            assert result.discards == ()
        else:
            _check_played_hand(rules, result)
        after = [b + c for b, c in zip(before, result.score_changes, strict=True)]
        expected_winner = reference.winner(rules, before, result)
        if number < len(final.history) - 1 or not final.is_over:
            assert expected_winner is None, "the game went on after a win"
        else:
            assert expected_winner is not None and final.winner == expected_winner
        before = after
    assert list(final.scores) == before
    if final.is_over:
        assert final.winner is not None and 0 <= final.winner < len(rules.sides)


def _check_played_hand(rules: Rules, result: HandResult) -> None:
    held = Counter(card for hand in result.hands for card in hand)
    played = Counter(card for trick in result.tricks for card in trick.cards)
    assert played == held and max(played.values()) == 1
    assert all(len(hand) == rules.tricks_per_hand for hand in result.hands)
    assert len(result.tricks) == rules.tricks_per_hand
    for seat, hand in enumerate(result.hands):
        assert sorted(hand) == sorted(c for t in result.tricks for s, c in t.plays if s == seat)
    thrown = [card for cards in result.discards for card in cards]
    assert not set(thrown) & set(played), "a discard was played"
    if rules.discards:
        assert [len(cards) for cards in result.discards] == [rules.discards] * rules.players
    elif not rules.draw:
        assert thrown == []
    if rules.draw:
        trump = result.trump
        assert all(card.suit != trump for card in thrown), "a trump was discarded in the draw"
    if not rules.declares_trump:
        assert result.trump == result.tricks[0].plays[0][1].suit
    assert result.tricks[0].leader == result.pitcher
    for previous, trick in zip((None, *result.tricks), result.tricks, strict=False):
        if previous is not None:
            assert trick.leader == previous.winner
        assert [seat for seat, _ in trick.plays] == [
            (trick.leader + k) % rules.players for k in range(rules.players)
        ]
        assert trick.winner == reference.trick_winner(trick.plays, result.trump)
    assert sum(result.points_won) <= 4
    assert dict(result.points) == reference.points(rules, result)
    assert sum(result.card_points) == sum(card.points for card in played)
    made, changes = reference.score_changes(rules, result)
    assert result.made == made
    assert list(result.score_changes) == changes


@settings(max_examples=60, deadline=None)
@given(rules=any_rules, seed=seeds, choices=st.integers(0, 2**32))
def test_same_seed_and_actions_give_the_same_game(rules: Rules, seed: int, choices: int) -> None:
    """Determinism: a seed and the same actions replay the identical game."""

    def run() -> list[GameState]:
        rng = random.Random(choices)
        state = new_game(rules, seed=seed)
        states = [state]
        for _ in range(150):
            if state.is_over:
                break
            state = apply_action(state, calm_choice(state, rng))
            states.append(state)
        return states

    assert run() == run()


@settings(max_examples=100, deadline=None)
@given(rules=any_rules, seed=seeds)
def test_players_hold_what_the_phase_allows(rules: Rules, seed: int) -> None:
    """Every seat holds the dealt hand until the discards (a pitcher one card fewer while
    his pitch lies on the table), then one card fewer for each trick it has played to."""
    for state in random_states(rules, seed, max_steps=150):
        if state.is_over:
            continue
        sizes = [len(hand) for hand in state.hands]
        on_table = {seat for seat, _ in state.trick.plays} if state.trick else set()
        if state.phase in (Phase.BIDDING, Phase.DECLARE_TRUMP):
            assert sizes == [rules.hand_size - (seat in on_table) for seat in range(rules.players)]
        elif state.phase is Phase.DISCARD:
            assert state.to_act is not None
            order = [(state.dealer + k) % rules.players for k in range(1, rules.players + 1)]
            done = set(order[: order.index(state.to_act)])
            assert sizes == [
                rules.hand_size - rules.discards * (seat in done) for seat in range(rules.players)
            ]
        else:
            left = rules.tricks_per_hand - len(state.tricks)
            assert sizes == [left - (seat in on_table) for seat in range(rules.players)]
        seen = [card for hand in state.hands for card in hand]
        seen += [card for _, card in state.trick.plays] if state.trick else []
        seen += [card for trick in state.tricks for card in trick.cards]
        seen += list(state.stock)
        seen += [card for cards in state.discards for card in cards]
        assert sorted(seen) == list(CARDS), "every card is in exactly one place"
        if not rules.draw:
            assert len(state.stock) == 52 - rules.players * rules.hand_size, "the stock moved"


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(CARDS), min_size=2, max_size=8, unique=True),
    trump=st.sampled_from(Suit),
    leader=st.integers(0, 7),
)
def test_fast_trick_winner_matches_the_plain_rule(
    cards: list[Card], trump: Suit, leader: int
) -> None:
    """The table-driven trick winner of the engine against RULES §1.5 stated plainly."""
    from setback import trick_winner

    n = len(cards)
    plays = tuple(((leader + k) % n, card) for k, card in enumerate(cards))
    assert trick_winner(plays, trump) == reference.trick_winner(plays, trump)
