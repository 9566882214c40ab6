// Actions as small ints and their text form (a port of reference/cards/actions.py,
// docs/cards-contract.md "Actions"): 0 … 51 play that card, 52 plays a Joker (either one:
// they are equal, R-MAT-4), 53 declines, 54 + c takes card c from the trick.
import { JOKER, formatCard, parseCard, rankedCards } from "./deck.mjs";
import { InvalidInput, pyRepr } from "./errors.mjs";

export const JOKER_ACTION = JOKER;
export const DECLINE = 53;
export const TAKE_BASE = 54;

/** The play actions for the cards of `mask`: one per ranked card, one for any Jokers. */
export function cardsAsActions(mask) {
  const out = rankedCards(mask);
  if (mask >> BigInt(JOKER)) out.push(JOKER_ACTION);
  return out;
}

function textOf(action) {
  if (action === DECLINE) return "decline";
  if (action >= TAKE_BASE) return "take " + formatCard(action - TAKE_BASE);
  return formatCard(action);
}

const TEXTS = Array.from({ length: TAKE_BASE + JOKER + 1 }, (_, a) => textOf(a));
const CANONICAL = new Map(TEXTS.map((text, action) => [text, action]));

/** Read an action text: a card (8H, JK), decline (or pass), take 8H; bad-action quoting it. */
export function parseAction(text) {
  const known = typeof text === "string" ? CANONICAL.get(text) : undefined;
  if (known !== undefined) return known;
  const words = typeof text === "string" ? pySplit(text) : [];
  try {
    if (words.length === 1) {
      if (["decline", "pass"].includes(words[0].toLowerCase())) return DECLINE;
      return parseCard(words[0]);
    }
    if (words.length === 2 && words[0].toLowerCase() === "take") return TAKE_BASE + parseCard(words[1]);
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
  }
  throw new InvalidInput("bad-action", `not an action: ${pyRepr(text)} (write e.g. 8H, JK, decline, take 8H)`);
}

/** Python's str.split(): the words between runs of whitespace. */
export const pySplit = (text) => text.split(/\s+/u).filter(Boolean);

/** The canonical text of an action int (Python raises IndexError beyond the table: so does this). */
export function formatAction(action) {
  if (!(action in TEXTS)) throw new RangeError(`tuple index out of range: ${action}`);
  return TEXTS[action];
}
