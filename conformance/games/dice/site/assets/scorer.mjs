// The dice scorer: five dice, the roll of the turn and the sheet, answered by the dice engine in
// JavaScript (assets/dice/page-api.mjs, a port of dice_page_api.score_text certified by the
// dice suite): which categories the roll qualifies for, for how many points, by which clauses,
// under each profile and rule option. This script only reads the form and draws the answer in
// the page's language.
import { score, start as startForms } from "./web/page-api.mjs";
import { diceRules } from "./web/rules.mjs";
import { clause as ref, die, houseRules, profileName, refusal, ruleSentence, text } from "./text.mjs";
import { answered, data, el, start, status, t } from "../kit.mjs";

const $ = (id) => document.getElementById(id);
const answerBox = $("answer");
const doc = data.rules;

const category = (name) => t(`dice.cat.${name}`);
const refs = (clauses) => clauses.flatMap((c, i) => (i ? [" ", ref(c)] : [ref(c)]));

function overrides() {
  return Object.fromEntries([...document.querySelectorAll("#rule-options select")]
    .filter((s) => s.value).map((s) => [s.name, s.value]));
}

function question() {
  const dice = [1, 2, 3, 4, 5].map((i) => $(`die-${i}`).value).join(" ");
  const sheet = Object.fromEntries([...document.querySelectorAll("select[data-category]")]
    .filter((s) => s.value !== "open").map((s) => [s.dataset.category, s.value]));
  return { dice, roll: Number($("roll").value), allFive: $("all-five").checked, sheet, profile: $("profile").value,
    overrides: overrides() };
}

function pointsText(row) {
  if (row.points == null) return "—";
  return row.bonus ? t("dice.scorer.bonus", { points: row.points, bonus: row.bonus }) : String(row.points);
}

function qualifiesText(row) {
  if (row.mark !== "open") return t("dice.scorer.closed", { mark: t(`dice.mark.${row.mark}`) });
  return row.qualifies ? t("dice.yes") : t("dice.no");
}

function mainTable(answer) {
  const head = ["category", "qualifies", "points", "clauses"].map((k) => el("th", { scope: "col" }, t(`dice.scorer.${k}`)));
  const rows = answer.rows.map((row) =>
    el("tr", { class: row.points == null ? "closed" : "open", "data-category": row.category,
      "data-points": row.points == null ? "" : String(row.points), "data-qualifies": String(row.qualifies),
      "data-clauses": row.clauses.join(" ") },
      el("th", { scope: "row" }, category(row.category)), el("td", {}, qualifiesText(row)),
      el("td", { class: "points" }, pointsText(row)), el("td", {}, refs(row.clauses))));
  return el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": t("dice.scorer.answer") },
    el("table", { class: "score-table" }, el("thead", {}, el("tr", {}, head)), el("tbody", {}, rows)));
}

function profilesTable(answer) {
  const names = Object.keys(answer.profiles);
  const rows = answer.rows.map((row) =>
    el("tr", {}, el("th", { scope: "row" }, category(row.category)), names.map((p) => {
      const points = answer.profiles[p][row.category];
      return el("td", { "data-profile": p, "data-category": row.category }, points == null ? "—" : String(points));
    })));
  return el("section", { class: "profiles" }, el("h3", {}, t("dice.scorer.profiles")),
    el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": t("dice.scorer.profiles") },
      el("table", {}, el("caption", {}, t("dice.scorer.profiles_caption")),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("dice.scorer.category")),
          names.map((p) => el("th", { scope: "col", "data-profile": p }, profileName(p))))),
        el("tbody", {}, rows))));
}

function variationsBlock(answer) {
  if (!answer.variations.length) return el("p", { class: "readings-none" }, t("dice.scorer.no_variations"));
  const shown = (p) => (p == null ? "—" : String(p));
  return el("section", { class: "readings" }, el("h3", {}, t("dice.scorer.variations")),
    el("ul", {}, answer.variations.map((v) =>
      el("li", { class: "reading", "data-reading": `${v.option}=${v.value}` },
        [...ruleSentence(v.option, v.value).childNodes], " (", ref(v.ambiguity), ") ",
        Object.entries(v.changes).map(([c, [before, after]], i) =>
          [i ? "; " : "", t("dice.scorer.variation", { category: category(c), before: shown(before), after: shown(after) })])))));
}

function draw(answer) {
  const parts = [
    el("h2", { id: "answer-title", tabindex: "-1" }, t("dice.scorer.answer")),
    el("p", { class: "roll-line" }, answer.dice.map(die)),
    el("details", { class: "rules-line" },
      el("summary", {}, t("dice.scorer.house_rules", { profile: profileName(answer.profile) })), houseRules(answer.rules)),
    el("p", { class: "first-line", "data-first": String(answer.first) },
      t(answer.first ? "dice.scorer.first_yes" : "dice.scorer.first_no"), " ", ref(answer.first_clause)),
  ];
  if (answer.auto_win) {
    parts.push(el("p", { class: "auto-win", "data-clause": answer.auto_win },
      el("strong", {}, t(answer.auto_win === "D-FIRST-3" ? "dice.scorer.auto_win" : "dice.scorer.no_auto_win")), " ",
      ref(answer.auto_win)));
  }
  parts.push(mainTable(answer), el("p", { class: "help" }, t("dice.scorer.scratch"), " ", ref("D-SHEET-3")),
    profilesTable(answer), variationsBlock(answer));
  answerBox.replaceChildren(...parts);
}

function scoreNow(focus = false) {
  const q = question();
  const reply = score(doc, q.dice, q.roll, q.allFive, q.sheet, q.profile, q.overrides);
  if (reply.ok) {
    draw(reply.answer);
    status(t("common.engine.answered"));
  } else {
    answerBox.replaceChildren(el("p", { class: "error", role: "alert" },
      el("strong", {}, t("dice.scorer.refused") + " "), refusal(reply)));
  }
  answerBox.dataset.ok = String(reply.ok);
  answered();
  if (focus) $("answer-title")?.focus();
}

/** Offer only the rolls the chosen rules have (D-TURN-3): roll 4 under four rolls alone. */
function syncRolls() {
  let most = 3;
  try {
    most = diceRules(doc, $("profile").value, overrides()).maxRolls;
  } catch {
    return; // the answer says what is wrong with the rules
  }
  const select = $("roll");
  const chosen = Math.min(Number(select.value) || 1, most);
  select.replaceChildren(...Array.from({ length: most }, (_, i) =>
    el("option", { value: String(i + 1), selected: i + 1 === chosen }, t("dice.scorer.roll_n", { n: i + 1 }))));
  select.value = String(chosen);
  syncAllFive();
}

function syncAllFive() {
  const first = $("roll").value === "1";
  $("all-five").disabled = first;
  if (first) $("all-five").checked = true;
}

function main() {
  const info = startForms(doc);
  $("profile").replaceChildren(...info.profiles.map((p) =>
    el("option", { value: p, title: data.texts[`profile:${p}`] }, profileName(p))));
  $("rule-options").replaceChildren(...Object.entries(info.options).map(([name, option]) =>
    el("label", { class: "rule" }, text(`option:${name}`),
      el("select", { name }, el("option", { value: "" }, t("dice.as_profile")),
        option.values.map((v) => el("option", { value: v }, data.texts[`value:${name}=${v}`] ?? v))))));
  $("roll").addEventListener("change", syncAllFive);
  $("profile").addEventListener("change", syncRolls);
  $("rule-options").addEventListener("change", syncRolls);
  syncRolls();
  $("score-form").addEventListener("submit", (event) => {
    event.preventDefault();
    scoreNow(true);
  });
  scoreNow();
}

start(async () => main());
