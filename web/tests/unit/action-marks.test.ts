// What the board draws for actions and how the chooser names them, from the server's
// descriptions only: lines of fire, towed pieces' paths, captures, the last turn's arrows.
import { describe, expect, it } from "vitest";
import type { GameInfo } from "../../src/api/types";
import { actionLabel, actionLines, lastTurnLines, lastTurnSquares } from "../../src/ui/action-marks";
import { legal, move, PIECES, state } from "./fixtures";

const INFO = { pieces: PIECES } as GameInfo;

/** A tow as the server describes it: the tower's move and the towed piece's path. */
const TOW = move("b3", "b5", { text: "b3-b5 tow a3", with: ["a3"], carries: [{ from: "a3", to: "b4" }] });
/** A shot with its line of fire. */
const SHOT = legal({ text: "g3 cannon g6", kind: "fire", from: "g3", to: "g6", place: null, carries: [] }, { captures: ["g6"], line: ["g4", "g5"] });

describe("action lines", () => {
  it("draws a shot's line of fire from the firer through the cells the rules name to the target", () => {
    expect(actionLines(SHOT)).toEqual([{ kind: "fire", squares: ["g3", "g4", "g5", "g6"] }]);
  });
  it("draws a tow as the tower's arrow and the towed piece's path", () => {
    expect(actionLines(TOW)).toEqual([
      { kind: "move", squares: ["b3", "b5"] },
      { kind: "carry", squares: ["a3", "b4"] },
    ]);
  });
  it("marks the last turn's actions and the pieces they carried", () => {
    const s = state(3, [], {
      moves: [{ side: "white", setup: false, done: true, actions: [TOW, SHOT] }],
    });
    expect([...lastTurnSquares(s)].sort()).toEqual(["a3", "b3", "b4", "b5", "g3", "g6"]);
    expect(lastTurnLines(s).map((l) => l.kind)).toEqual(["move", "carry", "fire"]);
  });
  it("keeps the last finished turn tinted while the next is built, and draws both turns' arrows", () => {
    const s = state(5, [], {
      moves: [
        { side: "black", setup: false, done: true, actions: [move("e7", "e5")] },
        { side: "white", setup: false, done: false, actions: [move("d2", "d4")] },
      ],
    });
    expect([...lastTurnSquares(s)].sort()).toEqual(["e5", "e7"]);
    expect(lastTurnLines(s).map((l) => l.squares.join(" "))).toEqual(["e7 e5", "d2 d4"]);
  });
  it("marks nothing for a setup turn", () => {
    const s = state(3, [], { moves: [{ side: "white", setup: true, done: true, actions: [TOW] }] });
    expect(lastTurnSquares(s).size).toBe(0);
  });
});

describe("action labels", () => {
  const s = state(1, [], {
    pieces: [
      { square: "a3", side: "white", kind: 0, symbol: "W", moved: false },
      { square: "d6", side: "black", kind: 1, symbol: "l", moved: false },
      { square: "g6", side: "black", kind: 0, symbol: "w", moved: false },
    ],
  });
  it("names a tow by the piece that follows, so that tows of different pieces differ", () => {
    expect(actionLabel(INFO, s, TOW)).toBe("Move to b5, the Warrior on a3 following to b4");
  });
  it("names a shot by its target and a capturing move by what it takes", () => {
    expect(actionLabel(INFO, s, SHOT)).toBe("Shoot the Warrior on g6");
    expect(actionLabel(INFO, s, move("d4", "d7", { captures: ["d6"] }))).toBe("Move to d7, capturing the Leader on d6");
    expect(actionLabel(INFO, s, move("d4", "d5"))).toBe("Move to d5");
  });
  it("names an action a piece takes where it stands (a preparation) by the piece", () => {
    const prep = legal({ text: "prep a3", kind: "prepare", from: "a3", to: "a3", place: null, carries: [] });
    expect(actionLabel(INFO, s, prep)).toBe("Prepare the Warrior on a3");
  });
  it("adds the rules' note, which tells two actions to one square apart", () => {
    expect(actionLabel(INFO, s, move("a3", "a5", { note: "by a leap" }))).toBe("Move to a5, by a leap");
  });
});
