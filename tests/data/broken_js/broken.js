'use strict';
// A deliberately broken variant of an example engine, for the tests that compare
// the transcript runners' verdicts with check's (tests/e2e/test_transcripts_node.py):
//   node broken.js ENGINE.js MODE
// runs the engine's own `reply` and spoils some replies, per MODE:
//   cards: `legal` never offers `decline`, and `must-follow-suit` refusals say `off-suit-card`;
//   dice: Full House scores one point more, in `score` replies and in `scored` events.
const readline = require('node:readline');
const path = require('node:path');

const [enginePath, mode] = process.argv.slice(2);
const engine = require(path.resolve(enginePath));

function spoil(request, out) {
  if (mode === 'cards') {
    if (out.ok && request.cmd === 'legal') out.result.actions = out.result.actions.filter((a) => a !== 'decline');
    if (!out.ok && out.error.code === 'must-follow-suit') out.error.code = 'off-suit-card';
  } else if (mode === 'dice') {
    const scores = out.ok && request.cmd === 'score' ? out.result.scores : null;
    if (scores && typeof scores['full-house'] === 'number') scores['full-house'] += 1;
    for (const event of out.ok && request.cmd === 'apply' ? out.result.events : []) {
      if (event.type === 'scored' && event.category === 'full-house') event.points += 1;
    }
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  return out;
}

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
  const out = spoil(request, engine.reply(session, line));
  process.stdout.write(`${JSON.stringify(out)}\n`);
});
