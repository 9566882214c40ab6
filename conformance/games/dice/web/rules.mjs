// The rule options a dice game is played under, and its point table: a port of
// reference/dice/rules.py and of generala_spec.options.resolve. The option names,
// values, defaults and profiles come from the rules document (rules.json, written
// from spec/dice/options.yaml by generala_conformance.games.dice.web.rules_document).
import { InvalidPosition } from "./errors.mjs";
import { CATEGORIES } from "./rolls.mjs";

const BONUS_CATEGORIES = ["straight", "full-house", "four-of-a-kind", "generala", "double-generala"];

const quoted = (value) => `'${value}'`;

/** The full option assignment of `profile` with `overrides` on top (generala_spec.options.resolve);
 * InvalidPosition unknown-profile, unknown-option or unknown-option-value. */
export function resolve(doc, profile = "default", overrides = {}) {
  if (!Object.hasOwn(doc.profiles, profile)) {
    throw new InvalidPosition("unknown-profile",
      `unknown profile ${quoted(profile)}; known: [${Object.keys(doc.profiles).sort().map(quoted).join(", ")}]`);
  }
  const chosen = Object.fromEntries(Object.entries(doc.options).map(([name, option]) => [name, option.default]));
  for (const [name, value] of Object.entries({ ...doc.profiles[profile], ...overrides })) {
    if (!Object.hasOwn(doc.options, name)) {
      throw new InvalidPosition("unknown-option",
        `unknown rule option ${quoted(name)}; known: [${Object.keys(doc.options).map(quoted).join(", ")}]`);
    }
    if (!doc.options[name].values.includes(value)) {
      throw new InvalidPosition("unknown-option-value", `rule option ${quoted(name)} has no value ${quoted(value)}; `
        + `values: [${doc.options[name].values.map(quoted).join(", ")}]`);
    }
    chosen[name] = value;
  }
  return chosen;
}

/** The rules of `profile` with `overrides` on top: an immutable, complete assignment of every
 * option (`options`) and its fast fields (reference DiceRules.of). */
export function diceRules(doc, profile = "default", overrides = {}) {
  const options = Object.freeze(resolve(doc, profile, overrides));
  return Object.freeze({
    options,
    profile,
    maxRolls: options.rolls === "four" ? 4 : 3, // D-TURN-3
    straight: options.straight, // D-CAT-2
    aceForTwo: options["straight-ace-for-two"], // D-CAT-3, AMB-13: no, yes or alone
    fiveIsFull: options["full-house-five"] === "yes", // D-CAT-4
    fiveIsFour: options["four-of-a-kind-five"] === "yes", // D-CAT-5
    doubleGenerala: options["double-generala"], // D-CAT-7
    numberZeroScores: options["number-zero"] === "score", // D-CAT-1
    firstRollAllFive: options["first-roll"] === "all-five", // D-FIRST-2
    autoWin: options["auto-win"], // D-FIRST-3
    autoWinRoundEnd: options["auto-win-end"] === "round-end", // D-FIRST-5
    // D-SHEET-1: Double Generala only when it is in the game
    categories: options["double-generala"] === "off" ? CATEGORIES.slice(0, -1) : CATEGORIES,
  });
}

/** The point table the rule options give (D-SCORE-2 to D-SCORE-6, D-FIRST-1): the document's
 * table (the text's values) with generala-points, double-generala-points and first-roll-bonus. */
export function pointTable(doc, rules) {
  const bonus = Number(rules.options["first-roll-bonus"]);
  return Object.freeze({
    ...doc.points,
    generala: Number(rules.options["generala-points"]),
    "double-generala": Number(rules.options["double-generala-points"]),
    "bonus-straight": bonus,
    "bonus-full-house": bonus,
    "bonus-four-of-a-kind": bonus,
  });
}

/** The points of a fixed-value category (not Ones to Sixes). */
export const fixed = (table, category) => table[category];

/** The first-roll bonus of `category`: its own for the three hands and, by a declared table,
 * Generala and Double Generala; else 0 (D-FIRST-1, D-SCORE-7, AMB-3). */
export const bonusOf = (table, category) => (BONUS_CATEGORIES.includes(category) ? table[`bonus-${category}`] : 0);
