"""`SolverBot`: Monte Carlo search that solves the last tricks exactly and weights its
guesses by what the others' calls and trump say about their hands."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..actions import Action, Bid, Pass, Play, Shoot, Smudge
from ..cards import CARD_POINTS, CARDS, Suit, mask_of
from ..play import after_play, open_cards
from ..rules import Rules
from ..state import GameState, Phase
from ..tables import trump_table
from ..trumps import TrumpTable
from ..views import PlayerView
from ._base import (
    MAX_CARDS,
    MAX_DEALS,
    MAX_NODES,
    MAX_POOL,
    bot_seed,
    check_count,
    check_view,
    decision_rng,
    guarded,
    margin,
)
from ._batch_greedy import Estimates, GreedyRule
from ._greedy_rule import estimate as _estimate
from ._outlook import applies, outlook
from .montecarlo import GreedyPolicy, MonteCarloBot
from .playout import PlayoutPolicy, PlayoutResult, playout_hand
from .sampling import passed_over, sample_states

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Script:
    """A `PlayoutPolicy` that plays the given cards in order (the solver's line)."""

    def __init__(self, line: list[int]) -> None:
        self.line = line
        self.at = 0

    def call(self, seat: int, calls: tuple[Action, ...], held: int) -> Action:
        raise AssertionError("the solver plays out trick play only")

    def declare(self, seat: int, held: int) -> Suit:
        raise AssertionError("the solver plays out trick play only")

    def discard(self, seat: int, held: int, cards: int, fewest: int, most: int, first: int) -> int:
        raise AssertionError("the solver plays out trick play only")

    def play(self, seat: int, choices: int, plays: list[tuple[int, int]], table: object) -> int:
        card = self.line[self.at]
        self.at += 1
        return card


def solvable(state: GameState) -> bool:
    """Whether `Solver` can search `state`: trick play with trump known, past the first
    trick (whose rules of following, the first lead's and the called card's, the search
    does not apply). Trumps-only play is searched as any other: the cards no one may
    play stay in their hands."""
    return state.phase is Phase.PLAY and state.trump is not None and len(state.tricks) > 0


class Solver:
    """Exact perfect-information search of the rest of a hand's trick play.

    The value of a line is the score change of the side `mine` minus the best of the
    other sides' (every other seat plays against `mine`), or what `judge` makes of the
    hand's end (the game-aware search: its chance of winning the game, in 10000ths). The
    end of a finished line is asked of the playout kernel (the line played out as a
    script) and its value remembered by what it can depend on (`end_key`): each side's
    captured and played trumps, card points taken and which sides took tricks (a test
    walks random lines under every preset and drawn rules: one key, one hand end);
    `memo` may be shared
    between the deals of one decision (with one `judge`).

    Each step of the search is trick play's own: the cards open to a seat
    (`play.open_cards`), and once a card is played, trick play's one step
    (`play.after_play`: who plays next, or who won the trick and who leads next or
    whether the hand is over), so the search has no rule of its own. The bot's budget
    counts nodes, not time.
    """

    def __init__(
        self,
        state: GameState,
        mine: int,
        memo: dict[tuple[object, ...], int],
        judge: Callable[[PlayoutResult], int] | None = None,
    ) -> None:
        rules: Rules = state.rules
        trump = state.trump
        assert trump is not None
        table = trump_table(trump, rules)
        self.root = state
        self.mine = mine
        self.memo = memo
        self.judge = judge
        self.rules = rules
        self.table_of_trump = table
        self.side_of = rules.seat_sides
        self.sides = rules.side_count
        self.trump = trump
        self.suits = table.suits
        self.power = table.power
        self.trump_mask = table.trump_mask
        # a lead's order: the strongest trump first, then by rank (the higher first)
        lead_power = table.power[trump]
        self.lead_order = [16 * lead_power[i] + i % 13 for i in range(len(lead_power))]
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0
        # what the score depends on, so far: trumps each side played and captured, card
        # points each side captured, the sides that took a trick
        played = [0] * self.sides
        captured = [0] * self.sides
        points = [0] * self.sides
        won = 0
        for trick in state.tricks:
            assert trick.winner is not None
            taker = self.side_of[trick.winner]
            won |= 1 << taker
            for seat, card in trick.plays:
                index = card.index
                points[taker] += CARD_POINTS[index]
                if self.trump_mask >> index & 1:
                    played[self.side_of[seat]] |= 1 << index
                    captured[taker] |= 1 << index
        hands = [mask_of(hand) for hand in state.hands]
        trick_plays = () if state.trick is None else state.trick.plays
        for seat, held in enumerate(hands):
            played[self.side_of[seat]] |= held & self.trump_mask
        for seat, card in trick_plays:
            if self.trump_mask >> card.index & 1:
                played[self.side_of[seat]] |= 1 << card.index
        # each side's trumps in play (played or held): who held High and Low
        self.played = played
        self.key_base = (state.pitcher, state.contract, mine, tuple(played))
        self.captured = captured
        self.points = points
        self.won = won
        self.hands = hands
        self.trick_plays = [(seat, card.index) for seat, card in trick_plays]
        self.tricks = len(state.tricks)
        self.line: list[int] = []

    def choices(self, seat: int, plays: list[tuple[int, int]]) -> int:
        """The cards `seat` may play to the trick `plays` (`(seat, card index)` pairs; a
        bit set): `play.open_cards`, past the first trick."""
        lead = plays[0][1] if plays else -1
        return open_cards(self.rules, self.table_of_trump, self.hands[seat], lead, False, 0)[0]

    def values(self, candidates: list[int]) -> list[int]:
        """The exact value of playing each card of `candidates` now."""
        state = self.root
        seat = state.to_act
        assert seat is not None
        plays = list(self.trick_plays)
        out = []
        for card in candidates:
            out.append(self._after(seat, card, plays, -(10**9), 10**9))
        return out

    def _after(
        self, seat: int, card: int, plays: list[tuple[int, int]], alpha: int, beta: int
    ) -> int:
        """The value once `seat` plays `card` to the trick `plays`."""
        hands = self.hands
        hands[seat] &= ~(1 << card)
        self.line.append(card)
        plays.append((seat, card))
        table = self.table_of_trump
        after, winner = after_play(
            self.rules, table, hands, plays, self.tricks, TrumpTable.winner_of
        )
        if winner < 0:
            value = self._node(after, plays, alpha, beta)
        else:
            gained = 0
            trumps = 0
            for _, index in plays:
                gained += CARD_POINTS[index]
                trumps |= (1 << index) & self.trump_mask
            taker = self.side_of[winner]
            self.points[taker] += gained
            self.captured[taker] |= trumps
            won = self.won
            self.won |= 1 << taker
            self.tricks += 1
            value = self._leaf() if after < 0 else self._node(after, [], alpha, beta)
            self.tricks -= 1
            self.won = won
            self.captured[taker] &= ~trumps
            self.points[taker] -= gained
        plays.pop()
        self.line.pop()
        hands[seat] |= 1 << card
        return value

    def end_key(self) -> tuple[object, ...]:
        """What the end of the line played so far is remembered by: all that the hand's
        score (and the game-aware `judge`) may depend on once the last trick is taken
        (the pitcher, the contract, the seat's side, each side's played and captured
        trumps, card points taken, and which sides took tricks)."""
        return (*self.key_base, tuple(self.captured), tuple(self.points), self.won)

    def _leaf(self) -> int:
        key = self.end_key()
        value = self.memo.get(key)
        if value is None:
            result = playout_hand(self.root, _Script(list(self.line)))
            if self.judge is None:
                value = margin(result.score_changes, self.mine)
            else:
                value = self.judge(result)
            self.memo[key] = value
        return value

    def _node(self, seat: int, plays: list[tuple[int, int]], alpha: int, beta: int) -> int:
        self.nodes += 1
        hands = self.hands
        key = None
        if not plays:
            key = (tuple(hands), seat, tuple(self.captured), tuple(self.points), self.won)
            entry = self.table.get(key)
            if entry is not None:
                value, flag = entry
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        choices = self.choices(seat, plays)
        start_alpha, start_beta = alpha, beta
        if not choices & (choices - 1):  # one card: nothing to search
            value = self._after(seat, choices.bit_length() - 1, plays, alpha, beta)
        elif self.side_of[seat] == self.mine:
            value = -(10**9)
            for card in self._moves(choices, plays):
                got = self._after(seat, card, plays, alpha, beta)
                if got > value:
                    value = got
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        else:
            value = 10**9
            for card in self._moves(choices, plays):
                got = self._after(seat, card, plays, alpha, beta)
                if got < value:
                    value = got
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            break
        if key is not None:
            if value <= start_alpha:
                self.table[key] = (value, _UPPER)
            elif value >= start_beta:
                self.table[key] = (value, _LOWER)
            else:
                self.table[key] = (value, _EXACT)
        return value

    def _moves(self, choices: int, plays: list[tuple[int, int]]) -> list[int]:
        """The cards of `choices` worth trying, strongest first: of non-trumps of one
        suit and the same card points with no card of the suit still out (in a hand or on
        the table) between them, only the highest."""
        power_led = self.power[self.suits[plays[0][1]]] if plays else None
        kept: list[int] = []
        rest = choices
        trump_mask = self.trump_mask
        if not rest & ~trump_mask:  # trumps alone: none stands for another
            while rest:
                low = rest & -rest
                kept.append(low.bit_length() - 1)
                rest ^= low
        else:  # in index order: by suit, then rank (the plain suits' order)
            out_cards = 0  # the cards still out: in a hand or on the table
            for held in self.hands:
                out_cards |= held
            for _, index in plays:
                out_cards |= 1 << index
            previous = -1
            while rest:
                low = rest & -rest
                index = low.bit_length() - 1
                rest ^= low
                if (
                    previous >= 0
                    and not trump_mask >> index & 1
                    and not trump_mask >> previous & 1
                    and index // 13 == previous // 13
                    and CARD_POINTS[index] == CARD_POINTS[previous]
                    and not out_cards & ((1 << index) - (1 << (previous + 1)))
                ):
                    kept[-1] = index  # the higher of two touching cards stands for both
                else:
                    kept.append(index)
                previous = index
        # the strongest first (a stable sort: reversed, equal keys keep their order)
        if power_led is not None:
            kept.sort(key=power_led.__getitem__, reverse=True)
        else:
            kept.sort(key=self.lead_order.__getitem__, reverse=True)
        return kept


# --- inference: how likely the others' calls and trump make a guessed deal -------------


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def deal_likelihood(view: PlayerView, state: GameState, spread: float = 0.5) -> float:
    """How likely the other seats' calls and the pitcher's trump are, were `state` the
    deal, under a model of the players: a seat bids a level when its hand's estimate
    (a bit-count rule: top trumps, the two, the jack, length, tens) reaches it, and
    passes otherwise; a pitcher names the suit its hand is best in. Each step is
    smoothed by a logistic of width `spread` (in points) and kept above 0.05, so no
    guess is ever ruled out by a player who does not follow the model."""
    rules = view.rules
    me = view.seat
    played = [0] * rules.players
    for trick in view.tricks:
        for seat, card in trick.plays:
            played[seat] |= 1 << card.index
    if view.trick is not None:
        for seat, card in view.trick.plays:
            played[seat] |= 1 << card.index
    holds = [mask_of(hand) | played[seat] for seat, hand in enumerate(state.hands)]
    estimates: dict[int, list[float]] = {}

    def suit_estimates(seat: int) -> list[float]:
        known = estimates.get(seat)
        if known is None:
            known = [_estimate(rules, holds[seat], suit) for suit in Suit]
            estimates[seat] = known
        return known

    bonus = 0.4 if rules.partnerships else 0.0
    threshold = 2.0 + 0.4 * (rules.total_points - 4)
    likelihood = 1.0
    highest = 0
    all_passed = True
    for seat, action in view.bids:
        kind = type(action)
        level = 0
        if kind is Bid:
            level = action.level  # type: ignore[union-attr]
        elif kind is Smudge or kind is Shoot:
            level = rules.smudge_level
        if seat != me and kind in (Pass, Bid, Smudge, Shoot):
            forced = seat == view.dealer and all_passed and kind is not Pass
            if not forced:
                estimate = max(suit_estimates(seat)) + bonus
                if kind is Pass:
                    need = max(highest + 1, rules.min_bid, threshold)
                    chance = _sigmoid((need - estimate) / spread)
                else:
                    chance = _sigmoid((estimate - max(level, threshold)) / spread)
                likelihood *= max(0.05, chance)
        if kind is not Pass:
            all_passed = False
        highest = max(highest, level)
    pitcher, trump = view.pitcher, view.trump
    if pitcher is not None and pitcher != me and trump is not None:
        values = suit_estimates(pitcher)
        top = max(values)
        weights = [math.exp((v - top) / spread) for v in values]
        likelihood *= max(0.05, weights[trump] / sum(weights))
    return likelihood


def _resample(view: PlayerView, rng: random.Random, n: int, pool: int) -> list[GameState]:
    """`n` deals drawn from `pool` uniform guesses in proportion to `deal_likelihood`
    (sampling-importance-resampling)."""
    states = sample_states(view, rng, pool, trumps_kept=True)
    weights = [deal_likelihood(view, state) for state in states]
    return rng.choices(states, weights=weights, k=n)


def _cards_to_play(view: PlayerView) -> int:
    """How many cards may still be played this hand, at most, as `view.seat` can count
    them in trick play with trump known (what `SolverBot.solve_cards` is compared with):
    every card in the hands, but in trumps-only play only the trumps, the cards no one may
    play left out. The seat knows its own; of the others' it counts every trump it has not
    seen (played, shown in a face-up discard, or discarded by itself), and no more than
    the cards held by the seats the turns have not passed over (a seat passed over holds
    no trump). Never fewer than the cards left to play in any deal the view allows."""
    rules = view.rules
    if not rules.trumps_only or view.trump is None:
        return sum(view.hand_sizes)
    trumps = trump_table(view.trump, rules).trump_mask
    tricks = (*view.tricks, *(() if view.trick is None else (view.trick,)))
    held = mask_of(view.hand)
    seen = held | mask_of(view.discards)
    for shown in view.face_up_discards:
        seen |= mask_of(shown)
    for trick in tricks:
        for _, card in trick.plays:
            seen |= 1 << card.index
    passed = passed_over(view, tricks)
    others = sum(
        size
        for seat, size in enumerate(view.hand_sizes)
        if seat != view.seat and seat not in passed
    )
    return (held & trumps).bit_count() + min((trumps & ~seen).bit_count(), others)


# --- the bot ---------------------------------------------------------------------------


class SolverBot(MonteCarloBot):
    """`MonteCarloBot`'s search, with the last tricks solved exactly and guesses weighted
    by what the others' calls and trump say about their hands.

    Once few enough cards are left to play (`solve_cards`, all hands together; in
    trumps-only play the trumps alone, the others' counted as every trump not yet seen,
    at most the cards of the seats that may hold one), each
    candidate card is valued on guessed deals by an exact search of the rest of the
    hand as if every card were seen (alpha-beta with a transposition table; every
    other side plays against this one), and the card with the best mean value wins
    (ties: the `HeuristicBot`'s card if it is among the best). The budget is a count
    of search nodes (`nodes`) shared by the deals, at most `solve_deals` of them:
    reproducible, like the playout count. Before that, and in the auction, it searches
    as `MonteCarloBot` does, with its own budget for the auction (`auction_playouts`:
    a call, a pitch, the trump and a first lead that names trump, the few decisions
    that decide most of a hand's points), its own `margin` over the heuristic's call,
    and playouts that lead by rule (`smart_leads`); by default these are
    `MonteCarloBot`'s (see the bots guide for what the auction search measured).

    With `inference` (off by default: it measured weaker, see the bots guide), a
    guessed deal counts in proportion to how likely the others'
    calls and the pitcher's trump are on it under a model of the players (a seat bids
    what its hand is worth, a pitcher names his best suit): in the playouts each deal's
    results are weighted so, and the solved deals are drawn from `pool` times as many
    uniform guesses in that proportion. A seat that bid is guessed to hold the cards it
    bid on.

    With `batched=True` the playouts of a decision are played all at once by the batched
    engine (as `MonteCarloBot(batched=True)`'s), by the same rule: leads by rule with
    `smart_leads`, each deal's estimates in the auction, each hand valued as without it
    (the game's chance with `game_aware`). The solved endgame is searched as without it.

    Same seed and view, same choice.

    Raises:
        ValueError: a budget that is not a whole number of at least 1 (`solve_cards`: 0)
            and at most its ceiling (`nodes` 10,000,000, `solve_deals` 10,000, `pool` 100,
            `solve_cards` 54), or `MonteCarloBot`'s own refusals.
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        playouts: int = 200,
        seconds: float | None = None,
        rollout: str = "greedy",
        solve_cards: int = 8,
        nodes: int = 12000,
        solve_deals: int = 40,
        inference: bool = False,
        pool: int = 2,
        auction_playouts: int | None = None,
        margin: float = MonteCarloBot.margin,
        smart_leads: bool = False,
        game_aware: bool = False,
        budget_cards: int | None = None,
        solve_for_game: bool = False,
        batched: bool = False,
        large_deal_playouts: int | None = None,
        budget_in_tricks: bool = False,
    ) -> None:
        """`solve_cards`: solve once this many cards or fewer are left to play (0: never;
        in trumps-only play the trumps alone); `nodes`: search nodes per solved
        decision; `solve_deals`: at most this many deals solved; `inference`: weight
        guesses by the calls and trump; `pool`: uniform guesses drawn per solved deal;
        `auction_playouts`: hands played out for a call, a pitch, the trump or the first
        lead of a hand that names trump (None: `playouts`);
        `margin`: how much better than the heuristic's a call or trump must play out
        (by default `MonteCarloBot.margin`, 0.25); `smart_leads`: the playouts lead by
        rule, not at random; `game_aware`: a playout is worth the chance of winning the
        game it leaves (in hundredths of a game), not the hand's points. The rest as
        `MonteCarloBot` (`budget_cards` scales both playout budgets, `large_deal_playouts`
        stands for `playouts` in a deal larger than that, `budget_in_tricks` counts a deal
        by the cards held in trick play); `solve_for_game`:
        with `game_aware`, the last tricks are solved for the chance of the game too
        (False, the default: for the hand's points); `batched`: the playouts of a decision
        are played all at once by the batched engine (the solved endgame is not)."""
        super().__init__(
            seed=bot_seed(seed),
            playouts=playouts,
            seconds=seconds,
            rollout=rollout,
            budget_cards=budget_cards,
            batched=batched,
            auction_playouts=auction_playouts,
            large_deal_playouts=large_deal_playouts,
            budget_in_tricks=budget_in_tricks,
        )
        for name, value, least, most in (
            ("solve_cards", solve_cards, 0, MAX_CARDS),
            ("nodes", nodes, 1, MAX_NODES),
            ("solve_deals", solve_deals, 1, MAX_DEALS),
            ("pool", pool, 1, MAX_POOL),
        ):
            check_count(name, value, least, most)
        self.solve_cards = solve_cards
        """Solve exactly once this many cards or fewer are left to play, all hands
        together (0: never)."""
        self.nodes = nodes
        """Search nodes per solved decision, shared among its deals."""
        self.solve_deals = solve_deals
        """At most this many deals are solved per decision."""
        self.inference = inference
        """Whether guesses are weighted by the others' calls and the pitcher's trump."""
        self.pool = pool
        """Uniform guesses drawn for each solved deal (with `inference`)."""
        if not isinstance(margin, int | float) or isinstance(margin, bool) or margin < 0:
            raise ValueError(f"margin must be a number of at least 0, not {margin!r}")
        self.margin = float(margin)
        """How much better (in points per hand of four points, at the lower end of a 95%
        interval) a call or trump must play out than the `HeuristicBot`'s to be taken."""
        self.smart_leads = smart_leads
        """Whether the playouts lead by rule (top trumps, aces, low cards), not at
        random."""
        self.game_aware = game_aware
        """Whether a playout is worth the chance of winning the game from the score it
        leaves (in hundredths of a game; `margin` then counts in them too), not the
        hand's points. Only in games to a target without a called partner, and with more
        than two sides only where a table ships (six presets at their own seat count;
        elsewhere the points, as without it). The chances come from a table of every
        score made from the hands of a few games of `HeuristicBot`s (with more than two
        sides, of two sides' scores: each side's chance is put together from its races
        against every other side): shipped with the package for every preset, else
        built once a process at the first decision that needs it (which may take
        seconds: the bots guide, "The solver bot")."""
        self.solve_for_game = solve_for_game
        """With `game_aware` (where it applies): whether the last tricks are solved for the
        chance of winning the game (in 10000ths) as the playouts are valued, not for the
        hand's points (False, the default: the points)."""

    @guarded
    def choose(self, view: PlayerView) -> Action:
        """The solved card late in trick play; else `MonteCarloBot`'s choice (on
        weighted guesses with `inference`).

        Raises:
            TypeError: `view` is not a `PlayerView`.
            InvalidStateError: it is not `view.seat`'s turn, or the view is one it cannot
                use, which `observe` never gives (no legal action, or one `loads` refuses).
        """
        legal = check_view(self, view).legal_actions
        if len(legal) > 1 and self._solves(view):
            return self._solve(view, legal)
        return super().choose(view)

    def _solves(self, view: PlayerView) -> bool:
        if view.phase is not Phase.PLAY or view.trump is None or not view.tricks:
            return False
        return _cards_to_play(view) <= self.solve_cards

    def _policy(self, rules: Rules, rng: random.Random) -> PlayoutPolicy:
        """The greedy rule, with rule-based leads if `smart_leads`."""
        if self.rollout == "greedy":
            return GreedyPolicy(rules, rng, smart_leads=self.smart_leads)
        return super()._policy(rules, rng)

    def _greedy_rule(self, estimates: Estimates | None) -> GreedyRule:
        """The batched greedy rule with `estimates`, and rule-based leads if `smart_leads`."""
        return GreedyRule(smart_leads=self.smart_leads, estimates=estimates)

    def _value(self, view: PlayerView, mine: int, result: PlayoutResult) -> float:
        """With `game_aware` (where it applies): the chance, in hundredths, that the side
        `mine` wins the game after a hand ending as `result`; else the points."""
        rules = view.rules
        if not self.game_aware or not applies(rules):
            return super()._value(view, mine, result)
        return 100 * outlook(rules).chance(view.scores, mine, result)

    def _sample(self, view: PlayerView, rng: random.Random, n: int) -> list[GameState]:
        if not self.inference or self.pool == 1 or not view.bids or not self._solves(view):
            return super()._sample(view, rng, n)
        return _resample(view, rng, n, n * self.pool)

    def _weight(self, view: PlayerView, state: GameState) -> float:
        """Outside the solved endgame, each uniform guess counts by its likelihood."""
        if not self.inference or not view.bids or self._solves(view):
            return 1.0
        return deal_likelihood(view, state)

    def _solve(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        rng = decision_rng(self.seed, view)
        mine = view.rules.side_of(view.seat)
        cards = [action.card.index for action in legal if isinstance(action, Play)]
        totals = [0] * len(cards)
        memo: dict[tuple[object, ...], int] = {}
        judge = None
        rules = view.rules
        if self.game_aware and self.solve_for_game and applies(rules):
            chances, scores = outlook(rules), view.scores

            def judge(result: PlayoutResult) -> int:
                return round(10000 * chances.chance(scores, mine, result))

        used = 0
        # every deal drawn at once: the sampler's count of the deals is made once a call
        # (late in a hand of the draw, Smear's, it costs more than the search)
        for state in self._sample(view, rng, self.solve_deals):
            solver = Solver(state, mine, memo, judge)
            for i, value in enumerate(solver.values(cards)):
                totals[i] += value
            used += solver.nodes
            if used >= self.nodes:
                break
        best = max(totals)
        ties = [cards[i] for i, total in enumerate(totals) if total == best]
        fallback = self.heuristic.choose(view)
        if isinstance(fallback, Play) and fallback.card.index in ties:
            return fallback
        return Play(CARDS[ties[0]])
