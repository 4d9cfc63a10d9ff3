"""The coach (issue 49): evaluate, hint, review and open_hands, their refusals, and the
small versions of the truth checks (benchmarks/coach.py runs the long ones)."""

from __future__ import annotations

import io
import pathlib
import xml.etree.ElementTree as ET

import attrs
import pytest

from setback import (
    Bid,
    GameState,
    InvalidStateError,
    LanguageError,
    Pass,
    Play,
    Rules,
    RulesError,
    apply_action,
    dumps,
    game_record,
    legal_actions,
    new_game,
    observe,
    parse_cards,
    read_ptn,
    write_ptn,
)
from setback.bots import bot
from setback.bots.solver import Solver
from setback.cards import CARDS
from setback.cli import main
from setback.coach import (
    MAX_BUDGET,
    Evaluation,
    OpenAnalysis,
    _OpenSolver,
    decision_text,
    evaluate,
    hint,
    open_hands,
    review,
)
from setback.rules import PRESET_NAMES
from setback.state import Phase
from setback.terminal import TerminalGame

from .positions import POSITIONS, Position
from .support import HEAVY


def _bid_view(seed: int = 3) -> tuple[GameState, object]:
    state = new_game(Rules.setback(), seed=seed)
    seat = state.to_act
    assert seat is not None
    return state, observe(state, seat)


def _played(rules: Rules, seed: int, hands: int = 1) -> GameState:
    """A game of medium bots, up to the end of `hands` hands."""
    bots = [bot("medium", seed=seat) for seat in range(rules.players)]
    state = new_game(rules, seed=seed)
    while state.hand_number < hands and not state.is_over:
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, bots[seat].choose(observe(state, seat)))
    return state


# --- evaluate -----------------------------------------------------------------------------


def test_every_legal_action_is_valued_with_an_interval_and_its_deals() -> None:
    _, view = _bid_view()
    evaluation = evaluate(view, budget=64, seed=1)  # type: ignore[arg-type]
    assert {value.action for value in evaluation.values} == set(view.legal_actions)  # type: ignore[attr-defined]
    assert evaluation.complete and evaluation.judges_game
    values = [value.value for value in evaluation.values]
    assert values == sorted(values, reverse=True)
    for value in evaluation.values:
        low, high = value.points_interval
        assert low <= value.points <= high
        assert value.win is not None and value.win_interval is not None
        assert 0.0 <= value.win_interval[0] <= value.win <= value.win_interval[1] <= 1.0
        assert value.deals >= 12
        assert [name for name, _ in value.chances] == ["high", "low", "jack", "game"]
        for _name, sides in value.chances:
            assert len(sides) == 2 and 0.0 <= sum(sides) <= 1.0


def test_the_same_seed_gives_the_same_evaluation_and_another_seed_may_differ() -> None:
    _, view = _bid_view()
    first = evaluate(view, budget=64, seed=5)  # type: ignore[arg-type]
    assert evaluate(view, budget=64, seed=5) == first  # type: ignore[arg-type]
    assert evaluate(view, budget=64, seed=None) == evaluate(view, budget=64, seed=0)  # type: ignore[arg-type]
    assert evaluate(view, budget=64, seed=6) != first  # type: ignore[arg-type]


def test_a_game_of_more_than_two_sides_is_valued_in_points() -> None:
    """Five each for himself (Auction Pitch's outlook ships for four seats only)."""
    state = new_game(Rules.auction_pitch(players=5), seed=2)
    seat = state.to_act
    assert seat is not None
    evaluation = evaluate(observe(state, seat), budget=48, seed=0)
    assert not evaluation.judges_game
    assert all(value.win is None and value.value == value.margin for value in evaluation.values)


def test_auction_pitch_at_four_is_valued_by_the_game() -> None:
    """Four sides with a shipped outlook: each value has its chance to win the game."""
    state = new_game(Rules.auction_pitch(), seed=2)
    assert state.to_act is not None
    evaluation = evaluate(observe(state, state.to_act), budget=48, seed=0)
    assert evaluation.judges_game
    assert all(value.win is not None for value in evaluation.values)


def test_a_pass_against_a_sure_bid_is_worth_less() -> None:
    """With the ace, king, jack and deuce of spades, the top bid beats a pass."""
    rules = Rules.setback()
    hands = (
        parse_cards("AS KS JS 2S 9H 8D"),
        parse_cards("3C 4C 5C 6C 7C 8C"),
        parse_cards("9C 10C JC QC KC AC"),
        parse_cards("3D 4D 5D 6D 7D 9D"),
    )
    state = new_game(rules, seed=0, hands=hands, dealer=3)
    view = observe(state, 0)
    evaluation = evaluate(view, budget=200, seed=0)
    assert evaluation.value_of(Bid(rules.max_plain_bid)).points > evaluation.value_of(Pass()).points
    assert evaluation.best.action != Pass()


# --- hint -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "word"),
    [("en", "points this hand"), ("de", "Punkte"), ("sv", "poäng"), ("fr", "points")],
)
def test_a_hint_names_the_best_action_and_says_why_in_the_language(lang: str, word: str) -> None:
    _, view = _bid_view()
    tip = hint(view, budget=64, seed=1, language=lang)  # type: ignore[arg-type]
    assert tip.action == tip.evaluation.best.action == evaluate(view, budget=64, seed=1).best.action  # type: ignore[arg-type]
    assert word in tip.reason and tip.lang == lang and str(tip) == tip.reason
    assert tip.reason.count(".") <= 2  # one sentence (a decimal mark at most besides)


def test_a_hint_of_an_only_choice_says_so() -> None:
    state = _played(Rules.setback(), 4, hands=0)
    while len(legal_actions(state)) != 1:
        state = apply_action(state, legal_actions(state)[0])
    seat = state.to_act
    assert seat is not None
    assert hint(observe(state, seat), budget=16).reason.endswith("it is your only choice.")


# --- bad input --------------------------------------------------------------------------


def test_the_coach_refuses_what_it_cannot_use() -> None:
    state, view = _bid_view()
    with pytest.raises(TypeError, match="evaluate takes a PlayerView, not GameState"):
        evaluate(state)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="budget must be a whole number of at least 1"):
        evaluate(view, budget=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="budget"):
        evaluate(view, budget=MAX_BUDGET + 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="budget"):
        evaluate(view, budget=True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        evaluate(view, seed="1")  # type: ignore[arg-type]
    with pytest.raises(LanguageError, match="no language 'xx'"):
        hint(view, language="xx")  # type: ignore[arg-type]
    other = observe(state, (view.seat + 1) % 4)  # type: ignore[attr-defined]
    with pytest.raises(InvalidStateError, match="not seat"):
        evaluate(other)


def test_a_view_that_could_not_arise_is_refused_by_the_library() -> None:
    _, view = _bid_view()
    forged = attrs.evolve(view, legal_actions=(Bid(3),))  # type: ignore[misc]
    with pytest.raises(InvalidStateError, match="legal actions"):
        evaluate(forged, budget=16)
    other_rules = attrs.evolve(view, rules=Rules.trickster(10))  # type: ignore[misc]
    with pytest.raises(InvalidStateError):
        evaluate(other_rules, budget=16)


def test_review_refuses_the_wrong_kinds_and_seats() -> None:
    record = game_record(_played(Rules.setback(), 1, hands=0))
    with pytest.raises(TypeError, match="review takes a GameRecord"):
        review(_played(Rules.setback(), 1, hands=0), 0)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="no seat 4"):
        review(record, 4)
    with pytest.raises(TypeError, match="seat"):
        review(record, "0")  # type: ignore[arg-type]
    broken = attrs.evolve(record, actions=(Play(parse_cards("AS")[0]),))
    with pytest.raises(InvalidStateError, match="cannot be replayed"):
        review(broken, 0)
    with pytest.raises(TypeError, match="open_hands takes a GameState or a GameRecord"):
        open_hands(record.actions)  # type: ignore[arg-type]


# --- review -----------------------------------------------------------------------------


def test_a_review_values_every_decision_with_a_choice_and_its_losses_add_up() -> None:
    state = _played(Rules.setback(), 11)
    done = review(game_record(state), 0, budget=64)
    assert done.decisions and done.judges_game
    for decision in done.decisions:
        chosen = decision.evaluation.value_of(decision.chosen)
        best = decision.evaluation.value_of(decision.best)
        assert decision.loss == pytest.approx(best.value - chosen.value) and decision.loss >= 0
        assert decision.loss == 0 or decision.best == decision.evaluation.best.action
    assert done.total_loss == pytest.approx(sum(d.loss for d in done.decisions))
    costliest = done.costliest
    assert 1 <= len(costliest) <= 3
    assert [d.loss for d in costliest] == sorted((d.loss for d in costliest), reverse=True)
    assert costliest[0].loss == max(d.loss for d in done.decisions)
    text = done.text()
    assert text.count("\n") == len(done.decisions) + len(costliest) - 1
    assert "Costly: Hand 1" in text
    root = ET.fromstring(done.svg())
    assert root.tag.endswith("svg")
    assert done.svg().count('rx="4"') == len(done.decisions)


def test_a_review_names_no_decision_when_every_choice_is_worth_the_same() -> None:
    state = _played(Rules.setback(), 11)
    done = review(game_record(state), 0, budget=64)
    even = attrs.evolve(
        done,
        decisions=tuple(attrs.evolve(d, loss=0.0, best=d.chosen) for d in done.decisions),
    )
    assert even.costliest == ()
    assert even.text().endswith("every choice was as good as the best.")


def test_the_strip_is_green_only_where_nothing_was_lost() -> None:
    """A costly decision's cell looked green when its loss was small."""
    state = _played(Rules.setback(), 11)
    done = review(game_record(state), 0, budget=24)
    first = done.decisions[0]
    other = next(d for d in first.evaluation.values if d.action != first.chosen).action
    cells = (
        attrs.evolve(first, loss=0.0, best=first.chosen),
        attrs.evolve(first, loss=0.006, best=other),
        attrs.evolve(first, loss=0.5, best=other),
    )
    root = ET.fromstring(attrs.evolve(done, decisions=cells).svg())
    svg = "{http://www.w3.org/2000/svg}"
    fills = [rect.get("fill", "") for rect in root.iter(svg + "rect") if rect.get("rx") == "4"]
    inks = [text.get("fill") for group in root.iter(svg + "g") for text in group.iter(svg + "text")]
    assert fills[0] == "#2e7d32" and inks[0] == "#ffffff"  # the coach's choice: green
    assert fills[1].startswith("#ff") and int(fills[1][3:5], 16) >= 180  # a little: yellow
    assert inks[1] == "#000000"  # black on yellow
    assert fills[2] == "#ff0030" and inks[2] == "#ffffff"  # a tenth of the game or more: red


@pytest.mark.parametrize(
    ("loss", "judges_game", "lang", "said"),
    [
        (0.0004, True, "en", "it cost 0.04% of the game."),
        (0.00001, True, "en", "it cost < 0.01% of the game."),
        (0.00001, True, "fr", "< 0,01 % de la partie"),
        (0.0012, True, "en", "it cost 0.1% of the game."),
        (0.001, False, "en", "it cost < 0.01 points."),
        (0.25, False, "de", "0,25 Punkte"),
    ],
)
def test_a_small_loss_is_never_said_to_cost_nothing(
    loss: float, judges_game: bool, lang: str, said: str
) -> None:
    """The Play page said "it cost 0.0% of the game" of a loss that rounded to nothing."""
    state = _played(Rules.setback(), 11)
    done = review(game_record(state), 0, budget=24)
    first = done.decisions[0]
    other = next(d for d in first.evaluation.values if d.action != first.chosen).action
    text = decision_text(attrs.evolve(first, loss=loss, best=other), judges_game, lang)
    assert said in text
    assert "0.0%" not in text and " 0,0 %" not in text and "0.00 " not in text


@pytest.mark.parametrize("lang", ["en", "de", "sv", "fr"])
def test_a_short_reviews_strip_has_room_for_its_title(lang: str) -> None:
    """The Play page showed "Bewertung vo": a strip of one decision was cut to its cell."""
    state = _played(Rules.setback(), 11)
    done = review(game_record(state), 0, budget=24)
    short = attrs.evolve(done, decisions=done.decisions[:1])
    root = ET.fromstring(short.svg(lang=lang))
    title = root.get("aria-label")
    assert title is not None and title.endswith(" 0")
    assert float(root.get("width", "0")) >= 16 + 9.5 * len(title)


def test_a_review_of_one_hand_reviews_only_it() -> None:
    state = _played(Rules.setback(), 11, hands=2)
    done = review(game_record(state), 1, budget=24, hand=1)
    assert done.decisions and {d.hand for d in done.decisions} == {1}


# --- open hands --------------------------------------------------------------------------


def _brute(state: GameState, side: int) -> int:
    """The exact lead of `side` by trying every card (the engine's own legal actions)."""
    number = state.hand_number
    if state.hand_number != number or state.is_over or state.phase is not Phase.PLAY:
        raise AssertionError("not trick play")
    seat = state.to_act
    assert seat is not None
    values = []
    for action in legal_actions(state):
        after = apply_action(state, action)
        if after.hand_number != number or after.is_over:
            changes = after.history[number].score_changes
            values.append(changes[side] - max(c for s, c in enumerate(changes) if s != side))
        else:
            values.append(_brute(after, side))
    return max(values) if state.rules.side_of(seat) == side else min(values)


def _agrees_with_brute_force(state: GameState) -> OpenAnalysis:
    """`open_hands(state)`, checked against `_brute`: the best value, every move's value
    (those that do not end the hand), the score its line ends with, and the table's row:
    the pitcher side's value, whoever is to act."""
    analysis = open_hands(state)
    seat, pitcher = state.to_act, state.pitcher
    assert seat is not None and pitcher is not None
    side = state.rules.side_of(seat)
    assert analysis.moves[0][1] == _brute(state, side)
    (row,) = analysis.table
    assert row.value == _brute(state, state.rules.side_of(pitcher))
    changes, ours = row.score_changes, state.rules.side_of(pitcher)
    assert row.value == changes[ours] - max(c for s, c in enumerate(changes) if s != ours)
    if ours == side or state.rules.side_count == 2:  # the row is where the line ends
        assert row.score_changes == analysis.score_changes
    for action, value in analysis.moves:
        after = apply_action(state, action)
        assert value == (_brute(after, side) if after.hand_number == 0 else value)
    end = state
    for action in analysis.line:
        end = apply_action(end, action)
    assert end.history[0].score_changes == analysis.score_changes
    return analysis


@pytest.mark.parametrize(
    ("preset", "seed"),
    [
        ("setback", 1),
        ("trickster-4", 7),
        ("cutthroat", 3),
        ("auction-pitch", 2),
        ("joker-pitch", 5),
        ("pedro-sancho", 4),
        ("six", 1),
        ("cutthroat", 23),
        ("auction-pitch", 22),
    ],
)
def test_open_hands_agrees_with_brute_force_on_small_hands(preset: str, seed: int) -> None:
    """Two sides and more (three, four: every other side plays against the seat's). A
    defender is to act in setback 1 (two sides: his best line is the pitcher's too),
    cutthroat 23 and auction-pitch 22 (more sides: the pitcher's row is searched for his
    side; the defender's line gives it 1 and 2, where the pitcher's best is -3 and 0)."""
    rules = Rules.preset(preset)
    state = _played(rules, seed, hands=0)
    medium = bot("medium", seed=0)
    while state.phase is not Phase.PLAY or len(state.tricks) < rules.deal - 3:
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, medium.choose(observe(state, seat)))
        assert state.hand_number == 0
    analysis = _agrees_with_brute_force(state)
    assert ET.fromstring(analysis.svg()).tag.endswith("svg")


@pytest.mark.parametrize(
    ("preset", "seed"), [("auction-pitch", 1), ("pedro-sancho", 3), ("setback", 2)]
)
def test_open_hands_agrees_with_the_bots_solver_from_the_second_trick(
    preset: str, seed: int
) -> None:
    """Five tricks to go: `SolverBot`'s own search (every captured trump in its keys, a
    full window for every card) values every card as `open_hands` does, whose positions
    keep only the capturers of scoring trumps (these deals fail if it forgets the points'
    cards, Pedro Sancho's, or the lowest trump where Low goes to its capturer)."""
    rules = Rules.preset(preset)
    medium = bot("medium", seed=0)
    state = _played(rules, seed, hands=0)
    while state.phase is not Phase.PLAY or not state.tricks:
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, medium.choose(observe(state, seat)))
    assert state.hand_number == 0
    seat = state.to_act
    assert seat is not None
    side = rules.side_of(seat)
    moves = open_hands(state).moves
    cards = [action.card.index for action, _ in moves]  # type: ignore[attr-defined]
    assert [value for _, value in moves] == Solver(state, side, {}).values(cards)


@pytest.mark.parametrize(
    ("preset", "seed"),
    [
        ("trickster-5", 1),
        ("joker-pitch", 3),
        pytest.param("six", 2, marks=HEAVY),  # seconds each: CI's heavy step
        pytest.param("six", 4, marks=HEAVY),
    ],
)
def test_open_hands_keeps_of_the_card_points_what_can_still_take_game(
    preset: str, seed: int
) -> None:
    """From the third trick: `open_hands` remembers a position by the card points that can
    still decide Game (a side that cannot reach the leader's with every card point still
    held is left out, the others by their differences) and values every card as the
    bots' solver does, which keeps every side's points (these deals fail if it counts
    the card points still held short, or leaves out a side that can still tie)."""
    rules = Rules.preset(preset)
    medium = bot("medium", seed=0)
    state = _played(rules, seed, hands=0)
    while state.phase is not Phase.PLAY or len(state.tricks) < 2:
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, medium.choose(observe(state, seat)))
    assert state.hand_number == 0
    seat = state.to_act
    assert seat is not None
    moves = open_hands(state).moves
    cards = [action.card.index for action, _ in moves]  # type: ignore[attr-defined]
    assert [value for _, value in moves] == Solver(state, rules.side_of(seat), {}).values(cards)


@pytest.mark.parametrize(
    ("preset", "seed"),
    [("dom-pedro", 2), ("joker-pitch", 1), ("auction-pitch", 2), ("cinch", 0), ("setback", 3)],
)
def test_open_hands_bounds_each_position_by_the_points_still_open(preset: str, seed: int) -> None:
    """At each trick's start from the second, the least and the most the points still
    open allow (`value_range`, which cuts the search) hold the exact value the bots'
    solver finds without them (these fail if an open point is counted certain, or given
    to the wrong side)."""
    rules = Rules.preset(preset)
    medium = bot("medium", seed=0)
    state = _played(rules, seed, hands=0)
    widths = []
    while state.hand_number == 0:
        seat = state.to_act
        assert seat is not None
        if state.phase is Phase.PLAY and state.tricks and state.trick and not state.trick.plays:
            side = rules.side_of(seat)
            solver = _OpenSolver(state, side, {}, {})
            least, most = solver.value_range(solver.position_key(seat))
            cards = [action.card.index for action in legal_actions(state)]  # type: ignore[attr-defined]
            exact = max(Solver(state, side, {}).values(cards))
            assert least <= exact <= most
            widths.append(most - least)
        state = apply_action(state, medium.choose(observe(state, seat)))
    assert max(widths) > 0


@pytest.mark.parametrize("smudge", [True, False])
def test_open_hands_remembers_who_took_tricks_only_under_a_smudge(smudge: bool) -> None:
    """Which sides took tricks changes a score only where the contract asks for every
    trick (a Smudge, a shoot for every trick): there two positions that differ in it are
    two, elsewhere one."""
    state = new_game(Rules.setback(), seed=0)
    state = apply_action(state, "smudge" if smudge else "bid 2")
    while state.phase is Phase.BIDDING:
        state = apply_action(state, "pass")
    medium = bot("medium", seed=0)
    while len(state.tricks) < 1:
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, medium.choose(observe(state, seat)))
    solver = _OpenSolver(state, 0, {}, {})
    seat = state.to_act
    assert seat is not None
    key = solver.position_key(seat)
    solver.won ^= 0b11  # the other sides' trick taking, as another line might have left it
    assert (solver.position_key(seat) != key) is smudge


def _three_tricks_to_seat_0(contract: str) -> GameState:
    """Seat 0 bids `contract` over seat 1's 2 and takes the first three tricks with A♠,
    J♠ and 2♠ (spades trump), his partner throwing 10♦ A♦ K♦ on them: High, Low, Jack
    and Game are his side's for certain (22 card points, 6 still held)."""
    state = new_game(
        Rules.setback(),
        seed=0,
        hands=["AS JS 2S 9D 2H KC", "3H 4H 5H 6H 7H 8H", "10D AD KD QD JD 8D", "3C 4C 5C 6C 7C 8C"],
    )
    for action in ("bid 2", "pass", "pass", contract):
        state = apply_action(state, action)
    for trick in ("AS 3H 10D 3C", "JS 4H AD 4C", "2S 5H KD 5C"):
        for card in trick.split():
            state = apply_action(state, f"play {card}")
    return state


def test_the_bounds_meet_once_every_point_is_certain() -> None:
    """A plain bid of 3 with every point certain after three tricks: the least and the
    most are both the exact value, +4 (4 points against none), whatever the rest of the
    hand does (this fails if a certain point is left open, or the settlement misread)."""
    state = _three_tricks_to_seat_0("bid 3")
    solver = _OpenSolver(state, 0, {}, {})
    assert solver.value_range(solver.position_key(0)) == (4, 4)
    assert {value for _, value in open_hands(state).moves} == {4}


def test_open_hands_values_a_smudge_by_its_tricks_too() -> None:
    """A Smudge needs every trick as well as every point: seat 0's side has all four
    points for certain after three tricks, yet leading 2♥ gives a heart trick away and
    sets it (-5), while K♣ or 9♦ (to the partner, who leads diamonds for 2♥ to go on)
    make it (+5). The points still open bound no Smudge (this fails if they do: 2♥
    would read +5)."""
    state = _three_tricks_to_seat_0("smudge")
    moves = {str(action): value for action, value in open_hands(state).moves}
    assert moves == {"play KC": 5, "play 9D": 5, "play 2H": -5}


def test_open_hands_searches_one_of_touching_trumps_that_score_nothing() -> None:
    """9♠ 8♠ touch (no trump out between them) and score nothing: 9♠ stands for both;
    7♠ is out between 8♠ and 6♠, so 6♠ is searched; 2♠ is Low, to its capturer."""
    state = new_game(
        Rules.setback(),
        seed=0,
        hands=["AS KH QH 4C 5C 6C", "9S 8S 6S 7D 8D 9D", "7S 2S 3H 4H 5H 6H", "10C JC QC KC AC 2C"],
    )
    for action in ("pass", "pass", "pass", "bid 2", "play AS"):
        state = apply_action(state, action)
    solver = _OpenSolver(state, 0, {}, {})
    plays = [(0, parse_cards("AS")[0].index)]
    moves = solver.ordered(1, solver.choices(1, plays), plays)
    assert [str(CARDS[card]) for card in moves] == ["9S", "6S"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_lines_end_is_settled_as_the_hand_played_out_settles_it(preset: str) -> None:
    """At the last trick's start of medium bots' first hands (three deals a preset), the
    value of the one card left for every side: `_OpenSolver`'s end of a line (settled
    from the points certain once no card is held, under a plain bid) against the bots'
    `Solver`'s (the hand played out). This fails if the settlement reads the points,
    the contract or the sides wrong, under any preset's points and settlement."""
    rules = Rules.preset(preset)
    bots = [bot("medium", seed=seat) for seat in range(rules.players)]
    compared = 0
    for seed in range(3):
        state = new_game(rules, seed=seed)
        while state.hand_number == 0 and not state.is_over:
            if (
                state.phase is Phase.PLAY
                and state.trump is not None
                and (state.trick is None or not state.trick.plays)
                and _OpenSolver(state, 0, {}, {}).last_trick()  # every play forced
            ):
                break
            seat = state.to_act
            assert seat is not None
            state = apply_action(state, bots[seat].choose(observe(state, seat)))
        else:
            continue
        seat = state.to_act
        assert seat is not None
        (only,) = legal_actions(state)
        assert isinstance(only, Play)
        card = only.card.index
        for side in range(rules.side_count):
            opened = _OpenSolver(state, side, {}, {})
            assert opened.exact(card) == Solver(state, side, {}).values([card])[0]
            compared += opened.bounded
    assert compared  # some hand came to its last trick under a plain bid


@pytest.mark.parametrize(
    ("seat_0", "seat_3", "leads"),
    [
        ("AS QS QH 2H 3D 4C", "7S KS 10H 6C 7C 8C", ["QH", "2H", "QS", "4C", "3D"]),
        ("AS KS QH 2H 3D 4C", "7S 10H 6C 7C 8C 9C", ["KS", "QH", "2H", "4C", "3D"]),
    ],
)
def test_the_top_trump_and_then_the_leads_the_other_team_answers_fewest_ways_go_first(
    seat_0: str, seat_3: str, leads: list[str]
) -> None:
    """Seat 0 leads the second trick (spades trump; seat 1 holds no trump). With K♠ on
    seat 3: a heart has 1 and 2 answers from seats 1 and 3 (9♥; 10♥ or K♠), a spade 5
    and 1, a club 5 and 4, a diamond 4 and 5, so hearts, Q♠, then clubs and diamonds
    (as many answers: the stronger first). With K♠ his own, the highest trump held, it
    goes first (this fails if the leads go strongest first, the answers are counted on
    the wrong team, or the top trump is not the highest still held)."""
    state = new_game(
        Rules.setback(),
        seed=0,
        hands=[seat_0, "5S 9H 10D JD QD KD", "6S 7H 8H 2C 3C 5C", seat_3],
    )
    for action in ("pass", "pass", "pass", "bid 2", "play AS", "play 5S", "play 6S"):
        state = apply_action(state, action)
    state = apply_action(state, "play 7S")
    assert state.to_act == 0
    solver = _OpenSolver(state, 0, {}, {})
    moves = solver.ordered(0, solver.choices(0, []), [])
    assert [str(CARDS[card]) for card in moves] == leads


def _first_trick(discards: str, rules: Rules | None = None) -> GameState:
    """Seat 0 bids 2 and leads A♠ (spades trump); seats 1, 2 and 3 hold no spade and
    throw `discards` (three cards) on it."""
    state = new_game(
        rules or Rules.setback(),
        seed=0,
        hands=[
            "AS KS QS 2D 3D 4D",
            "4C 6C KC AC 8H 9H",
            "3C 5C 5H 6H 7H 10H",
            "7D 8D 9D 10D JD QD",
        ],
    )
    for action in (
        "pass",
        "pass",
        "pass",
        "bid 2",
        "play AS",
        *(f"play {c}" for c in discards.split()),
    ):
        state = apply_action(state, action)
    return state


def _key(state: GameState) -> tuple[object, ...]:
    seat = state.to_act
    assert seat is not None
    return _OpenSolver(state, 0, {}, {}).position_key(seat)


def test_open_hands_remembers_positions_alike_but_for_the_cards_gone_as_one() -> None:
    """4♣ 6♣ (seat 1) and 3♣ 5♣ (seat 2) score nothing and count no card points: after
    4♣ 3♣ or 6♣ 5♣ are thrown, seat 2's low club is below seat 1's either way, and the
    two positions play alike card for card (one key); after 6♣ 3♣ it is above (another
    key). This fails if a key keeps the cards themselves, or relabels across a card still
    out."""
    low, high, crossed = (
        _first_trick(f"{a} {b} 7D") for a, b in [("4C", "3C"), ("6C", "5C"), ("6C", "3C")]
    )
    assert _key(low) == _key(high)
    assert _key(crossed) != _key(low)
    assert [value for _, value in open_hands(low).moves] == [
        value for _, value in open_hands(high).moves
    ]


def test_without_game_the_cards_with_card_points_are_alike_too() -> None:
    """Card points count for Game alone: without it K♣ and A♣ (both seat 1's) are alike,
    one key whichever is thrown, and the run of clubs goes up to the ace; with Game the
    run stops at 9♣ and the two keys differ (this fails if card points are ignored with
    Game, or kept without it)."""
    rules = Rules.setback()
    no_game = attrs.evolve(rules, points=tuple(p for p in rules.points if p.value != "game"))
    for played, top, alike in ((rules, "9C", False), (no_game, "AC", True)):
        king, ace = (_first_trick(f"{card} 5H 7D", played) for card in ("KC", "AC"))
        solver = _OpenSolver(king, 0, {}, {})
        clubs = next(run for run in solver.runs if str(CARDS[run[0]]) == "2C")
        assert str(CARDS[clubs[-1]]) == top
        assert (_key(king) == _key(ace)) is alike


@pytest.mark.parametrize(("seat_2", "most"), [("3S 5C", 2), ("3S QS", 4)])
def test_a_point_only_its_holder_can_capture_is_out_of_the_others_reach(
    seat_2: str, most: int
) -> None:
    """After A♠ K♠ 3♠ 7♦, seat 1 holds J♠ (the Jack, spades trump): with no trump above it
    on seat 0's side, only seat 1's side can capture it, so it is certain for that side
    and seat 0's side's most is 2 (High, Low, Game against the Jack), not 4; with Q♠ on
    its side the Jack stays in its reach. The exact value lies between (this fails if the
    bound leaves the Jack open, or closes it too soon)."""
    state = new_game(
        Rules.setback(),
        seed=0,
        hands=[
            "AS 2S 2D 3D 4D 5D",
            "JS KS 8H 9H 3C 4C",
            f"{seat_2} 5H 6H 7H 10H",
            "7D 8D 9D 10D JD QD",
        ],
    )
    for action in ("pass", "pass", "pass", "bid 2", "play AS", "play KS", "play 3S", "play 7D"):
        state = apply_action(state, action)
    solver = _OpenSolver(state, 0, {}, {})
    least, highest = solver.value_range(solver.position_key(0))
    assert highest == most
    cards = [action.card.index for action in legal_actions(state)]  # type: ignore[attr-defined]
    assert least <= max(Solver(state, 0, {}).values(cards)) <= highest


def test_under_trumps_only_one_trump_in_a_hand_is_not_the_last_trick() -> None:
    """Trickster 7 (trumps only), clubs trump, after three tricks: seat 0 holds 3♣ alone
    but seat 1 still has 4♣ 8♣ and seat 3 both jokers, so the hand goes on past this
    trick. Its value (-10) is not the bound a null window finds when seat 0 leads his
    one card; stored as exact, it read -9 and no card kept it (this fails if a lone card
    in one hand is taken for the last trick)."""
    state = new_game(Rules.preset("trickster-7"), seed=140)
    for action in ("bid 3", "bid 4", "pass", "bid 5", "trump C"):
        state = apply_action(state, action)
    for card in ["AC", "QC", "7C", "6C", "10C", "JC", "2C", "JS", "9C", "5C", "KC"]:
        state = apply_action(state, f"play {card}")
    assert [len(hand) for hand in state.hands] == [1, 3, 4, 3]
    assert _brute(state, 0) == -10
    assert _OpenSolver(state, 0, {}, {}).exact() == -10


def test_open_hands_makes_room_for_positions_and_finds_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With room for 40 positions, the table of positions fills again and again: each
    time the positions nearest the hand's end are dropped first, until half remain, and
    the analysis is the one found with room for all (this fails if making room keeps too
    many, drops a position still deeper than one kept, or loses a value)."""
    state = new_game(Rules.setback(), seed=3)
    for action in ("pass", "pass", "pass", "bid 2"):
        state = apply_action(state, action)
    whole = open_hands(state)
    made: list[tuple[list[int], list[int]]] = []  # each time: cards held, kept and dropped
    forget = _OpenSolver.forget

    def held(key: tuple[object, ...]) -> int:
        hands = key[0]
        assert isinstance(hands, tuple)
        return sum(cards.bit_count() for cards in hands)

    def watched(self: _OpenSolver) -> None:
        before = set(self.bounds)
        forget(self)
        assert not self.relabelled and not self.ranges  # the caches beside them go too
        made.append(([held(k) for k in self.bounds], [held(k) for k in before - set(self.bounds)]))

    monkeypatch.setattr(_OpenSolver, "forget", watched)
    monkeypatch.setattr("setback.coach._POSITIONS_KEPT", 40)
    assert open_hands(state) == whole
    assert len(made) > 10
    for kept, dropped in made:
        assert len(kept) <= 20
        assert max(dropped) < min(kept, default=99)  # the deepest go first
    assert any(kept for kept, _ in made)  # not all dropped each time


@pytest.mark.parametrize(
    ("seed", "alike", "apart"),
    [
        (50, ("play 6S", "play 7S"), {"play 2D": 2, "play JD": 4}),
        (58, None, {"play 7D": -4, "play 9D": 3}),
    ],
)
def test_first_leads_alike_are_searched_once_and_the_others_each(
    seed: int, alike: tuple[str, str] | None, apart: dict[str, int]
) -> None:
    """The German game, the pitcher's first lead naming trump. Seed 50: 6♠ and 7♠ touch
    and score nothing (one search for both); 2♦ and J♦ name one trump but play apart.
    Seed 58: 7♦ and 9♦ are of one run but another seat holds the card between, so they
    play apart (-4 and +3). Every lead's value is its own search's, with tables of its
    own (this fails if a lead stands in for one it does not play as, or one trump's
    leads share one search)."""
    rules = Rules.setback()
    medium = bot("medium", seed=0)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, medium.choose(observe(state, seat)))
    assert state.trump is None and state.hand_number == 0
    seat = state.to_act
    assert seat is not None
    side = rules.side_of(seat)
    moves = {str(action): value for action, value in open_hands(state).moves}
    for action in legal_actions(state):
        alone = _OpenSolver(apply_action(state, action), side, {}, {}).exact()
        assert moves[str(action)] == alone
    if alike is not None:
        assert moves[alike[0]] == moves[alike[1]]
    assert {lead: moves[lead] for lead in apart} == apart


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (2, 0), (2, 4)])
def test_open_hands_tables_every_trump_the_pitcher_could_lead(players: int, seed: int) -> None:
    state = _played(Rules.auction_pitch(players=players), seed, hands=0)
    medium = bot("medium", seed=0)
    while state.phase is Phase.BIDDING:
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, medium.choose(observe(state, seat)))
    analysis = open_hands(state)
    suits = {card.suit for card in state.hands[state.pitcher or 0]}  # type: ignore[index]
    assert {row.trump for row in analysis.table} == suits
    moves = dict(analysis.moves)
    for row in analysis.table:
        assert isinstance(row.first, Play) and row.first.card.suit is row.trump
        assert moves[row.first] == row.value  # the lead's value is where its best line ends
        assert all(
            moves[Play(c)] <= row.value
            for c in state.hands[state.pitcher or 0]
            if c.suit is row.trump
        )  # type: ignore[index]
    best = max(analysis.table, key=lambda row: row.value)
    assert analysis.moves[0][1] == best.value
    assert analysis.line[0] == analysis.moves[0][0]


def test_open_hands_refuses_the_auction() -> None:
    state, _ = _bid_view()
    with pytest.raises(InvalidStateError, match="not bidding"):
        open_hands(state)


def test_the_evaluation_is_a_value() -> None:
    _, view = _bid_view()
    evaluation = evaluate(view, budget=16)  # type: ignore[arg-type]
    assert isinstance(evaluation, Evaluation)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        evaluation.seat = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("rules", "seed", "left"),
    [
        (Rules.ten_point(), 0, 18),
        (Rules.trickster(13), 1, 18),
        (Rules.trickster(10, players=5), 2, 99),
    ],
    ids=["ten-point", "trickster-13", "trickster-10-five-seats-first-trick"],
)
def test_open_hands_agrees_with_brute_force_under_trumps_only_play(
    rules: Rules, seed: int, left: int
) -> None:
    """Trumps-only play (RULES §6.5.7): only trumps are played, a seat with none is out,
    tricks may be short. From the trick where at most `left` cards are held; at five seats
    from the first trick, where the holder of the called card must play it (§7.7.3: the
    search fails here if it forgets that rule)."""
    state = _played(rules, seed, hands=0)
    medium = bot("medium", seed=0)
    while state.phase is not Phase.PLAY or (
        (state.trick is not None and state.trick.plays)
        or sum(len(hand) for hand in state.hands) > left
    ):
        seat = state.to_act
        assert seat is not None
        state = apply_action(state, medium.choose(observe(state, seat)))
        assert state.hand_number == 0
    assert (rules.call_partner and not state.tricks) or state.tricks
    _agrees_with_brute_force(state)


# --- where players are: the terminal and the command line ---------------------------------


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "hint"), ("de", "tipp"), ("sv", "tips"), ("fr", "conseil")]
)
def test_the_terminal_word_hint_asks_the_coach(lang: str, word: str) -> None:
    state = new_game(Rules.setback(), seed=3)
    seat = state.to_act
    assert seat is not None
    typed = iter([word, "quit"])
    out = io.StringIO()
    game = TerminalGame(state, {}, seat, lambda: next(typed) + "\n", out, lang=lang)
    game.run()
    expected = hint(observe(state, seat), language=lang).reason
    assert f"  {expected}\n" in out.getvalue()


def test_the_terminal_coach_names_the_costliest_decision_after_each_hand() -> None:
    state = new_game(Rules.setback(), seed=5)
    bots = {s: bot("medium", seed=s) for s in range(1, 4)}
    typed = iter(["a"] * 40)
    out = io.StringIO()

    def read() -> str:
        return next(typed, "") + "\n" if out.getvalue().count("Coach:") == 0 else ""

    game = TerminalGame(state, bots, 0, read, out, coach=True, auto_forced=True)  # type: ignore[arg-type]
    game.run()
    lines = [line for line in out.getvalue().splitlines() if "Coach:" in line]
    assert len(lines) == 1
    first = review(game_record(game.state), 0, hand=0)
    if first.costliest:
        assert lines[0].endswith(decision_text(first.costliest[0], first.judges_game))
    else:
        assert "as good as the best" in lines[0]


def test_setback_review_reads_a_ptn_record(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _played(Rules.trickster(4), 7)
    path = tmp_path / "game.ptn"
    path.write_text(write_ptn(game_record(state)), encoding="utf-8")
    picture = tmp_path / "review.svg"
    assert main(["review", str(path), "--seat", "1", "--budget", "48", "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    done = review(read_ptn(path.read_text(encoding="utf-8")), 1, budget=48, seed=0)
    assert out == done.text() + "\n"
    assert picture.read_text(encoding="utf-8") == done.svg()
    assert main(["review", str(path), "--seat", "9"]) == 2
    assert "no seat 9" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.ptn"), "--seat", "0"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_setback_review_reads_a_json_game(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _played(Rules.setback(), 2)
    path = tmp_path / "game.json"
    path.write_text(dumps(state), encoding="utf-8")
    assert main(["review", str(path), "--seat", "0", "--budget", "24", "--lang", "de"]) == 0
    assert (
        capsys.readouterr().out == review(game_record(state), 0, budget=24).text(lang="de") + "\n"
    )


@pytest.mark.parametrize("position", POSITIONS, ids=lambda position: position.name)
def test_a_hint_gives_the_accepted_answer_of_the_bots_positions(position: Position) -> None:
    """Issue 49, item 5: on the positions of what strong players do (tests/positions.py),
    the hint at its default budget is the accepted answer."""
    state = position.build()
    seat = state.to_act
    assert seat is not None
    assert str(hint(observe(state, seat)).action) == position.accepted


def test_a_chance_the_deals_never_showed_stays_inside_the_interval() -> None:
    """A bid made in none of 42 guessed deals (each playout's chance 0.001, all alike) may
    still be made once in a hundred: the interval of a chance reaches 3/n towards each
    bound (the rule of three), not the zero width of identical values. Wherever 1.96
    standard errors are wider, and for unbounded values, the normal interval stands."""
    from setback import coach

    low, high = coach._interval([0.001] * 42, 0.0, 1.0)
    assert low == pytest.approx(0.001 - 3 * 0.001 / 42) and low >= 0.0
    assert high == pytest.approx(0.001 + 3 * 0.999 / 42)
    assert coach._interval([0.001] * 42) == pytest.approx((0.001, 0.001))  # unbounded
    spread = [0.0, 1.0] * 21  # 1.96 standard errors: about 0.153, wider than 3/42 of 0.5
    normal = 1.96 * (0.25 * 42 / 41 / 42) ** 0.5
    assert coach._interval(spread, 0.0, 1.0) == pytest.approx((0.5 - normal, 0.5 + normal))
