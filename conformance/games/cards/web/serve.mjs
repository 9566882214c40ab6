#!/usr/bin/env node
// The JavaScript port of the card reference behind the kit's JSON-lines protocol
// (docs/protocol.md, docs/cards-contract.md): a port of the reference adapter
// (conformance/games/cards/reference_adapter.py), so that
//   generala-kit check --adapter-cmd "node conformance/games/cards/web/serve.mjs"
// runs the whole card suite on the engine the web pages run. It plays every option value,
// series and reason codes; it offers no batch (the kit then asks step by step, same verdicts).
// The rulebook data: --rulebook FILE, else rulebook.json beside this file (web/rulebook_data.py).
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { formatAction, parseAction } from "./actions.mjs";
import { eventJson } from "./events.mjs";
import { GeneralaError, IllegalAction, InvalidInput, isInt, pyRepr } from "./errors.mjs";
import { Game } from "./game.mjs";
import { parseJson } from "./json_values.mjs";
import { fromPosition, snapshot } from "./position.mjs";
import { Rules, rulebook, useRulebook } from "./rules.mjs";
import { Series } from "./series.mjs";
import { dealFields, deckCards, get, malformed, mapping, ruleFields } from "./setup.mjs";

const RESULT_KEYS = { hello: null, start: "state", deal: "events", legal: "actions", apply: "events", state: "state", quit: null };

class Reply extends Error {
  constructor(kind, code, message) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

const badRequest = (code, message) => new Reply("bad-request", code, message);

/** The engine's side: one game or series at a time (ReferenceAdapter). */
class Engine {
  constructor() {
    this.game = null;
    this.series = null;
  }

  hello() {
    const options = Object.fromEntries(Object.entries(rulebook().options).map(([name, o]) => [name, [...o.values]]));
    return { name: "generala-kit web engine (JavaScript)", version: "1", language: "javascript", protocol: 1,
      options, reason_codes: true, game: "cards", series: true };
  }

  /** A failed start leaves no game at all, the previous one is gone too (R-PROTO-2). */
  start(setup) {
    this.game = this.series = null;
    try {
      setup = mapping(setup, "setup");
      const rules = Rules.of(...ruleFields(setup));
      const series = get(setup, "series", false);
      if (typeof series !== "boolean") throw malformed(`series must be true or false, not ${pyRepr(series)}`);
      if (Object.hasOwn(setup, "deal") === Object.hasOwn(setup, "position")) {
        throw malformed("a setup needs exactly one of 'deal' and 'position'");
      }
      if (Object.hasOwn(setup, "position")) {
        if (series) throw malformed("a series starts from a deal to every seat, not from a position");
        this.game = fromPosition(mapping(setup.position, "position"), rules);
      } else {
        const [players, dealer, deck, seated, seed] = dealFields(setup.deal);
        if (!series) this.game = Game.fromDeal(players, dealer, deck, { seed, rules, seated });
        else if (seated !== null) throw malformed("a series starts from a deal to every seat (no seated)");
        else {
          this.series = new Series(players, dealer, deck, { seed, rules });
          this.game = this.series.game;
        }
      }
    } catch (error) {
      if (error instanceof GeneralaError) throw badRequest(error.code, error.message);
      throw error;
    }
    return this.state();
  }

  held() {
    if (this.game === null) throw badRequest("no-game", "no game has been started");
    return this.game;
  }

  /** The next game of a series (R-PROTO-3). */
  deal(deck) {
    this.held();
    if (this.series === null) throw badRequest("no-series", "deal is only for the next game of a series");
    let events;
    try {
      this.series.checkDeal();
      events = this.series.deal(deckCards(deck, "deck"));
    } catch (error) {
      if (error instanceof IllegalAction) throw new Reply("illegal", error.code, error.message);
      if (error instanceof GeneralaError) throw badRequest(error.code, error.message);
      throw error;
    }
    this.game = this.series.game;
    return events.map(eventJson);
  }

  legal() {
    return this.held().legalActions().map(formatAction);
  }

  apply(action, player) {
    const game = this.held();
    if (player !== null && !(isInt(player) && player >= 0 && player < game.n)) {
      throw badRequest("bad-player", `player must be a seat number 0..${game.n - 1}, not ${pyRepr(player)} (R-PROTO-4)`);
    }
    try {
      return (this.series ?? game).apply(parseAction(action), player).map(eventJson);
    } catch (error) {
      if (error instanceof IllegalAction || error instanceof InvalidInput) throw new Reply("illegal", error.code, error.message);
      throw error;
    }
  }

  state() {
    const state = snapshot(this.held());
    if (this.series !== null) state.series = this.series.snapshot();
    return state;
  }
}

/** The reply to one request line (docs/protocol.md, "What generala-kit serve accepts"). */
function answer(engine, line) {
  let message;
  try {
    message = parseJson(line);
  } catch {
    return { id: null, ok: false, error: { kind: "bad-request", code: "bad-json", message: "the line is not JSON" } };
  }
  if (message === null || typeof message !== "object" || Array.isArray(message)) {
    return { id: null, ok: false, error: { kind: "bad-request", code: "not-an-object", message: "the request is not a JSON object" } };
  }
  const id = isInt(message.id) && message.id >= 0 ? message.id : null;
  const reply = (result) => ({ id, ok: true, result });
  try {
    if (id === null) throw badRequest("bad-request", "id must be a non-negative integer");
    const cmd = message.cmd;
    if (typeof cmd !== "string") throw badRequest("bad-request", "cmd must be a string");
    if (!Object.hasOwn(RESULT_KEYS, cmd)) throw new Reply("unsupported", "unknown-command", `unknown command ${pyRepr(cmd)}`);
    const key = RESULT_KEYS[cmd];
    const wrap = (value) => reply(key ? { [key]: value } : value);
    if (cmd === "hello") {
      if (!isInt(message.protocol)) throw badRequest("bad-request", "protocol must be an integer");
      if (message.protocol !== 1) throw new Reply("unsupported", "unsupported-protocol", "this engine speaks protocol 1");
      return wrap(engine.hello());
    }
    if (cmd === "start") {
      if (!Object.hasOwn(message, "setup")) {
        engine.game = engine.series = null;
        throw badRequest("bad-setup", "start needs field 'setup'");
      }
      return wrap(engine.start(message.setup));
    }
    if (cmd === "deal") return wrap(engine.deal(message.deck ?? null));
    if (cmd === "legal") return wrap(engine.legal());
    if (cmd === "apply") {
      if (typeof message.action !== "string") throw badRequest("bad-request", "action must be a string");
      return wrap(engine.apply(message.action, get(message, "player")));
    }
    if (cmd === "state") return wrap(engine.state());
    engine.quitting = true;
    return wrap({}); // quit
  } catch (error) {
    if (!(error instanceof Reply)) throw error;
    return { id, ok: false, error: { kind: error.kind, code: error.code, message: error.message.slice(0, 300) } };
  }
}

function main() {
  const given = process.argv.indexOf("--rulebook");
  const file = given > 0 ? process.argv[given + 1] : new URL("./rulebook.json", import.meta.url);
  useRulebook(JSON.parse(readFileSync(file, "utf-8")));
  const engine = new Engine();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (!line.trim()) return;
    let reply;
    try {
      reply = answer(engine, line);
    } catch (error) { // a bug of this port: said, never a stack trace on stdout
      process.stderr.write(`${error.stack}\n`);
      reply = { id: null, ok: false, error: { kind: "bad-request", code: "bad-request", message: String(error.message).slice(0, 300) } };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
    if (engine.quitting) process.exit(0);
  });
  lines.on("close", () => process.exit(0));
}

main();
