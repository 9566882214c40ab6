#!/usr/bin/env node
// An independent engine of Generala, the dice game, in JavaScript (Node.js 20,
// no dependencies), speaking the generala-kit dice protocol (version 1) at both
// levels: `score` (the scoring level) and whole games (the game level).
//
// Written from spec/dice/RULES.md (clause IDs D-...), docs/protocol.md and
// docs/dice-contract.md; the rules are in rules.js, this file is the protocol.
// One request per line on stdin, one reply per line on stdout.
//
//   generala-kit check --game dice --adapter-cmd "node examples/javascript-dice/engine.js"
'use strict';

const readline = require('readline');
const R = require('./rules');

const MARKS = ['open', 'scored', 'scratched'];
const MAX_PLAYERS = 10;

const badRequest = (code, message) => new R.RuleError('bad-request', code, message);
const unsupported = (message) => new R.RuleError('unsupported', undefined, message);

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rules of a request: `rules` an object of strings, `profile` a string (bad-setup otherwise). */
function requestRules(rules, profile, code) {
  if (rules === undefined) rules = {};
  if (!isObject(rules) || !Object.values(rules).every((v) => typeof v === 'string')) {
    throw badRequest(code, 'rules must be an object of strings');
  }
  if (profile === undefined) profile = 'default';
  if (typeof profile !== 'string') throw badRequest(code, 'profile must be a string');
  return R.resolveRules(profile, rules);
}

// ---------------------------------------------------------------------------
// The scoring level: `score`
// ---------------------------------------------------------------------------

/** The marks of a `score` request: category -> open / scored / scratched, unnamed ones open. */
function requestMarks(marks, categories) {
  if (marks === undefined) marks = {};
  if (!isObject(marks)) throw badRequest('bad-roll', 'marks must be an object');
  const sheet = Object.fromEntries(categories.map((c) => [c, 'open']));
  for (const [category, mark] of Object.entries(marks)) {
    if (!categories.includes(category)) throw badRequest('bad-roll', `marks: no category ${JSON.stringify(category)}`);
    if (!MARKS.includes(mark)) throw badRequest('bad-roll', `marks: ${category} is ${JSON.stringify(mark)}, not open, scored or scratched`);
    sheet[category] = mark;
  }
  return sheet;
}

/** `score`: for each open category the points of the roll there or null, and whether it wins at once. */
function scoreRequest(req) {
  const { dice, roll } = req;
  if (!Array.isArray(dice) || dice.length !== 5 || !dice.every(R.isDie)) {
    throw badRequest('bad-roll', 'dice must be five whole numbers 1-6');
  }
  if (!Number.isInteger(roll) || roll < 1) throw badRequest('bad-roll', 'roll must be a whole number >= 1');
  const thrown = req.thrown === undefined && roll === 1 ? 5 : req.thrown;
  if (!Number.isInteger(thrown) || thrown < 1 || thrown > 5) {
    throw badRequest('bad-roll', 'thrown must be a whole number 1-5');
  }
  const rules = requestRules(req.rules, req.profile, 'bad-roll');
  const marks = requestMarks(req.marks, R.sheetCategories(rules));
  const counts = R.countsOf(dice);
  const firstRoll = R.isFirstRoll(roll, thrown, rules);
  const scores = {};
  for (const [category, mark] of Object.entries(marks)) {
    if (mark !== 'open') continue;
    scores[category] = R.qualifies(category, counts, rules, marks.generala) ? R.points(category, counts, rules, firstRoll) : null;
  }
  const double = marks['double-generala'] ?? 'open';
  return { scores, wins: R.winsAutomatically(counts, firstRoll, marks.generala, rules, double) };
}

// ---------------------------------------------------------------------------
// The game level: a session holds one game
// ---------------------------------------------------------------------------

/** The state snapshot (docs/dice-contract.md, "State snapshot"). */
function snapshot(g) {
  return {
    players: g.sheets.length,
    rules: { ...g.rules },
    round: g.round,
    player: g.toMove,
    rolls: g.rollsMade,
    dice: g.dice === null ? null : [...g.dice],
    'first-roll': g.firstRoll,
    sheets: g.sheets.map((sheet) => Object.fromEntries(Object.entries(sheet).map(([c, e]) => [c, { ...e }]))),
    totals: g.sheets.map((_, p) => R.total(g, p)),
    'pending-winners': [...g.autoWinners],
    winners: g.over ? [...g.winners] : null,
    over: g.over,
  };
}

/** The dice a `roll` or `reroll` throws, from the request: exactly n whole numbers 1-6 (bad-dice otherwise). */
function diceFrom(values) {
  return (n) => {
    if (!Array.isArray(values) || values.length !== n || !values.every(R.isDie)) {
      throw badRequest('bad-dice', `this throw needs dice: a list of ${n} whole numbers 1-6`);
    }
    return [...values];
  };
}

class Session {
  constructor() {
    this.game = null;
  }

  requireGame() {
    if (this.game === null) throw badRequest('no-game', 'no game: send start first');
    return this.game;
  }

  /** `start`: a new game of 1-10 players; a refused setup leaves no game. */
  start(setup) {
    this.game = null;
    if (!isObject(setup)) throw badRequest('bad-setup', 'setup must be an object');
    const { players } = setup;
    if (!Number.isInteger(players)) throw badRequest('bad-setup', 'setup.players must be an integer');
    if (players < 1 || players > MAX_PLAYERS) throw badRequest('bad-players', `players must be 1-${MAX_PLAYERS}, not ${players}`);
    const rules = requestRules(setup.rules, setup.profile, 'bad-setup');
    this.game = R.newGame(players, rules);
    return { state: snapshot(this.game) };
  }

  /** `apply`: the action of the player to move, with the dice it throws. */
  apply(action, player, dice) {
    const g = this.requireGame();
    if (player !== undefined && player !== null) {
      if (!Number.isInteger(player) || player < 0 || player >= g.sheets.length) {
        throw badRequest('bad-player', `player must be a player of the game (0-${g.sheets.length - 1})`);
      }
    }
    const parsed = R.parseAction(action);
    if (!g.over && player !== undefined && player !== null && player !== g.toMove) {
      throw new R.RuleError('illegal', 'not-your-turn', `it is player ${g.toMove}'s turn, not ${player}'s`);
    }
    return R.applyAction(g, parsed, diceFrom(dice));
  }
}

/** A step of a batch: its events or its refusal, then the state and the legal actions after it. */
function batchStep(session, step) {
  if (!isObject(step) || step.cmd !== 'apply') throw badRequest('bad-request', 'a batch step is an apply');
  let result;
  try {
    result = { ok: true, events: session.apply(step.action, step.player, step.dice) };
  } catch (e) {
    if (!(e instanceof R.RuleError) || e.kind !== 'illegal') throw e;
    result = { ok: false, error: { kind: 'illegal', code: e.code, message: e.message } };
  }
  result.state = snapshot(session.game);
  result.actions = R.legalActions(session.game);
  return result;
}

const QUIT = Object.freeze({});

function handle(session, req) {
  switch (req.cmd) {
    case 'hello':
      if (req.protocol !== 1) throw unsupported(`protocol ${JSON.stringify(req.protocol)}: this engine speaks protocol 1`);
      return {
        name: 'generala-dice-js',
        version: '0.1.0',
        language: 'javascript',
        protocol: 1,
        game: 'dice',
        levels: ['scoring', 'game'],
        options: R.OPTIONS,
        reason_codes: true,
        one_player_games: true,
        batch: true,
      };
    case 'score':
      return scoreRequest(req);
    case 'start':
      return session.start(req.setup);
    case 'legal':
      return { actions: R.legalActions(session.requireGame()) };
    case 'apply':
      return { events: session.apply(req.action, req.player, req.dice) };
    case 'state':
      return { state: snapshot(session.requireGame()) };
    case 'batch':
      session.requireGame();
      if (!Array.isArray(req.steps)) throw badRequest('bad-request', 'batch: steps must be a list');
      return { results: req.steps.map((step) => batchStep(session, step)) };
    case 'quit':
      return QUIT;
    default:
      throw unsupported(`unknown command: ${JSON.stringify(req.cmd)}`);
  }
}

/** One request line in, one reply object out; a batch that fails as a whole changes nothing. */
function reply(session, line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return { id: null, ok: false, error: { kind: 'bad-request', code: 'bad-request', message: `not JSON: ${e.message}` } };
  }
  if (!isObject(req) || !Number.isInteger(req.id)) {
    const message = 'a request is a JSON object with an integer id';
    return { id: null, ok: false, error: { kind: 'bad-request', code: 'bad-request', message } };
  }
  const saved = req.cmd === 'batch' ? structuredClone(session.game) : undefined;
  try {
    return { id: req.id, ok: true, result: handle(session, req) };
  } catch (e) {
    if (saved !== undefined) session.game = saved;
    if (!(e instanceof R.RuleError)) {
      process.stderr.write(`internal error: ${e.stack}\n`);
      return { id: req.id, ok: false, error: { kind: 'bad-request', code: 'bad-request', message: `internal error: ${e.message}` } };
    }
    return { id: req.id, ok: false, error: { kind: e.kind, code: e.code, message: e.message } };
  }
}

function main() {
  const session = new Session();
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let quitting = false;
  rl.on('line', (line) => {
    if (quitting || line.trim() === '') return;
    const out = reply(session, line);
    const text = `${JSON.stringify(out)}\n`;
    if (out.ok && out.result === QUIT) {
      quitting = true;
      rl.close();
      process.stdout.write(text, () => process.exit(0));
    } else {
      process.stdout.write(text);
    }
  });
}

if (require.main === module) main();

module.exports = { Session, reply, scoreRequest };
