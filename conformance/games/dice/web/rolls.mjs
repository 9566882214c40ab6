// Rolls of five dice as counts: counts[f - 1] dice show face f (D-PLAY-3), the
// categories of the sheet (D-SHEET-1) and the actions of a turn: a port of
// reference/dice/rolls.py, categories.py and actions.py.
import { InvalidInput } from "./errors.mjs";

export const DICE = 5;
export const FACES = 6;

/** Every category, in sheet order (D-SHEET-1); the first six count a face (D-CAT-1). */
export const CATEGORIES = ["ones", "twos", "threes", "fours", "fives", "sixes", "straight", "full-house",
  "four-of-a-kind", "generala", "double-generala"];

/** The face a number category counts (ones -> 1), or null (D-CAT-1). */
export function numberOf(category) {
  const index = CATEGORIES.indexOf(category);
  return index >= 0 && index < FACES ? index + 1 : null;
}

/** A category's bit in a category bitmask. */
export const bit = (category) => 1 << CATEGORIES.indexOf(category);

const isDie = (value) => Number.isInteger(value) && value >= 1 && value <= FACES;

/** The counts of `dice` (values 1-6, any number of them); InvalidInput bad-die otherwise (D-PLAY-3). */
export function countsOf(dice) {
  const counts = [0, 0, 0, 0, 0, 0];
  for (const die of dice) {
    if (!isDie(die)) throw new InvalidInput("bad-die", `a die shows a whole number from 1 to 6, not ${JSON.stringify(die)}`);
    counts[die - 1] += 1;
  }
  return counts;
}

/** The dice of `counts`, in ascending order. */
export const diceOf = (counts) => counts.flatMap((count, index) => Array(count).fill(index + 1));

/** Whether the multiset `part` is within `roll` (the dice kept, D-TURN-2). */
export const contains = (roll, part) => part.every((p, i) => p <= roll[i]);

/** The union of two multisets of dice. */
export const add = (first, second) => first.map((a, i) => a + second[i]);

export const sum = (values) => values.reduce((a, b) => a + b, 0);

/** Every multiset within `roll` (at most 32 for five dice), smallest first (stable, as Python's sorted). */
export function subMultisets(roll) {
  let found = [[0, 0, 0, 0, 0, 0]];
  roll.forEach((count, index) => {
    found = found.flatMap((part) => Array.from({ length: count + 1 }, (_, kept) => part.with(index, kept)));
  });
  return found.map((part, order) => [sum(part), order, part]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , part]) => part);
}

/** All 252 rolls of five dice, in the order of itertools.combinations_with_replacement. */
export const ALL_ROLLS = (() => {
  const rolls = [];
  const walk = (from, dice) => {
    if (dice.length === DICE) return rolls.push(countsOf(dice));
    for (let face = from; face <= FACES; face += 1) walk(face, [...dice, face]);
  };
  walk(1, []);
  return rolls;
})();

// -- actions (reference/dice/actions.py) ----------------------------------------------

/** The action written `text`: {kind: "roll"}, {kind: "reroll", keep}, {kind: "score"|"scratch", category};
 * InvalidInput bad-action if it is none (bad-die for a kept value that is no die). */
export function parseAction(text) {
  const words = String(text).trim().split(/\s+/).filter(Boolean);
  const [verb, ...rest] = words.length ? words : [""];
  if (verb === "roll" && !rest.length) return { kind: "roll" };
  if (verb === "reroll") {
    if (!rest.every((part) => /^[0-9]+$/.test(part))) {
      throw new InvalidInput("bad-action", `${JSON.stringify(text)}: reroll takes the values of the dice kept`);
    }
    return { kind: "reroll", keep: countsOf(rest.map(Number)) };
  }
  if ((verb === "score" || verb === "scratch") && rest.length === 1) return { kind: verb, category: rest[0] };
  throw new InvalidInput("bad-action",
    `${JSON.stringify(text)} is not an action (roll, reroll KEPT..., score CAT, scratch CAT)`);
}

/** The text form of `action` (the inverse of parseAction). */
export function formatAction(action) {
  if (action.kind === "roll") return "roll";
  if (action.kind === "reroll") return ["reroll", ...diceOf(action.keep)].join(" ");
  return `${action.kind} ${action.category}`;
}
