// The standard library's modules the Play page's Python imports: Pyodide's start, the
// wheels' install, and every operation of setback._browser on every preset, in every
// language, with every bot level and the coach (a hint, a hand's review), refusals
// included. tools/browser_stdlib.txt is its output (with the modules the wheels import by
// name added by hand), and the Play page's python_stdlib.zip holds those modules only
// (tools/browser_site.py). Run by hand after a change of Pyodide or of what the library
// imports, against a built site; a module its stdlib lacks fails the run (an operation's
// ModuleNotFoundError), else it would only be an error answer:
//
//   node js/stdlib-modules.mjs [site/play/] > tools/browser_stdlib.txt

import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const site = process.argv[2] ?? new URL("../site/play/", import.meta.url).pathname;
const runtime = JSON.parse(readFileSync(site + "runtime.json"));
const pyodide = await loadPyodide({ indexURL: site + "pyodide/" });
await pyodide.loadPackage(runtime.wheels.map((w) => site + w), { checkIntegrity: false, messageCallback: () => {} });
const out = pyodide.runPython(`
import json, sys
from setback._browser import handle
from setback.rules import PRESET_NAMES
def ask(op, **f):
    a = json.loads(handle(json.dumps({"op": op, **f})))
    if a.get("error", {}).get("kind") == "ModuleNotFoundError":
        raise SystemExit(a["error"]["message"])
    return a.get("ok", a)
ask("hello"); ask("schema")
for preset in PRESET_NAMES:
    for lang in ("en", "de", "sv", "fr"):
        g = ask("new_game", preset=preset, seed=3, lang=lang)["game"]
        n = 0
        while n < 400:
            st = ask("status", game=g)
            if st["to_act"] is None or st["hand_number"] > 1: break
            level = ("easy", "medium", "hard", "expert")[n % 4]
            a = ask("bot_action", game=g, level=level, lang=lang)
            ask("table", game=g, seat=st["to_act"], lang=lang)
            ask("apply", game=g, action={"type": "Play", "card": "2S"}, seat=st["to_act"], lang=lang)
            ask("apply", game=g, action=a, lang=lang)
            n += 1
        ask("narrate", game=g, seat=0, since=0, lang=lang)
        ask("review", game=g, seat=0, lang=lang)
        h = ask("new_game", preset=preset, seed=4, lang=lang)["game"]
        ask("hint", game=h, seat=ask("status", game=h)["to_act"], lang=lang)
        ask("view", game=g, seat=0); ask("events", game=g, seat=0, since=0)
        r = ask("record", game=g); d = ask("dump", game=g)
        ask("load", document=json.dumps(r)); ask("results", game=g)
        v = ask("view", game=g, seat=0)
        ask("draw", document=v, lang=lang); ask("draw", document=d, lang=lang)
        ask("action_text", actions=["pass"], lang=lang); ask("level_text", levels=["easy"], lang=lang)
        ask("side_text", rules=v["data"]["rules"], lang=lang)
ask("random_hands", seconds=0.2)
g = ask("new_game", preset="setback", options={"target": 7}, seed=1)["game"]
for i in range(30):
    a = ask("bot_action", game=g, level="expert"); ask("apply", game=g, action=a)
ask("new_game", preset="nope"); ask("apply", game=1, action="garbage"); ask("nope")
sorted(sys.modules)
`).toJs();
console.log(out.join("\n"));
