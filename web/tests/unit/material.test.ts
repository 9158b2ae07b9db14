// What a new state changed, as the game page announces it: pieces captured (moves and
// arrivals are not losses) and whether each attack of the turns played took its target.
import { describe, expect, it } from "vitest";
import type { GameInfo, PieceView } from "../../src/api/types";
import { changeBetween } from "../../src/pages/play/material";
import { legal, move, PIECES, state } from "./fixtures";

const INFO = { pieces: PIECES } as GameInfo;

function piece(square: string, side: "white" | "black", kind = 0): PieceView {
  return { square, side, kind, symbol: side === "white" ? "W" : "w", moved: false };
}

const ATTACK = legal({ text: "attack e5", kind: "attack", from: null, to: "e5", place: null, carries: [] });

describe("changes between two states", () => {
  it("says nothing of a piece that moved or arrived", () => {
    const before = state(1, [], { pieces: [piece("d4", "white")] });
    const after = state(2, [], { pieces: [piece("d5", "white"), piece("a1", "white", 1)] });
    expect(changeBetween(INFO, "white", before, after)).toEqual({ lines: [], captured: false });
  });
  it("names the pieces lost, the viewer's as its own", () => {
    const before = state(1, [], { pieces: [piece("d4", "white"), piece("e5", "black", 1)] });
    const after = state(2, [], { pieces: [piece("e5", "white")] });
    const change = changeBetween(INFO, "black", before, after);
    expect(change.captured).toBe(true);
    expect(change.lines).toEqual(["You lost: Leader."]);
  });
  it("says whether an attack of a finished turn took its target", () => {
    const before = state(1, [], { pieces: [piece("d4", "black"), piece("e5", "white")] });
    const turn = { side: "black" as const, setup: false, done: true, actions: [ATTACK] };
    const held = state(2, [], { pieces: [piece("d4", "black"), piece("e5", "white")], moves: [turn] });
    expect(changeBetween(INFO, "white", before, held).lines).toEqual(["Black's attack on the Warrior on e5 failed."]);
    const taken = state(2, [], { pieces: [piece("e5", "black")], moves: [{ ...turn, actions: [move("d4", "e5"), ATTACK] }] });
    expect(changeBetween(INFO, "white", before, taken).lines).toEqual(["You lost: Warrior.", "Black's attack on the Warrior on e5 succeeded."]);
  });
});
