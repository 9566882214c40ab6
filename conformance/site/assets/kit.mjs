// What the engine pages of every game share: the page data, the strings in the page's
// language, the rulebook's texts and links, the status line and drawing helpers. A game's
// own scripts (assets/<game>/) load its engine and draw its table.

export const timings = {};
window.generalaTimings = timings;

/** The page's data written by the build: strings, rulebook texts and addresses, and the game's own. */
export const data = JSON.parse(document.getElementById("kit-data").textContent);

/** The interface string ``key`` in the page's language, its {fields} filled in. */
export function t(key, fields = {}) {
  const text = data.t[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? said(fields[name]) : whole));
}

const numbers = new Intl.NumberFormat(data.lang, { useGrouping: false });

/** A field of a string as the page says it: a number in the page's digits (۱۳ in Persian), the rest as it is. */
const said = (value) => (typeof value === "number" ? numbers.format(value) : String(value));

/** A clause's statement in the page's language (the engine's answers carry the English one). */
export const statement = (id, english) => data.texts?.[`clause:${id}`] ?? data.statements?.[id] ?? english;

const englishTexts = new Set(data.english_texts ?? []);

/** A rulebook text of the page data (`ambiguity:AMB-5`, `reading:AMB-5:any-nearest`,
 * `option:tie-break`, …) in the page's language, marked as English while it is not translated;
 * `english` when the page data has none. */
export function rulebookText(key, english) {
  const text = data.texts?.[key];
  const lang = text === undefined || englishTexts.has(key) ? "en" : null;
  return lang && data.lang !== "en" ? el("span", { lang: "en", dir: "ltr" }, text ?? english) : text ?? english;
}

/** Mark the moment the page first showed an answer (time since the page was opened). */
export function answered() {
  timings.first_answer_ms ??= Math.round(performance.now());
  window.generalaAnswers = (window.generalaAnswers ?? 0) + 1;
  window.dispatchEvent(new CustomEvent("generala-answer"));
}

/** An element: el("p", {class: "x"}, "text", child, …). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.flat(Infinity).filter((c) => c != null && c !== false));
  return node;
}

/** A link to a rulebook entry (clause, ambiguity, sentence) on the rulebook pages. */
export function ref(id) {
  if (!id) return null;
  const where = data.links[id];
  return where ? el("a", { href: where, class: "ref" }, id) : el("span", { class: "ref" }, id);
}

/** Show a message in the page's status line. */
export function status(text, kind = "") {
  if (kind === "error" && location.protocol === "file:") text += " " + t("common.engine.file");
  const line = document.getElementById("status");
  line.textContent = text;
  line.className = `status ${kind}`;
}

/** Run the page's ``main``; a failure (Python could not start, or failed) is shown in the status line. */
export function start(main) {
  main().catch((error) => {
    status(t("common.engine.failed", { message: error.message }), "error");
    throw error;
  });
}
