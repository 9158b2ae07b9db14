// What players expect from a game site, on the game page: the turn counter when the turn is
// full and End turn's reason while it may not end; captures and attacks' results announced
// with a sound and a captured-material table; the last turn kept tinted while the next is
// built; "your turn" in the tab title and the computer thinking; sounds with a remembered mute;
// the move list showing earlier positions; rematch and new game after the end; the legend and
// piece names on hover. At desktop size and at 390x844 where the layout matters.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Created, GameAndState } from "../../src/api/types";
import { analysisState, apiState, boardState, clickSquare, expect, previewState, seatOf, SHOTS, squarePoint, test } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function newGame(request: APIRequestContext, data: object): Promise<Created> {
  const r = await request.post("/api/games", { data });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as Created;
}

/** Plays the first legal move by clicks. */
async function clickFirstMove(page: Page, request: APIRequestContext, id: string, token: string, before: string[]): Promise<string> {
  const state = await previewState(request, id, token, before);
  const move = state.legal.find((a) => a.kind === "move");
  if (!move?.from || !move.to) throw new Error("no legal move");
  await clickSquare(page, move.from);
  await clickSquare(page, move.to);
  await expect(page.locator("#proposed li")).toHaveText([...before, move.text]);
  return move.text;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
  expect(scroll, `page ${scroll} px wide in a ${inner} px window`).toBeLessThanOrEqual(inner);
}

test("a full turn is counted as full, and End turn says why it is greyed out", async ({ page, request }) => {
  const created = await newGame(request, { scenario: "medieval", mode: "correspondence" });
  if (!created.white) throw new Error("no White seat");
  await page.goto(created.white.path);
  const { id, token } = seatOf(page);
  await expect(page.locator("#status")).toContainText("Your turn · 3 of 3 actions left");
  const played = [await clickFirstMove(page, request, id, token, [])];
  // The turn may not end after one action: the button is greyed out with the rules' reason.
  await expect(page.locator("#end-turn")).toBeDisabled();
  await expect(page.locator("#end-reason")).toContainText("a turn is exactly 3 actions");
  await page.screenshot({ path: `${SHOTS}/end-turn-reason.png` });
  played.push(await clickFirstMove(page, request, id, token, played));
  played.push(await clickFirstMove(page, request, id, token, played));
  // The third action ended the turn: the counter says so (it said "3 of 3 left" before).
  await expect(page.locator("#status")).toContainText("all 3 actions used: send the turn");
  await expect(page.locator("#end-turn")).toHaveText("Send turn");
  await expect(page.locator("#end-turn")).toBeEnabled();
  await expect(page.locator("#end-reason")).toHaveCount(0);
});

test("a move clicked while the server still checks the one before is played after it, not lost", async ({ page, request }) => {
  const created = await newGame(request, { scenario: "wargame-1-skirmish", mode: "correspondence" });
  if (!created.white) throw new Error("no seats");
  await page.goto(created.white.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  // The server's check of the first action is held back until the second has been clicked.
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route(/\/preview$/, async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  await clickSquare(page, "g3");
  await clickSquare(page, "g6");
  await clickSquare(page, "d4");
  await clickSquare(page, "d7");
  release();
  await expect(page.locator("#proposed li")).toHaveText(["g3 cannon g6", "d4-d7"]);
});

test("a capture and a shot are announced with a sound, tallied, and the last turn stays tinted", async ({ page, request }) => {
  const created = await newGame(request, { scenario: "wargame-1-skirmish", mode: "correspondence" });
  if (!created.white || !created.black) throw new Error("no seats");
  await page.goto(created.white.path);
  const { id, token } = seatOf(page);
  await expect(page.locator("#status")).toContainText("Your turn");
  await expect(page).toHaveTitle(/^● Your turn · /);
  // The shot and the overrun of the teaching scenario's first turn.
  await clickSquare(page, "g3");
  await clickSquare(page, "g6");
  await clickSquare(page, "d4");
  await clickSquare(page, "d7");
  await expect(page.locator("#proposed li")).toHaveText(["g3 cannon g6", "d4-d7"]);
  await expect(page.locator("body")).toHaveAttribute("data-sounds", /capture/);
  await page.locator("#end-turn").click();
  const toast = page.locator(".toast", { hasText: "Black lost" });
  await expect(toast).toContainText("Infantry");
  await expect(page.locator(".toast", { hasText: "shot on the" })).toContainText(/White's shot on the \w[\w ]* on g6 (succeeded|failed)\./);
  await expect(page.locator('#material tr[data-side="black"] .lost')).toContainText("Infantry");
  await expect(page.locator('#material tr[data-side="white"] .lost')).toHaveText("nothing");
  // The move list says what the shot and the overrun did (the server's results).
  await expect(page.locator(".moves li.move").first().locator(".result-note")).toContainText(/g3 cannon g6: (succeeded|failed)/);
  await expect(page.locator(".moves li.move").first().locator(".result-note")).toContainText("d4-d7 took d6");
  await expect(page).not.toHaveTitle(/Your turn/);
  await page.screenshot({ path: `${SHOTS}/capture-announced.png` });

  // Black answers (through the API, as the other player); White's move then starts a turn:
  // Black's turn stays tinted and drawn while White's is built.
  const black = created.black.token;
  const blackState = await apiState(request, id, black);
  const answer = blackState.legal.find((a) => a.kind === "move");
  if (!answer?.from || !answer.to) throw new Error("no move for Black");
  const sent = await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${black}` }, data: { type: "act", actions: [answer.text, "end"], seq: blackState.seq } });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  await expect(page.locator("#status")).toContainText("Your turn");
  await expect(page).toHaveTitle(/^● Your turn · /);
  await expect(page.locator("body")).toHaveAttribute("data-sounds", /turn$/);
  const white = await clickFirstMove(page, request, id, token, []);
  const [from, to] = [answer.from, answer.to];
  await expect(page.locator(".board")).toHaveAttribute("data-lines", new RegExp(`move:${from} ${to}`));
  expect(white).toBeTruthy();

  // The move list shows an earlier position, then the game again.
  await page.locator(".moves li.move").first().click();
  await expect(page.locator("#viewing")).toBeVisible();
  await expect(page.locator("#proposed")).toHaveCount(0);
  await expect(page.locator(".board")).toHaveAttribute("data-lines", /move:d4 d7/);
  await page.screenshot({ path: `${SHOTS}/move-list-earlier-position.png` });
  await page.locator("#live").click();
  await expect(page.locator("#viewing")).toHaveCount(0);
  await expect(page.locator("#proposed li")).toHaveText([white]);
});

test("the computer thinking is shown, sounds can be muted for good, and the legend names the pieces", async ({ page, request }) => {
  // The computer plays White at its strongest level, so that its thinking is seen; three games
  // whose computer moves first on the 120x120 board (a full second each) are queued ahead of it
  // (the server runs one search at a time), so the page finds it still waiting or thinking
  // however fast its own search is.
  for (let i = 0; i < 3; i++) await newGame(request, { scenario: "fanatics-120x120", mode: "ai", ai: { side: "white", level: 6 } });
  const created = await newGame(request, { scenario: "chieftain", mode: "ai", ai: { side: "white", level: 6 } });
  if (!created.black) throw new Error("no Black seat");
  await page.goto(created.black.path);
  await expect(page.locator("#thinking")).toContainText("The computer is thinking");
  await expect(page).not.toHaveTitle(/Your turn/);
  await page.screenshot({ path: `${SHOTS}/computer-thinking.png` });
  await expect(page.locator("#status")).toContainText("Your turn", { timeout: 30_000 });
  await expect(page.locator("#thinking")).toHaveCount(0);
  await expect(page).toHaveTitle(/^● Your turn · Chieftain Chess/);
  await expect(page.locator("body")).toHaveAttribute("data-sounds", /turn/);

  // Muted, and still muted after a reload: no sound is made.
  await page.locator("#mute").check();
  await page.reload();
  await expect(page.locator("#mute")).toBeChecked();
  const { id, token } = seatOf(page);
  const first = await clickFirstMove(page, request, id, token, []);
  expect(await page.locator("body").getAttribute("data-sounds")).toBeNull();
  // The leader that ordered the move has no orders left: marked 0/1 on the board, explained in the panel.
  const spent = (await previewState(request, id, token, [first])).hints.commanders.filter((c) => c.side === "black" && c.left === 0);
  expect(spent.length).toBeGreaterThan(0);
  for (const c of spent) await expect(page.locator(".board")).toHaveAttribute("data-labels", new RegExp(`${c.square}:0/${c.capacity}`));
  await expect(page.locator("#command-help")).toContainText("orders left this turn");
  // The activation ranges: every commander's area, but only those of the commanders that could
  // order a selected piece.
  const now = await previewState(request, id, token, [first]);
  await page.locator("#ranges").check();
  const everyone = now.hints.commanders.map((c) => c.square);
  await expect(page.locator(".board")).toHaveAttribute("data-ranges", everyone.join(" "));
  const link = now.hints.links.find((l) => l.commanders.length < everyone.length);
  if (link) {
    await clickSquare(page, link.square);
    await expect(page.locator(".board")).toHaveAttribute("data-ranges", now.hints.commanders.filter((c) => link.commanders.includes(c.square)).map((c) => c.square).join(" "));
    await page.screenshot({ path: `${SHOTS}/ranges-of-the-selected-piece.png` });
    await clickSquare(page, link.square);
  }
  await page.locator("#ranges").uncheck();

  // The legend names every piece kind and the terrain; a piece's name shows on hover.
  const game = ((await (await request.get(`/api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as GameAndState).game;
  await page.locator("#legend summary").click();
  for (const p of game.pieces) await expect(page.locator("#legend")).toContainText(p.name);
  await expect(page.locator("#legend")).toContainText("open ground");
  const piece = (await apiState(request, id, token)).pieces.find((p) => p.side === "black");
  if (!piece) throw new Error("no piece");
  const at = await squarePoint(page, piece.square);
  await page.mouse.move(at.x, at.y);
  await expect(page.locator(".board")).toHaveAttribute("title", `${game.pieces[piece.kind]?.name} (Black) on ${piece.square}`);
  await page.screenshot({ path: `${SHOTS}/legend-and-hover.png` });
});

test("a clock running low is announced with a sound, once", async ({ page, request }) => {
  const created = await newGame(request, { scenario: "chieftain", mode: "live", clock: { initial_seconds: 23, increment_seconds: 0 } });
  if (!created.white || !created.black) throw new Error("no seats");
  await page.goto(created.white.path);
  const { id } = seatOf(page);
  const play = async (token: string): Promise<void> => {
    const state = await apiState(request, id, token);
    const move = state.legal.find((a) => a.kind === "move");
    if (!move) throw new Error("no move");
    const r = await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${token}` }, data: { type: "act", actions: [move.text, "end"], seq: state.seq } });
    expect(r.ok(), await r.text()).toBeTruthy();
  };
  // No clock runs in the first turns; then White's runs from 23 s and passes 20 s.
  await play(created.white.token);
  await play(created.black.token);
  await expect(page.locator("#status")).toContainText("Your turn");
  await expect(page.locator(".clock.running")).toBeVisible();
  await expect(page.locator("body")).toHaveAttribute("data-sounds", /low/, { timeout: 15_000 });
  await page.waitForTimeout(1000);
  expect(((await page.locator("body").getAttribute("data-sounds")) ?? "").split(" ").filter((k) => k === "low")).toHaveLength(1);
});

test("a move queued while the opponent is to move is played when the turn comes (premove)", async ({ page, request }) => {
  const created = await newGame(request, { scenario: "chieftain", mode: "correspondence" });
  if (!created.white || !created.black) throw new Error("no seats");
  await page.goto(created.black.path);
  await expect(page.locator("#status")).toContainText("White's turn");
  const { id } = seatOf(page);
  // White's move to come, and a move of Black's that is legal after it.
  const white = await apiState(request, id, created.white.token);
  const w = white.legal.find((a) => a.kind === "move");
  if (!w) throw new Error("no White move");
  const after = await analysisState(request, "chieftain", [w.text, "end"]);
  const b = after.state.legal.find((a) => a.kind === "move");
  if (!b?.from || !b.to) throw new Error("no Black move");
  await clickSquare(page, b.from);
  await clickSquare(page, b.to);
  await expect(page.locator("#premoves")).toContainText(`${b.from}→${b.to}`);
  await expect(page.locator(".board")).toHaveAttribute("data-lines", new RegExp(`premove:${b.from} ${b.to}`));
  await page.screenshot({ path: `${SHOTS}/premove-queued.png` });
  const sent = await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${created.white.token}` }, data: { type: "act", actions: [w.text, "end"], seq: white.seq } });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  await expect(page.locator("#proposed li")).toHaveText([b.text]);
  await expect(page.locator("#premoves")).toHaveCount(0);
  await expect(page.locator("#status")).toContainText("Your turn");
});

test("the game's scenario and options are described, the legend stays open across updates", async ({ page, request }) => {
  const created = await newGame(request, { scenario: "chieftain", mode: "correspondence", options: { "shorter-game": true } });
  if (!created.white || !created.black) throw new Error("no seats");
  await page.goto(created.white.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  const scenarios = (await (await request.get("/api/scenarios")).json()) as { id: string; options: { name: string; label: string }[] }[];
  const specs = scenarios.find((s) => s.id === "chieftain")?.options ?? [];
  await page.locator("#about summary").click();
  await page.locator("#legend summary").click();
  const about = page.locator("#about");
  await expect(about.locator("li[data-option]")).toHaveCount(specs.length);
  const shorter = about.locator('li[data-option="shorter-game"]');
  await expect(shorter).toHaveClass(/chosen/);
  await expect(shorter).toContainText(`${specs.find((o) => o.name === "shorter-game")?.label}: yes`);
  // An update of the game (a draw offer) redraws the panel: both stay open.
  const { id } = seatOf(page);
  const offer = await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${created.black.token}` }, data: { type: "offer-draw" } });
  expect(offer.ok(), await offer.text()).toBeTruthy();
  await expect(page.locator("#status")).toContainText("offers a draw");
  await expect(about).toHaveAttribute("open", "");
  await expect(page.locator("#legend")).toHaveAttribute("open", "");
  await page.screenshot({ path: `${SHOTS}/about-this-game.png`, fullPage: true });
});

test("after the end: rematch with the colours swapped, or a new game", async ({ page, request }) => {
  const created = await newGame(request, { scenario: "chieftain", mode: "ai", ai: { side: "black", level: 1 } });
  if (!created.white) throw new Error("no White seat");
  await page.goto(created.white.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Resign" }).click();
  await expect(page.locator("#after-game")).toBeVisible();
  // The result is written once.
  await expect(page.locator("#status")).toHaveText(/^0-1 · /);
  await expect(page.locator("#status")).not.toContainText("0-1 · 0-1");
  await expect(page.locator("#new-game")).toHaveAttribute("href", "/");
  await page.screenshot({ path: `${SHOTS}/after-the-end.png` });
  const first = seatOf(page).id;
  await page.locator("#rematch").click();
  await page.waitForURL((url) => !url.pathname.endsWith(first) && url.pathname.startsWith("/play/"));
  await expect(page.locator(".side-panel")).toContainText("You play Black");
  await expect(page.locator(".side-panel")).toContainText("against the computer");
});

test("a declined draw offer is announced, and spectators see two players, not an opponent", async ({ page, browser, request }) => {
  const created = await newGame(request, { scenario: "chieftain", mode: "correspondence" });
  if (!created.white || !created.black) throw new Error("no seats");
  await page.goto(created.white.path);
  await expect(page.locator("#status")).toContainText("Your turn");
  await page.getByRole("button", { name: "Offer draw" }).click();
  await expect(page.locator("#status")).toContainText("Your turn");
  const { id } = seatOf(page);
  const declined = await request.post(`/api/games/${id}/commands`, { headers: { Authorization: `Bearer ${created.black.token}` }, data: { type: "decline-draw" } });
  expect(declined.ok(), await declined.text()).toBeTruthy();
  await expect(page.locator(".toast", { hasText: "Your draw offer was declined." })).toBeVisible();

  const watcher = await browser.newPage();
  await watcher.goto(created.spectator.path);
  await expect(watcher.locator(".player")).toHaveCount(2);
  await expect(watcher.locator(".player.white")).toContainText("White · Player");
  await expect(watcher.locator(".player.black")).toContainText("Black · Player");
  await expect(watcher.locator(".side-panel")).not.toContainText("Opponent");
  await watcher.close();
});

test.describe("on a phone", () => {
  test.use(PHONE);
  test("the game page's new parts fit the screen", async ({ page, request }) => {
    const created = await newGame(request, { scenario: "zigzag-16x36", mode: "ai", ai: { side: "black", level: 1 } });
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    await expect(page.locator("#palette")).toBeVisible();
    await page.locator("#legend summary").click();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/phone-game-page.png`, fullPage: true });
  });

  test("the squares' coordinates are readable on a phone, and the wheel zooms under the cursor", async ({ page, request }) => {
    const created = await newGame(request, { scenario: "chieftain", mode: "correspondence" });
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    const board = page.locator(".board");
    await expect(board).toHaveAttribute("data-coordinates", /^\d+$/);
    expect(Number(await board.getAttribute("data-coordinates"))).toBeGreaterThanOrEqual(8);
    // The wheel (a desktop mouse on a narrow window) keeps the square under the pointer.
    const at = await squarePoint(page, "c3");
    await page.mouse.move(at.x, at.y);
    const before = (await boardState(page)).cell;
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await boardState(page)).cell).toBeGreaterThan(before);
    const after = await squarePoint(page, "c3");
    const cell = (await boardState(page)).cell;
    expect(Math.abs(after.x - at.x)).toBeLessThan(cell / 2);
    expect(Math.abs(after.y - at.y)).toBeLessThan(cell / 2);
  });

  test("two fingers pinch the board to zoom, around their midpoint", async ({ page, request }) => {
    const created = await newGame(request, { scenario: "zigzag-16x36", mode: "correspondence" });
    if (!created.white) throw new Error("no White seat");
    await page.goto(created.white.path);
    const before = await boardState(page);
    const mid = await squarePoint(page, "r8");
    // Two touches spread apart (Playwright's touchscreen has one finger: the pointer events are sent as a phone sends them).
    await page.locator(".board-canvas").evaluate((canvas, at) => {
      const send = (type: string, id: number, dx: number): void => {
        canvas.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: "touch", isPrimary: id === 1, button: 0, bubbles: true, clientX: at.x + dx, clientY: at.y }));
      };
      send("pointerdown", 1, -20);
      send("pointerdown", 2, 20);
      for (let step = 1; step <= 5; step += 1) {
        send("pointermove", 1, -20 - step * 10);
        send("pointermove", 2, 20 + step * 10);
      }
      send("pointerup", 1, -70);
      send("pointerup", 2, 70);
    }, mid);
    await expect.poll(async () => (await boardState(page)).cell).toBeGreaterThan(before.cell * 2);
    const after = await boardState(page);
    // The square under the fingers' midpoint is still under it, and no click acted on the board.
    const again = await squarePoint(page, "r8");
    expect(Math.abs(again.x - mid.x)).toBeLessThan(after.cell);
    await expect(page.locator("#proposed li")).toHaveCount(0);
  });
});
