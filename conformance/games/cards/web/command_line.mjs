// A pasted `generala-kit explain …` command line, read as the command reads it: a port of
// Python's shlex.split (POSIX) and of the argparse parser of
// conformance/games/cards/arbiter/command_line.py (3.11's rules: abbreviations, `--opt=value`,
// positionals in the first run of arguments, unrecognized arguments).
import { pyRepr } from "./errors.mjs";
import { PositionError, parseMoves, parseText } from "./position_text.mjs";

/** shlex.split(text): words as a POSIX shell splits them (ValueError-like Error when unclosed). */
export function shlexSplit(text) {
  const words = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === "\\" && i + 1 < text.length && ["\\", '"'].includes(text[i + 1])) word += text[++i];
      else if (ch === "\\" && i + 1 >= text.length) throw new Error("No escaped character");
      else word += ch;
    } else if (/[ \t\r\n]/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word ??= "";
      if (ch === "'" || ch === '"') quote = ch;
      else if (ch === "\\") {
        if (i + 1 >= text.length) throw new Error("No escaped character");
        word += text[++i];
      } else word += ch;
    }
  }
  if (quote) throw new Error("No closing quotation");
  if (word !== null) words.push(word);
  return words;
}

/** The options of `explain` (name → how many values; `choices` where argparse checks them). */
const OPTIONS = {
  "--game": { nargs: 1, choices: ["cards"] },
  "--file": { nargs: 1 },
  "--profile": { nargs: 1 },
  "--rule": { nargs: 1, append: true },
  "--json": { nargs: 0 },
};

class Refusal extends Error {}

/** [option, explicit value or null] of an argument argparse reads as an option; null for a positional. */
function optionOf(arg) {
  if (!arg.startsWith("-") || arg === "-") return null;
  if (Object.hasOwn(OPTIONS, arg)) return [arg, null];
  const [prefix, ...rest] = arg.split("=");
  const explicit = rest.length ? rest.join("=") : null;
  if (explicit !== null && Object.hasOwn(OPTIONS, prefix)) return [prefix, explicit];
  if (arg.startsWith("--")) {
    const matches = Object.keys(OPTIONS).filter((name) => name.startsWith(prefix));
    if (matches.length > 1) {
      throw new Refusal(`ambiguous option: ${prefix} could match ${matches.join(", ")}`);
    }
    if (matches.length === 1) return [matches[0], explicit];
  }
  if (/^-\d+$|^-\d*\.\d+$/.test(arg)) return null; // a negative number: a positional
  if (arg.includes(" ")) return null;
  return ["?", null]; // an unknown option
}

/** argparse's parse_args for the arguments of `explain`: {position, moves, file, profile, rule}. */
function parseArgs(args) {
  const found = { position: null, moves: [], file: null, profile: null, rule: [], game: "cards", json: false };
  const kinds = [];
  const options = [];
  let dashes = false;
  for (const arg of args) {
    if (dashes) kinds.push("A");
    else if (arg === "--") {
      dashes = true;
      kinds.push("-");
    } else {
      const option = optionOf(arg);
      options.push(option);
      kinds.push(option ? "O" : "A");
      continue;
    }
    options.push(null);
  }
  const extras = [];
  let positionalsDone = false;
  const positionals = (strings) => { // position (?) then moves (*), from one run of arguments
    const values = strings.filter((s, i) => !(s === "--" && strings.indexOf("--") === i));
    found.position = values.length ? values[0] : null;
    found.moves = values.slice(1);
    positionalsDone = true;
  };
  let i = 0;
  while (i < args.length) {
    if (kinds[i] !== "O") {
      let end = i;
      while (end < args.length && kinds[end] !== "O") end += 1;
      if (!positionalsDone) positionals(args.slice(i, end));
      else extras.push(...args.slice(i, end).filter((s, k) => !(s === "--" && kinds[i + k] === "-")));
      i = end;
      continue;
    }
    const [name, explicit] = options[i];
    if (name === "?") {
      extras.push(args[i]);
      i += 1;
      continue;
    }
    const option = OPTIONS[name];
    let value;
    if (option.nargs === 0) {
      if (explicit !== null) throw new Refusal(`argument ${name}: ignored explicit argument ${pyRepr(explicit)}`);
      i += 1;
    } else if (explicit !== null) {
      value = explicit;
      i += 1;
    } else {
      if (kinds[i + 1] !== "A") throw new Refusal(`argument ${name}: expected one argument`);
      value = args[i + 1];
      i += 2;
    }
    if (option.choices && !option.choices.includes(value)) {
      const choices = option.choices.map(pyRepr).join(", ");
      throw new Refusal(`argument ${name}: invalid choice: ${pyRepr(value)} (choose from ${choices})`);
    }
    const key = name.slice(2);
    if (option.nargs === 0) found[key] = true;
    else if (option.append) found[key].push(value);
    else found[key] = value;
  }
  if (extras.length) throw new Refusal(`unrecognized arguments: ${extras.join(" ")}`);
  return found;
}

/** The question a pasted command line asks (page_api._question and command_line.question). */
export function commandQuestion(position, moves) {
  let words;
  try {
    words = shlexSplit(position);
  } catch (error) {
    throw new PositionError(`the command line: ${error.message}`);
  }
  if (words[1] !== "explain") throw new PositionError("only a 'generala-kit explain …' command line can be pasted here");
  let args;
  try {
    args = parseArgs([...words.slice(2), ...(moves.trim() ? [moves] : [])]);
  } catch (error) {
    if (error instanceof Refusal) throw new PositionError(`the command line: ${error.message}`);
    throw error;
  }
  if (args.file) throw new PositionError("--file cannot be read in the page: paste the position itself");
  if (!args.position) throw new PositionError("give a position ('P1: JK 2C | P2: 5H 9S') or --file FILE");
  const question = parseText(args.position);
  question.moves = parseMoves(args.moves);
  if (args.profile) question.profile = args.profile;
  for (const item of args.rule) {
    const at = item.indexOf("=");
    if (at < 0) throw new PositionError(`--rule ${pyRepr(item)}: write OPTION=VALUE (e.g. tie-break=any-nearest)`);
    question.rules[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return question;
}
