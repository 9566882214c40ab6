// A series of games (a port of reference/cards/series.py; R-SERIES-1 … R-SERIES-8):
// eliminations, the next dealer, the champion. Seats keep their numbers for the whole series;
// an eliminated player keeps his seat, holds no cards and is skipped (R-SERIES-5).
import { IllegalAction } from "./errors.mjs";
import { Game } from "./game.mjs";
import { PyRandom } from "../../../core/web/pyrandom.mjs";
import { Rules } from "./rules.mjs";

/** The current Game plus who is still in, who deals next, and the champion. With two players
 * there is no series (R-SERIES-7): each game has its loser, who deals the next one. */
export class Series {
  constructor(players, dealer, deck = null, { seed = null, rules = Rules.of() } = {}) {
    this.rng = new PyRandom(seed);
    // The first game checks players, dealer and deck before the seats are built (R-MAT-2).
    this.game = Game.fromDeal(players, dealer, deck, { seed: this.seedFor(deck), rules });
    this.seats = players;
    this.rules = rules;
    this.active = Array.from({ length: players }, (_, s) => s);
    this.eliminated = [];
    this.dealer = dealer;
    this.games = 1;
    this.champion = null;
    this.nextDealer = null;
  }

  seedFor(deck) {
    return deck !== null ? null : this.rng.randrange(1n << 62n);
  }

  /** Whether a champion has been found (R-SERIES-3). */
  get isOver() {
    return this.champion !== null;
  }

  /** Apply `action` to the current game; when it ends, settle the series. */
  apply(action, player = null) {
    const events = this.game.apply(action, player);
    if (this.game.isOver) events.push(...this.settle(this.game.loser));
    return events;
  }

  /** Raise IllegalAction unless the next game may be dealt now (R-PROTO-3). */
  checkDeal() {
    if (this.isOver) throw new IllegalAction("game-over", "the series is over: it has a champion");
    if (!this.game.isOver || this.nextDealer === null) throw new IllegalAction("game-not-over", "the current game is still being played");
  }

  /** Deal the next game (the last one must be over and the series not). */
  deal(deck = null) {
    this.checkDeal();
    const dealer = this.nextDealer;
    const game = Game.fromDeal(this.seats, dealer, deck, { seed: this.seedFor(deck), rules: this.rules, seated: this.active });
    // Only a deal that succeeded changes the series (R-PROTO-3: a refused deal changes nothing).
    this.game = game;
    this.dealer = dealer;
    this.nextDealer = null;
    this.games += 1;
    return [["deal", this.dealer, [...this.active]]];
  }

  /** Eliminate the loser, find the champion or the next dealer (R-SERIES-1 … -7). */
  settle(loser) {
    const events = [];
    let dealer;
    if (this.seats === 2) { // R-SERIES-7: no series, the loser deals
      if (loser !== null && this.rules.twoPlayerDealer === "loser") dealer = loser;
      else if (this.rules.twoPlayerDealer === "alternate") dealer = 1 - this.dealer;
      else dealer = this.noLoserDealer();
    } else if (loser !== null) { // R-SERIES-1
      this.active.splice(this.active.indexOf(loser), 1);
      this.eliminated.push(loser);
      events.push(["eliminated", loser]);
      if (this.active.length === 1) { // R-SERIES-3
        this.champion = this.active[0];
        events.push(["champion", this.champion]);
        return events;
      }
      dealer = this.rules.nextDealer === "loser" ? loser : this.game.wentOut[this.game.wentOut.length - 1]; // R-SERIES-4
    } else dealer = this.noLoserDealer(); // R-SERIES-2
    this.nextDealer = dealer;
    events.push(["next-dealer", dealer, this.active.includes(dealer)]);
    return events;
  }

  /** The dealer after a game with no loser (R-SERIES-6, option no-loser-dealer). */
  noLoserDealer() {
    const choice = this.rules.noLoserDealer;
    if (choice === "same") return this.dealer;
    if (choice === "last-out") return this.game.wentOut[this.game.wentOut.length - 1];
    let q = (this.dealer + 1) % this.seats;
    while (!this.active.includes(q)) q = (q + 1) % this.seats;
    return q;
  }

  /** The series part of the state snapshot. */
  snapshot() {
    return {
      seats: this.seats, active: [...this.active], eliminated: [...this.eliminated], dealer: this.dealer,
      games: this.games, champion: this.champion, next_dealer: this.nextDealer, over: this.isOver,
    };
  }
}
