// Random fill of a free setup places every piece with at most one refused request (it used to
// send batch after batch the server refused with 422 where placement rules bind pieces
// together, such as a section's quota of leaders), and the setup can then be committed.
import type { Response } from "@playwright/test";
import { expect, SHOTS, test } from "./helpers";

for (const scenario of ["chieftain", "lakes-2", "clash-of-arms", "test-of-wills", "wargame-1"]) {
  test(`Random fill of ${scenario}'s free setup sends at most one refused request`, async ({ page, request }) => {
    const r = await request.post("/api/games", { data: { scenario, mode: "correspondence", options: { "free-setup": true } } });
    expect(r.ok(), await r.text()).toBeTruthy();
    const created = (await r.json()) as { white: { path: string } };
    const refused: string[] = [];
    page.on("response", (res: Response) => {
      if (res.status() >= 400) refused.push(`${res.status()} ${res.url()}`);
    });
    await page.goto(created.white.path);
    await expect(page.locator("#random-fill")).toBeEnabled();
    await page.locator("#random-fill").click();
    await expect(page.locator("#commit")).toBeEnabled({ timeout: 60_000 });
    expect(refused.length, refused.join("\n")).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${SHOTS}/random-fill-${scenario}.png` });
  });
}
