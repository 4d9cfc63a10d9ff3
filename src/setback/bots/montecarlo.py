"""`MonteCarloBot`: determinized playouts of the rest of the hand."""

from __future__ import annotations

import random

from ..actions import Action, Pitch
from ..cards import Card, Suit, cards_of, mask_of
from ..engine import apply_action, legal_actions
from ..state import EMPTY_LOG, GameRecord, GameState, HandState, Phase, make_state
from ..trumps import trump_table
from ..views import PlayerView
from .heuristic import HeuristicBot


def _voids(view: PlayerView) -> list[set[Suit]]:
    """The suits each seat has shown it lacks. Not following suit reveals nothing (one
    may always trump), but playing a third suit does, and so does not following a
    trump lead."""
    voids: list[set[Suit]] = [set() for _ in range(view.rules.players)]
    trump = view.trump
    if trump is None:
        return voids
    table = trump_table(trump, view.rules)
    tricks = [*view.tricks, *([view.trick] if view.trick else [])]
    for trick in tricks:
        if not trick.plays:
            continue
        led = table.suit_of(trick.plays[0][1])
        for seat, card in trick.plays[1:]:
            suit = table.suit_of(card)
            if suit is led:
                continue
            if led is trump or suit is not trump:
                voids[seat].add(led)
    return voids


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full state consistent with everything `view` shows: the unseen cards dealt at
    random to the other seats, in the numbers they hold, respecting shown voids."""
    rules, seat = view.rules, view.seat
    played = {card for trick in view.tricks for card in trick.cards}
    if view.trick is not None:
        played |= set(view.trick.cards)
    own = set(view.hand) | set(view.discards)
    known: list[set[Card]] = [set() for _ in range(rules.players)]
    for bidder, action in view.bids:  # a pitched card taken back is in its pitcher's hand
        if isinstance(action, Pitch) and action.card not in played and bidder != seat:
            known[bidder].add(action.card)
    unseen = [
        c
        for c in cards_of(rules.pack_mask)
        if c not in played and c not in own and not any(c in k for k in known)
    ]
    voids = _voids(view)
    table = trump_table(view.trump, rules) if view.trump is not None else None

    def suit_of(card: Card) -> Suit | None:
        return table.suit_of(card) if table is not None else card.suit

    others = [s for s in range(rules.players) if s != seat]
    others.sort(key=lambda s: -len(voids[s]))
    for attempt in range(30):
        rng.shuffle(unseen)
        pool = list(unseen)
        hands: dict[int, list[Card]] = {}
        ok = True
        for other in others:
            need = view.hand_sizes[other] - len(known[other])
            banned = voids[other] if attempt < 29 else set()
            picked = [c for c in pool if suit_of(c) not in banned][:need]
            if len(picked) < need:
                ok = False
                break
            for card in picked:
                pool.remove(card)
            hands[other] = picked
        if ok:
            break
    held = [0] * rules.players
    held[seat] = mask_of(view.hand)
    for other in others:
        held[other] = mask_of([*hands[other], *known[other]])
    hand = HandState(
        number=view.hand_number,
        dealer=view.dealer,
        stock=tuple(card.index for card in pool),
        bids=view.bids,
        contract=view.contract or 0,
        pitcher=view.pitcher,
        trump=view.trump,
    )
    return make_state(
        rules=rules,
        origin=GameRecord(rules=rules, seed=rng.getrandbits(32)),
        phase=view.phase,
        to_act=view.to_act,
        scores=view.scores,
        history=(),
        winner=None,
        hand_state=hand,
        held=tuple(held),
        trick=view.trick,
        tricks=view.tricks,
        log=EMPTY_LOG,
    )


def _greedy(state: GameState, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """A quick rule for playouts: lead at random; when following, let a partner's winning
    card stand, else win as cheaply as possible, else throw the lowest card."""
    trick = state.trick
    if trick is None or not trick.plays or len(legal) == 1 or rng.random() < 0.25:
        return rng.choice(legal)
    trump = state.trump
    assert trump is not None
    table = trump_table(trump, state.rules)
    power = table.power[table.suit_of(trick.plays[0][1])]
    best_seat = table.winner(trick.plays)
    best = max(power[card.index] for _, card in trick.plays)
    side_of = state.rules.seat_sides
    ranked = sorted(legal, key=lambda action: power[action.card.index])  # type: ignore[union-attr]
    if side_of[best_seat] == side_of[state.to_act]:  # type: ignore[index]
        return ranked[0]
    for action in ranked:
        if power[action.card.index] > best:  # type: ignore[union-attr]
            return action
    return ranked[0]


def _rollout(state: GameState, rng: random.Random, greedy: bool) -> tuple[int, ...]:
    """Play to the end of the hand (greedy or random); the hand's score changes."""
    while not state.history:
        legal = legal_actions(state)
        action = _greedy(state, legal, rng) if greedy else rng.choice(legal)
        state = apply_action(state, action)
    return state.history[0].score_changes


class MonteCarloBot:
    """Chooses each card by playing the rest of the hand out many times.

    For each of `determinizations` guesses of the hidden hands (consistent with
    the view, voids included), every legal card is tried and the hand is played
    out, by a quick greedy rule (`rollout="greedy"`: let a partner's winner
    stand, else win cheaply, else throw low; a quarter of moves at random) or at
    random (`rollout="random"`); the card with the best total score difference
    for its side wins. The auction, trump and discards are the `HeuristicBot`'s.

    Raises:
        ValueError: `rollout` is neither `"greedy"` nor `"random"`.
    """

    def __init__(
        self, *, seed: int | None = None, determinizations: int = 40, rollout: str = "greedy"
    ) -> None:
        if rollout not in ("greedy", "random"):
            raise ValueError(f"rollout must be 'greedy' or 'random', not {rollout!r}")
        self.rng = random.Random(seed)
        """Internal: the generator of the guesses and playouts, seeded by `seed`."""
        self.determinizations = determinizations
        """How many guesses of the hidden hands each card choice plays out."""
        self.greedy = rollout == "greedy"
        """Whether playouts use the quick greedy rule (`rollout="greedy"`), not random play."""
        self.heuristic = HeuristicBot(seed=self.rng.getrandbits(32))
        """Internal: the `HeuristicBot` that makes the calls, trump and discards."""

    def choose(self, view: PlayerView) -> Action:
        """The card with the best playouts, or the heuristic's action outside trick play."""
        legal = view.legal_actions
        if len(legal) == 1 or view.phase is not Phase.PLAY:
            return self.heuristic.choose(view)
        rules = view.rules
        mine = rules.side_of(view.seat)
        totals = [0.0] * len(legal)
        for _ in range(self.determinizations):
            state = determinize(view, self.rng)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(legal):
                changes = _rollout(apply_action(state, action), random.Random(seed), self.greedy)
                others = [c for side, c in enumerate(changes) if side != mine]
                totals[i] += changes[mine] - max(others)
        best = max(range(len(legal)), key=lambda i: totals[i])
        return legal[best]
