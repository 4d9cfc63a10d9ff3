// The setback table in the browser: no build step, no library. The server draws the
// pictures (SVG); this file shows them, offers the seat's legal actions to click and sends
// back the one clicked, exactly as the view offered it.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const game = { socket: null, message: null, received: 0, selected: new Set() };
window.game = game; // for the tests and the curious

async function lobby() {
  $("lobby").hidden = false;
  for (const name of await (await fetch("/presets")).json()) {
    $("preset").add(new Option(name, name));
  }
  $("lobby").onsubmit = async (event) => {
    event.preventDefault();
    const options = $("target").value ? { target: Number($("target").value) } : {};
    const humans = Number($("humans").value);
    const reply = await fetch("/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ preset: $("preset").value, options, humans }),
    });
    const answer = await reply.json();
    if (!reply.ok) return ($("links").textContent = answer.refused);
    const links = answer.tokens.map((token) => `/?table=${answer.table}&token=${token}`);
    if (links.length === 1) return location.assign(links[0]);
    $("links").innerHTML = links.map((link, seat) => `<a href="${link}">seat ${seat}</a>`).join(" · ");
  };
}

function play() {
  $("game").hidden = false;
  const url = `ws://${location.host}/tables/${params.get("table")}/ws?token=${params.get("token")}`;
  game.socket = new WebSocket(url);
  game.socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    game.received += 1;
    if ("refused" in message) return ($("refusal").textContent = message.refused);
    $("refusal").textContent = "";
    game.message = message;
    game.selected.clear();
    show(message);
  };
  game.socket.onclose = () => {
    $("status").textContent = "Disconnected: reload the page to sit down again.";
  };
}

function send(action) {
  game.socket.send(JSON.stringify({ action }));
}

function show(message) {
  const view = message.view.data;
  const mine = view.to_act === view.seat;
  $("status").textContent =
    view.phase === "game_over" ? `Game over: ${message.winner} won.`
    : mine ? `Your turn (seat ${view.seat}).` : `Seat ${view.to_act} to act.`;
  $("score").textContent = `Scores: ${message.scores}`;
  $("table").innerHTML = message.table;
  $("result").innerHTML = message.result ?? "";
  showHand(message, mine);
  showActions(message, mine);
  for (const event of message.events.data) {
    $("log").insertAdjacentHTML("afterbegin", `<li value="${event.number}">${describe(event)}</li>`);
  }
  while ($("log").children.length > 40) $("log").lastChild.remove();
}

// The seat's own cards in the table's picture (view_svg marks each face-up card with
// data-card, and those it may play with the class "legal") become what the player clicks.
function showHand(message, mine) {
  const view = message.view.data;
  const offered = mine ? view.legal_actions : [];
  const discarding = offered.some((action) => action.type === "Discard");
  for (const card of $("table").querySelectorAll(`g.seat[data-seat="${view.seat}"] g.card[data-card]`)) {
    const action = offered.find((a) => a.card === card.dataset.card);
    if (!view.hand.includes(card.dataset.card) || !(action || discarding)) continue;
    card.classList.add("clickable");
    card.onclick = () => (discarding ? toggle(card, message) : send(action));
  }
}

function toggle(card, message) {
  const name = card.dataset.card;
  game.selected.has(name) ? game.selected.delete(name) : game.selected.add(name);
  card.classList.toggle("selected", game.selected.has(name));
  showActions(message, true);
}

function showActions(message, mine) {
  const offered = mine ? message.view.data.legal_actions : [];
  const buttons = [];
  offered.forEach((action, i) => {
    if ("card" in action || action.type === "Discard") return; // cards are clicked on the table
    buttons.push(button(message.labels[i], () => send(action)));
  });
  const chosen = [...game.selected].sort().join(" ");
  const discards = offered.filter((action) => action.type === "Discard");
  if (discards.length) {
    const match = discards.find((action) => [...action.cards].sort().join(" ") === chosen);
    const discard = button(chosen ? `discard ${chosen}` : "discard nothing", () => send(match));
    discard.disabled = !match;
    buttons.push(discard);
  }
  $("actions").replaceChildren(...buttons);
}

function button(label, onclick) {
  const element = document.createElement("button");
  element.textContent = label;
  element.className = "legal";
  element.onclick = onclick;
  return element;
}

const pretty = (card) => card.replace(/[SHDC]$/, (suit) => ({ S: "♠", H: "♥", D: "♦", C: "♣" })[suit]);
const callText = (call) => (call.type === "Bid" ? `bid ${call.level}` : call.type.toLowerCase());

function describe(event) {
  switch (event.type) {
    case "Dealt": return `Hand ${event.hand_number + 1}, dealer seat ${event.dealer}`;
    case "Called": return `seat ${event.seat}: ${callText(event.call)}`;
    case "Pitched": return `seat ${event.seat} pitches ${pretty(event.card)}`;
    case "TrumpDeclared": return `seat ${event.seat} names trump ${event.trump}`;
    case "Discarded": return `seat ${event.seat} discards ${event.count}, draws ${event.drawn}`;
    case "FaceUpDiscarded": return `seat ${event.seat} discards ${event.cards.map(pretty).join(" ")} face up`;
    case "Played": return `seat ${event.seat} plays ${pretty(event.card)}`;
    case "TrickWon": return `seat ${event.winner} takes the trick`;
    case "HandScored": return `Hand over: scores ${event.scores.join(", ")}`;
    case "GameOver": return "Game over";
    default: return event.type;
  }
}

params.has("table") ? play() : lobby();
