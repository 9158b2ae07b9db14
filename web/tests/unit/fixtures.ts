// Small hand-made server states for the unit tests, in the generated shapes.
import type { ActionView, LegalAction, PieceInfo, StateDelta, StateView } from "../../src/api/types";

/** A legal action as the server would describe it. */
export function legal(view: ActionView, extra: Partial<LegalAction> = {}): LegalAction {
  return { ...view, with: [], captures: [], combat: null, line: [], note: null, ...extra };
}

/** A move from `from` to `to` (its text written as the server would). */
export function move(from: string, to: string, extra: Partial<LegalAction> = {}): LegalAction {
  return legal({ text: `${from}-${to}`, kind: "move", from, to, place: null, carries: [] }, extra);
}

/** A placement of piece kind `kind` (written with `symbol`) on `to`. */
export function place(kind: number, symbol: string, to: string): LegalAction {
  return legal({ text: `${symbol}@${to}`, kind: "place", from: null, to, place: kind, carries: [] });
}

/** The end of a turn. */
export const END: LegalAction = legal({ text: "end", kind: "end", from: null, to: null, place: null, carries: [] });

/** Two piece kinds: a warrior (kind 0) and a leader (kind 1). */
export const PIECES: PieceInfo[] = [
  { kind: 0, name: "Warrior", symbol: "W", class: "infantry", value: 1, command: null, appearance: { shape: "infantry", label: null } },
  { kind: 1, name: "Leader", symbol: "L", class: "leader", value: 5, command: { capacity: 1, range: 2, others: true }, appearance: { shape: "crown", label: null } },
];

/** The parts of a state (and of a delta) a test game without clocks, offers or result has. */
const UNCLOCKED = { clock: null, draw_offer: null, takeback_offer: null, outcome: null, tallies: [] };

/** A White play state at event `seq` with these legal actions. */
export function state(seq: number, legalActions: LegalAction[], extra: Partial<StateView> = {}): StateView {
  return {
    game: "g1",
    seq,
    you: "white",
    phase: "play",
    to_move: "white",
    turn: { number: 1, cap: 2, actions: [] },
    turns_played: 0,
    pieces: [],
    to_place: [],
    legal: legalActions,
    hints: { commanders: [], links: [], relays: [], marks: [] },
    moves: [],
    ...UNCLOCKED,
    ...extra,
  };
}

/** A delta that changes nothing but what the test sets. */
export function deltaOf(s: StateView): StateDelta {
  return {
    from: s.seq,
    seq: s.seq,
    phase: s.phase,
    to_move: s.to_move,
    turn: s.turn,
    turns_played: s.turns_played,
    pieces: { remove: [], set: [] },
    to_place: [],
    legal: [],
    hints: { commanders: { remove: [], set: [] }, links: [], relays: [], marks: [] },
    moves_from: 0,
    moves: [],
    ...UNCLOCKED,
  };
}
