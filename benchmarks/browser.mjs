// The library in the browser, measured: Debian's headless Chromium (playwright-core) opens
// the built site's Play page from a local static server. Run by hand, never by the tests:
//
//   mkdocs build && (cd js && npm ci) && node benchmarks/browser.mjs [--quick]
//
// - cold load: a fresh profile (empty cache) until the person's first move can be made
//   (the page's performance mark "first-move"), with the worker's own split (runtime,
//   wheels, imports);
// - warm reload: the same profile, the page reloaded (its game resumed from localStorage);
// - random hands a second through the checked API, in the page's worker and natively
//   (the same loop: setback._browser.random_hands), by CPU time and by the wall clock;
// - each bot level's decision time in the page, as the page sees it (a botAction call's
//   round trip), mean and p99, over the decisions of whole hands played by that level;
// - the coach in the page (the Play page's Hint and a hand's review): a hint's round trip
//   at each of seat 0's decisions, and each finished hand's review of seat 0, in hands of
//   the German game played by the medium bots.
//
// SETBACK_SITE (default site/), CHROMIUM (default /usr/bin/chromium), SETBACK_PYTHON
// (default .venv/bin/python) choose what is measured. --quick: a smoke (CI's).

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { chromium } from "../js/node_modules/playwright-core/index.mjs";
import { serve } from "../js/serve.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SITE = resolve(process.env.SETBACK_SITE ?? join(ROOT, "site"));
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const PYTHON = process.env.SETBACK_PYTHON
  ?? [join(ROOT, ".venv", "bin", "python")].find(existsSync) ?? "python3";
const QUICK = process.argv.includes("--quick");
const COLD = QUICK ? 1 : 3;
const SECONDS = QUICK ? 0.5 : 5;
const DECISIONS = QUICK ? 8 : 200; // per level, at most
const BUDGET = QUICK ? 5_000 : 60_000; // ms per level, at most
const HANDS = QUICK ? 1 : 10; // hands the coach reviews

const round = (value, digits = 0) => Number(value.toFixed(digits));
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The CPU seconds that each thread of the browser's processes (those under `root`) used
 * so far, by "pid:tid", with its kind: "worker" (the Web Worker's thread: Python),
 * "pool" (a renderer's thread pool: compiling the WebAssembly, in parallel), "page" (a
 * renderer's main thread) or "other". On a busy machine the wall clock says little; the
 * worker's CPU time is the first start's critical path. Linux only (/proc). */
function cpuSeconds(root) {
  const parents = new Map();
  const pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number);
  const fields = (path) => {
    const stat = readFileSync(path, "utf8");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    return [name, stat.slice(stat.lastIndexOf(")") + 2).split(" ")];
  };
  for (const pid of pids) {
    try {
      parents.set(pid, Number(fields(`/proc/${pid}/stat`)[1][1]));
    } catch {
      // a process that ended meanwhile
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) if (p === root) return true;
    return false;
  };
  const used = new Map();
  for (const pid of pids.filter(inTree)) {
    let renderer = false;
    try {
      renderer = readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer");
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const [name, f] = fields(`/proc/${pid}/task/${tid}/stat`);
        const seconds = (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
        let kind = "other";
        if (renderer && name.startsWith("DedicatedWorker")) kind = "worker";
        else if (renderer && name.startsWith("ThreadPool")) kind = "pool";
        else if (renderer && name === "chromium") kind = "page";
        used.set(`${pid}:${tid}`, { kind, seconds });
      }
    } catch {
      // a process or thread that ended meanwhile
    }
  }
  return used;
}

/** The CPU seconds used between two readings, by kind, and in all. */
function spent(after, before) {
  const used = { worker: 0, pool: 0, page: 0, total: 0 };
  for (const [thread, { kind, seconds }] of after) {
    const more = seconds - (before.get(thread)?.seconds ?? 0);
    if (kind !== "other") used[kind] += more;
    used.total += more;
  }
  return Object.fromEntries(Object.entries(used).map(([kind, seconds]) => [kind, round(seconds, 2)]));
}

async function firstMove(page) {
  await page.waitForFunction(() => performance.getEntriesByName("first-move").length > 0, null, { timeout: 300_000 });
  return page.evaluate(() => ({
    firstMove: performance.getEntriesByName("first-move")[0].startTime,
    worker: window.play.setback.loadTimes,
  }));
}

async function main() {
  const server = await serve(SITE);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const report = { machine: { cpus: cpus().length, loadavg: loadavg().map((x) => round(x, 1)) } };
  const root = process.pid; // playwright-core starts the browser from this process
  const fresh = async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 1000 } });
    await context.route("**/*", (route) =>
      new URL(route.request().url()).origin === server.url ? route.continue() : route.abort());
    await context.addInitScript(() => { // the bots at once: the first move, not their pace
      const key = "setback-play/settings";
      if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ pace: 0 }));
    });
    return { context, page: await context.newPage() };
  };

  // cold loads, each in a fresh profile; then a warm reload of the last
  report.cold = [];
  let last;
  for (let i = 0; i < COLD; i++) {
    await last?.context.close();
    last = await fresh();
    const cpu = cpuSeconds(root);
    await last.page.goto(`${server.url}/play/`);
    report.cold.push({ ...(await firstMove(last.page)), cpu: spent(cpuSeconds(root), cpu) });
  }
  const cpu = cpuSeconds(root);
  await last.page.reload();
  report.warm = { ...(await firstMove(last.page)), cpu: spent(cpuSeconds(root), cpu) };
  const { page } = last;

  // random hands a second: in the page's worker, and natively, each by its CPU time (the
  // worker thread's from /proc: Pyodide has no process time), as the machine may be busy
  const before = cpuSeconds(root);
  const inPage = await page.evaluate((seconds) => window.play.setback.randomHands({ seconds }), SECONDS);
  const workerCpu = spent(cpuSeconds(root), before).worker;
  const native = JSON.parse(execFileSync(PYTHON, ["-c", `
import json
from setback import Rules
from setback._browser import random_hands
print(json.dumps(random_hands(Rules.setback(), ${SECONDS})))`], { encoding: "utf8" }));
  report.randomHands = {
    page: round(inPage.hands / workerCpu),
    native: round(native.hands / native.cpu),
    pageWallClock: round(inPage.hands / inPage.seconds),
    nativeWallClock: round(native.hands / native.seconds),
  };
  report.randomHands.ratio = round(report.randomHands.page / report.randomHands.native, 2);

  // each level's decisions, as the page's calls see them
  const levels = await page.evaluate(() => [...window.play.setback.levels]);
  report.bots = {};
  for (const level of levels) {
    const times = await page.evaluate(async ({ level, decisions, budget }) => {
      const { setback } = window.play;
      const times = [];
      const start = performance.now();
      for (let seed = 1; times.length < decisions && performance.now() - start < budget; seed++) {
        const game = await setback.newGame("setback", { seed });
        let status = await game.status();
        while (status.hand_number === 0 && status.phase !== "game_over"
               && times.length < decisions && performance.now() - start < budget) {
          const before = performance.now();
          const action = await game.botAction(level, { seed });
          times.push(performance.now() - before);
          status = await game.apply(action);
        }
        await game.close();
      }
      return times;
    }, { level, decisions: DECISIONS, budget: BUDGET });
    report.bots[level] = {
      decisions: times.length,
      meanMs: round(mean(times), 1),
      p99Ms: round(percentile(times, 99), 1),
      maxMs: round(Math.max(...times), 1),
    };
  }

  // the coach: a hint at each of seat 0's decisions, the review of each hand it finished
  const coach = await page.evaluate(async ({ hands, budget }) => {
    const { setback } = window.play;
    const hints = [];
    const reviews = [];
    const start = performance.now();
    for (let seed = 1; reviews.length < hands && performance.now() - start < budget; seed++) {
      const game = await setback.newGame("setback", { seed });
      let status = await game.status();
      while (status.phase !== "game_over" && reviews.length < hands) {
        if (status.to_act === 0) {
          const before = performance.now();
          await game.hint(0);
          hints.push(performance.now() - before);
        }
        const hand = status.hand_number;
        status = await game.apply(await game.botAction("medium", { seed }));
        if (status.hand_number !== hand || status.phase === "game_over") {
          const before = performance.now();
          await game.review(0, { hand });
          reviews.push(performance.now() - before);
        }
      }
      await game.close();
    }
    return { hints, reviews };
  }, { hands: HANDS, budget: BUDGET * 2 });
  const timed = (times) => ({
    count: times.length,
    meanMs: round(mean(times)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(Math.max(...times)),
  });
  report.coach = { hint: timed(coach.hints), review: timed(coach.reviews) };
  await browser.close();
  await server.close();
  const shown = ({ firstMove: ms, worker, cpu: used }) => ({ firstMoveMs: round(ms), cpuSeconds: used, worker });
  report.cold = report.cold.map(shown);
  report.warm = shown(report.warm);
  console.log(JSON.stringify(report, null, 2));
}

await main();
