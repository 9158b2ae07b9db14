// The board: a canvas that draws only the visible cells (squares or hexes, ./geometry.ts), so
// that it stays smooth from 8x8 to 120x120; drag to pan (or to move a piece), wheel, pinch or
// buttons to zoom, a minimap on large boards. It shows what the page tells it (pieces,
// highlights) and reports clicks and drops.

import type { GameInfo, PieceView, Side } from "../api/types";
import { type Coord, fileName, parseSquare, squareName } from "../core/squares";
import { cellGeometry } from "./geometry";
import { glyphFor, type Glyph } from "./glyphs";
import { type BoardLine, drawCrosses, drawLines, lineText } from "./lines";
import { Minimap, MINIMAP_FROM } from "./minimap";
import { SpriteCache } from "./sprites";
import { paintTerrain, tracePolygon } from "./terrain";
import { Viewport } from "./viewport";

/** What a highlighted square offers. */
export type TargetKind = "move" | "capture" | "attack" | "fire" | "swap" | "place";

/** What the board marks besides the pieces. */
export interface Highlights {
  /** The selected piece's square. */
  selected: string | null;
  /** Where the selected piece (or the chosen reserve piece) may go, and how. */
  targets: Map<string, TargetKind>;
  /** The pieces that could order the selected one (its command links). */
  commanders: Set<string>;
  /** The squares of the last turn's actions. */
  last: Set<string>;
  /** Command areas to draw: the commander's square, the cells it reaches (from the rules),
   * its side, and whether its orders for this turn are spent. */
  ranges: { square: string; area: string[]; side: Side; spent: boolean }[];
  /** Short notes on squares (attack strength against defence; a piece's lasting state). */
  labels: Map<string, { text: string; good: boolean }>;
  /** Lines over the board: paths, lines of fire, command links (from the server's squares). */
  lines: BoardLine[];
  /** The squares of the pieces the action looked at would capture. */
  captures: Set<string>;
}

/** An empty set of highlights. */
export function noHighlights(): Highlights {
  return {
    selected: null,
    targets: new Map(),
    commanders: new Set(),
    last: new Set(),
    ranges: [],
    labels: new Map(),
    lines: [],
    captures: new Set(),
  };
}

/** What the board reports. */
export interface BoardHandlers {
  /** A square was clicked. */
  click(square: string): void;
  /** A drag began on a square where `canDrag` said yes. */
  dragStart(square: string): void;
  /** A dragged piece was let go over another square. */
  drop(from: string, to: string): void;
  /** Whether a drag may start on this square. */
  canDrag(square: string): boolean;
  /** The pointer went over another square (`null`: off the board). */
  hover?(square: string | null): void;
}

interface Placed {
  piece: PieceView;
  at: Coord;
  glyph: Glyph;
}

/** A board on a canvas. */
export class BoardView {
  /** The element to put on the page. */
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly view: Viewport;
  private readonly sprites = new SpriteCache();
  private readonly glyphs: Glyph[];
  private readonly minimap: Minimap | null;
  private readonly zoomBar: HTMLDivElement;
  private readonly resizer: ResizeObserver;
  private pieces: Placed[] = [];
  private marks: Highlights = noHighlights();
  private ghost: { piece: Placed; x: number; y: number } | null = null;
  private frame = 0;

  /** A board for `info`, seen from `orientation`'s side. */
  constructor(
    private readonly info: GameInfo,
    orientation: Side,
    private readonly handlers: BoardHandlers,
  ) {
    this.glyphs = info.pieces.map((p) => glyphFor(p.appearance));
    this.element = document.createElement("div");
    this.element.className = "board";
    this.canvas = document.createElement("canvas");
    this.canvas.className = "board-canvas";
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", `${info.scenario.name}: ${info.board.files} by ${info.board.ranks} board`);
    this.element.append(this.canvas);
    const cells = cellGeometry(info.board.geometry, info.board.files, info.board.ranks);
    this.view = new Viewport(cells, 600, 600, orientation === "black");
    const big = info.board.files >= MINIMAP_FROM || info.board.ranks >= MINIMAP_FROM;
    this.minimap = big
      ? new Minimap(cells, info.board.terrain, (fx, fy) => {
          this.view.centreOn(fx, fy);
          this.redraw();
        })
      : null;
    if (this.minimap) this.element.append(this.minimap.element);
    this.zoomBar = this.zoomButtons();
    this.element.append(this.zoomBar);
    this.listen();
    this.resizer = new ResizeObserver(() => this.fitCanvas());
    this.resizer.observe(this.element);
  }

  /** Shows these pieces. */
  setPieces(pieces: PieceView[]): void {
    this.pieces = pieces.flatMap((piece) => {
      const at = parseSquare(piece.square);
      const glyph = this.glyphs[piece.kind];
      return at && glyph ? [{ piece, at, glyph }] : [];
    });
    this.redraw();
  }

  /** Shows these highlights. */
  setHighlights(marks: Highlights): void {
    this.marks = marks;
    // What is drawn, in words, for tests and assistive tools (the canvas itself is opaque).
    this.element.dataset.lines = marks.lines.map(lineText).join("; ");
    this.element.dataset.captures = [...marks.captures].join(" ");
    this.element.dataset.ranges = marks.ranges.map((r) => r.square).join(" ");
    this.element.dataset.labels = [...marks.labels].map(([sq, l]) => `${sq}:${l.text}`).join(" ");
    this.element.dataset.selected = marks.selected ?? "";
    this.element.dataset.targets = [...marks.targets.keys()].sort().join(" ");
    this.redraw();
  }

  /** Turns the board to be seen from `side`. */
  setOrientation(side: Side): void {
    this.view.flipped = side === "black";
    this.view.fit();
    this.redraw();
  }

  /** The square under a point of the window, if any (drops from outside the board). */
  squareAtClient(clientX: number, clientY: number): string | null {
    const box = this.canvas.getBoundingClientRect();
    const c = this.view.squareAt(clientX - box.left, clientY - box.top);
    return c ? squareName(c) : null;
  }

  /** Where a square is drawn, in pixels from the board element's top left; `null` if it is no square. */
  squareBox(square: string): { x: number; y: number; size: number } | null {
    const c = parseSquare(square);
    return c ? this.view.rect(c) : null;
  }

  /** Stops watching the element's size. */
  destroy(): void {
    this.resizer.disconnect();
    cancelAnimationFrame(this.frame);
  }

  private zoomButtons(): HTMLDivElement {
    const bar = document.createElement("div");
    bar.className = "zoom";
    const button = (label: string, title: string, act: () => void): void => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.title = title;
      b.addEventListener("click", () => {
        act();
        this.redraw();
      });
      bar.append(b);
    };
    button("+", "Zoom in", () => this.view.zoomAt(1.25, this.view.width / 2, this.view.height / 2));
    button("−", "Zoom out", () => this.view.zoomAt(0.8, this.view.width / 2, this.view.height / 2));
    button("⤢", "Show the whole board", () => this.view.fit());
    return bar;
  }

  private fitCanvas(): void {
    const box = this.element.getBoundingClientRect();
    const w = Math.max(100, Math.floor(box.width));
    const h = Math.max(100, Math.floor(box.height));
    const first = this.canvas.width === 300 && this.canvas.height === 150;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.view.resize(w, h);
    if (first) this.view.fit();
    this.redraw();
  }

  private listen(): void {
    let down: { x: number; y: number; square: string | null; piece: boolean; moved: boolean } | null = null;
    const local = (e: PointerEvent | WheelEvent): [number, number] => {
      const box = this.canvas.getBoundingClientRect();
      return [e.clientX - box.left, e.clientY - box.top];
    };
    const squareOf = (x: number, y: number): string | null => {
      const c = this.view.squareAt(x, y);
      return c ? squareName(c) : null;
    };
    // Two fingers on the board pinch to zoom (around their midpoint) and pan; a drag or a
    // click under way is dropped when the second finger lands.
    const touches = new Map<number, [number, number]>();
    let pinch: { distance: number; mid: [number, number] } | null = null;
    const spread = (): { distance: number; mid: [number, number] } | null => {
      const [a, b] = [...touches.values()];
      if (!a || !b) return null;
      return { distance: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
    };
    this.canvas.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      const [x, y] = local(e);
      if (e.pointerType === "touch") touches.set(e.pointerId, [x, y]);
      try {
        this.canvas.setPointerCapture(e.pointerId);
      } catch {
        // A pointer the browser does not track (synthetic): the canvas still hears it.
      }
      if (touches.size >= 2) {
        down = null;
        this.ghost = null;
        pinch = spread();
        this.redraw();
        return;
      }
      const square = squareOf(x, y);
      down = { x, y, square, piece: square !== null && this.handlers.canDrag(square), moved: false };
    });
    const lift = (e: PointerEvent): void => {
      touches.delete(e.pointerId);
      if (touches.size < 2) pinch = null;
    };
    let hovered: string | null = null;
    const hover = (square: string | null): void => {
      if (square === hovered) return;
      hovered = square;
      this.handlers.hover?.(square);
    };
    this.canvas.addEventListener("pointerleave", () => hover(null));
    this.canvas.addEventListener("pointermove", (e) => {
      if (touches.has(e.pointerId)) touches.set(e.pointerId, local(e));
      if (pinch) {
        const now = spread();
        if (!now || pinch.distance === 0) return;
        this.view.zoomAt(now.distance / pinch.distance, now.mid[0], now.mid[1]);
        this.view.panBy(now.mid[0] - pinch.mid[0], now.mid[1] - pinch.mid[1]);
        pinch = now;
        this.redraw();
        return;
      }
      if (!down) {
        const [x, y] = local(e);
        hover(squareOf(x, y));
        return;
      }
      const [x, y] = local(e);
      if (!down.moved && Math.hypot(x - down.x, y - down.y) < 5) return;
      if (!down.moved && down.piece && down.square) this.handlers.dragStart(down.square);
      if (down.piece) {
        const from = down.square;
        const placed = this.pieces.find((p) => squareName(p.at) === from);
        this.ghost = placed ? { piece: placed, x, y } : null;
      } else {
        this.view.panBy(e.movementX || x - down.x, e.movementY || y - down.y);
      }
      down.moved = true;
      this.redraw();
    });
    const finish = (e: PointerEvent): void => {
      lift(e);
      if (!down) return;
      const [x, y] = local(e);
      const start = down;
      down = null;
      this.ghost = null;
      if (!start.moved) {
        if (start.square) this.handlers.click(start.square);
      } else if (start.piece && start.square) {
        const to = squareOf(x, y);
        if (to && to !== start.square) this.handlers.drop(start.square, to);
      }
      this.redraw();
    };
    this.canvas.addEventListener("pointerup", finish);
    this.canvas.addEventListener("pointercancel", (e) => {
      lift(e);
      down = null;
      this.ghost = null;
      this.redraw();
    });
    this.canvas.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        const [x, y] = local(e);
        this.view.zoomAt(Math.exp(-e.deltaY * 0.0015), x, y);
        this.redraw();
      },
      { passive: false },
    );
  }

  private redraw(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const start = performance.now();
      this.draw();
      // How long the drawing took, for the frame budget's browser test (docs/UI.md).
      this.element.dataset.drawMs = (performance.now() - start).toFixed(2);
    });
  }

  private draw(): void {
    const ctx = this.canvas.getContext("2d");
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const v = this.view;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "#262a22";
    ctx.fillRect(0, 0, v.width, v.height);
    const { files, ranks } = v.visible();
    const board = this.info.board;
    paintTerrain(ctx, v, board.terrain);
    this.drawRanges(ctx);
    this.tint(ctx, this.marks.last, "rgba(155, 199, 0, 0.38)");
    if (this.marks.selected) this.tint(ctx, new Set([this.marks.selected]), "rgba(20, 85, 30, 0.5)");
    this.drawPieces(ctx, v.cell * dpr);
    this.drawTargets(ctx);
    drawLines(ctx, v, this.marks.lines);
    drawCrosses(ctx, v, this.marks.captures);
    this.drawCoordinates(ctx, files, ranks);
    if (this.ghost) {
      const size = v.cell * 1.1;
      const sprite = this.sprites.get(this.ghost.piece.glyph, this.ghost.piece.piece.side, size * dpr);
      ctx.drawImage(sprite, this.ghost.x - size / 2, this.ghost.y - size / 2, size, size);
    }
    this.element.dataset.view = JSON.stringify({
      x: v.x,
      y: v.y,
      cell: v.cell,
      flipped: v.flipped,
      geometry: board.geometry,
      files: board.files,
      ranks: board.ranks,
    });
    // The zoom buttons stay off the squares where the board leaves room: a column in the
    // margin beside a board narrower than the canvas, else a row in the margin above it.
    const side = -v.x;
    const above = -v.y;
    this.zoomBar.classList.toggle("row", side < 36 && above >= 30);
    this.minimap?.draw(
      this.pieces.map((p) => p.piece),
      v,
    );
  }

  private tint(ctx: CanvasRenderingContext2D, squares: Set<string>, colour: string): void {
    ctx.fillStyle = colour;
    ctx.beginPath();
    for (const name of squares) {
      const c = parseSquare(name);
      if (c) tracePolygon(ctx, this.view.outline(c));
    }
    ctx.fill();
  }

  private drawRanges(ctx: CanvasRenderingContext2D): void {
    const v = this.view;
    for (const { area, side, spent } of this.marks.ranges) {
      // The rules give the cells (`hints.commanders[i].area`); each is tinted and the area's
      // border drawn along every side of a cell whose cell across is outside it.
      const cells = area.map(parseSquare).filter((c): c is Coord => c !== null);
      const inside = new Set(area);
      ctx.globalAlpha = spent ? 0.45 : 1;
      ctx.fillStyle = side === "white" ? "rgba(255, 255, 255, 0.16)" : "rgba(0, 0, 0, 0.14)";
      ctx.strokeStyle = side === "white" ? "rgba(255, 255, 255, 0.9)" : "rgba(20, 20, 20, 0.85)";
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      for (const cell of cells) tracePolygon(ctx, v.outline(cell));
      ctx.fill();
      ctx.beginPath();
      for (const cell of cells) {
        const corners = v.outline(cell);
        v.cells.across(cell).forEach((next, i) => {
          if (next.file >= 0 && next.rank >= 0 && inside.has(squareName(next))) return;
          const a = corners[i];
          const b = corners[(i + 1) % corners.length];
          if (!a || !b) return;
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
        });
      }
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.globalAlpha = 1;
    }
  }

  private drawPieces(ctx: CanvasRenderingContext2D, devicePx: number): void {
    const v = this.view;
    const pad = v.cell * 0.05;
    const dragged = this.ghost?.piece;
    for (const placed of this.pieces) {
      const r = v.rect(placed.at);
      if (r.x + r.size < 0 || r.y + r.size < 0 || r.x > v.width || r.y > v.height) continue;
      const name = squareName(placed.at);
      if (this.marks.commanders.has(name)) {
        ctx.strokeStyle = "#2f7fd8";
        ctx.lineWidth = Math.max(2, v.cell / 12);
        ctx.beginPath();
        ctx.arc(r.x + r.size / 2, r.y + r.size / 2, r.size * 0.47, 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.globalAlpha = placed === dragged ? 0.3 : placed.piece.moved ? 0.6 : 1;
      const sprite = this.sprites.get(placed.glyph, placed.piece.side, devicePx * 0.9);
      ctx.drawImage(sprite, r.x + pad, r.y + pad, r.size - 2 * pad, r.size - 2 * pad);
      ctx.globalAlpha = 1;
    }
  }

  private drawTargets(ctx: CanvasRenderingContext2D): void {
    const v = this.view;
    for (const [name, kind] of this.marks.targets) {
      const c = parseSquare(name);
      if (!c) continue;
      const r = v.rect(c);
      const cx = r.x + r.size / 2;
      const cy = r.y + r.size / 2;
      ctx.beginPath();
      if (kind === "move" || kind === "place") {
        ctx.fillStyle = kind === "place" ? "rgba(40, 110, 200, 0.45)" : "rgba(20, 85, 30, 0.55)";
        ctx.arc(cx, cy, Math.max(2, r.size * 0.16), 0, Math.PI * 2);
        ctx.fill();
      } else {
        ctx.strokeStyle = kind === "swap" ? "rgba(40, 110, 200, 0.8)" : "rgba(170, 30, 20, 0.75)";
        ctx.lineWidth = Math.max(2, r.size * 0.08);
        // A shot's target: a dashed ring (it may be a capture by moving too).
        if (kind === "fire") ctx.setLineDash([r.size * 0.12, r.size * 0.08]);
        ctx.arc(cx, cy, r.size * 0.44, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
    for (const [name, label] of this.marks.labels) {
      const c = parseSquare(name);
      if (!c || v.cell < 22) continue;
      const r = v.inner(c);
      ctx.font = `bold ${Math.round(Math.min(16, r.size / 3.2))}px system-ui, sans-serif`;
      const w = ctx.measureText(label.text).width + 8;
      const h = Math.min(20, r.size / 2.6);
      ctx.fillStyle = label.good ? "rgba(30, 120, 40, 0.92)" : "rgba(150, 30, 20, 0.92)";
      ctx.fillRect(r.x + (r.size - w) / 2, r.y + 1, w, h);
      ctx.fillStyle = "#fff";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(label.text, r.x + r.size / 2, r.y + 1 + h / 2);
    }
  }

  private drawCoordinates(ctx: CanvasRenderingContext2D, files: [number, number], ranks: [number, number]): void {
    const v = this.view;
    // Readable or not drawn: at least 8 px (a phone's small squares had 5 px letters).
    const px = Math.round(Math.min(12, v.cell / 3));
    this.element.dataset.coordinates = v.cell < 16 ? "none" : String(px);
    if (v.cell < 16) return;
    ctx.font = `600 ${Math.max(8, px)}px system-ui, sans-serif`;
    ctx.fillStyle = "rgba(40, 30, 20, 0.75)";
    const bottomRank = v.flipped ? ranks[1] : ranks[0];
    const leftFile = v.flipped ? files[1] : files[0];
    ctx.textBaseline = "bottom";
    ctx.textAlign = "right";
    for (let file = files[0]; file <= files[1]; file += 1) {
      const r = v.inner({ file, rank: bottomRank });
      ctx.fillText(fileName(file), r.x + r.size - 2, Math.min(r.y + r.size, v.height) - 1);
    }
    ctx.textBaseline = "top";
    ctx.textAlign = "left";
    for (let rank = ranks[0]; rank <= ranks[1]; rank += 1) {
      const r = v.inner({ file: leftFile, rank });
      ctx.fillText(String(rank + 1), Math.max(r.x, 0) + 2, r.y + 2);
    }
  }
}
