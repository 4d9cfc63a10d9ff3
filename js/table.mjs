// table.mjs: the one setback table of the web pages, plain JavaScript (no framework, no
// build step). The Play page runs it over the Pyodide worker (docs/play/play.js), the
// example server's page over its websocket (examples/server/static/client.js): each is a
// small adapter that hands the table a frame and sends back the action clicked.
//
// A frame is what one seat sees, drawn and worded by the library (`setback._browser`'s
// `table_frame`, the same fields as the server's message):
//   view      the seat's PlayerView document ({format, kind: "PlayerView", data})
//   cards     the hand in the order it is held (trumps first): [{card, svg, trump}]
//   plays     the trick on the table, or the last one: [{seat, card, svg, trump}];
//             trick_done / trick_winner say whether it is over and who took it
//   result    the last hand's result as a picture (or null); scored: it is news
//   labels    the words of each legal action; names: each held card's; sides: each side's
//   winner, partners, bids, contract, trump: the rest of the table's words;
//   seat_sides: each seat's side (its score)
//   review    the coach's review of the seat's decisions in the last hand ({text, svg},
//             or null; the Play page's comes later, through table.review)
//   bots      {seat: level} (optional), lang: the frame's language
// The table fits the first screen at any size from 360 by 640: every seat's label and
// score, the trick, the hand, the controls and the status, no text under 12 px, no card
// narrower than 44 px.

import { WORDS } from "./table-words.mjs";

export { WORDS };

const CARD = { width: 64, height: 88 }; // a card picture's units (setback.svg)
const MIN_CARD = 44; // px: the narrowest card a finger can tap
const GAP = 4;

const STYLE = `
.sb-table { box-sizing: border-box; height: 100dvh; display: flex; flex-direction: column;
  gap: 4px; padding: 6px 8px; font-size: 15px; line-height: 1.25; overflow: hidden; }
.sb-table * { box-sizing: border-box; }
.sb-table[hidden] { display: none !important; }
.sb-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 10px; }
.sb-bar p { margin: 0; }
#status { font-weight: bold; }
#score, #bots, #facts { font-size: 13px; color: #333; }
#bots { flex-basis: 100%; }
.sb-bar .sb-tools { margin-left: auto; display: flex; gap: 6px; flex-wrap: wrap; }
.sb-table button { font-size: 15px; min-height: 36px; padding: 4px 12px; }
#seats { list-style: none; display: flex; flex-wrap: wrap; gap: 3px 5px; margin: 0; padding: 0; font-size: 13px; }
#seats li { background: #fff; border: 1px solid #ccc; border-radius: 12px; padding: 1px 7px; }
@media (max-width: 699px) { #bots { display: none; } #seats, #score, #facts { font-size: 12px; } }
#seats li.to-act { border: 2px solid #e0a800; background: #fff8dc; font-weight: bold; }
#seats li.me { background: #e8f0ff; }
#facts { margin: 0; }
#trick { flex: 1 1 0; min-height: 0; display: flex; flex-wrap: wrap; align-content: center;
  justify-content: center; align-items: flex-start; gap: 4px 8px; background: #2e6b3f;
  border-radius: 10px; padding: 4px; color: #fff; overflow: hidden; }
#trick figure { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 1px; }
#trick figcaption { font-size: 13px; white-space: nowrap; }
#trick figure.winner figcaption { font-weight: bold; color: #ffe27a; }
#trick .sb-note { font-size: 13px; align-self: center; flex-basis: 100%; text-align: center; }
.sb-card { display: block; position: relative; }
.sb-card svg { display: block; width: var(--cw); height: auto; }
.sb-card.trump::after { content: ""; position: absolute; left: 3px; right: 3px; bottom: -4px;
  height: 3px; border-radius: 2px; background: #e0a800; }
#hint { margin: 0; font-size: 14px; color: #333; }
#hint.hinted { color: #7a4a00; font-weight: bold; }
#refusal { margin: 0; color: #a00; font-size: 14px; min-height: 0; }
#refusal:empty { display: none; }
#actions { display: flex; flex-wrap: wrap; gap: 4px; }
#actions button.legal:not([disabled]) { border: 2px solid #c99700; background: #fff8dc; }
#actions button.switch { background: none; border: 1px dashed #888; }
#actions button.hinted, .sb-card.hinted { outline: 3px solid #d9480f; outline-offset: 1px; }
#actions.many button { font-size: 13px; min-height: 32px; padding: 2px 8px; }
#legend { margin: 0; font-size: 12px; color: #444; }
#legend:empty { display: none; }
#hand { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px ${GAP}px; padding-bottom: 4px; }
#hand g.card.clickable { cursor: pointer; }
#hand .sb-card:has(g.clickable) { outline: 3px solid #e0a800; border-radius: 5px; }
#hand .sb-card.hinted, #hand .sb-card.hinted:has(g.clickable) { outline: 4px solid #d9480f; }
#hand.choosing .sb-card:not(:has(g.clickable)) { opacity: .55; }
#hand g.selected { filter: drop-shadow(0 0 4px #f80) brightness(0.85); }
#hand .sb-card:has(g.selected) { transform: translateY(-6px); }
#log { font-size: 13px; color: #444; overflow-y: auto; margin: 0; padding-left: 2.6em; }
#last-hand { max-width: min(96vw, 780px); max-height: 94dvh; padding: 8px; border: 0; border-radius: 8px; }
#last-hand::backdrop { background: rgb(0 0 0 / 35%); }
#last-hand svg { display: block; max-width: 100%; height: auto; max-height: 78dvh; }
#last-hand form { text-align: right; margin: 4px 0 0; }
#last-hand { overflow: auto; }
#review:empty { display: none; }
#review { margin: 6px 0 0; border-top: 1px solid #ccc; padding-top: 4px; }
#review svg { max-height: 30dvh; }
#review p { margin: 2px 0 0; font-size: 13px; white-space: pre-line; }
@media (min-width: 1000px) {
  .sb-table { display: grid; grid-template-columns: minmax(0, 1fr) 22rem;
    grid-template-rows: auto auto auto minmax(0, 1fr) auto auto auto auto auto; column-gap: 16px; }
  .sb-table > * { grid-column: 1; }
  .sb-table > #log-box { grid-column: 2; grid-row: 1 / -1; min-height: 0; display: flex; flex-direction: column; }
  #log-box #log { flex: 1; }
}
@media (max-width: 999px) { #log-box { display: none; } }
`;

/** The table in `root` (emptied): `send(action)` takes the action clicked; `hint()` (if
 * given) resolves to the coach's hint for the Hint button, {action, label, reason} as the
 * library words it (setback.coach.hint); `state` holds the table's picks (`selected`,
 * `keeping`: the page's tests read them). */
export function createTable(root, { send, hint = null, state = {}, lang = "en", tools = [] }) {
  if (!document.getElementById("sb-table-style")) {
    const style = document.createElement("style");
    style.id = "sb-table-style";
    style.textContent = STYLE;
    document.head.append(style);
  }
  state.selected ??= new Set();
  state.keeping ??= null;
  const table = { frame: null, lang, state, send, hint };
  root.classList.add("sb-table");
  root.innerHTML = `
    <div class="sb-bar"><p id="status"></p><p id="score"></p>
      <span class="sb-tools"><button id="hint-button" type="button" hidden></button>
      <button id="show-last" type="button" hidden></button></span><p id="bots"></p></div>
    <ul id="seats"></ul>
    <p id="facts"></p>
    <div id="trick"></div>
    <p id="hint"></p>
    <p id="refusal" role="alert"></p>
    <div id="actions"></div>
    <p id="legend"></p>
    <div id="hand"></div>
    <div id="log-box"><strong id="happened"></strong><ol id="log" reversed></ol></div>
    <dialog id="last-hand"><div id="result"></div><div id="review"></div>
      <form method="dialog"><button id="close-last"></button></form></dialog>`;
  const $ = (id) => root.querySelector(`#${id}`);
  table.$ = $;
  for (const tool of tools) root.querySelector(".sb-tools").prepend(tool);
  $("show-last").onclick = () => $("last-hand").showModal();
  $("hint-button").hidden = !hint;
  $("hint-button").onclick = () => askHint(table);
  table.say = (key, values = {}) => say(table.lang, key, values);
  table.show = (frame, options) => show(table, frame, options);
  table.refuse = (text, code = "") => {
    $("refusal").textContent = text ?? "";
    $("refusal").dataset.code = code ?? "";
  };
  table.status = (text) => ($("status").textContent = text);
  table.review = (hand, review) => {
    table.reviewed = { hand, review };
    if (table.frame) showReview(table);
  };
  table.log = (lines) => {
    for (const line of lines) {
      const item = document.createElement("li");
      item.textContent = line.charAt(0).toUpperCase() + line.slice(1);
      $("log").prepend(item);
    }
    while ($("log").children.length > 80) $("log").lastChild.remove();
  };
  table.clearLog = () => $("log").replaceChildren();
  addEventListener("resize", () => table.frame && fit(table));
  words(table);
  return table;
}

/** A word of the table in `lang`, each {name} filled in; a word with two forms takes the
 * first for a count of 1. */
export function say(lang, key, values = {}) {
  let word = WORDS[lang]?.[key] ?? WORDS.en[key] ?? key;
  if (Array.isArray(word)) word = word[values.count === 1 ? 0 : 1];
  return word.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
}

function words(table) {
  const { $ } = table;
  $("hint-button").textContent = table.say("hintButton");
  $("show-last").textContent = table.say("lastHand");
  $("close-last").textContent = table.say("close");
  $("happened").textContent = table.say("happened");
}

/** Draw `frame`; `options.busy`: the bots are still to move (nothing is offered). */
function show(table, frame, { busy = false, popup = true } = {}) {
  const { $ } = table;
  const view = frame.view.data;
  const mine = !busy && view.to_act === view.seat && view.phase !== "game_over";
  if (table.frame?.view.data.seat !== view.seat || frame.view.data.phase !== table.frame?.view.data.phase
      || JSON.stringify(view.legal_actions) !== JSON.stringify(table.frame?.view.data.legal_actions)) {
    table.state.selected.clear();
    table.state.keeping = null;
  }
  table.frame = frame;
  table.mine = mine;
  table.lang = frame.lang ?? table.lang;
  words(table);
  $("status").textContent =
    view.phase === "game_over" ? table.say("over", { side: frame.winner })
    : mine ? table.say("yourTurn", { seat: view.seat })
    : busy ? table.say("waiting") : table.say("toAct", { seat: view.to_act });
  const scores = view.scores.map((score, side) => `${frame.sides[side]} ${score}`);
  $("score").textContent = table.say("scores", { scores: scores.join(", ") });
  const bots = Object.entries(frame.bots ?? {}).map(
    ([seat, level]) => `${table.say("seat", { seat })} (${table.say(level)})`);
  $("bots").textContent = bots.length ? table.say("bots", { list: bots.join(", ") }) : "";
  $("bots").hidden = !bots.length;
  $("hint").classList.remove("hinted");
  $("hint-button").hidden = !table.hint || !mine;
  $("result").innerHTML = frame.result ?? "";
  $("show-last").hidden = !frame.result;
  showSeats(table);
  showTrick(table);
  showHand(table);
  showActions(table);
  if (frame.review) table.reviewed = { hand: view.last_result?.number, review: frame.review };
  showReview(table);
  fit(table);
  if (popup && frame.scored && frame.result && !$("last-hand").open) $("last-hand").showModal();
}

// The coach's review of the seat's decisions in the last hand, under its result: its strip
// (each decision coloured by its cost) and its lines, or a word while it is being made (a
// review of null). It is kept while its hand is the last one.
function showReview(table) {
  const box = table.$("review");
  const hand = table.frame.view.data.last_result?.number;
  if (!table.reviewed || hand === undefined || table.reviewed.hand !== hand) return box.replaceChildren();
  const { review } = table.reviewed;
  const lines = document.createElement("p");
  lines.textContent = review ? review.text : table.say("reviewing");
  box.innerHTML = review ? review.svg : "";
  box.append(lines);
}

// Every seat: its label, its side's score, what it is (dealer, pitcher, partner), its cards
// and tricks; the seat to act marked.
function showSeats(table) {
  const { frame, $ } = table;
  const view = frame.view.data;
  const facts = [];
  if (frame.trump) facts.push(table.say("trump", { suit: frame.trump }));
  if (frame.contract) {
    facts.push(table.say("contract", { seat: table.say("seat", { seat: view.pitcher }), contract: frame.contract }));
  } else if (view.bids.length) {
    const calls = view.bids.map(([seat], i) => `${table.say("seat", { seat })} ${frame.bids[i]}`);
    facts.push(table.say("auction", { calls: calls.join(", ") }));
  }
  $("facts").textContent = facts.join(" · ");
  const won = view.hand_sizes.map((_, seat) => view.tricks.filter((t) => t.winner === seat).length);
  const sideOf = (seat) => frame.seat_sides?.[seat];
  $("seats").replaceChildren(...view.hand_sizes.map((count, seat) => {
    const words = [seat === view.seat ? table.say("You", { seat }) : table.say("Seat", { seat })];
    const side = sideOf(seat);
    if (side !== undefined) words.push(table.say("points", { n: view.scores[side] }));
    if (seat === view.dealer) words.push(table.say("dealer"));
    if (seat === view.pitcher) words.push(table.say("pitcher"));
    if (frame.partners.includes(seat)) words.push(table.say("partner"));
    words.push(table.say("cards", { count }));
    if (won[seat]) words.push(table.say("tricks", { count: won[seat] }));
    const item = document.createElement("li");
    item.textContent = words.join(" · ");
    item.dataset.seat = seat;
    item.classList.toggle("to-act", seat === view.to_act);
    item.classList.toggle("me", seat === view.seat);
    return item;
  }));
}

function cardElement(svg, { card, trump }) {
  const slot = document.createElement("span");
  slot.className = "sb-card";
  slot.dataset.card = card;
  slot.classList.toggle("trump", Boolean(trump));
  slot.innerHTML = svg;
  const picture = slot.querySelector("svg");
  picture.removeAttribute("width");
  picture.removeAttribute("height");
  return slot;
}

// A card's note in its picture's words: "the off-jack, a trump", "big joker, a trump".
function note(svg) {
  const label = /aria-label="([^"]*)"/.exec(svg)?.[1] ?? "";
  return /\((.*)\)/.exec(label)?.[1] ?? null;
}

function unescape(text) {
  const element = document.createElement("textarea");
  element.innerHTML = text;
  return element.value;
}

// The trick on the table (or the last one, and who took it): each card with its seat.
function showTrick(table) {
  const { frame, $ } = table;
  const view = frame.view.data;
  const figures = (frame.plays ?? []).map((play) => {
    const figure = document.createElement("figure");
    figure.append(cardElement(play.svg, play));
    const caption = document.createElement("figcaption");
    caption.textContent = play.seat === view.seat ? table.say("You", { seat: play.seat }) : table.say("Seat", { seat: play.seat });
    figure.append(caption);
    figure.classList.toggle("winner", frame.trick_done && play.seat === frame.trick_winner);
    return figure;
  });
  const line = document.createElement("p");
  line.className = "sb-note";
  if (!figures.length) line.textContent = table.say("noTrick");
  else if (frame.trick_done) line.textContent = table.say("lastTrick", { seat: table.say("seat", { seat: frame.trick_winner }) });
  $("trick").replaceChildren(...figures, ...(line.textContent ? [line] : []));
}

// The hand, trumps first, each card a picture a finger can tap; what each special card is
// (an off-jack, a joker) said above it.
function showHand(table) {
  const { frame, $ } = table;
  const cards = frame.cards ?? [];
  $("hand").replaceChildren(...cards.map(({ card, svg, trump }) => cardElement(svg, { card, trump })));
  const notes = cards.filter(({ trump }) => trump).map(({ svg }) => [unescape(/aria-label="([^"]*)"/.exec(svg)?.[1] ?? ""), note(svg)]);
  const special = notes.filter(([, words]) => words).map(([label]) => label);
  const trumps = cards.filter(({ trump }) => trump).length;
  $("legend").textContent = trumps
    ? `${table.say("trumps", { suit: frame.trump ?? "" })} ${trumps}${special.length ? ` · ${special.join(" · ")}` : ""}`
    : "";
  showCards(table);
}

function ownCards(table, name = null) {
  const selector = name === null ? "g.card[data-card]" : `g.card[data-card="${name}"]`;
  return table.$("hand").querySelectorAll(selector);
}

function showCards(table) {
  const { frame } = table;
  const view = frame.view.data;
  const offered = table.mine ? view.legal_actions : [];
  const discarding = offered.filter((action) => action.type === "Discard").length > 1;
  table.$("hand").classList.toggle("choosing", offered.some((a) => a.type === "Play" || a.type === "Pitch"));
  const pitching = offered.some((a) => a.type === "Pitch");
  for (const card of ownCards(table)) {
    const name = card.dataset.card;
    const action = offered.find((a) => (a.type === "Play" || a.type === "Pitch") && a.card === name);
    card.classList.toggle("selected", table.state.selected.has(name));
    if (!view.hand.includes(name) || !offered.length) continue;
    if (!(action || discarding)) { // not offered: sent all the same, the rules say why not
      card.onclick = () => table.send({ type: pitching ? "Pitch" : "Play", card: name });
      continue;
    }
    card.classList.add("clickable");
    card.onclick = () => (discarding ? pick(table, name) : table.send(action));
  }
}

function pick(table, name) {
  const { selected } = table.state;
  selected.has(name) ? selected.delete(name) : selected.add(name);
  for (const card of ownCards(table, name)) card.classList.toggle("selected", selected.has(name));
  showActions(table);
}

// A button for every action that is not a card of the hand: calls, trumps, the card to call
// (call your partner: a card the seat does not hold), and the discard the picked cards make.
function showActions(table) {
  const { frame, $ } = table;
  const offered = table.mine ? frame.view.data.legal_actions : [];
  const buttons = [];
  const kinds = new Set(offered.map((action) => action.type));
  offered.forEach((action, i) => {
    if (["Play", "Pitch", "Discard"].includes(action.type)) return; // clicked in the hand
    const element = button(frame.labels[i], () => table.send(action));
    element.dataset.action = JSON.stringify(action);
    buttons.push(element);
  });
  let hint = kinds.has("Play") ? table.say("play") : kinds.has("Pitch") ? table.say("pitch") : "";
  if (kinds.has("CallPartner")) hint = table.say("call");
  if (kinds.has("Discard")) hint = discardButtons(table, buttons);
  $("actions").replaceChildren(...buttons);
  $("actions").classList.toggle("many", buttons.length > 8);
  $("hint").textContent = hint;
}

// A discard: the player picks the cards to discard, or, where a discard is long (as many
// cards go as stay, or more: the Cinch dealer's rob), the cards to keep. The button sends
// the offered discard the picked cards make, and until they make one says what is missing.
// Picking the cards kept, it is the discard that setback.discard_keeping would choose: of
// those that throw none of them, the one that throws the most (so the cards every discard
// keeps, the robbing dealer's trumps, need no click).
function discardButtons(table, buttons) {
  const { frame, state } = table;
  const view = frame.view.data;
  const say = table.say;
  const discards = view.legal_actions.flatMap((a, i) => (a.type === "Discard" ? [[a, i]] : []));
  if (discards.length === 1) { // nothing to pick: the one discard the rules leave
    const only = button(frame.labels[discards[0][1]], () => table.send(discards[0][0]));
    only.dataset.action = JSON.stringify(discards[0][0]);
    buttons.push(only);
    return say("onlyDiscard");
  }
  const sizes = discards.map(([action]) => action.cards.length);
  const [low, high, held] = [Math.min(...sizes), Math.max(...sizes), view.hand.length];
  state.keeping ??= low >= held - low; // at least as many cards go as stay: pick those kept
  const keeping = state.keeping;
  const [fewest, most] = keeping ? [held - high, held - low] : [low, high];
  const count = fewest === most ? fewest : say("range", { low: fewest, high: most });
  const shown = (frame.cards ?? []).map(({ card }) => card);
  const picked = shown.filter((card) => state.selected.has(card));
  const names = (cards) => cards.map((card) => frame.names[card]).join(" ");
  let match, label;
  if (keeping) {
    const keeps = discards.filter(([action]) => !action.cards.some((c) => state.selected.has(c)));
    const longest = Math.max(...keeps.map(([action]) => action.cards.length));
    const best = keeps.filter(([action]) => action.cards.length === longest);
    match = best.length === 1 ? best[0] : undefined;
    const kept = match && shown.filter((card) => !match[0].cards.includes(card));
    label = match ? say("keep", { cards: names(kept) })
      : !keeps.length ? say("notOffered") : picked.length ? say("keepMore") : say("keepWhich");
  } else {
    const key = (list) => [...list].sort().join(" ");
    match = discards.find(([action]) => key(action.cards) === key(picked));
    label = match ? frame.labels[match[1]]
      : sizes.includes(picked.length) ? say("notOffered") : say("choose", { count });
  }
  const confirm = button(label, () => table.send(match[0]));
  confirm.disabled = !match;
  confirm.dataset.action = JSON.stringify({ type: "Discard" });
  const other = button(say(keeping ? "toDiscard" : "toKeep"), () => {
    state.keeping = !keeping;
    for (const card of [...state.selected]) pick(table, card);
    showActions(table);
  });
  other.className = "switch";
  buttons.push(confirm, other);
  return say(keeping ? "pickKeep" : "pickDiscard", { count });
}

function button(label, onclick) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = label;
  element.className = "legal";
  element.onclick = onclick;
  return element;
}

// The Hint button: the coach's advice, asked of the adapter, shown on its card or button
// and in words: the reason (setback.coach.hint's sentence, which begins with the action).
async function askHint(table) {
  const { $ } = table;
  const frame = table.frame;
  let advice;
  $("hint").textContent = table.say("hinting");
  fit(table);
  try {
    advice = await table.hint();
  } catch (error) {
    if (table.frame === frame) showActions(table); // the table's own hint again
    table.refuse(error.message);
    return;
  }
  if (table.frame !== frame) return;
  if (!advice) return showActions(table);
  $("hint").textContent = table.say("hintCoach", { reason: advice.reason ?? advice.label });
  $("hint").classList.add("hinted");
  fit(table); // the reason may take more lines than the hint it replaces
  const card = advice.action.card;
  for (const slot of $("hand").querySelectorAll(".sb-card")) {
    const marked = card !== undefined ? slot.dataset.card === card
      : advice.action.type === "Discard" && advice.action.cards.includes(slot.dataset.card);
    slot.classList.toggle("hinted", marked);
  }
  for (const element of $("actions").querySelectorAll("button")) {
    element.classList.toggle("hinted", element.dataset.action === JSON.stringify(advice.action));
  }
}

// Every card as wide as the room allows: the hand in as few rows as keep each card at least
// 44 px wide, the trick's cards as large as the space left for them, nothing past the screen.
function fit(table) {
  const { $ } = table;
  const root = $("hand").parentElement;
  const width = $("hand").clientWidth || root.clientWidth;
  const n = Math.max(1, (table.frame.cards ?? []).length);
  const tall = root.clientHeight || innerHeight;
  const largest = Math.max(MIN_CARD, Math.min(92, Math.floor(tall * 0.11)));
  const rows = Math.max(1, Math.ceil((n * (MIN_CARD + GAP)) / (width + GAP)));
  const perRow = Math.ceil(n / rows);
  const cw = Math.max(MIN_CARD, Math.min(largest, Math.floor((width + GAP) / perRow - GAP)));
  $("hand").style.setProperty("--cw", `${cw}px`);
  const plays = Math.max(1, (table.frame.plays ?? []).length, table.frame.view.data.hand_sizes.length);
  const trick = $("trick");
  const room = trick.clientHeight - 8 - 18; // its caption
  const across = Math.floor((trick.clientWidth - 8) / Math.min(plays, 6)) - 8;
  const high = Math.floor((room * CARD.width) / CARD.height);
  trick.style.setProperty("--cw", `${Math.max(MIN_CARD, Math.min(largest, across, high))}px`);
}
