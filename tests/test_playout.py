"""The playout kernel (`setback.bots.playout`) against the checked API: every hand it plays,
replayed through `legal_actions` and `apply_action`, offers the same choices to the same
seats, takes the same tricks and scores the same points."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setback import (
    CARDS,
    Action,
    CallPartner,
    Card,
    DeclareTrump,
    Discard,
    GameState,
    InvalidStateError,
    Phase,
    Play,
    Rules,
    Suit,
    TrumpTable,
    apply_action,
    legal_actions,
    new_game,
    playout_hand,
)
from setback.bots.playout import PlayoutResult, RandomPolicy
from setback.cards import cards_of, mask_of

from .strategies import any_rules, random_states, seeds
from .support import p1_declared, texts


class Recorder:
    """A random policy that writes down every decision the kernel asks of it."""

    def __init__(self, rng: random.Random) -> None:
        self.inner = RandomPolicy(rng.random)
        self.log: list[tuple[str, int, object, object]] = []

    def call(self, seat: int, calls: tuple[Action, ...], held: int) -> Action:
        chosen = self.inner.call(seat, calls, held)
        self.log.append(("call", seat, calls, chosen))
        return chosen

    def declare(self, seat: int, held: int) -> Suit:
        chosen = self.inner.declare(seat, held)
        self.log.append(("declare", seat, None, chosen))
        return chosen

    def discard(self, seat: int, held: int, cards: int, fewest: int, most: int, first: int) -> int:
        chosen = self.inner.discard(seat, held, cards, fewest, most, first)
        self.log.append(("discard", seat, (cards, fewest, most, first), chosen))
        return chosen

    def call_partner(self, seat: int, held: int, cards: int, table: TrumpTable) -> int:
        chosen = self.inner.call_partner(seat, held, cards, table)
        self.log.append(("partner", seat, cards, chosen))
        return chosen

    def play(
        self, seat: int, choices: int, plays: list[tuple[int, int]], table: TrumpTable | None
    ) -> int:
        chosen = self.inner.play(seat, choices, plays, table)
        self.log.append(("play", seat, choices, chosen))
        return chosen


def discards_of(cards: int, fewest: int, most: int, first: int) -> set[int]:
    """Every discard the kernel's bounds allow, as bit sets."""
    pool = cards_of(cards)
    out = set()
    for size in range(fewest, most + 1):
        for chosen in combinations(pool, size):
            mask = mask_of(chosen)
            if mask & ~first == 0 or mask & first == first:
                out.add(mask)
    return out


def replay_and_compare(state: GameState, recorder: Recorder, result: PlayoutResult) -> None:
    """Replay the kernel's decisions through the checked API from `state`."""
    hands_before = len(state.history)
    for kind, seat, offered, chosen in recorder.log:
        assert state.to_act == seat, (kind, seat, state.to_act)
        legal = legal_actions(state)
        action: Action
        if kind == "call":
            assert state.phase is Phase.BIDDING
            assert legal == offered
            action = chosen  # type: ignore[assignment]
        elif kind == "declare":
            assert state.phase is Phase.DECLARE_TRUMP
            action = DeclareTrump(chosen)  # type: ignore[arg-type]
        elif kind == "partner":  # call your partner: a trump the pitcher lacks
            assert state.phase is Phase.CALL_PARTNER
            assert mask_of(a.card for a in legal) == offered  # type: ignore[attr-defined]
            action = CallPartner(CARDS[chosen])  # type: ignore[index]
        elif kind == "discard":
            assert state.phase is Phase.DISCARD
            assert {mask_of(a.cards) for a in legal} == discards_of(*offered)  # type: ignore[attr-defined,misc]
            action = Discard(cards_of(chosen))  # type: ignore[arg-type]
        else:
            assert state.phase is Phase.PLAY
            assert mask_of(a.card for a in legal) == offered  # type: ignore[attr-defined]
            action = Play(CARDS[chosen])  # type: ignore[index]
        assert len(state.history) == hands_before, "the checked hand ended before the kernel's"
        state = apply_action(state, action)
    assert len(state.history) == hands_before + 1, "the kernel stopped before the hand ended"
    hand = state.history[-1]
    assert result.score_changes == hand.score_changes
    assert result.awards == hand.awards
    assert result.card_points == hand.card_points
    assert result.made == hand.made
    assert result.pitcher == hand.pitcher
    assert result.contract == hand.contract
    assert result.trump == hand.trump
    assert result.winners == tuple(trick.winner for trick in hand.tricks)


@settings(max_examples=250, deadline=None)
@given(rules=any_rules, seed=seeds, pick=st.integers(0, 10**6))
def test_kernel_plays_hands_as_the_checked_api_does(rules: Rules, seed: int, pick: int) -> None:
    """From any state of a random game (the deal, the auction, the discards, mid-trick),
    the kernel's hand replays through `apply_action` with the same choices and result."""
    states = [s for s in random_states(rules, seed, max_steps=120) if not s.is_over]
    state = states[pick % len(states)]
    recorder = Recorder(random.Random(seed))
    result = playout_hand(state, recorder)
    replay_and_compare(state, recorder, result)


@pytest.mark.parametrize(
    "name",
    [
        "setback",
        "auction-pitch",
        "cutthroat",
        "six",
        "ten-point",
        "smear",
        "joker-pitch",
        "pedro-sancho",
        "dom-pedro",
        "trickster-9",
        "cinch",
    ],
)
def test_kernel_plays_every_preset_as_the_checked_api_does(name: str) -> None:
    """Forty dealt hands of each preset, played out by the kernel, replay identically."""
    rules = Rules.preset(name)
    for seed in range(40):
        state = new_game(rules, seed=seed, dealer=seed % rules.players)
        recorder = Recorder(random.Random(seed))
        replay_and_compare(state, recorder, playout_hand(state, recorder))


def test_first_action_is_taken_before_the_policy_is_asked() -> None:
    """`first` is the seat to act's action; the policy makes every later choice."""
    state = new_game(Rules.setback(), seed=3)
    recorder = Recorder(random.Random(0))
    result = playout_hand(state, recorder, first=legal_actions(state)[-1])  # smudge
    assert recorder.log[0][1] == (state.to_act + 1) % 4
    assert result.contract == 5


def test_a_finished_game_has_no_hand_to_play_out() -> None:
    state = new_game(Rules.auction_pitch(target=1), seed=1)  # the first point wins
    for _ in range(100):
        if state.is_over:
            break
        state = apply_action(state, legal_actions(state)[-1])
    assert state.is_over
    with pytest.raises(InvalidStateError, match="game is over"):
        playout_hand(state, RandomPolicy(random.Random(0).random))


def test_the_kernel_wants_a_full_state() -> None:
    from setback import observe

    view = observe(new_game(Rules.setback(), seed=1), 1)
    with pytest.raises(TypeError, match="takes a GameState, not PlayerView"):
        playout_hand(view, RandomPolicy(random.Random(0).random))  # type: ignore[arg-type]


@pytest.mark.parametrize("policy", ["state", "view", None, "random"])
def test_the_kernel_wants_a_policy(policy: object) -> None:
    """A value that is no `PlayoutPolicy` (a state passed twice, say) is a TypeError at
    once, not an AttributeError from inside the hand (issue 23)."""
    from setback import observe

    state = new_game(Rules.setback(), seed=1)
    given = {"state": state, "view": observe(state, 1)}.get(policy, policy)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=f"takes a PlayoutPolicy, not {type(given).__name__}$"):
        playout_hand(state, given)


KITTY_RULES = {
    "trickster-4 kitty 2": Rules.trickster(4, kitty=2),
    "trickster-4 kitty 3 draw": Rules.trickster(4, kitty=3, draw=True),
    "auction-pitch-3 kitty 6": Rules.auction_pitch(players=3, kitty=6),
    "setback kitty 1 no trump first trick": Rules.setback(kitty=1, no_trump_first_trick=True),
}


@pytest.mark.parametrize("name", list(KITTY_RULES))
def test_kernel_plays_kitty_hands_as_the_checked_api_does(name: str) -> None:
    """RULES §7.7.1: the kernel takes the kitty and discards through the engine's own steps;
    from the deal, from the kitty's discard and from the draw after it, thirty hands
    each replay identically."""
    rules = KITTY_RULES[name]
    for seed in range(30):
        states = list(random_states(rules, seed, max_steps=40))
        picks = [s for s in states if not s.is_over and s.phase is Phase.DISCARD] or states[:1]
        for state in (states[0], picks[seed % len(picks)]):
            recorder = Recorder(random.Random(seed))
            replay_and_compare(state, recorder, playout_hand(state, recorder))


# --- call your partner (RULES §7.7.3) ---------------------------------------------------


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
