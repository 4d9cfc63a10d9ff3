"""The load test, on the loopback: 200 games of four bot clients each over websockets (at most
50 at once, games to 7), every game's stored record replayed to its final state.

It prints actions per second and the p50/p99 latency of an action (sent to answered)."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import time
from typing import Any

import pytest
import websockets

from conftest import ServerProcess
from setback import GameState, PlayerView, game_record, loads, replay
from setback.bots import HeuristicBot

GAMES, AT_ONCE, TARGET = int(os.environ.get("SETBACK_LOAD_GAMES", 200)), 50, 7
PRESETS = ("setback", "auction-pitch", "ten-point", "smear", "joker-pitch")  # four seats each
MAX_MESSAGES = 20_000  # per client: far above any game to 7


async def client(url: str, seat: int, latencies: list[float]) -> dict[str, Any]:
    """One seat's bot over the websocket: it acts on its turns; the last view it was sent."""
    bot = HeuristicBot(seed=seat)
    async with websockets.connect(url) as socket:
        message = json.loads(await socket.recv())
        for _ in range(MAX_MESSAGES):
            assert "refused" not in message, message
            document = message["view"]
            if document["data"]["phase"] == "game_over":
                return dict(document["data"])
            if document["data"]["to_act"] == seat:  # act, and time the answer
                view = loads(json.dumps(document), PlayerView)
                offered = document["data"]["legal_actions"][
                    view.legal_actions.index(bot.choose(view))
                ]
                sent = time.perf_counter()
                await socket.send(json.dumps({"action": offered}))
                message = json.loads(await socket.recv())
                latencies.append(time.perf_counter() - sent)
            else:
                message = json.loads(await socket.recv())
    raise AssertionError(f"seat {seat}'s game did not end in {MAX_MESSAGES} messages")


async def run(server: ServerProcess, tables: list[dict[str, Any]]) -> tuple[list[Any], list[float]]:
    latencies: list[float] = []
    gate = asyncio.Semaphore(AT_ONCE)

    async def game(table: dict[str, Any]) -> list[dict[str, Any]]:
        async with gate:
            urls = [
                server.ws_url(table["table"], token) + "&pictures=no" for token in table["tokens"]
            ]
            return await asyncio.gather(*(client(url, s, latencies) for s, url in enumerate(urls)))

    finals = await asyncio.wait_for(asyncio.gather(*map(game, tables)), timeout=540)
    return finals, latencies


def test_200_games_of_four_bot_clients(
    server: ServerProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    tables = [
        server.create(PRESETS[n % len(PRESETS)], humans=4, target=TARGET) for n in range(GAMES)
    ]
    start = time.perf_counter()
    finals, latencies = asyncio.run(run(server, tables))
    seconds = time.perf_counter() - start
    actions = 0
    for table, views in zip(tables, finals, strict=True):
        state = loads(server.stored(table["table"]), GameState)
        assert state.is_over and state.rules.target == TARGET
        assert replay(game_record(state)) == state
        assert all(view["scores"] == list(state.scores) for view in views)
        actions += len(state.log)
    assert actions == len(latencies)  # every action sent was answered, and stored once
    p50, p99 = (statistics.quantiles(latencies, n=100)[i] * 1000 for i in (49, 98))
    with capsys.disabled():
        print(
            f"\nload test: {GAMES} games ({AT_ONCE} at once), {actions} actions in {seconds:.1f} s:"
            f" {actions / seconds:.0f} actions/s; latency of an action p50 {p50:.1f} ms,"
            f" p99 {p99:.1f} ms"
        )
