// Play Generala, the dice game, against computer players: the game is the dice engine's in
// JavaScript (assets/dice/page-api.mjs, DiceLesson, a port of dice_page_api.DiceLesson
// certified by the dice suite; the same seed throws the same dice); this script draws the
// dice, the choices and the sheets, tells every event in the page's language with its
// clauses, and sends the person's moves. The focus follows the game, so that it can be played
// with Enter alone.
import { DiceLesson, start as startForms } from "./web/page-api.mjs";
import { clause as ref, die, profileName, refusal } from "./text.mjs";
import { answered, data, el, start, status, t } from "../kit.mjs";

const $ = (id) => document.getElementById(id);
let lesson = null;
let state = null;
let shown = 0; // events already in the log
const kept = new Set(); // indexes of the dice the person keeps

const player = (p) => t("dice.player", { n: p + 1 });
const category = (name) => t(`dice.cat.${name}`);
const list = (values) => values.join(" ");

function said(event) {
  const who = player(event.player ?? 0);
  switch (event.type) {
    case "rolled":
      return event.roll === 1 ? t("dice.play.ev.rolled", { player: who, dice: list(event.dice) })
        : t("dice.play.ev.rerolled", { player: who, kept: event.kept?.length ? list(event.kept) : t("dice.play.nothing_kept"),
          thrown: t(`dice.thrown.${event.thrown}`), dice: list(event.dice) });
    case "scored":
      return t(event.bonus ? "dice.play.ev.bonus" : "dice.play.ev.scored",
        { player: who, points: event.points, category: category(event.category), bonus: event.bonus });
    case "scratched":
      return t("dice.play.ev.scratched", { player: who, category: category(event.category) });
    case "auto-win":
      return t("dice.play.ev.auto_win", { player: who });
    default: {
      const winners = event.winners.map(player).join(", ");
      const totals = event.totals.map((points, p) => `${player(p)} ${points}`).join(", ");
      if (event.automatic) return t("dice.play.ev.won_auto", { winners });
      return t(event.winners.length > 1 ? "dice.play.ev.shared" : "dice.play.ev.won", { winners, totals });
    }
  }
}

function line(event) {
  const first = event.type === "rolled" && event.first ? " " + t("dice.play.ev.first") : "";
  return el("li", { "data-type": event.type },
    el("span", { class: "said" }, said(event) + first), " ",
    el("span", { class: "clause" }, event.clauses.flatMap((c, i) => (i ? [" ", ref(c)] : [ref(c)]))));
}

function drawDice() {
  const box = $("dice");
  if (!state.dice) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(...state.dice.map((value, i) =>
    el("button", { type: "button", class: "keep-die", "aria-pressed": String(kept.has(i)), disabled: !state.can_reroll,
      onclick: (e) => {
        if (kept.has(i)) kept.delete(i);
        else kept.add(i);
        e.currentTarget.setAttribute("aria-pressed", String(kept.has(i)));
        drawRollButton();
      } }, el("span", { "aria-hidden": "true" }, die(value)),
    el("span", { class: "sr-only" }, t("dice.play.keep", { i: i + 1, n: value })))));
}

function drawRollButton() {
  const button = $("roll-button");
  const yours = state.player === 0;
  button.hidden = !yours || (state.dice && !state.can_reroll);
  button.textContent = state.dice ? t("dice.play.reroll") : t("dice.play.roll");
  button.disabled = Boolean(state.dice) && kept.size === state.dice.length;
}

function drawChoices() {
  const scores = state.choices.filter((c) => c.kind === "score");
  const scratches = state.choices.filter((c) => c.kind === "scratch");
  const button = (c) => el("button", { type: "button", class: `${c.kind}-choice`, "data-action": c.action,
    onclick: () => send(c.action) },
  c.kind === "score" ? t("dice.play.score", { points: c.points, category: category(c.category) })
    : t("dice.play.scratch", { category: category(c.category) }));
  $("choices").replaceChildren(...[
    scores.length ? el("h3", {}, t("dice.play.scores")) : null,
    scores.length ? el("div", { class: "choices" }, scores.map(button)) : null,
    scratches.length ? el("h3", {}, t("dice.play.scratches")) : null,
    scratches.length ? el("div", { class: "choices" }, scratches.map(button)) : null].filter(Boolean));
}

function drawSheet() {
  const head = el("tr", {}, el("th", { scope: "col" }, t("dice.scorer.category")),
    state.sheets.map((_, p) => el("th", { scope: "col" }, p === 0 ? t("dice.play.you", { player: player(0) }) : player(p))));
  const rows = state.categories.map((c) => el("tr", { "data-category": c }, el("th", { scope: "row" }, category(c)),
    state.sheets.map((sheet) => {
      const cell = sheet[c];
      return el("td", { "data-mark": cell.mark }, cell.mark === "scored" ? String(cell.points)
        : cell.mark === "scratched" ? "✗" : "");
    })));
  const total = el("tr", { class: "total" }, el("th", { scope: "row" }, t("dice.play.total")),
    state.totals.map((points) => el("td", {}, String(points))));
  $("sheet").replaceChildren(el("table", { class: "sheet" }, el("caption", {}, t("dice.play.sheet_caption")),
    el("thead", {}, head), el("tbody", {}, rows, total)));
  $("sheet").setAttribute("tabindex", "0");
  $("sheet").setAttribute("role", "region");
  $("sheet").setAttribute("aria-label", t("dice.play.sheet"));
}

function draw() {
  drawDice();
  drawRollButton();
  drawChoices();
  drawSheet();
  const turn = state.over ? "" : !state.dice ? t("dice.play.turn_start", { round: state.round })
    : t("dice.play.turn", { round: state.round, roll: state.rolls, max: state.max_rolls })
      + (state.first ? " " + t("dice.play.first_roll") : "");
  $("turn-line").textContent = turn;
  const log = $("log");
  log.append(...state.events.slice(shown).map(line));
  shown = state.events.length;
  log.lastElementChild?.scrollIntoView({ block: "nearest" });
  const end = $("end");
  end.hidden = !state.over;
  end.textContent = state.over ? said(state.events[state.events.length - 1]) : "";
  $("turn").dataset.over = String(state.over);
  answered();
}

/** Where the focus goes after a move: the first score (or scratch) after a roll, else the roll button. */
function refocus() {
  if (state.over) return $("new").focus();
  const next = state.dice ? document.querySelector("#choices button") : $("roll-button");
  next?.focus();
}

function send(move) {
  const reply = lesson.play(move);
  if (!reply.ok) {
    const line = document.getElementById("status");
    line.className = "status error";
    line.replaceChildren(refusal(reply));
    return;
  }
  state = reply;
  kept.clear();
  draw();
  refocus();
}

function rollClicked() {
  if (!state.dice) return send("roll");
  const keep = state.dice.filter((_, i) => kept.has(i));
  return send(["reroll", ...keep].join(" "));
}

function newGame(event) {
  event?.preventDefault();
  const typed = $("seed").value.trim();
  const seed = /^[0-9]+$/.test(typed) ? BigInt(typed) : Math.floor(Math.random() * 1e6);
  const players = Number($("bots").value) + 1;
  const profile = $("profile").value;
  lesson = new DiceLesson(data.rules, players, seed, profile);
  shown = 0;
  kept.clear();
  $("log").replaceChildren();
  $("game-title").textContent = t("dice.play.game_title", { players, seed: String(seed), profile: profileName(profile) });
  state = lesson.state();
  draw();
  status(t("dice.play.dealt"));
  if (event) refocus();
}

function main() {
  const info = startForms(data.rules);
  $("profile").replaceChildren(...info.profiles.map((p) =>
    el("option", { value: p, title: data.texts[`profile:${p}`] }, profileName(p))));
  $("play-form").addEventListener("submit", newGame);
  $("roll-button").addEventListener("click", rollClicked);
  $("play-form").hidden = false;
  newGame();
}

start(async () => main());
