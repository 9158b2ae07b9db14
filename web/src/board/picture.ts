// A still picture of a position (the new-game page's scenario pictures): terrain and pieces,
// the whole board fitted into a canvas, in the board's cell shape (./geometry.ts).

import type { GameInfo, PieceView } from "../api/types";
import { parseSquare } from "../core/squares";
import { cellGeometry } from "./geometry";
import { glyphFor } from "./glyphs";
import { SpriteCache } from "./sprites";
import { paintTerrain } from "./terrain";
import { Viewport } from "./viewport";

const sprites = new SpriteCache();

/** Draws the board of `info` with `pieces` into a canvas at most `max` CSS pixels wide or tall. */
export function picture(info: GameInfo, pieces: PieceView[], max: number): HTMLCanvasElement {
  const { files, ranks, terrain, geometry } = info.board;
  const cells = cellGeometry(geometry, files, ranks);
  const cell = max / Math.max(cells.width, cells.height);
  const width = cells.width * cell;
  const height = cells.height * cell;
  const dpr = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext("2d");
  if (!ctx) return canvas;
  ctx.scale(dpr, dpr);
  // The whole board at exactly `cell` pixels a cell (below the interactive board's smallest).
  const view = new Viewport(cells, width, height);
  view.cell = cell;
  view.x = 0;
  view.y = 0;
  paintTerrain(ctx, view, terrain);
  const glyphs = info.pieces.map((p) => glyphFor(p.appearance));
  for (const p of pieces) {
    const c = parseSquare(p.square);
    const glyph = glyphs[p.kind];
    if (!c || !glyph) continue;
    const r = view.rect(c);
    if (cell < 3) {
      // Too small for a shape: a dot a little larger than the cell, dark-rimmed.
      ctx.fillStyle = "#000000";
      ctx.fillRect(r.x - 0.5, r.y - 0.5, 2.5, 2.5);
      if (p.side === "white") {
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(r.x, r.y, 1.5, 1.5);
      }
      continue;
    }
    ctx.drawImage(sprites.get(glyph, p.side, cell * dpr), r.x, r.y, cell, cell);
  }
  return canvas;
}
