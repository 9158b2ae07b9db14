// A spectator's page cannot move; the largest scenario (120x120) opens, pans and zooms.
import { boardState, clickSquare, expect, panThenMinimapHome, SHOTS, test } from "./helpers";

test("a spectator sees the game but cannot act", async ({ page, request }) => {
  const created = await (await request.post("/api/games", { data: { scenario: "chieftain", mode: "correspondence" } })).json();
  const sent: string[] = [];
  page.on("request", (r) => {
    // The scenario's start, read for the captured-material table, acts on nothing.
    if (r.method() === "POST" && !r.url().endsWith("/api/analysis")) sent.push(r.url());
  });
  await page.goto(created.spectator.path);
  await expect(page.locator(".side-panel")).toContainText("You are watching");
  await expect(page.locator("#undo, #pass, #end-turn, #commit")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Resign" })).toHaveCount(0);
  await clickSquare(page, "g2");
  await clickSquare(page, "g4");
  await expect(page.locator("#proposed")).toHaveCount(0);
  expect(sent).toEqual([]);
  const state = await (await request.get(`/api/games/${created.id}`, { headers: { Authorization: `Bearer ${created.white.token}` } })).json();
  expect(state.state.seq).toBe(0);
});

test("the 120x120 scenario opens, pans with the mouse and through the minimap", async ({ page, request }) => {
  const scenarios = (await (await request.get("/api/scenarios")).json()) as { id: string }[];
  const id = scenarios.map((s) => s.id).find((s) => s.includes("120x120"));
  expect(id, "a 120x120 scenario is shipped").toBeTruthy();
  const created = await (await request.post("/api/games", { data: { scenario: id, mode: "correspondence" } })).json();
  await page.goto(created.white.path);
  const start = await boardState(page);
  expect([start.files, start.ranks]).toEqual([120, 120]);
  // The whole board is in view at first: the minimap would show nothing new and is hidden.
  await expect(page.locator(".minimap")).toBeHidden();
  const canvas = page.locator(".board-canvas");
  const box = await canvas.boundingBox();
  if (!box) throw new Error("no board");
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Zoom in (the whole board fits at first), then drag on empty ground to pan.
  for (let i = 0; i < 6; i += 1) await page.getByRole("button", { name: "+" }).click();
  await expect.poll(async () => (await boardState(page)).cell).toBeGreaterThan(start.cell * 3);
  const zoomed = await boardState(page);
  await expect(page.locator(".minimap")).toBeVisible();
  await page.mouse.move(cx, cy);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await boardState(page)).cell).toBeGreaterThan(zoomed.cell);
  await page.screenshot({ path: `${SHOTS}/large-120x120-zoomed.png` });
  await panThenMinimapHome(page, "large-120x120-panned.png");
});
