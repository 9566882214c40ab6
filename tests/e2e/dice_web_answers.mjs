// Answers a list of dice page questions with the JavaScript page API
// (conformance/games/dice/web/page-api.mjs), for tests/e2e/test_dice_web_*.py: reads one
// JSON array of questions on stdin, writes one JSON array of answers on stdout.
//   {"score": [dice, roll, allFive, sheet, profile, overrides]}  -> the scorer's reply
//   {"lesson": [players, seed, profile], "moves": [...]}          -> the state at the start, then the reply to each move
//   {"start": true}                                              -> what the forms are drawn from
import { readFileSync } from "node:fs";
import { DiceLesson, score, start } from "../../conformance/games/dice/web/page-api.mjs";

const doc = JSON.parse(readFileSync(new URL("../../conformance/games/dice/web/rules.json", import.meta.url), "utf8"));
const questions = JSON.parse(readFileSync(0, "utf8"));

function answer(question) {
  if (question.score) return score(doc, ...question.score);
  if (question.start) return start(doc);
  const lesson = new DiceLesson(doc, ...question.lesson);
  return [lesson.state(), ...question.moves.map((move) => lesson.play(move))];
}

process.stdout.write(JSON.stringify(questions.map(answer)));
