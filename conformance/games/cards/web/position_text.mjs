// A position for explain, written as a person would (a port of the short text form of
// conformance/games/cards/arbiter/position_text.py): `|`-separated parts, each NAME: VALUE —
// P1 … P10 hands, leader, trick, forced, taking, dealt, went_out, profile, rules.
import { pyRepr } from "./errors.mjs";
import { NotationError, card, cards, parseAction, seat } from "./notation.mjs";

const PART = /^\s*([A-Za-z_][\p{L}\p{N}_-]*)\s*:\s*([\s\S]*?)\s*$/u;
const KEYS = ["players", "leader", "trick", "forced", "taking", "dealt", "went_out", "profile", "rules"];

/** A position that cannot be read; the message names the part, token or field. */
export class PositionError extends Error {
  constructor(message, code = "bad-position-text") {
    super(message);
    this.code = code;
  }
}

/** What explain is asked: a position, the rules to play it under, and moves. */
export const question = (position, profile = "default", rules = {}, moves = []) => ({ position, profile, rules, moves });

function parse(where, fn, value) {
  try {
    return fn(value);
  } catch (error) {
    if (error instanceof NotationError) throw new PositionError(`${where}: ${error.message}`);
    throw error;
  }
}

function partition(text, sep) {
  const at = text.indexOf(sep);
  return at < 0 ? [text, "", ""] : [text.slice(0, at), sep, text.slice(at + sep.length)];
}

function rulesOf(where, text) {
  const found = {};
  for (const item of text.split(/[,\s]+(?=[\p{L}\p{N}_-]+=)/u).filter((p) => p.trim()).map((p) => p.trim())) {
    const [name, sep, value] = partition(item, "=");
    if (!sep || !name.trim() || !value.trim()) {
      throw new PositionError(`${where}: ${pyRepr(item)} is not option=value (e.g. tie-break=any-nearest)`);
    }
    found[name.trim()] = value.trim().replace(/,+$/, "");
  }
  return found;
}

function trickOf(where, text) {
  return text.split(",").filter((p) => p.trim()).map((p) => parse(where, parseAction, p.trim()))
    .map(([s, c]) => ({ player: s, card: c }));
}

/** The question of a position in the short text form. */
export function parseText(text) {
  const hands = new Map();
  const given = {};
  const first = {};
  text.split("|").forEach((part, index) => {
    const number = index + 1;
    if (!part.trim()) return;
    const match = PART.exec(part);
    if (!match) {
      throw new PositionError(`part ${number} ${pyRepr(part.trim())}: write NAME: VALUE (e.g. 'P1: JK 2C', 'leader: P2')`);
    }
    const [, name, value] = match;
    const lower = name.toLowerCase();
    if (Object.hasOwn(first, lower)) {
      throw new PositionError(`part ${number}: ${name} is given twice (parts ${first[lower]} and ${number}): give it once`,
        "part-given-twice");
    }
    first[lower] = number;
    if (/^[Pp]\p{Nd}+$/u.test(name)) {
      const s = parse(`part ${number} (${name})`, seat, name.toUpperCase());
      hands.set(s, parse(`hand of ${name.toUpperCase()}`, cards, value.replaceAll("-", " ")));
    } else if (KEYS.includes(lower)) given[lower] = value;
    else throw new PositionError(`part ${number}: unknown name ${pyRepr(name)} (P1…P10, ${KEYS.join(", ")})`);
  });
  if (!hands.size) throw new PositionError("no hand given: write e.g. 'P1: JK 2C | P2: 5H 9S'");
  const players = playersOf(given.players ?? null, Math.max(...hands.keys()) + 1);
  const position = { players, hands: Array.from({ length: players }, (_, s) => hands.get(s) ?? []) };
  position.leader = parse("leader", seat, given.leader ?? "P1");
  position.trick = trickOf("trick", given.trick ?? "");
  if ("forced" in given) position.forced = parse("forced", card, given.forced);
  if ("taking" in given) position.taking = parse("taking", seat, given.taking);
  if ("dealt" in given) position.dealt = playersOf(given.dealt, players, "dealt");
  if ("went_out" in given) {
    position.went_out = given.went_out.replaceAll(",", " ").split(/\s+/u).filter(Boolean).map((p) => parse("went_out", seat, p));
  }
  checkSeats(position, hands);
  const rules = "rules" in given ? rulesOf("rules", given.rules) : {};
  return question(position, (given.profile ?? "default").trim(), rules);
}

/** Every seat named is one of the game's players. */
function checkSeats(position, hands) {
  const n = position.players;
  const named = [["leader", position.leader], ["taking", position.taking ?? null],
    ...position.trick.map((t) => ["trick", t.player]), ...(position.went_out ?? []).map((s) => ["went_out", s]),
    ...[...hands.keys()].map((s) => [`P${s + 1}`, s])];
  for (const [name, s] of named) {
    if (s !== null && s >= n) throw new PositionError(`${name}: P${s + 1} is not a seat of a ${n}-player game`);
  }
}

function playersOf(text, fallback, name = "players") {
  if (text === null) return fallback;
  if (!/^[0-9]{1,2}$/.test(text.trim())) {
    throw new PositionError(`${name}: ${pyRepr([...text].slice(0, 40).join(""))} is not a number of players (2 to 10)`);
  }
  return Number(text.trim());
}

/** Moves P3 KH, P1 decline, P1 take KH (also several in one text, comma-separated). */
export function parseMoves(texts, where = "moves") {
  const found = [];
  for (const text of texts) {
    for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
      found.push(parse(`${where}: ${pyRepr(part)}`, parseAction, part));
    }
  }
  return found;
}
