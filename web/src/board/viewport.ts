// The board's viewport: which part of the board the canvas shows, at what size, from whose
// side. Pure arithmetic (no DOM), so that panning and zooming are tested without a browser.

import type { Coord } from "../core/squares";

/** A rectangle in canvas (CSS pixel) coordinates. */
export interface Rect {
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  /** Width and height of one square. */
  size: number;
}

/** The smallest and largest square sizes, in CSS pixels. */
export const MIN_CELL = 3;
/** See [MIN_CELL]. */
export const MAX_CELL = 120;

/** Pan and zoom over a board of `files` x `ranks` squares. */
export class Viewport {
  /** Square size in CSS pixels. */
  cell = 40;
  /** World x (CSS pixels from the board's left edge) at the canvas's left edge. */
  x = 0;
  /** World y at the canvas's top edge. */
  y = 0;

  /** A viewport of a canvas `width` x `height`; `flipped` shows the board from Black's side. */
  constructor(
    readonly files: number,
    readonly ranks: number,
    public width: number,
    public height: number,
    public flipped = false,
  ) {
    this.fit();
  }

  /** Shows the whole board, centred. */
  fit(): void {
    this.cell = clamp(Math.min(this.width / this.files, this.height / this.ranks), MIN_CELL, MAX_CELL);
    this.x = (this.files * this.cell - this.width) / 2;
    this.y = (this.ranks * this.cell - this.height) / 2;
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

  /** Where a square is drawn. */
  rect(c: Coord): Rect {
    const col = this.flipped ? this.files - 1 - c.file : c.file;
    const row = this.flipped ? c.rank : this.ranks - 1 - c.rank;
    return { x: col * this.cell - this.x, y: row * this.cell - this.y, size: this.cell };
  }

  /** The square under a canvas point, or `null` off the board. */
  squareAt(px: number, py: number): Coord | null {
    const col = Math.floor((px + this.x) / this.cell);
    const row = Math.floor((py + this.y) / this.cell);
    if (col < 0 || row < 0 || col >= this.files || row >= this.ranks) return null;
    return {
      file: this.flipped ? this.files - 1 - col : col,
      rank: this.flipped ? row : this.ranks - 1 - row,
    };
  }

  /** The files and ranks (inclusive ranges) with at least one visible square. */
  visible(): { files: [number, number]; ranks: [number, number] } {
    const col0 = Math.max(0, Math.floor(this.x / this.cell));
    const col1 = Math.min(this.files - 1, Math.floor((this.x + this.width) / this.cell));
    const row0 = Math.max(0, Math.floor(this.y / this.cell));
    const row1 = Math.min(this.ranks - 1, Math.floor((this.y + this.height) / this.cell));
    const files: [number, number] = this.flipped ? [this.files - 1 - col1, this.files - 1 - col0] : [col0, col1];
    const ranks: [number, number] = this.flipped ? [row0, row1] : [this.ranks - 1 - row1, this.ranks - 1 - row0];
    return { files, ranks };
  }

  /** Whether the whole board is on the canvas (a minimap would then show nothing new). */
  wholeInView(): boolean {
    const eps = 0.5;
    // The board is drawn from -x to files*cell - x (and likewise down).
    return this.x <= eps && this.y <= eps && this.files * this.cell - this.x <= this.width + eps && this.ranks * this.cell - this.y <= this.height + eps;
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
    this.x = fx * this.files * this.cell - this.width / 2;
    this.y = fy * this.ranks * this.cell - this.height / 2;
    this.clamp();
  }

  /**
   * Keeps the board on screen: a side larger than the canvas fills it; a smaller side is
   * centred, or with `loose`, left where a zoom put it as long as half of it is in view.
   */
  private clamp(loose = false): void {
    const w = this.files * this.cell;
    const h = this.ranks * this.cell;
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
