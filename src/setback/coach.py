"""The coach: the value of every choice at a seat, a hint with its reason, a review of the
choices a seat made, and an analysis of a hand with every card face up.

`evaluate(view)` values every legal action of the seat to act on deals of the hidden cards
drawn consistently with its view (`setback.sample_states`), each hand played out by the
playout kernel (`setback.playout_hand`) with the expert's quick rule: every action meets
the same deals and the same luck, so the differences between them are sharper than each
value alone. `hint(view)` names the best of them, with one sentence of reason in the
seat's language. `review(record, seat)` evaluates every decision the seat made in a game
and says what each cost. `open_hands(state)` solves the hand exactly with every hand face
up (the endgame solver of `SolverBot`).

    >>> from setback import Rules, new_game, observe
    >>> view = observe(new_game(Rules.setback(), seed=3), 1)
    >>> evaluation = evaluate(view, budget=64, seed=1)
    >>> evaluation.best.action in view.legal_actions
    True
    >>> hint(view, budget=64, seed=1).action == evaluation.best.action
    True
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import attrs

from ._face import FONT, escape, quoteattr
from .actions import Action, DeclareTrump, Play
from .bots._base import decision_rng, margin
from .bots._outlook import applies, outlook
from .bots.heuristic import HeuristicBot, best_suit
from .bots.montecarlo import GreedyPolicy
from .bots.playout import PlayoutResult, playout_hand
from .bots.sampling import check_observed, sample_states
from .bots.solver import Solver
from .cards import CARD_POINTS, CARDS, Suit, cards_of
from .engine import apply_action, legal_actions, new_game_as
from .errors import InvalidStateError, RulesError, SetbackError, kind_error, shown
from .options import LowTo, ShootFor
from .play import open_cards
from .points import JOKERS_FROM, Point, card_points_of, certain_points, game_contenders
from .records import replay
from .rules import Rules
from .scoring import settle
from .state import GameRecord, GameState, HandResult, Phase
from .svg import hand_svg
from .text import action_text, phase_text, point_text, translation
from .trumps import TrumpTable
from .views import PlayerView, observe

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_BUDGET",
    "MAX_CHOICES",
    "MIN_DEALS",
    "NOISE_GAME",
    "NOISE_POINTS",
    "ActionValue",
    "Decision",
    "Evaluation",
    "Hint",
    "OpenAnalysis",
    "Review",
    "TrumpRow",
    "decision_text",
    "evaluate",
    "hint",
    "open_hands",
    "reason_text",
    "review",
]

DEFAULT_BUDGET = 1000
"""The hands `evaluate` plays out by default, shared among the choices (at least
`MIN_DEALS` deals each), for a deal of up to 24 cards; bigger deals play out
proportionally fewer."""
MAX_BUDGET = 100_000
"""The most hands `evaluate` plays out for one decision (the bots' `MAX_PLAYOUTS`)."""
MIN_DEALS = 12
"""Every choice is played out on at least this many deals."""
MAX_CHOICES = 24
"""The most choices `evaluate` values: of a discard with more legal choices, the
heuristic's discard and others drawn at random up to this many (the same ones whatever the
seed)."""
_BUDGET_CARDS = 24
"""The deal the budget is for (as the expert's `budget_cards`)."""
_Z = 1.96
"""A 95% interval is the mean plus or minus this many standard errors."""


@attrs.frozen
class ActionValue:
    """What one choice is worth to the seat's side, from the deals sampled.

    Each value comes with its 95% interval (the mean plus or minus 1.96 standard errors
    over the deals; for `win`, at least 3/n of the way to 0 and to 1 over n deals, for an
    outcome the deals never showed): `points` is the side's expected score change this
    hand, `margin` its expected lead (its score change less the best other side's), and
    `win` the chance that the side wins the game after the hand, where the coach judges
    the game (the bots' table of chances: a target score, no called partner, and with
    more than two sides the presets that ship a table, at their own seat counts) and
    None elsewhere.
    """

    action: Action
    """The choice."""
    points: float
    """The expected change of the seat's side's score this hand."""
    points_interval: tuple[float, float]
    """The 95% interval of `points`."""
    margin: float
    """The expected score change of the seat's side less that of the best other side."""
    margin_interval: tuple[float, float]
    """The 95% interval of `margin`."""
    win: float | None
    """The chance (0 to 1) that the seat's side wins the game, or None where the coach
    does not judge the game (a hands limit, a called partner, more than two sides without
    a shipped table of chances)."""
    win_interval: tuple[float, float] | None
    """The 95% interval of `win` (None with it)."""
    chances: tuple[tuple[str, tuple[float, ...]], ...]
    """Each point of the rules (`"high"`, `"low"`, `"jack"`, `"game"`, ... in
    `Rules.points` order) and the chance that each side wins it (a point nobody wins,
    such as a jack not in play, adds up to less than 1)."""
    deals: int
    """How many deals the choice was played out on."""

    @property
    def value(self) -> float:
        """What the coach ranks choices by: `win` where it judges the game, else
        `margin`."""
        return self.margin if self.win is None else self.win

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of `value`."""
        return self.margin_interval if self.win_interval is None else self.win_interval


@attrs.frozen
class Evaluation:
    """Every choice of the seat to act, valued (see `evaluate`)."""

    seat: int
    """The seat whose choices these are."""
    values: tuple[ActionValue, ...]
    """Every choice valued, best first (by `ActionValue.value`; ties in the order of
    `PlayerView.legal_actions`)."""
    judges_game: bool
    """Whether the values are chances to win the game (else points, `margin`)."""
    complete: bool
    """Whether every legal action is valued (False: a discard with more than
    `MAX_CHOICES` choices, of which some were left out)."""

    @property
    def best(self) -> ActionValue:
        """The best choice."""
        return self.values[0]

    def value_of(self, action: Action) -> ActionValue:
        """The value of `action`.

        Raises:
            KeyError: `action` was not valued.
        """
        for value in self.values:
            if value.action == action:
                return value
        raise KeyError(str(action))

    @property
    def even(self) -> bool:
        """Whether every choice valued is worth the same (one choice, or equal values)."""
        return all(value.value == self.best.value for value in self.values)


@attrs.frozen
class Hint:
    """The coach's advice at a decision: the best choice and why, in a language."""

    action: Action
    """The best choice."""
    reason: str
    """One sentence of reason, in `lang`."""
    lang: str
    """The language of `reason`."""
    evaluation: Evaluation
    """The evaluation the advice comes from."""

    def __str__(self) -> str:
        return self.reason


def _check_budget(budget: object) -> int:
    """`budget` if it is a whole number from 1 to `MAX_BUDGET`.

    Raises:
        ValueError: it is not (the message names both bounds).
    """
    if not isinstance(budget, int) or isinstance(budget, bool) or not 1 <= budget <= MAX_BUDGET:
        raise ValueError(
            f"budget must be a whole number of at least 1 and at most {MAX_BUDGET:,}, "
            f"not {shown(budget)}"
        )
    return budget


def _check_seed(seed: object) -> int:
    if seed is None:
        return 0
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(
            f"the coach's seed must be a whole number (an int), not {type(seed).__name__}"
        )
    return seed


def _check_view(function: str, view: object) -> PlayerView:
    """`view` if the coach can value its choices: a `PlayerView` whose seat is to act."""
    if type(view) is not PlayerView:
        raise kind_error(function, "a PlayerView", view)
    if view.to_act != view.seat:
        if view.to_act is None:
            raise InvalidStateError(f"{function}: the game is over; nobody is to act")
        raise InvalidStateError(
            f"{function}: it is seat {view.to_act}'s turn, not seat {view.seat}'s (the coach "
            "values the choices of the seat to act)"
        )
    if not view.legal_actions:
        raise InvalidStateError(
            f"{function}: the view offers seat {view.seat} no legal action (observe offers "
            "the seat to act at least one; this view was built otherwise)"
        )
    return view


def evaluate(
    view: PlayerView,
    *,
    budget: int = DEFAULT_BUDGET,
    seed: int | None = None,
) -> Evaluation:
    """Every legal action of the seat to act, with what it is worth to the seat's side.

    Each choice is played out to the end of the hand on the same deals of the hidden cards
    (drawn uniformly among all the view admits, `setback.sample_states`) with the same
    luck, the rest of the hand played by the expert's quick rule (`MonteCarloBot`'s
    greedy playouts, leading by rule). Its value is the expected score change of the
    side, its lead over the best other side, the chance of every point for each side and,
    where the score matters, the chance of winning the game from the score the hand
    leaves (the expert's table of chances); each with a 95% interval.

    Args:
        view: the view of the seat to act (`observe(state, seat)`).
        budget: hands played out, shared among the choices (each is played out on at
            least `MIN_DEALS` deals); for a deal of more than 24 cards, proportionally
            fewer.
        seed: where the deals and the luck come from (None: 0); the same seed and view
            give the same evaluation.

    Returns:
        The `Evaluation`, best choice first.

    Raises:
        TypeError: `view` is not a `PlayerView`, or `seed` is not an int.
        ValueError: `budget` is not a whole number from 1 to `MAX_BUDGET`.
        InvalidStateError: it is not the view's seat's turn, or the view could not arise
            under its rules (as `loads` refuses it).
    """
    return _evaluate(view, budget, seed, (), "evaluate")


def _evaluate(
    view: object, budget: object, seed: object, extra: Sequence[Action], function: str
) -> Evaluation:
    view = _check_view(function, view)
    budget = _check_budget(budget)
    key = _check_seed(seed)
    check_observed(view)  # a view that could not arise under its rules is refused by name
    try:
        return _search(view, budget, key, extra)
    except SetbackError:
        raise
    except Exception:
        check_observed(view)  # a view that could not arise is refused by name
        raise


def _candidates(view: PlayerView, extra: Sequence[Action]) -> tuple[tuple[Action, ...], bool]:
    """The choices to value, and whether they are all of the legal ones (the same ones
    whatever the seed)."""
    legal = view.legal_actions
    if view.phase is Phase.DECLARE_TRUMP:
        legal = tuple(DeclareTrump(suit) for suit in Suit if DeclareTrump(suit) in legal)
    if len(legal) <= MAX_CHOICES:
        return legal, True
    wanted = [HeuristicBot(seed=0).choose(view), *(a for a in extra if a in legal)]
    rest = [a for a in legal if a not in wanted]
    picked = decision_rng(0, view).sample(rest, MAX_CHOICES - len(wanted))  # any seed's
    chosen = set(wanted) | set(picked)
    return tuple(a for a in legal if a in chosen), False


def _search(view: PlayerView, budget: int, seed: int, extra: Sequence[Action]) -> Evaluation:
    rules = view.rules
    rng = decision_rng(seed, view)
    candidates, complete = _candidates(view, extra)
    cards = rules.players * rules.deal
    if cards > _BUDGET_CARDS:
        budget = max(1, budget * _BUDGET_CARDS // cards)
    deals = max(MIN_DEALS, math.ceil(budget / len(candidates)))
    mine = rules.side_of(view.seat)
    sides = rules.side_count
    judge = outlook(rules) if applies(rules) else None
    names = [point.value for point in rules.points]
    points: list[list[float]] = [[] for _ in candidates]
    margins: list[list[float]] = [[] for _ in candidates]
    wins: list[list[float]] = [[] for _ in candidates]
    won = [[[0] * sides for _ in names] for _ in candidates]
    playout_rng = random.Random(0)
    policy = GreedyPolicy(rules, playout_rng, smart_leads=True)
    auction = view.phase is not Phase.PLAY or view.trump is None
    for state in sample_states(view, rng, deals):
        if auction:
            policy.estimates = _estimates(state.held, rules)
        playout_rng.seed(rng.getrandbits(64))
        start = playout_rng.getstate()
        for i, action in enumerate(candidates):
            playout_rng.setstate(start)  # every choice meets the same luck
            result = playout_hand(state, policy, first=action)
            changes = result.score_changes
            points[i].append(changes[mine])
            margins[i].append(margin(changes, mine))
            if judge is not None:
                wins[i].append(judge.chance(view.scores, mine, result))
            _count(won[i], result, names)
    values = []
    for i, action in enumerate(candidates):
        n = len(points[i])
        values.append(
            ActionValue(
                action=action,
                points=_mean(points[i]),
                points_interval=_interval(points[i]),
                margin=_mean(margins[i]),
                margin_interval=_interval(margins[i]),
                win=None if judge is None else _mean(wins[i]),
                win_interval=None if judge is None else _interval(wins[i], 0.0, 1.0),
                chances=tuple(
                    (name, tuple(count / n for count in won[i][p])) for p, name in enumerate(names)
                ),
                deals=n,
            )
        )
    order = sorted(range(len(values)), key=lambda i: -values[i].value)
    return Evaluation(
        seat=view.seat,
        values=tuple(values[i] for i in order),
        judges_game=judge is not None,
        complete=complete,
    )


def _estimates(held: Sequence[int], rules: Rules) -> dict[int, tuple[Suit, float]]:
    """Each seat's best trump and estimate, as the expert's auction search gives them to
    its playouts."""
    return {seat: best_suit(cards_of(cards), rules) for seat, cards in enumerate(held)}


def _count(won: list[list[int]], result: PlayoutResult, names: list[str]) -> None:
    for p, (name, side) in enumerate(result.awards):
        if side is not None and p < len(names) and names[p] == name:
            won[p][side] += 1


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _interval(
    values: Sequence[float], low: float = -math.inf, high: float = math.inf
) -> tuple[float, float]:
    """The 95% interval of the mean of `values`: the mean plus or minus 1.96 standard
    errors (normal), kept within `low` and `high`. Values bounded on both sides (a
    chance) may hide an outcome the deals never showed (a bid made once in a hundred
    deals): there the interval reaches at least 3/n of the way from the mean to each
    bound (the rule of three, the 95% bound of an event not seen in n tries)."""
    n = len(values)
    mean = _mean(values)
    if n < 2:
        return (max(low, mean), min(high, mean))
    spread = _Z * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    below = above = spread
    if math.isfinite(low) and math.isfinite(high):
        below = max(spread, _UNSEEN * (mean - low) / n)
        above = max(spread, _UNSEEN * (high - mean) / n)
    return (max(low, mean - below), min(high, mean + above))


_UNSEEN = 3.0
"""The rule of three: an event not seen in n tries has a chance below 3/n (95%)."""


# --- the hint ------------------------------------------------------------------------------


_LIKELY = 0.5
"""A point the hint names: the side wins it at least this often."""


def _number(value: float, lang: str, digits: int = 1) -> str:
    """`value` with the language's decimal mark."""
    text = f"{value:.{digits}f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]
    return text if lang == "en" else text.replace(".", ",")


def hint(
    view: PlayerView,
    *,
    budget: int = DEFAULT_BUDGET,
    seed: int | None = None,
    language: str = "en",
) -> Hint:
    """The best choice for the seat to act, and one sentence of reason in `language`.

    The choice is `evaluate`'s best; the sentence says what the seat's side expects this
    hand, the points it likely wins (each at least half the time) and, where the score
    matters, its chance of winning the game.

    Args:
        view: the view of the seat to act.
        budget: as `evaluate`'s.
        seed: as `evaluate`'s.
        language: `"en"`, `"de"`, `"sv"` or `"fr"` (`setback.text.LANGUAGES`).

    Returns:
        The `Hint`.

    Raises:
        LanguageError: `language` is not one of `setback.text.LANGUAGES`.
        TypeError, ValueError, InvalidStateError: as `evaluate`.

    Examples:
        >>> from setback import Rules, new_game, observe
        >>> tip = hint(observe(new_game(Rules.setback(), seed=3), 1), budget=64, seed=1)
        >>> tip.reason.startswith(str(tip.action))
        True
    """
    translation(language)  # an unknown language is refused before any search
    evaluation = _evaluate(view, budget, seed, (), "hint")
    assert isinstance(view, PlayerView)
    return Hint(
        action=evaluation.best.action,
        reason=reason_text(evaluation, view.rules, language),
        lang=language,
        evaluation=evaluation,
    )


def reason_text(evaluation: Evaluation, rules: Rules, lang: str = "en") -> str:
    """The hint's sentence for `evaluation`'s best choice, in `lang`: what the seat's side
    expects this hand, the points it likely wins, and its chance of winning the game.

    Raises:
        LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
    """
    gettext = translation(lang).gettext
    best = evaluation.best
    mine = rules.side_of(evaluation.seat)
    action = action_text(best.action, lang=lang)
    if len(evaluation.values) == 1:
        return gettext("{action}: it is your only choice.").format(action=action)
    likely = [
        gettext("{point} {chance}%").format(
            point=point_text(Point(name), lang=lang), chance=round(100 * chances[mine])
        )
        for name, chances in best.chances
        if chances[mine] >= _LIKELY
    ]
    named = ", ".join(likely) if likely else gettext("no point likely")
    points = _number(best.points, lang)
    if best.win is None:
        return gettext("{action}: your side expects {points} points this hand ({chances}).").format(
            action=action, points=points, chances=named
        )
    return gettext(
        "{action}: your side expects {points} points this hand ({chances}) and wins the game "
        "{win}% of the time."
    ).format(action=action, points=points, chances=named, win=round(100 * best.win))


# --- the review ----------------------------------------------------------------------------

NOISE_POINTS = 0.05
"""A decision costs something when its loss is above this many points (a chance to win
above `NOISE_GAME`): below it, sampling alone may make two equal choices differ."""
NOISE_GAME = 0.005
"""A decision costs something when its loss is above this chance of winning the game."""


@attrs.frozen
class Decision:
    """One decision of the reviewed seat: what it chose, what the coach would have chosen,
    and what the difference cost."""

    hand: int
    """The hand's number (0 for the first hand of the game)."""
    number: int
    """The action's number in the game's record (0 for the first action)."""
    phase: Phase
    """The phase of the decision (bidding, trump, discard, play, ...)."""
    chosen: Action
    """What the seat did."""
    best: Action
    """What the coach would have done (`chosen` where it is among the best)."""
    loss: float
    """What `chosen` cost against `best`, in the evaluation's unit (the chance to win
    the game where it judges the game, else points of lead; 0 when `chosen` is best)."""
    points_lost: float
    """What `chosen` cost in points of lead this hand (`ActionValue.margin`)."""
    evaluation: Evaluation
    """The evaluation of the decision (`chosen` is always among its values)."""


@attrs.frozen
class Review:
    """Every decision of one seat in a game, valued by the coach (see `review`)."""

    seat: int
    """The reviewed seat."""
    decisions: tuple[Decision, ...]
    """Every decision the seat made with more than one choice, in the order made."""
    judges_game: bool
    """Whether the losses are chances to win the game (else points of lead)."""

    @property
    def total_loss(self) -> float:
        """The sum of the decisions' losses."""
        return sum(decision.loss for decision in self.decisions)

    @property
    def costliest(self) -> tuple[Decision, ...]:
        """The one to three decisions that cost most, costliest first; none when no
        decision cost more than the noise of sampling (`NOISE_POINTS`, `NOISE_GAME`)."""
        noise = NOISE_GAME if self.judges_game else NOISE_POINTS
        costly = [decision for decision in self.decisions if decision.loss > noise]
        costly.sort(key=lambda decision: -decision.loss)
        return tuple(costly[:3])

    def text(self, *, lang: str = "en") -> str:
        """The review as lines of text in `lang`: every decision, then the costliest.

        Raises:
            LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
        """
        gettext = translation(lang).gettext
        lines = [decision_text(decision, self.judges_game, lang) for decision in self.decisions]
        costliest = self.costliest
        if not costliest:
            lines.append(
                gettext("No decision cost anything: every choice was as good as the best.")
            )
        for decision in costliest:
            lines.append(
                gettext("Costly: {decision}").format(
                    decision=decision_text(decision, self.judges_game, lang)
                )
            )
        return "\n".join(lines)

    def svg(self, *, lang: str = "en") -> str:
        """The review as an SVG picture: a strip of the decisions in order, each a cell
        coloured by its loss (green for none, any loss from yellow to red for a point or a
        tenth of the game or more), with the choice made and the hand it belongs to.

        Raises:
            LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
        """
        return _strip_svg(self, lang)


def decision_text(decision: Decision, judges_game: bool, lang: str = "en") -> str:
    """One decision in a line of text: the hand, the phase, the choice, the coach's and the
    loss.

    Raises:
        LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
    """
    gettext = translation(lang).gettext
    chosen = action_text(decision.chosen, lang=lang)
    phase = phase_text(decision.phase, lang=lang)
    if decision.loss <= 0:
        return gettext("Hand {number}, {phase}: {chosen}, the coach's choice too.").format(
            number=decision.hand + 1, phase=phase, chosen=chosen
        )
    return gettext("Hand {number}, {phase}: {chosen}; the coach: {best}; it cost {loss}.").format(
        number=decision.hand + 1,
        phase=phase,
        chosen=chosen,
        best=action_text(decision.best, lang=lang),
        loss=_loss_text(decision.loss, judges_game, lang),
    )


def _loss_text(loss: float, judges_game: bool, lang: str) -> str:
    """A loss above 0 in words: to a tenth of a percent of the game (a hundredth where it is
    smaller), or to a hundredth of a point; one that rounds to nothing there is "< 0.01"."""
    gettext = translation(lang).gettext
    if judges_game:
        digits = 1 if 100 * loss >= 0.095 else 2
        return gettext("{chance}% of the game").format(chance=_small(100 * loss, lang, digits))
    return gettext("{points} points").format(points=_small(loss, lang, 2))


def _small(value: float, lang: str, digits: int) -> str:
    """`value` (above 0) to `digits` decimals, or "< 0.01" (0.001, ...) where it rounds to 0."""
    if round(value, digits) <= 0:
        return "< " + _number(10.0**-digits, lang, digits)
    return _number(value, lang, digits)


def review(
    record: GameRecord,
    seat: int,
    *,
    budget: int = DEFAULT_BUDGET,
    seed: int | None = None,
    hand: int | None = None,
) -> Review:
    """Every decision `seat` made in the game of `record`, valued by the coach.

    Each decision with more than one choice is evaluated (`evaluate`, from the seat's
    view as it was) with the choice made among the values; its loss is what the best
    choice was worth more (in the chance to win the game where the coach judges it, else
    in points of lead). A record that stops inside a hand is reviewed as far as it goes.

    Args:
        record: the game (`game_record(state)`, `read_ptn(text)`, `loads(...)`).
        seat: the reviewed seat.
        budget: as `evaluate`'s, for each decision.
        seed: as `evaluate`'s.
        hand: review only this hand (0 for the first), or every hand (None).

    Returns:
        The `Review`.

    Raises:
        TypeError: `record` is not a `GameRecord`, or `seat`, `hand` or `seed` not an
            int.
        RulesError: there is no such seat.
        ValueError: `budget` is out of range, or `hand` is negative.
        InvalidStateError: the record does not replay (`replay` says which action).
    """
    if type(record) is not GameRecord:
        raise kind_error("review", "a GameRecord", record)
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise kind_error("review's seat", "an int", seat)
    if not 0 <= seat < record.rules.players:
        raise RulesError(f"no seat {seat}: the seats are 0 to {record.rules.players - 1}")
    if hand is not None and (not isinstance(hand, int) or isinstance(hand, bool)):
        raise kind_error("review's hand", "an int or None", hand)
    if hand is not None and hand < 0:
        raise ValueError(f"hand must be 0 or more (the first hand is 0), not {hand}")
    _check_budget(budget)
    _check_seed(seed)
    replay(record)  # a record that does not replay is refused before any search
    state = new_game_as(record)
    decisions = []
    for number, action in enumerate(record.actions):
        if state.to_act == seat and (hand is None or state.hand_number == hand):
            view = observe(state, seat)
            if len(view.legal_actions) > 1:
                evaluation = _evaluate(view, budget, seed, (action,), "review")
                best, chosen = evaluation.best, evaluation.value_of(action)
                if chosen.value >= best.value:
                    best = chosen
                decisions.append(
                    Decision(
                        hand=state.hand_number,
                        number=number,
                        phase=view.phase,
                        chosen=action,
                        best=best.action,
                        loss=best.value - chosen.value,
                        points_lost=best.margin - chosen.margin,
                        evaluation=evaluation,
                    )
                )
        state = apply_action(state, action)
    return Review(seat=seat, decisions=tuple(decisions), judges_game=applies(record.rules))


def _loss_colour(loss: float, judges_game: bool) -> str:
    """Green for no loss; any loss from yellow to red at a point (a tenth of the game)."""
    full = 0.1 if judges_game else 1.0
    x = max(0.0, min(1.0, loss / full))
    if x <= 0:
        return "#2e7d32"
    return f"#ff{round(200 * (1 - x)):02x}30"


def _ink(fill: str) -> str:
    """The label's colour on `fill`: black on yellow and orange, white on green and red."""
    red, green = int(fill[1:3], 16), int(fill[3:5], 16)
    return "#000000" if red == 255 and green >= 100 else "#ffffff"


def _strip_svg(review: Review, lang: str) -> str:
    gettext = translation(lang).gettext
    cell, gap, top = 44.0, 4.0, 30.0
    count = max(1, len(review.decisions))
    title = gettext("Review of seat {seat}").format(seat=review.seat)
    # as wide as its cells, or as its title (bold 14 px: at most 9.5 px a letter)
    width = 16 + max(count * (cell + gap), math.ceil(9.5 * len(title)))
    height = top + cell + 40
    costly = {decision.number for decision in review.costliest}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label={quoteattr(title)} '
        f"font-family={quoteattr(FONT)}>",
        f"<title>{escape(title)}</title>",
        f'<rect width="{width:g}" height="{height:g}" fill="#ffffff"/>',
        f'<text x="8" y="20" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]
    last_hand = None
    for i, decision in enumerate(review.decisions):
        x = 8 + i * (cell + gap)
        words = decision_text(decision, review.judges_game, lang)
        edge = ' stroke="#000000" stroke-width="3"' if decision.number in costly else ""
        fill = _loss_colour(decision.loss, review.judges_game)
        parts.append(
            f'<g><title>{escape(words)}</title><rect x="{x:g}" y="{top:g}" width="{cell:g}" '
            f'height="{cell:g}" rx="4" fill="{fill}"{edge}/>'
        )
        label = action_text(decision.chosen, lang=lang).split(" ")[-1]
        parts.append(
            f'<text x="{x + cell / 2:g}" y="{top + cell / 2 + 5:g}" font-size="12" '
            f'text-anchor="middle" fill="{_ink(fill)}">{escape(label[:6])}</text></g>'
        )
        if decision.hand != last_hand:
            number = gettext("Hand {number}").format(number=decision.hand + 1)
            parts.append(
                f'<text x="{x:g}" y="{top + cell + 16:g}" font-size="11">{escape(number)}</text>'
            )
            last_hand = decision.hand
    parts.append("</svg>")
    return "\n".join(parts)


# --- every hand face up --------------------------------------------------------------------


@attrs.frozen
class TrumpRow:
    """One row of the open-hand table: the hand's exact result with one trump."""

    trump: Suit
    """The trump."""
    first: Action | None
    """The pitcher's best choice that names it (`DeclareTrump`, or the first lead of that
    suit where the first lead names trump); None when the row is the trump in force."""
    value: int
    """The exact lead of the pitcher's side (its score change less the best other
    side's) when everyone plays their best with every card seen."""
    score_changes: tuple[int, ...]
    """Each side's score change at the end of the best play."""
    made: bool | None
    """Whether the pitcher's side makes its contract with the best play."""


@attrs.frozen
class OpenAnalysis:
    """A hand analysed with every card face up (see `open_hands`)."""

    state: GameState
    """The position analysed."""
    side: int
    """The side of the seat to act, whose lead `moves` gives."""
    moves: tuple[tuple[Action, int], ...]
    """Every legal action of the seat to act and its exact lead for `side` (its score
    change less the best other side's), best first."""
    line: tuple[Action, ...]
    """The best play from the position to the end of the hand (the first is `moves`'
    best)."""
    score_changes: tuple[int, ...]
    """Each side's score change at the end of `line`."""
    table: tuple[TrumpRow, ...]
    """The exact result for each trump the pitcher could name, where the position is his
    choice of trump (or the first lead that names it); else one row, the trump in force."""

    def svg(self, *, lang: str = "en") -> str:
        """The analysis as an SVG picture: every hand face up, the table of trumps and
        the best line.

        Raises:
            LanguageError: `lang` is not one of `setback.text.LANGUAGES`.
        """
        return _open_svg(self, lang)


class _OpenSolver(Solver):
    """`Solver` from any trick of trick play, the first too (its rule of following is
    `open_cards`' with the first trick's flag and, in trumps-only play, the called card
    that its holder must play to the first trick), for exact values by null-window searches
    (MTD(f)): a position at a trick's start keeps both bounds of its value found so far and
    the card that did best there, tried first when it is met again. Positions that differ
    only in which cards of a run (`_runs`: cards alike but for rank) are gone share their
    bounds (`position_key`), only one card of such cards in a hand is tried, and the cards
    are tried in the order of `ordered`."""

    def __init__(self, state: GameState, mine: int, memo: _Memo, bounds: _Bounds) -> None:
        super().__init__(state, mine, memo)
        self.bounds = bounds
        # the trumps whose capturer may score: the cards of the rules' points (the jack,
        # the ten, ...) and the lowest trump in play where Low goes to its capturer; who
        # captures any other trump changes no score
        scoring = 0
        for point in self.rules.points:
            card = point.card(self.trump)
            if card is not None:
                scoring |= 1 << card
        if Point.LOW in self.rules.points and self.rules.low_to is LowTo.CAPTURER:
            scoring |= self.lowest_trump(state)
        self.scoring = scoring
        self.called = state.hand.setup.must_play  # played in the first trick (trumps only)
        self.game = Point.GAME in self.rules.points  # card points count for Game alone
        table = self.table_of_trump
        self.runs = _runs(table, scoring, self.game)
        self.alike = sum(1 << index for run in self.runs for index in run)
        self.above = [-1] * len(table.suits)  # the next card up its run (-1: none)
        for run in self.runs:
            for lower, higher in itertools.pairwise(run):
                self.above[lower] = higher
        self.relabelled: dict[int, tuple[int, ...]] = {}  # `alike_hands`, by cards held
        # `mate_after[seat][count]`: whether a teammate of `seat` (the side `mine`, or the
        # sides against it) is among the `count` seats that play after it to a trick, where
        # two partners play against two (second hand low searched fewer positions there,
        # and up to three times more where more seats play against two, at six players)
        players = len(self.hands)
        ours = sum(1 for seat in range(players) if self.side_of[seat] == mine)
        self.mate_after = [
            [
                ours * 2 == players == 4
                and any(
                    (self.side_of[(seat + k) % players] == mine) == (self.side_of[seat] == mine)
                    for k in range(1, count + 1)
                )
                for count in range(players)
            ]
            for seat in range(players)
        ]
        # what a card in a trick is worth to its taker, for the order of search: its card
        # points where Game is played, and 20 for a scoring card
        self.worth = [
            (CARD_POINTS[index] if self.game else 0) + (20 if scoring >> index & 1 else 0)
            for index in range(len(table.suits))
        ]
        self.playable = self.trump_mask if self.rules.trumps_only else -1  # cards ever played
        # the card points of the hand's cards: taken, on the table and held (a constant)
        cards = 0
        for _, played in self.trick_plays:
            cards |= 1 << played
        for held in self.hands:
            cards |= held
        self.card_points_total = sum(self.points) + card_points_of(cards)
        rules, contract = self.rules, state.contract  # who took tricks counts for these alone
        self.all_tricks = contract is not None and (
            contract == rules.smudge_contract
            or (contract == rules.shoot_contract and rules.shoot is ShootFor.ALL_TRICKS)
        )
        # a plain bid without a called partner: the points still open bound the value
        # (`value_range`); a Smudge or a shoot asks more than points
        self.bounded = (
            contract is not None
            and contract not in (rules.smudge_contract, rules.shoot_contract)
            and not rules.call_partner
        )
        self.ranges: dict[tuple[object, ...], tuple[int, int]] = {}
        # `value_range`'s least and most, by the points certain and those each side may take
        self.margins: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] = {}
        self.games: dict[tuple[int, ...], tuple[int, ...]] = {}  # `game_points`, by points

    def lowest_trump(self, state: GameState) -> int:
        """The lowest trump in play in `state`'s hand, a bit set (0: no trump is)."""
        in_play = 0
        for held in self.hands:
            in_play |= held
        for trick in (*state.tricks, *(() if state.trick is None else (state.trick,))):
            for _, played in trick.plays:
                in_play |= 1 << played.index
        in_play &= self.trump_mask
        for index in reversed(self.table_of_trump.order):
            if index < JOKERS_FROM and in_play >> index & 1:
                return 1 << index
        return 0

    def last_trick(self) -> bool:
        """Whether every seat holds at most one card it could still play (a trump, under
        trumps-only play, where the others are never played): the rest of the hand is
        forced. A seat alone with one card is not enough under trumps-only play, where
        the others may hold more trumps."""
        playable = self.playable
        return all(not cards & playable & ((cards & playable) - 1) for cards in self.hands)

    def choices(self, seat: int, plays: list[tuple[int, int]]) -> int:
        lead = plays[0][1] if plays else -1
        first = self.tricks == 0
        return open_cards(
            self.rules, self.table_of_trump, self.hands[seat], lead, first, self.called
        )[0]

    def _node(self, seat: int, plays: list[tuple[int, int]], alpha: int, beta: int) -> int:
        self.nodes += 1
        key = None
        lower, upper, first = -_INFINITY, _INFINITY, -1
        if not plays:
            key = self.position_key(seat)
            entry = self.bounds.get(key)
            if entry is None:
                if len(self.bounds) >= _POSITIONS_KEPT:
                    self.forget()
                if self.bounded:  # first met: the points still open bound it
                    least, most = self.value_range(key)
                    entry = self.bounds[key] = (least, most, -1)
            if entry is not None:
                lower, upper, first = entry
                if lower >= beta or lower == upper:
                    return lower
                if upper <= alpha:
                    return upper
                alpha = max(alpha, lower)
                beta = min(beta, upper)
        choices = self.choices(seat, plays)
        if not choices & (choices - 1):  # one card: no search
            value = self._after(seat, choices.bit_length() - 1, plays, alpha, beta)
            if key is not None and self.last_trick():  # every play forced: exact
                self.bounds[key] = (value, value, -1)
            return value
        moves = self.ordered(seat, choices, plays)
        if first >= 0 and moves[0] != first and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        maximizing = self.side_of[seat] == self.mine
        value = -_INFINITY if maximizing else _INFINITY
        best = -1
        low, high = alpha, beta
        for card in moves:
            got = self._after(seat, card, plays, low, high)
            if maximizing:
                if got > value:
                    value, best = got, card
                    low = max(low, got)
            elif got < value:
                value, best = got, card
                high = min(high, got)
            if low >= high:
                break
        if key is not None:
            if value <= alpha:
                upper = value
            elif value >= beta:
                lower = value
            else:
                lower = upper = value
            self.bounds[key] = (lower, upper, best)
        return value

    def _leaf(self) -> int:
        """The value at the hand's end: under a plain bid (`bounded`), with no card left,
        every point is certain (`points.certain_points`) and settled as `value_range`
        settles them; else (a Smudge, a shoot, a called partner) `Solver`'s, the hand
        played out."""
        if not self.bounded:
            return super()._leaf()
        key = self.end_key()
        value = self.memo.get(key)
        if value is None:
            certain, open_points = self.certain(0)
            assert not any(open_points), "every point is certain at the hand's end"
            value = self.memo[key] = self._margin(certain, self.mine, open_points)
        return value

    def forget(self) -> None:
        """Make room in the table of positions (`bounds`), full at `_POSITIONS_KEPT`: drop
        the positions nearest the hand's end, the cheapest to search again, a number of
        cards held at a time, until at most half remain; clear the caches that grow with
        the positions met (`relabelled`, `ranges`), and the ends of lines (`memo`) once
        they hold as many as half the table. Only time is lost: a position dropped is
        searched again when met."""
        bounds = self.bounds
        by_cards: dict[int, list[tuple[object, ...]]] = {}  # by the cards still held
        for key in bounds:
            hands = key[0]
            assert isinstance(hands, tuple)
            by_cards.setdefault(sum(cards.bit_count() for cards in hands), []).append(key)
        for cards in sorted(by_cards):
            if len(bounds) <= _POSITIONS_KEPT // 2:
                break
            for key in by_cards[cards]:
                del bounds[key]
        self.relabelled.clear()
        self.ranges.clear()
        if len(self.memo) >= _POSITIONS_KEPT // 2:
            self.memo.clear()

    def ordered(self, seat: int, choices: int, plays: list[tuple[int, int]]) -> list[int]:
        """The cards of `choices` (`seat`'s, to the trick `plays`) worth trying, in the
        order to try them: of cards of one run (`runs`) with no other card of it still out
        between them (in a hand but not among `choices`, or on the table), only the
        strongest, which plays as any of them would. A lead: the highest trump still held
        first (if the seat holds it), then the suits that the other team can answer in
        the fewest ways (`replies`), the strongest first among equals.
        A card to a trick that the seat's own team (the side `mine`, or the sides against
        it) is winning: the cards that leave it so, those worth most first (the points a card
        scores, `worth`), then the cheapest that take it. To a trick the other team is
        winning, with a teammate still to play where two partners play against two: the
        cards that leave it so, those worth least first, then those that take it (second
        hand low); else the cards that take it (from the strongest, the weakest first
        where nobody plays after), then the cards worth least first."""
        alike = choices & self.alike
        if alike:
            others = self.out_but(choices, plays)
            stand_in = self.stand_in
            while alike:
                low = alike & -alike
                alike ^= low
                card = low.bit_length() - 1
                if stand_in(card, choices, others) != card:
                    choices ^= low
        kept = []
        while choices:
            low = choices & -choices
            choices ^= low
            kept.append(low.bit_length() - 1)
        if not plays:
            if len(kept) > 1:
                replies = self.replies(seat, kept)
                suits, order = self.suits, self.lead_order
                top = self.top_trump()
                kept.sort(key=lambda card: (card != top, replies[suits[card]], -order[card]))
            return kept
        if len(kept) < 2:
            return kept
        power = self.power[self.suits[plays[0][1]]]
        winner, best = -1, -1
        for played_seat, card in plays:
            if power[card] > best:
                winner, best = played_seat, power[card]
        mine, side_of, worth = self.mine, self.side_of, self.worth
        if (side_of[winner] == mine) == (side_of[seat] == mine):  # its team is winning
            leave_first, take, leave = True, 1, -1  # the most worth, then the cheapest take
        elif len(plays) == len(self.hands) - 1:  # the last to play
            leave_first, take, leave = False, 1, 1  # the cheapest take, then the least worth
        elif self.mate_after[seat][len(self.hands) - 1 - len(plays)]:  # second hand low
            leave_first, take, leave = True, -1, 1
        else:
            leave_first, take, leave = False, -1, 1  # the strongest take first
        # one key a card (a power is under 1000, a worth under 100): the group first, then
        # the power of a card that takes the trick or the worth of one that leaves it,
        # the stronger first where those are equal
        kept.sort(
            key=lambda card: (
                ((power[card] > best) == leave_first) * 10**6
                + (
                    take * power[card]
                    if power[card] > best
                    else leave * 1000 * worth[card] - power[card]
                )
            )
        )
        return kept

    def top_trump(self) -> int:
        """The highest trump still held (-1: none), asked at a lead."""
        held = self.out_but(0, [])
        for index in self.table_of_trump.order:
            if held >> index & 1:
                return index
        return -1

    def replies(self, seat: int, leads: list[int]) -> dict[Suit, int]:
        """For each suit of `leads` (cards `seat` may lead), how many ways the other
        team (the side `mine`, or the sides against it) can answer a lead of it: the
        product of its seats' counts of cards they could play to it. To prove a lead
        good the search must try every one of them, so a lead with fewer is the cheaper
        to prove."""
        team = self.side_of[seat] == self.mine
        others = [
            other for other in range(len(self.hands)) if (self.side_of[other] == self.mine) != team
        ]
        replies: dict[Suit, int] = {}
        for card in leads:
            suit = self.suits[card]
            if suit not in replies:
                count = 1
                for other in others:  # a seat with no card left is not counted
                    count *= max(1, self.choices(other, [(seat, card)]).bit_count())
                replies[suit] = count
        return replies

    def out_but(self, cards: int, plays: list[tuple[int, int]]) -> int:
        """The cards still out but `cards` (bit sets): in the hands, and on the table in
        the trick `plays`."""
        out = 0
        for held in self.hands:
            out |= held
        for _, played in plays:
            out |= 1 << played
        return out & ~cards

    def stand_in(self, card: int, cards: int, others: int) -> int:
        """The strongest of `cards` (a bit set: one seat's cards, `card` among them) that
        plays as `card` would: up `card`'s run (`runs`) past the cards gone and `cards`,
        as long as no card of `others` (still out: in another hand, or on the table) comes
        between. `card` itself if none does, or it is in no run."""
        above = self.above
        stand = card
        higher = above[card]
        while higher >= 0 and not others >> higher & 1:
            if cards >> higher & 1:
                stand = higher
            higher = above[higher]
        return stand

    def value_range(self, position: tuple[object, ...]) -> tuple[int, int]:
        """At a trick's start (`position`: its `position_key`), the least and the most
        the position can be worth: the points already certain (`points.certain_points`,
        told each side's cards: who can still capture a scoring trump, who is sure of the
        card points of the highest trumps) settled with every point still open taken by
        one other side, or by the side `mine`. Under a plain bid's settlement `mine`'s
        margin never drops when it takes more points and never rises when another side
        does (with more than two sides each side's change depends on its own points
        alone; Cinch's difference has two sides), so the true value lies between.
        Remembered by what decides it: the scoring trumps captured and still held,
        `game_points` (the position key's), the card points still to be played and each
        side's trumps; and the settlements by the points they settle."""
        held = 0
        for cards in self.hands:
            held |= cards
        held &= self.playable  # under trumps-only play the others are never played
        holding = [0] * self.sides  # each side's cards still held (trumps only, as `held`)
        for seat, cards in enumerate(self.hands):
            holding[self.side_of[seat]] |= cards & held
        trumps = self.trump_mask
        key = (
            position[2],
            held & self.scoring,
            position[3],
            card_points_of(held),
            tuple([cards & trumps for cards in holding]),  # who can capture, who is sure
        )
        known = self.ranges.get(key)
        if known is None:
            certain, may_take = self.certain(held, holding)
            known = self.margins.get((certain, may_take))
            if known is None:
                mine = self.mine
                most = self._margin(certain, mine, may_take)
                least = min(
                    self._margin(certain, side, may_take)
                    for side in range(self.sides)
                    if side != mine
                )
                known = self.margins[certain, may_take] = (least, most)
            self.ranges[key] = known
        return known

    def certain(
        self, held: int, holding: Sequence[int] | None = None
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """`points.certain_points` of the line so far, with the cards `held` still to be
        played (each side's part of them, `holding`, at a trick's start)."""
        rules = self.rules
        return certain_points(
            rules.points,
            self.table_of_trump,
            rules.low_to,
            self.played,
            self.captured,
            self.points,
            held,
            holding,
        )

    def _margin(self, certain: Sequence[int], taker: int, may_take: Sequence[int]) -> int:
        """`mine`'s margin (its score change less the best other side's) if the side
        `taker` takes every open point it may (`may_take`) beside the points `certain`."""
        points = list(certain)
        points[taker] += may_take[taker]
        root = self.root
        assert root.pitcher is not None and root.contract is not None
        _, changes = settle(self.rules, root.pitcher, root.contract, (), tuple(points))
        return margin(changes, self.mine)

    def position_key(self, seat: int) -> tuple[object, ...]:
        """What a position at a trick's start is remembered by: every hand, the seat to
        lead, and what the hand's score may depend on so far (`end_key`'s, of the captured
        trumps those whose capturer may score, of the card points what `game_points`
        keeps, and which sides took tricks only where a contract asks for every trick)."""
        held = 0
        for cards in self.hands:
            held |= cards
        hands = self.relabelled.get(held)
        if hands is None:
            hands = self.relabelled[held] = self.alike_hands(held)
        scoring = self.scoring
        captured = tuple([cards & scoring for cards in self.captured])
        won = self.won if self.all_tricks else 0
        return (hands, seat, captured, self.game_points(), won)

    def alike_hands(self, held: int) -> tuple[int, ...]:
        """Every hand (`held`: the cards in them all) with each run's cards still held
        relabelled as the run's lowest: positions that differ only in which cards of a
        run are gone play alike, card for card, and share this key."""
        relabel: dict[int, int] = {}
        for run in self.runs:
            lowest = iter(run)
            for index in run:
                if held >> index & 1:
                    relabel[index] = next(lowest)
        alike = self.alike
        hands = []
        for cards in self.hands:
            kept = cards & ~alike
            rest = cards & alike
            while rest:
                low = rest & -rest
                rest ^= low
                kept |= 1 << relabel[low.bit_length() - 1]
            hands.append(kept)
        return tuple(hands)

    def game_points(self) -> tuple[int, ...] | None:
        """What the card points taken so far can still change: nothing without Game (None);
        with it, each side's points that can still take Game or tie for it, less the
        fewest of them (who takes Game depends on their differences alone), and -1 for
        each side that cannot reach the leader's points even with every card point still
        held. Positions that differ only in what this leaves out have one value."""
        if not self.game:
            return None
        points = tuple(self.points)
        known = self.games.get(points)
        if known is None:
            reach = self.card_points_total - sum(points)  # at a trick's start: those held
            near = game_contenders(points, reach)
            least = min(points[side] for side in near)
            known = self.games[points] = tuple(
                [p - least if side in near else -1 for side, p in enumerate(points)]
            )
        return known

    def search(self, after: int, alpha: int, beta: int) -> int:
        """The value of the position (with `after` a card: once the seat to act plays it)
        if strictly between `alpha` and `beta`; else a bound of it beyond the one it
        crossed."""
        seat = self.root.to_act
        assert seat is not None
        plays = list(self.trick_plays)
        if after >= 0:
            return self._after(seat, after, plays, alpha, beta)
        return self._node(seat, plays, alpha, beta)

    def exact(self, after: int = -1, guess: int = 0) -> int:
        """The exact value of the position (with `after` a card: once the seat to act
        plays it), by null-window searches from `guess` (MTD(f))."""
        lower, upper = -_INFINITY, _INFINITY
        value = guess
        while lower < upper:
            bound = max(value, lower + 1)
            value = self.search(after, bound - 1, bound)
            if value < bound:
                upper = value
            else:
                lower = value
        return value

    def keeping(self, target: int) -> int:
        """A card of the seat to act that keeps the exact value `target` (the position's
        own value): the first found by a null-window search, far cheaper than a full
        one."""
        seat = self.root.to_act
        assert seat is not None
        plays = list(self.trick_plays)
        maximizing = self.side_of[seat] == self.mine
        moves = self.ordered(seat, self.choices(seat, plays), plays)
        for card in moves:
            if maximizing and self._after(seat, card, plays, target - 1, target) >= target:
                return card
            if not maximizing and self._after(seat, card, plays, target, target + 1) <= target:
                return card
        raise AssertionError("no card keeps the position's value")


_INFINITY = 10**9
"""Beyond every value."""

_POSITIONS_KEPT = 200_000
"""The most positions a table of `open_hands` keeps the bounds of (about 500 bytes each,
with the caches that grow beside them: some 100 MB), so that its memory stays bounded
however long its search; `_OpenSolver.forget` makes room. There is one table a trump, so
at the pitcher's choice of trump up to four are kept at once (the largest measured held
55,000 positions)."""


def _runs(table: TrumpTable, scoring: int, game: bool) -> list[list[int]]:
    """The runs of cards alike but for rank under `table`, each weakest first: cards of
    one suit (as it follows) that touch in its order of strength, none of them `scoring`
    (a bit set: the cards whose capturer may score) nor, where Game is played (`game`),
    with card points. Which card of a run a seat holds matters only against the run's
    other cards still out."""
    runs: list[list[int]] = []
    for suit in sorted(set(table.suits)):
        strength = table.power[suit]
        run: list[int] = []
        for index in sorted(
            (index for index, of in enumerate(table.suits) if of is suit),
            key=strength.__getitem__,
        ):
            if (game and CARD_POINTS[index]) or scoring >> index & 1:
                run = []
                continue
            if not run:
                runs.append(run)
            run.append(index)
    return [run for run in runs if len(run) > 1]


def _check_open(state: GameState) -> None:
    if state.is_over:
        raise InvalidStateError("open_hands: the game is over; there is no hand to analyse")


def _solver(state: GameState, mine: int, memo: _Memo, table: _Table) -> _OpenSolver:
    # positions are keyed by every card: one table serves the hand
    return _OpenSolver(state, mine, memo, table)


_Memo = dict[tuple[object, ...], int]
_Bounds = dict[tuple[object, ...], tuple[int, int, int]]
"""Positions at a trick's start: the lower and upper bounds of each one's value found so
far, and the card that did best there (-1: none)."""
_Table = _Bounds


def _solved(state: GameState, mine: int, memo: _Memo, table: _Table) -> list[tuple[Action, int]]:
    """Every legal card of the seat to act in trick play (trump known) and its exact
    value for the side `mine`."""
    legal = [action for action in legal_actions(state) if isinstance(action, Play)]
    solver = _solver(state, mine, memo, table)
    cards = sum(1 << action.card.index for action in legal)
    others = solver.out_but(cards, solver.trick_plays)
    stands = [solver.stand_in(action.card.index, cards, others) for action in legal]
    values: dict[int, int] = {}  # each card searched (one for cards alike): its value
    last = 0
    for stand in stands:  # each from the last one's value: neighbours are often equal
        if stand not in values:
            last = values[stand] = solver.exact(stand, last)
    return [(action, values[stand]) for action, stand in zip(legal, stands, strict=True)]


def _best_line(
    state: GameState, mine: int, memo: _Memo, table: _Table, target: int | None = None
) -> tuple[tuple[Action, ...], GameState]:
    """The best play from `state` to the end of its hand (the side `mine` maximising,
    every other side against it), and the state it leaves (`target`: the position's
    value, if known)."""
    number = state.hand_number
    line: list[Action] = []
    while state.hand_number == number and not state.is_over and state.phase is Phase.PLAY:
        solver = _solver(state, mine, memo, table)
        if target is None:
            target = solver.exact()
        card = solver.keeping(target)  # the value holds along the best line
        action = Play(CARDS[card])
        line.append(action)
        state = apply_action(state, action)
    return tuple(line), state


def _hand_end(before: GameState, after: GameState) -> HandResult:
    assert len(after.history) > len(before.history)
    return after.history[len(before.history)]


def _value(state: GameState, mine: int, memo: _Memo, table: _Table, guess: int = 0) -> int:
    """The exact value of `state` (trick play, trump known) for the side `mine` (its
    search starting from `guess`)."""
    return _solver(state, mine, memo, table).exact(guess=guess)


def _row(
    state: GameState,
    first: Action | None,
    memo: _Memo,
    table: _Table,
    target: int | None = None,
) -> tuple[TrumpRow, tuple[Action, ...]]:
    """The exact result of the hand from trick play with the trump known (`state`), for
    the pitcher's side, and the best line to it (`target`: the position's value for the
    pitcher's side, if known)."""
    mine = state.rules.side_of(_pitcher(state))
    line, end = _best_line(state, mine, memo, table, target)
    return _row_at(state, first, end), line


def _row_at(state: GameState, first: Action | None, end: GameState) -> TrumpRow:
    """The row of the hand from `state` played to `end` along a best line for the
    pitcher's side."""
    result = _hand_end(state, end)
    changes = result.score_changes
    value = margin(changes, state.rules.side_of(_pitcher(state)))
    return TrumpRow(_trump(state), first, value, changes, result.made)


def open_hands(game: GameState | GameRecord) -> OpenAnalysis:
    """The hand of `game` with every card face up: the exact value of every choice of the
    seat to act, the best play to the end of the hand, and the exact result of the hand
    for every trump the pitcher could name.

    Every seat plays its best seeing every card (an exact search: `SolverBot`'s solver,
    from any trick); the seat to act's side maximises its lead (its score change less
    the best other side's), every other side plays against it. The table of trumps (like
    bridge's double-dummy table) is for the pitcher's choice: where the position is his
    naming of trump (with no discard to come) or his first lead that names it, one row a
    suit he could name; elsewhere one row, the trump in force.

    Args:
        game: a game in trick play, or at the pitcher's choice of trump with trick play
            next (a `GameState`, or a `GameRecord`, replayed).

    Returns:
        The `OpenAnalysis`.

    Raises:
        TypeError: `game` is neither a `GameState` nor a `GameRecord`.
        InvalidStateError: the record does not replay, the game is over, the position is
            not trick play nor the choice of a trump followed by trick play.

    Examples:
        >>> from setback import Rules, apply_action, new_game
        >>> state = new_game(Rules.setback(), seed=3)
        >>> for action in ("pass", "pass", "pass", "bid 2"):
        ...     state = apply_action(state, action)
        >>> analysis = open_hands(state)
        >>> [row.trump.symbol for row in analysis.table]
        ['♣', '♦', '♠']
    """
    if type(game) is GameRecord:
        game = replay(game)
    if type(game) is not GameState:
        raise kind_error("open_hands", "a GameState or a GameRecord", game)
    state = game
    _check_open(state)
    seat = state.to_act
    assert seat is not None
    side = state.rules.side_of(seat)
    if state.phase is Phase.DECLARE_TRUMP:
        named: list[tuple[Action, GameState]] = []
        for action in legal_actions(state):
            after = apply_action(state, action)
            if after.phase is not Phase.PLAY or after.hand_number != state.hand_number:
                raise InvalidStateError(
                    "open_hands: discards come after the trump here; the table is solved "
                    "for trick play, analyse the hand once it begins"
                )
            named.append((action, after))
    elif state.phase is Phase.PLAY and state.trump is None:  # the first lead names trump
        named = [(action, apply_action(state, action)) for action in legal_actions(state)]
    elif state.phase is Phase.PLAY:
        memo: _Memo = {}
        table: _Table = {}
        solved = _solved(state, side, memo, table)
        moves = tuple(sorted(solved, key=lambda move: -move[1]))
        after = apply_action(state, moves[0][0])
        line, end = _best_line(after, side, memo, table)
        if state.rules.side_of(_pitcher(state)) == side or state.rules.side_count == 2:
            # the analysis's best line is the pitcher side's best too: his side's own
            # search, or with two sides the other's (one side's lead is the other's loss)
            row = _row_at(state, None, end)
        else:  # a third side's best is not the pitcher's: searched for his side
            row, _ = _row(state, None, {}, {})
        return OpenAnalysis(
            state=state,
            side=side,
            moves=moves,
            line=(moves[0][0], *line),
            score_changes=_hand_end(state, end).score_changes,
            table=(row,),
        )
    else:
        raise InvalidStateError(
            f"open_hands analyses trick play or the choice of trump, not {state.phase.value}"
        )
    # the pitcher's choice of trump: each choice's value, then each trump's best choice
    # played out (one memo and table a trump: the search's keys hold no trump)
    memos: dict[Suit, tuple[_Memo, _Table]] = {}
    values = []
    # each trump's last value: its next search starts there; a trump's first, from the
    # best value of the trumps before it (the trumps the pitcher weighs are often close)
    last: dict[Suit, int] = {}
    leads: dict[Suit, int] = {}  # the first leads that name each trump (a bit set)
    for choice, after in named:
        if isinstance(choice, Play):
            leads[_trump(after)] = leads.get(_trump(after), 0) | 1 << choice.card.index
    stands: dict[Suit, tuple[_OpenSolver, int]] = {}  # a trump's runs, and the cards out
    searched: dict[tuple[Suit, int], int] = {}  # by trump and the lead that stands in
    for choice, after in named:
        suit = _trump(after)
        memo, table = memos.setdefault(suit, ({}, {}))
        stand = -1  # a first lead plays as the strongest of its trump's leads alike
        if isinstance(choice, Play):
            if suit not in stands:  # the lead on the table is one of `leads`: not out
                solver = _solver(after, side, memo, table)
                stands[suit] = solver, solver.out_but(leads[suit], solver.trick_plays)
            solver, others = stands[suit]
            stand = solver.stand_in(choice.card.index, leads[suit], others)
        if (suit, stand) not in searched:
            guess = last.get(suit, max(last.values(), default=0))
            last[suit] = _value(after, side, memo, table, guess)
            searched[suit, stand] = last[suit]
        values.append((choice, searched[suit, stand], after))
    best_of: dict[Suit, tuple[Action, int, GameState]] = {}
    for choice, value, after in values:
        known = best_of.get(_trump(after))
        if known is None or value > known[1]:
            best_of[_trump(after)] = (choice, value, after)
    rows = {}
    lines = {}
    pitcher_side = side  # the pitcher names the trump, or leads first
    for suit, (choice, value, after) in best_of.items():
        target = value if state.rules.side_of(_pitcher(after)) == pitcher_side else None
        rows[suit], lines[suit] = _row(after, choice, *memos[suit], target)
    moves = tuple((action, value) for action, value, _ in sorted(values, key=lambda v: -v[1]))
    best_suit_named = _trump(next(after for action, _, after in values if action == moves[0][0]))
    best_row = rows[best_suit_named]
    return OpenAnalysis(
        state=state,
        side=side,
        moves=moves,
        line=(moves[0][0], *lines[best_suit_named]),
        score_changes=best_row.score_changes,
        table=tuple(rows[suit] for suit in sorted(rows)),
    )


def _pitcher(state: GameState) -> int:
    pitcher = state.pitcher
    assert pitcher is not None
    return pitcher


def _trump(state: GameState) -> Suit:
    trump = state.trump
    assert trump is not None
    return trump


_SUIT_COLOURS = {Suit.CLUBS: "#1b7a1b", Suit.DIAMONDS: "#1f4fbf", Suit.HEARTS: "#c62828"}
"""The four-colour pack's suits (spades and the jokers black), as `setback.svg` colours
them."""


def _nested(svg: str, x: float, y: float) -> tuple[str, float]:
    """`svg` (a picture of `setback.svg`) placed at `x`, `y` inside another, and its
    height."""
    height = float(svg.split('height="', 1)[1].split('"', 1)[0])
    return svg.replace("<svg ", f'<svg x="{x:g}" y="{y:g}" ', 1), height


def _open_svg(analysis: OpenAnalysis, lang: str) -> str:
    gettext = translation(lang).gettext
    state = analysis.state
    rules = state.rules
    line_h, hand_h = 20.0, 52.0
    title = gettext("Every hand face up")
    rows = 2 + len(analysis.table) + 2
    width = 560.0
    height = 20 + len(state.hands) * hand_h + rows * line_h + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label={quoteattr(title)} '
        f"font-family={quoteattr(FONT)}>",
        f"<title>{escape(title)}</title>",
        f'<rect width="{width:g}" height="{height:g}" fill="#ffffff"/>',
        f'<text x="8" y="20" font-size="15" font-weight="bold">{escape(title)}</text>',
    ]
    y = 30.0
    for seat, hand in enumerate(state.hands):
        name = gettext("seat {seat}").format(seat=seat)
        out.append(f'<text x="8" y="{y + 26:g}" font-size="13">{escape(name)}</text>')
        cards = hand_svg(hand, rules=rules, trump=state.trump, scale=0.5, lang=lang)
        picture, _height = _nested(cards, 90, y)
        out.append(picture)
        y += hand_h
    y += line_h
    header = gettext("Trump")
    out.append(f'<text x="8" y="{y:g}" font-size="13" font-weight="bold">{escape(header)}</text>')
    for side in range(rules.side_count):
        label = gettext("side {side}").format(side=side)
        out.append(
            f'<text x="{150 + 70 * side:g}" y="{y:g}" font-size="13" font-weight="bold">'
            f"{escape(label)}</text>"
        )
    y += line_h
    for row in analysis.table:
        colour = _SUIT_COLOURS.get(row.trump, "#000000")
        first = "" if row.first is None else action_text(row.first, lang=lang)
        out.append(
            f'<text x="8" y="{y:g}" font-size="14" fill="{colour}">{escape(row.trump.symbol)}'
            f'</text><text x="30" y="{y:g}" font-size="12">{escape(first)}</text>'
        )
        for side, change in enumerate(row.score_changes):
            out.append(f'<text x="{150 + 70 * side:g}" y="{y:g}" font-size="13">{change:+d}</text>')
        y += line_h
    best = ", ".join(action_text(action, lang=lang) for action in analysis.line[:8])
    more = " …" if len(analysis.line) > 8 else ""
    words = gettext("Best play: {line}").format(line=best + more)
    out.append(f'<text x="8" y="{y + line_h / 2:g}" font-size="12">{escape(words)}</text>')
    out.append("</svg>")
    return "\n".join(out)
