// The board's viewport: which part of the board the canvas shows, at what size, from whose
// side. Pure arithmetic (no DOM), so that panning and zooming are tested without a browser.
// Where cells lie is the cell geometry's (./geometry.ts): the viewport only scales board space
// to canvas pixels, turning it half round for Black.

import type { Coord } from "../core/squares";
import type { CellGeometry, CellRange, Point } from "./geometry";

/** A rectangle in canvas (CSS pixel) coordinates. */
export interface Rect {
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  /** Width and height. */
  size: number;
}

/** The smallest and largest cell sizes, in CSS pixels. */
export const MIN_CELL = 3;
/** See [MIN_CELL]. */
export const MAX_CELL = 120;

/** Pan and zoom over a board of the cells `cells`. */
export class Viewport {
  /** A cell's size in CSS pixels (a square's side, a hex's width). */
  cell = 40;
  /** World x (CSS pixels from the board's left edge) at the canvas's left edge. */
  x = 0;
  /** World y at the canvas's top edge. */
  y = 0;

  /** A viewport of a canvas `width` x `height`; `flipped` shows the board from Black's side. */
  constructor(
    readonly cells: CellGeometry,
    public width: number,
    public height: number,
    public flipped = false,
  ) {
    this.fit();
  }

  /** Shows the whole board, centred. */
  fit(): void {
    this.cell = clamp(Math.min(this.width / this.cells.width, this.height / this.cells.height), MIN_CELL, MAX_CELL);
    this.x = (this.cells.width * this.cell - this.width) / 2;
    this.y = (this.cells.height * this.cell - this.height) / 2;
  }

  /** The canvas was resized: keep the same centre. */
  resize(width: number, height: number): void {
    const cx = this.x + this.width / 2;
    const cy = this.y + this.height / 2;
    this.width = width;
    this.height = height;
    this.x = cx - width / 2;
    this.y = cy - height / 2;
    this.clamp();
  }

  /** Where a board point is on the canvas. */
  toCanvas(p: Point): Point {
    const x = this.flipped ? this.cells.width - p.x : p.x;
    const y = this.flipped ? this.cells.height - p.y : p.y;
    return { x: x * this.cell - this.x, y: y * this.cell - this.y };
  }

  /** The board point under a canvas point. */
  toBoard(px: number, py: number): Point {
    const x = (px + this.x) / this.cell;
    const y = (py + this.y) / this.cell;
    return this.flipped ? { x: this.cells.width - x, y: this.cells.height - y } : { x, y };
  }

  /** Where a cell's centre is drawn. */
  centre(c: Coord): Point {
    return this.toCanvas(this.cells.centre(c));
  }

  /** The square of one cell's size centred on a cell (a square cell itself; the box a hex's
   * piece is drawn in). */
  rect(c: Coord): Rect {
    return this.box(c, this.cell);
  }

  /** The largest square centred in a cell, where its text goes. */
  inner(c: Coord): Rect {
    return this.box(c, this.cell * this.cells.inner);
  }

  /** A cell's block on the canvas (see `CellGeometry.blockHeight`), as x, y, width, height. */
  block(c: Coord): [number, number, number, number] {
    const p = this.centre(c);
    const h = this.cell * this.cells.blockHeight;
    return [p.x - this.cell / 2, p.y - h / 2, this.cell, h];
  }

  /** A cell's outline on the canvas. */
  outline(c: Coord): Point[] {
    return this.cells.corners(c).map((p) => this.toCanvas(p));
  }

  /** The cell under a canvas point, or `null` off the board. */
  squareAt(px: number, py: number): Coord | null {
    return this.cells.cellAt(this.toBoard(px, py));
  }

  /** The files and ranks (inclusive ranges) that may have a visible cell. */
  visible(): CellRange {
    const a = this.toBoard(0, 0);
    const b = this.toBoard(this.width, this.height);
    return this.cells.cellsIn({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y) }, { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y) });
  }

  /** Whether the whole board is on the canvas (a minimap would then show nothing new). */
  wholeInView(): boolean {
    const eps = 0.5;
    // The board is drawn from -x to width*cell - x (and likewise down).
    return (
      this.x <= eps &&
      this.y <= eps &&
      this.cells.width * this.cell - this.x <= this.width + eps &&
      this.cells.height * this.cell - this.y <= this.height + eps
    );
  }

  /** Moves the view by a drag of (dx, dy) canvas pixels. */
  panBy(dx: number, dy: number): void {
    this.x -= dx;
    this.y -= dy;
    this.clamp();
  }

  /**
   * Zooms by `factor`, keeping the board point under (px, py) in place: along a side where the
   * board is smaller than the canvas it may then stand off centre (at least half of it in
   * view), so that the point stays under the cursor from the first step of the wheel.
   */
  zoomAt(factor: number, px: number, py: number): void {
    const next = clamp(this.cell * factor, MIN_CELL, MAX_CELL);
    const scale = next / this.cell;
    this.x = (this.x + px) * scale - px;
    this.y = (this.y + py) * scale - py;
    this.cell = next;
    this.clamp(true);
  }

  /** Centres the view on a board point given in board fractions (0..1 from the top left as drawn). */
  centreOn(fx: number, fy: number): void {
    this.x = fx * this.cells.width * this.cell - this.width / 2;
    this.y = fy * this.cells.height * this.cell - this.height / 2;
    this.clamp();
  }

  private box(c: Coord, size: number): Rect {
    const p = this.centre(c);
    return { x: p.x - size / 2, y: p.y - size / 2, size };
  }

  /**
   * Keeps the board on screen: a side larger than the canvas fills it; a smaller side is
   * centred, or with `loose`, left where a zoom put it as long as half of it is in view.
   */
  private clamp(loose = false): void {
    const w = this.cells.width * this.cell;
    const h = this.cells.height * this.cell;
    const fit = (at: number, size: number, room: number): number => {
      if (size > room) return clamp(at, 0, size - room);
      return loose ? clamp(at, size / 2 - room, size / 2) : (size - room) / 2;
    };
    this.x = fit(this.x, w, this.width);
    this.y = fit(this.y, h, this.height);
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
