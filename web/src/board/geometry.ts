// The shape of the board's cells, for drawing and pointing: where a cell's centre is, its
// outline and the cell across each of its sides, which cell is under a point, and the board's
// extent. Two shapes, as the server publishes them (`BoardInfo.geometry`): squares, or
// pointy-top hexes in offset rows (docs/NOTATION.md, "Hex cells": the rows named 2, 4, 6, ...
// are shifted half a hex towards the higher files). Every part of the board (the view, the
// viewport, the minimap, the terrain, the lines) asks this module; none computes a cell's place
// itself. Nothing here is a rule: distances and areas still come from the server's hints.
//
// Board space: one unit is one cell (a square's side; a hex's width, which is also the distance
// between the centres of two neighbours), x to the right and y downwards from the top left of
// the board as White sees it. The viewport scales it to pixels and turns it for Black.

import type { Geometry } from "../api/types";
import type { Coord } from "../core/squares";

/** A point in board space (or, from the viewport, in canvas pixels). */
export interface Point {
  /** Rightwards. */
  x: number;
  /** Downwards. */
  y: number;
}

/** Inclusive ranges of files and ranks. */
export interface CellRange {
  /** The first and last file. */
  files: [number, number];
  /** The first and last rank. */
  ranks: [number, number];
}

/** The cells of a board of one shape and size, and where they lie in board space. */
export interface CellGeometry {
  /** The shape of the cells. */
  readonly kind: Geometry;
  /** Number of files. */
  readonly files: number;
  /** Number of ranks. */
  readonly ranks: number;
  /** The board's width in board units. */
  readonly width: number;
  /** The board's height in board units. */
  readonly height: number;
  /** The side of the largest square centred in a cell, in board units (room for text). */
  readonly inner: number;
  /** Whether the cells' outlines are drawn (the shading alone does not show every hex); when
   * not, each cell is exactly its block. */
  readonly outlined: boolean;
  /** The height of a cell's block, in board units: the blocks (one unit wide, centred on the
   * cells) tile the board like bricks, a fast stand-in for the cells' shapes when they are
   * small (a square's block is the square itself). */
  readonly blockHeight: number;
  /** The centre of a cell. */
  centre(c: Coord): Point;
  /** The corners of a cell, clockwise on screen. */
  corners(c: Coord): Point[];
  /** The cells across the cell's sides (side `i` runs from corner `i` to corner `i + 1`);
   * they may lie off the board. */
  across(c: Coord): Coord[];
  /** The cell under a point, or `null` off the board. */
  cellAt(p: Point): Coord | null;
  /** The files and ranks of the cells that may touch the rectangle from `from` to `to`. */
  cellsIn(from: Point, to: Point): CellRange;
  /** Whether a cell takes the darker shade of its terrain (no two neighbours do on squares;
   * one hex in three does, never two neighbours). */
  dark(c: Coord): boolean;
}

/** The geometry of a board of `files` x `ranks` cells of the shape `kind`. */
export function cellGeometry(kind: Geometry, files: number, ranks: number): CellGeometry {
  return kind === "hex" ? new HexCells(files, ranks) : new SquareCells(files, ranks);
}

/** Whether a cell is on a board of `files` x `ranks`. */
function onBoard(c: Coord, files: number, ranks: number): boolean {
  return c.file >= 0 && c.rank >= 0 && c.file < files && c.rank < ranks;
}

/** The range `[lo, hi]` clamped to `0..=max`. */
function within(lo: number, hi: number, max: number): [number, number] {
  return [Math.max(0, lo), Math.min(max, hi)];
}

class SquareCells implements CellGeometry {
  readonly kind = "square";
  readonly inner = 1;
  readonly outlined = false;
  readonly blockHeight = 1;
  readonly width: number;
  readonly height: number;

  constructor(
    readonly files: number,
    readonly ranks: number,
  ) {
    this.width = files;
    this.height = ranks;
  }

  centre(c: Coord): Point {
    return { x: c.file + 0.5, y: this.ranks - c.rank - 0.5 };
  }

  corners(c: Coord): Point[] {
    const x = c.file;
    const y = this.ranks - 1 - c.rank;
    return [
      { x, y },
      { x: x + 1, y },
      { x: x + 1, y: y + 1 },
      { x, y: y + 1 },
    ];
  }

  across(c: Coord): Coord[] {
    return [
      { file: c.file, rank: c.rank + 1 },
      { file: c.file + 1, rank: c.rank },
      { file: c.file, rank: c.rank - 1 },
      { file: c.file - 1, rank: c.rank },
    ];
  }

  cellAt(p: Point): Coord | null {
    const c = { file: Math.floor(p.x), rank: this.ranks - 1 - Math.floor(p.y) };
    return onBoard(c, this.files, this.ranks) ? c : null;
  }

  cellsIn(from: Point, to: Point): CellRange {
    return {
      files: within(Math.floor(from.x), Math.floor(to.x), this.files - 1),
      ranks: within(this.ranks - 1 - Math.floor(to.y), this.ranks - 1 - Math.floor(from.y), this.ranks - 1),
    };
  }

  dark(c: Coord): boolean {
    return (c.file + c.rank) % 2 === 0;
  }
}

/** A hex's circumradius when its width is 1. */
const R = 1 / Math.sqrt(3);
/** The distance between two rows' centres. */
const ROW = 1.5 * R;
/** A hex's corners around its centre, clockwise from the top. */
const HEX_CORNERS: Point[] = [
  { x: 0, y: -R },
  { x: 0.5, y: -R / 2 },
  { x: 0.5, y: R / 2 },
  { x: 0, y: R },
  { x: -0.5, y: R / 2 },
  { x: -0.5, y: -R / 2 },
];

class HexCells implements CellGeometry {
  readonly kind = "hex";
  readonly outlined = true;
  readonly blockHeight = ROW;
  // The largest centred square: its corners touch the slanted sides, half a side a = R - a R.
  readonly inner = (2 * R) / (1 + R);
  readonly width: number;
  readonly height: number;

  constructor(
    readonly files: number,
    readonly ranks: number,
  ) {
    this.width = files + (ranks > 1 ? 0.5 : 0);
    this.height = 2 * R + (ranks - 1) * ROW;
  }

  centre(c: Coord): Point {
    return { x: c.file + shift(c.rank) + 0.5, y: R + (this.ranks - 1 - c.rank) * ROW };
  }

  corners(c: Coord): Point[] {
    const { x, y } = this.centre(c);
    return HEX_CORNERS.map((d) => ({ x: x + d.x, y: y + d.y }));
  }

  across(c: Coord): Coord[] {
    // In the rows above and below, the two neighbours are the files `left` and `left + 1`.
    const left = c.file - 1 + parity(c.rank);
    return [
      { file: left + 1, rank: c.rank + 1 },
      { file: c.file + 1, rank: c.rank },
      { file: left + 1, rank: c.rank - 1 },
      { file: left, rank: c.rank - 1 },
      { file: c.file - 1, rank: c.rank },
      { file: left, rank: c.rank + 1 },
    ];
  }

  cellAt(p: Point): Coord | null {
    // Axial coordinates with y upwards (q = file - floor(rank / 2), as the engine's lattice),
    // rounded to the nearest hex in cube coordinates.
    const r = (this.height - p.y - R) / ROW;
    const q = p.x - 0.5 - r / 2;
    let [rq, rr, rs] = [Math.round(q), Math.round(r), Math.round(-q - r)];
    const [dq, dr, ds] = [Math.abs(rq - q), Math.abs(rr - r), Math.abs(rs + q + r)];
    if (dq > dr && dq > ds) rq = -rr - rs;
    else if (dr > ds) rr = -rq - rs;
    // `+ 0` turns a rounded -0 into 0.
    const c = { file: rq + Math.floor(rr / 2) + 0, rank: rr + 0 };
    return onBoard(c, this.files, this.ranks) ? c : null;
  }

  cellsIn(from: Point, to: Point): CellRange {
    // A row spans 2R upwards from ROW * rank (measured from the bottom); a hex spans one unit
    // from file + shift.
    const up0 = this.height - to.y;
    const up1 = this.height - from.y;
    return {
      files: within(Math.ceil(from.x - 1.5), Math.floor(to.x), this.files - 1),
      ranks: within(Math.ceil((up0 - 2 * R) / ROW), Math.floor(up1 / ROW), this.ranks - 1),
    };
  }

  dark(c: Coord): boolean {
    // (q - r) mod 3 colours the hexes in three, no two neighbours alike.
    const q = c.file - Math.floor(c.rank / 2);
    return (((q - c.rank) % 3) + 3) % 3 === 0;
  }
}

/** 1 for the rows named 2, 4, 6, ... (zero-based odd ranks), else 0 (also off the board). */
function parity(rank: number): number {
  return ((rank % 2) + 2) % 2;
}

/** How far a row is shifted right: half a hex for the rows named 2, 4, 6, ... */
function shift(rank: number): number {
  return parity(rank) / 2;
}
