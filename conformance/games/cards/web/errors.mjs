// The engine's errors (a port of reference/errors.py) and Python's repr(), which the
// reference's messages quote values with: the port's messages are the reference's, word for word.

/** Base of the engine's errors; `code` is a stable, machine-readable reason. */
export class GeneralaError extends Error {
  constructor(code, message) {
    super(message); // (Python's str(error) is `code: message`; its `message` is this)
    this.code = code;
  }
}

/** An action the rules forbid (reason codes such as `must-follow-suit`). */
export class IllegalAction extends GeneralaError {}

/** Text that is not a card or an action (`bad-card`, `duplicate-card`, `bad-action`). */
export class InvalidInput extends GeneralaError {}

/** A setup or snapshot that describes no legal position (`bad-position`, …). */
export class InvalidPosition extends GeneralaError {}

/** A JSON number read with a fraction or an exponent (Python's float): kept apart from integers. */
export class PyFloat {
  constructor(text) {
    this.value = Number(text);
    this.text = text;
  }
}

const ESCAPES = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function reprString(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch in ESCAPES) out += ESCAPES[ch];
    else if (ch === quote) out += "\\" + ch;
    else if (ch !== " " && /[\p{C}\p{Z}]/u.test(ch)) {
      const hex = code.toString(16);
      out += code < 0x100 ? "\\x" + hex.padStart(2, "0") : code < 0x10000 ? "\\u" + hex.padStart(4, "0")
        : "\\U" + hex.padStart(8, "0");
    } else out += ch;
  }
  return out + quote;
}

function reprFloat(value) {
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return value.toFixed(1);
  const text = String(value);
  return text.replace(/e([+-])(\d)$/, "e$10$2");
}

/** Python's `repr()` of a JSON value (None, True, 'text', [1, 2], {'a': 1}). */
export function pyRepr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return reprString(value);
  if (typeof value === "bigint") return String(value);
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : reprFloat(value);
  if (value instanceof PyFloat) return reprFloat(value.value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(value).map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(", ")}}`;
}

/** Whether `value` is a JSON integer (Python's `type(value) is int`: not a boolean, not a float). */
export const isInt = (value) => typeof value === "number" && Number.isInteger(value);
