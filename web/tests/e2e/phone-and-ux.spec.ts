// What a new user met on a phone and on the front page: a tap that opened the chooser must not
// also choose in it; the minimap must not hide squares; the front page fits a phone; record
// slips are listed on the analysis board; a pass that would end the game is confirmed first
// and the result is written once; clicks that do nothing say why; option help is shown and a
// refused option value is explained; the front page's pictures are not refused as too many.
import type { Page } from "@playwright/test";
import type { Created, StateView } from "../../src/api/types";
import { apiState, boardState, clickSquare, expect, seatOf, SHOTS, squarePoint, test } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function newGame(request: import("@playwright/test").APIRequestContext, scenario: string): Promise<Created> {
  const r = await request.post("/api/games", { data: { scenario, mode: "correspondence" } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as Created;
}

async function tapSquare(page: Page, square: string): Promise<void> {
  const p = await squarePoint(page, square);
  await page.touchscreen.tap(p.x, p.y);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
  expect(scroll, `page ${scroll} px wide in a ${inner} px window`).toBeLessThanOrEqual(inner);
}

/** Whether the zoom buttons leave every square free (the whole board being in view). */
async function zoomOffTheSquares(page: Page): Promise<void> {
  const v = await boardState(page);
  const canvas = await page.locator(".board-canvas").boundingBox();
  const bar = await page.locator(".zoom").boundingBox();
  if (!canvas || !bar) throw new Error("no boxes");
  const board = { x: canvas.x - v.x, y: canvas.y - v.y, w: v.files * v.cell, h: v.ranks * v.cell };
  const overlap = bar.x < board.x + board.w && bar.x + bar.width > board.x && bar.y < board.y + board.h && bar.y + bar.height > board.y;
  expect(overlap, `zoom buttons ${JSON.stringify(bar)} over the squares ${JSON.stringify(board)}`).toBe(false);
}

test.describe("on a phone", () => {
  test.use(PHONE);

  test("a tap on a target shared by several actions opens the chooser without choosing, off the target", async ({ page, request }) => {
    const created = await newGame(request, "wargame-1-skirmish");
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    await expect(page.locator("#status")).toContainText("Your turn");
    await noSidewaysScroll(page);
    await zoomOffTheSquares(page);
    await tapSquare(page, "d4");
    await tapSquare(page, "d6");
    const chooser = page.locator("#chooser");
    await expect(chooser).toBeVisible();
    expect(await chooser.locator("[role=menuitem]").count()).toBeGreaterThan(1);
    // The same tap's click chose nothing.
    await page.waitForTimeout(400);
    await expect(chooser).toBeVisible();
    await expect(page.locator("#proposed li")).toHaveCount(0);
    // The chooser leaves the target square free.
    const target = await squarePoint(page, "d6");
    const box = await chooser.boundingBox();
    if (!box) throw new Error("no chooser box");
    const inside = target.x >= box.x && target.x <= box.x + box.width && target.y >= box.y && target.y <= box.y + box.height;
    expect(inside, "the chooser covers the target").toBe(false);
    // A click arriving on an entry without a press on it (a tap's click landing on the
    // chooser just opened under the finger) is ignored.
    await chooser.locator("[role=menuitem]").first().evaluate((el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 })));
    await page.waitForTimeout(300);
    await expect(chooser).toBeVisible();
    await expect(page.locator("#proposed li")).toHaveCount(0);
    // A deliberate tap on an entry chooses it.
    const entry = chooser.locator("[role=menuitem]").first();
    const text = await entry.getAttribute("data-action");
    await entry.tap();
    await expect(chooser).toHaveCount(0);
    await expect(page.locator("#proposed li")).toHaveText([text ?? ""]);
  });

  test("the minimap of the 20x33 board hides while the whole board is in view, and is small and folded", async ({ page, request }) => {
    const created = await newGame(request, "wargame-1");
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    await boardState(page);
    await noSidewaysScroll(page);
    const box = page.locator(".minimap-box");
    await expect(box).toBeHidden();
    await zoomOffTheSquares(page);
    await page.locator(".zoom button[title='Zoom in']").click();
    await page.locator(".zoom button[title='Zoom in']").click();
    await expect(box).toBeVisible();
    // Folded at first on a phone: only its button shows; unfolded it stays small.
    await expect(page.locator(".minimap")).toBeHidden();
    await page.locator(".minimap-fold").click();
    await expect(page.locator(".minimap")).toBeVisible();
    const map = await page.locator(".minimap").boundingBox();
    const board = await page.locator(".board").boundingBox();
    if (!map || !board) throw new Error("no boxes");
    expect(map.width * map.height).toBeLessThan(board.width * board.height * 0.15);
    // The overlays' boxes take no clicks beside their buttons.
    const passes = await page.evaluate(() => {
      const zoom = document.querySelector(".zoom");
      const mini = document.querySelector(".minimap-box");
      return [zoom && getComputedStyle(zoom).pointerEvents, mini && getComputedStyle(mini).pointerEvents];
    });
    expect(passes).toEqual(["none", "none"]);
    await page.locator(".zoom button[title='Show the whole board']").click();
    await expect(box).toBeHidden();
  });

  test("the front page fits the screen", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#scenarios .card").first()).toBeVisible();
    await expect(page.locator("#new-game h2")).toBeVisible();
    await noSidewaysScroll(page);
    const description = await page.locator(".description").boundingBox();
    expect(description?.width ?? 0).toBeGreaterThan(250);
  });
});

test("the front page fits a laptop screen, shows option help, explains a refused option, and loads its pictures without 429s", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const refused: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /429|Too Many/i.test(m.text())) refused.push(m.text());
  });
  page.on("response", (r) => {
    if (r.status() === 429) refused.push(r.url());
  });
  await page.goto("/");
  await expect(page.locator("#scenarios .card")).not.toHaveCount(0);
  const cards = await page.locator("#scenarios .card").count();
  await expect(page.locator("#scenarios .card canvas")).toHaveCount(cards, { timeout: 60_000 });
  await noSidewaysScroll(page);
  expect(refused).toEqual([]);
  // A scenario with a whole-number option: its help is written under it, and a value out of
  // range is refused in words.
  await page.locator('#scenarios .card[data-id="wargame-1-skirmish"]').click();
  const limit = page.locator('input[name="option-turn-limit"]');
  await expect(limit).toBeVisible();
  await expect(page.locator(".option", { has: limit }).locator(".option-help")).toContainText("turn");
  await limit.fill("-1");
  await limit.dispatchEvent("change");
  await expect(page.locator("#form-error")).toContainText("must be a whole number from 0 to");
  await expect(page.locator("#form-error")).not.toContainText("expected");
});

test("a record's illegal and unreadable actions are listed on the analysis board", async ({ page }) => {
  await page.goto("/");
  const record = ['[Scenario "wargame-1-skirmish"]', "1. e2-a2, b3-d6, d4-g6, a3-c5", "1... i8-g6, zz99-q1", "2. h2-h1 tow g3, c2-c2"].join("\n");
  await page.locator('textarea[name="record"]').fill(record);
  await page.locator("#import").click();
  await expect(page).toHaveURL(/\/analysis/);
  const errors = page.locator("#record-errors li");
  await expect(errors).not.toHaveCount(0);
  const texts = await errors.allTextContents();
  for (const t of texts) expect(t).toMatch(/line \d+/);
  expect(texts.join(" ")).toContain("zz99-q1");
});

test("a pass that ends the game asks first, naming the result, which is then written once", async ({ page, request }) => {
  const created = await newGame(request, "wargame-1-skirmish");
  if (!created.white || !created.black) throw new Error("no seats");
  // White passes through the API.
  const whiteToken = decodeURIComponent(created.white.path.split("#")[1] ?? "");
  const white: StateView = await apiState(request, created.id, whiteToken);
  const pass = white.legal.find((a) => a.kind === "end");
  if (!pass) throw new Error("White cannot pass");
  const r = await request.post(`/api/games/${created.id}/commands`, { headers: { Authorization: `Bearer ${whiteToken}` }, data: { type: "act", actions: [pass.text], seq: white.seq } });
  expect(r.ok(), await r.text()).toBeTruthy();
  await page.goto(created.black.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.locator("#pass").click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain("1/2-1/2");
  expect(asked[0]).toContain("both sides passed");
  // Dismissed: nothing was sent.
  const { token } = seatOf(page);
  expect((await apiState(request, created.id, token)).outcome).toBeNull();
  page.once("dialog", (d) => void d.accept());
  await page.locator("#pass").click();
  await expect(page.locator("#status")).toContainText("1/2-1/2 · Draw: both sides passed");
  await expect(page.locator("#status")).not.toContainText("1/2-1/2 · 1/2-1/2");
});

/** The rules' reason for a proposal, as the page asks for it (`POST /api/games/{id}/refusal`). */
async function rulesReason(request: import("@playwright/test").APIRequestContext, id: string, token: string, proposal: { from?: string; to?: string; place?: number }): Promise<string | null> {
  const r = await request.post(`/api/games/${id}/refusal`, { headers: { Authorization: `Bearer ${token}` }, data: { actions: [], ...proposal } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return ((await r.json()) as { reason: string | null }).reason;
}

test("clicks and drops that do nothing say why, in the rules' words", async ({ page, request }) => {
  const created = await newGame(request, "wargame-1-skirmish");
  if (!created.white) throw new Error("no White seat");
  await page.goto(created.white.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  const { id, token } = seatOf(page);
  const state = await apiState(request, id, token);
  const note = page.locator("#note");
  // The rules' sentence, as the note writes it (capitalised, with a full stop).
  const noted = (reason: string | null): string => {
    if (!reason) throw new Error("the rules gave no reason");
    return reason.charAt(0).toUpperCase() + reason.slice(1);
  };
  // An enemy piece.
  const enemy = state.pieces.find((p) => p.side === "black");
  if (!enemy) throw new Error("no enemy");
  await clickSquare(page, enemy.square);
  await expect(note).toContainText(/black's/i);
  await expect(note).toContainText(noted(await rulesReason(request, id, token, { from: enemy.square })));
  // A piece of one's own with no legal action, if there is one: the rules say why.
  const acting = new Set(state.legal.flatMap((a) => (a.from ? [a.from] : [])));
  const idle = state.pieces.find((p) => p.side === "white" && !acting.has(p.square));
  if (idle) {
    await clickSquare(page, idle.square);
    const reason = await rulesReason(request, id, token, { from: idle.square });
    // Without a reason against the piece itself, the note says what the state shows.
    await expect(note).toContainText(reason ? noted(reason) : `on ${idle.square} has no legal action`);
  }
  // A square out of the selected piece's reach, by click and by a mouse drop.
  const reach = new Set(state.legal.filter((a) => a.from === "d4").map((a) => a.to));
  const occupied = new Set(state.pieces.map((p) => p.square));
  const far = ["a9", "j9", "a1", "j1", "a5", "j5", "e9", "b9"].filter((sq) => !reach.has(sq) && !occupied.has(sq));
  const [one, two] = far;
  if (!one || !two) throw new Error("no squares out of reach");
  await clickSquare(page, "d4");
  await clickSquare(page, one);
  await expect(note).toContainText(`cannot move to ${one}`);
  await expect(note).toContainText(noted(await rulesReason(request, id, token, { from: "d4", to: one })));
  const from = await squarePoint(page, "d4");
  const to = await squarePoint(page, two);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await expect(note).toContainText(`cannot move to ${two}`);
  await page.screenshot({ path: `${SHOTS}/refused-drop-says-why.png` });
});
