#!/usr/bin/env node
// The in-browser dice engine (this folder) speaking the kit's JSON-lines protocol on
// stdin/stdout, so that the kit certifies it as it certifies any implementation:
//
//   generala-kit check --game dice --adapter-cmd "node conformance/games/dice/web/serve.mjs"
//
// One request per line in, one reply per line out; it exits when stdin closes or on quit.
// It declares both levels, every option value of rules.json and one-player games.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { reply, Session } from "./adapter.mjs";

const doc = JSON.parse(readFileSync(new URL("./rules.json", import.meta.url), "utf8"));
const session = new Session(doc);
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
let quitting = false;

lines.on("line", (line) => {
  if (quitting || line.trim() === "") return;
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    const refused = { kind: "bad-request", code: "bad-json", message: `not JSON: ${error.message}` };
    process.stdout.write(`${JSON.stringify({ id: null, ok: false, error: refused })}\n`);
    return;
  }
  const out = reply(session, request);
  const text = `${JSON.stringify(out)}\n`;
  if (out.ok && request.cmd === "quit") {
    quitting = true;
    lines.close();
    process.stdout.write(text, () => process.exit(0));
  } else {
    process.stdout.write(text);
  }
});
