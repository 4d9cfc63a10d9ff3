// Types of setback.mjs: every rule of Setback in the browser (Pyodide in a Web Worker).
// The documents are those of setback's JSON Schema (schema.json on the docs site); the
// types below name their common parts and leave the rest to the schema.

/** A language of messages and texts. */
export type Lang = "en" | "de" | "sv" | "fr";

/** A card as text: rank then suit ("KS", "10H"), or a joker ("JK", "BJ", "LJ"). */
export type Card = string;
/** A suit's letter. */
export type Suit = "C" | "D" | "H" | "S";

/** An action, as `legalActions` gives it and `apply` takes it (its text, "bid 3", too). */
export type Action =
  | { type: "Pass" }
  | { type: "Bid"; level: number }
  | { type: "Smudge" }
  | { type: "Shoot" }
  | { type: "Play"; card: Card }
  | { type: "Pitch"; card: Card }
  | { type: "DeclareTrump"; suit: Suit }
  | { type: "CallPartner"; card: Card }
  | { type: "Discard"; cards: Card[] };

/** Any document of the schema: `{format: "setback", version, kind, data}`. */
export interface Document<K extends string = string, D = Record<string, unknown>> {
  format: "setback";
  version: number;
  kind: K;
  data: D;
}

/** A seat's view (the schema's PlayerView, its main fields typed). */
export interface PlayerViewData {
  rules: Record<string, unknown>;
  seat: number;
  phase: string;
  to_act: number | null;
  dealer: number;
  hand_number: number;
  scores: number[];
  hand: Card[];
  hand_sizes: number[];
  legal_actions: Action[];
  winner: number | null;
  [field: string]: unknown;
}

export type PlayerViewDocument = Document<"PlayerView", PlayerViewData>;
export type EventsDocument = Document<"Events", Array<{ type: string; number: number; [field: string]: unknown }>>;
export type GameStateDocument = Document<"GameState">;
export type GameRecordDocument = Document<"GameRecord">;
export type HandResultDocument = Document<"HandResult">;

/** Where a game stands. */
export interface Status {
  phase: string;
  to_act: number | null;
  hand_number: number;
  scores: number[];
  winner: number | null;
  players: number;
  /** How many actions the game has had. */
  actions: number;
}

/** A refusal or a failure. `code` is stable ("must_follow", "load_failed", ...); `params`
 * hold the values of the message; `message` is in the Setback's language. */
export class SetbackError extends Error {
  readonly name: "SetbackError";
  readonly code: string;
  readonly params: Record<string, unknown>;
  /** The Python exception's class ("IllegalActionError", "InvalidNotationError", ...). */
  readonly kind: string;
}

export const LANGUAGES: readonly Lang[];

export interface LoadOptions {
  /** The folder of Pyodide's files (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip, ...). */
  indexURL: string | URL;
  /** The wheels' URLs: setback's and its dependencies' (attrs, cattrs, typing_extensions). */
  wheels: Array<string | URL>;
  /** The language of messages (default "en"). */
  lang?: Lang;
  /** Where setback-worker.mjs is (default: beside setback.mjs). */
  workerURL?: string | URL;
}

/** Start the runtime in a worker and load the wheels. A file that does not load rejects
 * with a SetbackError whose code is "load_failed". */
export function loadSetback(options: LoadOptions): Promise<Setback>;

export class Setback {
  /** setback's version. */
  readonly version: string;
  /** The Python version of the runtime. */
  readonly python: string;
  /** The preset names `newGame` takes. */
  readonly presets: readonly string[];
  /** The bot levels `botAction` takes, weakest first. */
  readonly levels: readonly string[];
  /** The numbers of players each preset takes ({"trickster-13": [4, 5, 6], ...}). */
  readonly players: Readonly<Record<string, readonly number[]>>;
  /** The languages of messages. */
  readonly languages: readonly Lang[];
  /** The language of refusals and texts from now on. */
  lang: Lang;

  newGame(preset: string, options?: { options?: Record<string, unknown>; seed?: number | bigint }): Promise<Game>;
  /** A GameState or GameRecord document (or its JSON text) as a game to play on. */
  load(json: GameStateDocument | GameRecordDocument | string): Promise<Game>;
  /** A PlayerView, GameState, HandResult, Trick or Card document as SVG text. */
  draw(
    document: Document,
    options?: { scale?: number; colors?: 2 | 4; bottom?: number; rules?: Record<string, unknown> | Document<"Rules"> },
  ): Promise<string>;
  /** Actions as a player reads them, in `lang`. */
  actionText(actions: Array<Action | string>): Promise<string[]>;
  /** Bot levels as a player reads them, in `lang` ("mittel", "Experte"). */
  levelText(levels: readonly string[]): Promise<string[]>;
  /** Each side of a game's rules by its seats, in `lang`. */
  sideText(rules: Record<string, unknown> | Document<"Rules">): Promise<string[]>;
  /** The JSON Schema of every document. */
  schema(): Promise<Record<string, unknown>>;
  /** Random hands through the checked API in the worker, for about `seconds`. */
  randomHands(options?: { preset?: string; seconds?: number; seed?: number }): Promise<{ hands: number; seconds: number; actions: number }>;
  /** Stop the worker. */
  terminate(): void;
}

export class Game {
  readonly setback: Setback;
  readonly id: number;
  status(): Promise<Status>;
  legalActions(): Promise<Action[]>;
  /** Refusals reject with a SetbackError; the game is then unchanged. With `seat`, only
   * that seat may act, and a refusal's message is told to that player ("you"). */
  apply(action: Action | string, options?: { seat?: number }): Promise<Status>;
  view(seat: number): Promise<PlayerViewDocument>;
  events(since: number, seat: number): Promise<EventsDocument>;
  dump(): Promise<GameStateDocument>;
  record(): Promise<GameRecordDocument>;
  results(): Promise<HandResultDocument[]>;
  botAction(level: string, options?: { seed?: number }): Promise<Action>;
  narrate(since: number, seat: number): Promise<{ lines: string[]; last: number }>;
  /** The coach's hint for `seat`, whose turn it is (setback.coach.hint): the action, its
   * index among the view's legal actions, its words and the reason, in `lang`. */
  hint(seat: number): Promise<Hint>;
  /** The coach's review of `seat`'s decisions in a finished hand (the last by default):
   * its text and its strip (SVG), in `lang`. */
  review(seat: number, options?: { hand?: number | null }): Promise<Review>;
  /** What the table (table.mjs) draws for `seat`: its view, the hand (trumps first) and
   * the trick as pictures, the last hand's result, the words of each action and side. */
  table(seat: number): Promise<TableFrame>;
  close(): Promise<null>;
}

/** The coach's advice at a decision (Game.hint). */
export interface Hint {
  action: Action;
  index: number;
  label: string;
  reason: string;
}

/** The coach's review of a seat's decisions in a finished hand (Game.review). */
export interface Review {
  hand: number;
  text: string;
  svg: string;
}

/** What table.mjs draws for one seat (Game.table). */
export interface TableFrame {
  lang: string;
  view: PlayerViewDocument;
  cards: { card: string; svg: string; trump: boolean }[];
  plays: { seat: number; card: string; svg: string; trump: boolean }[];
  trick_done: boolean;
  trick_winner: number | null;
  result: string | null;
  labels: string[];
  names: Record<string, string>;
  sides: string[];
  seat_sides: number[];
  winner: string;
  partners: number[];
  bids: string[];
  contract: string | null;
  trump: string | null;
}
