// WarGame 2 on its hex board, played by clicks alone: a shot two hexes away (its line of fire
// drawn while the target is pointed at), a led move chosen in the chooser among the moves to
// the same hex (the leader's path drawn as it goes along), a close assault by replacement; then
// the turn is sent and the server's move list holds all three.
import type { Page } from "@playwright/test";
import type { Created } from "../../src/api/types";
import { apiState, boardState, clickSquare, expect, seatOf, SHOTS, squarePoint, test } from "./helpers";

/** Moves the pointer over a hex of the board. */
async function pointAt(page: Page, square: string): Promise<void> {
  const p = await squarePoint(page, square);
  await page.mouse.move(p.x, p.y);
}

test("a WarGame 2 turn on hexes: a shot, a led move and a close assault, by clicks", async ({ page, request }) => {
  const created = (await (await request.post("/api/games", { data: { scenario: "wargame-2-skirmish", mode: "correspondence" } })).json()) as Created;
  if (!created.white) throw new Error("no White seat");
  await page.goto(created.white.path);
  const { id, token } = seatOf(page);
  await expect(page.locator("#status")).toContainText("Your turn");
  const board = page.locator(".board");
  await expect.poll(async () => (await boardState(page)).geometry).toBe("hex");
  const proposed = page.locator("#proposed li");

  // The shot: the artillery on h2 fires at the infantry two hexes away on i4, over i3.
  await clickSquare(page, "h2");
  await pointAt(page, "i4");
  await expect(board).toHaveAttribute("data-lines", /fire:h2 i3 i4/);
  await expect(board).toHaveAttribute("data-captures", "i4");
  await page.screenshot({ path: `${SHOTS}/wargame2-line-of-fire.png` });
  await clickSquare(page, "i4");
  await expect(proposed).toHaveText(["h2 cannon i4"]);

  // The led move: the infantry on c3 goes 4 hexes to c7 only with its General going along,
  // so the chooser offers the General's ends; pointing at one draws the General's path.
  await clickSquare(page, "c3");
  await clickSquare(page, "c7");
  const chooser = page.locator("#chooser");
  await expect(chooser).toBeVisible();
  const led = chooser.locator('[role=menuitem][data-action="c3-c7 with c2-b6"]');
  await expect(led).toBeVisible();
  await led.hover();
  await expect(board).toHaveAttribute("data-lines", /carry:c2 [a-z0-9 ]*b6/);
  await page.screenshot({ path: `${SHOTS}/wargame2-led-move-chooser.png` });
  await led.click();
  await expect(chooser).toHaveCount(0);
  await expect(proposed).toHaveText(["h2 cannon i4", "c3-c7 with c2-b6"]);

  // The close assault: the infantry on f3 replaces the cavalry on g5.
  await clickSquare(page, "f3");
  await pointAt(page, "g5");
  await expect(board).toHaveAttribute("data-captures", "g5");
  await clickSquare(page, "g5");
  await expect(proposed).toHaveText(["h2 cannon i4", "c3-c7 with c2-b6", "f3-g5"]);

  await page.locator("#end-turn").click();
  await expect(proposed).toHaveCount(0);
  const after = await apiState(request, id, token);
  expect(after.to_move).toBe("black");
  expect(after.moves[0]?.actions.map((a) => a.text)).toEqual(["h2 cannon i4", "c3-c7 with c2-b6", "f3-g5"]);
  const at = (sq: string): string | undefined => after.pieces.find((p) => p.square === sq)?.symbol;
  expect([at("i4"), at("c7"), at("b6"), at("g5"), at("c3"), at("c2")]).toEqual([undefined, "I", "GN", "I", undefined, undefined]);
  await page.screenshot({ path: `${SHOTS}/wargame2-after-turn.png` });
});
