// The rules of Generala, the dice game, as pure functions: options and
// profiles, which categories a roll qualifies for, the points it scores, and a
// whole game as a state machine (refusals, legal actions, applying an action).
//
// Written from spec/dice/RULES.md (clause IDs D-...) and docs/dice-contract.md,
// not ported from the kit's Python reference. No I/O here: engine.js speaks
// the protocol and gives this module the dice.
'use strict';

// ---------------------------------------------------------------------------
// Rule options and profiles (spec/dice/options.yaml): every value supported.
// ---------------------------------------------------------------------------

const OPTIONS = {
  rolls: ['three', 'four'],
  straight: ['plain', 'wrap', 'any-five-distinct'],
  'straight-ace-for-two': ['no', 'yes', 'alone'],
  'full-house-five': ['no', 'yes'],
  'four-of-a-kind-five': ['yes', 'no'],
  'double-generala': ['off', 'after-generala', 'after-generala-closed'],
  'number-zero': ['scratch', 'score'],
  'generala-points': ['50', '60'],
  'double-generala-points': ['100', '120'],
  'first-roll-bonus': ['5', '10'],
  'first-roll': ['turn-first', 'all-five'],
  'auto-win': ['unless-scratched', 'generala-open', 'generala-or-double-open', 'never'],
  'auto-win-end': ['at-once', 'round-end'],
};

/** The kit's ruling on every point (each ambiguity's ruling): the profile `default`. */
const DEFAULTS = {
  rolls: 'three',
  straight: 'wrap',
  'straight-ace-for-two': 'no',
  'full-house-five': 'no',
  'four-of-a-kind-five': 'yes',
  'double-generala': 'after-generala',
  'number-zero': 'scratch',
  'generala-points': '50',
  'double-generala-points': '100',
  'first-roll-bonus': '5',
  'first-roll': 'turn-first',
  'auto-win': 'unless-scratched',
  'auto-win-end': 'at-once',
};

const PROFILES = {
  default: {},
  pt: { rolls: 'four', 'full-house-five': 'yes' },
  'exact-hands': { straight: 'plain', 'four-of-a-kind-five': 'no', 'auto-win': 'generala-open' },
  'plain-straight': { straight: 'plain' },
  'unmatched-straight': { straight: 'any-five-distinct' },
  'every-variation': {
    straight: 'any-five-distinct',
    'straight-ace-for-two': 'yes',
    'full-house-five': 'yes',
    'generala-points': '60',
    'double-generala-points': '120',
    'first-roll-bonus': '10',
  },
  'straight-variations-apart': { straight: 'any-five-distinct', 'straight-ace-for-two': 'alone' },
  'no-double': { 'double-generala': 'off' },
  'no-auto-win': { 'auto-win': 'never' },
  'five-full-no-auto-win': { 'full-house-five': 'yes', 'number-zero': 'score', 'auto-win': 'never' },
};

/** A refused request: kind is illegal, bad-request or unsupported; code names the fault. */
class RuleError extends Error {
  constructor(kind, code, message) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

/** The rules of a game: the profile's values, then single options on top (unknown names refused). */
function resolveRules(profile, overrides) {
  if (!Object.hasOwn(PROFILES, profile)) {
    throw new RuleError('bad-request', 'unknown-profile', `no profile ${JSON.stringify(profile)}`);
  }
  const rules = { ...DEFAULTS, ...PROFILES[profile] };
  for (const [name, value] of Object.entries(overrides)) {
    if (!Object.hasOwn(OPTIONS, name)) {
      throw new RuleError('bad-request', 'unknown-option', `no rule option ${JSON.stringify(name)}`);
    }
    if (!OPTIONS[name].includes(value)) {
      throw new RuleError(
        'bad-request',
        'unknown-option-value',
        `rule option ${name} has no value ${JSON.stringify(value)} (values: ${OPTIONS[name].join(', ')})`,
      );
    }
    rules[name] = value;
  }
  return rules;
}

// ---------------------------------------------------------------------------
// Categories and rolls (D-PLAY-3, D-SHEET-1)
// ---------------------------------------------------------------------------

const NUMBERS = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'];
const HANDS = ['straight', 'full-house', 'four-of-a-kind', 'generala', 'double-generala'];
const BONUS_HANDS = ['straight', 'full-house', 'four-of-a-kind'];

/** The categories of a sheet under these rules, in sheet order (D-SHEET-1). */
function sheetCategories(rules) {
  const all = [...NUMBERS, ...HANDS];
  return rules['double-generala'] === 'off' ? all.filter((c) => c !== 'double-generala') : all;
}

/** counts[f - 1] is how many dice show face f: the roll as a multiset (D-PLAY-3). */
function countsOf(dice) {
  const counts = [0, 0, 0, 0, 0, 0];
  for (const die of dice) counts[die - 1] += 1;
  return counts;
}

const isDie = (value) => Number.isInteger(value) && value >= 1 && value <= 6;
const sorted = (dice) => [...dice].sort((a, b) => a - b);

// ---------------------------------------------------------------------------
// Which categories a roll qualifies for (D-CAT-*)
// ---------------------------------------------------------------------------

/** Straight by the straight option alone, no 1 standing for a 2 (D-CAT-2). */
function plainStraight(counts, straight) {
  if (counts.some((n) => n > 1)) return false; // five dice, five different values
  const missing = counts.indexOf(0) + 1; // the one value of six not shown
  if (straight === 'any-five-distinct') return true;
  if (missing === 6 || missing === 1) return true; // 1-2-3-4-5, 2-3-4-5-6
  return straight === 'wrap' && missing === 2; // 3-4-5-6-1
}

/**
 * D-CAT-2 and D-CAT-3: the straight option, and a 1 read as a 2 (never another number) under
 * straight-ace-for-two: in any straight of the option (yes) or only in 1-2-3-4-5, 2-3-4-5-6 (alone, AMB-13).
 */
function isStraight(counts, rules) {
  if (plainStraight(counts, rules.straight)) return true;
  const aceForTwo = rules['straight-ace-for-two'];
  if (aceForTwo === 'no' || counts[0] === 0) return false;
  const asTwo = [...counts];
  asTwo[0] -= 1;
  asTwo[1] += 1;
  return plainStraight(asTwo, aceForTwo === 'alone' ? 'plain' : rules.straight);
}

/**
 * Whether a roll may be scored in a category (D-CAT-1 ... D-CAT-7); generalaMark is the
 * player's Generala ('open', 'scored', 'scratched'), which decides Double Generala.
 */
function qualifies(category, counts, rules, generalaMark) {
  const number = NUMBERS.indexOf(category);
  if (number >= 0) return counts[number] > 0 || rules['number-zero'] === 'score'; // D-CAT-1, AMB-6
  const most = Math.max(...counts);
  switch (category) {
    case 'straight':
      return isStraight(counts, rules);
    case 'full-house': // D-CAT-4
      return (counts.includes(3) && counts.includes(2)) || (most === 5 && rules['full-house-five'] === 'yes');
    case 'four-of-a-kind': // D-CAT-5
      return most === 4 || (most === 5 && rules['four-of-a-kind-five'] === 'yes');
    case 'generala': // D-CAT-6
      return most === 5;
    case 'double-generala': // D-CAT-7
      if (most !== 5 || rules['double-generala'] === 'off') return false;
      if (rules['double-generala'] === 'after-generala') return generalaMark === 'scored';
      return generalaMark !== 'open';
    default:
      return false;
  }
}

/** The points of a category by the options (D-SCORE-1 ... D-SCORE-6), without the bonus. */
function handPoints(category, rules) {
  return {
    straight: 20,
    'full-house': 30,
    'four-of-a-kind': 40,
    generala: Number(rules['generala-points']),
    'double-generala': Number(rules['double-generala-points']),
  }[category];
}

/** The first-roll bonus a qualifying roll earns in a category (D-FIRST-1): only the three hands. */
const bonusOf = (category, rules, firstRoll) =>
  firstRoll && BONUS_HANDS.includes(category) ? Number(rules['first-roll-bonus']) : 0;

/** The points a qualifying roll scores in a category, the first-roll bonus included (D-SCORE-*, D-FIRST-1). */
function points(category, counts, rules, firstRoll) {
  const number = NUMBERS.indexOf(category);
  if (number >= 0) return (number + 1) * counts[number];
  return handPoints(category, rules) + bonusOf(category, rules, firstRoll);
}

/** Whether a roll counts as a first roll (D-FIRST-2, AMB-7): the turn's first, or any five thrown under all-five. */
const isFirstRoll = (roll, thrown, rules) => roll === 1 || (rules['first-roll'] === 'all-five' && thrown === 5);

/**
 * D-FIRST-3, D-FIRST-4 and the auto-win option: whether a roll wins the game at once.
 * `doubleMark` is the player's Double Generala ('open' when it is not in the game).
 */
function winsAutomatically(counts, firstRoll, generalaMark, rules, doubleMark) {
  if (!firstRoll || !counts.includes(5)) return false;
  if (rules['auto-win'] === 'never') return false;
  if (rules['auto-win'] === 'unless-scratched') return generalaMark !== 'scratched';
  if (generalaMark === 'open') return true;
  return (
    rules['auto-win'] === 'generala-or-double-open' &&
    doubleMark === 'open' &&
    qualifies('double-generala', counts, rules, generalaMark)
  );
}

// ---------------------------------------------------------------------------
// A game (D-PLAY-*, D-TURN-*, D-SHEET-*, D-FIRST-*, D-END-*)
// ---------------------------------------------------------------------------

/** A new game of `players` players (D-PLAY-1: one or more), player 0 to roll first (D-PLAY-2). */
function newGame(players, rules) {
  const categories = sheetCategories(rules);
  return {
    rules,
    categories,
    sheets: Array.from({ length: players }, () =>
      Object.fromEntries(categories.map((c) => [c, { mark: 'open', points: 0 }])),
    ),
    toMove: 0,
    dice: null, // the current roll, sorted; null before the turn's first roll
    rollsMade: 0,
    firstRoll: false, // whether the current roll is a first roll (D-FIRST-2)
    round: 1,
    autoWinners: [], // players who won automatically in this round (D-FIRST-3, D-FIRST-5)
    over: false,
    winners: [],
  };
}

const maxRolls = (rules) => (rules.rolls === 'four' ? 4 : 3); // D-TURN-3

/** The player's total: his categories' points (bonuses included) (D-END-2). */
const total = (g, player) => Object.values(g.sheets[player]).reduce((sum, entry) => sum + entry.points, 0);

/** Parse an action's text form; a malformed one is refused bad-action. */
function parseAction(text) {
  if (typeof text !== 'string') throw new RuleError('illegal', 'bad-action', 'an action is a string');
  const words = text.trim().split(/\s+/);
  const [verb, ...rest] = words;
  if (verb === 'roll' && rest.length === 0) return { kind: 'roll' };
  if (verb === 'reroll') {
    const keep = rest.map(Number);
    if (keep.length > 5 || !keep.every(isDie) || !rest.every((w) => /^[1-6]$/.test(w))) {
      throw new RuleError('illegal', 'bad-action', `cannot read the dice to keep in ${JSON.stringify(text)}`);
    }
    return { kind: 'reroll', keep: sorted(keep) };
  }
  if ((verb === 'score' || verb === 'scratch') && rest.length === 1) return { kind: verb, category: rest[0] };
  throw new RuleError('illegal', 'bad-action', `not an action: ${JSON.stringify(text)}`);
}

/** Whether the multiset `keep` is contained in the roll `dice`. */
function within(keep, dice) {
  const left = countsOf(dice);
  return countsOf(keep).every((n, i) => n <= left[i]);
}

/**
 * Why an action is refused, or null when it is legal (reason codes of docs/dice-contract.md,
 * checked in the order game-over, then the turn's state, then the category).
 */
function refusal(g, action) {
  if (g.over) return ['game-over', 'the game is over'];
  if (action.kind === 'roll') {
    return g.dice === null ? null : ['already-rolled', 'the turn has begun: roll again with reroll'];
  }
  if (g.dice === null) return ['not-rolled', 'the turn begins with a roll'];
  if (action.kind === 'reroll') {
    if (g.rollsMade >= maxRolls(g.rules)) return ['no-rolls-left', `a turn has at most ${maxRolls(g.rules)} rolls`];
    if (!within(action.keep, g.dice)) return ['keep-not-in-roll', `the roll ${g.dice.join(' ')} has not these dice`];
    if (action.keep.length === 5) return ['nothing-thrown', 'a re-roll throws at least one die'];
    return null;
  }
  if (!g.categories.includes(action.category)) {
    return ['unknown-category', `${JSON.stringify(action.category)} is no category of this game`];
  }
  const sheet = g.sheets[g.toMove];
  if (sheet[action.category].mark !== 'open') return ['category-closed', `${action.category} is already closed`];
  if (action.kind === 'score' && !qualifies(action.category, countsOf(g.dice), g.rules, sheet.generala.mark)) {
    return ['does-not-qualify', `${g.dice.join(' ')} does not qualify for ${action.category}`];
  }
  return null;
}

/** Every legal action of the player to move (keeps as sorted multisets, each once). */
function legalActions(g) {
  if (g.over) return [];
  if (g.dice === null) return ['roll'];
  const actions = [];
  if (g.rollsMade < maxRolls(g.rules)) {
    const seen = new Set();
    for (let mask = 0; mask < 31; mask += 1) {
      const keep = g.dice.filter((_, i) => mask & (1 << i));
      const text = ['reroll', ...keep].join(' ');
      if (!seen.has(text)) {
        seen.add(text);
        actions.push(text);
      }
    }
  }
  const sheet = g.sheets[g.toMove];
  const counts = countsOf(g.dice);
  for (const category of g.categories) {
    if (sheet[category].mark !== 'open') continue;
    if (qualifies(category, counts, g.rules, sheet.generala.mark)) actions.push(`score ${category}`);
    actions.push(`scratch ${category}`);
  }
  return actions;
}

/** Whether every player has closed every category (D-END-1). */
const sheetsFull = (g) => g.sheets.every((sheet) => Object.values(sheet).every((entry) => entry.mark !== 'open'));

/** The game is over: its winners, and the game-over event (D-END-2, D-END-3). */
function finish(g, winners, automatic, events) {
  g.over = true;
  g.winners = winners;
  events.push({ type: 'game-over', winners, totals: g.sheets.map((_, p) => total(g, p)), automatic });
}

/** The players with the most points; ties share the win (D-END-2, AMB-9). */
function leaders(g) {
  const totals = g.sheets.map((_, p) => total(g, p));
  const best = Math.max(...totals);
  return totals.flatMap((t, p) => (t === best ? [p] : []));
}

/** No roll on the table: the state between two turns. */
function clearTurn(g) {
  g.dice = null;
  g.rollsMade = 0;
  g.firstRoll = false;
}

/** The turn is over: the next player rolls, or the game ends (D-TURN-5, D-FIRST-5, D-END-1). */
function endTurn(g, events) {
  clearTurn(g);
  const last = g.toMove === g.sheets.length - 1;
  g.toMove = (g.toMove + 1) % g.sheets.length;
  if (last && g.autoWinners.length > 0) return finish(g, [...g.autoWinners], true, events);
  if (last && sheetsFull(g)) return finish(g, leaders(g), false, events);
  if (g.toMove === 0) g.round += 1;
}

/** A roll was thrown: its event, then an automatic win when it makes one (D-FIRST-3, D-FIRST-5). */
function rolled(g, dice, thrown, events) {
  g.dice = sorted(dice);
  events.push({ type: 'rolled', player: g.toMove, roll: g.rollsMade, thrown, dice: g.dice, first: g.firstRoll });
  const sheet = g.sheets[g.toMove];
  const double = sheet['double-generala']?.mark ?? 'open';
  if (!winsAutomatically(countsOf(g.dice), g.firstRoll, sheet.generala.mark, g.rules, double)) return;
  events.push({ type: 'auto-win', player: g.toMove });
  g.autoWinners.push(g.toMove);
  if (g.rules['auto-win-end'] === 'round-end') return endTurn(g, events);
  clearTurn(g); // the game ends on the winner's turn: nobody plays after him
  finish(g, [g.toMove], true, events);
}

/**
 * Apply an action (parsed by parseAction); `throwDice(n)` gives the values of n thrown dice
 * (the caller's source). Returns the events. A refused action throws and changes nothing.
 */
function applyAction(g, action, throwDice) {
  const why = refusal(g, action);
  if (why !== null) throw new RuleError('illegal', why[0], why[1]);
  const events = [];
  const player = g.toMove;
  if (action.kind === 'roll') {
    const dice = throwDice(5);
    g.rollsMade = 1;
    g.firstRoll = true; // D-TURN-1, D-FIRST-2
    rolled(g, dice, 5, events);
  } else if (action.kind === 'reroll') {
    const thrown = throwDice(5 - action.keep.length);
    g.rollsMade += 1;
    g.firstRoll = isFirstRoll(g.rollsMade, thrown.length, g.rules);
    rolled(g, [...action.keep, ...thrown], thrown.length, events);
  } else {
    const entry = g.sheets[player][action.category];
    if (action.kind === 'score') {
      entry.mark = 'scored';
      entry.points = points(action.category, countsOf(g.dice), g.rules, g.firstRoll);
      const bonus = bonusOf(action.category, g.rules, g.firstRoll);
      events.push({ type: 'scored', player, category: action.category, points: entry.points, bonus });
    } else {
      entry.mark = 'scratched'; // D-SHEET-3
      events.push({ type: 'scratched', player, category: action.category });
    }
    endTurn(g, events);
  }
  return events;
}

module.exports = {
  OPTIONS,
  RuleError,
  resolveRules,
  sheetCategories,
  countsOf,
  isDie,
  qualifies,
  points,
  isFirstRoll,
  winsAutomatically,
  newGame,
  total,
  parseAction,
  legalActions,
  applyAction,
};
