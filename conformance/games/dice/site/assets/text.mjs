// What the dice pages say of the rules, in the page's language: the rulebook texts of the page
// data (`texts`: option summaries and values, profile summaries, built by
// generala_conformance.games.dice.web.page_texts), the house rules as sentences, a refusal by
// its reason code. A text still in English is marked lang="en".
import { data, el, ref, t } from "../kit.mjs";

const english = new Set(data.english ?? []);

/** A rulebook text (`option:rolls`, `value:rolls=three`…) as a span, marked English when untranslated. */
export function text(key) {
  return el("span", { lang: english.has(key) ? "en" : null }, data.texts[key] ?? key);
}

/** A link to a clause or ambiguity, its statement (in the page's language) as its title. */
export function clause(id) {
  const link = ref(id);
  const said = data.texts[`clause:${id}`];
  if (link && said) link.title = said;
  return link;
}

/** A profile's name in the page's language. */
export const profileName = (profile) => t(`dice.profile_name.${profile}`);

/** One option's value as a sentence: what the option decides, then the value's meaning. */
export function ruleSentence(name, value) {
  const summary = (data.texts[`option:${name}`] ?? name).replace(/[.。]\s*$/, "");
  return el("li", { "data-option": name, "data-value": value },
    el("span", { lang: english.has(`option:${name}`) ? "en" : null }, summary), ": ", text(`value:${name}=${value}`));
}

/** The house rules `rules` (option -> value) as a list of sentences. */
export const houseRules = (rules) =>
  el("ul", { class: "house-rules" }, Object.entries(rules).map(([name, value]) => ruleSentence(name, value)));

/** A refusal of the engine, by its reason code, in the page's language, the code beside it. */
export function refusal(reply) {
  const key = `dice.refusal.${reply.code}`;
  const said = data.t[key] ? t(key) : reply.message;
  return el("span", { class: "refusal" }, el("span", { lang: data.t[key] ? null : "en" }, said), " ",
    el("code", { dir: "ltr" }, reply.code));
}

const FACES = "⚀⚁⚂⚃⚄⚅";

/** A die glyph showing ``value`` (1 to 6), named for a screen reader in the page's language. */
export function die(value) {
  return el("span", { class: "die", role: "img", "aria-label": t("dice.die", { n: value }) },
    FACES[value - 1], el("small", { "aria-hidden": "true" }, String(value)));
}

