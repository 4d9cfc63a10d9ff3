"""`--seed`: every table a seeded server makes is dealt, and its bots seeded, from that seed
in the order the tables are made; so the tests meet the same games on every run."""

from __future__ import annotations

import json
from pathlib import Path

from app import Server


def made(path: Path, seed: int | None) -> list[tuple[str, str]]:
    """The stored state and bots of three tables a server over `path` makes."""
    server = Server(str(path), seed)
    for preset in ("setback", "cinch", "trickster-13"):
        server.create({"preset": preset, "humans": 1})
    rows = server.db.execute("SELECT state, bots FROM games ORDER BY rowid").fetchall()
    server.db.close()
    return [(state, bots) for state, bots in rows]


def test_the_same_seed_makes_the_same_tables(tmp_path: Path) -> None:
    first, again = made(tmp_path / "a.sqlite", 7), made(tmp_path / "b.sqlite", 7)
    assert first == again and len(first) == 3
    other, unseeded = made(tmp_path / "c.sqlite", 8), made(tmp_path / "d.sqlite", None)
    for rows in (other, unseeded):
        assert all(ours != theirs for ours, theirs in zip(first, rows, strict=True))
    bots = [json.loads(bots) for _, bots in first]
    assert len({bot["seed"] for table in bots for bot in table.values()}) == 3 + 2 + 4
