// What the arbiter and play pages call (a port of conformance/games/cards/site/page_api.py): the kit's
// own answers, computed in the browser (or Node) by the JavaScript port of the reference.
// - explainText answers a position in the short text form of `generala-kit explain` (or a
//   whole `generala-kit explain …` command line), exactly as the command does;
// - Lesson is a game against simple computer players, told event by event in the words of
//   `generala-kit play` with the clause of each (R-DEAL-1 … R-END-4).
import { formatAction, parseAction } from "./actions.mjs";
import { commandQuestion } from "./command_line.mjs";
import { applyDecided } from "./decisions.mjs";
import { count, formatCard, formatCards, iterCards, prettyCard } from "./deck.mjs";
import { GeneralaError, IllegalAction } from "./errors.mjs";
import { ExplainError, choices, explain } from "./explain.mjs";
import { dealLines, told } from "./narrate.mjs";
import { PositionError, parseMoves, parseText } from "./position_text.mjs";
import { PyRandom } from "../../../core/web/pyrandom.mjs";
import { Rules, rulebook, useRulebook } from "./rules.mjs";
import { Series } from "./series.mjs";

/** How the computer players choose: the first legal move, or one at random. */
export const BOTS = ["first", "random"];

/** Use the rulebook data (web/rulebook_data.py) and answer what the pages need to draw their
 * forms: the rule options, the profiles and the computer players. */
export function start(rulebookData) {
  useRulebook(rulebookData);
  const { options, profiles } = rulebook();
  const table = Object.fromEntries(Object.entries(options).map(([name, o]) =>
    [name, { values: [...o.values], default: o.default, summary: o.summary }]));
  return { options: table, profiles: Object.keys(profiles), bots: [...BOTS] };
}

/** The question of a pasted position (or command line) and moves, as explain reads it. */
function questionOf(position, moves) {
  if (position.trimStart().startsWith("generala-kit")) return commandQuestion(position, moves);
  const question = parseText(position);
  question.moves = parseMoves(moves.trim() ? [moves] : []);
  return question;
}

/** The answer of `generala-kit explain --json` for `position` and `moves` as JSON text:
 * {"ok": true, "answer": …}, or {"ok": false, "code": …, "message": …} for a refused position. */
export function explainText(position, moves = "") {
  let answer;
  try {
    answer = explain(questionOf(position, moves));
  } catch (error) {
    if (error instanceof PositionError || error instanceof ExplainError) {
      return JSON.stringify({ ok: false, code: error.code, message: error.message });
    }
    throw error;
  }
  return JSON.stringify({ ok: true, answer });
}

const say = (key, fields = {}) => ({ key, fields });

/** The words of each deal line, in its order: the deal, each hand, the forced lead. */
function dealSays(game) {
  const says = [say("deal", { player: "P1" })];
  for (const p of game.holding()) {
    const cards = iterCards(game.hands[p]).map(prettyCard).join(" ");
    says.push(say("hand", { player: `P${p + 1}`, n: count(game.hands[p]), cards }));
  }
  if (game.forced >= 0) says.push(say("forced", { player: `P${game.leader + 1}`, card: prettyCard(game.forced) }));
  return says;
}

/** The words of an event of a game (null for a series' event, which a lesson never has). */
function eventSay(event) {
  const [kind] = event;
  const who = event[1] === null ? null : `P${event[1] + 1}`;
  if (kind === "play" || kind === "take") return say(kind, { player: who, card: prettyCard(event[2]) });
  if (kind === "decline" || kind === "out") return say(kind, { player: who });
  if (kind === "trick") return say(event[2] ? "trick" : "trick_declined", { player: who });
  if (kind === "lead") return say("lead", { player: who, why: event[2] });
  if (kind === "game-over") return who === null ? say("over_nobody") : say("over_loser", { player: who });
  return null;
}

const lineOf = (line, says) => ({ text: line.text, clause: line.clause, why: line.why, heading: false, say: says });

/** A game of `players` in which `seat` is a person and the others computer players (`bot`),
 * dealt by P1 from `seed` under `profile`: the deal of `generala-kit play --players N --seed
 * SEED`, whose random players choose as the random computer players do. */
export class Lesson {
  constructor(players, seat, bot, seed, profile = "default") {
    if (!BOTS.includes(bot)) throw new Error(`bot must be one of ${BOTS}, not ${bot}`);
    this.game = new Series(players, 0, null, { seed: BigInt(seed), rules: Rules.of(profile) }).game; // the deal of `play --seed`
    this.seat = seat;
    this.bot = bot;
    this.rng = new PyRandom(BigInt(seed));
    const says = dealSays(this.game);
    this.lines = dealLines(this.game, 0).map((line, i) => lineOf(line, says[i]));
    this.trickNo = 0;
    this.botsPlay();
  }

  /** Play `action` and tell its events; a new trick starts with its heading, as in play. */
  applyTold(action) {
    const leads = !this.game.trick.length;
    const decided = applyDecided(this.game, action);
    if (leads && decided[0].event[0] === "play") {
      this.trickNo += 1;
      this.lines.push({ text: `Trick ${this.trickNo}:`, clause: null, why: "", heading: true,
        say: say("trick_heading", { n: this.trickNo }) });
    }
    this.lines.push(...decided.map((d) => lineOf(told(d), eventSay(d.event))));
  }

  botsPlay() {
    while (!this.game.isOver && this.game.toMove !== this.seat) {
      const actions = this.game.legalActions();
      this.applyTold(this.bot === "first" ? actions[0] : actions[this.rng.randrange(actions.length)]);
    }
  }

  /** The person plays `action` (8H, JK, decline, take 8H), then the computer players until it
   * is his turn again: the new state (JSON text), or the refusal with its reason code. */
  play(action) {
    try {
      const code = parseAction(action);
      if (this.game.isOver || this.game.toMove !== this.seat) {
        throw new IllegalAction("not-your-turn", `it is not P${this.seat + 1}'s turn`);
      }
      this.applyTold(code);
    } catch (error) {
      if (error instanceof GeneralaError) return JSON.stringify({ ok: false, code: error.code, message: error.message });
      throw error;
    }
    this.botsPlay();
    return this.state();
  }

  /** The table as the page draws it, the person's choices and every line so far (JSON text). */
  state() {
    const game = this.game;
    const yours = game.toMove === this.seat && !game.isOver;
    return JSON.stringify({
      ok: true,
      players: game.n,
      seat: this.seat,
      hands: game.hands.map(formatCards),
      trick: game.trick.map(([p, c]) => ({ player: p, card: formatCard(c) })),
      to_move: game.isOver ? null : game.toMove,
      over: game.isOver,
      loser: game.loser,
      choices: yours ? choices(game) : null,
      legal: yours ? game.legalActions().map(formatAction) : [],
      lines: this.lines,
    });
  }
}
