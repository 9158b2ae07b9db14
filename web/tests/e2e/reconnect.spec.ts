// A dropped WebSocket: the page says so, reconnects by itself, catches up with what happened
// meanwhile (the opponent's draw offer), and keeps the turn being built.
import type { WebSocketRoute } from "@playwright/test";
import { apiState, clickSquare, expect, seatOf, test } from "./helpers";

test("after a dropped connection the page reconnects and keeps the turn being built", async ({ page, request }) => {
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  const created = await (await request.post("/api/games", { data: { scenario: "chieftain", mode: "correspondence" } })).json();
  await page.goto(created.white.path);
  const { id, token } = seatOf(page);
  const move = (await apiState(request, id, token)).legal.find((a) => a.kind === "move");
  if (!move?.from || !move.to) throw new Error("no legal move");
  await clickSquare(page, move.from);
  await clickSquare(page, move.to);
  await expect(page.locator("#proposed li")).toHaveText([move.text]);
  await expect.poll(() => sockets.length).toBe(1);

  await sockets[0]?.close();
  await expect(page.locator("#conn")).toContainText("reconnecting");
  await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${created.black.token}` }, data: { type: "offer-draw" } });
  await expect(page.locator("#conn")).toBeHidden({ timeout: 20_000 });
  expect(sockets.length).toBeGreaterThan(1);
  await expect(page.locator("#status")).toContainText("Black offers a draw");
  await expect(page.locator("#proposed li")).toHaveText([move.text]);
  await page.locator("#end-turn").click();
  await expect.poll(async () => (await apiState(request, id, token)).to_move).toBe("black");
});
