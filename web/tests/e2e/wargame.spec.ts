// A turn of the skirmish teaching scenario played by clicks alone: a shot (its line of fire
// drawn while the target is pointed at), an overrun (the piece it would capture marked), a
// tow chosen in the chooser among the actions to the same square (the towed piece's path
// drawn) or by clicking the piece to tow, and a plain move; then the turn is sent and the
// server's move list holds all four, and the board draws the last turn's paths (the towed
// piece's too) and the chain of command.
import type { Page } from "@playwright/test";
import type { Created } from "../../src/api/types";
import { apiState, clickSquare, expect, seatOf, SHOTS, squarePoint, test } from "./helpers";

/** Moves the pointer over a square of the board. */
async function pointAt(page: Page, square: string): Promise<void> {
  const p = await squarePoint(page, square);
  await page.mouse.move(p.x, p.y);
}

test("a turn with a shot, an overrun, a tow and a move, all by clicks", async ({ page, request }) => {
  const created = (await (await request.post("/api/games", { data: { scenario: "wargame-1-skirmish", mode: "correspondence" } })).json()) as Created;
  if (!created.white) throw new Error("no White seat");
  await page.goto(created.white.path);
  const { id, token } = seatOf(page);
  await expect(page.locator("#status")).toContainText("Your turn");
  const board = page.locator(".board");
  const proposed = page.locator("#proposed li");

  // The shot: select the artillery, whose command links are drawn; point at its target for
  // the line of fire the rules give; click it.
  await clickSquare(page, "g3");
  await expect(board).toHaveAttribute("data-lines", /command:[a-z]+\d+ g3/);
  await pointAt(page, "g6");
  await expect(board).toHaveAttribute("data-lines", /fire:g3 g4 g5 g6/);
  await expect(board).toHaveAttribute("data-captures", "g6");
  await page.screenshot({ path: `${SHOTS}/skirmish-line-of-fire.png` });
  await clickSquare(page, "g6");
  await expect(proposed).toHaveText(["g3 cannon g6"]);

  // The overrun: the tank runs through the infantry on d6 to d7; pointing at d7 marks d6.
  await clickSquare(page, "d4");
  await pointAt(page, "d7");
  await expect(board).toHaveAttribute("data-captures", "d6");
  await clickSquare(page, "d7");
  await expect(proposed).toHaveText(["g3 cannon g6", "d4-d7"]);

  // The tow: to b5 the tank may move alone or tow the infantry on a3, so a chooser opens;
  // pointing at the tow draws the towed piece's path.
  await clickSquare(page, "b3");
  await clickSquare(page, "b5");
  const chooser = page.locator("#chooser");
  await expect(chooser).toBeVisible();
  const tow = chooser.locator('[role=menuitem][data-action="b3-b5 tow a3"]');
  await expect(tow).toContainText("following to b4");
  await expect(chooser.locator('[role=menuitem][data-action="b3-b5"]')).toBeVisible();
  await tow.hover();
  await expect(board).toHaveAttribute("data-lines", /carry:a3 b4/);
  await page.screenshot({ path: `${SHOTS}/skirmish-tow-chooser.png` });
  await tow.click();
  await expect(chooser).toHaveCount(0);
  await expect(proposed).toHaveText(["g3 cannon g6", "d4-d7", "b3-b5 tow a3"]);
  // Taken back and chosen again by clicking the piece to tow while the chooser is open.
  await page.locator("#undo").click();
  await expect(proposed).toHaveText(["g3 cannon g6", "d4-d7"]);
  await clickSquare(page, "b3");
  await clickSquare(page, "b5");
  await expect(chooser).toContainText("click the piece that takes part");
  await clickSquare(page, "a3");
  await expect(chooser).toHaveCount(0);
  await expect(proposed).toHaveText(["g3 cannon g6", "d4-d7", "b3-b5 tow a3"]);

  // A plain move.
  await clickSquare(page, "i3");
  await clickSquare(page, "i4");
  await expect(proposed).toHaveText(["g3 cannon g6", "d4-d7", "b3-b5 tow a3", "i3-i4"]);

  // The turn is sent and the server holds it; the board draws its paths.
  await page.locator("#end-turn").click();
  await expect(proposed).toHaveCount(0);
  const after = await apiState(request, id, token);
  expect(after.to_move).toBe("black");
  expect(after.moves[0]?.actions.map((a) => a.text)).toEqual(["g3 cannon g6", "d4-d7", "b3-b5 tow a3", "i3-i4"]);
  const at = (sq: string): string | undefined => after.pieces.find((p) => p.square === sq)?.symbol;
  expect([at("g6"), at("d6"), at("d7"), at("b5"), at("b4"), at("i4")]).toEqual([undefined, undefined, "T", "T", "I", "I"]);
  await expect(page.locator(".moves")).toContainText("b3-b5 tow a3");
  await expect(board).toHaveAttribute("data-lines", /move:b3 b5; carry:a3 b4/);
  await expect(board).toHaveAttribute("data-lines", /fire:g3 g6/);

  // The chain of command, from the rules' hints, with the activation ranges.
  await page.locator("#ranges").check();
  await expect(board).toHaveAttribute("data-lines", /relay:e2 [a-z]+\d+/);
  await page.screenshot({ path: `${SHOTS}/skirmish-after-the-turn.png` });
});
