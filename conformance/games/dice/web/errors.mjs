// The errors of the dice engine (a port of reference/errors.py): each carries a stable
// reason code (docs/dice-contract.md, "Reason codes").

/** Base of the engine's errors; `code` is a stable, machine-readable reason. */
export class GeneralaError extends Error {
  constructor(code, message) {
    super(`${code}: ${message}`);
    this.code = code;
    this.detail = message;
  }
}

/** An action the rules forbid; the game that refused it is left exactly as it was. */
export class IllegalAction extends GeneralaError {}

/** Text that is not an action or a die (`bad-action`, `bad-die`). */
export class InvalidInput extends GeneralaError {}

/** A setup that describes no legal game (`bad-players`, `unknown-option`, `dice-exhausted`…). */
export class InvalidPosition extends GeneralaError {}
