// A whole dice game as a small state machine (D-PLAY-1): a port of reference/dice/game.py,
// events.py and source.py (SeededDice; the pages never need SequenceDice). Dice values come
// from the caller's dice source; a refused action
// throws with a reason code and leaves the game and the dice source exactly as they were.
import { IllegalAction, InvalidInput, InvalidPosition } from "./errors.mjs";
import { PyRandom } from "../../../core/web/pyrandom.mjs";
import { DICE, FACES, add, bit, contains, countsOf, diceOf, subMultisets, sum } from "./rolls.mjs";
import { diceRules, pointTable } from "./rules.mjs";
import { OPEN, SCORED, SCRATCHED, points, qualifies, winsAutomatically } from "./scoring.mjs";

const pyList = (values) => `[${values.join(", ")}]`;

/** Dice from CPython's random.Random(seed): the same seed, the same game as the reference's SeededDice. */
export class SeededDice {
  constructor(seed) {
    this.random = new PyRandom(seed);
  }

  throw(n) {
    return Array.from({ length: n }, () => this.random.randint(1, FACES));
  }
}

/** Every re-roll of `roll`: each multiset kept that leaves a die to throw (D-TURN-2). */
const rerolls = (roll) => subMultisets(roll).filter((keep) => sum(keep) < DICE)
  .map((keep) => ({ kind: "reroll", keep }));

/** One game of Generala, the dice game, from its first roll to its winner. */
export class DiceGame {
  constructor(doc, players, dice, rules = null, table = null) {
    if (!Number.isInteger(players) || players < 1) {
      throw new InvalidPosition("bad-players", `a game has one or more players (D-PLAY-1), not ${players}`);
    }
    this.rules = rules ?? diceRules(doc);
    this.table = table ?? pointTable(doc, this.rules);
    this.categories = this.rules.categories;
    this.players = players;
    this.dice = dice;
    this.scored = Array(players).fill(0); // bitmasks of categories
    this.scratched = Array(players).fill(0);
    this.points = Array.from({ length: players }, () => Object.fromEntries(this.categories.map((c) => [c, 0])));
    this.player = 0;
    this.round = 1;
    this.rolls = 0;
    this.roll = null;
    this.first = false;
    this.autoWinners = [];
    this.winners = null;
  }

  // -- what the state is --------------------------------------------------------------

  /** Whose turn it is (D-PLAY-2). */
  get currentPlayer() {
    return this.player;
  }

  /** Whether the game has ended (D-END-1, D-FIRST-5). */
  isOver() {
    return this.winners !== null;
  }

  /** What `player`'s `category` holds (D-SHEET-3, D-SHEET-4). */
  mark(player, category) {
    if (this.scored[player] & bit(category)) return SCORED;
    return this.scratched[player] & bit(category) ? SCRATCHED : OPEN;
  }

  /** Each player's points so far, bonuses included (D-END-2). */
  totals() {
    return this.points.map((sheet) => Object.values(sheet).reduce((a, b) => a + b, 0));
  }

  /** The whole state as JSON-ready data: the protocol's state snapshot (docs/dice-contract.md). */
  snapshot() {
    return {
      players: this.players,
      rules: { ...this.rules.options },
      round: this.round,
      player: this.player,
      rolls: this.rolls,
      dice: this.roll ? diceOf(this.roll) : null,
      "first-roll": this.first,
      sheets: Array.from({ length: this.players }, (_, p) => Object.fromEntries(this.categories.map((c) =>
        [c, { mark: this.mark(p, c), points: this.points[p][c] }]))),
      totals: this.totals(),
      "pending-winners": [...this.autoWinners],
      winners: this.winners === null ? null : [...this.winners],
      over: this.winners !== null,
    };
  }

  // -- what may be done ---------------------------------------------------------------

  /** Every action the rules allow now, in a fixed order: the first roll, or the re-rolls (fewest
   * dice kept first), the scores and the scratches. */
  legalActions() {
    if (this.isOver()) return [];
    if (this.roll === null) return [{ kind: "roll" }];
    const actions = this.rolls < this.rules.maxRolls ? rerolls(this.roll) : [];
    const open = this.categories.filter((c) => this.mark(this.player, c) === OPEN);
    const generala = this.mark(this.player, "generala");
    actions.push(...open.filter((c) => qualifies(c, this.roll, this.rules, generala))
      .map((category) => ({ kind: "score", category })));
    actions.push(...open.map((category) => ({ kind: "scratch", category })));
    return actions;
  }

  /** Play `action` for the current player and return what happened; a refused action throws with a
   * reason code and changes nothing. */
  apply(action) {
    if (this.isOver()) throw new IllegalAction("game-over", "the game is over");
    switch (action?.kind) {
      case "roll": return this.firstRoll();
      case "reroll": return this.reroll(action.keep);
      case "score": return this.score(action.category);
      case "scratch": return this.scratch(action.category);
      default: throw new InvalidInput("bad-action", `${JSON.stringify(action)} is not an action of the dice game`);
    }
  }

  // -- rolling ------------------------------------------------------------------------

  /** D-TURN-1: a turn begins with a roll of all five dice. */
  firstRoll() {
    if (this.roll !== null) throw new IllegalAction("already-rolled", "the turn has begun: re-roll, score or scratch");
    return this.throwDice([0, 0, 0, 0, 0, 0]);
  }

  /** D-TURN-2, D-TURN-3: keep some dice, throw the others, within the rolls of a turn. */
  reroll(keep) {
    if (this.roll === null) throw new IllegalAction("not-rolled", "the turn begins with a roll of all five dice");
    if (this.rolls >= this.rules.maxRolls) {
      throw new IllegalAction("no-rolls-left", `a turn has at most ${this.rules.maxRolls} rolls (D-TURN-3)`);
    }
    if (keep.length !== 6 || keep.some((k) => !Number.isInteger(k) || k < 0) || !contains(this.roll, keep)) {
      throw new IllegalAction("keep-not-in-roll", `cannot keep ${pyList(diceOf(keep))} of ${pyList(diceOf(this.roll))}`);
    }
    if (sum(keep) >= DICE) {
      throw new IllegalAction("nothing-thrown", "a re-roll throws at least one die; score or scratch instead");
    }
    return this.throwDice(keep);
  }

  throwDice(keep) {
    const thrown = DICE - sum(keep);
    const fresh = countsOf(this.dice.throw(thrown)); // may refuse: nothing has changed yet
    this.roll = add(keep, fresh);
    this.rolls += 1;
    this.first = this.rolls === 1 || (this.rules.firstRollAllFive && thrown === DICE); // D-FIRST-2
    const player = this.player;
    const events = [{ type: "rolled", player, roll: this.rolls, thrown, dice: diceOf(this.roll), first: this.first }];
    if (this.first && this.winsAutomatically(player)) {
      events.push({ type: "auto-win", player }, ...this.autoWin(player));
    }
    return events;
  }

  /** D-FIRST-3, D-FIRST-4: a first-roll five of a kind wins, unless Generala was scratched (or as
   * the option auto-win says). */
  winsAutomatically(player) {
    return winsAutomatically(this.roll, this.rules, this.mark(player, "generala"), this.mark(player, "double-generala"));
  }

  /** D-FIRST-5: the game ends at once, or at the end of the round (auto-win-end). */
  autoWin(player) {
    this.autoWinners.push(player);
    return this.rules.autoWinRoundEnd ? this.endTurn() : this.finish();
  }

  // -- the sheet ----------------------------------------------------------------------

  openCategory(name) {
    if (this.roll === null) throw new IllegalAction("not-rolled", "the turn begins with a roll of all five dice");
    if (!this.categories.includes(name)) {
      throw new IllegalAction("unknown-category", `'${name}' is not a category of this game (${this.categories.join(", ")})`);
    }
    const mark = this.mark(this.player, name);
    if (mark !== OPEN) throw new IllegalAction("category-closed", `${name} is already ${mark}`);
    return name;
  }

  /** D-SHEET-2, D-SHEET-4: score the last roll in an open category it qualifies for. */
  score(name) {
    const category = this.openCategory(name);
    const { player, roll } = this;
    if (!qualifies(category, roll, this.rules, this.mark(player, "generala"))) {
      throw new IllegalAction("does-not-qualify", `${pyList(diceOf(roll))} does not qualify for ${name}`);
    }
    const total = points(category, roll, this.table, this.first);
    const bonus = total - points(category, roll, this.table, false);
    this.scored[player] |= bit(category);
    this.points[player][category] = total;
    return [{ type: "scored", player, category: name, points: total, bonus }, ...this.endTurn()];
  }

  /** D-SHEET-3: cross out an open category; it scores 0 for the rest of the game. */
  scratch(name) {
    const category = this.openCategory(name);
    const player = this.player;
    this.scratched[player] |= bit(category);
    return [{ type: "scratched", player, category: name }, ...this.endTurn()];
  }

  // -- turns and the end --------------------------------------------------------------

  /** D-TURN-5, D-PLAY-2: the next player in turn order; the end of a round may end the game. */
  endTurn() {
    this.roll = null;
    this.rolls = 0;
    this.first = false;
    this.player = (this.player + 1) % this.players;
    if (this.player) return [];
    if (this.autoWinners.length) return this.finish(); // D-FIRST-5 (auto-win-end=round-end)
    if (this.round === this.categories.length) return this.finish(); // D-END-1
    this.round += 1;
    return [];
  }

  /** D-END-2, D-END-3: the automatic winners, or the players with the most points. */
  finish() {
    const totals = this.totals();
    const best = Math.max(...totals);
    const winners = this.autoWinners.length ? [...this.autoWinners].sort((a, b) => a - b)
      : totals.flatMap((total, p) => (total === best ? [p] : []));
    this.winners = winners;
    this.roll = null;
    this.rolls = 0;
    this.first = false;
    return [{ type: "game-over", winners: [...winners], totals, automatic: this.autoWinners.length > 0 }];
  }
}
