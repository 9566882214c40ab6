// Which clause decided each event, move and refusal: the engine's clause side channel (a port
// of reference/cards/decisions.py). It looks at the game before and after a move and names, for
// every event, the clause (R-… of spec/cards/clauses.yaml) that decided it, with the clauses it
// also rests on and a short reason.
import { DECLINE, JOKER_ACTION, TAKE_BASE } from "./actions.mjs";
import { JOKER } from "./deck.mjs";
import { TAKE } from "./game.mjs";
import { rulebook } from "./rules.mjs";

/** One event and the clause that decided it (`also`: the clauses it rests on besides). */
const decided = (event, clause, why, also = []) => ({ event, clause, why, also });

/** Apply `action` to `game` (raising IllegalAction when refused) and return each event with the
 * clause that decided it. */
export function applyDecided(game, action, player = null) {
  const before = game.copy();
  const events = game.apply(action, player);
  return decide(before, game, events);
}

/** The clause of each of `events`, caused by one move from `before` to `after`. */
export function decide(before, after, events) {
  const trick = before.trick.map((entry) => [...entry]);
  const played = events.filter((e) => e[0] === "play");
  if (played.length) trick.push([played[0][1], played[0][2]]);
  return events.map((event) => {
    switch (event[0]) {
      case "play": return playDecided(before, event);
      case "decline": return decided(event, "R-FOLLOW-5", "void in the led suit: he may decline", ["R-DECL-1"]);
      case "take": return decided(event, "R-DECL-2", "the decliner takes one card of the trick", ["R-DECL-4"]);
      case "out": return decided(event, "R-OUT-1", "no card left: saved, leaves the game", ["R-OUT-2"]);
      case "trick": return trickDecided(event, trick);
      case "lead": return leadDecided(before, event, trick, events);
      case "game-over": return gameOverDecided(after, event, events);
      default: return seriesDecided(event, before.dealt, events);
    }
  });
}

/** A card led or played (R-LEAD-2, R-LEAD-3, R-FOLLOW-2, R-FOLLOW-5, R-JOKER-3). */
function playDecided(before, event) {
  const card = event[2];
  if (!before.trick.length) {
    if (before.forced >= 0) return decided(event, "R-LEAD-2", "the first lead: the last card dealt to the leader", ["R-LEAD-1"]);
    return decided(event, "R-LEAD-3", "the leader may lead any card");
  }
  if (!before.followMask) return decided(event, "R-JOKER-3", "a Joker was led: any card may be played");
  if (card >= JOKER) return decided(event, "R-FOLLOW-5", "void in the led suit: he may play a Joker", ["R-JOKER-2"]);
  return decided(event, "R-FOLLOW-2", "a card of the led suit", ["R-FOLLOW-3"]);
}

/** Who won the trick (R-TRICK-1, R-JOKER-1, R-JOKER-4) and how it ended. */
function trickDecided(event, trick) {
  const jokers = trick.filter(([, card]) => card >= JOKER).length;
  const ended = event[2] ? ["R-TRICK-2"] : ["R-DECL-1", "R-DECL-4"];
  if (jokers >= 2) return decided(event, "R-JOKER-4", "both Jokers fell: the first Joker played is highest", ["R-TRICK-1", ...ended]);
  if (jokers === 1) return decided(event, "R-JOKER-1", "a Joker is higher than every other card", ["R-TRICK-1", ...ended]);
  return decided(event, "R-TRICK-1", "the highest card of the led suit", ended);
}

/** Who leads next, and why (R-NEXT-1 … R-NEXT-6). */
function leadDecided(before, event, trick, events) {
  const [, leader, why] = event;
  if (why === "winner") {
    const taken = events.filter((e) => e[0] === "take").map((e) => e[2]);
    const best = trick.filter(([p]) => p === leader).map(([, card]) => card);
    if (taken.length && best.length && best.includes(taken[0])) {
      return decided(event, "R-NEXT-2", "the winner leads even though his card was taken", ["R-NEXT-1"]);
    }
    return decided(event, "R-NEXT-1", "the player of the highest card leads");
  }
  if (why === "highest-remaining") {
    const own = trick.filter(([p]) => p === leader).map(([, card]) => card);
    if (own.length && own[0] >= JOKER) {
      return decided(event, "R-NEXT-6", "the first Joker's player is out: the second Joker's plays", ["R-NEXT-3"]);
    }
    return decided(event, "R-NEXT-3", "the winner is out: the highest card remaining, regardless of suit");
  }
  if (why === "tie-break") {
    const nearest = before.rules.tieAny ? "any-nearest" : "tied-nearest";
    return decided(event, "R-NEXT-4", `equal ranks: the nearest to the leader's right (${nearest})`, ["R-NEXT-3"]);
  }
  return decided(event, "R-NEXT-5", "nobody of the trick holds a card: the taker leads");
}

/** Who loses (R-END-1 … R-END-4). */
function gameOverDecided(after, event, events) {
  const loser = event[1];
  if (!events.some((e) => e[0] === "trick")) return decided(event, "R-END-2", "end-check each-card: the game ends on the card", ["R-END-1"]);
  if (after.dealt === 2 && after.holders === 0) {
    return decided(event, "R-END-4", "both players of a two-player game went out in one trick", ["R-END-3"]);
  }
  if (loser !== null) return decided(event, "R-END-1", "only one player holds cards: he loses", ["R-END-2"]);
  return decided(event, "R-END-3", "the last players all went out in one trick: nobody loses");
}

/** A series event (R-SERIES-*); `seats`: the number of players dealt in. */
export function seriesDecided(event, seats, events = []) {
  const kind = event[0];
  if (kind === "eliminated") return decided(event, "R-SERIES-1", "the loser is eliminated from the series");
  if (kind === "champion") return decided(event, "R-SERIES-3", "the last player left is the champion");
  if (kind === "next-dealer") {
    if (seats === 2) return decided(event, "R-SERIES-7", "two players: no series, game after game");
    if (events.some((e) => e[0] === "eliminated")) {
      return decided(event, "R-SERIES-4", "after a game with a loser (option next-dealer)", ["R-SERIES-5"]);
    }
    return decided(event, "R-SERIES-6", "after a game with no loser (option no-loser-dealer)", ["R-SERIES-2"]);
  }
  return decided(event, "R-DEAL-1", "a new game is dealt");
}

/** The clause that allows a legal `action` of the player to move. */
export function legalClause(game, action) {
  if (action >= TAKE_BASE || game.phase === TAKE) return "R-DECL-2";
  if (!game.trick.length) return game.forced >= 0 ? "R-LEAD-2" : "R-LEAD-3";
  if (!game.followMask) return "R-JOKER-3";
  return action === DECLINE || action === JOKER_ACTION ? "R-FOLLOW-5" : "R-FOLLOW-2";
}

/** The clause behind the refusal `code` of `action` in `game` (null: a matter of notation). */
export function refusalClause(game, action, code) {
  if (code !== "cannot-decline") return rulebook().refusal_clauses[code] ?? null; // decisions.REFUSAL_CLAUSES
  if (!game.trick.length) return "R-LEAD-3";
  if (!game.followMask) return "R-JOKER-3";
  return game.hands[game.toMove] & game.followMask ? "R-FOLLOW-4" : "R-FOLLOW-5";
}
