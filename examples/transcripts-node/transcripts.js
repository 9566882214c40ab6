'use strict';
// A transcript runner for node:test, written from docs/transcripts.md alone: it
// reads a set written by `generala-kit export`, plays each transcript's requests
// on an engine speaking the JSON-lines protocol (docs/protocol.md) and judges
// each reply by the transcript's expectation. No npm dependencies (Node 20).
//
//   GENERALA_TRANSCRIPTS=DIR  the set (generala-kit export --game G --out DIR)
//   GENERALA_ENGINE='["node","engine.js"]'  the engine's argv (default: the example's)
//   GENERALA_VERDICTS=FILE   write every case's outcome there (JSON)

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const readline = require('node:readline');

const FORMAT = 1; // the transcript format this runner reads
const TIMEOUT_MS = 10000; // per request, as `check --timeout`
const ILLEGAL_ANSWERS = ['apply', 'deal']; // the only requests an `illegal` reply may answer
const OTHERWISE = { ok: 'fail', illegal: 'fail', 'bad-request': 'error', unsupported: 'skip' };

class TranscriptError extends Error {}

/** The set in `dir`: its index and its transcripts, in file order; a format this runner does not know is refused. */
function loadSet(dir) {
  const indexPath = path.join(dir, 'index.json');
  let index;
  try {
    index = JSON.parse(fs.readFileSync(indexPath, 'utf8'));
  } catch (e) {
    throw new TranscriptError(`${indexPath}: cannot be read as JSON: ${e.message}`);
  }
  if (index.format !== FORMAT) {
    throw new TranscriptError(`${indexPath}: format ${JSON.stringify(index.format)} is unknown; this runner reads format ${FORMAT}`);
  }
  const transcripts = [];
  for (const file of Object.keys(index.files)) {
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
    lines.forEach((line, n) => {
      if (line.trim() === '') return;
      let transcript;
      try {
        transcript = JSON.parse(line);
      } catch (e) {
        throw new TranscriptError(`${file}:${n + 1}: not JSON: ${e.message}`);
      }
      if (transcript.format !== FORMAT) {
        throw new TranscriptError(`${file}:${n + 1}: format ${JSON.stringify(transcript.format)} is unknown; this runner reads format ${FORMAT}`);
      }
      const unknown = unknownField(transcript);
      if (unknown !== null) throw new TranscriptError(`${file}:${n + 1}: ${unknown}: unknown to format ${FORMAT}`);
      transcripts.push({ file, line: n + 1, ...transcript });
    });
  }
  return { index, transcripts };
}

const FIELDS = {
  transcript: ['format', 'game', 'suite', 'id', 'title', 'kind', 'where', 'clauses', 'ambiguities', 'needs', 'requests'],
  needs: ['options', 'series', 'level', 'declared_points', 'one_player_games'],
  request: ['send', 'expect'],
  expect: ['accept', 'refusal', 'otherwise', 'same_as', 'checks'],
  check: ['path', 'op', 'value', 'where'],
};

/** The first field of `transcript` this runner does not know (its meaning could change a verdict), or null. */
function unknownField(transcript) {
  const extra = (value, kind, where) => {
    const found = Object.keys(value).find((key) => !FIELDS[kind].includes(key));
    return found === undefined ? null : `${where}.${found}`;
  };
  const found = [extra(transcript, 'transcript', 'transcript'), extra(transcript.needs, 'needs', 'needs')];
  transcript.requests.forEach((request, i) => {
    found.push(extra(request, 'request', `requests[${i}]`), extra(request.expect, 'expect', `requests[${i}].expect`));
    (request.expect.checks || []).forEach((check, j) => {
      const where = `requests[${i}].expect.checks[${j}]`;
      found.push(extra(check, 'check', where), check.op in OPS ? null : `${where}.op ${JSON.stringify(check.op)}`);
    });
  });
  return found.find((f) => f !== null) || null;
}

// -- the engine --------------------------------------------------------------------

class Fault extends Error {}

/** One engine process: requests written one at a time, each reply read as a line. */
class Engine {
  constructor(argv) {
    this.argv = argv;
    this.child = null;
    this.waiting = null;
    this.nextId = 1;
  }

  async open() {
    this.child = spawn(this.argv[0], this.argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
    this.child.on('error', (e) => this.fault(`cannot start: ${e.message}`));
    this.child.on('exit', (code) => { this.fault(`exited (${code})`); this.child = null; });
    this.child.stdin.on('error', () => {});
    readline.createInterface({ input: this.child.stdout }).on('line', (line) => {
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting === null) return; // a line nobody asked for: the next request fails on it
      try {
        waiting.resolve(JSON.parse(line));
      } catch (e) {
        waiting.reject(new Fault(`a reply that is not JSON: ${line.slice(0, 200)}`));
      }
    });
    this.hello = (await this.request({ cmd: 'hello', protocol: 1 })).result;
    if (!isObject(this.hello)) throw new Fault('the hello has no result');
  }

  fault(message) {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting !== null) waiting.reject(new Fault(message));
  }

  request(message) {
    if (this.child === null) return Promise.reject(new Fault('the engine is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fault(`no reply within ${TIMEOUT_MS} ms`), TIMEOUT_MS);
      this.waiting = {
        resolve: (reply) => { clearTimeout(timer); reply.id === id ? resolve(reply) : reject(new Fault(`reply id ${reply.id}, not ${id}`)); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      };
      this.child.stdin.write(`${JSON.stringify({ id, ...message })}\n`);
    });
  }

  close() {
    if (this.child !== null) {
      this.child.stdin.end();
      this.child.kill();
      this.child = null;
    }
  }
}

// -- judging a reply ---------------------------------------------------------------

function isObject(x) {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** JSON equality: same type, same value; objects key by key, arrays in order. */
function equal(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
  }
  return false;
}

/** `expected` is contained in `actual`: objects key by key (each key present), recursively; anything else equal. */
function subset(expected, actual) {
  if (equal(expected, actual)) return true;
  if (!isObject(expected) || !isObject(actual)) return false;
  return Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && subset(v, actual[k]));
}

/** The value at `path` in `value` (a missing key or index reads as null). */
function at(value, pathKeys) {
  let here = value;
  for (const key of pathKeys) {
    if (typeof key === 'number' ? Array.isArray(here) && key < here.length : isObject(here) && Object.hasOwn(here, key)) {
      here = here[key];
    } else {
      return null;
    }
  }
  return here;
}

const list = (x) => (Array.isArray(x) ? x : []); // list ops read null (or a non-list) as []
const field = (item, key) => (isObject(item) && Object.hasOwn(item, key) ? item[key] : null);
const matches = (item, where) => isObject(item) && Object.entries(where).every(([k, v]) => equal(field(item, k), v));
const sortedJson = (xs) => xs.map((x) => JSON.stringify(x)).sort();
const falsy = (x) => x === null || x === false || x === 0 || x === '' || (Array.isArray(x) && x.length === 0) || (isObject(x) && Object.keys(x).length === 0);

function typeOf(x) {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'array';
  return typeof x;
}

const OPS = {
  equals: (got, c) => equal(got, c.value),
  subset: (got, c) => subset(c.value, got),
  'set-equals': (got, c) => Array.isArray(got) && equal(sortedJson(got), sortedJson(c.value)),
  contains: (got, c) => list(got).some((x) => equal(x, c.value)),
  'not-contains': (got, c) => !list(got).some((x) => equal(x, c.value)),
  'includes-all': (got, c) => {
    const left = [...list(got)];
    return c.value.every((want) => {
      const i = left.findIndex((x) => equal(x, want));
      return i >= 0 && left.splice(i, 1).length === 1;
    });
  },
  'excludes-all': (got, c) => c.value.every((want) => !list(got).some((x) => equal(x, want))),
  'items-match': (got, c) => list(got).length === c.value.length && c.value.every((want, i) => subset(want, list(got)[i])),
  length: (got, c) => Array.isArray(got) && got.length === c.value,
  lengths: (got, c) => Array.isArray(got) && got.length === c.value.length && got.every((x, i) => Array.isArray(x) && x.length === c.value[i]),
  truthy: (got, c) => !falsy(got) === c.value,
  type: (got, c) => typeOf(got) === c.value,
  'last-where': (got, c) => {
    const found = list(got).filter((x) => matches(x, c.where));
    return found.length > 0 && Object.entries(c.value).every(([k, v]) => equal(field(found[found.length - 1], k), v));
  },
  'some-where': (got, c) => list(got).some((x) => matches(x, c.where)),
  'none-where': (got, c) => !list(got).some((x) => matches(x, c.where)),
};

/** Why the reply `number` fails its expectation (`{outcome, message}`), or null when it satisfies it. */
function judge(sent, expect, reply, replies, hello, number) {
  const kind = reply.ok === true ? 'ok' : isObject(reply.error) ? reply.error.kind : undefined;
  const what = `request ${number}`;
  if (!(kind in OTHERWISE)) return { outcome: 'error', message: `${what}: a reply with neither a result nor an error kind` };
  if (kind === 'illegal' && !ILLEGAL_ANSWERS.includes(sent.cmd)) {
    return { outcome: 'error', message: `${what}: 'illegal' answers only apply or deal, not ${sent.cmd}` };
  }
  const refusal = expect.refusal;
  if (!expect.accept.includes(kind) && !(refusal && refusal.kind === kind)) {
    const outcome = (expect.otherwise || {})[kind] || OTHERWISE[kind];
    const said = kind === 'ok' ? 'accepted' : `${kind} ${reply.error.code || ''}: ${reply.error.message || ''}`;
    const wanted = refusal ? `refused as ${refusal.kind} ${refusal.code || ''}` : expect.accept.join(' or ');
    return { outcome, message: `${what}: expected ${wanted}, answered ${said}` };
  }
  if (refusal && kind === refusal.kind && refusal.code !== null) {
    const code = reply.error.code === undefined ? null : reply.error.code;
    const excused = (code === null && refusal.code_may_be_absent) || (refusal.ignored_without_reason_codes && hello.reason_codes === false);
    if (code !== refusal.code && !excused) return { outcome: 'fail', message: `${what}: expected code ${refusal.code}, answered ${code}` };
  }
  if (kind === 'ok') {
    for (const check of expect.checks || []) {
      const got = at(reply.result, check.path);
      if (!OPS[check.op](got, check)) {
        const wanted = JSON.stringify(check.where ? { where: check.where, value: check.value } : check.value);
        return { outcome: 'fail', message: `${what}: ${check.path.join('.')} ${check.op} ${wanted}, got ${JSON.stringify(got)}` };
      }
    }
  }
  if (expect.same_as !== undefined) {
    const earlier = replies[expect.same_as];
    const same = earlier.kind === 'ok' ? kind === 'ok' && equal(reply.result, earlier.result) : kind === earlier.kind;
    if (!same) return { outcome: 'fail', message: `${what}: expected the same reply as request ${expect.same_as + 1} (the state unchanged)` };
  }
  return null;
}

// -- a transcript ------------------------------------------------------------------

/** Why the implementation cannot play `needs` (the skip reason), or null. */
function lacking(needs, hello) {
  const missing = Object.entries(needs.options).filter(([k, v]) => !(isObject(hello.options) && list(hello.options[k]).includes(v)));
  if (missing.length > 0) return `option value not supported: ${missing.sort().map(([k, v]) => `${k}=${v}`).join(', ')}`;
  if (needs.series && hello.series === false) return 'series not supported (the hello says "series": false)';
  if (needs.level && !list(hello.levels).includes(needs.level)) return `level not supported: ${needs.level}`;
  if (needs.declared_points === false && hello.points != null) return 'point table declared by the implementation';
  if (needs.one_player_games && hello.one_player_games !== true) return 'one-player games not declared (the hello lacks "one_player_games": true)';
  return null;
}

/** `send` with its rule options completed: each option the hello lists that `rules` lacks, at its default if listed, else the first value listed. */
function completed(send, index, hello) {
  const where = index.rules_at[send.cmd];
  const message = structuredClone(send);
  const rules = where ? at(message, where) : null;
  if (isObject(rules)) {
    for (const [name, option] of Object.entries(index.options)) {
      const listed = isObject(hello.options) ? list(hello.options[name]) : [];
      if (!Object.hasOwn(rules, name) && listed.length > 0) rules[name] = listed.includes(option.default) ? option.default : listed[0];
    }
  }
  return message;
}

/** Play one transcript: its verdict `{outcome, message}`; a fault of the engine restarts it. */
async function play(transcript, index, engine) {
  const why = lacking(transcript.needs, engine.hello);
  if (why !== null) return { outcome: 'skip', message: why };
  const replies = [];
  for (const [i, request] of transcript.requests.entries()) {
    let reply;
    try {
      reply = await engine.request(completed(request.send, index, engine.hello));
    } catch (e) {
      if (!(e instanceof Fault)) throw e;
      engine.close();
      await engine.open();
      return { outcome: 'error', message: `request ${i + 1} (${request.send.cmd}): ${e.message}` };
    }
    const verdict = judge(request.send, request.expect, reply, replies, engine.hello, i + 1);
    replies.push({ kind: reply.ok === true ? 'ok' : field(reply.error, 'kind'), result: reply.result });
    if (verdict !== null) return verdict;
  }
  return { outcome: 'pass', message: null };
}

/** Register one node:test test per transcript of the set in GENERALA_TRANSCRIPTS, played on the engine. */
function transcriptTests(defaultEngine) {
  const { test, after } = require('node:test');
  const dir = process.env.GENERALA_TRANSCRIPTS;
  if (!dir) {
    test('transcripts', { skip: 'set GENERALA_TRANSCRIPTS to a folder written by generala-kit export' }, () => {});
    return;
  }
  let set;
  try {
    set = loadSet(dir);
  } catch (e) {
    test('the transcript set', () => { throw e; });
    return;
  }
  const engine = new Engine(process.env.GENERALA_ENGINE ? JSON.parse(process.env.GENERALA_ENGINE) : defaultEngine);
  const verdicts = {};
  after(() => {
    engine.close();
    if (process.env.GENERALA_VERDICTS) {
      const document = { format: FORMAT, game: set.index.game, suite: set.index.suite, cases: verdicts };
      fs.writeFileSync(process.env.GENERALA_VERDICTS, `${JSON.stringify(document, null, 1)}\n`);
    }
  });
  const byFile = new Map();
  for (const t of set.transcripts) byFile.set(t.file, [...(byFile.get(t.file) || []), t]);
  for (const [file, transcripts] of byFile) {
    test(file, async (t) => {
      if (engine.child === null) await engine.open();
      const game = engine.hello.game === undefined ? 'cards' : engine.hello.game;
      if (game !== set.index.game) throw new Error(`the engine plays ${game}, the transcripts are of ${set.index.game}`);
      for (const transcript of transcripts) {
        await t.test(transcript.id, async (one) => {
          const verdict = await play(transcript, set.index, engine);
          verdicts[transcript.id] = verdict;
          if (verdict.outcome === 'skip') one.skip(verdict.message);
          else if (verdict.outcome !== 'pass') throw new Error(`${verdict.outcome}: ${verdict.message} (${transcript.where})`);
        });
      }
    });
  }
}

module.exports = { FORMAT, TranscriptError, loadSet, judge, play, transcriptTests, Engine };
