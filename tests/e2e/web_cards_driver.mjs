// The tests' driver of the card game's JavaScript page API (conformance/games/cards/web/):
// one Node process answers every question of a test, one JSON line each, in order.
// argv[2]: the rulebook data (web/rulebook_data.py). Each stdin line is one of
//   {"explain": [position, moves]}            -> the explainText answer (JSON text, parsed)
//   {"lesson": [players, seat, bot, seed, profile]} -> every state of a whole game in which
//      the person always plays his first legal move (and first tries a refused one)
//   {"start": true}                           -> start()'s answer
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Lesson, explainText, start } from "../../conformance/games/cards/web/page_api.mjs";

const info = start(JSON.parse(readFileSync(process.argv[2], "utf-8")));

function lesson([players, seat, bot, seed, profile]) {
  const game = new Lesson(players, seat, bot, seed, profile);
  const states = [JSON.parse(game.state())];
  for (let turn = 0; turn < 200 && !states.at(-1).over; turn += 1) {
    const state = states.at(-1);
    const refused = state.choices.illegal[0]?.action ?? "9Z";
    states.push(JSON.parse(game.play(refused)));
    states.push(JSON.parse(game.play(state.legal[0])));
  }
  states.push(JSON.parse(game.play("2C")));
  return states;
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const ask = JSON.parse(line);
  let out;
  try {
    if (ask.explain) out = JSON.parse(explainText(...ask.explain));
    else if (ask.lesson) out = lesson(ask.lesson);
    else out = info;
  } catch (error) {
    out = { crashed: String(error.stack) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
