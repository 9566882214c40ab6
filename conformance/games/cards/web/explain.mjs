// Settle a concrete position by the rulebook (a port of
// conformance/games/cards/arbiter/explain.py): the legal and illegal moves of the player to
// move, the events of given moves with the clause and source sentences that decide each, and
// the outcome under every reading that changes it (spec/schemas/explain.schema.json).
import { DECLINE, JOKER_ACTION, TAKE_BASE, formatAction, parseAction } from "./actions.mjs";
import { applyDecided, legalClause, refusalClause } from "./decisions.mjs";
import { JOKER, iterCards } from "./deck.mjs";
import { GeneralaError, IllegalAction } from "./errors.mjs";
import { eventJson } from "./events.mjs";
import { TAKE } from "./game.mjs";
import { eventText, player } from "./notation.mjs";
import { fromPosition, snapshot } from "./position.mjs";
import { Rules, rulebook } from "./rules.mjs";

export const EXPLAIN_VERSION = 1;

/** A question that cannot be answered: bad rules or an impossible position (`code`). */
export class ExplainError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** A clause with its statement, source sentences and the ambiguity rulings it rests on. */
export function clauseRef(clauseId) {
  if (clauseId === null) return null;
  const clause = rulebook().clauses[clauseId];
  return { clause: clauseId, statement: clause.statement, sentences: [...clause.sentences],
    ambiguities: clause.ambiguities.map((a) => ({ ...a })) };
}

function rulesOf(question, profile = null, overrides = {}) {
  try {
    return Rules.of(profile || question.profile, { ...question.rules, ...overrides });
  } catch (error) {
    if (error instanceof GeneralaError) throw new ExplainError(error.code, error.message);
    throw error;
  }
}

/** The game of the position under `rules`: a forced first lead binds only under
 * first-lead: forced-last-dealt (R-LEAD-2, AMB-1). */
function startOf(question, rules) {
  const position = { ...question.position };
  if (rules.get("first-lead") !== "forced-last-dealt") delete position.forced;
  try {
    return fromPosition(position, rules);
  } catch (error) {
    if (error instanceof GeneralaError) throw new ExplainError(error.code, `the position is impossible: ${error.message}`);
    throw error;
  }
}

/** Every action worth asking about: each card of the hand, decline, (taking) each card of the
 * trick: take JK once, whichever Jokers fell. */
function candidates(game) {
  const hand = game.hands[game.toMove];
  const found = [...iterCards(hand).filter((c) => c < JOKER), ...(hand >> BigInt(JOKER) ? [JOKER_ACTION] : [])];
  if (game.phase === TAKE) {
    const inTrick = [...new Set(game.trick.map(([, c]) => Math.min(c, JOKER)))].sort((a, b) => a - b);
    return [...inTrick.map((c) => TAKE_BASE + c), ...found];
  }
  return game.trick.length ? [...found, DECLINE] : found;
}

/** The player to move, each legal action with the clause allowing it, and each other action
 * with the reason code and clause refusing it. */
export function choices(game) {
  if (game.isOver) return null;
  const legal = [];
  const illegal = [];
  const allowed = new Set(game.legalActions());
  for (const action of candidates(game)) {
    const text = formatAction(action);
    if (allowed.has(action)) {
      legal.push({ action: text, allowed_by: clauseRef(legalClause(game, action)) });
      continue;
    }
    try {
      game.copy().apply(action);
    } catch (refused) {
      if (!(refused instanceof IllegalAction)) throw refused;
      const clause = refusalClause(game, action, refused.code);
      illegal.push({ action: text, code: refused.code, message: refused.message, refused_by: clauseRef(clause) });
    }
  }
  return { player: game.toMove, phase: game.phase === TAKE ? "take" : "play", legal, illegal };
}

function eventOf(decided) {
  const event = eventJson(decided.event);
  return { event, text: eventText(event), why: decided.why, decided_by: clauseRef(decided.clause), also: [...decided.also] };
}

/** Play `moves` on `game`: each move with its events, and the first refused move. */
function playMoves(game, moves) {
  const played = [];
  for (const [s, action] of moves) {
    const label = `${player(s)} ${action}`;
    const code = parseAction(action);
    if (game.isOver) {
      return [played, { move: label, code: "game-over", message: "the game is over", refused_by: clauseRef("R-END-1") }];
    }
    const before = game.copy();
    let decided;
    try {
      decided = applyDecided(game, code, s);
    } catch (refused) {
      if (!(refused instanceof IllegalAction)) throw refused;
      const why = clauseRef(refusalClause(before, code, refused.code));
      return [played, { move: label, code: refused.code, message: refused.message, refused_by: why }];
    }
    played.push({ move: label, allowed_by: clauseRef(legalClause(before, code)), events: decided.map(eventOf) });
  }
  return [played, null];
}

/** What happens under `rules`: every event text of the moves, then the legal actions (or the refusal). */
function outcomeOf(question, rules) {
  let game;
  try {
    game = startOf(question, rules);
  } catch (error) {
    if (error instanceof ExplainError) return `the position is refused: ${error.message}`;
    throw error;
  }
  const [played, stopped] = playMoves(game, question.moves);
  const texts = played.flatMap((move) => move.events.map((e) => e.text));
  if (stopped !== null) return [...texts, `${stopped.move} refused (${stopped.code})`];
  const tail = game.isOver ? [] : ["legal " + game.legalActions().map(formatAction).join(" ")];
  return [...texts, ...tail];
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The outcome under each other reading that changes it: each other value of each option on top
 * of `rules`, then the profiles. A profile's ambiguities are those of its options that change
 * the outcome alone. */
export function readings(question, rules) {
  const base = outcomeOf(question, rules);
  const found = [];
  const deciders = new Set();
  for (const [name, option] of Object.entries(rulebook().options)) {
    for (const value of option.values) {
      const other = new Rules({ ...rules.options, [name]: value });
      const outcome = value !== rules.get(name) ? outcomeOf(question, other) : base;
      if (!same(outcome, base)) {
        deciders.add(name);
        const changed = { [name]: value };
        found.push({ reading: `${name}=${value}`, rules: changed, outcome, ambiguities: optionRulings(changed) });
      }
    }
  }
  for (const name of Object.keys(rulebook().profiles)) {
    const other = rulesOf(question, name);
    const outcome = outcomeOf(question, other);
    if (same(outcome, base)) continue;
    const changed = Object.fromEntries(Object.entries(other.options).filter(([k, v]) => rules.get(k) !== v));
    const deciding = Object.fromEntries(Object.entries(changed).filter(([k]) => deciders.has(k)));
    const chosen = Object.keys(deciding).length ? deciding : changed;
    found.push({ reading: `profile ${name}`, rules: changed, outcome, ambiguities: optionRulings(chosen) });
  }
  return found;
}

function optionRulings(changed) {
  const found = [];
  for (const entry of rulebook().ambiguities) {
    for (const decision of entry.decisions) {
      const option = decision.option;
      if (option !== null && Object.hasOwn(changed, option)) {
        const reading = decision.readings.find(([id]) => id === changed[option]);
        found.push({ id: entry.id, title: entry.title, option, ruling: decision.ruling, reading: changed[option],
          reading_text: reading ? reading[1] : "" });
      }
    }
  }
  return found;
}

/** The whole answer to `question` (spec/schemas/explain.schema.json). */
export function explain(question) {
  const rules = rulesOf(question);
  const game = startOf(question, rules);
  const before = choices(game);
  const table = snapshot(game);
  const [played, stopped] = playMoves(game, question.moves);
  return {
    kind: "generala-explain",
    version: EXPLAIN_VERSION,
    profile: question.profile,
    rules: { ...rules.options },
    position: question.position,
    table,
    choices: before,
    moves: played,
    stopped,
    after: question.moves.length ? { table: snapshot(game), choices: choices(game) } : null,
    readings: readings(question, rules),
  };
}
