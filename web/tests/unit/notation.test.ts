import { describe, expect, it } from "vitest";
import { actionSquares, foldedText, moveRows, placementSymbol } from "../../src/core/notation";
import { fileName, parseSquare, squareName } from "../../src/core/squares";

describe("squares", () => {
  it("names files in bijective base 26 up to the 120th", () => {
    expect([0, 25, 26, 29, 51, 52, 119].map(fileName)).toEqual(["a", "z", "aa", "ad", "az", "ba", "dp"]);
  });
  it("reads back every square it writes, and nothing else", () => {
    for (let file = 0; file < 120; file += 7) {
      for (const rank of [0, 8, 119]) expect(parseSquare(squareName({ file, rank }))).toEqual({ file, rank });
    }
    for (const bad of ["A1", "a0", "a01", "abc1", "a", "1a", ""]) expect(parseSquare(bad)).toBeNull();
  });
});

describe("move list", () => {
  it("numbers turns in pairs, setup first, empty finished turns as pass", () => {
    const rows = moveRows([
      { side: "white", setup: true, actions: ["C@c1", "C@f1"], done: true },
      { side: "black", setup: true, actions: ["C@c12"], done: true },
      { side: "white", setup: false, actions: ["g2-f4", "j2-k4"], done: true },
      { side: "black", setup: false, actions: [], done: true },
      { side: "white", setup: false, actions: ["f4xe6"], done: false },
    ]);
    expect(rows.map((r) => `${r.label} ${r.text}`)).toEqual([
      "1. C@c1, C@f1",
      "1... C@c12",
      "2. g2-f4, j2-k4",
      "2... pass",
      "3. f4xe6",
    ]);
    expect(rows.map((r) => r.current)).toEqual([false, false, false, false, true]);
  });
  it("numbers a list that starts with the second side's turn as its answer", () => {
    const rows = moveRows([
      { side: "black", setup: true, actions: ["C@c12"], done: false },
    ]);
    expect(rows.map((r) => r.label)).toEqual(["1..."]);
    expect(moveRows([{ side: "black", setup: false, actions: [], done: true }], "black")[0]?.label).toBe("1.");
  });
  it("folds a long setup line but never a move line", () => {
    const setup = Array.from({ length: 30 }, (_, i) => `W@a${i + 1}`);
    const [row] = moveRows([{ side: "white", setup: true, actions: setup, done: true }]);
    expect(row && foldedText(row)).toBe("setup: 30 pieces");
    const [play] = moveRows([{ side: "white", setup: false, actions: setup, done: true }]);
    expect(play && foldedText(play)).toBe(play?.text);
  });
  it("finds the squares of every action form", () => {
    expect(actionSquares("d2-d4")).toEqual(["d2", "d4"]);
    expect(actionSquares("d2xd4")).toEqual(["d2", "d4"]);
    expect(actionSquares("c3<>c4")).toEqual(["c3", "c4"]);
    expect(actionSquares("L2@ad120")).toEqual(["ad120"]);
    expect(actionSquares("[f5, f6] attack g6")).toEqual(["f5", "f6", "g6"]);
    expect(actionSquares("g8 cannon a2")).toEqual(["g8", "a2"]);
    expect(actionSquares("pass")).toEqual([]);
    expect(placementSymbol("l2@d2")).toBe("L2");
    expect(placementSymbol("d2-d4")).toBeNull();
  });
});
