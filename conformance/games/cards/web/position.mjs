// Positions and snapshots: a game to and from plain JSON data (a port of
// reference/cards/position.py, docs/cards-contract.md "Setup" and "State snapshot").
import { BITS, FULL_DECK, JOKER, Pack, SUIT_MASKS, count, formatCard, formatCards, has, parseCard } from "./deck.mjs";
import { InvalidInput, InvalidPosition, pyRepr } from "./errors.mjs";
import { Game, OVER, PHASES, TAKE } from "./game.mjs";
import { Rules } from "./rules.mjs";
import { get, integer, isMapping, listing, malformed, mapping, optionalListing } from "./setup.mjs";

const bad = (message, code = "bad-position") => new InvalidPosition(code, message);

/** A seat: bad-setup unless an integer, bad-position outside 0..n-1. */
function seatOf(value, n, field) {
  const s = integer(value, field);
  if (!(s >= 0 && s < n)) throw bad(`${field} must be a seat number 0..${n - 1}, not ${pyRepr(value)}`);
  return s;
}

/** A Pack whose errors name the field of the position they are in. */
class FieldPack extends Pack {
  card(token, where) {
    try {
      return this.read(token);
    } catch (error) {
      if (error instanceof InvalidInput) throw bad(`${where}: ${error.message}`, error.code);
      throw error;
    }
  }

  cards(tokens, where) {
    let mask = 0n;
    for (const token of listing(tokens, where)) mask |= BITS[this.card(token, where)];
    return mask;
  }
}

/** A game from a position: players, hands, leader, optional trick, taking, forced, out_of_play,
 * dealt and went_out. Refuses an impossible position with InvalidPosition (R-SETUP-4 … R-SETUP-7). */
export function fromPosition(position, rules = Rules.of()) {
  return build(position, rules, true);
}

function build(position, rules, checkPlayable) {
  mapping(position, "position");
  const handsData = listing(get(position, "hands"), "position.hands");
  const n = integer(get(position, "players", handsData.length), "position.players");
  if (!(n >= 2 && n <= 10)) throw bad(`a game has 2 to 10 players, not ${pyRepr(n)} (R-MAT-2)`, "bad-players");
  if (handsData.length !== n) throw bad(`hands must be a list of ${n} card lists, not ${handsData.length}`);
  const pack = new FieldPack();
  const hands = handsData.map((h, i) => pack.cards(h, `hands[${i}]`));
  const trick = [];
  optionalListing(get(position, "trick"), "trick").forEach((entry, i) => {
    if (!isMapping(entry) || !Object.hasOwn(entry, "player") || !Object.hasOwn(entry, "card")) {
      throw malformed(`trick[${i}] must be {'player': seat, 'card': card}`);
    }
    trick.push([seatOf(entry.player, n, `trick[${i}].player`), pack.card(entry.card, `trick[${i}]`)]);
  });
  const outData = get(position, "out_of_play");
  let outMask;
  if (outData === null) outMask = FULL_DECK & ~pack.used;
  else {
    outMask = pack.cards(outData, "out_of_play");
    if (pack.used !== FULL_DECK) {
      throw bad(`hands, trick and out_of_play hold ${count(pack.used)} cards, not the 54 of the pack`);
    }
  }
  const game = new Game(n, rules);
  game.hands = hands;
  game.outOfPlay = outMask;
  game.holders = hands.filter(Boolean).length;
  const dealt = integer(get(position, "dealt", n), "dealt");
  if (!(dealt >= 2 && dealt <= n)) {
    throw bad(`dealt (how many players were dealt into this game) must be 2..${n}, not ${pyRepr(dealt)}`);
  }
  game.dealt = dealt;
  const wentOut = optionalListing(get(position, "went_out"), "went_out").map((s, i) => seatOf(s, n, `went_out[${i}]`));
  if (new Set(wentOut).size !== wentOut.length) throw bad("went_out must list distinct seats");
  for (const seat of wentOut) if (hands[seat]) throw bad(`P${seat + 1} still holds cards: he has not gone out`);
  game.wentOut = wentOut;
  const leader = seatOf(get(position, "leader"), n, "leader");
  game.leader = leader;
  replayTrick(game, trick);
  const forced = get(position, "forced");
  if (forced !== null) {
    let card = parseCard(forced);
    if (trick.length) throw bad("only the first lead of a game can be forced");
    if (card === JOKER && !has(hands[leader], JOKER)) card += 1;
    if (!has(hands[leader], card)) throw bad(`the forced lead ${formatCard(card)} is not in the leader's hand`);
    game.forced = card;
  }
  const taking = get(position, "taking");
  if (taking !== null) {
    seatOf(taking, n, "taking");
    if (taking !== game.toMove) throw bad(`P${taking + 1} cannot be taking: P${game.toMove + 1} is the next to play`);
    if (!game.followMask || hands[taking] & game.followMask) throw bad(`P${taking + 1} could not have declined this trick`);
    game.phase = TAKE;
  }
  if (checkPlayable) {
    if (trick.length && game.toMove < 0) throw bad("every player has played to the trick: it is already complete", "trick-complete");
    if (game.toMove < 0 || !(hands[game.toMove] || game.phase === TAKE)) throw bad("the player to move has no card", "empty-hand-to-move");
    if (game.holders < 2 && (!trick.length || rules.endEachCard)) {
      // Under end-check: each-card the game ended on the card that left one holder (R-SETUP-4).
      throw bad("fewer than two players hold cards: the game is already over", "game-already-over");
    }
  }
  return game;
}

/** Set the trick in progress, checking it was played in turn and by the rules. */
function replayTrick(game, trick) {
  const { n, hands } = game;
  const played = new Set(trick.map(([p]) => p));
  if (played.size !== trick.length) throw bad("a player appears twice in the trick");
  if (trick.length && trick[0][0] !== game.leader) throw bad("the trick's first card must be the leader's");
  const inTrick = hands.flatMap((hand, p) => (hand || played.has(p) ? [p] : []));
  trick.forEach(([player, card], i) => {
    if (i === 0) {
      game.followMask = card >= JOKER ? 0n : SUIT_MASKS[Math.floor(card / 13)];
      game.best = player;
      game.bestCard = card;
    } else {
      const expected = nextIn(inTrick, trick[i - 1][0], n);
      if (player !== expected || player === game.leader) {
        throw bad(`trick[${i}] should be played by P${expected + 1}, not P${player + 1}`);
      }
      const follow = game.followMask;
      if (follow && !(follow & BITS[card]) && (card < JOKER || hands[player] & follow)) {
        throw bad(`trick[${i}]: P${player + 1} could not play ${formatCard(card)} to this trick`);
      }
      if (game.bestCard < JOKER && card > game.bestCard) {
        game.best = player;
        game.bestCard = card;
      }
    }
    game.trickMask |= BITS[card];
    game.trick.push([player, card]);
    game.lastPlayer = player;
    if (!hands[player]) game.outThisTrick += 1;
  });
  if (trick.length) {
    const next = nextIn(inTrick, trick[trick.length - 1][0], n);
    game.toMove = next === game.leader ? -1 : next;
  } else game.toMove = game.leader;
}

function nextIn(seats, after, n) {
  let q = (after + 1) % n;
  while (!seats.includes(q)) q = (q + 1) % n;
  return q;
}

/** The fields of a snapshot the contract compares, in their order. */
export function contractPart(game) {
  const phase = game.phase;
  return {
    players: game.n,
    hands: game.hands.map(formatCards),
    out_of_play: formatCards(game.outOfPlay),
    trick: game.trick.map(([p, c]) => ({ player: p, card: formatCard(c) })),
    leader: game.leader,
    to_move: phase === OVER ? null : game.toMove,
    phase: PHASES[phase],
    taking: phase === TAKE ? game.toMove : null,
    forced: game.forced < 0 ? null : formatCard(game.forced),
    over: phase === OVER,
    loser: game.loser,
    went_out: [...game.wentOut],
  };
}

/** The canonical JSON form of `game` (docs/cards-contract.md, "State snapshot"). */
export function snapshot(game) {
  return { ...contractPart(game), dealt: game.dealt, rules: { ...game.rules.options }, series: null };
}
