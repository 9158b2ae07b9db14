// A new game against the AI from the front page, three turns played by clicking the board
// (with an undo and a two-move turn), then a reload finds the same game.
import type { GameAndState } from "../../src/api/types";
import { apiState, clickSquare, expect, previewState, seatOf, SHOTS, test } from "./helpers";

test("three turns against the AI by clicking, then a reload finds the same game", async ({ page, request }) => {
  await page.goto("/");
  await page.locator('.card[data-id="chieftain"]').click();
  await expect(page.locator("#new-game h2")).toHaveText("Chieftain Chess");
  await page.locator("input[name=opponent][value=ai]").check();
  await page.locator("input[name=level]").fill("1");
  // Each level says who it is (the server's levels, docs/AI.md).
  await expect(page.locator("#level-text")).toContainText("1: sensible moves");
  await page.locator("input[name=level]").fill("6");
  await expect(page.locator("#level-text")).toContainText("6: the champion at 1 s a turn");
  await page.locator("input[name=level]").fill("1");
  // The form stands above the scenarios, so "Create game" is in reach without scrolling past them.
  const formTop = (await page.locator("#new-game").boundingBox())?.y ?? Infinity;
  const cardsTop = (await page.locator("#scenarios").boundingBox())?.y ?? -Infinity;
  expect(formTop).toBeLessThan(cardsTop);
  await page.locator("input[name=side][value=white]").check();
  await page.locator("#create").click();
  await page.waitForURL(/\/play\/[0-9a-f]+#/);
  const { id, token } = seatOf(page);
  const game = ((await (await request.get(`/api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as GameAndState).game;
  expect(game.turn_unit).toBe("activations");
  // The counts the rules keep are shown with their labels (`tallies`).
  const tallies = (await apiState(request, id, token)).tallies;
  expect(tallies.map((t) => t.name)).toContain("leaders-captured");
  for (const t of tallies) await expect(page.locator("#tallies")).toContainText(t.label);
  const played: string[] = [];

  for (let turn = 1; turn <= 3; turn += 1) {
    await expect(page.locator("#status")).toContainText("Your turn", { timeout: 30_000 });
    const state = await apiState(request, id, token);
    expect(state.to_move).toBe("white");
    const first = state.legal.find((a) => a.kind === "move");
    if (!first?.from || !first.to) throw new Error("no legal move");
    await clickSquare(page, first.from);
    await clickSquare(page, first.to);
    await expect(page.locator("#proposed li")).toHaveText([first.text]);
    if (turn === 1) {
      // Undo goes back to the server's state; the move is made again, then a second one
      // chosen among the server's legal actions *after* the first (they depend on it).
      await page.locator("#undo").click();
      await expect(page.locator("#proposed")).toHaveCount(0);
      await clickSquare(page, first.from);
      await clickSquare(page, first.to);
      await expect(page.locator("#proposed li")).toHaveText([first.text]);
      const after = await previewState(request, id, token, [first.text]);
      const second = after.legal.find((a) => a.kind === "move");
      if (!second?.from || !second.to) throw new Error("no second move");
      await clickSquare(page, second.from);
      await clickSquare(page, second.to);
      await expect(page.locator("#proposed li")).toHaveText([first.text, second.text]);
      // The counter's unit is the rules' (`turn_unit`).
      await expect(page.locator("#status")).toContainText(`2 of 4 ${game.turn_unit} left`);
      // The toggle is there because the rules send commanders; each one's area is drawn.
      expect(after.hints.commanders.length).toBeGreaterThan(0);
      await page.locator("#ranges").check();
      await page.screenshot({ path: `${SHOTS}/ai-game-turn-being-built-with-ranges.png` });
      played.push(first.text, second.text);
    } else {
      played.push(first.text);
    }
    await page.locator("#end-turn").click();
    await expect(page.locator("#proposed")).toHaveCount(0);
    await expect.poll(async () => (await apiState(request, id, token)).moves.length, { timeout: 30_000 }).toBe(2 * turn);
  }

  await expect(page.locator("#status")).toContainText("Your turn", { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/ai-game-after-three-turns.png` });
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/play/${id}#`));
  await expect(page.locator("#status")).toContainText("Your turn · 4 of 4 activations left");
  const list = page.locator(".moves");
  await expect(list.locator("li.move")).toHaveCount(6);
  for (const text of played) await expect(list).toContainText(text);
  await expect(page.locator(".moves li.move").first()).toContainText(`1. ${played[0]}, ${played[1]}`);
});

test("a built turn survives a reload, and is cleared with a message when the game moves on", async ({ page, request }) => {
  const created = await (await request.post("/api/games", { data: { scenario: "chieftain", mode: "correspondence" } })).json();
  await page.goto(created.white.path);
  const { id, token } = seatOf(page);
  const state = await apiState(request, id, token);
  const move = state.legal.find((a) => a.kind === "move");
  if (!move?.from || !move.to) throw new Error("no legal move");
  await clickSquare(page, move.from);
  await clickSquare(page, move.to);
  await expect(page.locator("#proposed li")).toHaveText([move.text]);
  // The connection drops and the page reloads: the unsent move is kept.
  await page.reload();
  await expect(page.locator("#proposed li")).toHaveText([move.text]);
  await expect(page.locator(".toast")).toContainText("restored");
  // Another client plays for this seat meanwhile: sending is refused as stale, with a message.
  await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${token}` }, data: { type: "offer-draw" } });
  await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${token}` }, data: { type: "act", actions: ["end"] } });
  await expect(page.locator(".toast-error").last()).toContainText("no longer apply");
  await expect(page.locator("#status")).toContainText("Black's turn");
});
