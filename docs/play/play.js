// The Play page: a person at seat 0 against the bots, the rules running in this browser
// through setback.mjs (no server). Plain JavaScript, no framework, no build step.
//
// The table is the one of the web pages (table.mjs, the example server's too): this file is
// its adapter over the Pyodide worker. The person clicks their own cards (a card the rules
// forbid is refused, with the rule's words) and the buttons for everything else; the bots
// answer at the pace chosen. The game is kept in localStorage after every action, and
// resumed on the next visit. A finished game's record can be replayed hand by hand.

import { loadSetback } from "./setback.mjs";
import { createTable } from "./table.mjs";

const SAVE = "setback-play/game";
const SETTINGS = "setback-play/settings";
const SEAT = 0;

const $ = (id) => document.getElementById(id);

// The page's own words (the game's words come from the library, in the same language).
const WORDS = {
  en: {
    players: "Players", pace: "Bot pace", paceOff: "at once", close: "Close", settings: "Game…",
    title: "Play Setback", docs: "Documentation", guide: "Rules in the browser",
    about: "The rules run in your browser (the setback library on Pyodide): no server, nothing sent anywhere.",
    game: "Game", target: "Target", language: "Language", bots: "Bots", new: "New game",
    lastHand: "The last hand", happened: "What happened",
    download: "Download this game's record (JSON)", replay: "Replay a finished game",
    replayHelp: "Paste a game record (the JSON of setback.game_record) or choose its file, then step through it hand by hand.",
    replayLoad: "Replay", loading: "Loading the rules (Python in your browser)…",
    yourTurn: "Your turn.", waiting: "The bots are playing…", over: "Game over: {winner} won.",
    discard: "Discard the chosen cards", discardNone: "Discard nothing",
    handOf: "Hand {n} of {total}", replayScores: "Scores after this hand: {scores}",
    badSave: "Your saved game could not be read ({reason}). Start a new game?",
    loadFailed: "The rules could not be loaded, so there is no table to show: {reason}. Check that the page's files are all served (see the guide), then reload.",
    replayThis: "Replay this game",
  },
  de: {
    players: "Spieler", pace: "Tempo der Bots", paceOff: "sofort", close: "Schließen", settings: "Spiel…",
    title: "Setback spielen", docs: "Dokumentation", guide: "Regeln im Browser",
    about: "Die Regeln laufen in deinem Browser (die setback-Bibliothek auf Pyodide): kein Server, nichts wird gesendet.",
    game: "Spiel", target: "Ziel", language: "Sprache", bots: "Bots", new: "Neues Spiel",
    lastHand: "Die letzte Runde", happened: "Was geschah",
    download: "Den Spielbericht dieses Spiels herunterladen (JSON)", replay: "Ein beendetes Spiel nachspielen",
    replayHelp: "Füge einen Spielbericht ein (das JSON von setback.game_record) oder wähle seine Datei, dann gehe Runde für Runde hindurch.",
    replayLoad: "Nachspielen", loading: "Die Regeln werden geladen (Python in deinem Browser)…",
    yourTurn: "Du bist dran.", waiting: "Die Bots spielen…", over: "Spielende: {winner} gewinnt.",
    discard: "Die gewählten Karten abwerfen", discardNone: "Nichts abwerfen",
    handOf: "Runde {n} von {total}", replayScores: "Stand nach dieser Runde: {scores}",
    badSave: "Dein gespeichertes Spiel ist nicht lesbar ({reason}). Ein neues Spiel beginnen?",
    loadFailed: "Die Regeln konnten nicht geladen werden, darum gibt es keinen Tisch: {reason}. Prüfe, ob alle Dateien der Seite ausgeliefert werden (siehe die Anleitung), und lade neu.",
    replayThis: "Dieses Spiel nachspielen",
  },
  sv: {
    players: "Spelare", pace: "Bottarnas takt", paceOff: "direkt", close: "Stäng", settings: "Spel…",
    title: "Spela Setback", docs: "Dokumentation", guide: "Reglerna i webbläsaren",
    about: "Reglerna körs i din webbläsare (setback-biblioteket på Pyodide): ingen server, inget skickas någonstans.",
    game: "Spel", target: "Mål", language: "Språk", bots: "Bottar", new: "Nytt spel",
    lastHand: "Förra given", happened: "Vad som hände",
    download: "Ladda ner spelets protokoll (JSON)", replay: "Spela upp ett avslutat spel",
    replayHelp: "Klistra in ett spelprotokoll (JSON från setback.game_record) eller välj filen, och stega sedan igenom det giv för giv.",
    replayLoad: "Spela upp", loading: "Reglerna laddas (Python i din webbläsare)…",
    yourTurn: "Din tur.", waiting: "Bottarna spelar…", over: "Spelet är slut: {winner} vann.",
    discard: "Kasta de valda korten", discardNone: "Kasta inget",
    handOf: "Giv {n} av {total}", replayScores: "Poäng efter given: {scores}",
    badSave: "Ditt sparade spel gick inte att läsa ({reason}). Börja ett nytt spel?",
    loadFailed: "Reglerna kunde inte laddas, så det finns inget bord att visa: {reason}. Kontrollera att alla sidans filer serveras (se guiden) och ladda om.",
    replayThis: "Spela upp det här spelet",
  },
  fr: {
    players: "Joueurs", pace: "Rythme des robots", paceOff: "immédiat", close: "Fermer", settings: "Partie…",
    title: "Jouer au Setback", docs: "Documentation", guide: "Les règles dans le navigateur",
    about: "Les règles tournent dans votre navigateur (la bibliothèque setback sur Pyodide) : aucun serveur, rien n'est envoyé.",
    game: "Jeu", target: "But", language: "Langue", bots: "Robots", new: "Nouvelle partie",
    lastHand: "La dernière donne", happened: "Ce qui s'est passé",
    download: "Télécharger le relevé de cette partie (JSON)", replay: "Rejouer une partie terminée",
    replayHelp: "Collez un relevé de partie (le JSON de setback.game_record) ou choisissez son fichier, puis parcourez-le donne par donne.",
    replayLoad: "Rejouer", loading: "Chargement des règles (Python dans votre navigateur)…",
    yourTurn: "À vous de jouer.", waiting: "Les robots jouent…", over: "Partie terminée : {winner} a gagné.",
    discard: "Écarter les cartes choisies", discardNone: "N'écarter rien",
    handOf: "Donne {n} sur {total}", replayScores: "Scores après cette donne : {scores}",
    badSave: "Votre partie enregistrée est illisible ({reason}). Commencer une nouvelle partie ?",
    loadFailed: "Les règles n'ont pas pu être chargées, il n'y a donc pas de table : {reason}. Vérifiez que tous les fichiers de la page sont servis (voir le guide), puis rechargez.",
    replayThis: "Rejouer cette partie",
  },
};

/** What the page holds; `window.play` for the tests, the benchmark and the curious. */
const play = {
  setback: null,
  game: null,
  view: null,
  frame: null,
  table: null,
  shown: 0,
  level: null,
  lang: "en",
  preset: "setback",
  players: null,
  target: null,
  pace: 800, // ms between two bots' moves (the settings' "Bot pace")
  selected: new Set(),
  keeping: null,
  busy: false,
  ready: false, // the person can act (or the game is over)
  actions: 0, // how many times the table was drawn for the person: the tests wait on it
  resultSeen: null, // the number of the last hand whose result was shown
  replay: null,
  pending: 0, // tasks queued or running: the tests wait for 0
  reviewed: null, // {game, hand, lang}: the last hand's review asked of the coach
  reviewing: null, // its promise: the tests wait for it
  seed: seedOfAddress(), // the next new game's seed (the address's ?seed=N), or null: a random one
};
window.play = play;

// One task at a time (a new game, an action and the bots' answers, a redraw), in order.
let queue = Promise.resolve();
function run(task) {
  play.pending += 1;
  const next = queue.then(task).catch((error) => {
    play.table?.refuse(error.message, error.code);
  });
  queue = next.finally(() => {
    play.pending -= 1;
  });
  return next;
}

const words = (key, values = {}) =>
  (WORDS[play.lang]?.[key] ?? WORDS.en[key]).replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");

function translatePage() {
  document.documentElement.lang = play.lang;
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = words(element.dataset.text);
  }
  document.title = words("title");
  if ($("open-settings")) $("open-settings").textContent = words("settings");
}

function notice(text, { fatal = false, action = null } = {}) {
  const box = $("notice");
  box.hidden = !text;
  box.className = fatal ? "fatal" : "";
  box.replaceChildren(document.createTextNode(text ?? ""));
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = "notice-action";
    button.textContent = action.label;
    button.onclick = action.run;
    box.append(" ", button);
  }
}

// --- settings and the saved game ------------------------------------------------------

function readSettings() {
  try {
    return JSON.parse(localStorage.getItem(SETTINGS) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

function saveSettings() {
  const { lang, level, preset, players, target, pace } = play;
  localStorage.setItem(SETTINGS, JSON.stringify({ lang, level, preset, players, target, pace }));
}

async function saveGame() {
  const game = await play.game.dump();
  const { shown, preset, resultSeen } = play;
  localStorage.setItem(SAVE, JSON.stringify({ page: 1, game, shown, preset, resultSeen }));
}

/** The saved game, or null if there is none; a damaged save throws with the reason. */
async function resumeGame() {
  const text = localStorage.getItem(SAVE);
  if (text === null) return null;
  let saved;
  try {
    saved = JSON.parse(text);
  } catch {
    throw new Error("not JSON");
  }
  if (saved === null || typeof saved !== "object" || saved.page !== 1 || !saved.game) {
    throw new Error("not a saved game of this page");
  }
  const game = await play.setback.load(saved.game); // a SetbackError says what is wrong
  play.preset = typeof saved.preset === "string" ? saved.preset : play.preset;
  play.shown = Number.isSafeInteger(saved.shown) ? saved.shown : 0;
  play.resultSeen = Number.isSafeInteger(saved.resultSeen) ? saved.resultSeen : null;
  return game;
}

// --- the game -------------------------------------------------------------------------

/** The page's address may name the first new game's seed, `?seed=N` (a deal to share, and
 * the browser tests' games, which must not depend on how the cards fall); each later new
 * game takes the next one. Text that is not a whole number goes to the library as it is,
 * which refuses it with its own words. */
function seedOfAddress() {
  const text = new URLSearchParams(globalThis.location?.search ?? "").get("seed");
  if (text === null) return null;
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
}

async function newGame() {
  play.game?.close();
  play.preset = $("preset").value;
  play.players = Number($("players").value) || null;
  play.target = $("target").value ? Number($("target").value) : null;
  saveSettings();
  const options = {};
  if (play.target) options.target = play.target;
  if (play.players) options.players = play.players;
  try {
    const seed = play.seed;
    if (typeof seed === "number") play.seed = seed + 1;
    play.game = await play.setback.newGame(play.preset, { options, seed });
  } catch (error) {
    play.table.refuse(error.message, error.code);
    return;
  }
  play.shown = 0;
  play.resultSeen = null;
  play.table.clearLog();
  notice(null);
  await advance();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bots act until it is the person's turn (or the game is over), each move drawn and
 * the pace waited between two; then the table, for the person. */
async function advance() {
  play.ready = false;
  play.busy = true;
  document.body.classList.add("busy");
  try {
    let status = await play.game.status();
    if (status.to_act !== null && status.to_act !== SEAT && play.pace > 0) {
      await show({ busy: true }); // the person's own move, before the bots answer it
      await sleep(play.pace);
    }
    while (status.to_act !== null && status.to_act !== SEAT) {
      const action = await play.game.botAction(play.level);
      status = await play.game.apply(action);
      if (play.pace > 0 && status.to_act !== null && status.to_act !== SEAT) {
        await show({ busy: true });
        await sleep(play.pace);
      }
    }
  } finally {
    play.busy = false;
    document.body.classList.remove("busy");
  }
  await show();
}

function act(action) {
  if (play.busy || play.pending) return; // the bots are playing: the click is ignored
  run(() => tryAction(action));
}

async function tryAction(action) {
  play.table.refuse("");
  try {
    await play.game.apply(action, { seat: SEAT });
  } catch (error) {
    play.table.refuse(error.message, error.code); // the rule's words, in the chosen language
    return;
  }
  play.selected.clear();
  await advance();
}

/** The table as the person sees it now: the frame from the worker, what happened since
 * (the log), the hand's result over the table when a hand was just scored. */
async function show({ busy = false } = {}) {
  const { game } = play;
  const [frame, told] = await Promise.all([game.table(SEAT), game.narrate(play.shown, SEAT)]);
  const view = frame.view.data;
  play.view = view;
  play.frame = frame;
  play.shown = told.last;
  const number = view.last_result?.number ?? null;
  frame.scored = number !== null && number !== play.resultSeen;
  play.resultSeen = number;
  play.table.show(frame, { busy });
  review(number); // once a hand (and language): after a reload too, for "Last hand"
  play.table.log(told.lines.map((line) => line.trim()).filter(Boolean));
  if (busy) return;
  $("download").hidden = false;
  const mine = view.to_act === SEAT;
  if (view.phase === "game_over") gameOver();
  await saveGame();
  play.ready = true;
  play.actions += 1;
  if (mine && !performance.getEntriesByName("first-move").length) performance.mark("first-move");
}

/** The finished game: a button to replay it, beside the table's actions. */
function gameOver() {
  const replayThis = async () => loadReplay(JSON.stringify(await play.game.record()));
  const element = document.createElement("button");
  element.type = "button";
  element.id = "replay-this";
  element.textContent = words("replayThis");
  element.onclick = () => run(replayThis);
  play.table.$("actions").replaceChildren(element);
}

/** The Hint button: the coach's advice for the person (setback.coach.hint, from their own
 * view), the action and the reason in the page's language, as the example server sends it. */
async function hint() {
  if (play.busy || play.pending || play.view?.to_act !== SEAT) return null;
  const { game, view } = play;
  const advice = await game.hint(SEAT);
  if (play.game !== game || play.view !== view) return null; // the table moved on meanwhile
  return { ...advice, action: view.legal_actions[advice.index] };
}

/** The coach's review of the person's decisions in the last hand, under its result: asked
 * once the hand is over (again in another language, and after a reload), outside the
 * queue of tasks, so the table is shown at once and the review follows (about 0.8 s in
 * the worker, docs/guides/browser.md). */
function review(hand) {
  const { game, lang } = play;
  if (hand === null || (play.reviewed?.hand === hand && play.reviewed.lang === lang && play.reviewed.game === game)) return;
  play.reviewed = { game, hand, lang };
  play.table.review(hand, null); // "the coach is reviewing ..."
  play.reviewing = game.review(SEAT, { hand }).then(
    (done) => play.game === game && play.table.review(hand, done),
    (error) => play.game === game && play.table.review(hand, { text: error.message, svg: "" }),
  );
}

// --- the replay of a finished game ------------------------------------------------------

async function loadReplay(text) {
  $("replay-error").textContent = "";
  try {
    const game = await play.setback.load(text);
    const [results, record] = await Promise.all([game.results(), game.record()]);
    game.close();
    if (!results.length) throw new Error("the record holds no finished hand");
    const start = record.data.scores ?? results[0].data.score_changes.map(() => 0);
    play.replay = { results, rules: record.data.rules, start, hand: 0 };
    $("replay-view").hidden = false;
    await showReplay();
  } catch (error) {
    $("replay-error").textContent = error.message;
  }
}

async function showReplay() {
  const { results, rules, start, hand } = play.replay;
  const scores = [...start];
  for (const result of results.slice(0, hand + 1)) {
    result.data.score_changes.forEach((change, side) => (scores[side] += change));
  }
  const sides = await play.setback.sideText(rules);
  $("replay-where").textContent = words("handOf", { n: hand + 1, total: results.length });
  $("replay-scores").textContent = words("replayScores", {
    scores: sides.map((side, i) => `${side}: ${scores[i]}`).join(" · "),
  });
  $("replay-hand").innerHTML = await play.setback.draw(results[hand], { rules });
  $("replay-prev").disabled = hand === 0;
  $("replay-next").disabled = hand === results.length - 1;
}

function stepReplay(by) {
  if (!play.replay) return null;
  play.replay.hand = Math.max(0, Math.min(play.replay.results.length - 1, play.replay.hand + by));
  return showReplay();
}

async function download(event) {
  event.preventDefault();
  const record = await play.game.record();
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = "setback-game.json";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// --- start ----------------------------------------------------------------------------

function fill(select, names, chosen, labels = names) {
  select.replaceChildren(...names.map((name, i) => new Option(labels[i], name)));
  if (names.includes(chosen)) select.value = chosen;
}

/** The bots' levels in the page's language ("leicht", "mittel", ...). */
async function fillLevels() {
  const { levels } = play.setback;
  fill($("level"), levels, play.level, await play.setback.levelText(levels));
}

/** The numbers of players the chosen preset takes, its own count chosen unless another
 * was kept. */
function fillPlayers() {
  const counts = play.setback.players[$("preset").value] ?? [];
  const kept = $("preset").value === play.preset ? play.players : null;
  fill($("players"), counts.map(String), String(kept ?? counts[0]));
  if (!counts.includes(kept)) $("players").selectedIndex = 0;
}

async function start() {
  const settings = readSettings();
  play.lang = ["en", "de", "sv", "fr"].includes(settings.lang) ? settings.lang : "en";
  play.pace = Number.isSafeInteger(settings.pace) && settings.pace >= 0 ? settings.pace : play.pace;
  const gear = document.createElement("button");
  gear.type = "button";
  gear.id = "open-settings";
  gear.onclick = () => $("settings").showModal();
  play.table = createTable($("game"), { send: act, hint, state: play, lang: play.lang, tools: [gear] });
  $("lang").value = play.lang;
  translatePage();
  play.table.status(words("loading"));
  try {
    const response = await fetch("runtime.json");
    if (!response.ok) throw new Error(`runtime.json: HTTP ${response.status}`);
    const runtime = await response.json();
    play.setback = await loadSetback({ indexURL: runtime.indexURL, wheels: runtime.wheels, lang: play.lang });
  } catch (error) {
    notice(words("loadFailed", { reason: error.message }), { fatal: true });
    $("game").hidden = true;
    $("replay").hidden = true;
    return;
  }
  const { setback } = play;
  // the bots' level: the one kept, else medium (as setback play and the example server)
  play.level = [settings.level, "medium"].find((level) => setback.levels.includes(level)) ?? setback.levels[0];
  fill($("preset"), setback.presets, settings.preset ?? "setback");
  play.preset = $("preset").value;
  play.players = Number.isSafeInteger(settings.players) ? settings.players : null;
  fillPlayers();
  $("pace").value = String(play.pace);
  if ($("pace").value !== String(play.pace)) {
    $("pace").add(new Option(`${play.pace / 1000} s`, String(play.pace)));
    $("pace").value = String(play.pace);
  }
  await fillLevels();
  if (Number.isSafeInteger(settings.target)) $("target").value = settings.target;

  $("setup").onsubmit = (event) => {
    if (event.submitter?.value !== "new") return;
    run(newGame);
  };
  $("preset").onchange = fillPlayers;
  $("pace").onchange = () => {
    play.pace = Number($("pace").value);
    saveSettings();
  };
  $("lang").onchange = () => {
    play.lang = setback.lang = $("lang").value;
    saveSettings();
    translatePage();
    run(fillLevels);
    if (play.replay) run(showReplay);
    if (play.game) run(show);
  };
  $("level").onchange = () => {
    play.level = $("level").value;
    saveSettings();
  };
  $("download").onclick = download;
  $("replay-load").onclick = () => run(() => loadReplay($("record").value));
  $("record-file").onchange = async () => {
    const file = $("record-file").files[0];
    if (file) {
      const text = await file.text();
      run(() => loadReplay(text));
    }
  };
  $("replay-prev").onclick = () => run(() => stepReplay(-1));
  $("replay-next").onclick = () => run(() => stepReplay(1));

  let resumed = null;
  try {
    resumed = await resumeGame();
  } catch (error) {
    notice(words("badSave", { reason: error.message }), {
      action: { label: words("new"), run: () => { localStorage.removeItem(SAVE); run(newGame); } },
    });
    play.table.status("");
    play.ready = true;
    return;
  }
  if (resumed) {
    play.game = resumed;
    $("preset").value = play.preset;
    fillPlayers();
    await advance();
  } else {
    await newGame();
  }
}

run(start);
