// Reading the JSON fields of a start setup and of a deal (a port of reference/cards/setup.py,
// docs/cards-contract.md "Setup"): the type of each field is checked before its value (R-SETUP-2).
import { parseDeck } from "./deck.mjs";
import { InvalidPosition, PyFloat, isInt, pyRepr } from "./errors.mjs";

/** The bad-setup refusal (R-SETUP-2). */
export const malformed = (message) => new InvalidPosition("bad-setup", message);

/** `value` if it is a JSON integer (not a boolean, not a float), else bad-setup. */
export function integer(value, field) {
  if (!isInt(value)) throw malformed(`${field} must be an integer, not ${pyRepr(value)}`);
  return value;
}

/** Whether `value` is a JSON object (Python's Mapping). */
export const isMapping = (value) => value !== null && typeof value === "object" && !Array.isArray(value)
  && !(value instanceof PyFloat);

/** `value` if it is a JSON list, else bad-setup. */
export function listing(value, field) {
  if (!Array.isArray(value)) throw malformed(`${field} must be a list, not ${pyRepr(value)}`);
  return value;
}

/** [] for a missing (null) field, else listing(). */
export const optionalListing = (value, field) => (value === null || value === undefined ? [] : listing(value, field));

/** `value` if it is a JSON object, else bad-setup. */
export function mapping(value, field) {
  if (!isMapping(value)) throw malformed(`${field} must be an object, not ${pyRepr(value)}`);
  return value;
}

/** A field of a JSON object, null when absent (Python's dict.get). */
export const get = (object, key, fallback = null) => (Object.hasOwn(object, key) ? object[key] : fallback);

/** The profile name and the rules overrides of a setup (R-SETUP-6: checked by Rules.of). */
export function ruleFields(setup) {
  const profile = get(setup, "profile", "default");
  if (typeof profile !== "string") throw malformed(`profile must be a profile name, not ${pyRepr(profile)}`);
  const rules = mapping(get(setup, "rules") === null ? {} : setup.rules, "rules");
  for (const [name, value] of Object.entries(rules)) {
    if (typeof value !== "string") throw malformed(`rules.${name} must be an option value (a string), not ${pyRepr(value)}`);
  }
  return [profile, { ...rules }];
}

/** A deck order as card ids: bad-setup unless a list; bad-card or duplicate-card (R-SETUP-5). */
export const deckCards = (value, field) => parseDeck(listing(value, field));

/** players, dealer, deck (or null to shuffle with seed), seated and seed of a setup's deal
 * (R-SETUP-2, R-SETUP-5). */
export function dealFields(deal) {
  deal = mapping(deal, "deal");
  const players = integer(get(deal, "players"), "deal.players");
  const dealer = integer(get(deal, "dealer"), "deal.dealer");
  const deck = get(deal, "deck") === null ? null : deckCards(deal.deck, "deal.deck");
  let seated = get(deal, "seated");
  if (seated !== null) seated = listing(seated, "deal.seated").map((s, i) => integer(s, `deal.seated[${i}]`));
  const seed = get(deal, "seed") === null ? null : integer(deal.seed, "deal.seed");
  return [players, dealer, deck, seated, seed];
}
