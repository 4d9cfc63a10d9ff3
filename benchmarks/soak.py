"""Soak: long random play against the independent oracle, and hostile documents.

Run by hand, not by the test suite (which runs a small smoke of each):

    python benchmarks/soak.py --hands 1000000          # random play, every preset and option set
    python benchmarks/soak.py --docs 100000            # hostile documents through loads
    python benchmarks/soak.py --properties             # the property tests at soak size

`--hands N` plays N hands of random games (a random preset at a random seat count,
or a random option set, each game to its end or 60 hands) with random legal
actions, and checks every step against the plain restatement of the rules in
tests/reference.py: the cards a seat may play, the discards, the calls of the
auction, every trick's winner, every point, the score changes and the winner.
It also checks that each seat's view holds its own hand and no other, and that
every finished game saves and loads back equal. It prints the hands, games,
violations and wall time.

`--docs N` builds N documents of every kind `loads` reads (states, views,
records, hand results, rules, tricks, cards, actions), mutated, garbage or
huge (up to about 1 MB), loads each one and uses whatever loads with every
public function. It prints the counts by outcome, the slowest document and the
largest peak memory (tracemalloc) of one load. Any exception but the library's
own (`SetbackError`) is a violation.

`--properties` runs the test suite (tests/, with pytest) with `SETBACK_SOAK=1`: the slow
property tests then draw their soak count of examples instead of the suite's
(`examples(suite, soak)` in tests/strategies.py; the soak counts are 4 to 7 times what
the suite drew before it was sized to stay under 3 minutes), the sampler's test checks
every seat at every state it visits instead of one seat in turn, and no per-test timeout
applies (some 20 minutes of one core). It runs tests/ whole; give pytest's own arguments
after `--` to narrow it, e.g. `python benchmarks/soak.py --properties -- tests/test_sampling.py -x`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from setback import (
    Action,
    AllPass,
    Bid,
    DealerMatch,
    DrawOrder,
    GameState,
    HandResult,
    JokerRank,
    KeepSix,
    LowTo,
    PackRanks,
    Pass,
    Phase,
    Pitch,
    PlayerView,
    PlayTrump,
    Point,
    Rules,
    SetbackError,
    Settlement,
    ShootFailed,
    ShootFor,
    ShootMade,
    TrumpBy,
    WinRule,
    apply_action,
    dumps,
    format_hand,
    game_record,
    legal_actions,
    loads,
    new_game,
    observe,
    replay,
)
from tests import reference

# --- random rules -----------------------------------------------------------------------

PRESETS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("setback", (4, 6)),
    ("six", (6,)),
    ("auction-pitch", tuple(range(2, 9))),
    ("cutthroat", tuple(range(2, 9))),
    ("ten-point", tuple(range(2, 7))),
    ("smear", tuple(range(2, 7))),
    ("joker-pitch", tuple(range(2, 9))),
    ("pedro-sancho", tuple(range(2, 9))),
    ("dom-pedro", tuple(range(2, 9))),
    *((f"trickster-{points}", (4, 5, 6)) for points in (7, 10, 11, 13)),  # 5: call a partner
    ("trickster-9", (4,)),
    ("cinch", (4,)),
)
_JOKER_POINTS = {0: [], 1: [Point.JOKER], 2: [Point.BIG_JOKER, Point.LITTLE_JOKER]}
_PACK_RANKS = {
    PackRanks.ALL: frozenset(range(2, 15)),
    PackRanks.FIVE_UP: frozenset(range(5, 15)),
    PackRanks.NINE_UP: frozenset(range(9, 15)),
    PackRanks.TWO_AND_NINE_UP: frozenset((2, *range(9, 15))),
    PackRanks.NO_FOURS: frozenset((2, 3, *range(5, 15))),
}
_POINT_RANKS = {
    Point.JACK: 11,
    Point.OFF_JACK: 11,
    Point.TEN: 10,
    Point.TREY: 3,
    Point.FIVE: 5,
    Point.OFF_FIVE: 5,
    Point.NINE: 9,
    Point.OFF_ACE: 14,
    Point.OFF_THREE: 3,
}


def _point_cards(points: list[Point], ranks: frozenset[int]) -> int:
    """How many trumps are point cards (the A, the 2 and the points' cards) in a pack of
    `ranks`: Cinch's rob needs at most six (RULES §7.5.5)."""
    offs = (Point.OFF_JACK, Point.OFF_FIVE, Point.OFF_ACE, Point.OFF_THREE)
    cards: set[object] = {(False, rank) for rank in (14, 2) if rank in ranks}
    for point in points:
        if point in _POINT_RANKS:
            cards.add((point in offs, _POINT_RANKS[point]))
        elif point not in (Point.HIGH, Point.LOW, Point.GAME):
            cards.add(point)  # a joker
    return len(cards)


def random_rules(rng: random.Random) -> Rules:
    """Half the time a preset at a random seat count, else a random option set that
    validates (the same space as tests/strategies.py's `all_rules`)."""
    if rng.random() < 0.5:
        name, counts = rng.choice(PRESETS)
        return Rules.preset(name, players=rng.choice(counts))
    partnerships = rng.random() < 0.5
    players = rng.choice((4, 6)) if partnerships else rng.randint(2, 8)
    jokers = rng.choice((0, 0, 1, 2))
    pack_ranks = PackRanks.ALL  # a short pack a quarter of the time, where it fits the deal
    if rng.random() < 0.25:
        fits = [r for r in PackRanks if 4 * len(_PACK_RANKS[r]) + jokers >= 6 * players]
        pack_ranks = rng.choice(fits)
    ranks = _PACK_RANKS[pack_ranks]
    off_jack = rng.random() < 0.5
    off_ace, off_five, off_three = (r in ranks and rng.random() < 0.25 for r in (14, 5, 3))
    joker_rank = rng.choice(list(JokerRank)) if jokers == 1 else JokerRank.BELOW_JACKS
    if rng.random() < 0.5:
        points = [Point.HIGH, Point.LOW, Point.JACK, Point.GAME]
    else:
        joker_points = _JOKER_POINTS[jokers]
        if jokers == 1 and rng.random() < 0.5:
            joker_points = [Point.SNOOZER]
        fitting = [Point.HIGH, Point.LOW, Point.JACK, *([Point.OFF_JACK] if off_jack else [])]
        fitting += [*joker_points, Point.TEN, Point.TREY, Point.GAME, Point.FIVE, Point.NINE]
        fitting += [Point.OFF_ACE] if off_ace else []
        fitting += [Point.OFF_FIVE] if off_five else []
        fitting += [Point.OFF_THREE] if off_three else []
        fitting = [point for point in fitting if _POINT_RANKS.get(point, 14) in ranks]
        rng.shuffle(fitting)
        points = fitting[: rng.randint(1, len(fitting))]
        while len(points) > 1 and sum(point.worth for point in points) > 36:  # bids to 36
            points.pop()
        if sum(point.worth for point in points) > 36:
            points = [Point.HIGH, Point.LOW, Point.JACK, Point.GAME]
    most = min(10, (4 * len(ranks) + jokers) // players)
    six = partnerships and players == 6
    deal = rng.choice((8, 8, 6)) if six and most >= 8 else 6
    if most > 6 and rng.random() < 0.25:
        deal = rng.randint(7, most)
    # call your partner (RULES §7.7.3): five seats each for himself, with the draw back
    call_partner = not partnerships and players == 5 and most > 6 and rng.random() < 0.5
    if call_partner:
        deal = rng.randint(7, most)
    more = deal > 6
    keep_six = rng.choice(list(KeepSix)) if more else KeepSix.FREE_DISCARD
    if call_partner:
        keep_six = KeepSix.DRAW_BACK
    if keep_six is KeepSix.ROB_THE_PACK and _point_cards(points, ranks) > 6:
        keep_six = KeepSix.NON_TRUMPS_FIRST  # RULES §7.5.5: seven trumps hold one to throw
    if more:
        draw, no_trump_first = False, rng.random() < 0.5
    else:
        draw, no_trump_first = rng.choice(
            ((False, False), (False, False), (True, False), (False, True), (True, True))
        )
    if keep_six is KeepSix.DRAW_BACK and more:
        no_trump_first = False
    spare = 4 * len(ranks) + jokers - players * deal  # a kitty (RULES §7.7.1), on six cards
    kitty = rng.randint(1, min(6, spare)) if not more and spare > 0 and rng.random() < 0.25 else 0
    implied = more or draw or no_trump_first or kitty > 0  # these declare trump (§7.8.14)
    # §7.1: trump_by and pitcher_leads_trump given, or left to what the options imply
    trump_by = TrumpBy.DECLARE if implied or rng.random() < 0.25 else TrumpBy.LEAD
    declared = trump_by is TrumpBy.DECLARE
    play_options: dict[str, object] = {}
    if not implied or rng.random() < 0.5:
        play_options["trump_by"] = trump_by
    if declared and not no_trump_first and rng.random() < 0.7:
        play_options["pitcher_leads_trump"] = rng.random() < 0.5
    if keep_six is KeepSix.DRAW_BACK and more:
        play_trump = PlayTrump.ONLY
    elif declared and not no_trump_first:
        play_trump = rng.choice(list(PlayTrump))
    else:
        play_trump = rng.choice((PlayTrump.ANYTIME, PlayTrump.WHEN_VOID))
    if play_trump is PlayTrump.ONLY and rng.random() < 0.5:
        play_options["trumps_only"] = True  # the older keyword
    else:
        play_options["play_trump"] = play_trump
    draw_order = DrawOrder.ELDEST
    if keep_six in (KeepSix.DRAW_BACK, KeepSix.DISCARD_AND_DRAW) and more:
        draw_order = rng.choice(list(DrawOrder))
    total = sum(point.worth for point in points)
    sides = players // 2 if partnerships else players
    difference = sides == 2 and rng.random() < 0.33
    smudge = rng.random() < 0.5
    pitch = not declared and rng.random() < 0.5
    shoot: dict[str, Any] = {}
    if not smudge and not pitch and rng.random() < 0.5:  # shoot the moon (RULES §7.4)
        shoot = {
            "shoot": rng.choice(list(ShootFor)),
            "shoot_made": rng.choice(list(ShootMade)),
            "shoot_failed": rng.choice(list(ShootFailed)),
        }
    return Rules(
        players=players,
        partnerships=partnerships,
        target=rng.randint(1, 31),
        hands_limit=rng.randint(1, 4) if rng.random() < 0.25 else None,
        min_bid=rng.randint(1, total),
        smudge=smudge,
        dealer_match=rng.choice(list(DealerMatch)),
        all_pass=rng.choice(list(AllPass)),
        low_to=rng.choice(list(LowTo)),
        win_rule=rng.choice(list(WinRule)),
        draw=draw,
        no_trump_first_trick=no_trump_first,
        pitch_instead_of_bid=pitch,
        jokers=jokers,
        off_jack=off_jack,
        joker_rank=joker_rank,
        points=tuple(points),
        deal=deal,
        keep_six=keep_six,
        off_ace=off_ace,
        off_five=off_five,
        off_three=off_three,
        settlement=Settlement.DIFFERENCE if difference else Settlement.EACH,
        pack_ranks=pack_ranks,
        draw_order=draw_order,
        kitty=kitty,
        call_partner=call_partner,
        **play_options,  # type: ignore[arg-type]
        **shoot,
    )


def calm_choice(state: GameState, rng: random.Random) -> Action:
    """A random legal action that passes often and bids low, so bid-out games end."""
    legal = legal_actions(state)
    if state.phase is Phase.BIDDING:
        if Pass() in legal and (len(legal) == 1 or rng.random() < 0.7):
            return Pass()
        calls = [a for a in legal if a != Pass()]
        bids = [a for a in calls if isinstance(a, Bid)]
        return bids[0] if bids and rng.random() < 0.7 else rng.choice(calls)
    return rng.choice(legal)


# --- random play against the oracle ---------------------------------------------------------


@attrs.frozen
class PlayReport:
    """What `soak_hands` found."""

    hands: int
    games: int
    actions: int
    option_sets: int
    violations: tuple[str, ...]
    seconds: float


def check_step(state: GameState, *, views: bool) -> None:
    """The actions the engine offers in `state` are those of tests/reference.py, and (with
    `views`) the views of the seat to act and the next hold exactly their own cards."""
    seat = state.to_act
    assert seat is not None
    rules = state.rules
    legal = legal_actions(state)
    hand = state.hands[seat]
    if state.phase is Phase.PLAY:
        assert state.trick is not None
        called = state.called if seat != state.pitcher else None  # the partner plays it
        expected = reference.legal_cards(
            rules, hand, state.trick.cards, state.trump, not state.tricks, called
        )
        assert {a.card for a in legal} == expected, "legal cards"  # type: ignore[union-attr]
    elif state.phase is Phase.DISCARD:
        assert state.trump is not None
        if rules.kitty and seat == state.pitcher and not state.discards[seat]:  # the kitty's
            expected_discards = reference.kitty_discards(rules, hand)
        else:
            expected_discards = reference.legal_discards(
                rules,
                hand,
                state.trump,
                len(state.stock),
                state.called,
                dealer=seat == state.dealer,
            )
        assert {frozenset(a.cards) for a in legal} == expected_discards, "legal discards"  # type: ignore[union-attr]
    elif state.phase is Phase.CALL_PARTNER:
        assert state.trump is not None
        calls = reference.partner_calls(rules, hand, state.trump)
        assert {str(action) for action in legal} == calls, "legal partner calls"
    elif state.phase is Phase.BIDDING:
        pitched = any(isinstance(action, Pitch) for _, action in state.bids)
        calls = reference.legal_calls(rules, state.dealer, seat, state.bids, hand, pitched)
        assert {str(action) for action in legal} == calls, "legal calls"
    if not views:
        return
    view = observe(state, seat)
    assert view.hand == hand and view.legal_actions == legal, "the view of the seat to act"
    other = (seat + 1) % rules.players
    assert observe(state, other).hand == state.hands[other], "another seat's view"


def check_hand(rules: Rules, before: list[int], result: HandResult, so_far: int) -> int | None:
    """A finished hand against the oracle; returns the winner the oracle expects."""
    auction = reference.auction_winner(rules, result.dealer, result.bids)
    assert (result.pitcher, result.contract) == (auction or (None, None)), "the auction"
    if result.pitcher is not None:
        trump = result.trump
        assert trump is not None
        for trick in result.tricks:
            assert trick.winner == reference.trick_winner(rules, trick.plays, trump), "winner"
        assert dict(result.points) == reference.points(rules, result), "points"
        assert sum(result.points_won) <= reference.total_points(rules), "at most T points"
        made, changes = reference.score_changes(rules, result)
        assert result.made == made and list(result.score_changes) == changes, "settlement"
        if rules.trumps_only:
            shape = [(t.leader, [seat for seat, _ in t.plays]) for t in result.tricks]
            assert shape == reference.trumps_only_tricks(rules, result), "trumps-only tricks"
        held = Counter(card for hand in result.hands for card in hand)
        played = Counter(card for trick in result.tricks for card in trick.cards)
        assert max(held.values()) == 1 and max(played.values(), default=1) == 1, "once each"
        if rules.kitty:  # the pitcher's: in his hand as play began, or among his discards
            pitcher = result.pitcher
            mine = {*result.hands[pitcher], *result.discards[pitcher]}
            assert len(result.kitty) == rules.kitty and set(result.kitty) <= mine, "the kitty"
    else:
        assert result.score_changes == (0,) * len(rules.sides), "a passed-out hand scores"
    return reference.winner(rules, before, result, so_far)


def soak_hands(
    hands: int, seed: int = 0, *, max_hands_per_game: int = 60, progress: int = 0
) -> PlayReport:
    """Play `hands` hands of random games against the oracle (see the module's doc); with
    `progress`, print a line to stderr every `progress` hands."""
    rng = random.Random(seed)
    violations: list[str] = []
    played = games = actions = 0
    option_sets: set[Rules] = set()
    start = time.perf_counter()
    while played < hands:
        rules = random_rules(rng)
        option_sets.add(rules)
        game_seed = rng.getrandbits(64)
        games += 1
        state = new_game(rules, seed=game_seed, dealer=rng.randrange(rules.players))
        before = [0] * len(rules.sides)
        try:
            while not state.is_over and played < hands:
                if len(state.history) >= max_hands_per_game:
                    break
                check_step(state, views=not state.bids)
                done = len(state.history)
                state = apply_action(state, calm_choice(state, rng))
                actions += 1
                if len(state.history) > done:
                    played += 1
                    if progress and played % progress == 0:
                        print(
                            f"{played} hands, {games} games, {len(violations)} violations, "
                            f"{time.perf_counter() - start:.0f} s",
                            file=sys.stderr,
                            flush=True,
                        )
                    result = state.history[-1]
                    so_far = sum(hand.pitcher is not None for hand in state.history)
                    expected = check_hand(rules, before, result, so_far)
                    before = [b + c for b, c in zip(before, result.score_changes, strict=True)]
                    assert list(state.scores) == before, "scores move by the changes"
                    assert expected == state.winner, "the winner"
            text = dumps(state)
            assert loads(text) == state, "a saved game loads back equal"
            for result in state.history[-2:]:
                format_hand(result, rules)
        except AssertionError as error:
            violations.append(f"{error} (rules {rules!r}, seed {game_seed})"[:2000])
        except Exception as error:
            violations.append(f"{type(error).__name__}: {error} (seed {game_seed})"[:2000])
    return PlayReport(
        played, games, actions, len(option_sets), tuple(violations), time.perf_counter() - start
    )


# --- hostile documents ----------------------------------------------------------------------


@attrs.frozen
class DocReport:
    """What `soak_documents` found."""

    documents: int
    outcomes: dict[str, int]
    violations: tuple[str, ...]
    slowest: tuple[float, int, str]
    """(seconds, size in characters, how the document was made) of the slowest load."""
    slowest_cpu: tuple[float, int, str]
    """The same for the load that took the most CPU time of this process (on a busy machine
    the wall time also counts other processes)."""
    peak_bytes: int
    """The largest peak memory of one load (tracemalloc), among the largest and slowest."""
    seconds: float


def _sample_values(rng: random.Random) -> list[Any]:
    """Values of every kind, from a short random game."""
    rules = random_rules(rng)
    state = new_game(rules, seed=rng.getrandbits(32))
    states = [state]
    for _ in range(rng.randint(0, 120)):
        if state.is_over:
            break
        state = apply_action(state, calm_choice(state, rng))
        states.append(state)
    pick = rng.choice(states)
    values: list[Any] = [
        pick,
        game_record(pick),
        rules,
        observe(pick, rng.randrange(rules.players)),
    ]
    if pick.history:
        values.append(pick.history[-1])
        if pick.history[-1].tricks:
            values.append(pick.history[-1].tricks[-1])
    if pick.trick is not None:
        values.append(pick.trick)
    if pick.log:
        values.append(pick.log[-1])
    hand = pick.hands[pick.to_act] if pick.to_act is not None else ()
    if hand:
        values.append(hand[0])
    return values


def _junk(rng: random.Random, scale: float = 1.0) -> Any:
    """A random JSON value, sometimes large (sizes times `scale`)."""
    choice = rng.randrange(14)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False])
    if choice == 2:
        return rng.choice([0, -1, 1, 7, 10**9, -(10**30), 2**64, 10**400])
    if choice == 3:
        return rng.choice([0.5, 1.0, -2.0, 1e300])
    if choice == 4:
        return rng.choice(["", "x", "pass", "bid 005", "KS", "JK", "S", "seven", "é" * 3])
    if choice == 5:
        return "x" * int(rng.choice([100, 10_000, 300_000, 1_000_000]) * scale)
    if choice == 6:
        return []
    if choice == 7:
        return [rng.choice([1, "KS", None])] * int(rng.choice([3, 1000, 100_000]) * scale)
    if choice == 8:
        return {}
    if choice == 9:
        return {"type": rng.choice(["Pass", "Bid", "Play", "Nope"]), "level": 10**30}
    if choice == 10:
        return [[[[[[[[[[1]]]]]]]]]]
    if choice == 11:
        return {"a" * rng.choice([5, 5000]): 1}
    if choice == 12:
        return rng.choice([-5, 99, 10**12, 2**31, 3])
    return ["pass"] * int(rng.choice([10, 1000, 120_000]) * scale)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:60]):
            yield from _paths(value, (*path, index))


def _replace(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    copy: Any = dict(node) if isinstance(node, dict) else list(node)
    copy[head] = _replace(node[head], tuple(rest), value)
    return copy


def _mutate(rng: random.Random, document: Any, scale: float) -> tuple[Any, str]:
    """`document` with one hostile change, and a word on what it was."""
    paths = list(_paths(document))
    path = rng.choice(paths)
    kind = rng.randrange(6)
    where = "/".join(map(str, path))[:60]
    if kind == 0:
        return _replace(document, path, _junk(rng, scale)), f"junk at {where}"
    if kind == 1 and path:
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict):
            trimmed = {k: v for k, v in parent.items() if k != path[-1]}
            return _replace(document, path[:-1], trimmed), f"dropped {where}"
    if kind == 2:
        return _replace(document, path, str(_junk(rng, scale))[:1_000_000]), f"text at {where}"
    if kind == 3:
        target: Any = document
        for key in path:
            target = target[key]
        if isinstance(target, list) and target:
            grown = target * max(2, int(rng.choice([2, 50, 5000]) * scale))
            return _replace(document, path, grown[:150_000]), f"repeated {where}"
        if isinstance(target, int) and not isinstance(target, bool):
            return _replace(document, path, target + rng.choice([-1, 1, 100, -100])), (
                f"nudged {where}"
            )
    if kind == 4 and isinstance(document, dict):
        extra = dict(document)
        extra[rng.choice(["extra", "kind", "version", "format"])] = _junk(rng, scale)
        return extra, "envelope"
    return _replace(document, path, _junk(rng, scale)), f"junk at {where}"


def _redeal_passes(rng: random.Random, count: int) -> tuple[Any, str]:
    """A game of `count` passes under `all_pass="redeal"`: every hand is passed out."""
    state = new_game(Rules.setback(all_pass=AllPass.REDEAL), seed=rng.getrandbits(32))
    document = json.loads(dumps(state))
    document["data"]["actions"] = ["pass"] * count
    del document["data"]["check"]
    return document, f"{count} passes under redeal"


def hostile_document(
    rng: random.Random, values: list[Any], scale: float = 1.0
) -> tuple[str | bytes, str]:
    """One hostile document: mutated, garbage, truncated or huge (sizes times `scale`); and
    its description."""
    roll = rng.random()
    if roll < 0.02:
        count = max(4, int(rng.choice([1000, 20_000, 100_000]) * scale))
        document, what = _redeal_passes(rng, count)
        return json.dumps(document), what
    value = rng.choice(values)
    text = dumps(value)
    if roll < 0.06:
        return text[: rng.randrange(len(text) + 1)], "truncated"
    if roll < 0.08:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 200))), "random bytes"
    if roll < 0.10:
        return "[" * max(2, int(rng.choice([10, 1000, 100_000]) * scale)), "deep nesting"
    if roll < 0.15:
        return text, f"valid {type(value).__name__}"
    document = json.loads(text)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        document, what = _mutate(rng, document, scale)
    try:
        return json.dumps(document, ensure_ascii=rng.random() < 0.5), (
            f"{type(value).__name__}: {what}"
        )
    except ValueError:  # an integer too long for str(): the text is the junk itself
        return text + "9" * 5000, f"{type(value).__name__}: long digits"


def use_everywhere(value: Any) -> None:
    """Use a loaded value with every public function that takes it."""
    repr(value)
    str(value)
    assert loads(dumps(value)) == value, "a loaded value saves and loads back equal"
    if isinstance(value, GameState):
        for seat in range(value.rules.players):
            observe(value, seat)
        legal_actions(value)
        replay(game_record(value))
        for result in value.history[-3:]:
            format_hand(result, value.rules)
            _ = result.points_won, result.pitching_side, result.points
        hash(value)
    elif isinstance(value, PlayerView):
        _ = value.is_my_turn
        if value.last_result is not None:
            format_hand(value.last_result, value.rules)
            _ = value.last_result.points_won, value.last_result.pitching_side
    elif isinstance(value, HandResult):
        _ = value.points_won, value.pitching_side, value.points
        try:
            rules = Rules.cutthroat(players=len(value.hands))
        except SetbackError:
            return
        with contextlib.suppress(SetbackError):
            format_hand(value, rules)
    elif isinstance(value, Rules):
        state = new_game(value, seed=1)
        apply_action(state, legal_actions(state)[0])
    hash(value)


def soak_documents(
    documents: int, seed: int = 0, *, memory: bool = True, scale: float = 1.0, progress: int = 0
) -> DocReport:
    """Load `documents` hostile documents (see the module's doc); `scale` shrinks the huge
    ones (the test suite's smoke uses 0.01); with `progress`, print a line to stderr every
    `progress` documents."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    violations: list[str] = []
    slowest = slowest_cpu = (0.0, 0, "")
    heavy: list[tuple[float, str | bytes, str]] = []
    values: list[Any] = []
    start = time.perf_counter()
    for number in range(documents):
        if number % 50 == 0:
            values = _sample_values(rng)
        text, what = hostile_document(rng, values, scale)
        began = time.perf_counter()
        cpu = time.process_time()
        value: Any = None
        try:
            value = loads(text)
            outcome = f"loaded {type(value).__name__}"
        except SetbackError as error:
            outcome = type(error).__name__
        except Exception as error:
            outcome = f"crash {type(error).__name__}"
            violations.append(f"{what}: {type(error).__name__}: {str(error)[:300]}")
        took = time.perf_counter() - began  # the load alone; using the value is not timed
        cpu = time.process_time() - cpu
        if value is not None:
            try:
                use_everywhere(value)
            except Exception as error:
                outcome = f"crash in use: {type(error).__name__}"
                violations.append(f"{what}: used: {type(error).__name__}: {str(error)[:300]}")
        outcomes[outcome] += 1
        if took > slowest[0]:
            slowest = (took, len(text), what)
        if cpu > slowest_cpu[0]:
            slowest_cpu = (cpu, len(text), what)
        if progress and (number + 1) % progress == 0:
            print(
                f"{number + 1} documents, {len(violations)} violations, slowest "
                f"{slowest[0]:.2f} s ({slowest[1]} characters, {slowest[2]}), most CPU "
                f"{slowest_cpu[0]:.2f} s ({slowest_cpu[2]}), {time.perf_counter() - start:.0f} s; "
                + ", ".join(f"{key} {value}" for key, value in sorted(outcomes.items())),
                file=sys.stderr,
                flush=True,
            )
        if memory and (len(text) > 100_000 or took > 0.05):
            heavy.append((took, text, what))
            heavy = sorted(heavy, key=lambda item: -item[0])[:20]
    peak = _peak_memory([text for _, text, _ in heavy]) if memory else 0
    return DocReport(
        documents,
        dict(outcomes),
        tuple(violations),
        slowest,
        slowest_cpu,
        peak,
        time.perf_counter() - start,
    )


def _peak_memory(texts: list[str | bytes]) -> int:
    """The largest peak of traced memory while loading one of `texts`."""
    peak = 0
    tracemalloc.start()
    try:
        for text in texts:
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            with contextlib.suppress(Exception):
                loads(text)
            peak = max(peak, tracemalloc.get_traced_memory()[1] - base)
    finally:
        tracemalloc.stop()
    return peak


def _report(title: str, lines: list[str], out: Callable[[str], None] = print) -> None:
    out(title)
    for line in lines:
        out("  " + line)


def soak_properties(pytest_args: list[str]) -> int:
    """Run the test suite with its property tests at their soak size (`SETBACK_SOAK=1`),
    with pytest's `pytest_args` (tests/ whole if none); pytest's exit code."""
    root = Path(__file__).resolve().parents[1]
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=0"]
    env = {**os.environ, "SETBACK_SOAK": "1"}
    return subprocess.run([*command, *(pytest_args or ["tests"])], cwd=root, env=env).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=0, help="random hands against the oracle")
    parser.add_argument("--docs", type=int, default=0, help="hostile documents through loads")
    parser.add_argument(
        "--properties", action="store_true", help="the property tests at soak size (pytest)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", type=int, default=0, help="report every N hands or documents")
    parser.add_argument("pytest_args", nargs="*", help="for --properties: pytest's arguments")
    args = parser.parse_args(argv)
    if not args.hands and not args.docs and not args.properties:
        parser.error("give --hands N, --docs N and/or --properties")
    failed = False
    if args.properties:
        failed |= soak_properties(args.pytest_args) != 0
    if args.hands:
        play = soak_hands(args.hands, args.seed, progress=args.progress)
        _report(
            f"play: {play.hands} hands, {play.games} games, {play.actions} actions, "
            f"{play.option_sets} rule sets, {len(play.violations)} violations, "
            f"{play.seconds:.1f} s",
            list(play.violations[:20]),
        )
        failed |= bool(play.violations)
    if args.docs:
        docs = soak_documents(args.docs, args.seed, progress=args.progress)
        seconds, size, what = docs.slowest
        cpu, cpu_size, cpu_what = docs.slowest_cpu
        _report(
            f"documents: {docs.documents} in {docs.seconds:.1f} s, "
            f"{len(docs.violations)} violations; slowest {seconds:.3f} s "
            f"({size} characters, {what}); most CPU {cpu:.3f} s ({cpu_size} characters, "
            f"{cpu_what}); peak memory of one load "
            f"{docs.peak_bytes / 1e6:.1f} MB",
            [f"{count:7d}  {outcome}" for outcome, count in sorted(docs.outcomes.items())]
            + list(docs.violations[:20]),
        )
        failed |= bool(docs.violations)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
