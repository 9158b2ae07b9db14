// Cell tiles: one image per colour and cell size of a cell's shape, filled and outlined, copied
// onto the board at each cell's centre. Copying an image is much faster on a canvas than
// filling thousands of small polygons, so that a hex board stays within the square board's
// frame budget. Any cell shape whose corners are the same around every centre will do.

import type { CellGeometry } from "./geometry";

/** A tile and where to copy it, relative to the cell's centre, in CSS pixels. */
export interface Tile {
  /** The image. */
  image: HTMLCanvasElement;
  /** Its left edge from the cell's centre. */
  dx: number;
  /** Its top edge from the cell's centre. */
  dy: number;
  /** Its width. */
  w: number;
  /** Its height. */
  h: number;
}

/** The outline's colour (drawn on every side, so each side between two cells twice). */
const EDGE = "rgba(70, 55, 30, 0.22)";
/** The tiles kept before the cache is emptied (zooming makes new sizes). */
const KEPT = 200;

/** A cache of tiles. */
export class TileCache {
  private readonly cache = new Map<string, Tile>();

  /** The tile of a cell of `cells` in `colour`, `cell` CSS pixels wide, drawn for `dpr`. */
  get(cells: CellGeometry, colour: string, cell: number, dpr: number): Tile {
    const px = Math.round(cell * dpr * 4) / 4;
    const key = `${cells.kind}/${colour}/${px}`;
    let tile = this.cache.get(key);
    if (!tile) {
      tile = draw(cells, colour, px, dpr);
      if (this.cache.size >= KEPT) this.cache.clear();
      this.cache.set(key, tile);
    }
    return tile;
  }
}

function draw(cells: CellGeometry, colour: string, px: number, dpr: number): Tile {
  const origin = { file: 0, rank: 0 };
  const centre = cells.centre(origin);
  const corners = cells.corners(origin).map((p) => ({ x: (p.x - centre.x) * px, y: (p.y - centre.y) * px }));
  const left = Math.min(...corners.map((p) => p.x)) - 1;
  const top = Math.min(...corners.map((p) => p.y)) - 1;
  const image = document.createElement("canvas");
  image.width = Math.ceil(Math.max(...corners.map((p) => p.x)) - left + 1);
  image.height = Math.ceil(Math.max(...corners.map((p) => p.y)) - top + 1);
  const ctx = image.getContext("2d");
  if (ctx) {
    ctx.beginPath();
    corners.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x - left, p.y - top) : ctx.lineTo(p.x - left, p.y - top)));
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = EDGE;
    ctx.lineWidth = Math.max(1, dpr);
    ctx.stroke();
  }
  return { image, dx: left / dpr, dy: top / dpr, w: image.width / dpr, h: image.height / dpr };
}
