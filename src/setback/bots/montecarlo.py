"""`MonteCarloBot`: every choice by playouts of the rest of the hand on guessed deals."""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from ..actions import Action, Bid, DeclareTrump, Pitch, Shoot, Smudge
from ..cards import Suit, cards_of
from ..errors import shown
from ..play import HAND_TRICKS
from ..rules import Rules
from ..state import GameState, Phase
from ..tables import trump_table
from ..trumps import TrumpTable
from ..views import PlayerView
from ._base import (
    MAX_CARDS,
    MAX_PLAYOUTS,
    MAX_SECONDS,
    bot_seed,
    check_count,
    check_view,
    decision_rng,
    guarded,
    margin,
)
from ._greedy_rule import estimate as _estimate
from ._greedy_rule import follow, lead, low_discard
from .heuristic import HeuristicBot, best_suit
from .playout import PlayoutPolicy, PlayoutResult, RandomPolicy, playout_hand
from .sampling import sample_states

if TYPE_CHECKING:
    from ._batch_core import BatchPolicy, BatchResult
    from ._batch_greedy import Estimates, GreedyRule

# --- a quick policy for the playouts ------------------------------------------------------


class GreedyPolicy:
    """The playouts' quick rule (a `PlayoutPolicy`): calls by the `HeuristicBot`'s rule
    (from its estimates of the sampled hands where the search gives them in `estimates`,
    else from a bit-count estimate), the best suit as trump, low cards discarded first; the
    first lead of a hand that names trump is the top card of the best suit; other leads
    are random (`smart_leads=True`: top trumps, then aces, then low cards); when
    following, let a partner's winning card stand, else win as cheaply as possible, else
    throw the lowest card; a share (`randomness`) of plays at random."""

    def __init__(
        self,
        rules: Rules,
        rng: random.Random,
        randomness: float = 0.25,
        smart_leads: bool = False,
    ) -> None:
        self.rules = rules
        self.random = rng.random
        self.randomness = randomness
        self.sides = rules.seat_sides
        self.fallback = RandomPolicy(rng.random)
        self.smart_leads = smart_leads
        """Whether leads follow `_greedy_rule.lead` (top trumps, aces, low cards) or are
        random."""
        self.estimates: dict[int, tuple[Suit, float]] = {}
        """Each seat's best trump and expected points, where the search computed them."""

    def _best(self, held: int) -> tuple[Suit, float]:
        rules = self.rules
        return max(((s, _estimate(rules, held, s)) for s in Suit), key=lambda p: p[1])

    def call(self, seat: int, calls: tuple[Action, ...], held: int) -> Action:
        """The `HeuristicBot`'s auction rule, from its estimate of the hand when the search
        gave one (`estimates`), else from a bit-count estimate."""
        rules = self.rules
        known = self.estimates.get(seat)
        suit, estimate = known if known is not None else self._best(held)
        if rules.partnerships:
            estimate += 0.4
        pitches = [a for a in calls if type(a) is Pitch]
        if pitches and estimate >= 3.6:
            mine = [a for a in pitches if a.card.suit is suit]
            return max(mine or pitches, key=lambda a: a.card.rank)
        total = rules.total_points
        for action in calls:
            long_trump = (held & trump_table(suit, rules).masks[suit]).bit_count() >= 5
            if type(action) in (Smudge, Shoot) and estimate >= total + 0.6 and long_trump:
                return action
        threshold = 2.0 + 0.4 * (total - 4)
        wanted = min(rules.max_plain_bid, int(estimate)) if estimate >= threshold else 0
        for action in calls:
            if type(action) is Bid and action.level <= wanted:
                return action  # the lowest bid that fits
        return calls[0]  # pass, or the lowest bid when forced

    def declare(self, seat: int, held: int) -> Suit:
        return self._best(held)[0]

    def discard(self, seat: int, held: int, cards: int, fewest: int, most: int, first: int) -> int:
        return low_discard(cards, fewest, most, first)

    def discard_under(
        self,
        seat: int,
        held: int,
        cards: int,
        fewest: int,
        most: int,
        first: int,
        table: TrumpTable,
    ) -> int:
        """The low discard, the trumps kept while any other card may go."""
        return low_discard(cards, fewest, most, first, table.trump_mask)

    def play(
        self, seat: int, choices: int, plays: list[tuple[int, int]], table: TrumpTable | None
    ) -> int:
        if table is None and not plays:  # the first lead names trump: the best suit's top
            known = self.estimates.get(seat)
            suit = known[0] if known is not None else self._best(choices)[0]
            mask = trump_table(suit, self.rules).masks[suit] & choices & ((1 << 52) - 1)
            if mask:
                return mask.bit_length() - 1
            return self.fallback.play(seat, choices, plays, table)
        if table is None or choices & (choices - 1) == 0 or self.random() < self.randomness:
            return self.fallback.play(seat, choices, plays, table)
        if not plays:
            if self.smart_leads:
                return lead(choices, table)
            return self.fallback.play(seat, choices, plays, table)
        power = table.power[table.suits[plays[0][1]]]
        return follow(power, plays, choices, self.sides, seat)


# --- the bot ---------------------------------------------------------------------------


class MonteCarloBot:
    """Chooses by playing the rest of the hand out many times on guessed deals.

    Each choice (a call, a pitch, the trump, a card) is tried on deals of the
    hidden cards drawn by `setback.sample_states` (uniformly among all the view
    admits, with `trumps_kept`: in the discard and draw the others are guessed to have
    kept their trumps, as players do) and the rest of the
    hand is played out by the playout kernel (`setback.playout_hand`) with a
    quick greedy rule (`rollout="greedy"`) or at random (`rollout="random"`);
    every choice meets the same guesses and the same luck. In trick play the
    card with the best mean score difference for its side (its side's change
    minus the best other side's) wins. In the auction and for the trump, the
    playouts' other seats bid by the `HeuristicBot`'s rule, and the
    `HeuristicBot`'s own choice stands unless another plays out better on the
    same deals with confidence (see `margin`): few playouts are noisy, and a
    noisy auction loses games. Discards are the `HeuristicBot`'s.

    The budget is `playouts` per decision, shared among the choices: the same seed
    and view always give the same choice. `auction_playouts`, if given, is the budget
    of a call, a pitch, the trump and the first lead of a hand that names trump, the
    few decisions that decide most of a hand's points. With `seconds` the bot plays
    out as many hands as fit in that time instead (both counts are then unused): that
    is **not reproducible** (it depends on the machine and its load). With
    `budget_cards` the counts are for a deal of that many cards in the players' hands:
    a bigger deal (six players, or nine cards each) plays out proportionally fewer
    hands, so a decision takes about as long in every game; `large_deal_playouts`, if
    given, stands for `playouts` there before that scaling (so a level can search the
    small deals harder without slowing the large ones). With `budget_in_tricks=True` a
    deal is counted by the cards its players hold in trick play, at most six each
    (`players * min(deal, 6)`): a deal of nine or ten cards that comes down to six before
    the first trick plays out as many hands as a deal of six.

    With `batched=True` the playouts of a decision are played all at once by the batched
    engine (`setback.bots.batch.play_batch`, on numpy arrays with the extra `fast`, else
    by its loop), the greedy rule being `batch.playout_policy`'s, in the auction and for
    the trump with each guessed deal's seats' estimates as `GreedyPolicy` is given them
    (its luck drawn from each guessed deal's stream, so the choices differ from the
    unbatched bot's). Same seed and view, same choice, with numpy or without. A time
    budget (`seconds`) plays one hand at a time, as without `batched`.

    Raises:
        ValueError: `rollout` is neither `"greedy"` nor `"random"`, `playouts` or
            `auction_playouts` is not a whole number from 1 to 100,000, `budget_cards` not
            one from 1 to 54 (the largest pack), `seconds` is not a positive number of at
            most 600, `batched` is not a bool, or `large_deal_playouts` is not a whole
            number from 1 to 100,000 or is given without `budget_cards`, or
            `budget_in_tricks` is not a bool or is True without `budget_cards`.
    """

    margin = 0.25
    """How much better (in points per hand of four points, at the lower end of a 95%
    interval) a call or trump must play out than the `HeuristicBot`'s choice to be taken
    instead."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        playouts: int = 200,
        seconds: float | None = None,
        rollout: str = "greedy",
        budget_cards: int | None = None,
        batched: bool = False,
        auction_playouts: int | None = None,
        large_deal_playouts: int | None = None,
        budget_in_tricks: bool = False,
    ) -> None:
        """`seed`: where every guess and playout comes from (None draws one, kept in
        `seed`); `playouts`: hands played out per decision; `seconds`: a time budget per
        decision instead (not reproducible); `rollout`: `"greedy"` or `"random"`;
        `budget_cards`: the playouts are for a deal of this many cards (None: for any);
        `batched`: the playouts are played all at once by the batched engine;
        `auction_playouts`: hands played out for a call, a pitch, the trump or the first
        lead of a hand that names trump (None: `playouts`); `large_deal_playouts`: in a deal
        of more than `budget_cards` cards, the count that stands for `playouts` before the
        scaling (None: `playouts`); `budget_in_tricks`: `budget_cards` is compared with the
        cards held in trick play (at most six a player), not the cards dealt."""
        for name, flag in (("batched", batched), ("budget_in_tricks", budget_in_tricks)):
            if type(flag) is not bool:
                raise ValueError(f"{name} must be True or False, not {flag!r}")
        if rollout not in ("greedy", "random"):
            raise ValueError(f"rollout must be 'greedy' or 'random', not {rollout!r}")
        check_count("playouts", playouts, 1, MAX_PLAYOUTS)
        if seconds is not None and not (
            isinstance(seconds, int | float)
            and not isinstance(seconds, bool)
            and 0 < seconds <= MAX_SECONDS
        ):
            raise ValueError(
                f"seconds must be a positive number of seconds, at most {MAX_SECONDS:g}, "
                f"not {shown(seconds)}"
            )
        for name, count, most in (
            ("budget_cards", budget_cards, MAX_CARDS),
            ("auction_playouts", auction_playouts, MAX_PLAYOUTS),
            ("large_deal_playouts", large_deal_playouts, MAX_PLAYOUTS),
        ):
            if count is not None:
                check_count(name, count, 1, most)
        if large_deal_playouts is not None and budget_cards is None:
            raise ValueError(
                "large_deal_playouts needs budget_cards: it is the count for a deal of more "
                "than budget_cards cards"
            )
        if budget_in_tricks and budget_cards is None:
            raise ValueError(
                "budget_in_tricks needs budget_cards: it says how a deal's cards are "
                "counted against budget_cards"
            )
        self.seed = bot_seed(seed)
        """The seed every guess and playout is keyed by (with the view): no generator state
        is kept between calls."""
        self.budget_cards = budget_cards
        """The playout budgets are for a deal of this many cards in the players' hands
        (`players * deal` of the rules): a bigger deal plays out proportionally fewer
        hands (None: the same count in every game)."""
        self.playouts = playouts
        """How many hands each decision plays out, shared among its choices."""
        self.auction_playouts = auction_playouts
        """Hands played out for a call, a pitch, the trump or a first lead that names
        trump (None: `playouts`)."""
        self.large_deal_playouts = large_deal_playouts
        """In a deal of more than `budget_cards` cards, the count that stands for
        `playouts` before the scaling (None: `playouts`)."""
        self.budget_in_tricks = budget_in_tricks
        """Whether a deal is counted against `budget_cards` by the cards its players hold
        in trick play, at most six each (`players * min(deal, 6)`), rather than by the
        cards dealt (`players * deal`)."""
        self.seconds = seconds
        """A time budget per decision instead of `playouts` (not reproducible), or None."""
        self.rollout = rollout
        """How the playouts play: `"greedy"` (the quick rule) or `"random"`."""
        self.batched = batched
        """Whether a decision's playouts are played all at once by the batched engine
        (`setback.bots.batch`), by `batch.playout_policy`'s rule (or `batch.random_policy`)."""
        self.heuristic = HeuristicBot(seed=self.seed)
        """Internal: the `HeuristicBot` that discards and proposes the calls and trump."""

    @guarded
    def choose(self, view: PlayerView) -> Action:
        """The choice with the best playouts (discards and the call of a partner: the
        heuristic's).

        Raises:
            TypeError: `view` is not a `PlayerView`.
            InvalidStateError: it is not `view.seat`'s turn, or the view is one it cannot
                use, which `observe` never gives (no legal action, or one `loads` refuses).
        """
        legal = check_view(self, view).legal_actions
        if len(legal) == 1 or view.phase in (Phase.DISCARD, Phase.CALL_PARTNER):
            return self.heuristic.choose(view)  # its call: the highest trump it lacks
        candidates: tuple[Action, ...] = legal
        if view.phase is Phase.DECLARE_TRUMP:
            candidates = tuple(DeclareTrump(suit) for suit in Suit)
        if view.phase is Phase.PLAY:
            return self._search(view, candidates, None)
        # the auction and trump: the heuristic's choice stands unless the playouts find
        # another better by a clear margin (their opponents bid by a rougher rule)
        return self._search(view, candidates, self.heuristic.choose(view))

    def _search(
        self, view: PlayerView, candidates: tuple[Action, ...], prior: Action | None
    ) -> Action:
        if self.batched and self.seconds is None:
            return self._search_batched(view, candidates, prior)
        rng = decision_rng(self.seed, view)
        rules = view.rules
        mine = rules.side_of(view.seat)
        totals = [0.0] * len(candidates)
        values: list[list[float]] = [[] for _ in candidates]
        weights: list[float] = []
        deals = math.ceil(self._budget(view) / len(candidates))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        playout_rng = random.Random(0)
        policy = self._policy(rules, playout_rng)
        batch = 8  # with a time budget, states are sampled a few at a time
        states: list[GameState] = []
        while True:
            if not states:
                states = self._sample(view, rng, deals if deadline is None else batch)[::-1]
            state = states.pop()
            weight = self._weight(view, state)
            weights.append(weight)
            if prior is not None and isinstance(policy, GreedyPolicy):
                policy.estimates = {
                    seat: best_suit(cards_of(held), rules) for seat, held in enumerate(state.held)
                }
            playout_rng.seed(rng.getrandbits(64))
            start = playout_rng.getstate()
            for i, action in enumerate(candidates):
                playout_rng.setstate(start)  # every candidate meets the same luck
                value = self._value(view, mine, playout_hand(state, policy, first=action))
                totals[i] += weight * value
                values[i].append(value)
            done += 1
            if deadline is None:
                if done >= deals:
                    break
            elif time.perf_counter() >= deadline:
                break
        if prior is not None and prior in candidates:
            return self._over_prior(candidates, values, candidates.index(prior), rules, weights)
        best = max(range(len(candidates)), key=lambda i: totals[i])
        return candidates[best]

    def _search_batched(
        self, view: PlayerView, candidates: tuple[Action, ...], prior: Action | None
    ) -> Action:
        """`_search` with every playout of the decision in one batch: each guessed deal
        once per candidate (its first action), the candidates of a deal on one luck
        stream."""
        from .batch import play_batch

        rng = decision_rng(self.seed, view)
        rules = view.rules
        mine = rules.side_of(view.seat)
        count = len(candidates)
        states = self._sample(view, rng, math.ceil(self._budget(view) / count))
        weights = [self._weight(view, state) for state in states]
        policy = self._batch_policy(rules, states, count, prior is not None)
        result = play_batch(
            [state for state in states for _ in candidates],
            policy,
            first=[action for _ in states for action in candidates],
            streams=[deal for deal in range(len(states)) for _ in candidates],
            seed=rng.getrandbits(63),
        )
        flat = self._values_of(view, mine, result)
        values = [flat[i::count] for i in range(count)]
        totals = [0.0] * count
        for i, mine_values in enumerate(values):
            for weight, value in zip(weights, mine_values, strict=True):
                totals[i] += weight * value
        if prior is not None and prior in candidates:
            return self._over_prior(candidates, values, candidates.index(prior), rules, weights)
        best = max(range(count), key=lambda i: totals[i])
        return candidates[best]

    def _batch_policy(
        self, rules: Rules, states: list[GameState], count: int, auction: bool
    ) -> BatchPolicy:
        """`_policy` for a batch of `count` hands a deal of `states`: `batch.playout_policy`'s
        rule (`batch.random_policy` for `rollout="random"`), in the auction and for the trump
        (`auction`) with each deal's seats' estimates as `_search` gives `GreedyPolicy`."""
        from .batch import random_policy

        if self.rollout != "greedy":
            return random_policy
        if not auction:
            return self._greedy_rule(None)
        return self._greedy_rule(
            [seats for seats in _deal_estimates(rules, states) for _ in range(count)]
        )

    def _greedy_rule(self, estimates: Estimates | None) -> GreedyRule:
        """The batched greedy rule with `estimates` (here: random leads)."""
        from ._batch_greedy import GreedyRule

        return GreedyRule(estimates=estimates)

    def _values_of(self, view: PlayerView, mine: int, result: BatchResult) -> list[float]:
        """`_value` of every hand of a batch (on the arrays when `_value` is this class's)."""
        if type(self)._value is not MonteCarloBot._value:
            from ._batch_core import results_of

            return [self._value(view, mine, ended) for ended in results_of(result)]
        rows = result.score_changes
        if isinstance(rows, tuple):
            return [float(margin(row, mine)) for row in rows]
        import numpy

        others = numpy.delete(rows, mine, axis=1).max(axis=1)
        return [float(value) for value in (rows[:, mine] - others).tolist()]

    def _value(self, view: PlayerView, mine: int, result: PlayoutResult) -> float:
        """What a playout ending as `result` is worth to the side `mine` (here: its score
        change less the best of the others')."""
        return margin(result.score_changes, mine)

    def _playouts(self, view: PlayerView) -> int:
        """The hands a decision plays out, shared among its choices, before the scaling to
        the deal: `auction_playouts` for the auction, the trump and a first lead naming
        trump, else `playouts` (`large_deal_playouts` in a deal of more than
        `budget_cards` cards)."""
        if self.auction_playouts is not None and (
            view.phase is not Phase.PLAY or view.trump is None
        ):
            return self.auction_playouts
        if self.large_deal_playouts is not None and self._large(view):
            return self.large_deal_playouts
        return self.playouts

    def _deal_cards(self, view: PlayerView) -> int:
        """The deal's cards as `budget_cards` counts them: dealt, or with
        `budget_in_tricks` held in trick play (at most six a player)."""
        rules = view.rules
        held = min(rules.deal, HAND_TRICKS) if self.budget_in_tricks else rules.deal
        return rules.players * held

    def _large(self, view: PlayerView) -> bool:
        """Whether the deal has more cards than `budget_cards` (never without it)."""
        return self.budget_cards is not None and self._deal_cards(view) > self.budget_cards

    def _budget(self, view: PlayerView) -> int:
        """`_playouts`, for a deal of `budget_cards` cards (at most that count)."""
        count = self._playouts(view)
        if self.budget_cards is None or not self._large(view):
            return count
        return max(1, count * self.budget_cards // self._deal_cards(view))

    def _policy(self, rules: Rules, rng: random.Random) -> PlayoutPolicy:
        """The playouts' rule, drawing its luck from `rng` (here: by `rollout`)."""
        if self.rollout == "greedy":
            return GreedyPolicy(rules, rng)
        return RandomPolicy(rng.random)

    def _sample(self, view: PlayerView, rng: random.Random, n: int) -> list[GameState]:
        """`n` guessed deals for a decision (here: uniform, `sample_states`, but for the
        others' discards in the discard and draw: no trump, as players discard)."""
        return list(sample_states(view, rng, n, trumps_kept=True))

    def _weight(self, view: PlayerView, state: GameState) -> float:
        """How much a guessed deal counts (here: every deal alike)."""
        return 1.0

    def _over_prior(
        self,
        candidates: tuple[Action, ...],
        values: list[list[float]],
        prior: int,
        rules: Rules,
        weights: list[float],
    ) -> Action:
        """The prior choice, unless another played out better on the same deals by at
        least `margin` points per hand at the lower end of a 95% interval of the paired
        differences (few playouts are noisy; the heuristic's call is a good default)."""
        margin = self.margin * rules.total_points / 4
        base = values[prior]
        best, best_mean = prior, 0.0
        for i, mine in enumerate(values):
            n = len(mine)
            if i == prior or n < 2:
                continue
            diffs = [a - b for a, b in zip(mine, base, strict=True)]
            if all(w == 1.0 for w in weights):
                mean = sum(diffs) / n
                spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
            else:  # weighted deals: the weighted mean, over the effective number of deals
                total = sum(weights)
                mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
                count = total * total / sum(w * w for w in weights)
                if count <= 1:
                    continue
                square = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True))
                spread = math.sqrt(square / total / (count - 1))
            if mean - 1.96 * spread > margin and mean > best_mean:
                best, best_mean = i, mean
        return candidates[best]


def _deal_estimates(rules: Rules, states: list[GameState]) -> list[tuple[tuple[int, float], ...]]:
    """Each state's seats' best trump and estimate (`best_suit`), on numpy arrays when
    numpy is installed (`_batch_estimate.best_suits`: the same suits and floats)."""
    from .batch import numpy_enabled

    if not numpy_enabled():
        return [
            tuple(
                (int(suit), value)
                for suit, value in (best_suit(cards_of(held), rules) for held in state.held)
            )
            for state in states
        ]
    from ._batch_estimate import best_suits

    seats = rules.players
    suits, values = best_suits(rules, [held for state in states for held in state.held])
    pairs = list(zip(suits.tolist(), values.tolist(), strict=True))
    return [tuple(pairs[at : at + seats]) for at in range(0, len(pairs), seats)]
