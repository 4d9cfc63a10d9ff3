// The Play page as a person uses it: Debian's headless Chromium, driven by Playwright
// (playwright-core: it downloads no browser), opens the built site from a local static
// server, and every request to any other host is blocked (and must never be made).
//
// Needs the built site (mkdocs build; SETBACK_SITE to point elsewhere) and /usr/bin/chromium
// (CHROMIUM to point elsewhere). Screenshots go to SETBACK_ARTIFACTS (default
// js/test-artifacts/); with SETBACK_SCREENSHOTS=docs/images the docs' picture is taken too.

import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
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
const FITS = `(${readFileSync(join(HERE, "fits.js"), "utf8")})()`; // what does not fit the first screen
const SIZES = [[1280, 800], [390, 844], [360, 640]];

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
async function person({ failing = null, viewport = { width: 1100, height: 1000 }, pace = 0 } = {}) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((pace) => { // the bots at once (unless the test asks a pace)
    const key = "setback-play/settings";
    if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ pace }));
  }, pace);
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

/** Open the Play page; its first new game is dealt from `seed` (`?seed=`), each later one
 * from the next seed: no test depends on how the cards fall. */
async function open(page, { seed = 1 } = {}) {
  await page.goto(`${server.url}/play/?seed=${seed}`);
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

/** Start a new game from the settings: preset, players, language, bots (medium), target. */
async function newGame(page, { preset, lang, target = "", players = "" }) {
  await page.click("#open-settings");
  await page.selectOption("#lang", lang);
  await page.waitForFunction(() => window.play.pending === 0);
  await page.selectOption("#level", "medium");
  await page.selectOption("#preset", preset);
  if (players) await page.selectOption("#players", String(players));
  await page.fill("#target", String(target));
  await page.waitForFunction(() => window.play.pending === 0);
  const before = (await state(page)).actions;
  await page.click("#new-game");
  await settle(page, before);
}

/** Press Hint and wait for the coach's advice: {text, hinted, labels, legal} (the hint's
 * line, what it marked, the words and actions offered). */
async function askHint(page) {
  await page.click("#hint-button");
  await page.waitForFunction(() => document.getElementById("hint").classList.contains("hinted"));
  return page.evaluate(() => ({
    text: document.getElementById("hint").textContent,
    hinted: [...document.querySelectorAll(".sb-card.hinted, #actions button.hinted")]
      .map((element) => element.dataset.card ?? element.dataset.action),
    labels: window.play.frame.labels,
    legal: window.play.view.legal_actions,
  }));
}

/** The hand's review over the table, once the coach made it: its strip and its lines. */
async function reviewShown(page) {
  await page.waitForSelector("#last-hand[open] #review svg");
  return page.textContent("#last-hand #review p");
}

/** The person's own card in the table's hand. */
function card(page, name) {
  return page.locator(`#hand g.card[data-card="${name}"]`);
}
const CORNER = { x: 5, y: 12 };

/** Click what a person would (what a bot of the test's level advises), and wait for the
 * bots' answer. */
async function clickFirst(page) {
  const { actions } = await state(page);
  const action = await page.evaluate(() => window.play.game.botAction(window.play.level, { seed: 99 }));
  if (await page.locator("#last-hand[open]").count()) {
    await page.click("#close-last"); // the hand's result, over the table: read, closed
  }
  if (action.type === "Discard") {
    const { keeping, hand } = await page.evaluate(() => ({ keeping: window.play.keeping, hand: window.play.view.hand }));
    const names = keeping ? hand.filter((name) => !action.cards.includes(name)) : action.cards;
    for (const name of names) await card(page, name).click({ position: CORNER });
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
  assert.equal(await page.textContent("#status"), "Du bist dran (Platz 0).");

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
  await open(page);  // the saved game is resumed: the address's seed deals no new one
  const resumed = (await state(page)).view;
  assert.deepEqual(resumed, kept, "the reloaded page shows the same game");
  await page.click("#show-last"); // the last hand's result, and its review made again
  assert.match(await reviewShown(page), /^Runde \d+, /);
  await page.click("#close-last");
  await playUntil(page, (v) => v.phase === "game_over");
  assert.match(await page.textContent("#status"), /^Partie vorbei\. Sieger: .+\.$/);
  await shot(page, "play-de-game-over.png");
  if (await page.locator("#last-hand[open]").count()) await page.click("#close-last"); // the last hand's result

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

test("the address's seed deals the same game in any browser, and a seed that is not a number is refused by the library", async () => {
  const hands = [];
  for (const _ of [1, 2]) {
    const { context, page } = await person();
    await open(page, { seed: 5 });
    hands.push((await state(page)).view.hand);
    await context.close();
  }
  assert.deepEqual(hands[0], hands[1]);
  const { context, page } = await person();
  await open(page, { seed: 6 });
  assert.notDeepEqual((await state(page)).view.hand, hands[0], "another seed, another deal");
  await context.close();
  const fresh = await person(); // no saved game to resume
  await fresh.page.goto(`${server.url}/play/?seed=abc`);
  await fresh.page.waitForFunction(() => document.getElementById("refusal")?.textContent, null, { timeout: LOAD });
  assert.equal(await fresh.page.getAttribute("#refusal", "data-code"), "bad_seed");
  assert.match(await fresh.page.textContent("#refusal"), /abc/);
  await fresh.context.close();
});

test("Cinch (§7): a whole hand by clicking, the discard included, its record uploaded and replayed", async () => {
  const { context, page } = await person();
  await open(page);
  await newGame(page, { preset: "cinch", lang: "en" });
  assert.deepEqual(await page.$$eval("#players option", (options) => options.map((o) => o.value)), ["4"]);
  assert.deepEqual((await offeredLevels(page)).map(([value, text]) => value + "=" + text),
    ["easy=easy", "medium=medium", "hard=hard", "expert=expert"]);
  await playUntil(page, (v) => v.phase === "play" || v.hand_number > 0);
  await shot(page, "play-cinch-trick-play.png");
  if (process.env.SETBACK_SCREENSHOTS) {
    await page.screenshot({ path: join(ARTIFACTS, "play-table.png") });
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

for (const [width, height] of SIZES) {
  test(`at ${width} by ${height}: the table fits the first screen (auction, trick play, a hand's result; the coach's hint and review shown), call your partner at five`, async () => {
    const { context, page } = await person({ viewport: { width, height } });
    await open(page);
    await newGame(page, { preset: "trickster-13", players: 5, lang: width < 400 ? "de" : "en" });
    const fits = async (when) => {
      const problems = await page.evaluate(FITS);
      assert.deepEqual(problems, [], `${when}: ${problems.join("; ")}`);
      await page.screenshot({ path: join(ARTIFACTS, `play-${width}x${height}-${when}.png`) });
    };
    let { view } = await state(page);
    assert.equal(view.hand_sizes.length, 5, "five seats");
    assert.equal(await page.locator("#seats li").count(), 5);
    const advice = await askHint(page); // the coach's reason, shown with the table
    assert.ok(advice.labels.some((label) => advice.text.includes(`${label}:`)), advice.text);
    await fits("auction");
    await playUntil(page, (v) => v.phase === "game_over" || (v.phase === "play" && v.to_act === 0 && Boolean(v.trick?.plays.length)));
    ({ view } = await state(page));
    if (view.phase === "play") {
      assert.ok(await page.locator("#trick .sb-card").count() >= 1, "the trick is on the table");
      const { hinted } = await askHint(page); // the coach's card marked, its reason shown
      assert.equal(hinted.length, 1);
      await fits("trick");
    }
    await playUntil(page, (v) => v.hand_number > 0 || v.phase === "game_over");
    await page.waitForSelector("#last-hand[open] #result svg");
    assert.match(await reviewShown(page), width < 400 ? /^Runde 1, / : /^Hand 1, /);
    const box = await page.locator("#last-hand[open]").boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width, "the result over the table, whole");
    await page.screenshot({ path: join(ARTIFACTS, `play-${width}x${height}-result.png`) });
    await page.click("#close-last");
    await fits("next-hand");
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test("the bots' pace: each move drawn, the set time apart", async () => {
  const { context, page } = await person({ pace: 400 });
  await open(page);
  const drawn = await page.evaluate(() => {
    const seen = [];
    new MutationObserver(() => seen.push([performance.now(), document.querySelectorAll("#trick .sb-card").length]))
      .observe(document.getElementById("trick"), { childList: true });
    window.seen = seen;
    return true;
  });
  assert.ok(drawn);
  await playUntil(page, (v) => v.phase === "play" || v.hand_number > 0);
  const { actions } = await state(page);
  await page.evaluate(() => (window.seen.length = 0));
  await clickFirst(page); // a card: the bots answer one by one
  const times = await page.evaluate(() => window.seen.map(([t]) => t));
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  assert.ok(gaps.length >= 2 && gaps.every((gap) => gap >= 350), `paced: ${gaps.map(Math.round)}`);
  assert.ok((await state(page)).actions > actions);
  await context.close();
});

test("Hint: the coach's action and reason, marked on the table; a hand's review when it ends", async () => {
  const { context, page } = await person();
  await open(page);
  await newGame(page, { preset: "setback", lang: "en" });
  // the auction: the coach's call, a button, and the reason that names it
  let advice = await askHint(page);
  let match = /^Hint — (.+?): (your side expects [\d.]+ points this hand \(.+\)|it is your only choice\.$)/.exec(advice.text);
  assert.ok(match, advice.text);
  let i = advice.labels.indexOf(match[1]);
  assert.ok(i >= 0, `${match[1]} is not offered: ${advice.labels}`);
  assert.deepEqual(advice.hinted, [JSON.stringify(advice.legal[i])]);
  assert.equal((await state(page)).refusal, "");
  // trick play: the coach's card, marked in the hand
  await playUntil(page, (v) => v.hand_number > 0 || v.phase === "game_over" || (v.phase === "play" && v.to_act === 0));
  if ((await state(page)).view.phase === "play") {
    advice = await askHint(page);
    match = /^Hint — play (\S+): (your side expects|it is your only choice)/.exec(advice.text);
    assert.ok(match, advice.text);
    const offered = advice.legal.filter((action) => action.type === "Play").map((action) => action.card);
    assert.equal(advice.hinted.length, 1);
    assert.ok(offered.includes(advice.hinted[0]), `${advice.hinted} is not offered: ${offered}`);
    assert.equal(advice.labels[advice.legal.findIndex((action) => action.card === advice.hinted[0])], `play ${match[1]}`);
  }
  // the hand's end: its result over the table, and the coach's review of the person's decisions
  await playUntil(page, (v) => v.hand_number > 0 || v.phase === "game_over");
  const lines = await reviewShown(page);
  assert.match(lines, /^Hand 1, Bidding: /);
  assert.match(lines, /(the coach's choice too|it cost [\d.]+( points|% of the game))\.$/m);
  assert.match(await page.innerHTML("#last-hand #review"), /^<svg[^>]* aria-label="Review of seat 0"/);
  await shot(page, "play-review.png");
  // in German: the same review in the table's new language
  await page.click("#close-last");
  await page.click("#open-settings");
  await page.selectOption("#lang", "de");
  await page.waitForFunction(() => window.play.pending === 0);
  await page.evaluate(() => window.play.reviewing);
  await page.keyboard.press("Escape");
  await page.click("#show-last");
  assert.match(await reviewShown(page), /^Runde 1, Reizen: /);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("a damaged save: the page says so and offers a new game", async () => {
  const { context, page } = await person();
  await open(page);
  await page.evaluate(() => localStorage.setItem("setback-play/game", '{"page": 1, "game": {"format": "setback", "version": 3, "kind": "GameState", "data": {"broken": true}}}'));
  await page.reload();
  await open(page);  // the saved game is resumed: the address's seed deals no new one
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
  assert.equal(await page.isHidden("#game"), true);
  assert.equal(await page.locator("#hand .sb-card").count(), 0);
  await shot(page, "play-load-failed.png");
  await context.close();
});
