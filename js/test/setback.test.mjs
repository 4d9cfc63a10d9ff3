// setback.mjs under Node, no browser: the same library as native Python, through the worker.
//
// Needs the built site's runtime (`mkdocs build`, or `python tools/browser_site.py DIR` with
// SETBACK_PLAY=DIR) and a Python with setback installed for the native side (SETBACK_PYTHON,
// else the checkout's .venv, else python3).

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { loadSetback, SetbackError } from "../setback.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "..", "..");
const PLAY = process.env.SETBACK_PLAY ?? join(ROOT, "site", "play");
const PYTHON = process.env.SETBACK_PYTHON
  ?? [join(ROOT, ".venv", "bin", "python")].find(existsSync) ?? "python3";

function runtime() {
  const file = join(PLAY, "runtime.json");
  if (!existsSync(file)) {
    throw new Error(`no ${file}: build the site first (mkdocs build) or set SETBACK_PLAY`);
  }
  const { indexURL, wheels } = JSON.parse(readFileSync(file, "utf8"));
  return { indexURL: join(PLAY, indexURL), wheels: wheels.map((wheel) => join(PLAY, wheel)) };
}

/** Run Python natively: `code` reads JSON from stdin and prints JSON. */
function native(code, input) {
  const out = execFileSync(PYTHON, ["-c", code], { input: JSON.stringify(input), encoding: "utf8" });
  return JSON.parse(out);
}

const NATIVE_GAME = `
import json, sys
from setback import Rules, apply_action, dumps, new_game, parse_action
asked = json.load(sys.stdin)
state = new_game(Rules.preset(asked["preset"], **asked["options"]), seed=asked["seed"])
for action in asked["actions"]:
    state = apply_action(state, parse_action(action))
print(dumps(state))
`;

/** A small seeded generator (mulberry32): the same choices on every run. */
function generator(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let setback;

before(async () => {
  setback = await loadSetback(runtime());
});

after(() => setback?.terminate());

describe("a seeded random game", () => {
  for (const [preset, options, seed] of [
    ["setback", { target: 11 }, 20240601],
    ["cinch", { target: 31 }, 7],
    ["ten-point", { target: 21 }, 99],
  ]) {
    test(`${preset}: the same final state JSON as the native library`, async () => {
      const random = generator(seed);
      const game = await setback.newGame(preset, { options, seed });
      const actions = [];
      let status = await game.status();
      while (status.phase !== "game_over") {
        assert.ok(actions.length < 5000, "the game ends");
        const legal = await game.legalActions();
        // mostly pass in the auction (uniform calls are mostly failed smudges)
        const passing = status.phase === "bidding" && legal[0].type === "Pass" && random() < 0.7;
        const action = passing ? legal[0] : legal[Math.floor(random() * legal.length)];
        actions.push(action);
        status = await game.apply(action);
      }
      const browser = await game.dump();
      const expected = native(NATIVE_GAME, { preset, options, seed, actions });
      assert.deepEqual(browser, expected);
      assert.equal(browser.kind, "GameState");
      assert.equal(browser.data.actions.length, actions.length);
      await game.close();
    });
  }
});

describe("documents", () => {
  test("a view, events, a record and results are the schema's documents", async () => {
    const game = await setback.newGame("setback", { seed: 3 });
    await game.apply({ type: "Pass" });
    const view = await game.view(2);
    assert.equal(view.kind, "PlayerView");
    assert.deepEqual(view.data.legal_actions, await game.legalActions());
    const events = await game.events(0, 2);
    assert.equal(events.kind, "Events");
    assert.deepEqual(events.data.map((event) => event.type), ["Dealt", "Called"]);
    assert.deepEqual((await game.events(1, 2)).data.map((event) => event.number), [2]);
    const record = await game.record();
    assert.deepEqual(record.data.actions, ["pass"]);
    const again = await setback.load(record);
    assert.deepEqual(await again.dump(), await game.dump());
    assert.deepEqual(await game.results(), []);
  });

  test("a bot's action is one of the legal actions, the same for the same seed", async () => {
    const game = await setback.newGame("setback", { seed: 11 });
    const legal = await game.legalActions();
    assert.deepEqual(setback.levels, ["easy", "medium", "hard", "expert"]);
    for (const level of setback.levels) {
      const action = await game.botAction(level, { seed: 5 });
      assert.ok(legal.some((offered) => JSON.stringify(offered) === JSON.stringify(action)), level);
      assert.deepEqual(await game.botAction(level, { seed: 5 }), action, level);
    }
    setback.lang = "de";
    assert.deepEqual(await setback.levelText(setback.levels), ["leicht", "mittel", "schwer", "Experte"]);
    setback.lang = "en";
    await assert.rejects(game.botAction("grandmaster"), { code: "no_level" });
  });
});

describe("the coach", () => {
  test("a hint and a hand's review are the native library's, in the chosen language", async () => {
    const game = await setback.newGame("setback", { seed: 8, options: { target: 11 } });
    const { to_act: seat } = await game.status();
    setback.lang = "de";
    try {
      const advice = await game.hint(seat);
      const legal = await game.legalActions();
      assert.deepEqual(legal[advice.index], advice.action);
      const expected = native(
        `import json, sys
from setback import Rules, new_game, observe
from setback._browser import HINT_BUDGET
from setback.coach import hint
view = observe(new_game(Rules.setback(target=11), seed=8), json.load(sys.stdin))
print(json.dumps(hint(view, budget=HINT_BUDGET, language="de").reason))`,
        seat,
      );
      assert.equal(advice.reason, expected);
      assert.ok(advice.reason.startsWith(`${advice.label}:`), advice.reason);
      await assert.rejects(game.review(seat), { code: "no_hand" });
      await assert.rejects(game.hint((seat + 1) % 4), { code: "invalid_state" });
      const actions = [];
      for (let status = await game.status(); status.hand_number === 0;) {
        const [action] = (await game.legalActions()).slice(-1);
        actions.push(action);
        status = await game.apply(action);
      }
      const done = await game.review(2);
      const reviewed = native(
        `import json, sys
from setback import Rules, apply_action, game_record, new_game, parse_action
from setback._browser import REVIEW_BUDGET
from setback.coach import review
state = new_game(Rules.setback(target=11), seed=8)
for action in json.load(sys.stdin):
    state = apply_action(state, parse_action(action))
done = review(game_record(state), 2, budget=REVIEW_BUDGET, hand=0)
print(json.dumps({"hand": 0, "text": done.text(lang="de"), "svg": done.svg(lang="de")}))`,
        actions,
      );
      assert.deepEqual(done, reviewed);
      assert.match(done.text, /^Runde 1, /);
    } finally {
      setback.lang = "en";
    }
  });
});

describe("refusals", () => {
  test("a malformed action: a SetbackError with its code, the game unchanged", async () => {
    const game = await setback.newGame("setback", { seed: 5 });
    const before = await game.dump();
    for (const [action, code] of [
      [{ type: "Bid", level: "x" }, "level_not_int"],
      [{ type: "Nope" }, "unknown_action_type"],
      [{ type: "Play", card: "ZZ" }, "not_a_card"],
      [42, "wrong_type"],
      [null, "wrong_type"],
      ["bid 9", "above_top_bid_smudge"],
    ]) {
      await assert.rejects(game.apply(action), (error) => {
        assert.ok(error instanceof SetbackError && error instanceof Error);
        assert.equal(error.code, code);
        assert.equal(typeof error.message, "string");
        return true;
      });
    }
    await assert.rejects(game.apply({ type: "Pass" }, { seat: 3 }), { code: "not_your_turn" });
    assert.deepEqual(await game.dump(), before);
  });

  test("a refusal's words in German are the library's", async () => {
    const game = await setback.newGame("setback", { seed: 5 });
    setback.lang = "de";
    try {
      const error = await game.apply("play 5C").catch((refused) => refused);
      assert.equal(error.code, "auction_on");
      const expected = native(
        `import json, sys
from setback import Rules, apply_action, new_game, IllegalActionError
from setback.text import refusal_text
try:
    apply_action(new_game(Rules.setback(), seed=5), "play 5C")
except IllegalActionError as error:
    print(json.dumps(refusal_text(error, lang="de")))`,
        null,
      );
      assert.equal(error.message, expected);
      assert.match(error.message, /Reizen/);
      // applied for the seat to act: told to that player, as setback play tells it
      const told = await game.apply("play 5C", { seat: 1 }).catch((refused) => refused);
      assert.equal(told.code, "auction_on");
      assert.deepEqual(told.params, error.params);
      assert.match(told.message, /^spielen 5♣ ist nicht erlaubt: das Reizen läuft noch/);
    } finally {
      setback.lang = "en";
    }
    assert.throws(() => { setback.lang = "xx"; }, { code: "language" });
  });

  test("a damaged document and a wrong seed are refused", async () => {
    await assert.rejects(setback.load("{not json"), { code: "invalid_state" });
    await assert.rejects(setback.load({ format: "setback", version: 3, kind: "Card", data: "KS" }), { code: "invalid_state" });
    await assert.rejects(setback.newGame("setback", { seed: 1.5 }), { code: "bad_seed" });
    await assert.rejects(setback.newGame("no-such-game"), { code: "rules" });
  });
});

test("a wheel that does not load: load_failed, naming it", async () => {
  const { indexURL, wheels } = runtime();
  const missing = join(dirname(wheels[0]), "missing-0.0-py3-none-any.whl");
  await assert.rejects(loadSetback({ indexURL, wheels: [...wheels, missing] }), (error) => {
    assert.equal(error.code, "load_failed");
    assert.match(error.message, /missing-0\.0/);
    return true;
  });
});
