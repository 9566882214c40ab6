'use strict';
// The dice engine against the suite's transcripts (docs/transcripts.md):
//   generala-kit export --game dice --out /tmp/dice
//   GENERALA_TRANSCRIPTS=/tmp/dice node --test examples/javascript-dice/transcripts.test.js
const path = require('node:path');
const { transcriptTests } = require('../transcripts-node/transcripts.js');

transcriptTests([process.execPath, path.join(__dirname, 'engine.js')]);
