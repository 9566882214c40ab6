'use strict';
// The card engine against the suite's transcripts (docs/transcripts.md):
//   generala-kit export --game cards --out /tmp/cards
//   GENERALA_TRANSCRIPTS=/tmp/cards node --test examples/javascript/transcripts.test.js
const path = require('node:path');
const { transcriptTests } = require('../transcripts-node/transcripts.js');

transcriptTests([process.execPath, path.join(__dirname, 'engine.js')]);
