// The rule options a game is played under (a port of reference/cards/rules.py and of
// generala_spec.options.resolve). The names, values and profiles come from the rulebook
// data (spec/cards/options.yaml), given once with useRulebook().
import { InvalidPosition, pyRepr } from "./errors.mjs";

let book = null;

/** Use the rulebook data the site build (or a test) wrote: web/rulebook_data.py. */
export function useRulebook(data) {
  book = data;
}

/** The rulebook data in use (throws before useRulebook). */
export function rulebook() {
  if (!book) throw new Error("the rulebook data is not loaded: call useRulebook(data) first");
  return book;
}

/** The full option assignment of `profile` with `overrides` on top (generala_spec.options.resolve). */
export function resolve(profile = "default", overrides = {}) {
  const { options, profiles } = rulebook();
  if (!Object.hasOwn(profiles, profile)) {
    const known = Object.keys(profiles).sort();
    throw new InvalidPosition("unknown-profile", `unknown profile ${pyRepr(profile)}; known: ${pyRepr(known)}`);
  }
  const chosen = Object.fromEntries(Object.entries(options).map(([name, o]) => [name, o.default]));
  for (const [name, value] of Object.entries({ ...profiles[profile].options, ...overrides })) {
    if (!Object.hasOwn(options, name)) {
      const known = pyRepr(Object.keys(options));
      throw new InvalidPosition("unknown-option", `unknown rule option ${pyRepr(name)}; known: ${known}`);
    }
    if (!options[name].values.includes(value)) {
      const values = pyRepr(options[name].values);
      throw new InvalidPosition("unknown-option-value", `rule option ${pyRepr(name)} has no value ${pyRepr(value)}; values: ${values}`);
    }
    chosen[name] = value;
  }
  return chosen;
}

/** An immutable, complete assignment of every rule option. */
export class Rules {
  constructor(options, profile = "default") {
    this.options = Object.freeze({ ...options });
    this.profile = profile;
    this.forcedFirstLead = options["first-lead"] === "forced-last-dealt";
    this.tieAny = options["tie-break"] === "any-nearest";
    this.endEachCard = options["end-check"] === "each-card";
    this.noLoserTwoOrMore = options["no-loser"] === "two-or-more";
    this.twoPlayerTieLoses = options["two-player-tie"] === "last-to-play-loses";
    this.nextDealer = options["next-dealer"];
    this.noLoserDealer = options["no-loser-dealer"];
    this.twoPlayerDealer = options["two-player-dealer"];
    Object.freeze(this);
  }

  /** The rules of `profile` with `overrides` on top; unknown-profile, unknown-option(-value). */
  static of(profile = "default", overrides = {}) {
    return new Rules(resolve(profile, overrides), profile);
  }

  get(name) {
    return this.options[name];
  }
}
