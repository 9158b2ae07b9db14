// The lobby's open challenges: a player creates one from the front page's form (a name, a
// side, a clock), another sees it listed (scenario, clock, who waits and as what, how long)
// and joins it; one's own challenge can be cancelled. At desktop size and at 390x844.
import type { Browser, Page } from "@playwright/test";
import { expect, SHOTS, test } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Creates an open challenge from the front page's form, as White, live 3 min + 2 s; returns its game id. */
async function createChallenge(page: Page, name: string): Promise<string> {
  await page.goto("/");
  await expect(page.locator("#new-game h2")).toBeVisible();
  await page.locator('#scenarios .card[data-id="chieftain"]').click();
  await page.locator('input[name="opponent"][value="human"]').check();
  await page.locator('input[name="side"][value="white"]').check();
  await page.locator('input[name="time"][value="live"]').check();
  await page.locator('input[name="minutes"]').fill("3");
  await page.locator('input[name="increment"]').fill("2");
  await page.locator("#open-challenge").check();
  await page.locator("#challenge-name").fill(name);
  await page.locator("#create").click();
  await page.waitForURL(/\/play\//);
  await expect(page.locator(".side-panel")).toContainText("You play White");
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

async function joinFromAnotherBrowser(browser: Browser, id: string, name: string, options: object, shot: string): Promise<void> {
  const context = await browser.newContext(options);
  const other = await context.newPage();
  await other.goto("/");
  const entry = other.locator(`#challenge-list li.challenge[data-id="${id}"]`);
  await expect(entry).toBeVisible();
  await expect(entry.locator(".challenge-scenario")).toHaveText("Chieftain Chess");
  await expect(entry.locator(".challenge-clock")).toHaveText("3 min + 2 s");
  await expect(entry.locator(".challenge-who")).toHaveText(`${name} (White) waits: you play Black`);
  await expect(entry.locator(".challenge-waited")).toContainText("waiting");
  const [scroll, inner] = await other.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
  expect(scroll, "no sideways scrolling").toBeLessThanOrEqual(inner);
  await entry.scrollIntoViewIfNeeded();
  await other.screenshot({ path: `${SHOTS}/${shot}` });
  await entry.locator("button.join").click();
  await other.waitForURL(new RegExp(`/play/${id}#`));
  await expect(other.locator(".side-panel")).toContainText("You play Black");
  // Taken: it leaves the list of open challenges (read again every few seconds).
  await other.goto("/");
  await expect(other.locator(`#challenge-list li.challenge[data-id="${id}"]`)).toHaveCount(0);
  await context.close();
}

test("a challenge made on the front page is listed and joined from another browser", async ({ page, browser }) => {
  const id = await createChallenge(page, "Alice");
  await joinFromAnotherBrowser(browser, id, "Alice", {}, "lobby-challenge-desktop.png");
});

test("at 390x844 a challenge is listed and joined, and one's own can be cancelled", async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const id = await createChallenge(page, "Pat");
  await joinFromAnotherBrowser(browser, id, "Pat", PHONE, "lobby-challenge-phone.png");
  // One's own challenge: Cancel instead of Join; the list refreshes by itself.
  const mine = await createChallenge(page, "Pat");
  await page.goto("/");
  const entry = page.locator(`#challenge-list li.challenge[data-id="${mine}"]`);
  await expect(entry.locator("button.cancel-challenge")).toBeVisible();
  await expect(entry.locator("button.join")).toHaveCount(0);
  await entry.locator("button.cancel-challenge").click();
  await expect(entry).toHaveCount(0);
  await context.close();
});

test("the list of open challenges refreshes by itself", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator("#challenge-list")).not.toContainText("Loading");
  const created = await request.post("/api/games", { data: { scenario: "medieval", mode: "correspondence", challenge: { name: "Robin", side: "black" } } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id, black } = (await created.json()) as { id: string; black: { token: string } };
  const entry = page.locator(`#challenge-list li.challenge[data-id="${id}"]`);
  await expect(entry).toBeVisible({ timeout: 12_000 });
  await expect(entry.locator(".challenge-clock")).toHaveText("correspondence");
  await expect(entry.locator(".challenge-who")).toHaveText("Robin (Black) waits: you play White");
  const cancelled = await request.delete(`/api/games/${id}/challenge`, { headers: { Authorization: `Bearer ${black.token}` } });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  await expect(entry).toHaveCount(0, { timeout: 12_000 });
});
