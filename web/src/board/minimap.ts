// The minimap of a large board: the whole board at one or two pixels a cell, the pieces as
// dots, and the viewport as a frame; clicking or dragging on it moves the view. Cells are
// placed by the board's cell geometry (./geometry.ts), each painted as a small block.

import type { PieceView } from "../api/types";
import { parseSquare } from "../core/squares";
import type { CellGeometry } from "./geometry";
import { TERRAIN, terrainAt } from "./terrain";
import type { Viewport } from "./viewport";

/** Boards larger than this (files or ranks) get a minimap. */
export const MINIMAP_FROM = 25;

/** On screens at most this wide (phones), the minimap is smaller and starts folded. */
const NARROW = "(max-width: 600px)";

/** The minimap element and its drawing. */
export class Minimap {
  /** The minimap's box (its canvas and a button folding it), placed over the board's corner
   * by the board view; hidden while the whole board is in view. */
  readonly element: HTMLDivElement;
  /** The minimap's canvas. */
  readonly canvas: HTMLCanvasElement;
  private readonly terrain: HTMLCanvasElement;
  private readonly scale: number;

  /** A minimap of the board of `cells` with the terrain `rows` (top rank first); `moveTo` is
   * called with board fractions when the user points. */
  constructor(
    private readonly cells: CellGeometry,
    rows: string[],
    private readonly moveTo: (fx: number, fy: number) => void,
  ) {
    const narrow = typeof matchMedia === "function" && matchMedia(NARROW).matches;
    this.scale = Math.max(1, Math.floor((narrow ? 96 : 180) / Math.max(cells.width, cells.height)));
    this.canvas = document.createElement("canvas");
    this.canvas.className = "minimap";
    this.element = document.createElement("div");
    this.element.className = "minimap-box";
    const fold = document.createElement("button");
    fold.type = "button";
    fold.className = "minimap-fold";
    const setFolded = (folded: boolean): void => {
      this.element.classList.toggle("folded", folded);
      fold.textContent = folded ? "Map" : "×";
      fold.title = folded ? "Show the map of the whole board" : "Hide the map";
      fold.setAttribute("aria-expanded", String(!folded));
    };
    fold.addEventListener("click", () => setFolded(!this.element.classList.contains("folded")));
    setFolded(narrow);
    this.element.append(fold, this.canvas);
    this.canvas.width = Math.ceil(cells.width * this.scale);
    this.canvas.height = Math.ceil(cells.height * this.scale);
    this.terrain = document.createElement("canvas");
    this.terrain.width = this.canvas.width;
    this.terrain.height = this.canvas.height;
    const ctx = this.terrain.getContext("2d");
    const s = this.scale;
    for (let rank = cells.ranks - 1; rank >= 0 && ctx; rank -= 1) {
      for (let file = 0; file < cells.files; file += 1) {
        const c = { file, rank };
        const t = TERRAIN[terrainAt(rows, cells.ranks, file, rank)];
        const p = cells.centre(c);
        ctx.fillStyle = cells.dark(c) ? t.dark : t.light;
        ctx.fillRect(Math.round((p.x - 0.5) * s), Math.round((p.y - 0.5) * s), s, s);
      }
    }
    let dragging = false;
    const point = (e: PointerEvent): void => {
      const box = this.canvas.getBoundingClientRect();
      this.moveTo((e.clientX - box.left) / box.width, (e.clientY - box.top) / box.height);
    };
    this.canvas.addEventListener("pointerdown", (e) => {
      e.stopPropagation();
      dragging = true;
      this.canvas.setPointerCapture(e.pointerId);
      point(e);
    });
    this.canvas.addEventListener("pointermove", (e) => dragging && point(e));
    this.canvas.addEventListener("pointerup", () => (dragging = false));
  }

  /** Draws the board, the pieces and the viewport's frame. */
  draw(pieces: PieceView[], view: Viewport): void {
    this.element.hidden = view.wholeInView();
    // Hidden, it is not drawn (it is drawn again as soon as it shows).
    const ctx = this.element.hidden ? null : this.canvas.getContext("2d");
    if (!ctx) return;
    const s = this.scale;
    ctx.save();
    if (view.flipped) {
      ctx.translate(this.cells.width * s, this.cells.height * s);
      ctx.scale(-1, -1);
    }
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.terrain, 0, 0);
    for (const p of pieces) {
      const c = parseSquare(p.square);
      if (!c) continue;
      // A dark square under a light centre keeps White's dots visible on open ground.
      const centre = this.cells.centre(c);
      const x = Math.round((centre.x - 0.5) * s);
      const y = Math.round((centre.y - 0.5) * s);
      const size = Math.max(3, s + 1);
      ctx.fillStyle = "#000000";
      ctx.fillRect(x - 1, y - 1, size, size);
      if (p.side === "white") {
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(x, y, size - 2, size - 2);
      }
    }
    ctx.restore();
    const k = s / view.cell;
    ctx.strokeStyle = "#e8412c";
    ctx.lineWidth = 2;
    ctx.strokeRect(view.x * k, view.y * k, view.width * k, view.height * k);
  }
}
