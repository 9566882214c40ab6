// What the dice game's scorer and play pages call: a port of
// conformance/games/dice/site/page_api.py over this folder's port of the dice reference,
// with the same answers (as objects rather than JSON text). The pages only draw, in their
// language, from the clause IDs and numbers given here; every rule is here.
//
// - pageApi(doc).score(...) answers a roll on a sheet: which categories it qualifies for and for
//   how many points, with the clauses, under the chosen rules and under every profile, and which
//   single rule options would change the answer;
// - pageApi(doc).lesson(players, seed, profile) is a whole game against computer players, every
//   event with its clauses, the dice thrown as the Python's random.Random(seed) throws them.
import { GeneralaError } from "./errors.mjs";
import { DiceGame, SeededDice } from "./game.mjs";
import { CATEGORIES, countsOf, diceOf, formatAction, parseAction } from "./rolls.mjs";
import { diceRules, pointTable } from "./rules.mjs";
import { OPEN, SCORED, SCRATCHED, isStraight, points, qualifies } from "./scoring.mjs";

/** The clause saying when a roll qualifies for each category (numbers: D-CAT-1). */
const QUALIFY = { straight: "D-CAT-2", "full-house": "D-CAT-4", "four-of-a-kind": "D-CAT-5", generala: "D-CAT-6",
  "double-generala": "D-CAT-7" };
/** The clause giving each category's points (numbers: D-SCORE-1). */
const POINTS = { straight: "D-SCORE-2", "full-house": "D-SCORE-3", "four-of-a-kind": "D-SCORE-4",
  generala: "D-SCORE-5", "double-generala": "D-SCORE-6" };
const CLOSED = { [SCORED]: "D-SHEET-4", [SCRATCHED]: "D-SHEET-3" };
const MARKS = [OPEN, SCORED, SCRATCHED];

/** What the dice pages refuse, with its code: a question the scorer cannot answer, a move out of turn. */
export class Refusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** The clauses deciding whether `counts` qualifies for `category`: for a Straight, D-CAT-3 when only
 * a 1 read as a 2 makes it one (or, when it is none, also D-CAT-3 if that variation is played);
 * else the category's clause. */
function qualifyClauses(category, counts, rules, fits) {
  const clause = QUALIFY[category] ?? "D-CAT-1";
  if (category !== "straight" || rules.aceForTwo === "no") return [clause];
  if (fits && !isStraight(counts, rules.straight, "no")) return ["D-CAT-3"];
  return fits ? [clause] : [clause, "D-CAT-3"];
}

/** One category: may the roll be scored there, for how many points, by which clauses. */
function row(doc, category, counts, rules, first, sheet) {
  const mark = sheet[category] ?? OPEN;
  const table = pointTable(doc, rules);
  const fits = qualifies(category, counts, rules, sheet.generala ?? OPEN);
  const base = { category, mark, qualifies: fits };
  if (mark !== OPEN) return { ...base, points: null, bonus: 0, clauses: [CLOSED[mark]] };
  if (!fits) return { ...base, points: null, bonus: 0, clauses: qualifyClauses(category, counts, rules, fits) };
  const total = points(category, counts, table, first);
  const bonus = total - points(category, counts, table, false);
  const clauses = ["D-SHEET-2", ...qualifyClauses(category, counts, rules, fits), POINTS[category] ?? "D-SCORE-1"];
  return { ...base, points: total, bonus, clauses: bonus ? [...clauses, "D-FIRST-1"] : clauses };
}

/** D-FIRST-2: the first roll of the turn, or (option first-roll) a re-roll of all five. */
const isFirst = (roll, allFive, rules) => roll === 1 || (rules.firstRollAllFive && allFive);

/** The clause of an automatic win by this roll (D-FIRST-3), of its refusal when Generala is
 * scratched (D-FIRST-4), or null when the question does not arise. */
function autoWin(counts, first, rules, generala) {
  if (!first || Math.max(...counts) !== 5) return null;
  if (rules.autoWin === "unless-scratched") return generala === SCRATCHED ? "D-FIRST-4" : "D-FIRST-3";
  if (rules.autoWin === "generala-open" && generala === OPEN) return "D-FIRST-3";
  return null;
}

/** The scorer's answer; throws a Refusal or a GeneralaError for a question it cannot answer. */
export function answer(doc, dice, roll, allFive, sheet, profile, overrides) {
  const rules = diceRules(doc, profile, overrides);
  if (dice.length !== 5 || dice.some((d) => !Number.isInteger(d) || d < 1 || d > 6)) {
    throw new Refusal("bad-dice", `a roll is five dice from 1 to 6 (D-PLAY-3), not [${dice.join(", ")}]`);
  }
  if (!(roll >= 1 && roll <= rules.maxRolls)) {
    throw new Refusal("bad-roll", `a turn has at most ${rules.maxRolls} rolls under these rules (D-TURN-3)`);
  }
  for (const [name, mark] of Object.entries(sheet)) {
    if (!CATEGORIES.includes(name)) throw new Refusal("bad-sheet", `'${name}' is not a valid Category`);
    if (!MARKS.includes(mark)) throw new Refusal("bad-sheet", `${JSON.stringify(mark)} is not a valid Mark`);
  }
  const counts = countsOf(dice);
  const rowsUnder = (chosen) => {
    const first = isFirst(roll, allFive, chosen);
    return chosen.categories.map((c) => row(doc, c, counts, chosen, first, sheet));
  };
  const pointsOf = (rows) => Object.fromEntries(rows.map((r) => [r.category, r.points]));
  const first = isFirst(roll, allFive, rules);
  const rows = rowsUnder(rules);
  const byProfile = Object.fromEntries(Object.keys(doc.profiles).map((name) =>
    [name, pointsOf(rowsUnder(diceRules(doc, name)))]));
  const variations = [];
  for (const [name, option] of Object.entries(doc.options)) {
    for (const value of option.values) {
      if (value === rules.options[name]) continue;
      const other = pointsOf(rowsUnder(diceRules(doc, profile, { ...overrides, [name]: value })));
      const changes = {};
      for (const r of rows) {
        if ((other[r.category] ?? null) !== r.points) changes[r.category] = [r.points, other[r.category] ?? null];
      }
      for (const [c, p] of Object.entries(other)) if (!rows.some((r) => r.category === c)) changes[c] = [null, p];
      if (Object.keys(changes).length) variations.push({ option: name, value, ambiguity: option.ambiguity, changes });
    }
  }
  return {
    dice: [...dice].sort((a, b) => a - b),
    roll,
    max_rolls: rules.maxRolls,
    first,
    first_clause: "D-FIRST-2",
    auto_win: autoWin(counts, first, rules, sheet.generala ?? OPEN),
    profile,
    rules: { ...rules.options },
    rows,
    profiles: byProfile,
    variations,
  };
}

/** The dice of a text such as "3 3 3 5 5" (or "3,3,3,5,5"); a word is bad-dice. */
function diceText(text) {
  const parts = String(text).replaceAll(",", " ").trim().split(/\s+/).filter(Boolean);
  if (!parts.every((part) => /^[+-]?[0-9]+$/.test(part))) {
    throw new Refusal("bad-dice", `invalid literal for int() with base 10: ${JSON.stringify(text)}`);
  }
  return parts.map(Number);
}

/** What the roll `dice` (text), the `roll`-th of its turn (`allFive`: every die was thrown), scores on
 * `sheet` (category -> open, scored or scratched; one left out is open) under `profile` and
 * `overrides`: {ok: true, answer}, or {ok: false, code, message}. */
export function score(doc, dice, roll, allFive, sheet = {}, profile = "default", overrides = {}) {
  try {
    return { ok: true, answer: answer(doc, diceText(dice), Number(roll), Boolean(allFive), sheet, profile, overrides) };
  } catch (error) {
    if (error instanceof Refusal || error instanceof GeneralaError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** An event as the page tells it: its JSON and its clauses. */
function told(event) {
  let clauses;
  if (event.type === "rolled") {
    clauses = event.roll === 1 ? ["D-TURN-1"] : ["D-TURN-2"];
    if (event.first && event.roll > 1) clauses.push("D-FIRST-2");
  } else if (event.type === "scored") {
    clauses = ["D-SHEET-2", QUALIFY[event.category] ?? "D-CAT-1", POINTS[event.category] ?? "D-SCORE-1"];
    if (event.bonus) clauses.push("D-FIRST-1");
  } else if (event.type === "scratched") {
    clauses = ["D-SHEET-3"];
  } else if (event.type === "auto-win") {
    clauses = ["D-FIRST-3", "D-FIRST-5"];
  } else {
    clauses = event.automatic ? ["D-END-3"] : ["D-END-1", "D-END-2"];
  }
  return { ...event, clauses };
}

/** A game of `players` (two or more) in which P1 is a person and the others computer players, the
 * dice thrown from `seed`, under `profile`. A computer player scores its first roll in the open
 * category worth the most points (the first such in sheet order), or scratches the first open
 * category (Ones first) when none qualifies. */
export class DiceLesson {
  constructor(doc, players, seed, profile = "default") {
    this.rules = diceRules(doc, profile);
    this.doc = doc;
    this.game = new DiceGame(doc, players, new SeededDice(seed), this.rules);
    this.events = [];
    this.botsPlay();
  }

  /** Play `action`; a re-roll's event also tells the dice kept. */
  applyAction(action) {
    for (const event of this.game.apply(action)) {
      const line = told(event);
      if (action.kind === "reroll" && event.type === "rolled") line.kept = diceOf(action.keep);
      this.events.push(line);
    }
  }

  botsPlay() {
    const game = this.game;
    while (!game.isOver() && game.currentPlayer !== 0) {
      const actions = game.legalActions();
      if (game.roll === null) {
        this.applyAction(actions[0]);
        continue;
      }
      let best = null;
      let most = -Infinity;
      for (const action of actions.filter((a) => a.kind === "score")) {
        const worth = points(action.category, game.roll, game.table, game.first);
        if (worth > most) [best, most] = [action, worth];
      }
      this.applyAction(best ?? actions.find((a) => a.kind === "scratch"));
    }
  }

  /** The person plays `action` ("roll", "reroll 4 4", "score fours", "scratch generala"), then the
   * computer players until it is his turn again: the new state, or {ok: false, code, message}. */
  play(action) {
    try {
      if (this.game.isOver() || this.game.currentPlayer !== 0) throw new Refusal("not-your-turn", "it is not P1's turn");
      this.applyAction(parseAction(action));
    } catch (error) {
      if (error instanceof Refusal || error instanceof GeneralaError) return { ok: false, code: error.code, message: error.message };
      throw error;
    }
    this.botsPlay();
    return this.state();
  }

  /** The table as the page draws it: the dice, the sheets, the person's legal actions (each score with
   * its points and clauses) and every event so far. */
  state() {
    const game = this.game;
    const snap = game.snapshot();
    const yours = !game.isOver() && game.currentPlayer === 0;
    const choices = [];
    if (yours && snap.dice !== null) {
      const counts = countsOf(snap.dice);
      const sheet = Object.fromEntries(game.categories.map((c) => [c, game.mark(0, c)]));
      for (const action of game.legalActions()) {
        if (action.kind === "score") {
          const scored = row(this.doc, action.category, counts, this.rules, snap["first-roll"], sheet);
          choices.push({ action: formatAction(action), kind: "score", ...scored });
        } else if (action.kind === "scratch") {
          choices.push({ action: formatAction(action), kind: "scratch", category: action.category });
        }
      }
    }
    return {
      ok: true,
      players: snap.players,
      round: snap.round,
      rolls: snap.rolls,
      max_rolls: this.rules.maxRolls,
      dice: snap.dice,
      first: snap["first-roll"],
      player: snap.over ? null : snap.player,
      categories: [...game.categories],
      sheets: snap.sheets,
      totals: snap.totals,
      over: snap.over,
      winners: snap.winners,
      can_reroll: yours && snap.dice !== null && snap.rolls < this.rules.maxRolls,
      choices,
      events: this.events.map((event) => ({ ...event })),
    };
  }
}

/** What the pages need to draw their forms: the categories, the rule options and the profiles. */
export function start(doc) {
  return {
    categories: [...CATEGORIES],
    options: Object.fromEntries(Object.entries(doc.options).map(([name, o]) => [name, { values: [...o.values], default: o.default }])),
    profiles: Object.keys(doc.profiles),
  };
}
