import { describe, expect, it } from "vitest";
import type { ActionView } from "../../src/api/types";
import { glyphFor, SHAPES } from "../../src/board/glyphs";
import { foldedText, moveRows, resultLine } from "../../src/core/notation";
import { fileName, parseSquare, squareName } from "../../src/core/squares";
import { PIECES } from "./fixtures";

/** An action view as the server sends it (the browser never reads `text`). */
function view(text: string, kind: ActionView["kind"] = "move", from: string | null = null, to: string | null = null, place: number | null = null): ActionView {
  return { text, kind, from, to, place, carries: [] };
}

const placed = (symbol: string, kind: number, to: string) => view(`${symbol}@${to}`, "place", null, to, kind);

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
  it("numbers turns in pairs, setup first, shows the texts, empty finished turns as pass", () => {
    const rows = moveRows([
      { side: "white", setup: true, actions: [placed("C", 0, "c1"), placed("C", 0, "f1")], done: true },
      { side: "black", setup: true, actions: [placed("C", 0, "c12")], done: true },
      { side: "white", setup: false, actions: [view("g2-f4", "move", "g2", "f4"), view("j2-k4", "move", "j2", "k4")], done: true },
      { side: "black", setup: false, actions: [], done: true },
      { side: "white", setup: false, actions: [view("[f5, f6] attack g6", "attack", null, "g6")], done: false },
    ]);
    expect(rows.map((r) => `${r.label} ${r.text}`)).toEqual([
      "1. C@c1, C@f1",
      "1... C@c12",
      "2. g2-f4, j2-k4",
      "2... pass",
      "3. [f5, f6] attack g6",
    ]);
    expect(rows.map((r) => r.current)).toEqual([false, false, false, false, true]);
    expect(rows.map((r) => r.count)).toEqual([2, 1, 2, 0, 1]);
  });
  it("leaves a turn's end out, and shows a turn that only ended as pass", () => {
    const [row] = moveRows([{ side: "white", setup: false, actions: [view("end", "end")], done: true }]);
    expect(row?.text).toBe("pass");
  });
  it("numbers a list that starts with the second side's turn as its answer", () => {
    const rows = moveRows([{ side: "black", setup: true, actions: [placed("C", 0, "c12")], done: false }]);
    expect(rows.map((r) => r.label)).toEqual(["1..."]);
    expect(moveRows([{ side: "black", setup: false, actions: [], done: true }], "black")[0]?.label).toBe("1.");
  });
  it("folds a long setup line but never a move line", () => {
    const setup = Array.from({ length: 30 }, (_, i) => placed("W", 0, `a${i + 1}`));
    const [row] = moveRows([{ side: "white", setup: true, actions: setup, done: true }]);
    expect(row && foldedText(row)).toBe("setup: 30 pieces");
    const [play] = moveRows([{ side: "white", setup: false, actions: setup, done: true }]);
    expect(play && foldedText(play)).toBe(play?.text);
  });
});

describe("glyphs", () => {
  it("draw the shape and label the rules chose", () => {
    const leader = glyphFor({ shape: "crown", label: "2" });
    expect(leader.key).toBe("crown");
    expect(leader.label).toBe("2");
    expect(leader.body).toEqual(SHAPES.crown?.body);
    expect(PIECES.map((p) => glyphFor(p.appearance).key)).toEqual(["infantry", "crown"]);
    expect(glyphFor({ shape: "infantry", label: null }).label).toBeUndefined();
  });
  it("draw an unknown shape as a disc with its label", () => {
    const odd = glyphFor({ shape: "dragon", label: "D" });
    expect([odd.key, odd.label]).toEqual(["disc", "D"]);
    expect(glyphFor({ shape: "constructor", label: null }).key).toBe("disc");
  });
  it("have every shape the rules may name", () => {
    for (const shape of ["crown", "coronet", "armoured", "horse", "cannon", "infantry", "sword", "staff", "mitre", "tower", "king", "queen", "pawn", "disc"]) {
      expect(glyphFor({ shape, label: null }).key).toBe(shape);
    }
  });
});

describe("result line", () => {
  it("writes the score once, also when the server's sentence starts with it", () => {
    expect(resultLine("1/2-1/2", "1/2-1/2 (draw: both sides passed)")).toBe("1/2-1/2 · Draw: both sides passed");
    expect(resultLine("1-0", "1-0 (white wins: resignation)")).toBe("1-0 · White wins: resignation");
    expect(resultLine("0-1", "black wins on time")).toBe("0-1 · Black wins on time");
    expect(resultLine("1/2-1/2", "1/2-1/2")).toBe("1/2-1/2");
  });
});
