import { describe, expect, it } from "vitest";
import { type CellGeometry, cellGeometry, type Point } from "../../src/board/geometry";
import { type Coord, parseSquare, squareName } from "../../src/core/squares";

const cellsOf = (g: CellGeometry): Coord[] =>
  Array.from({ length: g.files * g.ranks }, (_, i) => ({ file: i % g.files, rank: Math.floor(i / g.files) }));
const onBoard = (g: CellGeometry, c: Coord): boolean => c.file >= 0 && c.rank >= 0 && c.file < g.files && c.rank < g.ranks;
const towards = (from: Point, to: Point, t: number): Point => ({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t });
const key = (c: Coord): string => `${c.file},${c.rank}`;
const names = (cs: Coord[]): string[] => cs.map(squareName).sort();
const at = (name: string): Coord => {
  const c = parseSquare(name);
  if (!c) throw new Error(name);
  return c;
};

describe("cell geometry", () => {
  for (const kind of ["square", "hex"] as const) {
    const g = cellGeometry(kind, 11, 9);

    it(`${kind}: a point just inside a cell's corner or side is in that cell; just across a side, in the cell across`, () => {
      for (const c of cellsOf(g)) {
        const centre = g.centre(c);
        expect(g.cellAt(centre)).toEqual(c);
        const corners = g.corners(c);
        corners.forEach((corner, i) => {
          expect(g.cellAt(towards(centre, corner, 0.97))).toEqual(c);
          const next = corners[(i + 1) % corners.length] as Point;
          const middle = towards(corner, next, 0.5);
          expect(g.cellAt(towards(centre, middle, 0.97))).toEqual(c);
          const across = g.across(c)[i] as Coord;
          expect(g.cellAt(towards(centre, middle, 1.03))).toEqual(onBoard(g, across) ? across : null);
        });
      }
    });

    it(`${kind}: the centres of the cells across a cell's sides are one cell away`, () => {
      for (const c of cellsOf(g)) {
        const p = g.centre(c);
        const across = g.across(c);
        expect(across).toHaveLength(g.corners(c).length);
        for (const n of across) {
          const q = g.centre(n);
          expect(Math.hypot(q.x - p.x, q.y - p.y)).toBeCloseTo(1);
          // Sides are shared: the cell across knows this one across one of its own sides.
          expect(g.across(n).map(key)).toContain(key(c));
        }
      }
    });

    it(`${kind}: the extent holds every cell and is touched on all four sides`, () => {
      const points = cellsOf(g).flatMap((c) => g.corners(c));
      const xs = points.map((p) => p.x);
      const ys = points.map((p) => p.y);
      expect(Math.min(...xs)).toBeCloseTo(0);
      expect(Math.min(...ys)).toBeCloseTo(0);
      expect(Math.max(...xs)).toBeCloseTo(g.width);
      expect(Math.max(...ys)).toBeCloseTo(g.height);
      expect(g.cellsIn({ x: 0, y: 0 }, { x: g.width, y: g.height })).toEqual({ files: [0, 10], ranks: [0, 8] });
      expect(g.cellAt({ x: -0.01, y: g.height / 2 })).toBeNull();
      expect(g.cellAt({ x: g.width / 2, y: g.height + 0.01 })).toBeNull();
    });

    it(`${kind}: no two cells across a side share the darker shade`, () => {
      for (const c of cellsOf(g)) {
        if (!g.dark(c)) continue;
        for (const n of g.across(c)) if (onBoard(g, n)) expect(g.dark(n)).toBe(false);
      }
    });

    it(`${kind}: the cells in a rectangle include every cell under its points`, () => {
      const from = { x: 2.3, y: 1.7 };
      const to = { x: 6.1, y: 4.4 };
      const range = g.cellsIn(from, to);
      for (let x = from.x; x <= to.x; x += 0.1) {
        for (let y = from.y; y <= to.y; y += 0.1) {
          const c = g.cellAt({ x, y });
          if (!c) continue;
          expect(c.file).toBeGreaterThanOrEqual(range.files[0]);
          expect(c.file).toBeLessThanOrEqual(range.files[1]);
          expect(c.rank).toBeGreaterThanOrEqual(range.ranks[0]);
          expect(c.rank).toBeLessThanOrEqual(range.ranks[1]);
        }
      }
    });
  }

  it("hex: rows named 2, 4, ... are shifted half a hex to the right (docs/NOTATION.md)", () => {
    const g = cellGeometry("hex", 4, 3);
    expect(g.centre(at("a2")).x - g.centre(at("a1")).x).toBeCloseTo(0.5);
    expect(g.centre(at("a3")).x).toBeCloseTo(g.centre(at("a1")).x);
    expect(g.centre(at("a1")).y).toBeGreaterThan(g.centre(at("a2")).y);
    expect(g.width).toBeCloseTo(4.5);
    expect(g.height).toBeCloseTo((2 + 2 * 1.5) / Math.sqrt(3));
  });

  it("hex: the six neighbours are those the notation lists", () => {
    const g = cellGeometry("hex", 8, 8);
    expect(names(g.across(at("c3")))).toEqual(["b2", "b3", "b4", "c2", "c4", "d3"]);
    expect(names(g.across(at("c2")))).toEqual(["b2", "c1", "c3", "d1", "d2", "d3"]);
  });

  it("square: the four sides' cells are the orthogonal neighbours, and the corners' point is not the centre's cell", () => {
    const g = cellGeometry("square", 8, 8);
    expect(names(g.across(at("c3")))).toEqual(["b3", "c2", "c4", "d3"]);
    expect(g.cellAt({ x: 2, y: 5 })).toEqual(at("c3"));
    expect(g.inner).toBe(1);
  });
});
