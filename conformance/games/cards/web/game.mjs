// One game of Générala as a small state machine: legalActions, apply, isOver (a port of
// reference/cards/game.py). Seats are 0 … n-1 in play order (seat i + 1 is "to the right of"
// seat i, R-MAT-5); hands are BigInt bitmasks (deck.mjs); actions small ints (actions.mjs);
// events arrays (events.mjs).
import { DECLINE, JOKER_ACTION, TAKE_BASE, cardsAsActions } from "./actions.mjs";
import { BITS, JOKER, JOKERS, SUIT_MASKS, formatCard, has, rank, rankedCards } from "./deck.mjs";
import { IllegalAction, InvalidPosition } from "./errors.mjs";
import { shuffled } from "../../../core/web/pyrandom.mjs";
import { Rules } from "./rules.mjs";

export const PLAY = 0;
export const TAKE = 1;
export const OVER = 2;
export const PHASES = ["play", "take", "over"];

const FIELDS = ["n", "rules", "hands", "outOfPlay", "trick", "trickMask", "followMask", "best", "bestCard",
  "leader", "toMove", "phase", "forced", "holders", "wentOut", "outThisTrick", "lastPlayer", "loser", "dealt"];

/** The state of one game, changed only by apply(). */
export class Game {
  constructor(n, rules = Rules.of()) {
    this.n = n;
    this.rules = rules;
    this.hands = Array(n).fill(0n);
    this.outOfPlay = 0n;
    this.trick = []; // [player, card] pairs
    this.trickMask = 0n;
    this.followMask = 0n;
    this.best = -1;
    this.bestCard = -1;
    this.leader = 0;
    this.toMove = 0;
    this.phase = PLAY;
    this.forced = -1;
    this.holders = 0;
    this.wentOut = [];
    this.outThisTrick = 0;
    this.lastPlayer = -1;
    this.loser = null;
    this.dealt = n;
  }

  // ------------------------------------------------------------------ set-up

  /** Deal a new game (R-DEAL-1): every card, one at a time, from the dealer's right, to the
   * `seated` players (default: all). `deck` is the 54-card order, top first; without it the
   * deck is shuffled as Python's random.Random(seed) does. The dealer need not be seated
   * (R-SERIES-5). The player on the dealer's right leads; under first-lead: forced-last-dealt
   * he must lead the last card dealt to him (R-LEAD-1, R-LEAD-2). */
  static fromDeal(players, dealer, deck = null, { seed = null, rules = Rules.of(), seated = null } = {}) {
    if (!(players >= 2 && players <= 10)) {
      throw new InvalidPosition("bad-players", `a game has 2 to 10 players, not ${players} (R-MAT-2)`);
    }
    if (!(dealer >= 0 && dealer < players)) {
      throw new InvalidPosition("bad-dealer", `dealer ${dealer} is not a seat of 0..${players - 1}`);
    }
    const given = seated ?? Array.from({ length: players }, (_, s) => s);
    const seats = [...new Set(given)].sort((a, b) => a - b);
    const seatedLength = seated && seated.length ? seated.length : seats.length; // (Python: seated or seats)
    if (seats.length < 2 || !seats.every((s) => s >= 0 && s < players) || seats.length !== seatedLength) {
      throw new InvalidPosition("bad-seated", `seated must name at least 2 distinct seats of 0..${players - 1}`);
    }
    if (deck === null) deck = shuffled(Array.from({ length: 54 }, (_, c) => c), seed);
    else if (deck.length !== 54 || new Set(deck).size !== 54) {
      throw new InvalidPosition("bad-deck", "a deck must hold each of the 54 cards exactly once (R-MAT-1)");
    }
    const receivers = [];
    for (let s = dealer + 1; s < dealer + 1 + players; s += 1) if (seats.includes(s % players)) receivers.push(s % players);
    const game = new Game(players, rules);
    const m = receivers.length;
    receivers.forEach((seat, k) => { // the k-th receiver gets every m-th card from the k-th
      let hand = 0n;
      for (let i = k; i < 54; i += m) hand |= BITS[deck[i]];
      game.hands[seat] = hand;
    });
    game.leader = game.toMove = receivers[0];
    game.holders = m;
    game.dealt = m;
    if (rules.forcedFirstLead) game.forced = deck[Math.floor(53 / m) * m];
    return game;
  }

  /** An independent copy (for trying a move). */
  copy() {
    const other = Object.create(Game.prototype);
    for (const name of FIELDS) other[name] = this[name];
    other.hands = [...this.hands];
    other.trick = this.trick.map((entry) => [...entry]);
    other.wentOut = [...this.wentOut];
    return other;
  }

  // ---------------------------------------------------------------- queries

  /** Whether the game has ended (R-END-1). */
  get isOver() {
    return this.phase === OVER;
  }

  /** The legal actions of the player to move, as action ints (empty when over). */
  legalActions() {
    if (this.phase === PLAY) {
      const hand = this.hands[this.toMove];
      if (!this.trick.length) {
        if (this.forced >= 0) return [Math.min(this.forced, JOKER_ACTION)]; // R-LEAD-2
        return cardsAsActions(hand); // R-LEAD-3
      }
      const follow = this.followMask;
      if (!follow) return cardsAsActions(hand); // a Joker was led: any card (R-JOKER-3)
      const same = hand & follow;
      if (same) return cardsAsActions(same); // R-FOLLOW-2, R-FOLLOW-4
      return hand & JOKERS ? [JOKER_ACTION, DECLINE] : [DECLINE]; // R-FOLLOW-5
    }
    if (this.phase === TAKE) return rankedCards(this.trickMask).map((c) => TAKE_BASE + c); // R-DECL-2, R-DECL-3
    return [];
  }

  /** The seats that still hold cards, in seat order. */
  holding() {
    return this.hands.flatMap((hand, p) => (hand ? [p] : []));
  }

  // ----------------------------------------------------------------- moves

  /** Apply `action` for the player to move and return the events it caused. `player`, when
   * given, must be the player to move (not-your-turn). An illegal action raises IllegalAction
   * with a reason code and changes nothing. */
  apply(action, player = null) {
    if (this.phase === OVER) throw new IllegalAction("game-over", "the game is over");
    const p = this.toMove;
    if (player !== null && player !== p) throw new IllegalAction("not-your-turn", `P${p + 1} is to move, not P${player + 1}`);
    if (action >= TAKE_BASE) {
      if (action > TAKE_BASE + JOKER) throw new IllegalAction("bad-action", `no action has the number ${action}`);
      return this.take(p, action - TAKE_BASE);
    }
    if (this.phase === TAKE) {
      throw new IllegalAction("must-take", `P${p + 1} declined and must take a card of the trick (R-DECL-2)`);
    }
    if (action === DECLINE) return this.decline(p);
    if (action < 0) throw new IllegalAction("bad-action", `no action has the number ${action}`);
    return this.play(p, action);
  }

  /** Lead or follow with a card (R-LEAD-*, R-FOLLOW-*, R-JOKER-*, R-OUT-*). */
  play(p, action) {
    let hand = this.hands[p];
    const card = action !== JOKER_ACTION ? action : JOKER + (has(hand, JOKER) ? 0 : 1);
    if (!has(hand, card)) throw new IllegalAction("card-not-in-hand", `P${p + 1} does not hold ${formatCard(card)}`);
    const trick = this.trick;
    if (!trick.length) {
      const forced = this.forced;
      if (forced >= 0 && Math.min(forced, JOKER_ACTION) !== action) {
        throw new IllegalAction("forced-first-lead",
          `the first lead must be ${formatCard(forced)}, the last card dealt to P${p + 1} (R-LEAD-2)`);
      }
      this.forced = -1;
      this.leader = p;
      this.followMask = card >= JOKER ? 0n : SUIT_MASKS[Math.floor(card / 13)];
      this.best = p;
      this.bestCard = card;
      this.outThisTrick = 0;
    } else {
      const follow = this.followMask;
      if (follow && !(follow & BITS[card])) refuseOffSuit(p, card, hand & follow);
      if (this.bestCard < JOKER && card > this.bestCard) { // R-TRICK-1, R-JOKER-1, R-JOKER-4
        this.best = p;
        this.bestCard = card;
      }
    }
    hand ^= BITS[card];
    this.hands[p] = hand;
    trick.push([p, card]);
    this.trickMask |= BITS[card];
    this.lastPlayer = p;
    const events = [["play", p, card]];
    if (!hand) { // R-OUT-1
      this.holders -= 1;
      this.wentOut.push(p);
      this.outThisTrick += 1;
      events.push(["out", p]);
      if (this.rules.endEachCard && this.holders <= 1) { // end-check: each-card
        this.finish(events, this.soleHolder());
        return events;
      }
    }
    const { n, hands, leader } = this;
    let q = (p + 1) % n;
    while (q !== leader && !hands[q]) q = (q + 1) % n; // R-OUT-2
    if (q === leader) this.endTrick(events, true, -1);
    else this.toMove = q;
    return events;
  }

  /** Decline to play: only a player void in the led suit, in a trick not led by a Joker
   * (R-FOLLOW-4, R-FOLLOW-5, R-JOKER-3, R-LEAD-3). */
  decline(p) {
    if (!this.trick.length) throw new IllegalAction("cannot-decline", "the leader must lead a card (R-LEAD-3)");
    if (!this.followMask) throw new IllegalAction("cannot-decline", "nobody may decline a trick led by a Joker (R-JOKER-3)");
    if (this.hands[p] & this.followMask) {
      throw new IllegalAction("cannot-decline", `P${p + 1} holds the led suit and must follow (R-FOLLOW-4)`);
    }
    this.phase = TAKE;
    return [["decline", p]];
  }

  /** Take one non-Joker card of the trick; the trick ends (R-DECL-1 … R-DECL-4). */
  take(p, card) {
    if (this.phase !== TAKE) throw new IllegalAction("no-take-pending", "only a player who declined takes a card (R-DECL-2)");
    if (card >= JOKER) throw new IllegalAction("cannot-take-joker", "a Joker may not be taken (R-DECL-3)");
    if (!has(this.trickMask, card)) throw new IllegalAction("card-not-in-trick", `${formatCard(card)} is not in the trick`);
    this.hands[p] |= BITS[card];
    this.trickMask ^= BITS[card];
    const events = [["take", p, card]];
    this.endTrick(events, false, p);
    return events;
  }

  // ------------------------------------------------------------ trick end

  /** Turn the trick down (R-TRICK-2, R-DECL-4), end the game or name the next leader. */
  endTrick(events, complete, taker) {
    this.outOfPlay |= this.trickMask;
    events.push(["trick", this.best, complete]);
    const holders = this.holders;
    const twoOrMore = this.rules.noLoserTwoOrMore && this.outThisTrick >= 2;
    if (holders <= 1 || twoOrMore) {
      const loser = this.loserAtTrickEnd(holders, twoOrMore);
      this.clearTrick();
      this.finish(events, loser);
      return;
    }
    const [leader, why] = this.nextLeader(taker);
    this.clearTrick();
    this.leader = this.toMove = leader;
    this.phase = PLAY;
    events.push(["lead", leader, why]);
  }

  clearTrick() {
    this.trick = [];
    this.trickMask = 0n;
    this.followMask = 0n;
  }

  /** Who loses when the game ends at the end of a trick (R-END-1, R-END-3, R-END-4). */
  loserAtTrickEnd(holders, twoOrMore) {
    if (holders === 0 && this.dealt === 2 && this.rules.twoPlayerTieLoses) return this.lastPlayer;
    if (twoOrMore) return null;
    return this.soleHolder();
  }

  /** The one player still holding cards, or null when nobody does. */
  soleHolder() {
    const holding = this.holding();
    return holding.length === 1 ? holding[0] : null;
  }

  /** Who leads the next trick, and why (R-NEXT-1 … R-NEXT-6). */
  nextLeader(taker) {
    const hands = this.hands;
    if (hands[this.best]) return [this.best, "winner"]; // R-NEXT-1, R-NEXT-2
    let top = -1;
    let tied = [];
    for (const [player, card] of this.trick) { // R-NEXT-3, R-NEXT-6: the first Joker's player is out
      if (hands[player]) {
        const r = rank(card);
        if (r > top) {
          top = r;
          tied = [player];
        } else if (r === top) tied.push(player);
      }
    }
    if (!tied.length) return [taker, "taker"]; // R-NEXT-5
    if (tied.length === 1) return [tied[0], "highest-remaining"];
    const { n, leader } = this;
    if (this.rules.tieAny) { // tie-break: any-nearest
      let q = (leader + 1) % n;
      while (!hands[q]) q = (q + 1) % n;
      return [q, "tie-break"];
    }
    const distance = (q) => (((q - leader - 1) % n) + n) % n;
    const nearest = tied.reduce((a, b) => (distance(b) < distance(a) ? b : a)); // R-NEXT-4
    return [nearest, "tie-break"];
  }

  /** End the game (R-END-1). */
  finish(events, loser) {
    this.phase = OVER;
    this.toMove = -1;
    this.loser = loser;
    events.push(["game-over", loser]);
  }
}

/** Raise the reason a card outside the led suit is refused (R-FOLLOW-2, -4, -5). */
function refuseOffSuit(p, card, holdsLed) {
  if (holdsLed) {
    if (card >= JOKER) throw new IllegalAction("joker-only-when-void", `P${p + 1} holds the led suit: no Joker (R-FOLLOW-4)`);
    throw new IllegalAction("must-follow-suit", `P${p + 1} holds the led suit and must follow it (R-FOLLOW-2)`);
  }
  if (card < JOKER) {
    throw new IllegalAction("off-suit-card",
      `P${p + 1} is void in the led suit: a Joker or decline, not ${formatCard(card)} (R-FOLLOW-5)`);
  }
}
