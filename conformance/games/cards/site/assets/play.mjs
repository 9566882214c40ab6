// Learn by playing: a game against computer players, every event told in one line with
// its clause. The game is the engine's (Lesson of the card game's JavaScript port, dealt as
// `generala-kit play --seed`); this script draws it and sends the person's moves.
import { answered, data, el, ref, start, status, t } from "../kit.mjs";
import { action, card, kit, refusal, seat, why } from "./table.mjs";

const $ = (id) => document.getElementById(id);
let lesson = null;
let shown = 0; // lines already in the log

/** The spoken name of a card, from its glyph's label. */
function name(code) {
  return card(code).getAttribute?.("aria-label") ?? code;
}

/** ``node`` shown but not read out (the button's hidden text says it in words). */
const hidden = (node) => el("span", { "aria-hidden": "true" }, node);

/** A line's words in the page's language (``data-text``: the words of `generala-kit play`). */
function words(entry) {
  if (!entry.say) return el("span", { lang: "en", dir: "ltr" }, entry.text);
  const fields = { ...entry.say.fields };
  if (fields.why) fields.why = t(`cards.play.ev.why.${fields.why}`);
  if (document.documentElement.dir === "rtl") { // cards read left to right inside a right-to-left line
    for (const name of ["card", "cards"]) if (fields[name]) fields[name] = `\u2066${fields[name]}\u2069`;
  }
  return t(`cards.play.ev.${entry.say.key}`, fields);
}

function line(entry) {
  if (entry.heading) return el("li", { class: "heading", "data-text": entry.text }, words(entry));
  return el("li", { "data-text": entry.text }, el("span", { class: "said" }, words(entry)), " ",
    entry.clause ? el("span", { class: "clause" }, ref(entry.clause), " ",
      why(entry.why)) : null);
}

/** The words of a refused card's reason for a screen reader (its code's, in the page's language). */
function reason(refused) {
  if (!refused) return t("cards.play.not_turn");
  const key = `cards.refusal.${refused.code}`;
  return key in data.t ? data.t[key] : refused.message;
}

function yourHand(state) {
  const legal = new Set(state.legal);
  const refused = new Map((state.choices?.illegal ?? []).map((m) => [m.action, m]));
  const hand = state.hands[state.seat];
  const buttons = hand.map((code) => {
    const playable = legal.has(code);
    const refusedBy = refused.get(code);
    const label = playable ? t("cards.play.play_label", { card: name(code) })
      : t("cards.play.refused_label", { card: name(code), why: reason(refusedBy) });
    return el("button", { type: "button", class: `hand-card ${playable ? "playable" : "refused"}`, "data-action": code,
      onclick: () => (playable ? send(code) : explainRefusal(code, refusedBy)) }, hidden(card(code)), el("span", { class: "sr-only" }, label));
  });
  const extra = state.legal.filter((a) => !hand.includes(a)).map((a) =>
    el("button", { type: "button", class: "hand-card playable other", "data-action": a,
      onclick: () => send(a) }, hidden(action(a)),
    el("span", { class: "sr-only" }, a === "decline" ? t("cards.play.decline") : t("cards.play.take", { card: name(a.slice(5)) }))));
  return el("div", { class: "your-hand", role: "group", "aria-label": t("cards.play.your_hand_label") }, buttons, extra);
}

function explainRefusal(code, refusedBy) {
  $("refusal").replaceChildren(refusedBy
    ? el("span", {}, card(code), " " + t("cards.play.not_allowed") + " ", refusal(refusedBy.code, refusedBy.message), " ",
      el("code", {}, refusedBy.code), " ", ref(refusedBy.refused_by?.clause))
    : t("cards.play.not_turn"));
}

function draw(state) {
  const others = Array.from({ length: state.players }, (_, s) => s).filter((s) => s !== state.seat);
  $("table").replaceChildren(...[
    el("ul", { class: "seats" }, others.map((s) =>
      el("li", { class: s === state.to_move ? "to-move" : null },
        el("strong", {}, seat(s)), " " + t(state.hands[s].length === 1 ? "cards.play.one_card" : "cards.play.cards",
          { n: state.hands[s].length }),
        state.hands[s].length ? "" : " " + t("cards.play.out")))),
    el("p", { class: "trick" }, el("strong", {}, t("cards.arbiter.trick") + " "),
      state.trick.length ? state.trick.map((p) => el("span", { class: "played" }, seat(p.player), " ", card(p.card)))
        : t("cards.play.empty")),
    el("h2", {}, t("cards.play.your_hand", { player: seat(state.seat) })),
    state.over ? null : el("p", { class: "turn" }, state.to_move === state.seat ? t("cards.play.your_turn") : ""),
    yourHand(state),
    el("p", { id: "refusal", role: "status" }),
  ].filter(Boolean));
  const log = $("log");
  log.append(...state.lines.slice(shown).map(line));
  shown = state.lines.length;
  log.lastElementChild?.scrollIntoView({ block: "nearest" });
  const end = $("end");
  end.hidden = !state.over;
  end.textContent = state.over ? (state.loser == null ? t("cards.play.ev.over_nobody")
    : t("cards.play.ev.over_loser", { player: seat(state.loser) })) : "";
  $("table").dataset.over = String(state.over);
  answered();
}

function send(move) {
  const reply = JSON.parse(lesson.play(move));
  if (!reply.ok) {
    $("refusal").replaceChildren(`${move}: `, refusal(reply.code, reply.message), ` (${reply.code})`);
    return;
  }
  draw(reply);
  const next = document.querySelector(".your-hand .playable");
  (next ?? $("deal")).focus();
}

async function deal(event) {
  event?.preventDefault();
  const { page } = await kit();
  const seed = $("seed").value.trim() === "" ? Math.floor(Math.random() * 1e6) : Number($("seed").value);
  lesson = page.lesson(Number($("players").value), Number($("seat").value), $("bot").value, seed, $("profile").value);
  shown = 0;
  $("log").replaceChildren();
  const players = $("players").value;
  const profile = $("profile").value;
  $("game-title").textContent = t("cards.play.game_title", { players, seed, profile });
  $("same-deal").replaceChildren(t("cards.play.same_deal") + " ",
    el("code", { dir: "ltr" }, `generala-kit play --players ${players} --seed ${seed} --profile ${profile}`), ".");
  draw(JSON.parse(lesson.state()));
  status(t("cards.play.dealt"));
  if (event) (document.querySelector(".your-hand .playable") ?? $("deal")).focus(); // dealt from the form
}

function seats() {
  const keep = $("seat").value || "0";
  $("seat").replaceChildren(...Array.from({ length: Number($("players").value) }, (_, s) =>
    el("option", { value: String(s) }, seat(s))));
  $("seat").value = Number(keep) < Number($("players").value) ? keep : "0";
}

async function main() {
  const { info } = await kit();
  $("players").replaceChildren(...Array.from({ length: 9 }, (_, i) =>
    el("option", { value: String(i + 2), selected: i === 2 }, String(i + 2))));
  $("players").addEventListener("change", seats);
  seats();
  $("bot").replaceChildren(...info.bots.map((b) => el("option", { value: b }, t(`cards.play.bot_${b}`))));
  $("profile").replaceChildren(...info.profiles.map((p) => el("option", { value: p }, p)));
  $("play-form").addEventListener("submit", deal);
  $("play-form").hidden = false;
  await deal();
}

start(main);
