// The browser guide's examples, run as they are written: each ```javascript block of
// docs/guides/browser.md runs under Node as a page's module would, from a folder whose
// `setback/` is the built site's runtime (the folder `tools/browser_site.py` gathers), and
// what it prints must be exactly the ```text block after it, where there is one.
//
// A page's relative `fetch("./setback/runtime.json")` is read from that folder (Node's
// fetch takes no relative URL); relative paths given to loadSetback are file paths from it.
// Needs the built site's runtime (`mkdocs build`, or SETBACK_PLAY=DIR after
// `python tools/browser_site.py DIR`).

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "..", "..");
const PLAY = resolve(process.env.SETBACK_PLAY ?? join(ROOT, "site", "play"));
const GUIDES = ["docs/guides/browser.md"];
const BLOCK = /```javascript\n([\s\S]*?)```(?:\n\n```text\n([\s\S]*?)```)?/g;
const START = 300_000; // a cold start of Pyodide on a busy two-core machine

// Runs the page's module in the folder given, then leaves (a page never ends: its worker
// would keep Node alive). Its relative fetch reads the folder's files.
const RUN = `
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const folder = pathToFileURL(process.cwd() + "/");
const network = globalThis.fetch;
globalThis.fetch = async (url, options) => {
  const target = new URL(String(url), folder);
  if (target.protocol !== "file:") return network(url, options);
  return new Response(await readFile(target));
};
await import("./page.mjs");
process.exit(0);
`;

/** Run `code` as a page's module in a fresh folder holding `setback/`: its output. */
function runPage(code) {
  const folder = mkdtempSync(join(tmpdir(), "setback-guide-"));
  symlinkSync(PLAY, join(folder, "setback"), "dir");
  writeFileSync(join(folder, "page.mjs"), code);
  writeFileSync(join(folder, "run.mjs"), RUN);
  return new Promise((done, fail) => {
    execFile(process.execPath, ["run.mjs"], { cwd: folder, timeout: START }, (error, stdout, stderr) => {
      rmSync(folder, { recursive: true, force: true });
      if (error) fail(new Error(`the example failed (${error.code ?? error.signal}): ${stderr}`));
      else done(stdout);
    });
  });
}

for (const guide of GUIDES) {
  const text = readFileSync(join(ROOT, guide), "utf8");
  const blocks = [...text.matchAll(BLOCK)];

  describe(guide, () => {
    test("has examples, and names no file of a wheel by hand", () => {
      assert.ok(blocks.length >= 2, `${guide}: no javascript examples found`);
      for (const [, code] of blocks) assert.doesNotMatch(code, /\.whl\b/);
    });

    blocks.forEach(([, code, expected], n) => {
      test(`example ${n + 1} runs as written${expected === undefined ? "" : " and prints its text"}`, { timeout: START + 10_000 }, async () => {
        assert.ok(existsSync(join(PLAY, "runtime.json")), `no ${PLAY}/runtime.json: build the site first (mkdocs build) or set SETBACK_PLAY`);
        const printed = await runPage(code);
        if (expected !== undefined) assert.equal(printed, expected);
      });
    });
  });
}
