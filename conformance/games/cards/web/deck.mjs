// Cards as small integers and sets of cards as bitmasks (a port of reference/cards/deck.py;
// clauses R-MAT-1, R-MAT-3, R-MAT-4). A card is 0 … 53: suit * 13 + rank for the 52 ranked
// cards (ranks 0 … 12 = 2 … A, suits 0 … 3 = clubs, diamonds, hearts, spades), 52 and 53 for
// the two Jokers. A set of cards is a BigInt whose bit c is set when card c is in it.
import { InvalidInput, pyRepr } from "./errors.mjs";

export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const SUITS = ["C", "D", "H", "S"];
export const GLYPHS = ["♣", "♦", "♥", "♠"];
/** The first Joker; JOKER + 1 is the second one. They are equal in rank (R-MAT-4). */
export const JOKER = 52;
/** The rank of a Joker: above the Ace (R-MAT-3). */
export const JOKER_RANK = 13;

/** The bit of each card. */
export const BITS = Array.from({ length: 54 }, (_, c) => 1n << BigInt(c));
export const FULL_DECK = (1n << 54n) - 1n;
export const JOKERS = 3n << 52n;
export const SUIT_MASKS = [0, 1, 2, 3].map((s) => 0x1fffn << BigInt(13 * s));

const RANK_IN = { ...Object.fromEntries(RANKS.map((r, i) => [r, i])), T: 8 };
const SUIT_IN = {
  ...Object.fromEntries(SUITS.map((s, i) => [s, i])),
  ...Object.fromEntries(GLYPHS.map((g, i) => [g, i])),
  ...Object.fromEntries(["♧", "♢", "♡", "♤"].map((g, i) => [g, i])),
};
const JOKER_IN = new Set(["JK", "JOKER", "🃏", "🃟", "🂿"]);
const TEXT = [...SUITS.flatMap((s) => RANKS.map((r) => r + s)), "JK", "JK"];
const PRETTY = [...GLYPHS.flatMap((g) => RANKS.map((r) => r + g)), "🃏", "🃏"];
const CANONICAL_IN = new Map(TEXT.slice(0, JOKER + 1).map((text, card) => [text, card]));

/** Whether card `c` is in `mask`. */
export const has = (mask, c) => (mask & BITS[c]) !== 0n;

/** The number of cards of `mask` (Python's int.bit_count). */
export function count(mask) {
  let n = 0;
  for (let c = 0; c < 54; c += 1) if (mask & BITS[c]) n += 1;
  return n;
}

/** The rank of `card`: 0 for a 2 … 12 for an Ace, 13 for a Joker (R-MAT-3). */
export const rank = (card) => (card >= JOKER ? JOKER_RANK : card % 13);

/** The suit of a ranked card (0 … 3); -1 for a Joker, which has none. */
export const suit = (card) => (card >= JOKER ? -1 : Math.floor(card / 13));

/** Python's str.strip() (Unicode whitespace, as JavaScript's trim). */
const strip = (text) => text.trim();

/** Read one card; raise InvalidInput (code bad-card) quoting a bad token. Jokers read as JOKER. */
export function parseCard(token) {
  const text = typeof token === "string" ? strip(token).toUpperCase() : "";
  if (JOKER_IN.has(text)) return JOKER;
  const chars = [...text];
  const rankText = chars.slice(0, -1).join("");
  const suitText = chars.slice(-1).join("");
  if (Object.hasOwn(RANK_IN, rankText) && Object.hasOwn(SUIT_IN, suitText)) {
    return SUIT_IN[suitText] * 13 + RANK_IN[rankText];
  }
  throw new InvalidInput("bad-card", `not a card: ${pyRepr(token)} (write e.g. 8H, 10S, QD, AC, JK)`);
}

/** Reads cards one by one as parts of one pack: the first Joker read is 52, the second 53, and
 * a card read twice (or a third Joker) raises InvalidInput duplicate-card (R-MAT-1, R-MAT-4). */
export class Pack {
  constructor() {
    this.used = 0n;
  }

  read(token) {
    let card = typeof token === "string" ? CANONICAL_IN.get(token) : undefined;
    if (card === undefined) card = parseCard(token);
    if (card === JOKER && has(this.used, JOKER)) card += 1;
    if (has(this.used, card)) {
      const what = card > JOKER ? "a third Joker" : `card ${pyRepr(token)} again`;
      throw new InvalidInput("duplicate-card", `${what}: each card of the pack exists once`);
    }
    this.used |= BITS[card];
    return card;
  }
}

/** Read a deck order (top card first) into card ids; the first Joker is 52, the second 53. */
export function parseDeck(tokens) {
  const pack = new Pack();
  return tokens.map((token) => pack.read(token));
}

/** Read cards into a bitmask (R-MAT-1). */
export function parseCards(tokens) {
  let mask = 0n;
  for (const card of parseDeck(tokens)) mask |= BITS[card];
  return mask;
}

/** The canonical text of `card` ("10H", "JK"). */
export const formatCard = (card) => TEXT[card];

/** The card with its suit glyph ("10♥", "🃏"), for people. */
export const prettyCard = (card) => PRETTY[card];

/** The cards of `mask` in canonical order (by suit C D H S, then rank; Jokers last). */
export function iterCards(mask) {
  const out = [];
  for (let c = 0; c < 54; c += 1) if (mask & BITS[c]) out.push(c);
  return out;
}

/** The non-Joker cards of `mask`, in canonical order. */
export const rankedCards = (mask) => iterCards(mask).filter((c) => c < JOKER);

/** The canonical texts of the cards of `mask`, in canonical order. */
export const formatCards = (mask) => iterCards(mask).map(formatCard);
