// Learn by playing: a game against computer players, every event told in one line with
// its clause. The game is the kit's Python's (generala_page.Lesson); this script draws it
// and sends the person's moves.
import { action, answered, card, el, kit, ref, seat, start, status } from "./kit.mjs";

const $ = (id) => document.getElementById(id);
let lesson = null;
let shown = 0; // lines already in the log

function line(entry) {
  if (entry.heading) return el("li", { class: "heading" }, entry.text);
  return el("li", {}, el("span", { class: "said" }, entry.text), " ",
    entry.clause ? el("span", { class: "clause" }, ref(entry.clause), " ", entry.why) : null);
}

function yourHand(state) {
  const legal = new Set(state.legal);
  const refused = new Map((state.choices?.illegal ?? []).map((m) => [m.action, m]));
  const hand = state.hands[state.seat];
  const buttons = hand.map((code) => {
    const playable = legal.has(code);
    const why = refused.get(code);
    return el("button", { type: "button", class: `hand-card ${playable ? "playable" : "refused"}`, "data-action": code,
      "aria-label": playable ? `Play ${code}` : `${code}, not playable now: ${why ? why.message : "not your turn"}`,
      onclick: () => (playable ? send(code) : explainRefusal(code, why)) }, card(code));
  });
  const extra = state.legal.filter((a) => !hand.includes(a)).map((a) =>
    el("button", { type: "button", class: "hand-card playable other", "data-action": a,
      "aria-label": a === "decline" ? "Decline" : `Take ${a.slice(5)}`, onclick: () => send(a) }, action(a)));
  return el("div", { class: "your-hand", role: "group", "aria-label": "Your hand" }, buttons, extra);
}

function explainRefusal(code, why) {
  $("refusal").replaceChildren(why
    ? el("span", {}, card(code), ` is not allowed: ${why.message} `, el("code", {}, why.code), " ",
      ref(why.refused_by?.clause))
    : `It is not your turn.`);
}

function draw(state) {
  const others = Array.from({ length: state.players }, (_, s) => s).filter((s) => s !== state.seat);
  $("table").replaceChildren(...[
    el("ul", { class: "seats" }, others.map((s) =>
      el("li", { class: s === state.to_move ? "to-move" : null },
        el("strong", {}, seat(s)), ` ${state.hands[s].length} card${state.hands[s].length === 1 ? "" : "s"}`,
        state.hands[s].length ? "" : " (out)"))),
    el("p", { class: "trick" }, el("strong", {}, "Trick: "),
      state.trick.length ? state.trick.map((t) => el("span", { class: "played" }, seat(t.player), " ", card(t.card))) : "(empty)"),
    el("h2", {}, `Your hand (${seat(state.seat)})`),
    state.over ? null : el("p", { class: "turn" }, state.to_move === state.seat ? "Your turn: choose a card." : ""),
    yourHand(state),
    el("p", { id: "refusal", role: "status" }),
  ].filter(Boolean));
  const log = $("log");
  log.append(...state.lines.slice(shown).map(line));
  shown = state.lines.length;
  log.lastElementChild?.scrollIntoView({ block: "nearest" });
  const end = $("end");
  end.hidden = !state.over;
  end.textContent = state.over ? (state.loser == null ? "Game over: nobody loses." : `Game over: ${seat(state.loser)} loses.`) : "";
  $("table").dataset.over = String(state.over);
  answered();
}

function send(move) {
  const reply = JSON.parse(lesson.play(move));
  if (!reply.ok) {
    $("refusal").textContent = `${move}: ${reply.message} (${reply.code})`;
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
  lesson?.destroy();
  lesson = page.Lesson(Number($("players").value), Number($("seat").value), $("bot").value, seed, $("profile").value);
  shown = 0;
  $("log").replaceChildren();
  const players = $("players").value;
  const profile = $("profile").value;
  $("game-title").textContent = `Game: ${players} players, seed ${seed}, profile ${profile}`;
  $("same-deal").replaceChildren("The same deal as ",
    el("code", {}, `generala-kit play --players ${players} --seed ${seed} --profile ${profile}`), ".");
  draw(JSON.parse(lesson.state()));
  status("Dealt by the reference engine.");
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
  $("bot").replaceChildren(...info.bots.map((b) => el("option", { value: b }, b === "first" ? "play the first legal card" : "play a random legal card")));
  $("profile").replaceChildren(...info.profiles.map((p) => el("option", { value: p }, p)));
  $("play-form").addEventListener("submit", deal);
  $("play-form").hidden = false;
  await deal();
}

start(main);
