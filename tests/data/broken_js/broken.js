'use strict';
// A deliberately broken variant of an example engine, for the tests that compare
// the transcript runners' verdicts with check's (tests/e2e/test_transcripts_node.py):
//   node broken.js ENGINE.js MODE
// runs the engine's own `reply` and spoils some replies, per MODE (each breaks
// what another kind of comparison checks):
//   legal-and-codes (cards): `legal` never offers `decline`; `must-follow-suit` refusals say `off-suit-card`;
//   out-of-play (cards): the snapshot's `out_of_play` loses its last card;
//   lead-why (cards): every `lead` event says `why: "winner"`;
//   accepts-out-of-turn (cards): a move refused `not-your-turn` is answered `ok`, no events (nothing changes);
//   full-house (dice): Full House scores one point more, in `score` replies and in `scored` events;
//   first-roll (dice): the snapshot's `first-roll` is the opposite;
//   closed-codes (dice): `category-closed` refusals say `does-not-qualify`.
//   no-actions (dice): a `legal` reply's result has no `actions` (a malformed reply: an error, not a failure);
//   crashes-on-five (dice): the process exits on a `score` of five of a kind (the circuit breaker opens).
// and the wrong types that Python's == let pass (issue 42), each a malformed reply (an error) under both:
//   boolean-points (dice): 1 point and player 0 written `true` and `false` (in `score` replies and events);
//   fraction-points (dice): every `points` written with a fraction (`25.0`);
//   unknown-category (dice): every `score` reply also scores `sevens`;
//   boolean-seats (cards): player 0 of every event written `false`.
const readline = require('node:readline');
const path = require('node:path');

const [enginePath, mode] = process.argv.slice(2);
const engine = require(path.resolve(enginePath));

const events = (request, out) => (out.ok && request.cmd === 'apply' ? out.result.events : []);
const state = (request, out) => (out.ok && (request.cmd === 'state' || request.cmd === 'start') ? out.result.state : null);

const TEXT = { 'fraction-points': (line) => line.replace(/"points":(\d+)/g, '"points":$1.0') };
/** The spoilt reply's text, for the modes that spoil the JSON itself. */
const written = (out) => (TEXT[mode] || ((line) => line))(JSON.stringify(out));

const SPOIL = {
  'boolean-points': (request, out) => {
    const scores = out.ok && request.cmd === 'score' ? out.result.scores : null;
    for (const category of Object.keys(scores || {})) if (scores[category] === 1) scores[category] = true;
    for (const event of events(request, out)) if (event.player === 0) event.player = false;
    return out;
  },
  'fraction-points': (request, out) => out,
  'unknown-category': (request, out) => {
    if (out.ok && request.cmd === 'score') out.result.scores.sevens = 7;
    return out;
  },
  'boolean-seats': (request, out) => {
    for (const event of events(request, out)) if (event.player === 0) event.player = false;
    return out;
  },
  'no-actions': (request, out) => {
    if (out.ok && request.cmd === 'legal') out.result = {};
    return out;
  },
  'crashes-on-five': (request, out) => {
    if (request.cmd === 'score' && Array.isArray(request.dice) && new Set(request.dice).size === 1) process.exit(3);
    return out;
  },
  'legal-and-codes': (request, out) => {
    if (out.ok && request.cmd === 'legal') out.result.actions = out.result.actions.filter((a) => a !== 'decline');
    if (!out.ok && out.error.code === 'must-follow-suit') out.error.code = 'off-suit-card';
    return out;
  },
  'out-of-play': (request, out) => {
    const snapshot = state(request, out);
    if (snapshot && snapshot.out_of_play.length > 0) snapshot.out_of_play.pop();
    return out;
  },
  'lead-why': (request, out) => {
    for (const event of events(request, out)) if (event.type === 'lead') event.why = 'winner';
    return out;
  },
  'accepts-out-of-turn': (request, out) =>
    !out.ok && out.error.code === 'not-your-turn' ? { id: out.id, ok: true, result: { events: [] } } : out,
  'full-house': (request, out) => {
    const scores = out.ok && request.cmd === 'score' ? out.result.scores : null;
    if (scores && typeof scores['full-house'] === 'number') scores['full-house'] += 1;
    for (const event of events(request, out)) {
      if (event.type === 'scored' && event.category === 'full-house') event.points += 1;
    }
    return out;
  },
  'first-roll': (request, out) => {
    const snapshot = state(request, out);
    if (snapshot) snapshot['first-roll'] = !snapshot['first-roll'];
    return out;
  },
  'closed-codes': (request, out) => {
    if (!out.ok && out.error.code === 'category-closed') out.error.code = 'does-not-qualify';
    return out;
  },
};
if (!(mode in SPOIL)) throw new Error(`unknown mode ${mode}; one of ${Object.keys(SPOIL).join(', ')}`);

const session = new engine.Session();
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  let request = {};
  try {
    request = JSON.parse(line);
  } catch (e) {
    // the engine answers it
  }
  if (request.cmd === 'quit') {
    lines.close();
    process.stdout.write(`${JSON.stringify({ id: request.id, ok: true, result: {} })}\n`, () => process.exit(0));
    return;
  }
  const out = SPOIL[mode](request, engine.reply(session, line));
  process.stdout.write(`${written(out)}\n`);
});
