// The move list's notes from the server's results: attacks and shots with their outcome, moves
// with what they took, each under its turn.
import { describe, expect, it } from "vitest";
import type { MoveListTurn } from "../../src/api/types";
import { resultNotes } from "../../src/pages/play/results";
import { END, legal, move } from "./fixtures";

const ATTACK = legal({ text: "attack e5", kind: "attack", from: null, to: "e5", place: null, carries: [] });
const SHOT = legal({ text: "g3 cannon g6", kind: "fire", from: "g3", to: "g6", place: null, carries: [] });

describe("result notes", () => {
  it("names each attack's outcome and each capture under its turn, ends not counted", () => {
    const turns: MoveListTurn[] = [
      { side: "white", setup: false, done: true, actions: [SHOT, move("d4", "d7"), END] },
      { side: "black", setup: false, done: true, actions: [move("a7", "a6"), ATTACK] },
    ];
    const notes = resultNotes(turns, [
      { turn: 0, action: 0, captured: ["g6"], success: null },
      { turn: 0, action: 1, captured: ["d6"], success: null },
      { turn: 1, action: 1, captured: [], success: false },
    ]);
    expect(notes.get(0)).toBe("g3 cannon g6: succeeded · d4-d7 took d6");
    expect(notes.get(1)).toBe("attack e5: failed");
  });
  it("skips results that name no action of the list", () => {
    expect(resultNotes([], [{ turn: 3, action: 0, captured: ["a1"], success: true }]).size).toBe(0);
  });
});
