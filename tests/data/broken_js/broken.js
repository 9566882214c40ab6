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
const readline = require('node:readline');
const path = require('node:path');

const [enginePath, mode] = process.argv.slice(2);
const engine = require(path.resolve(enginePath));

const events = (request, out) => (out.ok && request.cmd === 'apply' ? out.result.events : []);
const state = (request, out) => (out.ok && (request.cmd === 'state' || request.cmd === 'start') ? out.result.state : null);

const SPOIL = {
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
  process.stdout.write(`${JSON.stringify(out)}\n`);
});
