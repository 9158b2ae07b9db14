// Two players in two browser contexts play a hidden setup: until both have committed, the
// opponent's page (its DOM, and every WebSocket frame and HTTP answer it received) holds
// nothing of the other's placement. After both commit, both armies are seen (so the check
// above would have caught a leak).
import type { Page } from "@playwright/test";
import { applyDelta } from "../../src/api/socket";
import type { StateDelta, StateView } from "../../src/api/types";
import { apiState, clickSquare, expect, previewState, seatOf, SHOTS, squarePoint, test } from "./helpers";

type StateMessage = Pick<StateView, "phase" | "pieces" | "moves" | "turn">;

/** Every game state a page received, over its WebSocket (the changes it was sent applied as
 * the page applies them) and in its HTTP answers. */
function recordStates(page: Page): { states: StateMessage[]; raw: string[] } {
  const log = { states: [] as StateMessage[], raw: [] as string[] };
  let latest: StateView | null = null;
  const keep = (text: string): void => {
    log.raw.push(text);
    try {
      const v = JSON.parse(text) as { type?: string; state?: StateMessage } & StateMessage;
      if (v.type === "state") {
        latest = v as unknown as StateView;
        log.states.push(v);
      } else if (v.type === "delta" && latest) {
        latest = applyDelta(latest, v as unknown as StateDelta);
        log.states.push(latest);
      } else if (v.state) log.states.push(v.state);
    } catch {
      // Not JSON (the page's own files).
    }
  };
  page.on("websocket", (ws) => ws.on("framereceived", (f) => keep(String(f.payload))));
  page.on("response", async (r) => {
    if (r.url().includes("/api/")) keep(await r.text().catch(() => ""));
  });
  return log;
}

test("the opponent's page never holds a placement before both commit", async ({ browser, request }) => {
  const white = await (await browser.newContext()).newPage();
  const black = await (await browser.newContext()).newPage();
  await white.goto("/");
  await white.locator('.card[data-id="chieftain"]').click();
  await white.locator('input[name="option-free-setup"]').check();
  await white.locator("input[name=opponent][value=human]").check();
  await white.locator("input[name=side][value=white]").check();
  await white.locator("#create").click();
  await white.waitForURL(/\/play\//);
  const invite = await white.locator("#invite-link").inputValue();

  const seen = recordStates(black);
  await black.goto(invite);
  await expect(black.locator("#status")).toContainText("White is setting up");

  // White places pieces by clicking (palette, then square), fills the rest, and commits.
  await expect(white.locator("#status")).toContainText("Your setup");
  const seat = seatOf(white);
  const place = (await apiState(request, seat.id, seat.token)).legal.find((a) => a.kind === "place");
  if (!place?.to || place.place === null) throw new Error("no placement");
  // The palette has an item per piece kind to place (`to_place`), named by its kind.
  const item = white.locator(`#palette .reserve[data-kind="${place.place}"]`);
  const before = await item.innerText();
  if (!((await item.getAttribute("class")) ?? "").includes("chosen")) await item.click();
  await clickSquare(white, place.to);
  await expect(item).not.toHaveText(before);
  // A second piece is dragged from the palette onto a square the server allows after the first.
  const after = await previewState(request, seat.id, seat.token, [place.text]);
  const next = after.legal.find((a) => a.kind === "place");
  if (!next?.to || next.place === null) throw new Error("no second placement");
  const source = white.locator(`#palette .reserve[data-kind="${next.place}"]`);
  const sourceText = await source.innerText();
  const from = await source.boundingBox();
  if (!from) throw new Error("no palette item");
  const to = await squarePoint(white, next.to);
  await white.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await white.mouse.down();
  await white.mouse.move(to.x, to.y, { steps: 10 });
  await white.mouse.up();
  await expect(source).not.toHaveText(sourceText);
  await white.locator("#random-fill").click();
  await expect(white.locator("#commit")).toBeEnabled();
  await white.screenshot({ path: `${SHOTS}/setup-white-before-commit.png` });
  const whiteSetup = await white.evaluate(async () => {
    const saved = Object.keys(localStorage).find((k) => k.startsWith("warlord:turn:"));
    return saved ? (JSON.parse(localStorage.getItem(saved) ?? "{}").actions as string[]) : [];
  });
  expect(whiteSetup.length).toBeGreaterThan(10);
  await white.locator("#commit").click();
  await expect(white.locator("#status")).toContainText("Black is setting up");
  // White's own view of its setup: every placement's square.
  const whiteTurn = (await apiState(request, seat.id, seat.token)).moves.find((t) => t.side === "white" && t.setup);
  const whiteSquares = new Set((whiteTurn?.actions ?? []).flatMap((a) => (a.to ? [a.to] : [])));
  expect(whiteSquares.size).toBe(whiteSetup.length);

  // Black sets up; until Black commits, nothing of White's placement reaches Black.
  await expect(black.locator("#status")).toContainText("Your setup");
  await black.locator("#random-fill").click();
  await expect(black.locator("#commit")).toBeEnabled();
  await black.screenshot({ path: `${SHOTS}/setup-black-sees-no-white-piece.png` });
  const leaks = (): string[] => {
    const out: string[] = [];
    for (const s of seen.states) {
      out.push(...s.pieces.filter((p) => p.side === "white").map((p) => `piece on ${p.square}`));
      out.push(...s.moves.filter((t) => t.side === "white").flatMap((t) => t.actions.map((a) => a.text)));
    }
    for (const text of seen.raw) for (const a of whiteSetup) if (text.includes(`"${a}"`)) out.push(a);
    return out;
  };
  expect(seen.states.length).toBeGreaterThan(2);
  expect(leaks()).toEqual([]);
  const dom = await black.locator("body").innerText();
  for (const a of whiteSetup) expect(dom).not.toMatch(new RegExp(`\\b${a}\\b`));

  await black.locator("#commit").click();
  await expect(black.locator("#status")).toContainText("White's turn");
  await expect.poll(() => seen.states.at(-1)?.pieces.filter((p) => p.side === "white" && whiteSquares.has(p.square)).length).toBe(whiteSetup.length);
  await black.screenshot({ path: `${SHOTS}/setup-revealed-after-both-commit.png` });
});
