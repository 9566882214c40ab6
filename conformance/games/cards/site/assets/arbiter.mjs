// The arbiter page: set up a position (tap cards, or paste the short text form of
// `generala-kit explain`) and show what `explain` answers. The answer is the engine's
// (explainText of the card game's JavaScript port, as `explain --json`), drawn here as it comes,
// its reasons and refusals in the page's language.
import { answered, data, el, ref, rulebookText, start, statement as said, status, t } from "../kit.mjs";
import { action, card, kit, refusal, seat, why } from "./table.mjs";

const $ = (id) => document.getElementById(id);
const form = $("text-form");
const positionBox = $("position");
const movesBox = $("moves");
const answerBox = $("answer");

// ---------------------------------------------------------------- the answer

function refs(clause) {
  if (!clause) return null;
  const sentences = clause.sentences.map((s) => ref(s));
  return el("span", { class: "why-ref", dir: "ltr" }, ref(clause.clause),
    sentences.length ? [" [", sentences.flatMap((s, i) => (i ? [", ", s] : [s])), "]"] : null);
}

function statement(clause) {
  return clause ? el("span", { class: "statement-small" }, said(clause.clause, clause.statement)) : null;
}

function table(snapshot, title) {
  const rows = snapshot.hands.map((hand, s) => {
    const marks = [s === snapshot.to_move ? t("cards.arbiter.to_move") : null,
      s === snapshot.leader ? t("cards.arbiter.is_leader") : null,
      (snapshot.went_out || []).includes(s) ? t("cards.arbiter.out") : null].filter(Boolean);
    return el("tr", { class: s === snapshot.to_move ? "to-move" : null },
      el("th", { scope: "row" }, seat(s)),
      el("td", {}, hand.length ? hand.map(card) : "—"),
      el("td", { class: "marks" }, marks.join(", ")));
  });
  const trick = snapshot.trick.length
    ? snapshot.trick.map((t) => el("span", { class: "played" }, seat(t.player), " ", card(t.card)))
    : t("cards.arbiter.none");
  return el("div", { class: "table-box", "data-leader": seat(snapshot.leader) },
    el("h3", {}, title),
    el("div", { class: "scroll" }, el("table", { class: "hands" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("cards.arbiter.player")),
        el("th", { scope: "col" }, t("cards.arbiter.hand")), el("th", { scope: "col" }, t("cards.arbiter.marks")))),
      el("tbody", {}, rows))),
    el("p", { class: "trick" }, el("strong", {}, t("cards.arbiter.trick") + " "), trick,
      snapshot.taking != null ? el("span", {}, " — " + t("cards.arbiter.declined", { player: seat(snapshot.taking) })) : null));
}

function choicesBlock(choices) {
  if (!choices) return el("p", {}, t("cards.arbiter.over"));
  const who = seat(choices.player);
  const legal = el("ul", { class: "legal" }, choices.legal.map((m) =>
    el("li", { "data-action": m.action, "data-clause": m.allowed_by?.clause },
      el("button", { type: "button", class: "move", "data-move": `${who} ${m.action}`,
        onclick: () => playMove(`${who} ${m.action}`) },
      el("span", { class: "sr-only" }, t("cards.arbiter.play_label", { move: who }) + " "), action(m.action)),
      " " + t("cards.arbiter.legal_by") + " ", refs(m.allowed_by), " ", statement(m.allowed_by))));
  const illegal = el("ul", { class: "illegal" }, choices.illegal.map((m) =>
    el("li", { "data-action": m.action, "data-clause": m.refused_by?.clause, "data-code": m.code },
      el("span", { class: "refused" }, action(m.action)), " ", refusal(m.code, m.message), " ",
      el("code", {}, m.code), " ", m.refused_by ? ["— ", refs(m.refused_by)] : null)));
  return el("section", { class: "choices", "data-player": who },
    el("h3", {}, t("cards.arbiter.legal_moves", { player: who, phase: choices.phase })), legal,
    choices.illegal.length ? [el("h3", {}, t("cards.arbiter.illegal")), illegal] : null);
}

/** The plain-words headline of an event that settles something: who wins, who leads, who loses. */
function outcome(event) {
  const said = {
    trick: () => t("cards.arbiter.wins_trick", { player: seat(event.winner) }) + " ",
    lead: () => t("cards.arbiter.leads_next", { player: seat(event.player) }) + " ",
    "game-over": () => (event.loser == null ? t("cards.arbiter.nobody_loses")
      : t("cards.arbiter.loses", { player: seat(event.loser) })) + " ",
  }[event.type];
  return said ? el("strong", { class: "outcome" }, said()) : null;
}

function movesBlock(moves, stopped) {
  const items = moves.map((m) =>
    el("li", { class: "move-done", "data-move": m.move, "data-clause": m.allowed_by?.clause },
      el("p", {}, el("strong", {}, m.move), " — " + t("cards.arbiter.legal_by") + " ", refs(m.allowed_by)),
      el("ul", { class: "events" }, m.events.map((e) =>
        el("li", { class: `event event-${e.event.type}`, "data-event": e.text, "data-clause": e.decided_by?.clause },
          outcome(e.event), el("code", {}, e.text), " ", ref(e.decided_by?.clause), " ", why(e.why),
          e.event.type === "trick" || e.event.type === "lead" || e.event.type === "game-over"
            ? el("div", { class: "statement-small" }, said(e.decided_by?.clause, e.decided_by?.statement)) : null)))));
  const refusedLine = stopped ? el("p", { class: "stopped", role: "alert", "data-move": stopped.move,
    "data-code": stopped.code, "data-clause": stopped.refused_by?.clause },
    el("strong", {}, t("cards.arbiter.refused", { move: stopped.move }) + " "), refusal(stopped.code, stopped.message),
    " ", el("code", {}, stopped.code), " ",
    stopped.refused_by ? ["— ", refs(stopped.refused_by), " ", statement(stopped.refused_by)] : null) : null;
  return el("section", { class: "moves" }, el("h3", {}, t("cards.arbiter.moves_do")), el("ol", {}, items), refusedLine);
}

function readingsBlock(readings) {
  if (!readings.length) return el("p", { class: "readings-none" }, t("cards.arbiter.no_readings"));
  return el("section", { class: "readings" },
    el("h3", {}, t("cards.arbiter.readings")),
    el("ul", {}, readings.map((r) =>
      el("li", { class: "reading", "data-reading": r.reading },
        el("strong", {}, r.reading), ": ",
        Array.isArray(r.outcome) ? el("code", {}, r.outcome.join(" · ")) : r.outcome,
        el("ul", {}, r.ambiguities.map((a) =>
          el("li", {}, ref(a.id), " ", rulebookText(`ambiguity:${a.id}`, a.title), " — ",
            t("cards.arbiter.this_reading"), " ", rulebookText(`reading:${a.id}:${a.reading}`, a.reading_text || a.reading), "; ",
            t("cards.arbiter.ruling"), " ", rulebookText(`reading:${a.id}:${a.ruling}`, a.ruling))))))));
}

function draw(answer) {
  const parts = [
    el("h2", { id: "answer-title", tabindex: "-1" }, t("cards.arbiter.answer")),
    el("p", { class: "rules-line" }, t("cards.arbiter.profile_line", { profile: answer.profile }) + " ",
      el("code", {}, Object.entries(answer.rules).map(([k, v]) => `${k}=${v}`).join(", "))),
    table(answer.table, t("cards.arbiter.position_h")),
    choicesBlock(answer.choices),
  ];
  if (answer.moves.length || answer.stopped) parts.push(movesBlock(answer.moves, answer.stopped));
  if (answer.after) parts.push(table(answer.after.table, t("cards.arbiter.after")), choicesBlock(answer.after.choices));
  parts.push(readingsBlock(answer.readings));
  answerBox.replaceChildren(...parts);
}

async function explainNow(focus = false) {
  const { page } = await kit();
  const reply = JSON.parse(page.explainText(positionBox.value, movesBox.value));
  if (reply.ok) {
    draw(reply.answer);
    status(reply.answer.stopped ? t("cards.arbiter.stopped") : t("common.engine.answered"));
  } else {
    answerBox.replaceChildren(el("p", { class: "error", role: "alert" },
      el("strong", {}, t("cards.arbiter.unreadable") + " "), refusal(reply.code, reply.message), " ",
      el("code", {}, reply.code)));
    status(t("cards.arbiter.not_understood"), "error");
  }
  answerBox.dataset.ok = String(reply.ok);
  location.hash = new URLSearchParams({ position: positionBox.value, moves: movesBox.value }).toString();
  answered();
  if (focus) $("answer-title")?.focus();
}

function playMove(move) {
  movesBox.value = movesBox.value.trim() ? `${movesBox.value.trim()}, ${move}` : move;
  explainNow(true);
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  explainNow(true);
});

// ------------------------------------------------------- setting up by tapping

const setup = { players: 4, placed: new Map(), trick: [] }; // key -> {where, seat}; trick: keys in order
const keys = data.rows.flat().map((code, i) => (code === "JK" ? `JK${i}` : code));
const codeOf = (key) => (key.startsWith("JK") ? "JK" : key);

function seatOptions(select, withNone) {
  const keep = select.value;
  select.replaceChildren(...(withNone ? [el("option", { value: "" }, t("cards.arbiter.nobody"))] : []),
    ...Array.from({ length: setup.players }, (_, s) => el("option", { value: seat(s) }, seat(s))));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

function drawSeats() {
  const box = $("target-seats");
  const chosen = box.querySelector("input:checked")?.value ?? "P1";
  box.replaceChildren(...Array.from({ length: setup.players }, (_, s) =>
    el("label", { class: "chip-radio" },
      el("input", { type: "radio", name: "target-seat", value: seat(s), checked: seat(s) === chosen ||
        (s === 0 && Number(chosen.slice(1)) > setup.players) }), seat(s))));
  seatOptions($("leader"), false);
  seatOptions($("taking"), true);
}

function target() {
  return {
    where: document.querySelector("input[name=target-kind]:checked").value,
    seat: Number(document.querySelector("input[name=target-seat]:checked").value.slice(1)) - 1,
  };
}

function tap(key) {
  const now = setup.placed.get(key);
  const goal = target();
  setup.trick = setup.trick.filter((k) => k !== key);
  if (now && now.where === goal.where && now.seat === goal.seat) setup.placed.delete(key);
  else {
    setup.placed.set(key, goal);
    if (goal.where === "trick") setup.trick.push(key);
  }
  refresh();
}

function textForm() {
  const parts = [];
  for (let s = 0; s < setup.players; s += 1) {
    const hand = keys.filter((k) => setup.placed.get(k)?.where === "hand" && setup.placed.get(k).seat === s);
    parts.push(`${seat(s)}: ${hand.map(codeOf).join(" ") || "-"}`);
  }
  parts.push(`players: ${setup.players}`, `leader: ${$("leader").value}`);
  if (setup.trick.length) {
    parts.push(`trick: ${setup.trick.map((k) => `${seat(setup.placed.get(k).seat)} ${codeOf(k)}`).join(", ")}`);
  }
  if ($("taking").value) parts.push(`taking: ${$("taking").value}`);
  if ($("profile").value !== "default") parts.push(`profile: ${$("profile").value}`);
  const rules = [...document.querySelectorAll("#rule-options select")].filter((s) => s.value)
    .map((s) => `${s.name}=${s.value}`);
  if (rules.length) parts.push(`rules: ${rules.join(", ")}`);
  return parts.join(" | ");
}

function refresh() {
  for (const button of document.querySelectorAll("#deck button")) {
    const where = setup.placed.get(button.dataset.key);
    const label = where ? t(where.where === "hand" ? "cards.arbiter.in_hand" : "cards.arbiter.played_by",
      { player: seat(where.seat) }) : "";
    button.setAttribute("aria-pressed", String(Boolean(where)));
    button.querySelector(".place").textContent = where ? `${seat(where.seat)}${where.where === "trick" ? "▸" : ""}` : "";
    button.title = label;
  }
  positionBox.value = textForm();
}

function buildSetup(info) {
  $("players").replaceChildren(...Array.from({ length: 9 }, (_, i) =>
    el("option", { value: String(i + 2), selected: i + 2 === setup.players }, String(i + 2))));
  $("players").addEventListener("change", () => {
    setup.players = Number($("players").value);
    for (const [key, where] of setup.placed) if (where.seat >= setup.players) setup.placed.delete(key);
    setup.trick = setup.trick.filter((k) => setup.placed.has(k));
    drawSeats();
    refresh();
  });
  $("profile").replaceChildren(...info.profiles.map((p) => el("option", { value: p }, p)));
  $("rule-options").replaceChildren(...Object.entries(info.options).map(([name, option]) =>
    el("label", { class: "rule" }, el("span", {}, name),
      el("select", { name, title: data.texts[`option:${name}`] ?? option.summary },
        el("option", { value: "" }, t("cards.arbiter.as_profile")),
        option.values.map((v) => el("option", { value: v, title: data.texts[`value:${name}=${v}`] }, v))))));
  $("deck").replaceChildren(...data.rows.map((row, r) =>
    el("div", { class: "deck-row", role: "group", "aria-label": data.row_names[r] }, row.map((code, i) => {
      const key = keys[data.rows.slice(0, r).flat().length + i];
      return el("button", { type: "button", class: "deck-card", "data-key": key, "aria-pressed": "false",
        onclick: () => tap(key) }, card(code), el("span", { class: "place", "aria-hidden": "true" }));
    }))));
  for (const id of ["leader", "taking", "profile"]) $(id).addEventListener("change", refresh);
  $("rule-options").addEventListener("change", refresh);
  $("clear").addEventListener("click", () => {
    setup.placed.clear();
    setup.trick = [];
    refresh();
  });
  $("use-setup").addEventListener("click", () => {
    refresh();
    movesBox.value = "";
    explainNow(true);
  });
  drawSeats();
}

// ---------------------------------------------------------------- start

async function main() {
  const given = new URLSearchParams(location.hash.slice(1));
  if (given.get("position")) {
    positionBox.value = given.get("position");
    movesBox.value = given.get("moves") ?? "";
  }
  const { info } = await kit();
  buildSetup(info);
  $("setup-controls").hidden = false;
  await explainNow();
}

start(main);
