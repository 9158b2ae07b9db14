// Screenshots of the start of each scenario family, of the front page and of terrain, saved in
// web/test-artifacts/screenshots for people to look at.
import { boardState, expect, SHOTS, test } from "./helpers";

test("the front page shows every scenario with a picture", async ({ page, request }) => {
  const scenarios = (await (await request.get("/api/scenarios")).json()) as unknown[];
  await page.goto("/");
  await expect(page.locator(".card")).toHaveCount(scenarios.length);
  await expect(page.locator(".card .thumb canvas")).toHaveCount(scenarios.length, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/front-page.png`, fullPage: true });
});

for (const [id, name] of [
  ["chieftain", "family-warlord-chieftain"],
  ["warlord-2-0", "family-warlord-2-0"],
  ["lakes", "terrain-water-lakes"],
  ["valley-war", "terrain-valley-war"],
  ["medieval", "family-medieval"],
] as const) {
  test(`the start of ${id}`, async ({ page }) => {
    await page.goto(`/analysis?scenario=${id}`);
    await expect(page.locator("#status")).toBeVisible();
    expect((await boardState(page)).files).toBeGreaterThan(0);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  });
}
