"""The game-aware search's tables of chances that ship in the package: one is recomputed
and must match its file to the byte; every preset they apply to has one; a damaged or
missing file is never read for chances (the table is built again, with a warning); rules
with no shipped table build theirs."""

from __future__ import annotations

import functools
import json
import shutil
import warnings
from pathlib import Path

import pytest

from setback import Rules
from setback.bots import _outlook
from setback.bots.playout import PlayoutResult
from setback.rules import PRESET_NAMES

DATA = Path(_outlook.__file__).parent / "data"


@functools.cache
def _german() -> _outlook.Outlook:
    """The German game's outlook, built here from its sample games (once)."""
    return _outlook.Outlook(Rules.setback())


def test_the_german_table_recomputed_matches_the_shipped_file() -> None:
    """tools/outlook_tables.py writes what `encode` gives: recomputed now, the German
    game's table is the shipped file, byte for byte (rerun the tool after a change to the
    heuristic, the engine or the preset)."""
    document = _outlook.encode(_german(), "setback", 4)
    shipped = (DATA / "setback-4.json").read_text(encoding="utf-8")
    assert json.dumps(document, indent=1) + "\n" == shipped
    loaded = _outlook.load(Rules.setback())
    assert loaded is not None and loaded.table == _german().table


def test_every_preset_it_applies_to_has_a_table_and_no_other_file_is_shipped() -> None:
    pairs = _outlook.table_rules()
    assert ("setback", 4) in pairs and ("cinch", 4) in pairs and ("smear", 2) in pairs
    assert all(name in PRESET_NAMES for name, _ in pairs)
    for name in PRESET_NAMES:
        for players in range(2, 9):
            try:
                rules = Rules.preset(name, players)
            except ValueError:
                continue
            # a preset whose rules are another's at this count (the German at six is
            # "six") reads that one's table
            shipped = (name, players) in pairs or rules in _outlook.shipped()
            assert shipped == _outlook.applies(rules)
    files = {path.name for path in DATA.glob("*.json")}
    assert files == {_outlook.file_name(*pair) for pair in pairs}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name, players in pairs:
            outlook = _outlook.load(Rules.preset(name, players))
            assert outlook is not None
            assert len(outlook.table) == (outlook.high - outlook.low + 1) ** 2
            assert all(0.0 <= chance <= 1.0 for chance in outlook.table.values())


def test_the_shipped_tables_are_small() -> None:
    sizes = [path.stat().st_size for path in DATA.glob("*.json")]
    assert sum(sizes) < 300_000 and max(sizes) < 40_000


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped files that the loader reads instead."""
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    monkeypatch.setattr(_outlook, "data_file", lambda name: copy / name)
    return copy


def _damage_table(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    table = document["table"]
    middle = len(table) // 2
    other = "A" if table[middle] != "A" else "B"
    document["table"] = table[:middle] + other + table[middle + 1 :]
    path.write_text(json.dumps(document), encoding="utf-8")


def _change_a_chance(path: Path) -> None:
    """A chance changed, its table compressed again and still well formed: only the
    checksum tells."""
    import base64
    import zlib

    document = json.loads(path.read_text(encoding="utf-8"))
    packed = bytearray(zlib.decompress(base64.b64decode(document["table"])))
    packed[200] ^= 0x01
    document["table"] = base64.b64encode(zlib.compress(bytes(packed))).decode("ascii")
    path.write_text(json.dumps(document), encoding="utf-8")


def _other_rules(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    document["rules"]["data"]["target"] = 11
    path.write_text(json.dumps(document), encoding="utf-8")


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (_damage_table, "cannot be used"),
        (_change_a_chance, "checksum does not match"),
        (_other_rules, "its rules are not these rules"),
        (lambda path: path.write_text("{", encoding="utf-8"), "cannot be used"),
        (lambda path: path.write_text("{}", encoding="utf-8"), "cannot be used"),
        (lambda path: path.unlink(), "No such file"),
    ],
    ids=["table", "chance", "rules", "truncated", "empty", "missing"],
)
def test_a_damaged_table_is_never_read(data_copy: Path, damage: object, words: str) -> None:
    assert callable(damage)
    damage(data_copy / "setback-4.json")
    with pytest.warns(RuntimeWarning, match=words):
        assert _outlook.load(Rules.setback()) is None


def test_a_damaged_table_is_built_again(data_copy: Path) -> None:
    _change_a_chance(data_copy / "setback-4.json")
    _outlook.outlook.cache_clear()
    try:
        with pytest.warns(RuntimeWarning, match="building it again"):
            built = _outlook.outlook(Rules.setback())
        assert built.hands  # made from the sample games, not from the file
        assert built.table == _german().table
    finally:
        _outlook.outlook.cache_clear()


def test_rules_with_no_shipped_table_build_theirs_quietly() -> None:
    rules = Rules.setback(target=11)
    assert _outlook.applies(rules) and rules not in _outlook.shipped()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _outlook.load(rules) is None
        made = _outlook.outlook(rules)
    assert made.hands and made.table[(0, 0)] == pytest.approx(0.5, abs=1e-4)


def test_a_shipped_table_is_read_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_sampling(*args: object, **kwargs: object) -> object:
        raise AssertionError("the shipped table should have been read")

    monkeypatch.setattr(_outlook, "sample_hands", no_sampling)
    outlook = _outlook.load(Rules.preset("cinch"))
    assert outlook is not None and not outlook.hands
    assert outlook.table[(0, 0)] == pytest.approx(0.5, abs=1e-3)


def test_a_hand_of_three_sides_is_seen_by_each_ordered_pair() -> None:
    """`_pairs`: the hand end as each ordered pair of sides races: the one as side 0, the
    other as side 1, the third as side 2 (no change, never near the game); the pitcher's
    seat follows its side, and the pair's awards theirs (the others' are dropped)."""
    key = (2, 3, True, (1, -2, 3), (("high", 2), ("low", 0), ("jack", 2), ("game", None)))
    pairs = _outlook._pairs(key, 3)
    assert len(pairs) == 6 and len(set(pairs)) == 6
    assert pairs[0] == (
        2,
        3,
        True,
        (1, -2, 0),
        (("low", 0),),
    )
    third = next(pair for pair in pairs if pair[3] == (3, 1, 0))
    assert third == (0, 3, True, (3, 1, 0), (("high", 0), ("low", 1), ("jack", 0)))
    # six players in three partnerships: seat 5 sits on side 2
    assert _outlook._pairs((5, *key[1:]), 3)[0][0] == 2


def test_with_more_than_two_sides_the_chances_are_shares_of_the_races() -> None:
    """Four sides (auction pitch): after any hand the four chances add up to 1; the side
    ahead is likelier to win, and every side alike at equal scores; a hand the game's own
    rule ends gives the winner 1."""
    rules = Rules.preset("auction-pitch", 4)
    outlook = _outlook.outlook(rules)
    ended = PlayoutResult(
        score_changes=(1, 2, 0, 1),
        awards=(("high", 1), ("low", 1), ("jack", 3), ("game", 0)),
        card_points=(0, 0, 0, 0),
        made=True,
        pitcher=1,
        contract=2,
        trump=None,
        winners=(),
    )
    for scores in [(0, 0, 0, 0), (3, 1, 5, 0), (-2, 4, 4, 1)]:
        chances = [outlook.chance(scores, side, ended) for side in range(4)]
        assert sum(chances) == pytest.approx(1.0)
    level = [outlook.chance((0, 0, 0, 0), side, _plain(4)) for side in range(4)]
    assert level == pytest.approx([0.25] * 4, abs=1e-3)
    ahead = [outlook.chance((5, 1, 1, 1), side, _plain(4)) for side in range(4)]
    assert ahead[0] > 0.5 and ahead[1] == pytest.approx(ahead[2]) == pytest.approx(ahead[3])
    # the pitcher at 5 of 7 makes his 2 and goes out: the game is his
    assert outlook.chance((0, 5, 0, 0), 1, ended) == 1.0
    assert outlook.chance((0, 5, 0, 0), 0, ended) == 0.0


def _plain(sides: int) -> PlayoutResult:
    """A hand's end that changes no score (passed out)."""
    return PlayoutResult(
        score_changes=(0,) * sides,
        awards=(),
        card_points=(0,) * sides,
        made=None,
        pitcher=None,
        contract=None,
        trump=None,
        winners=(),
    )
