// What the browser tests share: the server's address, square clicks on the canvas board, and
// the API read from the test's side (to choose legal moves, never to make them).
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { GameAndState, Geometry, Preview, StateView } from "../../src/api/types";
import { cellGeometry } from "../../src/board/geometry";

/** The tests, with `baseURL` the server started by global-setup.ts. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.WARLORD_URL);
  },
});
export { expect };

/** Where screenshots are kept for people to look at. */
export const SHOTS = fileURLToPath(new URL("../../test-artifacts/screenshots", import.meta.url));
mkdirSync(SHOTS, { recursive: true });

/** The board's viewport as the page publishes it on the board element. */
export interface BoardState {
  x: number;
  y: number;
  cell: number;
  flipped: boolean;
  /** The cells' shape. */
  geometry: Geometry;
  files: number;
  ranks: number;
}

/** Reads the board's viewport. */
export async function boardState(page: Page): Promise<BoardState> {
  await expect(page.locator(".board")).toHaveAttribute("data-view", /"cell"/);
  const text = await page.locator(".board").getAttribute("data-view");
  return JSON.parse(text ?? "{}") as BoardState;
}

/** Reads a square name into a zero-based file and rank. */
export function coordOf(square: string): { file: number; rank: number } {
  const m = /^([a-z]+)(\d+)$/.exec(square);
  if (!m?.[1] || !m[2]) throw new Error(`not a square: ${square}`);
  let file = 0;
  for (const ch of m[1]) file = file * 26 + (ch.charCodeAt(0) - 96);
  return { file: file - 1, rank: Number(m[2]) - 1 };
}

/** The page position of a point of a square (or hex) of the board: its centre, or with `corner`
 * the point a fraction `t` of the way from the centre to that corner (clockwise from the top
 * left of a square, from the top of a hex, as White sees it). Computed from the published
 * viewport and the browser's cell geometry, whose unit tests check it against the notation. */
export async function squarePoint(page: Page, square: string, corner?: { index: number; t: number }): Promise<{ x: number; y: number }> {
  const at = coordOf(square);
  const v = await boardState(page);
  const box = await page.locator(".board-canvas").boundingBox();
  if (!box) throw new Error("no board");
  const cells = cellGeometry(v.geometry, v.files, v.ranks);
  let c = cells.centre(at);
  if (corner) {
    const k = cells.corners(at)[corner.index % cells.corners(at).length] ?? c;
    c = { x: c.x + (k.x - c.x) * corner.t, y: c.y + (k.y - c.y) * corner.t };
  }
  const x = v.flipped ? cells.width - c.x : c.x;
  const y = v.flipped ? cells.height - c.y : c.y;
  return { x: box.x + x * v.cell - v.x, y: box.y + y * v.cell - v.y };
}

/** Clicks a square of the board. */
export async function clickSquare(page: Page, square: string): Promise<void> {
  const p = await squarePoint(page, square);
  await page.mouse.click(p.x, p.y);
}

/** A seat's view of a game through the API. */
export async function apiState(request: APIRequestContext, id: string, token: string): Promise<StateView> {
  const r = await request.get(`/api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(r.ok()).toBeTruthy();
  return ((await r.json()) as GameAndState).state;
}

/** How many times a heavy request the server was too busy for is sent again, as the browser's
 * client does (docs/API.md, `busy`): a test that follows one whose computer player is still
 * thinking may find the heavy slots taken. */
const BUSY_RETRIES = 20;

/** POSTs `data` to `url`, sent again after the `Retry-After` the server gives while it answers
 * 429 `busy`; the last answer must be a success. */
async function postHeavy(request: APIRequestContext, url: string, data: unknown, headers?: Record<string, string>): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const r = await request.post(url, { data, headers });
    const text = await r.text();
    const busy = r.status() === 429 && text.includes('"code":"busy"');
    if (busy && attempt < BUSY_RETRIES) {
      const wait = Number(r.headers()["retry-after"] ?? "1");
      await new Promise((done) => setTimeout(done, 1000 * (Number.isFinite(wait) ? wait : 1)));
      continue;
    }
    expect(r.ok(), text).toBeTruthy();
    return JSON.parse(text) as unknown;
  }
}

/** The state a seat would see after proposing `actions` (the server's preview). */
export async function previewState(request: APIRequestContext, id: string, token: string, actions: string[]): Promise<StateView> {
  const preview = (await postHeavy(request, `/api/games/${id}/preview`, { actions }, { Authorization: `Bearer ${token}` })) as Preview;
  return preview.state;
}

/** A scenario's position after a line of actions, for the side to move. */
export async function analysisState(request: APIRequestContext, scenario: string, actions: string[]): Promise<GameAndState> {
  return (await postHeavy(request, "/api/analysis", { scenario, actions })) as GameAndState;
}

/** The game id and token of a play page's address. */
export function seatOf(page: Page): { id: string; token: string } {
  const url = new URL(page.url());
  const id = url.pathname.split("/")[2] ?? "";
  return { id, token: decodeURIComponent(url.hash.slice(1)) };
}

/** Drags on the board from its middle (where no piece may act, so the drag pans) 200 px left and
 * 150 px up and checks the view followed exactly; then clicks the minimap's top left corner and
 * checks the view went to the board's top left; screenshots the result as `shot`. */
export async function panThenMinimapHome(page: Page, shot: string): Promise<void> {
  const box = await page.locator(".board-canvas").boundingBox();
  if (!box) throw new Error("no board");
  const before = await boardState(page);
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx - 200, cy - 150, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await boardState(page)).x - before.x)).toBe(200);
  expect(Math.round((await boardState(page)).y - before.y)).toBe(150);
  const mini = await page.locator(".minimap").boundingBox();
  if (!mini) throw new Error("no minimap");
  await page.mouse.click(mini.x + 5, mini.y + 5);
  // The board redraws on the next frame: wait for the published viewport to follow.
  await expect.poll(async () => [(await boardState(page)).x, (await boardState(page)).y]).toEqual([0, 0]);
  await page.screenshot({ path: `${SHOTS}/${shot}` });
}
