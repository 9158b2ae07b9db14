// A hex board is drawn and played as well as a square one (docs/UI.md, "Hex boards"): the
// teaching scenario on hexes played by clicks near the hexes' corners and edges (the hex under
// the pointer is the one chosen, from both sides), by a drag, by taps on a phone, and its free
// setup placed from the palette, and on the analysis board; the targets the board marks are
// exactly the legal actions; the last turn's arrows and the command areas are drawn.
// Screenshots for people to look at.
import type { Page } from "@playwright/test";
import type { Created, StateView } from "../../src/api/types";
import { analysisState, apiState, boardState, clickSquare, expect, seatOf, SHOTS, squarePoint, test } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function newGame(request: import("@playwright/test").APIRequestContext, options: Record<string, unknown> = {}): Promise<Created> {
  const r = await request.post("/api/games", { data: { scenario: "hex-skirmish", mode: "correspondence", options } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as Created;
}

/** The squares the piece on `from` may act on, sorted (what the board must mark). */
function targetsOf(state: StateView, from: string): string {
  return [...new Set(state.legal.filter((a) => a.from === from && a.to).map((a) => a.to as string))].sort().join(" ");
}

/** The pieces of the side to move that have a legal action, with their targets. */
function movers(state: StateView): [string, string][] {
  const froms = [...new Set(state.legal.flatMap((a) => (a.from && a.to && a.from !== a.to ? [a.from] : [])))].sort();
  return froms.map((f) => [f, targetsOf(state, f)]);
}

/** Clicks a point of a hex near one of its corners (a fraction `t` of the way from the centre). */
async function clickNear(page: Page, square: string, index: number, t = 0.8): Promise<void> {
  const p = await squarePoint(page, square, { index, t });
  await page.mouse.click(p.x, p.y);
}

/** Selects each piece that may act by a click near one of its corners (each piece another
 * corner), checks that the board marks its legal targets, and drops the selection again. */
async function everyPieceSelects(page: Page, state: StateView): Promise<void> {
  const board = page.locator(".board");
  let corner = 0;
  for (const [from, targets] of movers(state)) {
    await clickNear(page, from, corner);
    await expect(board).toHaveAttribute("data-selected", from);
    await expect(board).toHaveAttribute("data-targets", targets);
    await clickNear(page, from, corner + 3, 0.6);
    await expect(board).toHaveAttribute("data-selected", "");
    corner += 1;
  }
}

test("a hex board is played by clicks from both sides, near the hexes' corners, and by a drag", async ({ page, request }) => {
  const created = await newGame(request);
  if (!created.white || !created.black) throw new Error("no seats");
  await page.goto(created.white.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  const { id, token } = seatOf(page);
  const v = await boardState(page);
  expect([v.geometry, v.files, v.ranks, v.flipped]).toEqual(["hex", 11, 9, false]);
  const board = page.locator(".board");
  await expect(board).toHaveAttribute("data-coordinates", /^\d+$/);
  await page.screenshot({ path: `${SHOTS}/hex-skirmish-start.png` });

  let state = await apiState(request, id, token);
  await everyPieceSelects(page, state);

  // A Man's move: pointing at its target draws the arrow, a click near the target's edge plays it.
  const man = movers(state).find(([from]) => state.pieces.find((p) => p.square === from)?.symbol === "M");
  if (!man) throw new Error("no Man can move");
  const [from] = man;
  const move = state.legal.find((a) => a.from === from && a.to && a.to !== from);
  if (!move?.to) throw new Error("no move");
  await clickNear(page, from, 2);
  const target = await squarePoint(page, move.to, { index: 4, t: 0.75 });
  await page.mouse.move(target.x, target.y);
  await expect(board).toHaveAttribute("data-lines", new RegExp(`move:${from} ${move.to}`));
  await page.mouse.click(target.x, target.y);
  await expect(page.locator("#proposed li")).toHaveText([move.text]);

  // The command areas, as the rules give them, tinted on hexes.
  await page.locator("#ranges").check();
  const commanders = state.hints.commanders.filter((c) => c.side === "white").map((c) => c.square);
  expect(commanders.length).toBeGreaterThan(0);
  await expect(board).toHaveAttribute("data-ranges", new RegExp(commanders[0] ?? "-"));
  await page.screenshot({ path: `${SHOTS}/hex-skirmish-command-areas.png` });
  await page.locator("#ranges").uncheck();

  // The turn ends (the turn is full at two Chieftains' worth, or End turn sends what there is).
  await page.locator("#end-turn").click();
  await expect(page.locator("#proposed li")).toHaveCount(0);
  state = await apiState(request, id, token);
  expect(state.to_move).toBe("black");
  expect(state.moves[0]?.actions.map((a) => a.text)).toContain(move.text);

  // Black's page: the board turned half round; every piece still selects under the pointer;
  // a piece dragged onto a hex moves there; the last turn's arrow is drawn.
  const black = await page.context().newPage();
  await black.goto(created.black.path);
  await expect(black.locator("#status")).toContainText("Your turn");
  expect((await boardState(black)).flipped).toBe(true);
  await expect(black.locator(".board")).toHaveAttribute("data-lines", new RegExp(`move:${from} ${move.to}`));
  const seat = seatOf(black);
  state = await apiState(request, seat.id, seat.token);
  await everyPieceSelects(black, state);
  const dragged = state.legal.find((a) => a.kind === "move" && a.from && a.to && a.from !== a.to && state.legal.filter((b) => b.from === a.from && b.to === a.to).length === 1);
  if (!dragged?.from || !dragged.to) throw new Error("no move for Black");
  const start = await squarePoint(black, dragged.from, { index: 1, t: 0.5 });
  const end = await squarePoint(black, dragged.to, { index: 5, t: 0.7 });
  await black.mouse.move(start.x, start.y);
  await black.mouse.down();
  await black.mouse.move(end.x, end.y, { steps: 8 });
  await black.mouse.up();
  await expect(black.locator("#proposed li")).toHaveText([dragged.text]);
  await black.screenshot({ path: `${SHOTS}/hex-skirmish-black.png` });
  await black.locator("#end-turn").click();
  await expect.poll(async () => (await apiState(request, id, token)).to_move).toBe("white");
  await expect(board).toHaveAttribute("data-lines", new RegExp(`move:${dragged.from} ${dragged.to}`));
});

test("the free setup of a hex board is placed from the palette, by click and by drag", async ({ page, request }) => {
  const created = await newGame(request, { "free-setup": true });
  if (!created.white) throw new Error("no White seat");
  await page.goto(created.white.path);
  const { id, token } = seatOf(page);
  const board = page.locator(".board");
  const palette = page.locator("#palette");
  await expect(palette).toBeVisible();
  const state = await apiState(request, id, token);
  // With placements the only actions, the first kind is chosen at once.
  const item = palette.locator(".reserve.chosen");
  await expect(item).toHaveCount(1);
  const kind = Number(await item.getAttribute("data-kind"));
  const places = [...new Set(state.legal.filter((a) => a.kind === "place" && a.place === kind).map((a) => a.to as string))].sort();
  expect(places.length).toBeGreaterThan(1);
  await expect(board).toHaveAttribute("data-targets", places.join(" "));
  await page.screenshot({ path: `${SHOTS}/hex-skirmish-setup.png` });
  // Each placement lowers the count its palette entry shows (`Man ×5`).
  const before = await item.textContent();
  await clickNear(page, places[0] ?? "", 1);
  await expect(palette.locator(`.reserve[data-kind="${kind}"]`)).not.toHaveText(before ?? "");
  // A drag from the palette (the last kind) onto another marked hex.
  const last = palette.locator(".reserve").last();
  const lastKind = Number(await last.getAttribute("data-kind"));
  const lastText = await last.textContent();
  const box = await last.boundingBox();
  if (!box) throw new Error("no palette entry");
  const to = places.find((sq) => sq !== places[0] && state.legal.some((a) => a.kind === "place" && a.place === lastKind && a.to === sq));
  if (!to) throw new Error("no second place");
  const p = await squarePoint(page, to, { index: 3, t: 0.7 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10, { steps: 3 });
  await page.mouse.move(p.x, p.y, { steps: 8 });
  await page.mouse.up();
  await expect(palette.locator(`.reserve[data-kind="${lastKind}"]`)).not.toHaveText(lastText ?? "");
});

test("the analysis board opens a hex record, flips, and takes a reply by clicks", async ({ page, request }) => {
  const start = await analysisState(request, "hex-skirmish", []);
  const first = start.state.legal.find((a) => a.kind === "move" && a.from && a.to);
  if (!first) throw new Error("no first move");
  await page.goto("/");
  await page.locator("textarea[name=record]").fill(['[Scenario "hex-skirmish"]', `1. ${first.text}`].join("\n"));
  await page.locator("#import").click();
  await page.waitForURL(/\/analysis$/);
  const turns = page.locator(".move-tree > li.move");
  await expect(turns).toHaveCount(1);
  await turns.first().click();
  expect((await boardState(page)).geometry).toBe("hex");
  await expect(page.locator(".board")).toHaveAttribute("data-lines", new RegExp(`move:${first.from} ${first.to}`));
  // Black's reply, on the board turned half round.
  await page.getByRole("button", { name: "Flip" }).click();
  await expect.poll(async () => (await boardState(page)).flipped).toBe(true);
  const after = await analysisState(request, "hex-skirmish", [first.text, "end"]);
  const reply = after.state.legal.find((a) => a.kind === "move" && a.from && a.to);
  if (!reply?.from || !reply.to) throw new Error("no reply");
  await clickSquare(page, reply.from);
  await expect(page.locator(".board")).toHaveAttribute("data-targets", targetsOf(after.state, reply.from));
  await clickSquare(page, reply.to);
  await expect(page.locator(".move-tree")).toContainText(reply.text);
  await page.screenshot({ path: `${SHOTS}/hex-skirmish-analysis.png` });
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("a hex board fits a phone and is played by taps", async ({ page, request }) => {
    const created = await newGame(request);
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    await expect(page.locator("#status")).toContainText("Your turn");
    const { id, token } = seatOf(page);
    const [scroll, inner] = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
    expect(scroll).toBeLessThanOrEqual(inner);
    const v = await boardState(page);
    expect(v.geometry).toBe("hex");
    const canvas = await page.locator(".board-canvas").boundingBox();
    if (!canvas) throw new Error("no board");
    // The whole board is in view, within the phone's width.
    expect(v.x).toBeLessThanOrEqual(0.5);
    expect(canvas.width).toBeLessThanOrEqual(390);
    const state = await apiState(request, id, token);
    const [from, targets] = movers(state)[0] ?? ["", ""];
    const to = targets.split(" ")[0] ?? "";
    const a = await squarePoint(page, from, { index: 0, t: 0.7 });
    await page.touchscreen.tap(a.x, a.y);
    await expect(page.locator(".board")).toHaveAttribute("data-targets", targets);
    const b = await squarePoint(page, to, { index: 2, t: 0.7 });
    await page.touchscreen.tap(b.x, b.y);
    const text = state.legal.find((x) => x.from === from && x.to === to)?.text ?? "";
    await expect(page.locator("#proposed li")).toHaveText([text]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/hex-skirmish-phone.png` });
  });
  test("two fingers pinch a hex board around their midpoint", async ({ page, request }) => {
    const created = await newGame(request);
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    const before = await boardState(page);
    const mid = await squarePoint(page, "f5");
    // Two touches spread apart, sent as a phone sends them (Playwright's touchscreen has one finger).
    await page.locator(".board-canvas").evaluate((canvas, at) => {
      const send = (type: string, id: number, dx: number): void => {
        canvas.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: "touch", isPrimary: id === 1, button: 0, bubbles: true, clientX: at.x + dx, clientY: at.y }));
      };
      send("pointerdown", 1, -15);
      send("pointerdown", 2, 15);
      for (let step = 1; step <= 5; step += 1) {
        send("pointermove", 1, -15 - step * 8);
        send("pointermove", 2, 15 + step * 8);
      }
      send("pointerup", 1, -55);
      send("pointerup", 2, 55);
    }, mid);
    await expect.poll(async () => (await boardState(page)).cell).toBeGreaterThan(before.cell * 1.5);
    const after = await boardState(page);
    // The hex under the fingers' midpoint is still under it, and no tap acted on the board.
    const again = await squarePoint(page, "f5");
    expect(Math.hypot(again.x - mid.x, again.y - mid.y)).toBeLessThan(after.cell / 2);
    await expect(page.locator("#proposed li")).toHaveCount(0);
  });
});
