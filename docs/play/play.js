// The Play page: a person at seat 0 against the bots, the rules running in this browser
// through setback.mjs (no server). Plain JavaScript, no framework, no build step.
//
// The table is setback.svg's picture of the seat's view: the person clicks their own cards
// in it (a card the rules forbid is refused, with the rule's words) and the buttons for
// everything else. The game is kept in localStorage after every action, and resumed on
// the next visit. A finished game's record can be replayed hand by hand.

import { loadSetback } from "./setback.mjs";

const SAVE = "setback-play/game";
const SETTINGS = "setback-play/settings";
const SEAT = 0;

const $ = (id) => document.getElementById(id);

// The page's own words (the game's words come from the library, in the same language).
const WORDS = {
  en: {
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
  shown: 0,
  level: null,
  lang: "en",
  preset: "setback",
  target: null,
  selected: new Set(),
  busy: false,
  ready: false, // the person can act (or the game is over)
  actions: 0, // how many times the table was drawn: the tests wait on it
  replay: null,
  pending: 0, // tasks queued or running: the tests wait for 0
};
window.play = play;

// One task at a time (a new game, an action and the bots' answers, a redraw), in order.
let queue = Promise.resolve();
function run(task) {
  play.pending += 1;
  const next = queue.then(task).catch((error) => {
    $("refusal").textContent = error.message;
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
  const { lang, level, preset, target } = play;
  localStorage.setItem(SETTINGS, JSON.stringify({ lang, level, preset, target }));
}

async function saveGame() {
  const game = await play.game.dump();
  localStorage.setItem(SAVE, JSON.stringify({ page: 1, game, shown: play.shown, preset: play.preset }));
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
  return game;
}

// --- the game -------------------------------------------------------------------------

async function newGame() {
  play.game?.close();
  play.preset = $("preset").value;
  play.target = $("target").value ? Number($("target").value) : null;
  saveSettings();
  const options = play.target ? { target: play.target } : {};
  try {
    play.game = await play.setback.newGame(play.preset, { options });
  } catch (error) {
    $("refusal").textContent = error.message;
    return;
  }
  play.shown = 0;
  $("log").textContent = "";
  notice(null);
  await advance();
}

/** The bots act until it is the person's turn (or the game is over); then the table. */
async function advance() {
  play.ready = false;
  play.busy = true;
  document.body.classList.add("busy");
  $("status").textContent = words("waiting");
  try {
    let status = await play.game.status();
    while (status.to_act !== null && status.to_act !== SEAT) {
      const action = await play.game.botAction(play.level);
      status = await play.game.apply(action);
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
  $("refusal").textContent = "";
  try {
    await play.game.apply(action, { seat: SEAT });
  } catch (error) {
    $("refusal").textContent = error.message; // the rule's words, in the chosen language
    $("refusal").dataset.code = error.code ?? "";
    return;
  }
  play.selected.clear();
  await advance();
}

async function show() {
  const { setback, game } = play;
  const document_ = await game.view(SEAT);
  const view = document_.data;
  play.view = view;
  const mine = view.to_act === SEAT;
  const [table, told, sides, labels] = await Promise.all([
    setback.draw(document_),
    game.narrate(play.shown, SEAT),
    setback.sideText(view.rules),
    setback.actionText(mine ? view.legal_actions : []),
  ]);
  $("table").innerHTML = table;
  if (told.lines.length) {
    $("log").textContent += told.lines.map((line) => line.trim() ? line : "").join("\n") + "\n";
    $("log").scrollTop = $("log").scrollHeight;
  }
  play.shown = told.last;
  $("scores").textContent = sides.map((side, i) => `${side}: ${view.scores[i]}`).join(" · ");
  $("status").textContent = view.phase === "game_over"
    ? words("over", { winner: sides[view.winner] ?? "?" })
    : mine ? words("yourTurn") : words("waiting");
  if (view.last_result) {
    $("last-hand").hidden = false;
    const result = { format: "setback", version: document_.version, kind: "HandResult", data: view.last_result };
    $("result").innerHTML = await setback.draw(result, { rules: view.rules });
  } else {
    $("last-hand").hidden = true;
  }
  await showPhone(document_);
  showCards(view, mine);
  showActions(view, labels, mine);
  $("download").hidden = false;
  await saveGame();
  play.ready = true;
  play.actions += 1;
  if (mine && !performance.getEntriesByName("first-move").length) performance.mark("first-move");
}

// On a phone the table is drawn too small to read: the trick and the person's hand are
// drawn again below it, at a size a finger can click, and the hand is clicked there.
const PHONE = window.matchMedia("(max-width: 640px)");

async function showPhone(document_) {
  const view = document_.data;
  $("phone").hidden = !PHONE.matches;
  if (!PHONE.matches) return;
  const as = (kind, data) => ({ format: "setback", version: document_.version, kind, data });
  const trick = view.trick?.plays.length ? view.trick : view.tricks.at(-1);
  const [drawn, ...cards] = await Promise.all([
    trick ? play.setback.draw(as("Trick", trick), { rules: view.rules }) : "",
    ...view.hand.map((card) => play.setback.draw(as("Card", card))),
  ]);
  $("phone-trick").innerHTML = drawn;
  $("phone-hand").innerHTML = cards.join("");
  const playable = new Set(view.to_act === SEAT
    ? view.legal_actions.filter((a) => a.type === "Play" || a.type === "Pitch").map((a) => a.card)
    : []);
  for (const card of $("phone-hand").children) {
    card.classList.toggle("playable", playable.has(card.querySelector("g.card").dataset.card));
  }
}

/** The seat's own face-up cards are what the person clicks (on the table, or on a phone
 * the large hand below it): a play (or pitch) of that card, or a choice for the discard.
 * A card the rules forbid is refused with the reason. */
function showCards(view, mine) {
  const discarding = mine && view.legal_actions.some((action) => action.type === "Discard");
  const pitching = view.legal_actions.some((action) => action.type === "Pitch");
  const selector = `#table g.seat[data-seat="${SEAT}"] g.card[data-card], #phone-hand g.card[data-card]`;
  const cards = [...document.querySelectorAll(selector)].filter((card) => view.hand.includes(card.dataset.card));
  const mark = () => {
    for (const card of cards) card.classList.toggle("selected", play.selected.has(card.dataset.card));
  };
  for (const card of cards) {
    const name = card.dataset.card; // not a face-up discard: those are not in the hand
    card.classList.add("mine");
    card.onclick = () => {
      if (discarding) {
        play.selected.has(name) ? play.selected.delete(name) : play.selected.add(name);
        mark();
        return;
      }
      act({ type: pitching ? "Pitch" : "Play", card: name });
    };
  }
  mark();
}

function showActions(view, labels, mine) {
  const buttons = [];
  if (mine) {
    view.legal_actions.forEach((action, i) => {
      if (action.type === "Play" || action.type === "Pitch" || action.type === "Discard") return;
      buttons.push(button(labels[i], () => act(action), action));
    });
    if (view.legal_actions.some((action) => action.type === "Discard")) {
      buttons.push(button(words("discard"), () => act({ type: "Discard", cards: [...play.selected] }), { type: "Discard" }));
    }
  } else if (view.phase === "game_over") {
    const replayThis = async () => loadReplay(JSON.stringify(await play.game.record()));
    buttons.push(button(words("replayThis"), () => run(replayThis), null));
  }
  $("actions").replaceChildren(...buttons);
}

function button(label, onclick, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  element.dataset.action = JSON.stringify(action);
  element.onclick = onclick;
  return element;
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

async function start() {
  const settings = readSettings();
  play.lang = ["en", "de", "sv", "fr"].includes(settings.lang) ? settings.lang : "en";
  $("lang").value = play.lang;
  translatePage();
  $("status").textContent = words("loading");
  try {
    const response = await fetch("runtime.json");
    if (!response.ok) throw new Error(`runtime.json: HTTP ${response.status}`);
    const runtime = await response.json();
    play.setback = await loadSetback({ indexURL: runtime.indexURL, wheels: runtime.wheels, lang: play.lang });
  } catch (error) {
    $("status").textContent = "";
    notice(words("loadFailed", { reason: error.message }), { fatal: true });
    $("setup").hidden = true;
    $("game").hidden = true;
    $("replay").hidden = true;
    return;
  }
  const { setback } = play;
  // the bots' level: the one kept, else medium (as setback play and the example server)
  play.level = [settings.level, "medium"].find((level) => setback.levels.includes(level)) ?? setback.levels[0];
  fill($("preset"), setback.presets, settings.preset ?? "setback");
  await fillLevels();
  if (Number.isSafeInteger(settings.target)) $("target").value = settings.target;

  $("setup").onsubmit = (event) => {
    event.preventDefault();
    run(newGame);
  };
  $("lang").onchange = () => {
    play.lang = setback.lang = $("lang").value;
    saveSettings();
    translatePage();
    run(fillLevels);
    if (play.replay) run(showReplay);
    if (play.game) run(show);
  };
  PHONE.addEventListener("change", () => {
    if (play.game) run(show);
  });
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
    $("status").textContent = "";
    play.ready = true;
    return;
  }
  if (resumed) {
    play.game = resumed;
    $("preset").value = play.preset;
    await advance();
  } else {
    await newGame();
  }
}

run(start);
