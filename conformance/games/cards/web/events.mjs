// Events as the engine makes them (arrays: kind, then the values of its fields) and as the
// protocol sends them (a port of reference/cards/events.py, docs/cards-contract.md "Events").
import { formatCard } from "./deck.mjs";

const FIELDS = {
  play: ["player", "card"],
  decline: ["player"],
  take: ["player", "card"],
  out: ["player"],
  trick: ["winner", "complete"],
  lead: ["player", "why"],
  "game-over": ["loser"],
  eliminated: ["player"],
  "next-dealer": ["player", "plays"],
  champion: ["player"],
  deal: ["dealer", "seated"],
};

/** The JSON form of an engine event. */
export function eventJson(event) {
  const [kind, ...values] = event;
  const out = { type: kind };
  FIELDS[kind].forEach((field, i) => {
    out[field] = field === "card" ? formatCard(values[i]) : values[i];
  });
  return out;
}
