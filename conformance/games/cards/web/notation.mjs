// The scenario notation: players P1 … P10, cards, actions and events as short text (a port of
// conformance/games/cards/notation.py, as far as the arbiter reads and writes it).
import { pySplit } from "./actions.mjs";
import { pyRepr } from "./errors.mjs";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANK_IN = { ...Object.fromEntries(RANKS.map((r) => [r, r])), T: "10" };
const SUIT_IN = { C: "C", D: "D", H: "H", S: "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S" };
const JOKER_IN = new Set(["JK", "JOKER", "🃏"]);

/** A token that is not a player, card, action or event; the message quotes it. */
export class NotationError extends Error {}

/** Python's str() of a value the notation reads (texts mostly). */
const str = (value) => (typeof value === "string" ? value : pyRepr(value));

/** The seat (0 … 9) of a player written P1 … P10. */
export function seat(text) {
  const match = /^P(10|[1-9])$/.exec(str(text).trim());
  if (!match) throw new NotationError(`not a player: ${pyRepr(text)} (write P1 … P10)`);
  return Number(match[1]) - 1;
}

/** The name P{seat+1} of a seat (nobody for null). */
export const player = (s) => (s === null || s === undefined ? "nobody" : `P${s + 1}`);

/** The canonical text of one card token (R-MAT-1, R-MAT-3). */
export function card(token) {
  const text = str(token).trim().toUpperCase();
  if (JOKER_IN.has(text)) return "JK";
  const chars = [...text];
  const rank = RANK_IN[chars.slice(0, -1).join("")];
  const suit = SUIT_IN[chars.slice(-1).join("")];
  if (!Object.hasOwn(RANK_IN, chars.slice(0, -1).join("")) || !suit) {
    throw new NotationError(`not a card: ${pyRepr(token)} (write e.g. 8H, 10S, QD, AC, JK)`);
  }
  return rank + suit;
}

/** Cards written as one string separated by blanks or commas; `none` (or nothing) is no card. */
export function cards(text) {
  return text.split(/[\s,]+/u).filter((t) => t && t.toLowerCase() !== "none").map(card);
}

/** "P2 8H", "P2 decline", "P2 take 8H" → [seat, action text]. */
export function parseAction(text) {
  const words = pySplit(str(text));
  if (words.length === 2 && words[1].toLowerCase() === "decline") return [seat(words[0]), "decline"];
  if (words.length === 3 && words[1].toLowerCase() === "take") return [seat(words[0]), `take ${card(words[2])}`];
  if (words.length === 2) return [seat(words[0]), card(words[1])];
  throw new NotationError(`not an action: ${pyRepr(text)} (write 'P2 8H', 'P2 decline', 'P2 take 8H')`);
}

/** An actual event written in the short notation. */
export function eventText(event) {
  const kind = event.type;
  const p = event.player;
  const name = Number.isInteger(p) ? player(p) : String(p);
  if (kind === "play" || kind === "take") return `${kind} ${name} ${event.card}`;
  if (kind === "trick") return `trick ${player(event.winner)}${{ true: " complete", false: " incomplete" }[event.complete] ?? ""}`;
  if (kind === "lead") return `lead ${name} ${event.why ?? ""}`.trimEnd();
  if (kind === "game-over") return `game-over ${player(event.loser)}`;
  if (kind === "next-dealer") return `next-dealer ${name} ${event.plays ? "plays" : "sits-out"}`;
  if (kind === "deal") return `deal ${player(event.dealer)} ${(event.seated ?? []).map(player).join(",")}`.trimEnd();
  return `${kind} ${name}`; // decline, out, eliminated, champion
}
