// A game told event by event in the words of `generala-kit play`, each line with the clause
// that decided it (a port of conformance/games/cards/arbiter/narrate.py).
import { count, iterCards, prettyCard } from "./deck.mjs";

/** The reason of a lead event, in words. */
export const WHY = {
  winner: "played the highest card",
  "highest-remaining": "the winner went out; highest card among those still holding cards",
  "tie-break": "the winner went out; tie broken towards the previous leader's right",
  taker: "everyone in the trick went out; the player who took a card leads",
};

const line = (text, clause = null, why = "") => ({ text, clause, why });

/** The deal of `game` by `dealer`: who dealt, each hand, and the forced first lead when there
 * is one (R-DEAL-1, R-DEAL-2, R-LEAD-2). */
export function dealLines(game, dealer) {
  const lines = [line(`P${dealer + 1} deals.`, "R-DEAL-1", "every card, one at a time, from the dealer's right")];
  for (const p of game.holding()) {
    const cards = iterCards(game.hands[p]).map(prettyCard).join(" ");
    lines.push(line(`P${p + 1} (${count(game.hands[p])}): ${cards}`, "R-DEAL-2", "hands differ by at most one card"));
  }
  if (game.forced >= 0) {
    lines.push(line(`P${game.leader + 1} must lead ${prettyCard(game.forced)}, the last card dealt to him.`, "R-LEAD-2",
      "the first lead: the last card dealt to the leader"));
  }
  return lines;
}

const WORDS = {
  play: (name, e) => `${name} ${prettyCard(e[2])}`,
  decline: (name) => `${name} declines`,
  take: (name, e) => `and takes ${prettyCard(e[2])}`,
  out: (name) => `(${name} is out)`,
  trick: (name, e) => `${name} played the highest card${e[2] ? "" : " (trick ended by a decline)"}.`,
  lead: (name, e) => `→ ${name} leads next: ${WHY[e[2]]}.`,
  "game-over": (name, e) => `Game over: ${e[1] === null ? "nobody loses" : name + " loses"}.`,
  eliminated: (name) => `${name} is eliminated from the series.`,
  "next-dealer": (name, e) => `${name} deals next${e[2] ? "" : " (and sits out the game)"}.`,
  champion: (name) => `${name} is the champion!`,
  deal: (name) => `${name} deals.`,
};

/** The words of `generala-kit play` for one event of the engine. */
export const eventWords = (event) => WORDS[event[0]](event[1] === null ? "" : `P${event[1] + 1}`, event);

/** One decided event of a move, in words, with its clause. */
export const told = (decided) => line(eventWords(decided.event), decided.clause, decided.why);
