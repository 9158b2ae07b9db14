// What each side has lost, and what a new state of the game changed: the pieces captured
// since the last one and the attacks of the turns played in between, whether they took their
// target. All from the states the server sends (pieces on the board, the move list) and the
// pieces' values the rules give; no rule is applied here.

import type { ActionView, GameInfo, PieceView, Side, StateView } from "../../api/types";
import { h } from "../../ui/dom";
import { sideName } from "./status";

/** Pieces of one side, counted by kind. */
type Counts = Map<number, number>;

/** Counts the pieces of `side` among `pieces`, by kind. */
function countBy(pieces: PieceView[], side: Side): Counts {
  const out: Counts = new Map();
  for (const p of pieces) if (p.side === side) out.set(p.kind, (out.get(p.kind) ?? 0) + 1);
  return out;
}

/** The pieces of `side` in `before` that are no longer in `after`, by kind (arrivals and moves cancel out). */
function lostBetween(before: PieceView[], after: PieceView[], side: Side, placed: Counts = new Map()): Counts {
  const had = countBy(before, side);
  const has = countBy(after, side);
  const out: Counts = new Map();
  for (const [kind, n] of had) {
    const lost = n + (placed.get(kind) ?? 0) - (has.get(kind) ?? 0);
    if (lost > 0) out.set(kind, lost);
  }
  for (const [kind, n] of placed) {
    if (had.has(kind)) continue;
    const lost = n - (has.get(kind) ?? 0);
    if (lost > 0) out.set(kind, lost);
  }
  return out;
}

/** The pieces each side placed in `state`'s move list, by kind. */
function placedBy(state: StateView, side: Side): Counts {
  const out: Counts = new Map();
  for (const turn of state.moves) {
    if (turn.side !== side) continue;
    for (const a of turn.actions) if (a.kind === "place" && a.place !== null) out.set(a.place, (out.get(a.place) ?? 0) + 1);
  }
  return out;
}

/** `Infantry ×2, Cannon`. */
function countsText(info: GameInfo, counts: Counts): string {
  return [...counts].map(([kind, n]) => `${info.pieces[kind]?.name ?? "piece"}${n > 1 ? ` ×${n}` : ""}`).join(", ");
}

/** The points of `counts` by the pieces' values. */
function points(info: GameInfo, counts: Counts): number {
  let total = 0;
  for (const [kind, n] of counts) total += (info.pieces[kind]?.value ?? 0) * n;
  return total;
}

/**
 * The captured-material table: what each side has lost since `start` (the scenario's start,
 * the pieces placed since counted in), with the points of it.
 */
export function materialTable(info: GameInfo, start: StateView | null, state: StateView): HTMLElement | null {
  if (!start) return null;
  const rows = (["white", "black"] as Side[]).map((side) => {
    const lost = lostBetween(start.pieces, state.pieces, side, placedBy(state, side));
    return h(
      "tr",
      { "data-side": side },
      h("th", {}, `${sideName(side)} lost`),
      h("td", { class: "lost" }, lost.size > 0 ? countsText(info, lost) : "nothing"),
      h("td", { class: "num" }, String(points(info, lost))),
    );
  });
  return h("table", { class: "tallies material", id: "material" }, h("caption", {}, "Captured material (points)"), ...rows);
}

/** What a new state of the game changed since the one before, for people. */
export interface Change {
  /** Sentences: the captures and the attacks' results. */
  lines: string[];
  /** Whether a piece was captured. */
  captured: boolean;
}

/** The attacks and shots of the turns finished between `before` and `after`. */
function newAttacks(before: StateView, after: StateView): { side: Side; action: ActionView }[] {
  const done = (s: StateView) => s.moves.filter((t) => t.done).length;
  const fresh = after.moves.filter((t) => t.done).slice(done(before));
  return fresh.flatMap((t) => t.actions.filter((a) => (a.kind === "attack" || a.kind === "fire") && a.to !== null).map((action) => ({ side: t.side, action })));
}

/** What changed from `before` to `after` (the server's states), seen by `seat`. */
export function changeBetween(info: GameInfo, seat: Side | null, before: StateView, after: StateView): Change {
  const lines: string[] = [];
  let captured = false;
  for (const side of ["white", "black"] as Side[]) {
    const lost = lostBetween(before.pieces, after.pieces, side);
    if (lost.size === 0) continue;
    captured = true;
    const whose = side === seat ? "You lost" : `${sideName(side)} lost`;
    lines.push(`${whose}: ${countsText(info, lost)}.`);
  }
  for (const { side, action } of newAttacks(before, after)) {
    const target = before.pieces.find((p) => p.square === action.to);
    if (!target || target.side === side) continue;
    const stays = after.pieces.some((p) => p.square === action.to && p.side === target.side && p.kind === target.kind);
    const what = action.kind === "fire" ? "shot" : "attack";
    const name = info.pieces[target.kind]?.name ?? "piece";
    lines.push(`${sideName(side)}'s ${what} on the ${name} on ${action.to} ${stays ? "failed" : "succeeded"}.`);
  }
  return { lines, captured };
}
