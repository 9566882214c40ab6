'use strict';
// A transcript runner for node:test, written from docs/transcripts.md alone: it
// reads a set written by `generala-kit export`, plays each transcript's requests
// on an engine speaking the JSON-lines protocol (docs/protocol.md) and judges
// each reply by the transcript's expectation, its shape by the set's protocol
// schema through ajv, its one npm dependency (`npm ci` in this folder; Node 20).
//
//   GENERALA_TRANSCRIPTS=DIR  the set (generala-kit export --game G --out DIR)
//   GENERALA_ENGINE='["node","engine.js"]'  the engine's argv (default: the example's)
//   GENERALA_VERDICTS=FILE   write every case's outcome there (JSON)
//   GENERALA_MAX_FAULTS=N    the circuit breaker, as `check --max-faults` (default 5, 0: none)

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const Ajv2020 = require('ajv/dist/2020');

const FORMAT = 1; // the transcript format this runner reads
const TIMEOUT_MS = 10000; // per request, as `check --timeout`
const ILLEGAL_ANSWERS = ['apply', 'deal']; // the only requests an `illegal` reply may answer
const OTHERWISE = { ok: 'fail', illegal: 'fail', 'bad-request': 'error', unsupported: 'skip' };
const MAX_FAULTS = process.env.GENERALA_MAX_FAULTS === undefined ? 5 : Number(process.env.GENERALA_MAX_FAULTS);
const SCHEMA_FILE = 'protocol.schema.json'; // the game's protocol schema, in the set (index.json `schema`)

class TranscriptError extends Error {}

const MAX_FILE_BYTES = 64 * 1024 * 1024; // the largest file of a set read (the kit's largest is under 4 MiB)

/** The line of `text` where `needle` first stands (1 when it does not). */
function lineOf(text, needle) {
  const at = text.indexOf(needle);
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/** The text of the set's file `file`: a relative path inside `dir` (through any link), a regular file, bounded. */
function readInside(dir, file, where) {
  const parts = file.split(/[\\/]/);
  if (path.isAbsolute(file) || parts.some((p) => p === '..' || p === '.' || p === '')) {
    throw new TranscriptError(`${where}: ${JSON.stringify(file)} is not a path inside the set; not read`);
  }
  let real;
  try {
    real = fs.realpathSync(path.join(dir, file));
  } catch (e) {
    throw new TranscriptError(`${where}: ${JSON.stringify(file)} cannot be read: ${e.code || e.message}`);
  }
  if (!real.startsWith(fs.realpathSync(dir) + path.sep)) {
    throw new TranscriptError(`${where}: ${JSON.stringify(file)} leads outside the set (to ${real}); not read`);
  }
  const stat = fs.statSync(real);
  if (!stat.isFile()) throw new TranscriptError(`${where}: ${JSON.stringify(file)} is not a regular file; not read`);
  if (stat.size > MAX_FILE_BYTES) throw new TranscriptError(`${where}: ${JSON.stringify(file)} is larger than ${MAX_FILE_BYTES} bytes; not read`);
  return fs.readFileSync(real, 'utf8');
}

/** The set in `dir`: its index and its transcripts, in file order. A format this runner does not know, a file
 * outside the set, a count the index gives that the files do not hold, a malformed transcript: refused, naming
 * the file, the line and the field. */
function loadSet(dir) {
  const indexPath = path.join(dir, 'index.json');
  let text;
  let index;
  try {
    text = readInside(dir, 'index.json', dir);
    index = JSON.parse(text);
  } catch (e) {
    throw e instanceof TranscriptError ? e : new TranscriptError(`${indexPath}: cannot be read as JSON: ${e.message}`);
  }
  if (!isObject(index)) throw new TranscriptError(`${indexPath}:1: (file): not an object`);
  if (index.format !== FORMAT) {
    throw new TranscriptError(`${indexPath}: format ${JSON.stringify(index.format)} is unknown; this runner reads format ${FORMAT}`);
  }
  const at = (key) => `${indexPath}:${lineOf(text, JSON.stringify(key))}`;
  for (const [key, want] of [['files', 'an object'], ['options', 'an object'], ['rules_at', 'an object'], ['excluded', 'a list']]) {
    if (want === 'a list' ? !Array.isArray(index[key]) : !isObject(index[key])) throw new TranscriptError(`${at(key)}: ${key}: not ${want}`);
  }
  const transcripts = [];
  let total = 0;
  for (const [file, count] of Object.entries(index.files)) {
    const where = `${at(file)}: files.${file}`;
    if (!Number.isInteger(count) || count < 1) throw new TranscriptError(`${where}: ${JSON.stringify(count)} is not a count of transcripts`);
    const lines = readInside(dir, file, where).split('\n');
    const before = transcripts.length;
    lines.forEach((line, n) => {
      if (line.trim() !== '') transcripts.push(parseTranscript(file, n + 1, line));
    });
    if (transcripts.length - before !== count) {
      throw new TranscriptError(`${where}: the index says ${count} transcripts, the file holds ${transcripts.length - before}`);
    }
    total += count;
  }
  if (index.transcripts !== total) {
    throw new TranscriptError(`${at('transcripts')}: transcripts: the index says ${JSON.stringify(index.transcripts)}, its files hold ${total}`);
  }
  if (index.schema !== SCHEMA_FILE) throw new TranscriptError(`${at('schema')}: schema: ${JSON.stringify(index.schema)} is not "${SCHEMA_FILE}"`);
  return { index, transcripts, shapes: replyShapes(readInside(dir, SCHEMA_FILE, at('schema')), path.join(dir, SCHEMA_FILE)) };
}

/** The check of a reply's shape against the set's protocol schema: `shapes(cmd, reply)` is why the
 * reply breaks its `$defs/reply-<cmd>` (`at /path: message`), or null (docs/transcripts.md). */
function replyShapes(text, where) {
  let schema;
  try {
    schema = JSON.parse(text);
  } catch (e) {
    throw new TranscriptError(`${where}: cannot be read as JSON: ${e.message}`);
  }
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  try {
    ajv.addSchema(schema, SCHEMA_FILE);
  } catch (e) {
    throw new TranscriptError(`${where}: not a JSON Schema: ${e.message}`);
  }
  const compiled = new Map();
  return (cmd, reply) => {
    if (!compiled.has(cmd)) compiled.set(cmd, ajv.compile({ $ref: `${SCHEMA_FILE}#/$defs/reply-${cmd}` }));
    const valid = compiled.get(cmd);
    if (valid(reply)) return null;
    const [first] = valid.errors;
    return `the reply breaks the protocol schema: at ${first.instancePath || '(top)'}: ${first.message}`;
  };
}

/** Whether the JSON text `line` writes a number with a fraction or an exponent (`1.0`, `1e0`):
 * every number of the protocol is an integer, and JSON.parse would read `1.0` as `1`. */
function writesFraction(line) {
  return /(?:^|[^\w."\\])-?\d+(?:\.\d+|(?:\.\d+)?[eE][+-]?\d+)/.test(line.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
}

/** The transcript on line `line` of `file`, checked: its format, then every field (`file:line: field: why`). */
function parseTranscript(file, line, text) {
  let transcript;
  try {
    transcript = JSON.parse(text);
  } catch (e) {
    throw new TranscriptError(`${file}:${line}: not JSON: ${e.message}`);
  }
  if (!isObject(transcript)) throw new TranscriptError(`${file}:${line}: (line): not an object`);
  if (transcript.format !== FORMAT) {
    throw new TranscriptError(`${file}:${line}: format ${JSON.stringify(transcript.format)} is unknown; this runner reads format ${FORMAT}`);
  }
  const unknown = unknownField(transcript);
  if (unknown !== null) throw new TranscriptError(`${file}:${line}: ${unknown}: unknown to format ${FORMAT}`);
  const wrong = malformed(transcript);
  if (wrong !== null) throw new TranscriptError(`${file}:${line}: ${wrong}`);
  return { file, line, ...transcript };
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
    const found = isObject(value) ? Object.keys(value).find((key) => !FIELDS[kind].includes(key)) : undefined;
    return found === undefined ? null : `${where}.${found}`;
  };
  const found = [extra(transcript, 'transcript', 'transcript'), extra(transcript.needs, 'needs', 'needs')];
  list(transcript.requests).forEach((request, i) => {
    found.push(extra(request, 'request', `requests[${i}]`), extra(field(request, 'expect'), 'expect', `requests[${i}].expect`));
    list(field(field(request, 'expect'), 'checks')).forEach((check, j) => {
      const where = `requests[${i}].expect.checks[${j}]`;
      found.push(extra(check, 'check', where), !isObject(check) || check.op in OPS ? null : `${where}.op ${JSON.stringify(check.op)}`);
    });
  });
  return found.find((f) => f !== null) || null;
}

const isString = (x) => typeof x === 'string';
const KINDS = ['ok', 'illegal', 'bad-request', 'unsupported'];
const OUTCOMES = ['pass', 'fail', 'error', 'skip'];

/** `field: why` for the first field of `transcript` that is missing or of the wrong type (docs/transcripts.md), or null. */
function malformed(transcript) {
  const wrong = [];
  const need = (ok, where, what) => { if (!ok) wrong.push(`${where}: must be ${what}`); };
  const strings = (x) => Array.isArray(x) && x.every(isString);
  for (const key of ['game', 'suite', 'id', 'title', 'where']) need(isString(transcript[key]), key, 'a string');
  need(['fixture', 'feature'].includes(transcript.kind), 'kind', '"fixture" or "feature"');
  need(strings(transcript.clauses), 'clauses', 'a list of strings');
  need(strings(transcript.ambiguities), 'ambiguities', 'a list of strings');
  const needs = transcript.needs;
  need(isObject(needs), 'needs', 'an object');
  if (isObject(needs)) {
    need(isObject(needs.options) && Object.values(needs.options).every(isString), 'needs.options', 'an object of strings');
    need(needs.series === undefined || needs.series === true, 'needs.series', 'true or absent');
    need(needs.level === undefined || ['scoring', 'game'].includes(needs.level), 'needs.level', '"scoring", "game" or absent');
    need(needs.declared_points === undefined || needs.declared_points === false, 'needs.declared_points', 'false or absent');
  }
  need(Array.isArray(transcript.requests) && transcript.requests.length > 0, 'requests', 'a non-empty list');
  list(transcript.requests).forEach((request, i) => {
    const where = `requests[${i}]`;
    need(isObject(request) && isObject(request.send) && isString(request.send.cmd), `${where}.send`, 'an object with a cmd');
    const expect = field(request, 'expect');
    need(isObject(expect), `${where}.expect`, 'an object');
    if (!isObject(expect)) return;
    need(Array.isArray(expect.accept) && expect.accept.every((k) => KINDS.slice(0, 3).includes(k)), `${where}.expect.accept`, 'a list of reply kinds');
    const refusal = expect.refusal;
    need(refusal === undefined || (isObject(refusal) && ['illegal', 'bad-request'].includes(refusal.kind) && (refusal.code === null || isString(refusal.code))),
      `${where}.expect.refusal`, 'absent or {kind, code, …}');
    need(expect.otherwise === undefined || (isObject(expect.otherwise) && Object.entries(expect.otherwise).every(([k, v]) => KINDS.includes(k) && OUTCOMES.includes(v))),
      `${where}.expect.otherwise`, 'absent or an object of outcomes by reply kind');
    need(expect.same_as === undefined || (Number.isInteger(expect.same_as) && expect.same_as >= 0 && expect.same_as < i), `${where}.expect.same_as`, `absent or the index of an earlier request (0 to ${i - 1})`);
    list(expect.checks).forEach((check, j) => {
      const at = `${where}.expect.checks[${j}]`;
      need(isObject(check) && Array.isArray(check.path) && check.path.every((p) => isString(p) || Number.isInteger(p)), `${at}.path`, 'a list of keys and indexes');
      if (!isObject(check)) return;
      const withWhere = ['some-where', 'none-where', 'last-where'].includes(check.op);
      need(!withWhere || isObject(check.where), `${at}.where`, `an object for ${check.op}`);
      need(['some-where', 'none-where'].includes(check.op) || Object.hasOwn(check, 'value'), `${at}.value`, `given for ${check.op}`);
    });
    need(expect.checks === undefined || Array.isArray(expect.checks), `${where}.expect.checks`, 'absent or a list');
  });
  return wrong.length > 0 ? wrong[0] : null;
}

// -- the engine --------------------------------------------------------------------

/** A fault of the engine; `counts` when it is a crash or a timeout (the circuit breaker counts those). */
class Fault extends Error {
  constructor(message, counts = true) {
    super(message);
    this.counts = counts;
  }
}

/** One engine process: requests written one at a time, each reply read as a line. */
class Engine {
  constructor(argv) {
    this.argv = argv;
    this.child = null;
    this.waiting = null;
    this.nextId = 1;
    this.faultsInARow = 0; // cases in a row ended in a crash or a timeout (the circuit breaker)
  }

  async open() {
    const child = spawn(this.argv[0], this.argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
    this.child = child;
    const current = () => this.child === child; // (a process closed for a fault may still speak or exit)
    child.on('error', (e) => { if (current()) this.fault(`cannot start: ${e.message}`); });
    child.on('exit', (code) => { if (current()) { this.fault(`exited (${code})`); this.child = null; } });
    child.stdin.on('error', () => {});
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (!current()) return;
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting === null) return; // a line nobody asked for: the next request fails on it
      let reply;
      try {
        reply = JSON.parse(line);
      } catch (e) {
        waiting.reject(new Fault(`a reply that is not JSON: ${line.slice(0, 200)}`, false));
        return;
      }
      if (writesFraction(line)) waiting.reject(new Fault(`a number with a fraction or an exponent (every number is an integer): ${line.slice(0, 200)}`, false));
      else waiting.resolve(reply);
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
        resolve: (reply) => { clearTimeout(timer); reply.id === id ? resolve(reply) : reject(new Fault(`reply id ${reply.id}, not ${id}`, false)); },
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

/** Why the reply `number` fails its expectation (its shape first: `shapes`, from the set's schema) (`{outcome, message}`), or null when it satisfies it. */
function judge(sent, expect, reply, replies, hello, number, shapes) {
  const what = `request ${number}`;
  const illegalElsewhere = reply.ok === false && isObject(reply.error) && reply.error.kind === 'illegal' && !ILLEGAL_ANSWERS.includes(sent.cmd);
  const wrong = shapes(sent.cmd, reply) || (illegalElsewhere ? `'illegal' answers only apply or deal, not ${sent.cmd}` : null);
  if (wrong !== null) return { outcome: 'error', message: `${what}: ${wrong}`, malformed: true };
  const kind = reply.ok === true ? 'ok' : reply.error.kind;
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
  missing.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // by option name, code point by code point
  if (missing.length > 0) return `option value not supported: ${missing.map(([k, v]) => `${k}=${v}`).join(', ')}`;
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
  const parent = where ? at(message, where.slice(0, -1)) : null;
  if (isObject(parent) && parent[where[where.length - 1]] === undefined) parent[where[where.length - 1]] = {}; // no rules: {}
  const rules = where ? at(message, where) : null;
  if (isObject(rules)) {
    for (const [name, option] of Object.entries(index.options)) {
      const listed = isObject(hello.options) ? list(hello.options[name]) : [];
      if (!Object.hasOwn(rules, name) && listed.length > 0) rules[name] = listed.includes(option.default) ? option.default : listed[0];
    }
  }
  return message;
}

/** Play one transcript: its verdict `{outcome, message}`; a fault of the engine restarts it. Once
 * MAX_FAULTS cases in a row ended in a crash or a timeout, every further case is an error, not played. */
async function play(transcript, index, engine, shapes) {
  if (MAX_FAULTS > 0 && engine.faultsInARow >= MAX_FAULTS) {
    const message = `not run: the last ${engine.faultsInARow} cases in a row ended in a timeout or a crash (circuit breaker, --max-faults ${MAX_FAULTS})`;
    return { outcome: 'error', message };
  }
  const why = lacking(transcript.needs, engine.hello);
  if (why !== null && !why.startsWith('option value')) engine.faultsInARow = 0; // as check: skipped once started
  if (why !== null) return { outcome: 'skip', message: why };
  const replies = [];
  for (const [i, request] of transcript.requests.entries()) {
    let reply;
    try {
      reply = await engine.request(completed(request.send, index, engine.hello));
    } catch (e) {
      if (!(e instanceof Fault)) throw e;
      if (e.counts) engine.faultsInARow += 1;
      engine.close();
      await engine.open();
      return { outcome: 'error', message: `request ${i + 1} (${request.send.cmd}): ${e.message}` };
    }
    const verdict = judge(request.send, request.expect, reply, replies, engine.hello, i + 1, shapes);
    replies.push({ kind: reply.ok === true ? 'ok' : field(reply.error, 'kind'), result: reply.result });
    if (verdict !== null) {
      if (!verdict.malformed) engine.faultsInARow = 0;
      return { outcome: verdict.outcome, message: verdict.message };
    }
  }
  engine.faultsInARow = 0;
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
          const verdict = await play(transcript, set.index, engine, set.shapes);
          verdicts[transcript.id] = verdict;
          if (verdict.outcome === 'skip') one.skip(verdict.message);
          else if (verdict.outcome !== 'pass') throw new Error(`${verdict.outcome}: ${verdict.message} (${transcript.where})`);
        });
      }
    });
  }
}

module.exports = { FORMAT, TranscriptError, loadSet, judge, play, transcriptTests, Engine };
