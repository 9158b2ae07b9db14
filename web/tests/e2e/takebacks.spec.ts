// Takeback requests, as on lichess: two players in two browsers; White asks to take back its
// last turn, Black declines (White is told), White asks again, Black accepts (both boards and
// move lists go back); against the computer the request is granted at once.
import type { APIRequestContext } from "@playwright/test";
import type { Created } from "../../src/api/types";
import { apiState, expect, SHOTS, test } from "./helpers";

async function newGame(request: APIRequestContext, data: object): Promise<Created> {
  const r = await request.post("/api/games", { data });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as Created;
}

/** Plays the side's first legal move and ends its turn through the API. */
async function playTurn(request: APIRequestContext, id: string, token: string): Promise<void> {
  const state = await apiState(request, id, token);
  const move = state.legal.find((a) => a.kind === "move");
  if (!move) throw new Error("no legal move");
  const sent = await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${token}` }, data: { type: "act", actions: [move.text, "end"], seq: state.seq } });
  expect(sent.ok(), await sent.text()).toBeTruthy();
}

test("a takeback asked in the browser is declined, then asked again and accepted", async ({ page, browser, request }) => {
  const created = await newGame(request, { scenario: "chieftain", mode: "live" });
  if (!created.white || !created.black) throw new Error("no seats");
  const { id } = created;
  const [white, black] = [created.white.token, created.black.token];
  await playTurn(request, id, white);
  await playTurn(request, id, black);
  const beforeLast = await apiState(request, id, white);
  await playTurn(request, id, white);

  await page.goto(created.white.path);
  const blackContext = await browser.newContext();
  const blackPage = await blackContext.newPage();
  await blackPage.goto(created.black.path);
  await expect(blackPage.locator("#status")).toContainText("Your turn");

  // Asked, declined: White is told, nothing changes.
  await page.locator("#takeback").click();
  await expect(page.locator("#takeback")).toHaveText("Takeback asked…");
  await expect(blackPage.locator("#status")).toContainText("White asks for a takeback");
  await blackPage.screenshot({ path: `${SHOTS}/takeback-asked.png` });
  await blackPage.locator("#decline-takeback").click();
  await expect(page.locator(".toast", { hasText: "Your takeback request was declined." })).toBeVisible();
  await expect(blackPage.locator("#accept-takeback")).toHaveCount(0);
  expect((await apiState(request, id, white)).moves).toHaveLength(3);

  // Asked again, accepted: White's last turn is taken back on both boards.
  await page.locator("#takeback").click();
  await blackPage.locator("#accept-takeback").click();
  await expect(page.locator(".toast", { hasText: "Your takeback was accepted." })).toBeVisible();
  await expect(page.locator("#status")).toContainText("Your turn");
  await expect(blackPage.locator("#status")).toContainText("White's turn");
  const after = await apiState(request, id, white);
  expect(after.moves).toHaveLength(2);
  expect(after.pieces).toEqual(beforeLast.pieces);
  await page.screenshot({ path: `${SHOTS}/takeback-accepted.png` });
  await blackContext.close();
});

test("the computer grants a takeback at once", async ({ page, request }) => {
  const created = await newGame(request, { scenario: "chieftain", mode: "ai", ai: { side: "black", level: 1 } });
  if (!created.white) throw new Error("no White seat");
  const { id } = created;
  const start = await apiState(request, id, created.white.token);
  await playTurn(request, id, created.white.token);
  await page.goto(created.white.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  await page.locator("#takeback").click();
  await expect(page.locator(".toast", { hasText: "Your takeback was accepted." })).toBeVisible();
  await expect(page.locator("#status")).toContainText("Your turn");
  const after = await apiState(request, id, created.white.token);
  expect(after.moves).toHaveLength(0);
  expect(after.pieces).toEqual(start.pieces);
});
