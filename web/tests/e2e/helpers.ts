// What the browser tests share: the server's address, square clicks on the canvas board, and
// the API read from the test's side (to choose legal moves, never to make them).
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { GameAndState, Preview, StateView } from "../../src/api/types";

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
  files: number;
  ranks: number;
}

/** Reads the board's viewport. */
export async function boardState(page: Page): Promise<BoardState> {
  await expect(page.locator(".board")).toHaveAttribute("data-view", /"cell"/);
  const text = await page.locator(".board").getAttribute("data-view");
  return JSON.parse(text ?? "{}") as BoardState;
}

/** The page position of a square's centre. */
export async function squarePoint(page: Page, square: string): Promise<{ x: number; y: number }> {
  const m = /^([a-z]+)(\d+)$/.exec(square);
  if (!m?.[1] || !m[2]) throw new Error(`not a square: ${square}`);
  let file = 0;
  for (const ch of m[1]) file = file * 26 + (ch.charCodeAt(0) - 96);
  file -= 1;
  const rank = Number(m[2]) - 1;
  const v = await boardState(page);
  const box = await page.locator(".board-canvas").boundingBox();
  if (!box) throw new Error("no board");
  const col = v.flipped ? v.files - 1 - file : file;
  const row = v.flipped ? rank : v.ranks - 1 - rank;
  return { x: box.x + (col + 0.5) * v.cell - v.x, y: box.y + (row + 0.5) * v.cell - v.y };
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

/** The state a seat would see after proposing `actions` (the server's preview). */
export async function previewState(request: APIRequestContext, id: string, token: string, actions: string[]): Promise<StateView> {
  const r = await request.post(`/api/games/${id}/preview`, { headers: { Authorization: `Bearer ${token}` }, data: { actions } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return ((await r.json()) as Preview).state;
}

/** A scenario's position after a line of actions, for the side to move. */
export async function analysisState(request: APIRequestContext, scenario: string, actions: string[]): Promise<GameAndState> {
  const r = await request.post("/api/analysis", { data: { scenario, actions } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as GameAndState;
}

/** The game id and token of a play page's address. */
export function seatOf(page: Page): { id: string; token: string } {
  const url = new URL(page.url());
  const id = url.pathname.split("/")[2] ?? "";
  return { id, token: decodeURIComponent(url.hash.slice(1)) };
}
