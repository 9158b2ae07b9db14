import { describe, expect, it } from "vitest";
import { cellGeometry } from "../../src/board/geometry";
import { Viewport } from "../../src/board/viewport";

const square = (files: number, ranks: number) => cellGeometry("square", files, ranks);
const hex = (files: number, ranks: number) => cellGeometry("hex", files, ranks);

describe("viewport", () => {
  it("finds the square under every square's centre, from either side", () => {
    for (const flipped of [false, true]) {
      const v = new Viewport(square(16, 12), 800, 600, flipped);
      for (const c of [{ file: 0, rank: 0 }, { file: 15, rank: 11 }, { file: 7, rank: 3 }]) {
        const r = v.rect(c);
        expect(v.squareAt(r.x + r.size / 2, r.y + r.size / 2)).toEqual(c);
      }
      expect(v.rect({ file: 0, rank: 0 }).y > v.rect({ file: 0, rank: 11 }).y).toBe(!flipped);
    }
  });

  it("draws only the visible part of a 120x120 board when zoomed in", () => {
    const v = new Viewport(square(120, 120), 800, 600);
    expect(v.visible()).toEqual({ files: [0, 119], ranks: [0, 119] });
    v.zoomAt(8, 400, 300);
    const { files, ranks } = v.visible();
    const shown = (files[1] - files[0] + 1) * (ranks[1] - ranks[0] + 1);
    expect(shown).toBeLessThan(120 * 120 / 20);
    expect(files[0]).toBeGreaterThan(0);
  });

  it("keeps the point under the cursor while zooming, and the board on screen while panning", () => {
    const v = new Viewport(square(120, 120), 800, 600);
    v.zoomAt(6, 400, 300);
    const before = v.squareAt(123, 77);
    v.zoomAt(1.25, 123, 77);
    expect(v.squareAt(123, 77)).toEqual(before);
    v.panBy(1e6, 1e6);
    expect([v.x, v.y]).toEqual([0, 0]);
    v.panBy(-1e7, -1e7);
    expect(v.x).toBeCloseTo(120 * v.cell - 800);
    expect(v.y).toBeCloseTo(120 * v.cell - 600);
  });
  it("keeps the point under the cursor from the first wheel step, while the board is still smaller than the canvas", () => {
    const v = new Viewport(square(120, 120), 800, 600);
    // The whole board fits the height: it is narrower than the canvas, centred.
    expect(v.x).toBeLessThan(0);
    for (const [px, py] of [[150, 300], [700, 100]] as const) {
      v.fit();
      const under = v.squareAt(px, py);
      v.zoomAt(1.2, px, py);
      expect(v.squareAt(px, py)).toEqual(under);
      // At least half of the board's width is in view.
      const left = Math.max(0, -v.x);
      const right = Math.min(800, 120 * v.cell - v.x);
      expect(right - left).toBeGreaterThanOrEqual((120 * v.cell) / 2);
    }
    // A drag puts a board smaller than the canvas back in the middle.
    v.panBy(10, 0);
    expect(v.x).toBeCloseTo((120 * v.cell - 800) / 2);
  });

  it("knows when the whole board is in view (the minimap is then hidden)", () => {
    const v = new Viewport(square(20, 33), 358, 312);
    expect(v.wholeInView()).toBe(true);
    v.zoomAt(2, 100, 100);
    expect(v.wholeInView()).toBe(false);
    v.fit();
    expect(v.wholeInView()).toBe(true);
    const big = new Viewport(square(120, 120), 300, 300);
    expect(big.wholeInView()).toBe(false);
  });

  it("finds the hex under every hex's centre, from either side, and turns the board half round for Black", () => {
    for (const flipped of [false, true]) {
      const v = new Viewport(hex(11, 9), 800, 600, flipped);
      for (let rank = 0; rank < 9; rank += 1) {
        for (let file = 0; file < 11; file += 1) {
          const p = v.centre({ file, rank });
          expect(v.squareAt(p.x, p.y)).toEqual({ file, rank });
        }
      }
      // White sees a1 at the bottom left, Black at the top right.
      const a1 = v.centre({ file: 0, rank: 0 });
      expect(a1.y > v.centre({ file: 0, rank: 8 }).y).toBe(!flipped);
      expect(a1.x < v.centre({ file: 10, rank: 0 }).x).toBe(!flipped);
    }
  });

  it("fits a hex board by its extent and draws only the visible hexes of a 120x120 board when zoomed in", () => {
    const v = new Viewport(hex(120, 120), 800, 600);
    // The board is 120.5 hexes wide and 1.5 R x 119 + 2 R tall: its height sets the size.
    expect(v.cell * hex(120, 120).height).toBeCloseTo(600);
    expect(v.wholeInView()).toBe(true);
    expect(v.visible()).toEqual({ files: [0, 119], ranks: [0, 119] });
    v.zoomAt(8, 400, 300);
    const { files, ranks } = v.visible();
    expect((files[1] - files[0] + 1) * (ranks[1] - ranks[0] + 1)).toBeLessThan((120 * 120) / 20);
    // Every hex whose centre is on the canvas is in the visible range.
    for (const [px, py] of [[1, 1], [799, 1], [1, 599], [799, 599], [400, 300]] as const) {
      const c = v.squareAt(px, py);
      expect(c).not.toBeNull();
      if (!c) continue;
      expect(c.file).toBeGreaterThanOrEqual(files[0]);
      expect(c.file).toBeLessThanOrEqual(files[1]);
      expect(c.rank).toBeGreaterThanOrEqual(ranks[0]);
      expect(c.rank).toBeLessThanOrEqual(ranks[1]);
    }
    const before = v.squareAt(123, 77);
    v.zoomAt(1.25, 123, 77);
    expect(v.squareAt(123, 77)).toEqual(before);
  });
});
