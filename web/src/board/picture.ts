// A still picture of a position (the new-game page's scenario pictures): terrain and pieces,
// the whole board fitted into a canvas.

import type { GameInfo, PieceView } from "../api/types";
import { parseSquare } from "../core/squares";
import { glyphFor } from "./glyphs";
import { SpriteCache } from "./sprites";
import { paintSquare, terrainAt } from "./terrain";

const sprites = new SpriteCache();

/** Draws the board of `info` with `pieces` into a canvas at most `max` CSS pixels wide or tall. */
export function picture(info: GameInfo, pieces: PieceView[], max: number): HTMLCanvasElement {
  const { files, ranks, terrain } = info.board;
  const cell = max / Math.max(files, ranks);
  const dpr = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(files * cell * dpr);
  canvas.height = Math.round(ranks * cell * dpr);
  canvas.style.width = `${files * cell}px`;
  canvas.style.height = `${ranks * cell}px`;
  const ctx = canvas.getContext("2d");
  if (!ctx) return canvas;
  ctx.scale(dpr, dpr);
  for (let rank = 0; rank < ranks; rank += 1) {
    for (let file = 0; file < files; file += 1) {
      const code = terrainAt(terrain, ranks, file, rank);
      paintSquare(ctx, code, file * cell, (ranks - 1 - rank) * cell, cell, (file + rank) % 2 === 0);
    }
  }
  const glyphs = info.pieces.map((p) => glyphFor(p.appearance));
  for (const p of pieces) {
    const c = parseSquare(p.square);
    const glyph = glyphs[p.kind];
    if (!c || !glyph) continue;
    const x = c.file * cell;
    const y = (ranks - 1 - c.rank) * cell;
    if (cell < 3) {
      // Too small for a shape: a dot a little larger than the square, dark-rimmed.
      ctx.fillStyle = "#000000";
      ctx.fillRect(x - 0.5, y - 0.5, 2.5, 2.5);
      if (p.side === "white") {
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(x, y, 1.5, 1.5);
      }
      continue;
    }
    ctx.drawImage(sprites.get(glyph, p.side, cell * dpr), x, y, cell, cell);
  }
  return canvas;
}
