// A browser client for a setback server, in plain JavaScript: no library, no build step.
//
// It speaks the JSON documents of setback's JSON Schema (schema.json on the docs site):
// it reads a PlayerView document, shows the seat's hand and the table, offers the
// view's legal actions as buttons, and sends back the action chosen exactly as it was
// offered (the server reads it with setback.parse_action). The functions that read
// documents are pure, so they run (and are tested) outside a browser too.

export const FORMAT = "setback";
export const VERSION = 3;

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const JOKERS = { JK: "★", BJ: "B★", LJ: "L★" };

const named = (kind) => (/^[AEIOU]/.test(kind) ? `an ${kind}` : `a ${kind}`);

/** The data of a document of `kind` ("PlayerView", "Events", ...), or an Error. */
export function readDocument(document, kind) {
  if (document === null || typeof document !== "object" || document.format !== FORMAT) {
    throw new Error("not a setback document");
  }
  if (document.version !== VERSION) {
    throw new Error(`a document of version ${document.version}: this client reads ${VERSION}`);
  }
  if (document.kind !== kind) {
    throw new Error(`the document holds ${named(String(document.kind))}, not ${named(kind)}`);
  }
  return document.data;
}

/** A card's text ("10H", "BJ") as a player reads it: "10♥", "B★". */
export function cardLabel(card) {
  return JOKERS[card] ?? card.slice(0, -1) + SUITS[card.slice(-1)];
}

/** An action's object as a player reads it: "bid 3", "play 10♥", "discard nothing". */
export function actionLabel(action) {
  switch (action.type) {
    case "Pass":
      return "pass";
    case "Bid":
      return `bid ${action.level}`;
    case "Smudge":
      return "smudge";
    case "Shoot":
      return "shoot the moon";
    case "Play":
      return `play ${cardLabel(action.card)}`;
    case "Pitch":
      return `pitch ${cardLabel(action.card)}`;
    case "DeclareTrump":
      return `trump ${SUITS[action.suit]}`;
    case "CallPartner":
      return `call ${cardLabel(action.card)}`;
    case "Discard":
      return action.cards.length === 0
        ? "discard nothing"
        : `discard ${action.cards.map(cardLabel).join(" ")}`;
    default:
      return action.type; // a newer server's action: still offered, as its type
  }
}

/** The request body that sends `action` back: the object exactly as it was offered. */
export function actionBody(action) {
  return JSON.stringify({ action });
}

function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The view as HTML: scores, the table, the hand, and one button per legal action
 * (its `data-action` is the action's index in `view.legal_actions`). */
export function viewHtml(view) {
  const seats = view.hand_sizes.map((size, seat) => {
    const who = seat === view.seat ? "you" : `seat ${seat}`;
    const turn = seat === view.to_act ? " (to act)" : "";
    return `<li>${escape(who)}: ${size} cards${turn}</li>`;
  });
  const trick = (view.trick?.plays ?? []).map(
    ([seat, card]) => `<li>seat ${seat}: ${escape(cardLabel(card))}</li>`,
  );
  const buttons = view.legal_actions.map(
    (action, index) =>
      `<button type="button" data-action="${index}">${escape(actionLabel(action))}</button>`,
  );
  const trump = view.trump === null ? "not yet" : SUITS[view.trump];
  return [
    `<p>Hand ${view.hand_number + 1} · ${escape(view.phase)} · trump ${escape(trump)}</p>`,
    `<p>Scores: ${view.scores.join(" – ")}</p>`,
    `<ul class="seats">${seats.join("")}</ul>`,
    `<ul class="trick">${trick.join("")}</ul>`,
    `<p class="hand">${view.hand.map((card) => escape(cardLabel(card))).join(" ")}</p>`,
    `<p class="actions">${buttons.join(" ")}</p>`,
  ].join("\n");
}

/** A client of one seat of one game on the server at `base`. */
export class SetbackClient {
  constructor(base, game, token) {
    this.url = `${base}/games/${encodeURIComponent(game)}`;
    this.headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  }

  async request(path, options = {}) {
    const response = await fetch(this.url + path, { headers: this.headers, ...options });
    const body = await response.json();
    if (!response.ok) {
      throw new Error(body.error ?? `HTTP ${response.status}`);
    }
    return readDocument(body, "PlayerView");
  }

  /** This seat's view now. */
  view() {
    return this.request("");
  }

  /** Take `action` (an entry of the view's legal_actions); the view after it. */
  act(action) {
    return this.request("/actions", { method: "POST", body: actionBody(action) });
  }
}

/** Show the game in `root` and play it: a button sends its action; every two seconds,
 * while it is not this seat's turn, the view is fetched again. */
export async function play(root, client) {
  let view = await client.view();
  const show = (message = "") => {
    root.innerHTML = viewHtml(view) + (message ? `<p class="error">${escape(message)}</p>` : "");
  };
  root.addEventListener("click", async (event) => {
    const index = event.target?.dataset?.action;
    if (index === undefined) return;
    try {
      view = await client.act(view.legal_actions[Number(index)]);
      show();
    } catch (error) {
      show(error.message); // e.g. the rule that refused it
    }
  });
  show();
  while (view.phase !== "game_over") {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (view.to_act !== view.seat) {
      view = await client.view();
      show();
    }
  }
}
