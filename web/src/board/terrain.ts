// Terrain: a colour per kind (with a light and dark shade for the checkering of open ground)
// and a pattern that tells the kinds apart without colour: waves, houses, trees, hills, in
// cells of any shape (./geometry.ts).

import type { Coord } from "../core/squares";
import type { Point } from "./geometry";
import { TileCache } from "./tiles";
import type { Viewport } from "./viewport";

/** A terrain code of the board description. */
export type TerrainCode = "." | "~" | "T" | "F" | "^";

/** Colours per terrain code: light cell, dark cell, pattern ink. */
export const TERRAIN: Record<TerrainCode, { light: string; dark: string; ink: string; name: string }> = {
  ".": { light: "#efe2c2", dark: "#d8c49a", ink: "#000000", name: "open ground" },
  "~": { light: "#5b97d1", dark: "#518dc8", ink: "#dcecff", name: "water" },
  T: { light: "#e3c9a6", dark: "#dcc09b", ink: "#8c3b26", name: "town" },
  F: { light: "#8db86b", dark: "#84b062", ink: "#2f5a22", name: "trees" },
  "^": { light: "#c8ae7a", dark: "#c1a672", ink: "#6b4d22", name: "hill" },
};

/** The code of a cell of the terrain rows (top rank first); open ground if unknown. */
export function terrainAt(rows: string[], ranks: number, file: number, rank: number): TerrainCode {
  const code = rows[ranks - 1 - rank]?.[file] ?? ".";
  return code in TERRAIN ? (code as TerrainCode) : ".";
}

/** From this cell size (CSS pixels) up, cells that are not their blocks are drawn in their
 * own shape; below it their blocks stand in (the shapes would be a few pixels). */
const SHAPES_FROM = 12;

/** The tiles of the cells' shapes (./tiles.ts), shared by every board of the page. */
const tiles = new TileCache();

/** Paints the terrain of the cells in view: each cell's block in its colour (fast rectangles,
 * a little larger than the cell so that no seam shows), then, on large enough cells that are
 * not their blocks (hexes), the cells' own shapes and outlines as tiles, and the terrain
 * patterns where cells are large enough to read them. */
export function paintTerrain(ctx: CanvasRenderingContext2D, v: Viewport, rows: string[]): void {
  const { files, ranks } = v.visible();
  const cells = v.cells;
  const byColour = new Map<string, Coord[]>();
  const patterned: [Coord, TerrainCode][] = [];
  for (let rank = ranks[0]; rank <= ranks[1]; rank += 1) {
    for (let file = files[0]; file <= files[1]; file += 1) {
      const c = { file, rank };
      const code = terrainAt(rows, cells.ranks, file, rank);
      const t = TERRAIN[code];
      const colour = cells.dark(c) ? t.dark : t.light;
      const group = byColour.get(colour);
      if (group) group.push(c);
      else byColour.set(colour, [c]);
      if (code !== ".") patterned.push([c, code]);
    }
  }
  for (const [colour, group] of byColour) {
    ctx.fillStyle = colour;
    for (const c of group) {
      const [x, y, w, h] = v.block(c);
      ctx.fillRect(x, y, w + 0.5, h + 0.5);
    }
  }
  if (cells.outlined && v.cell >= SHAPES_FROM) {
    const dpr = window.devicePixelRatio || 1;
    for (const [colour, group] of byColour) {
      const tile = tiles.get(cells, colour, v.cell, dpr);
      for (const c of group) {
        const p = v.centre(c);
        ctx.drawImage(tile.image, p.x + tile.dx, p.y + tile.dy, tile.w, tile.h);
      }
    }
  }
  if (v.cell >= 7) {
    for (const [c, code] of patterned) {
      const r = v.rect(c);
      paintPattern(ctx, code, r.x, r.y, r.size);
    }
  }
}

/** Adds a closed polygon to the current path. */
export function tracePolygon(ctx: CanvasRenderingContext2D, points: Point[]): void {
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
}

/** Paints a terrain's pattern (waves, a house, trees, hills) in the box of side `s` at (x, y). */
function paintPattern(ctx: CanvasRenderingContext2D, code: TerrainCode, x: number, y: number, s: number): void {
  const t = TERRAIN[code];
  ctx.strokeStyle = t.ink;
  ctx.fillStyle = t.ink;
  ctx.lineWidth = Math.max(1, s / 18);
  ctx.beginPath();
  switch (code) {
    case "~":
      for (const fy of [0.35, 0.65]) {
        ctx.moveTo(x + s * 0.15, y + s * fy);
        ctx.quadraticCurveTo(x + s * 0.32, y + s * (fy - 0.12), x + s * 0.5, y + s * fy);
        ctx.quadraticCurveTo(x + s * 0.68, y + s * (fy + 0.12), x + s * 0.85, y + s * fy);
      }
      ctx.stroke();
      break;
    case "T":
      ctx.moveTo(x + s * 0.2, y + s * 0.5);
      ctx.lineTo(x + s * 0.5, y + s * 0.22);
      ctx.lineTo(x + s * 0.8, y + s * 0.5);
      ctx.closePath();
      ctx.fill();
      ctx.globalAlpha = 0.55;
      ctx.fillRect(x + s * 0.28, y + s * 0.5, s * 0.44, s * 0.3);
      ctx.globalAlpha = 1;
      break;
    case "F":
      for (const [fx, fy] of [
        [0.3, 0.35],
        [0.68, 0.32],
        [0.5, 0.7],
      ] as const) {
        ctx.moveTo(x + s * fx + s * 0.13, y + s * fy);
        ctx.arc(x + s * fx, y + s * fy, s * 0.13, 0, Math.PI * 2);
      }
      ctx.globalAlpha = 0.75;
      ctx.fill();
      ctx.globalAlpha = 1;
      break;
    case "^":
      for (const [fx, fy] of [
        [0.3, 0.62],
        [0.62, 0.42],
      ] as const) {
        ctx.moveTo(x + s * (fx - 0.17), y + s * (fy + 0.12));
        ctx.lineTo(x + s * fx, y + s * (fy - 0.1));
        ctx.lineTo(x + s * (fx + 0.17), y + s * (fy + 0.12));
      }
      ctx.stroke();
      break;
  }
}
