// Piece images rasterised once per glyph, side and pixel size, then copied onto the board.

import type { Side } from "../api/types";
import { type Glyph, SIDE_COLOURS } from "./glyphs";

/** Below this many device pixels a piece is drawn as a plain disc (shapes would be noise). */
export const MIN_GLYPH_PX = 14;

/** A cache of rasterised piece images. */
export class SpriteCache {
  private readonly cache = new Map<string, HTMLCanvasElement>();
  private readonly paths = new Map<string, Path2D>();

  /** The image of `glyph` for `side`, `size` device pixels square. */
  get(glyph: Glyph, side: Side, size: number): HTMLCanvasElement {
    const px = Math.max(4, Math.round(size));
    const key = `${glyph.key}/${glyph.label ?? ""}/${side}/${px}`;
    let sprite = this.cache.get(key);
    if (!sprite) {
      sprite = this.draw(glyph, side, px);
      if (this.cache.size > 400) this.cache.clear();
      this.cache.set(key, sprite);
    }
    return sprite;
  }

  private path(d: string): Path2D {
    let p = this.paths.get(d);
    if (!p) {
      p = new Path2D(d);
      this.paths.set(d, p);
    }
    return p;
  }

  private draw(glyph: Glyph, side: Side, px: number): HTMLCanvasElement {
    const canvas = document.createElement("canvas");
    canvas.width = px;
    canvas.height = px;
    const ctx = canvas.getContext("2d");
    if (!ctx) return canvas;
    const colours = SIDE_COLOURS[side];
    ctx.scale(px / 100, px / 100);
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    if (px < MIN_GLYPH_PX) {
      ctx.beginPath();
      ctx.arc(50, 50, 40, 0, Math.PI * 2);
      ctx.fillStyle = colours.body;
      ctx.fill();
      ctx.lineWidth = 14;
      ctx.strokeStyle = side === "white" ? colours.line : SIDE_COLOURS.black.detail;
      ctx.stroke();
      return canvas;
    }
    // A soft halo keeps dark pieces visible on water and trees, light ones on open ground.
    ctx.shadowColor = side === "white" ? "rgba(0,0,0,0.45)" : "rgba(255,245,220,0.65)";
    ctx.shadowBlur = Math.max(2, 400 / px);
    ctx.fillStyle = colours.body;
    for (const d of glyph.body) ctx.fill(this.path(d));
    ctx.shadowBlur = 0;
    ctx.shadowColor = "transparent";
    ctx.strokeStyle = colours.line;
    ctx.lineWidth = px < 28 ? 7 : 5;
    for (const d of glyph.body) ctx.stroke(this.path(d));
    ctx.strokeStyle = side === "white" ? colours.line : SIDE_COLOURS.black.detail;
    ctx.lineWidth = px < 28 ? 5 : 3.5;
    for (const d of glyph.detail) ctx.stroke(this.path(d));
    if (glyph.label) {
      ctx.font = "bold 34px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillStyle = colours.label;
      ctx.fillText(glyph.label, 50, glyph.key === "disc" ? 50 : 57);
    }
    return canvas;
  }
}
