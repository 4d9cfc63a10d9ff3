"""Mutation run over the hand's transitions: does a fixed test notice each change?

Run by hand, not by the test suite (it runs the fixed tests once per mutant):

    python benchmarks/mutants.py --list                    # the mutants, no run
    python benchmarks/mutants.py --module scoring          # run one module's mutants
    python benchmarks/mutants.py --only 'game_end'         # mutants whose key holds this
    python benchmarks/mutants.py --table benchmarks/mutants.md   # the table of all results

Each target function (TARGETS) is parsed with `ast`; every mutation site gives
one mutant: a comparison flipped (`<` `<=`, `>` `>=`, `==` `!=`, `is` `is not`,
`in` `not in`), `+` and `-` swapped, an integer constant off by one (seats
`(seat + 1) % players` included), `and`/`or` swapped, a `not` dropped, an `if`
(or a conditional expression) forced True or False, a `while` forced False, a
returned value replaced by None. Each mutant is spliced into a copy of
`src/` in a temporary directory, one at a time, and the FIXED tests (FIXED_TESTS:
exact hands and exact outcomes, no hypothesis) run against it with
`pytest -x -p no:randomly`, under a timeout (the tests as they were when the run
began: a copy of `tests/` beside the copy of `src/`). A mutant is killed (by the first
failing test), survived, or equivalent (EQUIVALENT: survived, with the reason no
test can kill it). Results are kept in `benchmarks/mutants.json` by mutant key, so a
run of one module adds to the others' and a run can be resumed (`--again` reruns
mutants that have a result); remaking the table drops the results of mutants the code
no longer has.

Standard library only, and pytest (the suite's own runner, imported once and forked per run).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import fcntl
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest  # imported once here, before any fork (setback is not)

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "setback"
RESULTS = ROOT / "benchmarks" / "mutants.json"

TARGETS: dict[str, tuple[str, ...]] = {
    "bidding": (
        "after_call",
        "held_after",
        "step_call",
        "calls_open",
        "_may_pitch",
        "dealer_may_match",
    ),
    "declaring": (
        "declaration_refusal",
        "step_declaration",
        "callable_cards",
        "legal_partner_calls",
        "partner_call_refusal",
    ),
    "discarding": (
        "begin_discards",
        "step_discard",
        "_discard_turn",
        "discard_turns",
        "draw_from",
        "refill",
        "draw_back",
        "draw_back_order",
        "forced_face_up",
        "_face_up_turn",
        "excess_trumps",
        "discard_bounds",
        "discard_order",
        "partner_of",
    ),
    "play": ("after_play", "next_leader", "lead", "led_by", "step_play", "open_cards"),
    "trumps": ("TrumpTable.winner_of",),
    "rules": ("Rules.smudge_contract", "Rules.shoot_contract"),
    "points": (
        "card_points_of",
        "Tally.of",
        "Tally.holder_of",
        "Tally.capturer_of",
        "_first_trump",
        "_trump_in_tricks",
        "_high",
        "_low",
        "_captured",
        "_game",
        "_leader",
        "_to_holder",
        "game_contenders",
        "award_all",
        "certain_points",
    ),
    "scoring": (
        "cards_in_play",
        "contract_made",
        "settle",
        "settle_partner",
        "game_end",
        "hand_result",
    ),
    "engine": ("close_hand",),
    "dealing": ("next_dealer", "start_hand"),
    "state": ("with_auction", "with_trump", "with_phase", "make_state", "advance"),
    "bots/sampling": (
        "_replay_hand",
        "_replay_deck",
        "_undrawn",
        "_drawn_back",
        "_replay_calls",
        "_replay_discards",
        "_same_hand",
    ),
}
"""The transitions, by module (`docs/guides/internals.md`, "Every transition, once"), and
the hand core's builders (`state`: the setup's positional build's callers, the
state's; the core itself is a named tuple, built by its own constructor or `core_of`)."""

FIXED_TESTS = (
    (
        "tests/rules",
        "tests/test_engine.py",
        "-m",
        "not hypothesis",
    ),
    (
        "tests/test_golden.py",
        "tests/test_perft.py",
        "tests/test_events.py",
        "-m",
        "not hypothesis",
    ),
)
"""The fixed tests (exact deals, exact outcomes; the hypothesis properties are left out by
their marker), in two stages: the second runs only if the first passed, and `-x` stops at
the first failure. (The table in `mutants.md` was made before the tests were grouped by
rule: its killers are named by the files they were in then.)"""

MODULE_TESTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "bots/sampling": (
        ("tests/test_sampling.py", "-m", "not hypothesis"),
        ("tests/test_hostile.py", "-m", "not hypothesis and not extras"),
    ),
}
"""The tests a module's mutants run instead of FIXED_TESTS, where those do not reach it: the
sampler's replay of a hand (its own fixed tests, then the hostile views it must refuse; no
hypothesis, no soak)."""

_FIRST_OVERWRITTEN = (
    "the starting seat is never returned: the first play's strength (above 0) beats the "
    "start of -1 at the loop's first step, which sets the seat"
)
_LED_POSITIVE = (
    "the led card's strength is at least 2 (its rank in the led suit, or a trump's 200 "
    "less its place), so the first play beats any start below 2 all the same"
)
_PASSED_OUT_CONTRACT = (
    "the contract of a passed-out hand's last core is read by nobody: the engine and the "
    "playout kernel see `pitcher is None` and record the hand passed out (contract None)"
)
_OVER_UNREAD = (
    "the core of a hand that is over (`to_act` None) is scored at once: nobody asks what it "
    "leaves playable"
)
_PLAYED_UNREAD = (
    "`game_end` reads the count of played hands only under `hands_limit`; without it any "
    "count gives the same winner"
)
_CALL_SET = (
    "an assertion of what the partner call's phase always holds (the declaration set trump, "
    "the auction the pitcher): true with `or` as with `and`; it decides nothing"
)
_EVERY_SEAT_STEPS = (
    "`draw_back` takes one step per seat (`draw_back_order` holds every seat), so each "
    "seat's entry is set from its step: the list's first values are never read"
)
_PITCH_IN_TRICK = (
    "the pitched card is in `world.trick` already, which the loop above reads: the line "
    "adds a card `played` holds (dead code, left for a later change)"
)
_KITTY_NO_OP = (
    "`_replay_kitty` gives the kitty and the discard equal, and `kept` then holds neither: "
    "`(kept | d) & ~d` is `kept` (dead code, left for a later change)"
)
_FIRST_LEAD_COUNT = (
    "`next_leader` reads the count of tricks only to end a six-trick hand (under "
    "trumps-only play not at all): before the first trick 1 or -1 says 'not over' as 0 does"
)
_KITTY_LINE = "_replay_deck: kitty and hand.trump is not None and (hand.pitcher is not None) -> "
EQUIVALENT: dict[str, str] = {
    "certain_points: able[0] -> able[-1]": (
        "read only where `able` holds one side (`len(able) == 1`): its first is its last"
    ),
    "_replay_deck: world.phase is Phase.BIDDING and world.plays -> False": _PITCH_IN_TRICK,
    "_replay_deck: world.phase is Phase.BIDDING -> world.phase is not Phase.BIDDING": (
        _PITCH_IN_TRICK
    ),
    _KITTY_LINE + "False": _KITTY_NO_OP,
    _KITTY_LINE + "kitty or hand.trump is not None or hand.pitcher is not None": _KITTY_NO_OP,
    "_replay_deck: hand.trump is not None -> hand.trump is None": _KITTY_NO_OP,
    "_replay_deck: hand.pitcher is not None -> hand.pitcher is None": _KITTY_NO_OP,
    "begin_discards: [0] -> [1]": _EVERY_SEAT_STEPS,
    "begin_discards: [0] -> [-1]": _EVERY_SEAT_STEPS,
    "legal_partner_calls: hand.trump is not None and hand.pitcher is not None -> "
    "hand.trump is not None or hand.pitcher is not None": _CALL_SET,
    "partner_call_refusal: hand.trump is not None and hand.pitcher is not None -> "
    "hand.trump is not None or hand.pitcher is not None": _CALL_SET,
    "game_end: leaders[0] -> leaders[-1]": "reached only when `len(leaders) == 1`",
    "held_after: outcome.taken is None and outcome.returned is None -> False": (
        "with neither set, the copy below changes no seat's cards and returns the same held "
        "cards (the early return only skips the copy)"
    ),
    "TrumpTable.winner_of: plays[0] -> plays[-1]": _FIRST_OVERWRITTEN,
    "TrumpTable.winner_of: plays[0][0] -> plays[0][1]": _FIRST_OVERWRITTEN,
    "TrumpTable.winner_of: plays[0][0] -> plays[0][-1]": _FIRST_OVERWRITTEN,
    "TrumpTable.winner_of: -1 -> -0": _LED_POSITIVE,
    "TrumpTable.winner_of: -1 -> -2": _LED_POSITIVE,
    "after_play: range(1, players) -> range(0, players)": (
        "the extra first look (k = 0) is at the seat that just played, which is among "
        "`played` and so passed over"
    ),
    "after_call: pitched[0] -> pitched[-1]": (
        "a card lies face up only after one pitch, which the dealer answers at once: "
        "`pitched` holds exactly one play, so its first is its last"
    ),
    "after_call: CallOutcome(0, None, None, _BIDDING, None) -> "
    "CallOutcome(1, None, None, _BIDDING, None)": _PASSED_OUT_CONTRACT,
    "after_call: CallOutcome(0, None, None, _BIDDING, None) -> "
    "CallOutcome(-1, None, None, _BIDDING, None)": _PASSED_OUT_CONTRACT,
    "calls_open: rules.smudge_level if rules.smudge else top + 1 -> rules.smudge_level "
    "if True else top + 1": (
        "without Smudge the two branches are one value: `top` is then `max_plain_bid`, T, "
        "and `smudge_level` is T + 1 (`Rules.smudge_level`)"
    ),
    "calls_open: top + 1 -> top + 2": (
        "either is above `top`, the highest call: the range of bids answering a pitch is "
        "empty both ways (and no refusal's words read `lowest` there)"
    ),
    "step_call: -1 -> -2": "`open_cards` reads any negative `lead` as leading (`lead < 0`)",
    "step_call: -1 -> -0": (
        "no card lies face up only where no trump is set yet (the auction's end where the "
        "first lead sets trump, or the dealer's Smudge): `open_cards` then gets no table "
        "and returns every card held without reading `lead`"
    ),
    "step_call: outcome.plays[0] -> outcome.plays[-1]": (
        "the trick at the auction's end holds at most one card, the pitch: its first is its last"
    ),
    "led_by: -1 -> -2": "`open_cards` reads any negative `lead` as leading (`lead < 0`)",
    "lead: next_leader(rules, table, held, pitcher, 0) -> "
    "next_leader(rules, table, held, pitcher, 1)": _FIRST_LEAD_COUNT,
    "lead: next_leader(rules, table, held, pitcher, 0) -> "
    "next_leader(rules, table, held, pitcher, -1)": _FIRST_LEAD_COUNT,
    "TrumpTable.winner_of: strength > best -> strength >= best": (
        "no two cards of a trick have the same strength above 0 (ranks within a suit and "
        "places in the trump order are distinct), and a card of strength 0 never ties the "
        "best, which starts at the led card's (above 0)"
    ),
    "calls_open: top + 1 -> top + 2 #2": (
        "without a Smudge the dealer's answer to a pitch lists no bid: a range that starts "
        "above `highest` (top) is empty whether it starts at top + 1 or top + 2"
    ),
    "led_by: (setup, None, held, (), tricks, 0) -> (setup, None, held, (), tricks, 1)": (
        _OVER_UNREAD
    ),
    "led_by: (setup, None, held, (), tricks, 0) -> (setup, None, held, (), tricks, -1)": (
        _OVER_UNREAD
    ),
    "_discard_turn: setup.phase is not Phase.DISCARD -> True": (
        "a setup already in the discard phase is put in it again: `_replace` builds an equal "
        "setup (every field the same, the phase DISCARD); the test only skips the copy"
    ),
    "led_by: setup.phase is not _PLAY -> True": (
        "a setup already in trick play is put in it again: `in_play` builds an equal setup "
        "(every field the same, the phase PLAY)"
    ),
    "close_hand: 0 if rules.hands_limit is None else played_hands(history) -> "
    "0 if False else played_hands(history)": _PLAYED_UNREAD,
    "close_hand: 0 if rules.hands_limit is None else played_hands(history) -> "
    "1 if rules.hands_limit is None else played_hands(history)": _PLAYED_UNREAD,
    "close_hand: 0 if rules.hands_limit is None else played_hands(history) -> "
    "-1 if rules.hands_limit is None else played_hands(history)": _PLAYED_UNREAD,
    "step_discard: rules.draw or rules.discards_and_draws -> True": (
        "the other discards leave six cards, so six less the hand draws nothing, and a "
        "recorded draw of nothing shows in no event (the events sum the draws)"
    ),
    "step_discard: len(action.cards) if rules.draw else refill(held[seat].bit_count(), "
    "len(stock)) -> len(action.cards) if False else refill(held[seat].bit_count(), len(stock))": (
        "in the draw every hand holds six before its discard (the kitty's discard comes "
        "first and leaves six), so six less what it keeps is the count it threw, which the "
        "stock can refill (a larger discard is refused: `discard_bounds`)"
    ),
    "Tally.of: [0] -> [1]": (
        "each side's captured cards then start with card 0, the 2 of clubs, which is worth "
        "no card points: `card_points_of` gives the same totals, and nothing else reads "
        "these per-side sets"
    ),
    "step_declaration: setup.phase is Phase.CALL_PARTNER and isinstance(action, CallPartner) "
    "-> setup.phase is Phase.CALL_PARTNER or isinstance(action, CallPartner)": (
        "an assert of what the caller guarantees (the phase's refusal, or the kernel's own "
        "choice): with legal input both halves hold, so `or` asserts the same"
    ),
    "excess_trumps: 0 -> 1": (
        "`called` 1 leaves out card 0, the 2 of clubs: a point card (Low) where clubs are "
        "trumps, and no trump elsewhere, so it is never free either way"
    ),
}
"""Mutants no test can kill, by key, with the reason (filled in from the runs)."""

_FLIP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}

Mutation = Callable[[ast.AST, dict[int, tuple[ast.AST, str, int | None]]], ast.AST]
"""Applies a mutation to its node (in a copy of the function); returns the node that now
stands in its place (for the description)."""


def _replace(
    node: ast.AST, new: ast.AST, parents: dict[int, tuple[ast.AST, str, int | None]]
) -> ast.AST:
    parent, field, index = parents[id(node)]
    if index is None:
        setattr(parent, field, new)
    else:
        getattr(parent, field)[index] = new
    return new


def _sites(function: ast.AST) -> Iterator[tuple[int, str, Mutation]]:
    """Every mutation of `function`: (node's place in `ast.walk` order, kind, how)."""
    for place, node in enumerate(ast.walk(function)):
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                flipped = _FLIP.get(type(op))
                if flipped is not None:

                    def flip(n: ast.AST, _p: object, i: int = i, new: type = flipped) -> ast.AST:
                        assert isinstance(n, ast.Compare)
                        n.ops[i] = new()
                        return n

                    yield place, "compare flipped", flip
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):

            def swap(n: ast.AST, _p: object) -> ast.AST:
                assert isinstance(n, ast.BinOp)
                n.op = ast.Sub() if isinstance(n.op, ast.Add) else ast.Add()
                return n

            yield place, "+/- swapped", swap
        elif (
            isinstance(node, ast.Constant)
            and type(node.value) is int
            and not _in_annotation(node, function)
        ):
            for delta in (1, -1):

                def shift(n: ast.AST, _p: object, delta: int = delta) -> ast.AST:
                    assert isinstance(n, ast.Constant)
                    n.value += delta
                    return n

                yield place, f"constant {delta:+d}", shift
        elif isinstance(node, ast.BoolOp):

            def andor(n: ast.AST, _p: object) -> ast.AST:
                assert isinstance(n, ast.BoolOp)
                n.op = ast.Or() if isinstance(n.op, ast.And) else ast.And()
                return n

            yield place, "and/or swapped", andor
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):

            def drop_not(
                n: ast.AST, parents: dict[int, tuple[ast.AST, str, int | None]]
            ) -> ast.AST:
                assert isinstance(n, ast.UnaryOp)
                return _replace(n, n.operand, parents)

            yield place, "not dropped", drop_not
        elif isinstance(node, ast.If | ast.IfExp | ast.While):
            for value in (True, False) if not isinstance(node, ast.While) else (False,):

                def force(n: ast.AST, _p: object, value: bool = value) -> ast.AST:
                    assert isinstance(n, ast.If | ast.IfExp | ast.While)
                    n.test = ast.Constant(value)
                    return n.test

                yield place, f"condition forced {value}", force
        elif (
            isinstance(node, ast.Return)
            and node.value is not None
            and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        ):

            def none(n: ast.AST, _p: object) -> ast.AST:
                assert isinstance(n, ast.Return)
                n.value = ast.Constant(None)
                return n

            yield place, "return None", none


def _in_annotation(node: ast.AST, function: ast.AST) -> bool:
    for sub in ast.walk(function):
        annotations = []
        if isinstance(sub, ast.arg | ast.AnnAssign) and sub.annotation is not None:
            annotations.append(sub.annotation)
        if isinstance(sub, ast.FunctionDef) and sub.returns is not None:
            annotations.append(sub.returns)
        if any(node is a or any(node is b for b in ast.walk(a)) for a in annotations):
            return True
    return False


def _parents(tree: ast.AST) -> dict[int, tuple[ast.AST, str, int | None]]:
    parents: dict[int, tuple[ast.AST, str, int | None]] = {}
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if isinstance(value, ast.AST):
                parents[id(value)] = (parent, field, None)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        parents[id(item)] = (parent, field, i)
    return parents


def _find(tree: ast.Module, qualname: str) -> ast.FunctionDef:
    scope: list[ast.stmt] = tree.body
    *classes, name = qualname.split(".")
    for cls in classes:
        scope = next(n for n in scope if isinstance(n, ast.ClassDef) and n.name == cls).body
    return next(n for n in scope if isinstance(n, ast.FunctionDef) and n.name == name)


def _statement(node: ast.AST, parents: dict[int, tuple[ast.AST, str, int | None]]) -> ast.AST:
    """The expression or statement to show for a mutated node: a whole comparison, or the
    line's smallest enclosing expression for a constant or an operator."""
    if isinstance(node, ast.If | ast.While):
        return node.test
    if isinstance(node, ast.Constant | ast.BinOp | ast.UnaryOp):
        parent = parents.get(id(node))
        if parent is not None and isinstance(parent[0], ast.expr):
            return parent[0]
    return node


class Mutant:
    """One mutant: its module, function, key (stable across runs), and mutated source."""

    def __init__(
        self, module: str, function: str, key: str, line: int, before: str, after: str, source: str
    ) -> None:
        self.module, self.function, self.key, self.line = module, function, key, line
        self.before, self.after, self.source = before, after, source


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 90 else text[:87] + "..."


def mutants(module: str) -> list[Mutant]:
    """Every mutant of `module`'s target functions, in source order."""
    path = SRC / f"{module}.py"
    source = path.read_text()
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    found: list[Mutant] = []
    for qualname in TARGETS[module]:
        original = _find(tree, qualname)
        start = (original.decorator_list[0] if original.decorator_list else original).lineno
        end = original.end_lineno
        assert end is not None
        seen: dict[str, int] = {}
        for place, _kind, mutate in list(_sites(original)):
            function = copy.deepcopy(original)
            walked = list(ast.walk(original))
            shown = _statement(walked[place], _parents(original))
            before = ast.unparse(shown)
            copied = list(ast.walk(function))
            node, shown_copy = copied[place], copied[walked.index(shown)]
            new = mutate(node, _parents(function))
            still = shown_copy is function or id(shown_copy) in _parents(function)
            after = ast.unparse(shown_copy if still else new)
            body = textwrap.indent(ast.unparse(function), " " * original.col_offset) + "\n"
            mutated = "".join(lines[: start - 1]) + body + "".join(lines[end:])
            label = f"{qualname}: {_short(before)} -> {_short(after)}"
            seen[label] = seen.get(label, 0) + 1
            key = label if seen[label] == 1 else f"{label} #{seen[label]}"
            line = getattr(walked[place], "lineno", original.lineno)
            found.append(Mutant(module, qualname, key, line, before, after, mutated))
    return found


def _failed(output: str) -> str:
    match = re.search(r"^(?:FAILED|ERROR) (\S+)", output, re.MULTILINE)
    if match:
        return match.group(1)
    return "pytest failed (" + (output.strip().splitlines() or ["no output"])[-1][:80] + ")"


def run_tests(tree: Path, timeout: float, stages: tuple[tuple[str, ...], ...]) -> tuple[str, str]:
    """Run the fixed tests against the copy `tree` of src, stage by stage (a stage runs
    only if the one before passed): ("passed" | "killed" | "timeout", the failing
    test)."""
    for tests in stages:
        outcome, by = _run_stage(tree, timeout, tests)
        if outcome != "passed":
            return outcome, by
    return "passed", ""


def _run_stage(tree: Path, timeout: float, tests: tuple[str, ...]) -> tuple[str, str]:
    """One pytest run in a forked child (pytest and hypothesis are imported once, by this
    process; setback and the tests are imported fresh by each child)."""
    arguments = [
        "-x",
        "-q",
        "-n",
        "0",
        "-p",
        "no:randomly",
        "-p",
        "no:cacheprovider",
        "--no-header",
    ]
    arguments += ["--timeout", str(int(timeout)), *tests]
    log = tree.parent / "pytest.log"
    pid = os.fork()
    if pid == 0:  # the child: run pytest on the copy, its output to the log
        code = 3
        try:
            with log.open("w") as out:
                os.dup2(out.fileno(), 1)
                os.dup2(out.fileno(), 2)
                os.chdir(tree.parent)
                sys.path.insert(0, str(tree))
                code = int(pytest.main(arguments))
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout", f"timeout ({timeout:.0f} s)"
        time.sleep(0.05)
    if os.waitstatus_to_exitcode(status) == 0:
        return "passed", ""
    return "killed", _failed(log.read_text())


def _write(path: Path, text: str, stamp: int) -> None:
    path.write_text(text)
    os.utime(path, (stamp, stamp))


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    with (RESULTS.parent / ".mutants.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _load() -> dict[str, dict[str, object]]:
    if RESULTS.exists():
        loaded: dict[str, dict[str, object]] = json.loads(RESULTS.read_text())
        return loaded
    return {}


def _save(results: dict[str, dict[str, object]]) -> None:
    RESULTS.write_text(json.dumps(results, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


def status(key: str, result: dict[str, object]) -> str:
    """A result's status in the table: killed, survived or equivalent."""
    if result["outcome"] in ("killed", "timeout"):
        return "killed"
    return "equivalent" if key in EQUIVALENT else "survived"


def table(results: dict[str, dict[str, object]], every: list[Mutant]) -> str:
    """The results as a Markdown table, with the counts."""
    rows = ["| Function | Line | Mutant | Result |", "|---|---|---|---|"]
    counts = {"killed": 0, "survived": 0, "equivalent": 0, "not run": 0}
    for mutant in every:
        result = results.get(mutant.key)
        if result is None:
            what, counts["not run"] = "not run", counts["not run"] + 1
        else:
            state = status(mutant.key, result)
            counts[state] += 1
            what = {
                "killed": f"killed by `{result['by']}`",
                "survived": "**survived**",
                "equivalent": f"equivalent: {EQUIVALENT.get(mutant.key, '')}",
            }[state]
        change = f"`{_short(mutant.before)}` → `{_short(mutant.after)}`".replace("|", "\\|")
        rows.append(
            f"| `{mutant.module}.{mutant.function}` | {mutant.line} | {change} | "
            f"{what.replace('|', '/')} |"
        )
    summary = ", ".join(f"{n} {name}" for name, n in counts.items() if n or name != "not run")
    seconds = sum(float(str(results[m.key]["seconds"])) for m in every if m.key in results)
    equivalents = [
        f"- `{m.module}.{m.function}`, line {m.line}: `{_short(m.before)}` → "
        f"`{_short(m.after)}`: {EQUIVALENT[m.key]}"
        for m in every
        if m.key in EQUIVALENT
    ]
    head = [
        "# Mutation run over the hand's transitions",
        "",
        "Made by `python benchmarks/mutants.py` (see its docstring); this page by",
        "`python benchmarks/mutants.py --table benchmarks/mutants.md`. Each mutant ran the",
        "fixed tests (`FIXED_TESTS`, or its module's `MODULE_TESTS`: no hypothesis) with",
        "`pytest -x -p no:randomly`.",
        "",
        f"**{len(every)} mutants: {summary}.** Time in pytest, over all the mutants' last",
        f"runs: {seconds / 60:.0f} min (two shared cores).",
        "",
        "## The equivalent mutants, and why no test can kill them",
        "",
        *equivalents,
        "",
        "## Every mutant",
        "",
    ]
    return "\n".join(head + rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", action="append", choices=sorted(TARGETS))
    parser.add_argument("--only", help="run the mutants whose key contains this text")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--again", action="store_true", help="rerun mutants with a result")
    parser.add_argument("--no-baseline", action="store_true", help="skip the run without a mutant")
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds per mutant")
    parser.add_argument("--table", metavar="PATH", help="write the table of results there")
    parser.add_argument("--tests", nargs="*", help="the test files or nodes (FIXED_TESTS)")
    args = parser.parse_args()
    modules = args.module or sorted(TARGETS)
    every = [m for module in modules for m in mutants(module)]
    chosen = [m for m in every if args.only is None or args.only in m.key]
    if args.list:
        for mutant in chosen:
            print(f"{mutant.module}:{mutant.line}  {mutant.key}")
        print(f"{len(chosen)} mutants")
        return
    results = _load()
    if args.table:
        everything = [m for module in sorted(TARGETS) for m in mutants(module)]
        with _locked():  # the results of mutants the code no longer has are dropped
            keys = {m.key for m in everything}
            results = {key: result for key, result in _load().items() if key in keys}
            _save(results)
        page, marker = Path(args.table), "<!-- notes: kept when the table is remade -->"
        notes = page.read_text().partition(marker)[2] if page.exists() else ""
        page.write_text(table(results, everything) + "\n" + marker + (notes or "\n"))
        print(
            next(line for line in table(results, everything).split("\n") if line.startswith("**"))
        )
        return

    def stages_of(module: str) -> tuple[tuple[str, ...], ...]:
        return (tuple(args.tests),) if args.tests else MODULE_TESTS.get(module, FIXED_TESTS)

    with tempfile.TemporaryDirectory(prefix="mutants-") as temp:
        tree = Path(temp) / "src"
        ignore = shutil.ignore_patterns("__pycache__")
        shutil.copytree(SRC, tree / "setback", ignore=ignore)
        shutil.copytree(ROOT / "tests", Path(temp) / "tests", ignore=ignore)  # a snapshot
        shutil.copytree(ROOT / "docs", Path(temp) / "docs")  # pages some fixed tests check
        shutil.copytree(ROOT / "benchmarks", Path(temp) / "benchmarks", ignore=ignore)  # the soak
        stamp = 1_000_000_000  # a new mtime at each write: the bytecode cache never goes stale
        began = time.monotonic()
        for stages in () if args.no_baseline else sorted({stages_of(m) for m in modules}):
            outcome, by = run_tests(tree, args.timeout, stages)
            if outcome != "passed":
                sys.exit(f"the fixed tests fail without a mutant: {by}")
            print(f"baseline passes in {time.monotonic() - began:.0f} s", flush=True)
        for n, mutant in enumerate(chosen, 1):
            if mutant.key in results and not args.again:
                continue
            target = tree / "setback" / f"{mutant.module}.py"
            original = target.read_text()
            _write(target, mutant.source, stamp := stamp + 2)
            began = time.monotonic()
            try:
                outcome, by = run_tests(tree, args.timeout, stages_of(mutant.module))
            finally:
                _write(target, original, stamp + 1)
            seconds = time.monotonic() - began
            with _locked():  # another run may write the results too
                results = _load()
                results[mutant.key] = {"outcome": outcome, "by": by, "seconds": round(seconds, 1)}
                _save(results)
            state = status(mutant.key, results[mutant.key])
            print(
                f"[{n}/{len(chosen)}] {state:10} {seconds:5.0f} s  {mutant.key}  {by}", flush=True
            )


if __name__ == "__main__":
    main()
