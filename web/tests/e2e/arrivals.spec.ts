// A reinforcement scenario played by clicks against the computer: its armies arrive during
// play, placed from the turn panel's palette (by click, and by a mouse drag from the palette),
// the legal squares marked; a drop where the rules refuse it says why in their words; then a
// few turns of moves and arrivals. Everything offered comes from the legal actions.
import type { Page } from "@playwright/test";
import type { Created, GameAndState, LegalAction, StateView } from "../../src/api/types";
import { apiState, boardState, clickSquare, expect, previewState, seatOf, SHOTS, squarePoint, test } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Drags the palette's piece of `kind` onto `square` with the mouse. */
async function dragFromPalette(page: Page, kind: number, square: string): Promise<void> {
  const item = page.locator(`#palette .reserve[data-kind="${kind}"]`);
  const box = await item.boundingBox();
  if (!box) throw new Error(`no palette entry for kind ${kind}`);
  const to = await squarePoint(page, square);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** A square of the board no legal placement of `kind` goes to and no piece stands on. */
function refusedSquare(state: StateView, kind: number, files: number, ranks: number): string {
  const legal = new Set(state.legal.filter((a) => a.kind === "place" && a.place === kind).map((a) => a.to));
  const taken = new Set(state.pieces.map((p) => p.square));
  const name = (f: number, r: number) => `${String.fromCharCode(97 + f)}${r + 1}`;
  for (let r = Math.floor(ranks / 2); r < ranks; r += 1) {
    for (let f = 0; f < files; f += 1) if (!legal.has(name(f, r)) && !taken.has(name(f, r))) return name(f, r);
  }
  throw new Error("every square takes the piece");
}

async function newAiGame(request: import("@playwright/test").APIRequestContext, scenario: string): Promise<Created> {
  const r = await request.post("/api/games", { data: { scenario, mode: "ai", ai: { side: "black", level: 1 } } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as Created;
}

test("Zigzag's armies arrive during play: placed by click and by drag, then turns of moves and arrivals", async ({ page, request }) => {
  const created = await newAiGame(request, "zigzag-16x36");
  if (!created.white) throw new Error("no White seat");
  await page.goto(created.white.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  const { id, token } = seatOf(page);
  const v = await boardState(page);
  let state = await apiState(request, id, token);
  expect(state.phase).toBe("play");
  expect(state.legal.some((a) => a.kind === "place")).toBe(true);

  // The palette of arrivals is in the turn panel, its first kind chosen (only placements are legal).
  const palette = page.locator("#palette");
  await expect(palette).toBeVisible();
  await expect(palette.locator(".reserve.chosen")).toHaveCount(1);
  const chosen = Number(await palette.locator(".reserve.chosen").getAttribute("data-kind"));
  const first = state.legal.find((a) => a.kind === "place" && a.place === chosen);
  if (!first?.to) throw new Error("no placement of the chosen kind");
  await page.screenshot({ path: `${SHOTS}/arrivals-palette-in-play.png` });

  // A click on a square the rules refuse says why, in their words.
  const refused = refusedSquare(state, chosen, v.files, v.ranks);
  await clickSquare(page, refused);
  await expect(page.locator("#note")).toContainText(`may enter on ${refused}`);

  // Placed by click.
  await clickSquare(page, first.to);
  await expect(page.locator("#proposed li")).toHaveText([first.text]);

  // Placed by a mouse drag from the palette; no copy of the image stays on the page.
  state = await previewState(request, id, token, [first.text]);
  // A leader, so that the pieces placed can be ordered to move in the next turns.
  const game = ((await (await request.get(`/api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as GameAndState).game;
  const leader = (a: LegalAction): boolean => a.place !== null && game.pieces[a.place]?.class === "leader";
  const other = state.legal.find((a) => a.kind === "place" && a.place !== chosen && leader(a)) ?? state.legal.find((a) => a.kind === "place");
  if (!other?.to || other.place === null) throw new Error("no second placement");
  await dragFromPalette(page, other.place, other.to);
  await expect(page.locator("#proposed li")).toHaveText([first.text, other.text]);
  await expect(page.locator(".drag-ghost")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/arrivals-two-placed.png` });
  await page.locator("#end-turn").click();

  // A few more turns: a move where one is legal, else an arrival; the computer answers.
  const actions = (s: StateView): LegalAction[] => s.legal.filter((a) => a.kind === "move" || a.kind === "place");
  let moves = 0;
  for (let turn = 2; turn <= 4; turn += 1) {
    await expect.poll(async () => (await apiState(request, id, token)).turn.number, { timeout: 30_000 }).toBeGreaterThanOrEqual(2 * turn - 1);
    await expect(page.locator("#status")).toContainText("Your turn", { timeout: 30_000 });
    state = await apiState(request, id, token);
    expect(state.to_move).toBe("white");
    const move = state.legal.find((a) => a.kind === "move");
    const arrival = state.legal.find((a) => a.kind === "place");
    const done: string[] = [];
    if (move?.from && move.to) {
      await clickSquare(page, move.from);
      await clickSquare(page, move.to);
      done.push(move.text);
      moves += 1;
      await expect(page.locator("#proposed li")).toHaveText(done);
    }
    const after = done.length > 0 ? await previewState(request, id, token, done) : state;
    const place = after.legal.find((a) => a.kind === "place") ?? (done.length === 0 ? arrival : undefined);
    if (place?.to && place.place !== null) {
      const entry = page.locator(`#palette .reserve[data-kind="${place.place}"]`);
      // A click on the kind already chosen would unchoose it.
      if (!((await entry.getAttribute("class")) ?? "").includes("chosen")) await entry.click();
      await expect(entry).toHaveClass(/chosen/);
      await clickSquare(page, place.to);
      done.push(place.text);
      await expect(page.locator("#proposed li")).toHaveText(done);
    }
    expect(done.length, `turn ${turn}: something to play among ${actions(state).length} actions`).toBeGreaterThan(0);
    await page.locator("#end-turn").click();
    await expect(page.locator("#proposed")).toHaveCount(0);
  }
  expect(moves, "pieces placed earlier moved in later turns").toBeGreaterThan(0);
  await expect(page.locator("#status")).toContainText("Your turn", { timeout: 30_000 });
  const final = await apiState(request, id, token);
  expect(final.pieces.filter((p) => p.side === "white").length).toBeGreaterThanOrEqual(4);
  await page.screenshot({ path: `${SHOTS}/arrivals-after-four-turns.png` });
});

for (const scenario of ["fanatics-120x120", "two-countries-48x72", "valley-war", "zigzag-16x36"]) {
  test(`${scenario}: the first arrivals are offered and one is placed by a click`, async ({ page, request }) => {
    const created = await newAiGame(request, scenario);
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    await expect(page.locator("#status")).toContainText("Your turn");
    const { id, token } = seatOf(page);
    const state = await apiState(request, id, token);
    const chosen = page.locator("#palette .reserve.chosen");
    await expect(chosen).toHaveCount(1);
    const kind = Number(await chosen.getAttribute("data-kind"));
    const place = state.legal.find((a) => a.kind === "place" && a.place === kind);
    if (!place?.to) throw new Error("no placement of the chosen kind");
    await clickSquare(page, place.to);
    await expect(page.locator("#proposed li")).toHaveText([place.text]);
  });
}

test.describe("on a phone", () => {
  test.use(PHONE);
  test("arrivals are placed by taps", async ({ page, request }) => {
    const created = await newAiGame(request, "valley-war");
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    await expect(page.locator("#status")).toContainText("Your turn");
    const { id, token } = seatOf(page);
    const state = await apiState(request, id, token);
    const kind = Number(await page.locator("#palette .reserve.chosen").getAttribute("data-kind"));
    const place = state.legal.find((a) => a.kind === "place" && a.place === kind);
    if (!place?.to) throw new Error("no placement");
    // The panels below the board are drawn again when the state arrives: scroll the board into
    // view until it holds still, then tap the square where it now is.
    await expect(async () => {
      await page.locator(".board-canvas").scrollIntoViewIfNeeded({ timeout: 1000 });
    }).toPass();
    const q = await squarePoint(page, place.to);
    await page.touchscreen.tap(q.x, q.y);
    await expect(page.locator("#proposed li")).toHaveText([place.text]);
    await page.screenshot({ path: `${SHOTS}/arrivals-phone.png`, fullPage: true });
  });
});
