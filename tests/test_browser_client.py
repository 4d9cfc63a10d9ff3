"""The browser client of docs/guides/browser-client.md (docs/guides/setback-client.mjs):
what it assumes of the JSON is what the schema and the server say. Run under Node where
it is installed (the client's functions are pure; its fetch calls go to a live server)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from setback import (
    GameState,
    Play,
    Rules,
    action_text,
    apply_action,
    dumps,
    json_schema,
    new_game,
    observe,
    parse_action,
)
from setback.rules import PRESET_NAMES

from .strategies import random_states

ROOT = Path(__file__).resolve().parents[1]
CLIENT = ROOT / "docs" / "guides" / "setback-client.mjs"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node is not installed")


def test_the_guide_shows_the_tested_module() -> None:
    """The page includes the module's file itself, not a copy that could drift."""
    page = (ROOT / "docs" / "guides" / "browser-client.md").read_text(encoding="utf-8")
    assert '--8<-- "docs/guides/setback-client.mjs"' in page


def test_the_client_knows_every_action_of_the_schema() -> None:
    """Each action `type` of the schema has its case in `actionLabel`, which reads the
    fields the schema gives that type (and no other)."""
    source = CLIENT.read_text(encoding="utf-8")
    body = source[source.index("export function actionLabel") :]
    body = body[: body.index("\n}\n")]
    cases = re.findall(r'case "(\w+)":\n\s+return ([^;]+);', body)
    defs = json_schema()["$defs"]
    offered = [ref["$ref"].rsplit("/", 1)[1] for ref in defs["Action"]["oneOf"]]
    assert [name for name, _ in cases] == offered
    for name, code in cases:
        read = set(re.findall(r"action\.(\w+)", code)) - {"type"}
        assert read == set(defs[name]["properties"]) - {"type"}, name
    assert re.search(r"const VERSION = (\d+);", source)[1] == str(  # type: ignore[index]
        json_schema()["properties"]["version"]["const"]
    )


def _views() -> Iterator[tuple[GameState, int]]:
    """Views of every preset in every phase, with each kind of action offered."""
    for name in PRESET_NAMES:
        seen = set()
        for state in random_states(Rules.preset(name), 4, max_steps=400):
            if state.to_act is not None and (state.phase, len(state.history)) not in seen:
                seen.add((state.phase, len(state.history)))
                yield state, state.to_act
    state = new_game(Rules.setback(pitch_instead_of_bid=True), seed=1)
    yield state, state.to_act  # type: ignore[misc]


def _node(script: str, stdin: str) -> Any:
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


LABELS = f"""
import {{ readFileSync }} from "node:fs";
import {{ readDocument, actionLabel, actionBody, viewHtml }} from "{CLIENT.as_uri()}";
const out = JSON.parse(readFileSync(0, "utf8")).map((text) => {{
  const view = readDocument(JSON.parse(text), "PlayerView");
  return {{
    labels: view.legal_actions.map(actionLabel),
    bodies: view.legal_actions.map(actionBody),
    buttons: (viewHtml(view).match(/<button /g) ?? []).length,
  }};
}});
process.stdout.write(JSON.stringify(out));
"""


@needs_node
def test_labels_and_bodies_round_trip() -> None:
    """For every action a view offers: the client's label is the words
    `setback.text.action_text` shows (and reads back), the body it sends is the
    offered object, which `parse_action` reads as that action; one button each."""
    cases = list(_views())
    texts = [dumps(observe(state, seat)) for state, seat in cases]
    results = _node(LABELS, json.dumps(texts))
    kinds = set()
    for (state, seat), result in zip(cases, results, strict=True):
        offered = observe(state, seat).legal_actions
        assert result["labels"] == [action_text(action) for action in offered]
        assert [parse_action(label) for label in result["labels"]] == list(offered)
        sent = [parse_action(json.loads(body)["action"]) for body in result["bodies"]]
        assert sent == list(offered)
        assert result["buttons"] == len(offered)
        kinds |= {type(action).__name__ for action in offered}
    assert kinds == {"Pass", "Bid", "Smudge", "Play", "Pitch", "DeclareTrump", "Discard"}


REFUSALS = f"""
import {{ readDocument }} from "{CLIENT.as_uri()}";
const tries = [
  [null, "PlayerView"],
  [{{ format: "chess" }}, "PlayerView"],
  [{{ format: "setback", version: 4, kind: "PlayerView", data: {{}} }}, "PlayerView"],
  [{{ format: "setback", version: 3, kind: "Events", data: [] }}, "PlayerView"],
  [{{ format: "setback", version: 3, kind: "PlayerView", data: {{}} }}, "Event"],
];
const out = tries.map(([document, kind]) => {{
  try {{ readDocument(document, kind); return "read"; }} catch (error) {{ return error.message; }}
}});
process.stdout.write(JSON.stringify(out));
"""


@needs_node
def test_the_client_refuses_other_documents() -> None:
    assert _node(REFUSALS, "") == [
        "not a setback document",
        "not a setback document",
        "a document of version 4: this client reads 3",
        "the document holds an Events, not a PlayerView",
        "the document holds a PlayerView, not an Event",
    ]


class _Server(BaseHTTPRequestHandler):
    """The guide's two calls, for one game whose seats' tokens are "t0" ... "t3"."""

    state = new_game(Rules.setback(), seed=42, dealer=3)
    lock = threading.Lock()

    def _reply(self, status: int, body: str) -> None:
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _seat(self) -> int:
        return int(self.headers["Authorization"].removeprefix("Bearer t"))

    def do_GET(self) -> None:
        self._reply(200, dumps(observe(type(self).state, self._seat())))

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        try:
            with self.lock:
                action = parse_action(body["action"])
                type(self).state = apply_action(type(self).state, action, seat=self._seat())
        except ValueError as error:
            self._reply(409, json.dumps({"error": str(error)}))
            return
        self._reply(200, dumps(observe(type(self).state, self._seat())))

    def log_message(self, *args: object) -> None:
        pass


SESSION = f"""
import {{ SetbackClient, actionLabel }} from "{CLIENT.as_uri()}";
const [base] = JSON.parse(await new Promise((resolve) => {{
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk));
  process.stdin.on("end", () => resolve(text));
}}));
const out = [];
let view = await new SetbackClient(base, "g1", "t0").view();
for (let step = 0; step < 6; step++) {{
  const seat = view.to_act;
  const action = (await new SetbackClient(base, "g1", `t${{seat}}`).view()).legal_actions[0];
  view = await new SetbackClient(base, "g1", `t${{seat}}`).act(action);
  out.push([seat, actionLabel(action)]);
}}
try {{
  await new SetbackClient(base, "g1", `t${{(view.to_act + 1) % 4}}`).act({{ type: "Pass" }});
}} catch (error) {{
  out.push(error.message);
}}
process.stdout.write(JSON.stringify(out));
"""


@needs_node
def test_a_client_plays_against_a_live_server() -> None:
    """`SetbackClient` fetches the view of the seat to act and sends its first offered
    action, six times (the auction, then the first plays); the server applies each; a
    refusal comes back as the rule's words."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        out = _node(SESSION, json.dumps([base]))
    finally:
        server.shutdown()
        server.server_close()
    state = _Server.state
    calls = [[seat, action_text(call)] for seat, call in state.bids]
    plays = [[seat, action_text(Play(card))] for seat, card in state.trick.plays]  # type: ignore[union-attr]
    assert out[:6] == calls + plays and len(calls) == 4 and len(plays) == 2
    assert (
        out[6]
        == f"pass by seat {(state.to_act + 1) % 4} is illegal: it is seat {state.to_act}'s turn"
    )  # type: ignore[operator]
