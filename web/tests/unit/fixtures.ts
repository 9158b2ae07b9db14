// Small hand-made server states for the unit tests.
import type { LegalAction, StateView } from "../../src/api/types";

/** A legal action from its text (squares read from `a-b`, `S@b`). */
export function legal(text: string): LegalAction {
  if (text === "end") return { text, kind: "end", from: null, to: null, combat: null };
  const place = /^([A-Z0-9]+)@([a-z]+[0-9]+)$/.exec(text);
  if (place) return { text, kind: "place", from: null, to: place[2] ?? null, combat: null };
  const [from, to] = text.split("-");
  return { text, kind: "move", from: from ?? null, to: to ?? null, combat: null };
}

/** A White play state at event `seq` with these legal actions. */
export function state(seq: number, legalTexts: string[], extra: Partial<StateView> = {}): StateView {
  return {
    game: "g1",
    seq,
    you: "white",
    phase: "play",
    to_move: "white",
    turn: { number: 1, cap: 2, actions: [] },
    turns_played: 0,
    pieces: [],
    reserve: [],
    legal: legalTexts.map(legal),
    activators: {},
    moves: [],
    clock: null,
    draw_offer: null,
    outcome: null,
    leaders_captured: [0, 0],
    ...extra,
  };
}
