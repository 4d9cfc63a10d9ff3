// setback.mjs: every rule of Setback in the browser, with no server.
//
// A thin ES module over Pyodide: the setback library (Python) runs in a Web Worker, so a
// bot's thinking never freezes the page, and every call here is a promise. Values going in
// and out are the JSON documents of setback's JSON Schema (schema.json), plain JavaScript
// objects; a refusal is a SetbackError with the rule's `code`, its `params` and the
// message in the chosen language. Types: setback.d.ts. Guide: "Rules in the browser".
//
//   const setback = await loadSetback({ indexURL: "pyodide/", wheels: [...] });
//   const game = await setback.newGame("setback", { options: { target: 11 }, seed: 42 });
//   const [first] = await game.legalActions();
//   await game.apply(first);

/** A refusal or a failure, from the library: `code` (stable), `params`, `message`. */
export class SetbackError extends Error {
  constructor({ code, params = {}, message, kind = "SetbackError" }) {
    super(message);
    this.name = "SetbackError";
    /** The stable code of the rule or the failure ("above_top_bid_smudge", "load_failed"). */
    this.code = code;
    /** The values the message is built from (JSON values). */
    this.params = params;
    /** The Python exception's class ("IllegalActionError", "InvalidStateError", ...). */
    this.kind = kind;
  }
}

export const LANGUAGES = Object.freeze(["en", "de", "sv", "fr"]);

const inNode = typeof process === "object" && typeof process.versions?.node === "string"
  && typeof window === "undefined";

function absolute(url) {
  if (url instanceof URL) return url.href;
  if (!inNode && typeof location === "object") return new URL(url, location.href).href;
  return url; // Node: a file path or a URL, as Pyodide takes it
}

async function makeWorker(workerURL) {
  const url = workerURL ?? new URL("./setback-worker.mjs", import.meta.url);
  if (!inNode) {
    const worker = new Worker(url, { type: "module" });
    return {
      post: (message) => worker.postMessage(message),
      listen: (receive, fail) => {
        worker.onmessage = (event) => receive(event.data);
        worker.onerror = (event) => {
          event.preventDefault?.();
          fail(event.message || "the setback worker failed to start");
        };
      },
      terminate: () => worker.terminate(),
    };
  }
  const threads = await import("node:worker_threads");
  const worker = new threads.Worker(url);
  worker.unref();
  return {
    post: (message) => worker.postMessage(message),
    listen: (receive, fail) => {
      worker.on("message", receive);
      worker.on("error", (error) => fail(error.message));
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * Start the runtime in a worker and load the wheels: the Setback library, ready.
 * `indexURL`: the folder of Pyodide's files (pyodide.mjs, pyodide.asm.wasm, ...);
 * `wheels`: the URLs of setback's wheel and of its dependencies' (attrs, cattrs,
 * typing_extensions). A file that does not load rejects with a SetbackError
 * "load_failed" naming it.
 */
export async function loadSetback({ indexURL, wheels, lang = "en", workerURL } = {}) {
  if (typeof indexURL !== "string" && !(indexURL instanceof URL)) {
    throw new SetbackError({ code: "load_failed", message: "loadSetback needs indexURL: the folder of Pyodide's files" });
  }
  if (!Array.isArray(wheels) || wheels.length === 0) {
    throw new SetbackError({ code: "load_failed", message: "loadSetback needs wheels: the URLs of setback's wheel and its dependencies'" });
  }
  let index = absolute(indexURL);
  if (!index.endsWith("/")) index += "/";
  const worker = await makeWorker(workerURL);
  const setback = new Setback(worker, lang);
  let hello;
  try {
    hello = await setback._send({ start: { indexURL: index, wheels: wheels.map(absolute) } });
  } catch (error) {
    worker.terminate(); // nothing to keep: a worker without the library
    throw error;
  }
  Object.assign(setback, hello);
  Object.freeze(setback.presets);
  Object.freeze(setback.levels);
  Object.freeze(setback.players);
  return setback;
}

const finished = typeof FinalizationRegistry === "function"
  ? new FinalizationRegistry(({ setback, game }) => setback._call("close", { game }).catch(() => {}))
  : null;

/** The library, running in its worker. */
export class Setback {
  constructor(worker, lang) {
    this._worker = worker;
    this._pending = new Map();
    this._next = 0;
    this._dead = null;
    this._lang = "en";
    this.lang = lang;
    worker.listen(
      (message) => this._receive(message),
      (reason) => this._fail(reason),
    );
  }

  /** The language of messages and texts: "en", "de", "sv" or "fr". */
  get lang() {
    return this._lang;
  }

  set lang(value) {
    if (!LANGUAGES.includes(value)) {
      throw new SetbackError({ code: "language", params: { lang: value }, message: `no language ${JSON.stringify(value)}: setback speaks en, de, sv and fr` });
    }
    this._lang = value;
  }

  _receive(message) {
    const pending = this._pending.get(message.id);
    if (!pending) return;
    this._pending.delete(message.id);
    if (message.fatal !== undefined) {
      pending.reject(new SetbackError({ code: "load_failed", message: `setback did not load: ${message.fatal}` }));
    } else if (message.hello !== undefined) {
      pending.resolve(message.hello);
    } else {
      const answer = JSON.parse(message.answer);
      if ("error" in answer) pending.reject(new SetbackError(answer.error));
      else pending.resolve(answer.ok);
    }
  }

  _fail(reason) {
    this._dead = reason;
    for (const { reject } of this._pending.values()) {
      reject(new SetbackError({ code: "load_failed", message: `setback did not load: ${reason}` }));
    }
    this._pending.clear();
  }

  _send(message) {
    if (this._dead !== null) {
      return Promise.reject(new SetbackError({ code: "worker_gone", message: `the setback worker stopped: ${this._dead}` }));
    }
    const id = ++this._next;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject });
      this._worker.post({ id, ...message });
    });
  }

  _call(op, fields = {}) {
    return this._send({ request: JSON.stringify({ op, lang: this._lang, ...fields }) });
  }

  _game(started) {
    const game = new Game(this, started.game);
    finished?.register(game, { setback: this, game: started.game }, game);
    return game;
  }

  /** A new game of the preset `preset` ("setback", "cinch", ...) with `options` changed,
   * dealt from `seed` (a whole number; a random one when none is given). */
  async newGame(preset, { options = {}, seed } = {}) {
    if (seed === undefined || seed === null) {
      seed = globalThis.crypto.getRandomValues(new Uint32Array(1))[0];
    } else if (typeof seed === "bigint") {
      seed = String(seed);
    } else if (!Number.isSafeInteger(seed)) {
      throw new SetbackError({ code: "bad_seed", params: { seed: String(seed) }, message: `a seed is a whole number (a safe integer or a BigInt), not ${String(seed)}` });
    }
    return this._game(await this._call("new_game", { preset, options, seed }));
  }

  /** The game a GameState or GameRecord document holds (an object or its JSON text), as a
   * Game to play on: a record is replayed to its end. */
  async load(json) {
    const document = typeof json === "string" ? json : JSON.stringify(json);
    return this._game(await this._call("load", { document }));
  }

  /** A document as an SVG picture (text): a PlayerView (the table as that seat sees it),
   * a GameState, a HandResult (`options.rules`: its game's rules), a Trick or a Card.
   * `options`: `scale`, `colors` (4 or 2), `bottom` (the seat drawn at the bottom). */
  draw(document, options = {}) {
    return this._call("draw", { document, options });
  }

  /** Actions (objects or texts) as a player reads them, in `lang`: "play 10♥", "bieten 3". */
  actionText(actions) {
    return this._call("action_text", { actions });
  }

  /** Bot levels (`setback.levels`) as a player reads them, in `lang`: "mittel", "Experte". */
  levelText(levels) {
    return this._call("level_text", { levels });
  }

  /** Each side of the rules' game by its seats, in `lang`: ["seats 0+2", "seats 1+3"]. */
  sideText(rules) {
    return this._call("side_text", { rules });
  }

  /** The JSON Schema of every document. */
  schema() {
    return this._call("schema");
  }

  /** Random hands of a preset through the checked API, in the worker, for about
   * `seconds` of its time: {hands, seconds, actions}. A speed check of this browser. */
  randomHands({ preset = "setback", seconds = 1, seed = 0 } = {}) {
    return this._call("random_hands", { preset, seconds, seed });
  }

  /** Stop the worker: every later call is refused. */
  terminate() {
    this._worker.terminate();
    this._fail("terminated");
  }
}

/** One game, kept in the worker: each call asks it and answers with JSON documents. */
export class Game {
  constructor(setback, id) {
    this.setback = setback;
    this.id = id;
  }

  _call(op, fields = {}) {
    return this.setback._call(op, { game: this.id, ...fields });
  }

  /** Where the game stands: {phase, to_act, hand_number, scores, winner, players, actions}. */
  status() {
    return this._call("status");
  }

  /** The legal actions of the seat to act, in the library's stable order (Action objects). */
  legalActions() {
    return this._call("legal_actions");
  }

  /** Apply an action (an Action object as legalActions gives it, or its text "bid 3");
   * with `seat`, only if that seat is to act, and a refusal's message is told to that
   * player ("spielen 5♣ ist nicht erlaubt: ...", not "... von Platz 0 ..."). Resolves to
   * the new status; a refusal rejects with a SetbackError and leaves the game as it was. */
  apply(action, { seat } = {}) {
    return this._call("apply", { action, seat: seat ?? null });
  }

  /** What `seat` may know: a PlayerView document (its legal_actions when it is to act). */
  view(seat) {
    return this._call("view", { seat });
  }

  /** What `seat` saw happen after event number `since` (0: all): an Events document. */
  events(since, seat) {
    return this._call("events", { since, seat });
  }

  /** The whole game (every hand, the seed): a GameState document, for Setback.load. */
  dump() {
    return this._call("dump");
  }

  /** How the game began and every action since: a GameRecord document. */
  record() {
    return this._call("record");
  }

  /** Every finished hand: HandResult documents, oldest first. */
  results() {
    return this._call("results");
  }

  /** The action a bot of `level` chooses for the seat to act, from that seat's view only
   * (not applied). Levels: setback.levels. The same `seed` gives the same choices. */
  botAction(level, { seed = 0 } = {}) {
    return this._call("bot_action", { level, seed });
  }

  /** What the table (table.mjs) draws for `seat`, in the Setback's language: its view,
   * the hand in the order it is held (trumps first) and the trick, each card as a picture
   * (SVG), the last hand's result, and the words of each legal action, side and call. */
  table(seat) {
    return this._call("table", { seat });
  }

  /** The coach's hint for `seat`, whose turn it is (setback.coach.hint, from that seat's
   * view only; nothing is applied), in the Setback's language: {action, index, label,
   * reason}: the action, its index among the view's legal actions, its words and one
   * sentence of reason ("bid 2: your side expects 1.2 points this hand ..."). */
  hint(seat) {
    return this._call("hint", { seat });
  }

  /** The coach's review of `seat`'s decisions in a finished hand (`hand`: its number, 0
   * for the first; the last finished hand by default), in the Setback's language: {hand,
   * text, svg}: a line for each decision and the costliest, and the strip of the hand's
   * decisions coloured by what each cost (setback.coach.review). */
  review(seat, { hand = null } = {}) {
    return this._call("review", { seat, hand });
  }

  /** What `seat` saw happen after event `since`, in the words of `setback play` and in
   * the Setback's language: {lines, last} (`last`: the number to pass next time). */
  narrate(since, seat) {
    return this._call("narrate", { since, seat });
  }

  /** Forget the game in the worker (also done when the Game is garbage collected). */
  close() {
    finished?.unregister(this);
    return this._call("close");
  }
}
