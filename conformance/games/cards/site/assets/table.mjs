// The card game's part of its engine pages: its engine (data.engine: the page API module of
// conformance/games/cards/web, with data.rulebook, the rulebook data it reads), the cards
// drawn as glyphs, and the engine's refusals and reasons in the page's language.
import { data, el, t, timings } from "../kit.mjs";

let booting = null;

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

/** A card glyph chip (the build's layout.card_html) for a card code such as "10H" or "JK". */
export function card(code) {
  const holder = document.createElement("span");
  holder.innerHTML = data.cards[code] ?? code;
  return holder.firstElementChild ?? document.createTextNode(code);
}

/** A move such as "8H", "JK", "decline", "take 8H": its card drawn as a glyph, its verb
 * in the page's language (`cards.play.decline`, `cards.play.take`). */
export function action(text) {
  if (text === "decline") return el("span", { class: "action" }, t("cards.play.decline"));
  const taken = text.startsWith("take ") ? text.slice(5) : null;
  if (taken !== null && data.cards[taken]) {
    const [before, after] = t("cards.play.take", { card: "\0" }).split("\0");
    return el("span", { class: "action" }, before, card(taken), after);
  }
  return data.cards[text] ? el("span", { class: "action" }, card(text)) : el("span", { class: "action" }, text);
}

/** The player's name of a seat index: 0 -> "P1". */
export const seat = (s) => `P${s + 1}`;

