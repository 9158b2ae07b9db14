// WarGame 1's paratroopers (option `paratroops`) played by clicks alone, with no family known
// to the browser: a click on the selected paratrooper prepares it (an action of kind
// `prepare`, whose square is its own), the rules' mark `prepared` is written on it, and on a
// later turn the chooser tells its leap from its plain move to the same square by the rules'
// note; a leap beyond its move is taken at once.
import type { Created } from "../../src/api/types";
import { apiState, clickSquare, expect, seatOf, SHOTS, test } from "./helpers";

test("a paratrooper is prepared by a click on itself, marked, and leaps on the next turn", async ({ page, request }) => {
  const created = (await (
    await request.post("/api/games", { data: { scenario: "wargame-1-skirmish", mode: "correspondence", options: { paratroops: 2 } } })
  ).json()) as Created;
  if (!created.white || !created.black) throw new Error("no seats");
  await page.goto(created.white.path);
  const { id, token } = seatOf(page);
  await expect(page.locator("#status")).toContainText("Your turn");
  const board = page.locator(".board");
  const proposed = page.locator("#proposed li");

  // The paratrooper on a3 (the infantry nearest White's Supreme Commander): select it, click it again.
  await clickSquare(page, "a3");
  await clickSquare(page, "a3");
  await expect(proposed).toHaveText(["prep a3"]);
  await expect(board).toHaveAttribute("data-labels", /a3:prepared/);
  await page.locator("#end-turn").click();
  await expect(proposed).toHaveCount(0);

  // Black passes through the API.
  const blackToken = decodeURIComponent(created.black.path.split("#")[1] ?? "");
  const black = await apiState(request, id, blackToken);
  const r = await request.post(`/api/games/${id}/commands`, {
    headers: { Authorization: `Bearer ${blackToken}` },
    data: { type: "act", actions: ["end"], seq: black.seq },
  });
  expect(r.ok(), await r.text()).toBeTruthy();
  await expect(page.locator("#status")).toContainText("Your turn");
  await expect(board).toHaveAttribute("data-labels", /a3:prepared/);

  // To a5 it may move or leap: the chooser names the leap by the rules' note.
  await clickSquare(page, "a3");
  await clickSquare(page, "a5");
  const chooser = page.locator("#chooser");
  await expect(chooser).toBeVisible();
  await expect(chooser.locator('[role=menuitem][data-action="a3 leap a5"]')).toContainText("by a leap");
  await expect(chooser.locator('[role=menuitem][data-action="a3-a5"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/skirmish-leap-chooser.png` });
  await chooser.getByRole("button", { name: "Cancel" }).click();
  await expect(chooser).toHaveCount(0);

  // Six squares away only a leap goes: one click (the paratrooper is still selected) takes it.
  await clickSquare(page, "a9");
  await expect(proposed).toHaveText(["a3 leap a9"]);
  await page.locator("#end-turn").click();
  await expect(proposed).toHaveCount(0);
  const after = await apiState(request, id, token);
  expect(after.moves[2]?.actions.map((a) => a.text)).toEqual(["a3 leap a9"]);
  expect(after.pieces.find((p) => p.square === "a9")?.symbol).toBe("P");
  expect(after.hints.marks).toEqual([]);
});
