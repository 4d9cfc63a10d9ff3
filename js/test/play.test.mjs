// The Play page as a person uses it: Debian's headless Chromium, driven by Playwright
// (playwright-core: it downloads no browser), opens the built site from a local static
// server, and every request to any other host is blocked (and must never be made).
//
// Needs the built site (mkdocs build; SETBACK_SITE to point elsewhere) and /usr/bin/chromium
// (CHROMIUM to point elsewhere). Screenshots go to SETBACK_ARTIFACTS (default
// js/test-artifacts/); with SETBACK_SCREENSHOTS=docs/images the docs' picture is taken too.

import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

import { serve } from "../serve.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const SITE = resolve(process.env.SETBACK_SITE ?? join(HERE, "..", "..", "site"));
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ARTIFACTS = resolve(process.env.SETBACK_ARTIFACTS ?? join(HERE, "..", "test-artifacts"));
const LOAD = 180_000; // a cold start on a busy two-core machine

let server;
let browser;
const blocked = [];

before(async () => {
  assert.ok(existsSync(join(SITE, "play", "runtime.json")), `no built site in ${SITE}: run mkdocs build`);
  assert.ok(existsSync(CHROMIUM), `no ${CHROMIUM}: apt-get install chromium`);
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await serve(SITE);
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

after(async () => {
  await browser?.close();
  await server?.close();
  assert.deepEqual(blocked, [], "the page asked another host for something");
});

/** A fresh browser profile (its own localStorage and cache) that reaches only our server. */
async function person({ failing = null, viewport = { width: 1100, height: 1000 } } = {}) {
  const context = await browser.newContext({ viewport });
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== server.url) {
      blocked.push(url.href);
      return route.abort();
    }
    if (failing && failing.test(url.pathname)) return route.fulfill({ status: 404, body: "gone" });
    return route.continue();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.errors = errors;
  return { context, page };
}

async function open(page) {
  await page.goto(`${server.url}/play/`);
  await page.waitForFunction(
    () => window.play?.pending === 0 && (window.play.ready || !document.getElementById("notice").hidden),
    null,
    { timeout: LOAD },
  );
}

/** Wait until the page drew the table again (after `old` drawings) and has nothing to do. */
async function settle(page, old) {
  await page.waitForFunction((count) => window.play.actions > count && window.play.pending === 0, old);
}

const state = (page) => page.evaluate(() => ({
  view: window.play.view,
  actions: window.play.actions,
  refusal: document.getElementById("refusal").textContent,
}));

async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
}

/** The bots' levels the page offers: their values and their words. */
const offeredLevels = (page) => page.$$eval("#level option", (options) =>
  options.map((option) => [option.value, option.textContent]));

/** Start a new game from the form: preset, language, bots (medium), target. */
async function newGame(page, { preset, lang, target = "" }) {
  await page.selectOption("#lang", lang);
  await page.waitForFunction(() => window.play.pending === 0);
  await page.selectOption("#level", "medium");
  await page.selectOption("#preset", preset);
  await page.fill("#target", String(target));
  await page.waitForFunction(() => window.play.pending === 0);
  const before = (await state(page)).actions;
  await page.click("#new-game");
  await settle(page, before);
}

/** The person's own card in the table's picture: click its top left corner (the rest may
 * lie under the next card). On a phone: the card in the large hand below the table. */
function card(page, name) {
  if (page.phone) return page.locator(`#phone-hand g.card.mine[data-card="${name}"]`);
  return page.locator(`#table g.seat[data-seat="0"] g.card.mine[data-card="${name}"]`);
}
const CORNER = { x: 5, y: 12 };

/** Click what a person would (what a bot of the test's level advises), and wait for the
 * bots' answer. */
async function clickFirst(page) {
  const { actions } = await state(page);
  const action = await page.evaluate(() => window.play.game.botAction(window.play.level, { seed: 99 }));
  if (action.type === "Discard") {
    for (const name of action.cards) await card(page, name).click({ position: CORNER });
    await page.click('#actions button[data-action=\'{"type":"Discard"}\']');
  } else if (action.type === "Play" || action.type === "Pitch") {
    await card(page, action.card).click({ position: CORNER });
  } else {
    await page.click(`#actions button[data-action='${JSON.stringify(action)}']`);
  }
  await settle(page, actions);
  assert.equal((await state(page)).refusal, "", "a legal action was refused");
}

/** Play by clicking until `done(view)`; the number of clicks. */
async function playUntil(page, done, limit = 400) {
  let clicks = 0;
  for (let view = (await state(page)).view; !done(view); view = (await state(page)).view) {
    assert.ok(clicks++ < limit, "the game goes on too long");
    await clickFirst(page);
  }
  return clicks;
}

test("the German game: a refusal in German, a whole hand by clicking, a reload mid-hand, the game to its end, its replay", async () => {
  const { context, page } = await person();
  await open(page);
  await newGame(page, { preset: "setback", lang: "de", target: 5 });
  assert.deepEqual(await offeredLevels(page), [
    ["easy", "leicht"], ["medium", "mittel"], ["hard", "schwer"], ["expert", "Experte"],
  ]);
  assert.equal(await page.inputValue("#level"), "medium");
  let { view } = await state(page);
  assert.equal(view.to_act, 0);
  assert.equal(view.phase, "bidding");
  assert.equal(await page.textContent("#status"), "Du bist dran.");

  // a card clicked in the auction: refused, with the rule's words in German
  const before = (await state(page)).actions;
  await card(page, view.hand[0]).click({ position: CORNER });
  await page.waitForFunction(() => document.getElementById("refusal").textContent !== "");
  const refusal = await page.textContent("#refusal");
  assert.match(
    refusal,
    /^spielen \S+ ist nicht erlaubt: das Reizen läuft noch: wähle eins von passen, bieten \d/,
  );
  assert.equal(await page.getAttribute("#refusal", "data-code"), "auction_on");
  assert.equal((await state(page)).actions, before, "a refused card changes nothing");
  await shot(page, "play-de-refusal.png");

  // a whole hand by clicking
  const clicks = await playUntil(page, (v) => v.hand_number > 0 || v.phase === "game_over");
  assert.ok(clicks >= 1);
  ({ view } = await state(page));
  assert.ok(view.last_result !== null || view.phase === "game_over");
  assert.match(await page.textContent("#log"), /Runde 1 vorbei|alle gepasst/);
  await shot(page, "play-de-hand-over.png");

  // into the next hand's trick play, then a reload: the same table, and the game goes on
  await playUntil(page, (v) => v.phase === "game_over" || (v.phase === "play" && v.hand.length < 6));
  const kept = (await state(page)).view;
  await page.reload();
  await open(page);
  const resumed = (await state(page)).view;
  assert.deepEqual(resumed, kept, "the reloaded page shows the same game");
  await playUntil(page, (v) => v.phase === "game_over");
  assert.match(await page.textContent("#status"), /^Spielende: .+ gewinnt\.$/);
  await shot(page, "play-de-game-over.png");

  // the finished game's record, pasted: replayed hand by hand
  const record = await page.evaluate(async () => JSON.stringify(await window.play.game.record()));
  const hands = (await page.evaluate(async () => (await window.play.game.results()).length));
  await page.fill("#record", record);
  await page.click("#replay-load");
  await page.waitForFunction(() => !document.getElementById("replay-view").hidden && window.play.pending === 0);
  assert.equal(await page.textContent("#replay-where"), `Runde 1 von ${hands}`);
  if (hands > 1) {
    await page.click("#replay-next");
    await page.waitForFunction(() => document.getElementById("replay-where").textContent.startsWith("Runde 2") && window.play.pending === 0);
  }
  assert.match(await page.innerHTML("#replay-hand"), /^<svg/);
  await page.locator("#replay").screenshot({ path: join(ARTIFACTS, "play-de-replay.png") });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("Cinch (§7): a whole hand by clicking, the discard included, its record uploaded and replayed", async () => {
  const { context, page } = await person();
  await open(page);
  await newGame(page, { preset: "cinch", lang: "en" });
  assert.deepEqual((await offeredLevels(page)).map(([value, text]) => value + "=" + text),
    ["easy=easy", "medium=medium", "hard=hard", "expert=expert"]);
  await playUntil(page, (v) => v.phase === "play" || v.hand_number > 0);
  await shot(page, "play-cinch-trick-play.png");
  if (process.env.SETBACK_SCREENSHOTS) {
    await page.locator("#game").screenshot({ path: join(ARTIFACTS, "play-table.png") });
    copyFileSync(join(ARTIFACTS, "play-table.png"), join(process.env.SETBACK_SCREENSHOTS, "play-table.png"));
  }
  await playUntil(page, (v) => v.hand_number > 0 || v.phase === "game_over");
  assert.match(await page.textContent("#log"), /Hand 1 over|everyone passed/);
  await shot(page, "play-cinch-hand-over.png");

  // the game's record as a file, uploaded: replayed from its first hand
  const record = await page.evaluate(async () => JSON.stringify(await window.play.game.record()));
  await page.setInputFiles("#record-file", { name: "cinch.json", mimeType: "application/json", buffer: Buffer.from(record) });
  await page.waitForFunction(() => !document.getElementById("replay-view").hidden && window.play.pending === 0);
  assert.match(await page.textContent("#replay-where"), /^Hand 1 of \d+$/);
  assert.match(await page.innerHTML("#replay-hand"), /^<svg/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("on a phone (390 by 844): the trick and the hand drawn large, a whole hand played by clicking them", async () => {
  const { context, page } = await person({ viewport: { width: 390, height: 844 } });
  page.phone = true;
  await open(page);
  await newGame(page, { preset: "setback", lang: "de" });
  const looked = () => page.evaluate(() => ({
    phone: !document.getElementById("phone").hidden,
    widths: [...document.querySelectorAll("#phone-hand svg")].map((svg) => svg.getBoundingClientRect().width),
    hand: window.play.view.hand.length,
    trick: document.querySelector("#phone-trick svg")?.getBoundingClientRect().width ?? 0,
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    playable: document.querySelectorAll("#phone-hand svg.playable").length,
  }));
  let seen = await looked();
  assert.ok(seen.phone, "the phone's hand is shown");
  assert.equal(seen.widths.length, seen.hand);
  assert.ok(seen.widths.every((width) => width >= 50), `cards a finger can click: ${seen.widths}`);
  assert.equal(seen.overflow, 0, "nothing wider than the screen");
  let pictured = false;
  await playUntil(page, (view) => {
    if (!pictured && view.phase === "play" && view.to_act === 0 && view.trick?.plays.length) pictured = true;
    return view.hand_number > 0 || view.phase === "game_over" || pictured;
  });
  if (pictured) {
    seen = await looked();
    assert.ok(seen.trick >= 200, `the trick drawn large: ${seen.trick}`);
    assert.ok(seen.playable >= 1, "the playable cards are marked");
    await shot(page, "play-phone.png");
  }
  await playUntil(page, (view) => view.hand_number > 0 || view.phase === "game_over");
  assert.match(await page.textContent("#log"), /Runde 1 vorbei|alle gepasst/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("a damaged save: the page says so and offers a new game", async () => {
  const { context, page } = await person();
  await open(page);
  await page.evaluate(() => localStorage.setItem("setback-play/game", '{"page": 1, "game": {"format": "setback", "version": 3, "kind": "GameState", "data": {"broken": true}}}'));
  await page.reload();
  await open(page);
  assert.match(await page.textContent("#notice"), /^Your saved game could not be read \(.+\)\. Start a new game\?/);
  await page.click("#notice-action");
  await page.waitForFunction(() => window.play.view !== null && window.play.ready && window.play.pending === 0);
  assert.equal(await page.isHidden("#notice"), true);
  assert.equal((await state(page)).view.to_act, 0);
  await context.close();
});

test("a wheel that fails to load: a clear message, not a blank table", async () => {
  const { context, page } = await person({ failing: /\/wheels\/cattrs-/ });
  await open(page);
  const notice = await page.textContent("#notice");
  assert.match(notice, /^The rules could not be loaded, so there is no table to show: .*cattrs.*/);
  assert.equal(await page.getAttribute("#notice", "class"), "fatal");
  assert.equal(await page.innerHTML("#table"), "");
  await shot(page, "play-load-failed.png");
  await context.close();
});
