// Which categories a roll qualifies for, and how many points it scores there: a port
// of reference/dice/scoring.py. Qualification depends on the rules (and, for Double
// Generala, on the player's Generala); points on the point table and the first roll.
import { bit, countsOf, numberOf } from "./rolls.mjs";
import { bonusOf, fixed } from "./rules.mjs";

/** What a category of a sheet holds (D-SHEET-3). */
export const OPEN = "open";
export const SCORED = "scored";
export const SCRATCHED = "scratched";

const key = (counts) => counts.join("");
const PLAIN = new Set([[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]].map((dice) => key(countsOf(dice))));
const WRAP = new Set([...PLAIN, key(countsOf([3, 4, 5, 6, 1]))]);

/** D-CAT-2: 1-2-3-4-5 and 2-3-4-5-6; the wrap 3-4-5-6-1; or any five different values. */
function plainStraight(counts, straight) {
  if (straight === "any-five-distinct") return Math.max(...counts) === 1;
  return (straight === "wrap" ? WRAP : PLAIN).has(key(counts));
}

/** Whether `counts` is a Straight under the options straight and straight-ace-for-two (D-CAT-2,
 * D-CAT-3: a 1 read as a 2, never as another number; `alone`, AMB-13: only into 1-2-3-4-5 or 2-3-4-5-6). */
export function isStraight(counts, straight, aceForTwo) {
  if (plainStraight(counts, straight)) return true;
  if (aceForTwo === "no" || counts[0] === 0) return false;
  const read = [counts[0] - 1, counts[1] + 1, ...counts.slice(2)];
  return plainStraight(read, aceForTwo === "alone" ? "plain" : straight);
}

/** The bitmask of Straight, Full House, Four of a kind and Generala that `counts` qualifies
 * for under `rules` (Double Generala is qualifies'). */
export function hands(counts, rules) {
  const most = Math.max(...counts);
  let found = 0;
  if (isStraight(counts, rules.straight, rules.aceForTwo)) found |= bit("straight"); // D-CAT-2, D-CAT-3
  const shape = counts.filter(Boolean).sort((a, b) => a - b).join(",");
  if (shape === "2,3" || (most === 5 && rules.fiveIsFull)) found |= bit("full-house"); // D-CAT-4
  if (most === 4 || (most === 5 && rules.fiveIsFour)) found |= bit("four-of-a-kind"); // D-CAT-5
  if (most === 5) found |= bit("generala"); // D-CAT-6
  return found;
}

/** Whether a five of a kind may go in Double Generala, given the player's Generala (D-CAT-7,
 * rule option double-generala). */
export function doubleGeneralaOpenTo(generala, rules) {
  if (rules.doubleGenerala === "after-generala") return generala === SCORED;
  return rules.doubleGenerala === "after-generala-closed" && generala !== OPEN;
}

/** Whether the roll `counts` may be scored in `category` (D-CAT-1 to D-CAT-7); `generala` is what
 * the player's Generala holds. A category not in the game qualifies nothing. */
export function qualifies(category, counts, rules, generala = OPEN) {
  const face = numberOf(category);
  if (face !== null) return counts[face - 1] > 0 || rules.numberZeroScores; // D-CAT-1, option number-zero
  if (category === "double-generala") return Math.max(...counts) === 5 && doubleGeneralaOpenTo(generala, rules);
  return Boolean(hands(counts, rules) & bit(category));
}

/** Whether a five of a kind made on a first roll wins at once, given the player's Generala and
 * Double Generala (D-FIRST-3, D-FIRST-4, rule option auto-win). */
export function winsAutomatically(counts, rules, generala, double) {
  if (Math.max(...counts) !== 5 || rules.autoWin === "never") return false;
  if (rules.autoWin === "unless-scratched") return generala !== SCRATCHED;
  if (generala === OPEN) return true;
  return rules.autoWin === "generala-or-double-open" && double === OPEN
    && qualifies("double-generala", counts, rules, generala);
}

/** The points `counts` scores in `category` when it qualifies: the sum of the matching dice for a
 * number (D-SCORE-1), else the table's value (D-SCORE-2 to D-SCORE-7) with the bonus of a hand from
 * a first roll (D-FIRST-1). */
export function points(category, counts, table, firstRoll) {
  const face = numberOf(category);
  if (face !== null) return face * counts[face - 1];
  return fixed(table, category) + (firstRoll ? bonusOf(table, category) : 0);
}

/** For every category of the game, the points `counts` would score there, or null where it does
 * not qualify (the scoring level of the kit). */
export function scoreRoll(counts, rules, table, firstRoll = false, generala = OPEN) {
  return Object.fromEntries(rules.categories.map((category) => [category,
    qualifies(category, counts, rules, generala) ? points(category, counts, table, firstRoll) : null]));
}
