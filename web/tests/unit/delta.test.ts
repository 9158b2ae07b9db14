import { describe, expect, it } from "vitest";
import { applyDelta } from "../../src/api/socket";
import type { PieceView, StateDelta } from "../../src/api/types";
import { deltaOf, END, move, state } from "./fixtures";

function piece(square: string, moved = false): PieceView {
  return { square, side: "white", kind: 0, symbol: "W", moved };
}

describe("a delta applied to the state it changes", () => {
  const before = state(4, [move("a1", "a2")], {
    pieces: [piece("a1"), piece("c1"), piece("e1")],
    moves: [
      { side: "white", setup: false, actions: [], done: true },
      { side: "black", setup: false, actions: [], done: false },
    ],
  });
  const delta: StateDelta = {
    from: 4,
    seq: 5,
    phase: "play",
    to_move: "white",
    turn: { number: 2, cap: 2, actions: [] },
    turns_played: 1,
    // c1 went to d1 (emptied c1, a new piece at index 1), e1 is now marked as moved.
    pieces: { remove: ["c1"], set: [[1, piece("d1", true)], [2, piece("e1", true)]] },
    to_place: [],
    legal: [END],
    hints: { commanders: { remove: [], set: [] }, links: [], relays: [], marks: [] },
    moves_from: 1,
    moves: [{ side: "black", setup: false, actions: [], done: true }],
    clock: null,
    draw_offer: null,
    takeback_offer: "black",
    outcome: null,
    tallies: [],
  };

  it("moves, changes and removes pieces in order, and replaces the move list's tail", () => {
    const after = applyDelta(before, delta);
    expect(after.seq).toBe(5);
    expect(after.takeback_offer).toBe("black");
    expect(after.pieces.map((p) => [p.square, p.moved])).toEqual([
      ["a1", false],
      ["d1", true],
      ["e1", true],
    ]);
    expect(after.moves.map((t) => t.done)).toEqual([true, true]);
    expect(after.legal).toEqual([END]);
    expect(after.game).toBe("g1");
  });

  it("leaves the state it changes as it was", () => {
    applyDelta(before, delta);
    expect(before.pieces.map((p) => p.square)).toEqual(["a1", "c1", "e1"]);
    expect(before.moves.length).toBe(2);
  });
});

describe("the legal actions of a delta", () => {
  const before = state(4, [move("a1", "a2"), move("a1", "a3"), move("b1", "b2"), END]);
  const changes = (legal: StateDelta["legal"]): StateDelta => ({ ...deltaOf(before), from: 4, seq: 5, legal });

  it("are patched in order: the ones at the indices removed gone, the new ones inserted at theirs", () => {
    // The piece on a1 moved to c1: its moves are gone, c1's are new, the rest stay where they were.
    const sent = { text: "c1-c2", kind: "move" as const, from: "c1", to: "c2", place: null, carries: [] };
    const after = applyDelta(before, changes({ remove: [0, 1], add: [[1, sent], [2, move("c1", "c3")]] }));
    expect(after.legal).toEqual([move("b1", "b2"), move("c1", "c2"), move("c1", "c3"), END]);
    expect(before.legal.length).toBe(4);
  });

  it("are replaced when sent whole, and unchanged by an empty patch", () => {
    expect(applyDelta(before, changes([END])).legal).toEqual([END]);
    expect(applyDelta(before, changes({ remove: [], add: [] })).legal).toEqual(before.legal);
  });
});
