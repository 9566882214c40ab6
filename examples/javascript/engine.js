#!/usr/bin/env node
// An independent Générala engine in JavaScript (Node.js 20, no dependencies)
// speaking the generala-kit JSON-lines protocol, version 1.
//
// Written from spec/cards/RULES.md (clause IDs R-...), docs/cards-contract.md and
// docs/protocol.md. One request per line on stdin, one reply per line on
// stdout; logs (none by default) would go to stderr.
//
// Run the conformance suite against it:
//   generala-kit check --adapter-cmd "node examples/javascript/engine.js"
'use strict';

const readline = require('readline');

// ---------------------------------------------------------------------------
// Rule options (spec/cards/options.yaml): every value of every option is supported.
// ---------------------------------------------------------------------------

const OPTIONS = {
  'first-lead': ['forced-last-dealt', 'free'],
  'next-dealer': ['loser', 'last-out'],
  'no-loser-dealer': ['same', 'right', 'last-out'],
  'two-player-dealer': ['loser', 'alternate'],
  'tie-break': ['tied-nearest', 'any-nearest'],
  'end-check': ['trick-end', 'each-card'],
  'no-loser': ['all-remaining', 'two-or-more'],
  'two-player-tie': ['no-loser', 'last-to-play-loses'],
};

const DEFAULTS = {
  'first-lead': 'forced-last-dealt',
  'next-dealer': 'loser',
  'no-loser-dealer': 'same',
  'two-player-dealer': 'loser',
  'tie-break': 'tied-nearest',
  'end-check': 'trick-end',
  'no-loser': 'all-remaining',
  'two-player-tie': 'no-loser',
};

const PROFILES = {
  default: {},
  fr: { 'first-lead': 'free', 'two-player-tie': 'last-to-play-loses' },
  fa: {
    'next-dealer': 'last-out',
    'no-loser-dealer': 'last-out',
    'tie-break': 'any-nearest',
    'no-loser': 'two-or-more',
    'two-player-tie': 'last-to-play-loses',
  },
};

/** An error that becomes an error reply: kind is illegal, bad-request or unsupported. */
class ProtocolError extends Error {
  constructor(kind, code, message) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

const illegal = (code, message) => new ProtocolError('illegal', code, message);
const badRequest = (message, code = 'bad-request') => new ProtocolError('bad-request', code, message);
const unsupported = (message) => new ProtocolError('unsupported', 'unsupported', message);

/** Resolve profile + rules into a full option map (R-* clauses naming options). */
function resolveRules(profile, rules) {
  const name = profile === undefined || profile === null ? 'default' : profile;
  if (!Object.prototype.hasOwnProperty.call(PROFILES, name)) {
    throw badRequest(`unknown profile: ${JSON.stringify(name)}`, 'unknown-profile');
  }
  const out = { ...DEFAULTS, ...PROFILES[name] };
  if (rules === undefined || rules === null) return out;
  if (typeof rules !== 'object' || Array.isArray(rules)) throw badRequest('rules must be an object', 'bad-setup');
  for (const [option, value] of Object.entries(rules)) {
    if (!Object.prototype.hasOwnProperty.call(OPTIONS, option)) {
      throw badRequest(`unknown rule option: ${JSON.stringify(option)}`, 'unknown-option');
    }
    if (!OPTIONS[option].includes(value)) {
      throw badRequest(`unknown value ${JSON.stringify(value)} for rule option ${option}`, 'unknown-option-value');
    }
    out[option] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Cards (R-MAT-1, R-MAT-3, R-MAT-4; notation of docs/cards-contract.md)
// ---------------------------------------------------------------------------

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['C', 'D', 'H', 'S'];
const JOKER = 'JK';
const SUIT_GLYPHS = { '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S', '♧': 'C', '♢': 'D', '♡': 'H', '♤': 'S' };

/** The 54-card pack (R-MAT-1): 52 cards and two copies of the Joker (R-MAT-4). */
const PACK = [...SUITS.flatMap((s) => RANKS.map((r) => r + s)), JOKER, JOKER];

/** Parse one card token in any accepted spelling; null when it is not a card. */
function parseCard(token) {
  if (typeof token !== 'string') return null;
  const t = token.trim().replace(/\uFE0F/g, '');
  const upper = t.toUpperCase();
  if (upper === 'JK' || upper === 'JOKER' || t === '🃏') return JOKER;
  const m = /^(10|[2-9TJQKA])(.)$/u.exec(upper);
  if (!m) return null;
  const rank = m[1] === 'T' ? '10' : m[1];
  const suit = SUITS.includes(m[2]) ? m[2] : SUIT_GLYPHS[m[2]];
  return suit ? rank + suit : null;
}

/** Parse a card of a setup or deck, or fail with a bad-request quoting the token. */
function setupCard(token, where) {
  const card = parseCard(token);
  if (card === null) throw badRequest(`${where}: not a card: ${JSON.stringify(token)}`, 'bad-card');
  return card;
}

const isJoker = (card) => card === JOKER;
const suitOf = (card) => (isJoker(card) ? null : card.slice(-1));

/** Rank value, 2 lowest, Joker highest (R-MAT-3, R-JOKER-1); suits have no order. */
const rankValue = (card) => (isJoker(card) ? 14 : RANKS.indexOf(card.slice(0, -1)));

/** Canonical sort key: suit C D H S, then rank, Jokers last (docs/cards-contract.md). */
const sortKey = (card) => (isJoker(card) ? 100 : SUITS.indexOf(suitOf(card)) * 13 + rankValue(card));
const sortCards = (cards) => [...cards].sort((a, b) => sortKey(a) - sortKey(b));

/** Check that cards use no card more often than the pack holds it. */
function checkNoExtraCopies(cards, where) {
  const counts = new Map();
  for (const c of cards) {
    counts.set(c, (counts.get(c) || 0) + 1);
    if (counts.get(c) > (isJoker(c) ? 2 : 1)) throw badRequest(`${where}: card ${c} appears too often`, 'duplicate-card');
  }
  return counts;
}

/** The cards of the pack not in `used` (a multiset). */
function remainingCards(used) {
  const counts = checkNoExtraCopies(used, 'cards');
  const rest = [];
  for (const c of PACK) {
    if (counts.get(c)) counts.set(c, counts.get(c) - 1);
    else rest.push(c);
  }
  return rest;
}

// ---------------------------------------------------------------------------
// Actions (docs/cards-contract.md "Actions")
// ---------------------------------------------------------------------------

/** Parse an action text into {kind: 'play'|'decline'|'take', card}; throws bad-action. */
function parseAction(text) {
  if (typeof text !== 'string') throw badRequest('apply: action must be a string');
  const bad = () => illegal('bad-action', `not an action: ${JSON.stringify(text)} (write e.g. 8H, JK, decline, take 8H)`);
  const words = text.trim().split(/\s+/);
  const first = words[0].toLowerCase();
  if (words.length === 1 && (first === 'decline' || first === 'pass')) return { kind: 'decline' };
  if (words.length === 2 && first === 'take') {
    const card = parseCard(words[1]);
    if (card === null) throw bad();
    return { kind: 'take', card };
  }
  if (words.length === 1) {
    const card = parseCard(words[0]);
    if (card !== null) return { kind: 'play', card };
  }
  throw bad();
}

// ---------------------------------------------------------------------------
// The game state
// ---------------------------------------------------------------------------

const next = (seat, n) => (seat + 1) % n;
/** Distance from seat `from` to seat `to` counting to the right (R-MAT-5). */
const distance = (from, to, n) => (to - from + n) % n;

function holders(g) {
  const out = [];
  for (let p = 0; p < g.players; p += 1) if (g.hands[p].length > 0) out.push(p);
  return out;
}

/**
 * Who plays next to the current trick (R-FOLLOW-1, R-OUT-2): the next player
 * after the last one to play, skipping players without cards, until the round
 * comes back to the leader. null when the trick is complete.
 */
function nextInTrick(g) {
  if (g.trick.length === 0) return g.leader;
  const played = new Set(g.trick.map((t) => t.player));
  let seat = g.trick[g.trick.length - 1].player;
  for (let k = 1; k < g.players; k += 1) {
    seat = next(seat, g.players);
    if (seat === g.leader) return null;
    if (!played.has(seat) && g.hands[seat].length > 0) return seat;
  }
  return null;
}

function toMove(g) {
  if (g.over) return null;
  if (g.taking !== null) return g.taking;
  return nextInTrick(g);
}

/** Remove one copy of card from a hand (hands are kept sorted). */
function removeCard(hand, card) {
  hand.splice(hand.indexOf(card), 1);
}

function addCard(hand, card) {
  hand.push(card);
  hand.sort((a, b) => sortKey(a) - sortKey(b));
}

/** A fresh game from a deal (R-DEAL-1, R-DEAL-2, R-LEAD-1, R-LEAD-2). */
function dealGame(players, dealer, deck, seated, rules) {
  // docs/cards-contract.md, "Refused setups": the type first, then the cards in order, then the count.
  if (!Array.isArray(deck)) throw badRequest('deck: must be a list of cards', 'bad-setup');
  const cards = deck.map((c, i) => setupCard(c, `deck[${i}]`));
  checkNoExtraCopies(cards, 'deck');
  if (cards.length !== 54) throw badRequest(`deck: must list the 54 cards, got ${cards.length}`, 'bad-deck');
  if (seated.length < 2) throw badRequest('seated: at least two players must be dealt in (R-MAT-2)', 'bad-seated');
  // R-DEAL-1: card k goes to the k-th seated player counting from the dealer's right.
  const order = [...seated].sort((a, b) => distance(dealer, a, players) - distance(dealer, b, players));
  if (order[0] === dealer) order.push(order.shift()); // a playing dealer is served last
  const hands = Array.from({ length: players }, () => []);
  cards.forEach((card, k) => hands[order[k % order.length]].push(card));
  const leader = order[0]; // R-LEAD-1: the player on the dealer's right leads
  const lastToLeader = cards[Math.floor(53 / order.length) * order.length];
  return {
    players,
    hands: hands.map(sortCards),
    outOfPlay: [],
    trick: [],
    leader,
    taking: null,
    // R-LEAD-2 (option first-lead): the first lead is the last card dealt to the leader.
    forced: rules['first-lead'] === 'forced-last-dealt' ? lastToLeader : null,
    over: false,
    loser: null,
    wentOut: [],
    dealt: order.length,
    rules,
  };
}

/** A JSON integer, or a bad-setup (a field of the wrong type, docs/cards-contract.md). */
function integerField(value, where) {
  if (!Number.isInteger(value)) throw badRequest(`${where}: must be an integer, got ${JSON.stringify(value)}`, 'bad-setup');
  return value;
}

/** A JSON list, or a bad-setup. */
function listField(value, where) {
  if (!Array.isArray(value)) throw badRequest(`${where}: must be a list, got ${JSON.stringify(value)}`, 'bad-setup');
  return value;
}

function seatOf(value, players, where, code = 'bad-position') {
  integerField(value, where);
  if (value < 0 || value >= players) {
    throw badRequest(`${where}: not a seat of a ${players}-player table: ${JSON.stringify(value)}`, code);
  }
  return value;
}

function checkPlayers(players, where) {
  integerField(players, where);
  if (players < 2 || players > 10) {
    throw badRequest(`players: must be 2 to 10 (R-MAT-2), got ${JSON.stringify(players)}`, 'bad-players');
  }
}

/** A game from a `deal` setup (new series or single game). */
function startDeal(deal, rules) {
  if (typeof deal !== 'object' || deal === null) throw badRequest('deal must be an object', 'bad-setup');
  checkPlayers(deal.players, 'deal.players');
  const dealer = seatOf(deal.dealer, deal.players, 'deal.dealer', 'bad-dealer');
  let seated = [...Array(deal.players).keys()];
  if (deal.seated !== undefined && deal.seated !== null) {
    seated = listField(deal.seated, 'deal.seated').map((s, i) => seatOf(s, deal.players, `deal.seated[${i}]`, 'bad-seated'));
    if (new Set(seated).size !== seated.length) throw badRequest('deal.seated lists a seat twice', 'bad-seated');
  }
  return dealGame(deal.players, dealer, deal.deck, seated, rules);
}

/** A game from a `position` setup (any moment of a game, e.g. a snapshot). */
function startPosition(pos, rules) {
  if (typeof pos !== 'object' || pos === null || Array.isArray(pos)) throw badRequest('position must be an object', 'bad-setup');
  checkPlayers(pos.players, 'position.players');
  const n = pos.players;
  if (listField(pos.hands, 'position.hands').length !== n) throw badRequest(`position.hands: must list ${n} hands`, 'bad-position');
  const hands = pos.hands.map((h, p) => sortCards(listField(h, `position.hands[${p}]`).map((c, i) => setupCard(c, `position.hands[${p}][${i}]`))));
  const leader = seatOf(pos.leader, n, 'position.leader');
  const trickIn = pos.trick === undefined || pos.trick === null ? [] : pos.trick;
  listField(trickIn, 'position.trick');
  const trick = trickIn.map((t, i) => {
    if (typeof t !== 'object' || t === null) throw badRequest(`position.trick[${i}]: must be {player, card}`, 'bad-setup');
    return { player: seatOf(t.player, n, `position.trick[${i}].player`), card: setupCard(t.card, `position.trick[${i}].card`) };
  });
  if (trick.length > 0 && trick[0].player !== leader) throw badRequest('position.trick: the first card must be the leader\'s', 'bad-position');
  if (new Set(trick.map((t) => t.player)).size !== trick.length) throw badRequest('position.trick: a player plays twice', 'bad-position');
  // R-FOLLOW-1, R-OUT-2: the trick is played in turn from the leader, skipping only players without cards.
  const inTrick = (p) => hands[p].length > 0 || trick.some((t) => t.player === p);
  trick.slice(1).forEach((t, i) => {
    let next = (trick[i].player + 1) % n;
    while (!inTrick(next)) next = (next + 1) % n;
    if (t.player !== next || t.player === leader) {
      throw badRequest(`position.trick[${i + 1}]: P${next + 1} plays next, not P${t.player + 1}`, 'bad-position');
    }
  });
  // R-FOLLOW-2, R-FOLLOW-4, R-FOLLOW-5: a follower off the led suit must be void in it and play a Joker.
  const led = trick.length > 0 ? suitOf(trick[0].card) : null;
  trick.slice(1).forEach((t, i) => {
    if (led !== null && suitOf(t.card) !== led && (!isJoker(t.card) || hands[t.player].some((c) => suitOf(c) === led))) {
      throw badRequest(`position.trick[${i + 1}]: P${t.player + 1} could not have played ${t.card}`, 'bad-position');
    }
  });
  const used = [...hands.flat(), ...trick.map((t) => t.card)];
  let outOfPlay;
  if (pos.out_of_play === undefined || pos.out_of_play === null) {
    outOfPlay = remainingCards(used);
  } else {
    listField(pos.out_of_play, 'position.out_of_play');
    outOfPlay = pos.out_of_play.map((c, i) => setupCard(c, `position.out_of_play[${i}]`));
    const all = [...used, ...outOfPlay];
    checkNoExtraCopies(all, 'position');
    if (all.length !== 54) throw badRequest(`position: hands + trick + out_of_play must be the 54 cards, got ${all.length}`, 'bad-position');
  }
  checkNoExtraCopies(used, 'position');
  const taking = pos.taking === undefined || pos.taking === null ? null : seatOf(pos.taking, n, 'position.taking');
  if (taking !== null && trick.length === 0) throw badRequest('position.taking: nobody can take from an empty trick', 'bad-position');
  let forced = null;
  if (pos.forced !== undefined && pos.forced !== null) {
    forced = setupCard(pos.forced, 'position.forced');
    if (trick.length > 0) throw badRequest('position.forced: only before the first lead', 'bad-position');
    if (!hands[leader].includes(forced)) throw badRequest('position.forced: the leader does not hold that card', 'bad-position');
  }
  const wentOut = pos.went_out === undefined || pos.went_out === null ? [] : listField(pos.went_out, 'position.went_out').map((s, i) => seatOf(s, n, `position.went_out[${i}]`));
  if (new Set(wentOut).size !== wentOut.length || wentOut.some((p) => hands[p].length > 0)) {
    throw badRequest('position.went_out: must list players without cards, once each', 'bad-position');
  }
  const dealt = pos.dealt === undefined || pos.dealt === null ? n : integerField(pos.dealt, 'position.dealt');
  if (dealt < 2 || dealt > n) throw badRequest('position.dealt: must be 2 to players', 'bad-position');
  const g = {
    players: n,
    hands,
    outOfPlay: sortCards(outOfPlay),
    trick,
    leader,
    taking: null,
    forced,
    over: false,
    loser: null,
    wentOut,
    dealt,
    rules,
  };
  if (trick.length === 0 && hands[leader].length === 0) {
    throw badRequest('position: the leader is to move and holds no card', 'empty-hand-to-move');
  }
  const mover = toMove(g);
  if (mover === null) throw badRequest('position: the trick is already complete', 'trick-complete');
  if (taking !== null) {
    // R-DECL-1 with R-FOLLOW-4, R-FOLLOW-5, R-JOKER-3: only the player to move, void in the led suit, declines.
    const suit = ledSuit(g);
    if (taking !== mover || suit === null || hands[taking].some((c) => suitOf(c) === suit)) {
      throw badRequest('position.taking: that player could not have declined', 'bad-position');
    }
    g.taking = taking;
  }
  // Under each-card the game ended on the card that left one holder: with a trick under way too.
  if ((trick.length === 0 || rules['end-check'] === 'each-card') && holders(g).length < 2) {
    throw badRequest('position: fewer than two players hold cards', 'game-already-over');
  }
  return g;
}

// ---------------------------------------------------------------------------
// Legal actions and the reason a move is refused
// ---------------------------------------------------------------------------

/** Led suit of the current trick, or null when no trick or a Joker lead (R-FOLLOW-3, R-JOKER-3). */
const ledSuit = (g) => (g.trick.length === 0 ? null : suitOf(g.trick[0].card));

/**
 * Why `player` may not make the action, or null when it is legal; codes in the
 * precedence order of docs/cards-contract.md.
 */
function refusal(g, action, player) {
  if (g.over) return ['game-over', 'the game is over'];
  const mover = toMove(g);
  if (player !== undefined && player !== null && player !== mover) {
    return ['not-your-turn', `P${mover + 1} is to move, not P${player + 1}`];
  }
  const hand = g.hands[mover];
  if (g.taking !== null) {
    // R-DECL-2: the decliner must take a card of the trick, and nothing else.
    if (action.kind !== 'take') return ['must-take', `P${mover + 1} declined and must take a card of the trick`];
    if (isJoker(action.card)) return ['cannot-take-joker', 'a Joker may not be taken (R-DECL-3)'];
    if (!g.trick.some((t) => t.card === action.card)) return ['card-not-in-trick', `${action.card} is not in the trick`];
    return null;
  }
  if (action.kind === 'take') return ['no-take-pending', 'nobody has declined'];
  if (action.kind === 'play' && !hand.includes(action.card)) {
    return ['card-not-in-hand', `P${mover + 1} does not hold ${action.card}`];
  }
  const suit = ledSuit(g);
  const holdsLed = suit !== null && hand.some((c) => suitOf(c) === suit);
  if (action.kind === 'decline') {
    // R-LEAD-3 (the leader may not decline), R-FOLLOW-4, R-JOKER-3.
    if (g.trick.length === 0) return ['cannot-decline', 'the leader may not decline (R-LEAD-3)'];
    if (suit === null) return ['cannot-decline', 'nobody may decline to a Joker lead (R-JOKER-3)'];
    if (holdsLed) return ['cannot-decline', `P${mover + 1} holds the led suit (R-FOLLOW-4)`];
    return null; // R-FOLLOW-5
  }
  if (g.trick.length === 0) {
    // R-LEAD-2: the forced first lead; R-LEAD-3: otherwise any card.
    if (g.forced !== null && action.card !== g.forced) {
      return ['forced-first-lead', `the first lead must be ${g.forced}, the last card dealt to the leader`];
    }
    return null;
  }
  if (suit === null) return null; // R-JOKER-3: any card after a Joker lead
  if (isJoker(action.card)) {
    return holdsLed ? ['joker-only-when-void', `P${mover + 1} holds the led suit (R-FOLLOW-4)`] : null;
  }
  if (suitOf(action.card) === suit) return null; // R-FOLLOW-2
  if (holdsLed) return ['must-follow-suit', `P${mover + 1} holds the led suit (R-FOLLOW-2)`];
  return ['off-suit-card', 'a void player plays a Joker or declines (R-FOLLOW-5)'];
}

/** Every legal action, in canonical order: cards, then decline; or the takes. */
function legalActions(g) {
  if (g.over) return [];
  if (g.taking !== null) {
    const cards = sortCards(new Set(g.trick.map((t) => t.card).filter((c) => !isJoker(c))));
    return cards.map((c) => `take ${c}`);
  }
  const mover = toMove(g);
  const out = [];
  for (const card of new Set(g.hands[mover])) {
    if (refusal(g, { kind: 'play', card }, mover) === null) out.push(card);
  }
  if (refusal(g, { kind: 'decline' }, mover) === null) out.push('decline');
  return out;
}

// ---------------------------------------------------------------------------
// Applying an action
// ---------------------------------------------------------------------------

/** Winner of a trick: the first Joker, else the highest card of the led suit (R-TRICK-1, R-JOKER-4). */
function trickWinner(trick) {
  const joker = trick.find((t) => isJoker(t.card));
  if (joker) return joker.player;
  const suit = suitOf(trick[0].card);
  let best = trick[0];
  for (const t of trick) if (suitOf(t.card) === suit && rankValue(t.card) > rankValue(best.card)) best = t;
  return best.player;
}

/** Who leads next, and why (R-NEXT-1 to R-NEXT-6, option tie-break). */
function nextLeader(g, trick, winner, taker) {
  if (g.hands[winner].length > 0) return [winner, 'winner']; // R-NEXT-1, R-NEXT-2
  // R-NEXT-3, R-NEXT-6: the highest card regardless of suit among the trick's players who still hold a card.
  const candidates = trick.filter((t) => g.hands[t.player].length > 0);
  if (candidates.length === 0) return [taker, 'taker']; // R-NEXT-5
  const top = Math.max(...candidates.map((t) => rankValue(t.card)));
  const tied = candidates.filter((t) => rankValue(t.card) === top).map((t) => t.player);
  if (tied.length === 1) return [tied[0], 'highest-remaining'];
  // R-NEXT-4: several players tie with cards of equal rank.
  const pool = g.rules['tie-break'] === 'tied-nearest' ? tied : holders(g);
  const nearest = pool.filter((p) => p !== g.leader)
    .sort((a, b) => distance(g.leader, a, g.players) - distance(g.leader, b, g.players))[0];
  return [nearest, 'tie-break'];
}

/**
 * Whether the game is over, and its loser (R-END-1 to R-END-4, options
 * end-check, no-loser, two-player-tie). `outHere` are the players who played
 * their last card in the current trick, in order; `trickOver` is false for the
 * check after a card under end-check each-card. Returns undefined while the
 * game goes on, else the loser (a seat or null).
 */
function endOfGame(g, outHere, trickOver) {
  const left = holders(g);
  // R-END-4, value last-to-play-loses: it prevails over no-loser two-or-more.
  if (left.length === 0 && g.dealt === 2 && g.rules['two-player-tie'] === 'last-to-play-loses' && outHere.length === 2) {
    return outHere[1];
  }
  // AMB-8 value two-or-more: decided when the trick is over, even under end-check each-card.
  if (trickOver && g.rules['no-loser'] === 'two-or-more' && outHere.length >= 2) return null;
  if (left.length >= 2) return undefined;
  if (left.length === 1) return left[0]; // R-END-1
  return null; // R-END-3: every remaining player went out in this trick

}

/** Players of the current trick who have now run out of cards, in play order. */
const outInTrick = (g) => g.trick.map((t) => t.player).filter((p) => g.hands[p].length === 0);

function finishGame(g, loser, events) {
  g.over = true;
  g.loser = loser;
  events.push({ type: 'game-over', loser });
}

/** End the current trick: winner, cards out of play, then the next lead or the end (R-TRICK-2, R-DECL-4). */
function endTrick(g, events, complete, taker) {
  const trick = g.trick;
  const winner = trickWinner(trick);
  events.push({ type: 'trick', winner, complete });
  const outHere = outInTrick(g);
  const loser = endOfGame(g, outHere, true);
  g.trick = [];
  g.taking = null;
  const turnedDown = trick.map((t) => t.card);
  if (taker !== null) turnedDown.splice(turnedDown.indexOf(taker.card), 1); // R-DECL-4: the taken card is in a hand
  g.outOfPlay = sortCards([...g.outOfPlay, ...turnedDown]);
  if (loser !== undefined) {
    finishGame(g, loser, events);
    return;
  }
  const [leader, why] = nextLeader(g, trick, winner, taker === null ? null : taker.player);
  g.leader = leader;
  events.push({ type: 'lead', player: leader, why });
}

/** Apply a legal action to g, returning its events (R-FOLLOW-*, R-DECL-*, R-OUT-*, R-END-*). */
function applyAction(g, action) {
  const mover = toMove(g);
  const events = [];
  if (action.kind === 'take') {
    // R-DECL-2, R-DECL-4: the card goes to the decliner's hand, the trick ends.
    events.push({ type: 'take', player: mover, card: action.card });
    addCard(g.hands[mover], action.card); // the taken card still counts as played (R-NEXT-3)
    endTrick(g, events, false, { player: mover, card: action.card });
    return events;
  }
  if (action.kind === 'decline') {
    // R-DECL-1: the trick ends at once; the decliner must now take a card.
    events.push({ type: 'decline', player: mover });
    g.taking = mover;
    return events;
  }
  if (g.trick.length === 0) g.leader = mover;
  g.forced = null;
  removeCard(g.hands[mover], action.card);
  g.trick.push({ player: mover, card: action.card });
  events.push({ type: 'play', player: mover, card: action.card });
  if (g.hands[mover].length === 0) {
    // R-OUT-1, R-OUT-2: he is saved and leaves the game; the trick goes on.
    g.wentOut.push(mover);
    events.push({ type: 'out', player: mover });
    if (g.rules['end-check'] === 'each-card') {
      const loser = endOfGame(g, outInTrick(g), false);
      if (loser !== undefined) {
        finishGame(g, loser, events);
        return events;
      }
    }
  }
  if (nextInTrick(g) === null) endTrick(g, events, true, null); // R-TRICK-2
  return events;
}

// ---------------------------------------------------------------------------
// Series (R-SERIES-1 to R-SERIES-8, options next-dealer, no-loser-dealer, two-player-dealer)
// ---------------------------------------------------------------------------

function newSeries(players, dealer) {
  return {
    seats: players,
    active: [...Array(players).keys()],
    eliminated: [],
    dealer,
    games: 1,
    champion: null,
    next_dealer: null,
    over: false,
  };
}

/** The series events after a game is over. */
function seriesAfterGame(g, s, events) {
  const rules = g.rules;
  const loser = g.loser;
  const lastOut = g.wentOut.length > 0 ? g.wentOut[g.wentOut.length - 1] : s.dealer;
  const nextActive = (seat) => {
    for (let k = 1; k <= s.seats; k += 1) {
      const p = (seat + k) % s.seats;
      if (s.active.includes(p)) return p;
    }
    return seat;
  };
  let dealer;
  if (s.seats === 2) {
    // R-SERIES-7: no series with two players, only game after game.
    if (rules['two-player-dealer'] === 'alternate') dealer = s.active.find((p) => p !== s.dealer);
    else if (loser !== null) dealer = loser;
  } else if (loser !== null) {
    // R-SERIES-1: the loser is eliminated for the rest of the series.
    s.active = s.active.filter((p) => p !== loser);
    s.eliminated.push(loser);
    events.push({ type: 'eliminated', player: loser });
    if (s.active.length === 1) {
      // R-SERIES-3: the last player left is the champion.
      s.champion = s.active[0];
      s.over = true;
      events.push({ type: 'champion', player: s.champion });
      return;
    }
    // R-SERIES-4 (option next-dealer).
    dealer = rules['next-dealer'] === 'loser' ? loser : lastOut;
  }
  if (dealer === undefined) {
    // R-SERIES-6 (option no-loser-dealer), also for two players under two-player-dealer: loser.
    if (rules['no-loser-dealer'] === 'same') dealer = s.dealer;
    else if (rules['no-loser-dealer'] === 'right') dealer = nextActive(s.dealer);
    else dealer = lastOut;
  }
  s.next_dealer = dealer;
  // R-SERIES-5: a dealer who is not in the series any more deals without playing.
  events.push({ type: 'next-dealer', player: dealer, plays: s.active.includes(dealer) });
}

// ---------------------------------------------------------------------------
// Snapshot (docs/cards-contract.md "State snapshot")
// ---------------------------------------------------------------------------

function snapshot(session) {
  const g = session.game;
  return {
    players: g.players,
    hands: g.hands.map((h) => [...h]),
    out_of_play: [...g.outOfPlay],
    trick: g.trick.map((t) => ({ player: t.player, card: t.card })),
    leader: g.leader,
    to_move: toMove(g),
    phase: g.over ? 'over' : g.taking !== null ? 'take' : 'play',
    taking: g.taking,
    forced: g.forced,
    over: g.over,
    loser: g.loser,
    went_out: [...g.wentOut],
    dealt: g.dealt,
    rules: { ...g.rules },
    series: session.series === null ? null : { ...session.series, active: [...session.series.active], eliminated: [...session.series.eliminated] },
  };
}

// ---------------------------------------------------------------------------
// The session: one game (or series) at a time, and the protocol commands
// ---------------------------------------------------------------------------

class Session {
  constructor() {
    this.game = null;
    this.series = null;
  }

  requireGame() {
    if (this.game === null) throw badRequest('no game: send start first', 'no-game');
    return this.game;
  }

  start(setup) {
    // A failed start leaves no game behind (the old one is replaced either way).
    this.game = null;
    this.series = null;
    if (typeof setup !== 'object' || setup === null || Array.isArray(setup)) throw badRequest('setup must be an object', 'bad-setup');
    const hasDeal = setup.deal !== undefined;
    const hasPosition = setup.position !== undefined;
    if (hasDeal === hasPosition) throw badRequest('setup needs exactly one of deal and position', 'bad-setup');
    if (setup.series !== undefined && typeof setup.series !== 'boolean') throw badRequest('series must be true or false', 'bad-setup');
    if (setup.series === true && (hasPosition || (setup.deal && setup.deal.seated !== undefined && setup.deal.seated !== null))) {
      throw badRequest('a series starts from a deal to every seat (no position, no seated)', 'bad-setup');
    }
    const rules = resolveRules(setup.profile, setup.rules);
    let game;
    let series = null;
    if (hasDeal && setup.series === true) {
      // R-SERIES-1, R-DEAL-3: a series starts with every seat at the table; the first dealer plays.
      game = startDeal(setup.deal, rules);
      series = newSeries(game.players, setup.deal.dealer);
    } else if (hasDeal) {
      game = startDeal(setup.deal, rules);
    } else {
      game = startPosition(setup.position, rules);
    }
    this.game = game;
    this.series = series;
    return { state: snapshot(this) };
  }

  apply(actionText, player) {
    const g = this.requireGame();
    if (player !== undefined && player !== null && !(Number.isInteger(player) && player >= 0 && player < g.players)) {
      throw badRequest(`player must be a seat number 0..${g.players - 1}, not ${JSON.stringify(player)}`, 'bad-player');
    }
    const action = parseAction(actionText);
    const why = refusal(g, action, player);
    if (why !== null) throw illegal(why[0], why[1]);
    const events = applyAction(g, action);
    if (g.over && this.series !== null) seriesAfterGame(g, this.series, events);
    return events;
  }

  /** Series: deal the next game (R-SERIES-4, R-SERIES-5). */
  deal(deck) {
    const g = this.requireGame();
    const s = this.series;
    if (s === null) throw badRequest('not a series: start a new game instead', 'no-series');
    if (s.over) throw illegal('game-over', 'the series is over');
    if (!g.over) throw illegal('game-not-over', 'the current game is still being played');
    const dealer = s.next_dealer;
    const game = dealGame(s.seats, dealer, deck, s.active, g.rules);
    this.game = game;
    s.dealer = dealer;
    s.next_dealer = null;
    s.games += 1;
    return [{ type: 'deal', dealer, seated: [...s.active] }];
  }
}

/**
 * A step of a batch: the request's reply plus the state and the legal actions after it
 * (the state left out when the step says `"state": false`).
 */
function batchStep(session, step) {
  if (typeof step !== 'object' || step === null) throw badRequest('batch step must be an object');
  for (const flag of ['state']) {
    if (flag in step && typeof step[flag] !== 'boolean') throw badRequest(`batch step: ${flag} must be true or false`);
  }
  let result;
  try {
    let events;
    if (step.cmd === 'apply') events = session.apply(step.action, step.player);
    else if (step.cmd === 'deal') events = session.deal(step.deck);
    else throw badRequest(`batch step: not apply or deal: ${JSON.stringify(step.cmd)}`);
    result = { ok: true, events };
  } catch (e) {
    if (!(e instanceof ProtocolError) || e.kind !== 'illegal') throw e;
    result = { ok: false, error: { kind: 'illegal', code: e.code, message: e.message } };
  }
  if (step.state !== false) result.state = snapshot(session);
  result.actions = legalActions(session.game);
  return result;
}

/** The result of `quit` ({}); the loop exits once it is written. */
const QUIT = Object.freeze({});

function handle(session, req) {
  switch (req.cmd) {
    case 'hello':
      if (req.protocol !== 1) throw unsupported(`protocol ${JSON.stringify(req.protocol)} is not supported; this engine speaks protocol 1`);
      return {
        name: 'generala-js',
        version: '0.1.0',
        language: 'javascript',
        protocol: 1,
        options: OPTIONS,
        reason_codes: true,
        batch: true,
      };
    case 'start':
      return session.start(req.setup);
    case 'legal':
      return { actions: legalActions(session.requireGame()) };
    case 'apply':
      return { events: session.apply(req.action, req.player) };
    case 'deal':
      return { events: session.deal(req.deck) };
    case 'state':
      session.requireGame();
      return { state: snapshot(session) };
    case 'batch':
      if (!Array.isArray(req.steps)) throw badRequest('batch: steps must be a list');
      session.requireGame();
      return { results: req.steps.map((step) => batchStep(session, step)) };
    case 'quit':
      return QUIT;
    default:
      throw unsupported(`unknown command: ${JSON.stringify(req.cmd)}`);
  }
}

/** One request line in, one reply object out. */
function reply(session, line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return { id: null, ok: false, error: { kind: 'bad-request', code: 'bad-request', message: `not JSON: ${e.message}` } };
  }
  if (typeof req !== 'object' || req === null || Array.isArray(req)) {
    return { id: null, ok: false, error: { kind: 'bad-request', code: 'bad-request', message: 'a request must be a JSON object' } };
  }
  const id = Number.isInteger(req.id) ? req.id : null;
  if (id === null) {
    return { id, ok: false, error: { kind: 'bad-request', code: 'bad-request', message: 'a request needs an integer id' } };
  }
  // A batch that fails must leave the game as it was: work on a copy.
  const saved = req.cmd === 'batch' ? structuredClone({ game: session.game, series: session.series }) : null;
  try {
    return { id, ok: true, result: handle(session, req) };
  } catch (e) {
    if (saved !== null) Object.assign(session, saved);
    if (!(e instanceof ProtocolError)) {
      process.stderr.write(`internal error: ${e.stack}\n`);
      return { id, ok: false, error: { kind: 'bad-request', code: 'bad-request', message: `internal error: ${e.message}` } };
    }
    return { id, ok: false, error: { kind: e.kind, code: e.code, message: e.message } };
  }
}

function main() {
  const session = new Session();
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let quitting = false;
  rl.on('line', (line) => {
    if (quitting || line.trim() === '') return; // nothing is read after quit
    const out = reply(session, line);
    if (out.ok && out.result === QUIT) {
      quitting = true;
      rl.close();
      process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0));
    } else {
      process.stdout.write(`${JSON.stringify(out)}\n`);
    }
  });
}

if (require.main === module) main();

module.exports = { parseCard, parseAction, Session, reply };
