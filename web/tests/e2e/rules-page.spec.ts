// The rules page of a scenario (`/#/rules/{id}`): opened from a scenario card and from the
// game page, for one scenario of each family; everything on it is the engine's guide
// (`GET /api/scenarios/{id}/guide`), pieces drawn with the board's own pictures.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Created, RulesGuide } from "../../src/api/types";
import { expect, SHOTS, test } from "./helpers";

async function guide(request: APIRequestContext, id: string, query = ""): Promise<RulesGuide> {
  const r = await request.get(`/api/scenarios/${id}/guide${query}`);
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as RulesGuide;
}

/** The page shows every piece of the guide with its pictures, moves and notes, and the turn and victory rules. */
async function showsGuide(page: Page, g: RulesGuide): Promise<void> {
  await expect(page.locator("#rules h1")).toHaveText(`Rules of ${g.name}`);
  await expect(page.locator("#rules-turn li")).toHaveText(g.turn);
  await expect(page.locator("#rules-victory li")).toHaveText(g.victory);
  const pieces = page.locator("#rules-pieces > li");
  await expect(pieces).toHaveCount(g.pieces.length);
  for (const p of g.pieces) {
    const item = page.locator(`#rules-pieces > li[data-kind="${p.kind}"]`);
    await expect(item).toHaveAttribute("data-shape", p.appearance.shape);
    await expect(item.locator("strong")).toHaveText(p.name);
    await expect(item.locator(".rules-moves li")).toHaveText(p.moves);
    expect(await item.locator("img").first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBeTruthy();
  }
}

test("a scenario card's rules link opens the Warlord family's rules page", async ({ page, request }) => {
  const g = await guide(request, "chieftain");
  await page.goto("/");
  await page.locator('#scenarios .card[data-id="chieftain"] .rules-link').click();
  await expect(page).toHaveURL(/\/#\/rules\/chieftain$/);
  await showsGuide(page, g);
  expect(g.turn.join(" ")).toContain("up to 4 pieces a turn");
  await expect(page.locator('#rules-options li[data-option="shorter-game"] .option-help')).not.toBeEmpty();
  await page.screenshot({ path: `${SHOTS}/rules-chieftain.png`, fullPage: true });
  await page.goBack();
  await expect(page.locator("#new-game h2")).toBeVisible();
});

test("Medieval War Chess and WarGame 1 have their own rules pages, also at 390x844", async ({ page, request }) => {
  const medieval = await guide(request, "medieval");
  await page.goto("/#/rules/medieval");
  await showsGuide(page, medieval);
  await expect(page.locator("#rules-pieces")).toContainText("Offence 6, defence 6.");
  await page.setViewportSize({ width: 390, height: 844 });
  const wargame = await guide(request, "wargame-1-skirmish");
  await page.goto("/#/rules/wargame-1-skirmish");
  await showsGuide(page, wargame);
  await expect(page.locator("#rules-pieces")).toContainText("movement points");
  const [scroll, inner] = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
  expect(scroll, "no sideways scrolling").toBeLessThanOrEqual(inner);
  await page.screenshot({ path: `${SHOTS}/rules-wargame-phone.png`, fullPage: true });
});

test("the game page links to the rules with the game's options", async ({ page, request }) => {
  const r = await request.post("/api/games", { data: { scenario: "chieftain", mode: "correspondence", options: { "shorter-game": true } } });
  expect(r.ok(), await r.text()).toBeTruthy();
  const created = (await r.json()) as Created;
  if (!created.white) throw new Error("no White seat");
  await page.goto(created.white.path);
  const link = page.locator("#rules-link");
  await expect(link).toHaveAttribute("href", "/#/rules/chieftain?shorter-game=true");
  const g = await guide(request, "chieftain", "?shorter-game=true");
  await page.goto("/#/rules/chieftain?shorter-game=true");
  await showsGuide(page, g);
  await expect(page.locator('#rules-options li[data-option="shorter-game"]')).toHaveClass(/chosen/);
  await expect(page.locator("#rules-victory")).toContainText("Shorter game");
});
