// Lines drawn over the board from cell centre to cell centre (squares or hexes): the paths of the last turn's actions (and
// of the pieces they carried along, such as a towed piece), the line of fire of a shot, the
// command links of the selected piece, the chain of command, and the moves queued while the
// opponent is to move (premoves). Every square comes from the
// server (an action's from/to, `carries`, `line`, `hints`); nothing is computed here.

import { type Coord, parseSquare } from "../core/squares";
import type { Point } from "./geometry";
import type { Viewport } from "./viewport";

/** What a line shows, which sets how it is drawn. */
export type LineKind = "move" | "carry" | "fire" | "command" | "relay" | "best" | "premove";

/** A line through the centres of squares, first to last. */
export interface BoardLine {
  /** What it shows. */
  kind: LineKind;
  /** The squares it passes through, in order (at least two to be drawn). */
  squares: string[];
}

/** Colour, width (in squares) and dash of each kind; arrows end moves, carries and shots. */
const STYLE: Record<LineKind, { colour: string; width: number; dash: number[]; arrow: boolean }> = {
  move: { colour: "rgba(120, 160, 0, 0.85)", width: 0.12, dash: [], arrow: true },
  carry: { colour: "rgba(230, 150, 20, 0.9)", width: 0.1, dash: [], arrow: true },
  fire: { colour: "rgba(200, 30, 20, 0.9)", width: 0.07, dash: [0.18, 0.12], arrow: true },
  command: { colour: "rgba(47, 127, 216, 0.85)", width: 0.05, dash: [0.12, 0.1], arrow: false },
  relay: { colour: "rgba(140, 60, 200, 0.8)", width: 0.05, dash: [0.25, 0.12], arrow: false },
  // The best turn the computer found (the analysis board).
  best: { colour: "rgba(40, 130, 230, 0.8)", width: 0.14, dash: [], arrow: true },
  premove: { colour: "rgba(40, 110, 200, 0.85)", width: 0.1, dash: [0.2, 0.1], arrow: true },
};

/** A short text for a line (`fire:g3 g4 g5 g6`), published on the board element for tests. */
export function lineText(line: BoardLine): string {
  return `${line.kind}:${line.squares.join(" ")}`;
}

/** Draws `lines` on `ctx` in the viewport `v`. */
export function drawLines(ctx: CanvasRenderingContext2D, v: Viewport, lines: BoardLine[]): void {
  for (const line of lines) {
    const points = line.squares.map(parseSquare).filter((c): c is Coord => c !== null).map((c) => v.centre(c));
    const last = points[points.length - 1];
    const before = points[points.length - 2];
    if (!last || !before) continue;
    const style = STYLE[line.kind];
    ctx.strokeStyle = style.colour;
    ctx.fillStyle = style.colour;
    ctx.lineWidth = Math.max(1.5, v.cell * style.width);
    ctx.lineCap = "round";
    ctx.setLineDash(style.dash.map((d) => d * v.cell));
    ctx.beginPath();
    points.forEach(({ x, y }, i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.stroke();
    ctx.setLineDash([]);
    if (style.arrow) arrowHead(ctx, before, last, Math.max(6, v.cell * 0.3));
  }
}

/** Marks each square of `squares` with a cross (the pieces an action would capture). */
export function drawCrosses(ctx: CanvasRenderingContext2D, v: Viewport, squares: Set<string>): void {
  ctx.strokeStyle = "rgba(200, 20, 10, 0.9)";
  ctx.lineWidth = Math.max(2, v.cell * 0.08);
  ctx.lineCap = "round";
  for (const name of squares) {
    const c = parseSquare(name);
    if (!c) continue;
    const { x, y } = v.centre(c);
    const d = v.cell * 0.3;
    ctx.beginPath();
    ctx.moveTo(x - d, y - d);
    ctx.lineTo(x + d, y + d);
    ctx.moveTo(x + d, y - d);
    ctx.lineTo(x - d, y + d);
    ctx.stroke();
  }
}

function arrowHead(ctx: CanvasRenderingContext2D, { x: x1, y: y1 }: Point, { x: x2, y: y2 }: Point, size: number): void {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  ctx.beginPath();
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - size * Math.cos(angle - 0.45), y2 - size * Math.sin(angle - 0.45));
  ctx.lineTo(x2 - size * Math.cos(angle + 0.45), y2 - size * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fill();
}
