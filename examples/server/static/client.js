// The setback table in the browser: no build step, no library. The server draws the
// pictures (SVG) and says the game's words in the seat's language; this file shows them,
// offers every legal action of the seat as something to click (a card or a button) and
// sends back the one clicked, exactly as the view offered it.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const game = { socket: null, message: null, received: 0, selected: new Set(), keeping: null };
const LEVELS = ["easy", "medium", "hard", "expert"]; // setback.bots.LEVELS, weakest first
game.lang = [params.get("lang"), ...navigator.languages.map((tag) => tag.slice(0, 2))]
  .find((code) => code in WORDS) ?? "en";
window.game = game; // for the tests and the curious

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
  languages((lang) => {
    params.set("lang", lang); // this seat's own language from now on
    location.search = params;
  });
  $("status").textContent = say("connecting");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const seat = new URLSearchParams({ token: params.get("token") });
  if (params.has("lang")) seat.set("lang", params.get("lang"));
  game.socket = new WebSocket(`${scheme}://${location.host}/tables/${params.get("table")}/ws?${seat}`);
  game.socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    game.received += 1;
    if ("refused" in message) return ($("refusal").textContent = message.refused);
    if ("hint" in message) return ($("coach").textContent = message.hint.reason); // the coach's

    $("refusal").textContent = "";
    game.message = message;
    game.selected.clear();
    game.keeping = null;
    show(message);
  };
  game.socket.onclose = () => ($("status").textContent = say("disconnected"));
  $("show-last").onclick = () => $("last-hand").showModal();
  $("ask-coach").onclick = () => game.socket.send(JSON.stringify({ hint: true }));
}

function send(action) {
  game.socket.send(JSON.stringify({ action }));
}

function show(message) {
  const view = message.view.data;
  const mine = view.to_act === view.seat && view.phase !== "game_over";
  game.lang = message.lang;
  speak();
  $("lang").value = game.lang;
  $("status").textContent =
    view.phase === "game_over" ? say("over", { side: message.winner })
    : mine ? say("yourTurn", { seat: view.seat }) : say("toAct", { seat: view.to_act });
  const scores = view.scores.map((score, side) => `${message.sides[side]} ${score}`);
  $("score").textContent = say("scores", { scores: scores.join(", ") });
  const bots = Object.entries(message.bots ?? {}).map(
    ([seat, level]) => `${say("seat", { seat })} (${say(level)})`);
  $("bots").textContent = bots.length ? say("bots", { list: bots.join(", ") }) : "";
  $("table").innerHTML = message.table;
  $("trick").innerHTML = message.trick ?? "";
  $("hand").innerHTML = view.hand.length ? message.hand : "";
  $("result").innerHTML = message.result ?? "";
  $("show-last").hidden = !message.result;
  $("ask-coach").hidden = !mine;
  $("coach").textContent = "";
  if (message.review) $("review").innerHTML = message.review.svg; // the coach's review of the hand
  showSeats(message);
  showCards(message, mine);
  showActions(message, mine);
  showLog(message);
  const scored = message.events.data.some((event) => event.type === "HandScored");
  if (scored && game.received > 1 && !$("last-hand").open) $("last-hand").showModal();
}

// Narrow screens: what the table's picture says beside the trick, in words.
function showSeats(message) {
  const view = message.view.data;
  const facts = [];
  if (message.trump) facts.push(say("trump", { suit: message.trump }));
  if (message.contract) {
    facts.push(say("contract", { seat: say("seat", { seat: view.pitcher }), contract: message.contract }));
  } else if (view.bids.length) {
    const calls = view.bids.map(([seat], i) => `${say("seat", { seat })} ${message.bids[i]}`);
    facts.push(say("auction", { calls: calls.join(", ") }));
  }
  $("facts").textContent = facts.join(" · ");
  const won = view.hand_sizes.map((_, seat) => view.tricks.filter((t) => t.winner === seat).length);
  $("seats").replaceChildren(...view.hand_sizes.map((count, seat) => {
    const words = [seat === view.seat ? say("You", { seat }) : say("Seat", { seat })];
    if (seat === view.dealer) words.push(say("dealer"));
    if (seat === view.pitcher) words.push(say("pitcher"));
    if (message.partners.includes(seat)) words.push(say("partner"));
    words.push(say("cards", { count }));
    if (won[seat]) words.push(say("tricks", { count: won[seat] }));
    const item = document.createElement("li");
    item.textContent = words.join(" · ");
    item.classList.toggle("to-act", seat === view.to_act);
    return item;
  }));
}

// The seat's own cards in the table's picture and in the hand's (view_svg and hand_svg mark
// each face-up card with data-card) become what the player clicks: to play or pitch one, or
// to pick the cards of a discard.
function ownCards(view, name = null) {
  const card = name === null ? "g.card[data-card]" : `g.card[data-card="${name}"]`;
  return document.querySelectorAll(`#table g.seat[data-seat="${view.seat}"] ${card}, #hand ${card}`);
}

function showCards(message, mine) {
  const view = message.view.data;
  const offered = mine ? view.legal_actions : [];
  const discarding = offered.filter((action) => action.type === "Discard").length > 1;
  $("hand").classList.toggle("choosing", offered.some((a) => a.type === "Play" || a.type === "Pitch"));
  for (const card of ownCards(view)) {
    const name = card.dataset.card;
    const action = offered.find((a) => (a.type === "Play" || a.type === "Pitch") && a.card === name);
    if (!view.hand.includes(name) || !(action || discarding)) continue;
    card.classList.add("clickable");
    card.onclick = () => (discarding ? pick(name, message) : send(action));
  }
}

function pick(name, message) {
  game.selected.has(name) ? game.selected.delete(name) : game.selected.add(name);
  for (const card of ownCards(message.view.data, name)) {
    card.classList.toggle("selected", game.selected.has(name));
  }
  showActions(message, true);
}

// A button for every action that is not a card of the hand: calls, trumps, the card to call
// (call your partner: a card the seat does not hold), and the discard the picked cards make.
function showActions(message, mine) {
  const offered = mine ? message.view.data.legal_actions : [];
  const buttons = [];
  const kinds = new Set(offered.map((action) => action.type));
  offered.forEach((action, i) => {
    if (["Play", "Pitch", "Discard"].includes(action.type)) return; // clicked on the table
    buttons.push(button(message.labels[i], () => send(action)));
  });
  let hint = kinds.has("Play") ? say("play") : kinds.has("Pitch") ? say("pitch") : "";
  if (kinds.has("CallPartner")) hint = say("call");
  if (kinds.has("Discard")) hint = discardButtons(message, buttons);
  $("actions").replaceChildren(...buttons);
  $("actions").classList.toggle("many", buttons.length > 12);
  $("hint").textContent = hint;
}

// A discard: the player picks the cards to discard, or, where a discard is long (as many
// cards go as stay, or more: the Cinch dealer's rob), the cards to keep. The button sends
// the offered discard the picked cards make, and until they make one says what is missing.
// Picking the cards kept, it is the discard that setback.discard_keeping would choose: of
// those that throw none of them, the one that throws the most (so the cards every discard
// keeps, the robbing dealer's trumps, need no click).
function discardButtons(message, buttons) {
  const view = message.view.data;
  const discards = view.legal_actions.flatMap((a, i) => (a.type === "Discard" ? [[a, i]] : []));
  if (discards.length === 1) { // nothing to pick: the one discard the rules leave
    buttons.push(button(message.labels[discards[0][1]], () => send(discards[0][0])));
    return say("onlyDiscard");
  }
  const sizes = discards.map(([action]) => action.cards.length);
  const [low, high, held] = [Math.min(...sizes), Math.max(...sizes), view.hand.length];
  game.keeping ??= low >= held - low; // at least as many cards go as stay: pick those kept
  const keeping = game.keeping;
  const [fewest, most] = keeping ? [held - high, held - low] : [low, high];
  const count = fewest === most ? fewest : say("range", { low: fewest, high: most });
  const shown = [...new Set([...ownCards(view)].map((card) => card.dataset.card))];
  const picked = shown.filter((card) => game.selected.has(card));
  const names = (cards) => cards.map((card) => message.names[card]).join(" ");
  let match, label;
  if (keeping) {
    const keeps = discards.filter(([action]) => !action.cards.some((c) => game.selected.has(c)));
    const longest = Math.max(...keeps.map(([action]) => action.cards.length));
    const best = keeps.filter(([action]) => action.cards.length === longest);
    match = best.length === 1 ? best[0] : undefined;
    const kept = match && shown.filter((card) => !match[0].cards.includes(card));
    label = match ? say("keep", { cards: names(kept) })
      : !keeps.length ? say("notOffered") : picked.length ? say("keepMore") : say("keepWhich");
  } else {
    const key = (list) => [...list].sort().join(" ");
    match = discards.find(([action]) => key(action.cards) === key(picked));
    label = match ? message.labels[match[1]]
      : sizes.includes(picked.length) ? say("notOffered") : say("choose", { count });
  }
  const confirm = button(label, () => send(match[0]));
  confirm.disabled = !match;
  const other = button(say(keeping ? "toDiscard" : "toKeep"), () => {
    game.keeping = !keeping;
    for (const card of [...game.selected]) pick(card, message);
  });
  other.className = "switch";
  buttons.push(confirm, other);
  return say(keeping ? "pickKeep" : "pickDiscard", { count });
}

function button(label, onclick) {
  const element = document.createElement("button");
  element.textContent = label;
  element.className = "legal";
  element.onclick = onclick;
  return element;
}

function showLog(message) {
  message.events.data.forEach((event, i) => {
    const item = document.createElement("li");
    item.value = event.number;
    const line = describe(event, message.said[i], message);
    item.textContent = line.charAt(0).toUpperCase() + line.slice(1);
    $("log").prepend(item);
  });
  while ($("log").children.length > 60) $("log").lastChild.remove();
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
