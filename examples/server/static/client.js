// The setback table in the browser: no build step, no library. The server draws the
// pictures (SVG) and says the game's words in the seat's language; the one table of the
// web pages (/table.mjs, the Play page's too) shows them, offers every legal action of the
// seat as something to click (a card or a button) and this file sends back the one
// clicked, exactly as the view offered it.
import { WORDS, createTable } from "/table.mjs";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const game = { socket: null, message: null, received: 0, selected: new Set(), keeping: null, table: null };
const LEVELS = ["easy", "medium", "hard", "expert"]; // setback.bots.LEVELS, weakest first
game.lang = [params.get("lang"), ...navigator.languages.map((tag) => tag.slice(0, 2))]
  .find((code) => code in WORDS) ?? "en";
Object.assign(window, { game, show, $, WORDS }); // for the tests and the curious
// A word of the page in its language, each {name} filled in; a word with two forms takes
// the first for a count of 1.
function say(key, values = {}) {
  let word = WORDS[game.lang][key] ?? WORDS.en[key];
  if (Array.isArray(word)) word = word[values.count === 1 ? 0 : 1];
  return word.replace(/\{(\w+)\}/g, (_, name) => values[name]);
}

function speak() {
  document.documentElement.lang = game.lang;
  for (const element of document.querySelectorAll("[data-word]")) {
    element.textContent = say(element.dataset.word);
  }
}

function languages(onchange) {
  for (const [code, words] of Object.entries(WORDS)) $("lang").add(new Option(words.name, code));
  $("lang").value = game.lang;
  $("lang").onchange = () => onchange($("lang").value);
  speak();
}

async function lobby() {
  $("lobby").hidden = false;
  languages((lang) => ((game.lang = lang), speak()));
  const presets = await (await fetch("/presets")).json();
  for (const preset of presets) $("preset").add(new Option(preset.name, preset.name));
  const chosen = () => presets.find((preset) => preset.name === $("preset").value);
  $("preset").onchange = () => {
    const preset = chosen();
    $("players").replaceChildren(...preset.counts.map((n) => new Option(n, n)));
    $("players").value = preset.players;
    $("target").placeholder = preset.target;
    $("players").onchange();
  };
  $("players").onchange = () => ($("humans").max = $("players").value);
  $("level").replaceChildren(...LEVELS.map((level) => {
    const option = new Option(say(level), level);
    option.dataset.word = level; // in the page's language, as it changes
    return option;
  }));
  $("level").value = "medium";
  $("preset").onchange();
  $("lobby").onsubmit = async (event) => {
    event.preventDefault();
    const options = { players: Number($("players").value) };
    if ($("target").value) options.target = Number($("target").value);
    const humans = Number($("humans").value);
    const reply = await fetch("/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        preset: $("preset").value, options, humans, lang: game.lang, level: $("level").value,
      }),
    });
    const answer = await reply.json();
    if (!reply.ok) return ($("links").textContent = answer.refused);
    const links = answer.tokens.map((token) => `/?table=${answer.table}&token=${token}`);
    if (links.length === 1) return location.assign(links[0]);
    $("links").replaceChildren(say("links"), ...links.flatMap((link, seat) => {
      const anchor = document.createElement("a");
      anchor.href = link;
      anchor.textContent = say("seat", { seat });
      return [seat ? " · " : " ", anchor];
    }));
  };
}

function play() {
  $("game").hidden = false;
  $("top").hidden = true;
  game.table = createTable($("game"), {
    send, hint: askCoach, state: game, lang: game.lang, tools: [$("choose-lang")] });
  languages((lang) => {
    params.set("lang", lang); // this seat's own language from now on
    location.search = params;
  });
  game.table.status(say("connecting"));
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const seat = new URLSearchParams({ token: params.get("token") });
  if (params.has("lang")) seat.set("lang", params.get("lang"));
  game.socket = new WebSocket(`${scheme}://${location.host}/tables/${params.get("table")}/ws?${seat}`);
  game.socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    game.received += 1;
    if ("refused" in message) return game.table.refuse(message.refused, message.code);
    if ("hint" in message) return answerHint(message.hint); // the coach's, to this seat only
    const view = message.view?.data;
    const seat = game.message?.view.data.seat ?? view?.seat;
    if (!view || view.seat !== seat || !Array.isArray(view.legal_actions) || !Array.isArray(message.cards)) {
      return game.table.refuse(say("badMessage"), "bad_message"); // forged or broken: kept as it was
    }
    const before = game.message;
    game.table.refuse("");
    game.message = message;
    game.selected.clear();
    game.keeping = null;
    try {
      show(message);
    } catch {
      game.message = before;
      if (before) show(before);
      game.table.refuse(say("badMessage"), "bad_message");
    }
  };
  game.socket.onclose = () => game.table.status(say("disconnected"));
}

function send(action) {
  game.socket.send(JSON.stringify({ action }));
}

// The Hint button: the server's coach ({"hint": true}) answers this seat with the index of
// its action among the view's legal actions, its words and the reason (the table shows them).
function askCoach() {
  return new Promise((resolve) => {
    game.hinting = resolve;
    game.socket.send(JSON.stringify({ hint: true }));
  });
}

function answerHint(hint) {
  const resolve = game.hinting;
  game.hinting = null;
  const action = game.message?.view.data.legal_actions[hint.index];
  if (resolve && action) resolve({ action, label: hint.label, reason: hint.reason });
}

function show(message) {
  game.table ??= createTable($("game"), {
    send, hint: askCoach, state: game, lang: game.lang, tools: [$("choose-lang")] });
  game.lang = message.lang;
  speak();
  $("lang").value = game.lang;
  game.table.show({ ...message, scored: message.scored && game.received > 1 }); // its review too
  showLog(message);
}

function showLog(message) {
  game.table.log(message.events.data.map((event, i) => describe(event, message.said[i], message)));
}

// An event in the page's words around the library's (the action, the cards).
function describe(event, said, message) {
  const view = message.view.data;
  const who = (seat) => (seat === view.seat ? say("you") : say("seat", { seat }));
  const mine = event.seat === view.seat;
  switch (event.type) {
    case "Dealt":
      return say("dealt", { number: event.hand_number + 1, seat: say("seat", { seat: event.dealer }) });
    case "Called": case "Pitched": case "TrumpDeclared": case "PartnerCalled": case "Played":
      return say("acted", { who: who(event.seat), action: said.action });
    case "Discarded": {
      const drawn = mine && event.drawn ? ` (${said.drawn})` : "";
      if (!event.count) return say("acted", { who: who(event.seat), action: say("took", { count: event.drawn }) + drawn });
      let words = say("discarded", { count: event.count }) + (mine ? ` (${said.cards})` : "");
      if (event.drawn) words += ` ${say("drew", { count: event.drawn })}${drawn}`;
      return say("acted", { who: who(event.seat), action: words });
    }
    case "FaceUpDiscarded": {
      let words = say("faceUp", { cards: said.cards });
      if (event.drawn) words += ` ${say("drew", { count: event.drawn })}${mine ? ` (${said.drawn})` : ""}`;
      return say("acted", { who: who(event.seat), action: words });
    }
    case "TrickWon":
      return say("acted", { who: who(event.winner), action: say("trick", { cards: said.cards }) });
    case "HandScored": {
      const changes = event.result.score_changes.map((n, side) => `${message.sides[side]} ${n > 0 ? "+" : ""}${n}`);
      return say("scored", { number: event.result.number + 1, changes: changes.join(", ") });
    }
    case "GameOver":
      return say("over", { side: message.winner });
    default:
      return event.type;
  }
}

params.has("table") ? play() : lobby();
