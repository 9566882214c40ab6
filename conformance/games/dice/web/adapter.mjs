// The dice engine behind the kit's JSON-lines protocol (docs/protocol.md,
// docs/dice-contract.md), at both levels: a port of
// generala_conformance/games/dice/reference_adapter.py. `reply(session, request)` answers
// one request object; serve.mjs reads and writes the lines.
import { GeneralaError, IllegalAction, InvalidInput, InvalidPosition } from "./errors.mjs";
import { DiceGame } from "./game.mjs";
import { countsOf, formatAction, parseAction } from "./rolls.mjs";
import { diceRules, pointTable } from "./rules.mjs";
import { OPEN, scoreRoll, winsAutomatically } from "./scoring.mjs";

export const LEVELS = ["scoring", "game"];
/** The most players the protocol seats ($defs/setup of dice-protocol.schema.json). */
export const MAX_PLAYERS = 10;
const MARKS = ["open", "scored", "scratched"];

/** A refused request: `kind` is illegal, bad-request or unsupported; `code` names the fault. */
export class Refusal extends Error {
  constructor(kind, code, message) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

const badRequest = (code, message) => new Refusal("bad-request", code, message);
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const shown = (value) => JSON.stringify(value) ?? String(value);

/** The dice values one roll or reread request carries (D-PLAY-3): a throw of exactly as many
 * dice, once; anything else is bad-dice with nothing consumed. */
class CarriedDice {
  constructor() {
    this.values = null;
  }

  throw(n) {
    const values = this.values;
    if (!Array.isArray(values) || values.some((v) => !Number.isInteger(v) || v < 1 || v > 6)) {
      throw new InvalidPosition("bad-dice", `dice must be a list of whole numbers 1-6, not ${shown(values)}`);
    }
    if (values.length !== n) {
      throw new InvalidPosition("bad-dice", `this roll throws ${n} dice, not the ${values.length} values given`);
    }
    this.values = null;
    return [...values];
  }
}

/** The rules of a request's `profile` and `rules` (bad-setup on a wrong type). */
export function requestRules(doc, fields, where) {
  const profile = fields.profile ?? "default";
  const rules = fields.rules ?? {};
  if (typeof profile !== "string") throw badRequest("bad-setup", `${where}profile must be a profile name, not ${shown(profile)}`);
  if (!isObject(rules) || !Object.values(rules).every((v) => typeof v === "string")) {
    throw badRequest("bad-setup", `${where}rules must be an object of option names to value names`);
  }
  try {
    return diceRules(doc, profile, rules);
  } catch (error) {
    if (error instanceof GeneralaError) throw badRequest(error.code, error.detail);
    throw error;
  }
}

/** The marks of a score request: category -> open/scored/scratched (a category not named is open). */
function readMarks(marks, rules) {
  if (!isObject(marks)) throw badRequest("bad-roll", `marks must be an object of category names to marks, not ${shown(marks)}`);
  const found = Object.fromEntries(rules.categories.map((c) => [c, OPEN]));
  for (const [name, mark] of Object.entries(marks)) {
    if (!rules.categories.includes(name) || !MARKS.includes(mark)) {
      throw badRequest("bad-roll", `marks['${name}'] = ${shown(mark)}: a category (${rules.categories.join(", ")}) -> open/scored/scratched`);
    }
    found[name] = mark;
  }
  return found;
}

/** The reply to a scoring-level `score` request: the points of each open category (null where the
 * roll does not qualify) and whether it wins at once (D-FIRST-2, D-FIRST-3). */
export function scoreRequest(doc, request) {
  const rules = requestRules(doc, request, "");
  const { dice, roll, thrown } = request;
  if (!Array.isArray(dice) || dice.length !== 5) throw badRequest("bad-roll", `dice must be the five dice of the roll, not ${shown(dice)}`);
  if (!Number.isInteger(roll) || roll < 1 || !Number.isInteger(thrown) || thrown < 1 || thrown > 5) {
    throw badRequest("bad-roll", `roll must be 1 or more and thrown 1-5, not ${shown(roll)} and ${shown(thrown)}`);
  }
  let counts;
  try {
    counts = countsOf(dice);
  } catch (error) {
    if (error instanceof InvalidInput) throw badRequest("bad-roll", error.detail);
    throw error;
  }
  const marks = readMarks(request.marks ?? {}, rules);
  const first = roll === 1 || (rules.firstRollAllFive && thrown === 5); // D-FIRST-2
  const scores = scoreRoll(counts, rules, pointTable(doc, rules), first, marks.generala);
  return {
    scores: Object.fromEntries(Object.entries(scores).filter(([c]) => marks[c] === OPEN)),
    wins: first && winsAutomatically(counts, rules, marks.generala, marks["double-generala"] ?? OPEN),
  };
}

/** One implementation session: the game it holds (or none). */
export class Session {
  constructor(doc, name = "generala-kit dice web", version = "1") {
    this.doc = doc;
    this.name = name;
    this.version = version;
    this.game = null;
    this.carried = new CarriedDice();
  }

  hello(request) {
    if (request.protocol !== 1) {
      throw new Refusal("unsupported", "unsupported-protocol", `protocol ${shown(request.protocol)}: this engine speaks protocol 1`);
    }
    return {
      name: this.name,
      version: this.version,
      language: "javascript",
      protocol: 1,
      game: "dice",
      levels: [...LEVELS],
      options: Object.fromEntries(Object.entries(this.doc.options).map(([name, o]) => [name, [...o.values]])),
      reason_codes: true,
      one_player_games: true,
    };
  }

  start(setup) {
    this.game = null; // a refused start leaves no game
    if (!isObject(setup)) throw badRequest("bad-setup", `setup must be an object, not ${shown(setup)}`);
    const players = setup.players;
    if (!Number.isInteger(players)) throw badRequest("bad-setup", `setup.players must be an integer, not ${shown(players)}`);
    if (players < 1 || players > MAX_PLAYERS) {
      throw badRequest("bad-players", `a game has 1 to ${MAX_PLAYERS} players (D-PLAY-1), not ${players}`);
    }
    const rules = requestRules(this.doc, setup, "setup.");
    this.game = new DiceGame(this.doc, players, this.carried, rules);
    return { state: this.game.snapshot() };
  }

  requireGame() {
    if (this.game === null) throw badRequest("no-game", "no game has been started");
    return this.game;
  }

  apply(action, player, dice) {
    const game = this.requireGame();
    if (player != null && (!Number.isInteger(player) || player < 0 || player >= game.players)) {
      throw badRequest("bad-player", `player must be 0..${game.players - 1}, not ${shown(player)}`);
    }
    let parsed;
    try {
      parsed = parseAction(action);
    } catch (error) {
      if (error instanceof InvalidInput) throw new Refusal("illegal", "bad-action", error.detail);
      throw error;
    }
    if (game.isOver()) throw new Refusal("illegal", "game-over", "the game is over");
    if (player != null && player !== game.currentPlayer) {
      throw new Refusal("illegal", "not-your-turn", `it is player ${game.currentPlayer}'s turn, not ${player}'s (D-PLAY-2)`);
    }
    this.carried.values = parsed.kind === "roll" || parsed.kind === "reroll" ? dice : null;
    try {
      return game.apply(parsed);
    } catch (error) {
      if (error instanceof IllegalAction || error instanceof InvalidInput) throw new Refusal("illegal", error.code, error.detail);
      if (error instanceof InvalidPosition) throw badRequest(error.code, error.detail);
      throw error;
    }
  }

  /** A batch step: its events or its refusal, then the state and the legal actions after it. */
  batchStep(step) {
    if (!isObject(step) || step.cmd !== "apply") throw badRequest("bad-request", "a batch step is an apply");
    let result;
    try {
      result = { ok: true, events: this.apply(step.action, step.player, step.dice) };
    } catch (error) {
      if (!(error instanceof Refusal) || error.kind !== "illegal") throw error;
      result = { ok: false, error: { kind: "illegal", code: error.code, message: error.message } };
    }
    return { ...result, state: this.game.snapshot(), actions: this.game.legalActions().map(formatAction) };
  }

  /** The result of one request (an object), or a Refusal thrown. */
  handle(request) {
    switch (request.cmd) {
      case "hello": return this.hello(request);
      case "score": return scoreRequest(this.doc, request);
      case "start": return this.start(request.setup);
      case "legal": return { actions: this.requireGame().legalActions().map(formatAction) };
      case "apply": return { events: this.apply(request.action, request.player, request.dice) };
      case "state": return { state: this.requireGame().snapshot() };
      case "batch":
        this.requireGame();
        if (!Array.isArray(request.steps)) throw badRequest("bad-request", "batch: steps must be a list");
        return { results: request.steps.map((step) => this.batchStep(step)) };
      case "quit": return {};
      default: throw new Refusal("unsupported", "unknown-command", `unknown command: ${shown(request.cmd)}`);
    }
  }
}

/** One request object in, one reply object out. */
export function reply(session, request) {
  if (!isObject(request) || !Number.isInteger(request.id) || request.id < 0) {
    return { id: null, ok: false, error: { kind: "bad-request", code: "bad-request", message: "a request is a JSON object with an integer id" } };
  }
  try {
    return { id: request.id, ok: true, result: session.handle(request) };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { id: request.id, ok: false, error: { kind: error.kind, code: error.code, message: error.message } };
  }
}
