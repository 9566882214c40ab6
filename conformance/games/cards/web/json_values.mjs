// Reading a request line as Python's json.loads does where it matters to the reference's
// answers: a number written with a fraction or an exponent is a float (PyFloat), never an
// integer, so "players": 3.0 is refused as the reference refuses it (R-SETUP-2).
import { PyFloat } from "./errors.mjs";

const TOKEN = /\s*(?:("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([{}[\],:])|(true|false|null))/y;

/** `text` parsed as JSON (SyntaxError when it is not), floats as PyFloat. */
export function parseJson(text) {
  JSON.parse(text); // the syntax is the platform's to judge; below only builds the values
  TOKEN.lastIndex = 0;
  const next = () => {
    const match = TOKEN.exec(text);
    if (!match) throw new SyntaxError("not JSON");
    return match;
  };
  const value = (match) => {
    const [, string, number, punct, word] = match;
    if (string !== undefined) return JSON.parse(string);
    if (number !== undefined) return /[.eE]/.test(number) ? new PyFloat(number) : Number(number);
    if (word !== undefined) return JSON.parse(word);
    if (punct === "[") {
      const out = [];
      let item = next();
      if (item[3] === "]") return out;
      for (;;) {
        out.push(value(item));
        if (next()[3] === "]") return out;
        item = next();
      }
    }
    const out = {};
    let key = next();
    if (key[3] === "}") return out;
    for (;;) {
      next(); // the colon
      Object.defineProperty(out, JSON.parse(key[1]), { value: value(next()), enumerable: true, writable: true, configurable: true });
      if (next()[3] === "}") return out;
      key = next();
    }
  };
  return value(next());
}
