// What the engine pages share: the page data, the strings in the page's language, drawing
// helpers, and the card game's engine loader (data.engine: the page API module of
// conformance/games/cards/web, with data.rulebook, the rulebook data it reads; the dice pages
// import their engine's modules directly). Every answer comes from the engine.

export const timings = {};
window.generalaTimings = timings;
let booting = null;

/** The page's data written by the build: card glyphs (code -> HTML) and rulebook addresses. */
export const data = JSON.parse(document.getElementById("kit-data").textContent);

/** The interface string ``key`` in the page's language, its {fields} filled in. */
export function t(key, fields = {}) {
  const text = data.t[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

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

/** The reason of an engine's refusal, by its code, in the page's language (`cards.refusal.CODE`);
 * the engine's English message, which names the card or the part, is kept in a closed details. */
export function refusal(code, message) {
  const key = `cards.refusal.${code}`;
  const reason = key in data.t ? data.t[key] : null;
  const details = el("details", { class: "refusal-details" }, el("summary", {}, t("cards.refusal.details")),
    el("span", { lang: "en", dir: "ltr" }, message));
  return el("span", { class: "refusal" }, reason ?? el("span", { lang: "en", dir: "ltr" }, message), " ",
    reason ? details : null);
}

/** A reason of the engine's clause side channel (`why`) in the page's language (`cards.why.KEY`). */
export function why(english) {
  const key = data.why?.[english];
  return key ? t(key) : el("span", { lang: "en", dir: "ltr" }, english);
}

/** Start the card game's engine once; resolves to {page, info}: page is {explainText, lesson}. */
export function kit() {
  booting ??= bootScript();
  return booting;
}

async function bootScript() {
  const [api, book] = await Promise.all([
    import(new URL(data.engine, location.href).href),
    fetch(new URL(data.rulebook, location.href)).then((reply) => {
      if (!reply.ok) throw new Error(`${data.rulebook}: HTTP ${reply.status}`);
      return reply.json();
    }),
  ]);
  timings.engine_ms = Math.round(performance.now());
  const info = api.start(book);
  timings.ready_ms = Math.round(performance.now());
  const page = { explainText: api.explainText, lesson: (...args) => new api.Lesson(...args) };
  return { page, info };
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

/** A card glyph chip (the build's layout.card_html) for a card code such as "10H" or "JK". */
export function card(code) {
  const holder = document.createElement("span");
  holder.innerHTML = data.cards[code] ?? code;
  return holder.firstElementChild ?? document.createTextNode(code);
}

/** A move such as "8H", "JK", "decline", "take 8H" with its card drawn as a glyph. */
export function action(text) {
  const [verb, code] = text.startsWith("take ") ? ["take ", text.slice(5)] : ["", text];
  return data.cards[code] ? el("span", { class: "action" }, verb, card(code)) : el("span", { class: "action" }, text);
}

const FACES = "⚀⚁⚂⚃⚄⚅";

/** A die glyph showing ``value`` (1 to 6), named for a screen reader in the page's language. */
export function die(value) {
  return el("span", { class: "die", role: "img", "aria-label": t("dice.die", { n: value }) },
    FACES[value - 1], el("small", { "aria-hidden": "true" }, String(value)));
}

/** A link to a rulebook entry (clause, ambiguity, sentence) on the rulebook pages. */
export function ref(id) {
  if (!id) return null;
  const where = data.links[id];
  return where ? el("a", { href: where, class: "ref" }, id) : el("span", { class: "ref" }, id);
}

/** The player's name of a seat index: 0 -> "P1". */
export const seat = (s) => `P${s + 1}`;

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
