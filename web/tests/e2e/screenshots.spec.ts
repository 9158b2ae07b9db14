// Screenshots of the start of each scenario family, of the front page and of terrain, saved in
// web/test-artifacts/screenshots for people to look at; the analysis board with an attack
// preview and with an imported record.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ScenarioEntry } from "../../src/api/types";
import { analysisState, boardState, clickSquare, expect, SHOTS, test } from "./helpers";

test("the front page shows every scenario with a picture, smaller boards first", async ({ page, request }) => {
  const scenarios = (await (await request.get("/api/scenarios")).json()) as ScenarioEntry[];
  await page.goto("/");
  await expect(page.locator(".card")).toHaveCount(scenarios.length);
  await expect(page.locator(".card .thumb canvas")).toHaveCount(scenarios.length, { timeout: 30_000 });
  const size = (s: ScenarioEntry): number => s.board.files * s.board.ranks;
  const sorted = [...scenarios].sort((a, b) => size(a) - size(b) || a.name.localeCompare(b.name));
  expect(await page.locator(".card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-id")))).toEqual(sorted.map((s) => s.id));
  for (const s of scenarios) await expect(page.locator(`.card[data-id="${s.id}"]`)).toContainText(s.family_title);
  await page.screenshot({ path: `${SHOTS}/front-page.png`, fullPage: true });
});

test("the options form is built from the scenario's option specs", async ({ page, request }) => {
  const scenarios = (await (await request.get("/api/scenarios")).json()) as ScenarioEntry[];
  // The scenario with the most options, and one of each type where there is one.
  const chosen = [...scenarios].sort((a, b) => b.options.length - a.options.length)[0];
  if (!chosen) throw new Error("no scenario");
  await page.goto("/");
  await page.locator(`.card[data-id="${chosen.id}"]`).click();
  await expect(page.locator("#new-game h2")).toHaveText(chosen.name);
  await expect(page.locator(".options .option")).toHaveCount(chosen.options.length);
  for (const spec of chosen.options) {
    const label = page.locator(".options label", { has: page.locator(`[name="option-${spec.name}"]`) });
    await expect(label).toContainText(spec.label);
    // The help is written under the option, where a phone shows it too.
    const option = page.locator(".options .option", { has: page.locator(`[name="option-${spec.name}"]`) });
    await expect(option.locator(".option-help")).toHaveText(spec.help);
    const input = page.locator(`[name="option-${spec.name}"]`);
    if (spec.kind.type === "bool") {
      await expect(input).toHaveAttribute("type", "checkbox");
      if (spec.default === "true") await expect(input).toBeChecked();
      else await expect(input).not.toBeChecked();
    } else if (spec.kind.type === "integer") {
      await expect(input).toHaveAttribute("type", "number");
      await expect(input).toHaveAttribute("min", String(spec.kind.min));
      await expect(input).toHaveAttribute("max", String(spec.kind.max));
      await expect(input).toHaveValue(spec.default);
    } else {
      await expect(input.locator("option")).toHaveText(spec.kind.choices);
      await expect(input).toHaveValue(spec.default);
    }
  }
  await page.screenshot({ path: `${SHOTS}/front-page-options.png`, fullPage: true });
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

test("Medieval War Chess shows an attack's strength against defence before it is made", async ({ page, request }) => {
  // White walks a pawn to e5 (three actions), Black answers d7-d6 and two more steps.
  const line = ["e2-e3", "e3-e4", "e4-e5", "d7-d6", "a7-a6", "a6-a5"];
  const { game, state } = await analysisState(request, "medieval", line);
  expect(game.turn_unit).toBe("actions");
  const attack = state.legal.find((a) => a.kind === "attack" && a.to === "d6");
  if (!attack?.combat || !attack.to) throw new Error("no attack on d6");
  await page.goto("/analysis?scenario=medieval");
  for (let i = 0; i < line.length; i += 1) {
    // Each action's squares, as the server describes it among the legal actions then.
    const { state: before } = await analysisState(request, "medieval", line.slice(0, i));
    const action = before.legal.find((a) => a.text === line[i]);
    if (!action?.from || !action.to) throw new Error(`${line[i]} is not a legal move`);
    await clickSquare(page, action.from);
    await clickSquare(page, action.to);
  }
  await expect(page.locator("#cursor")).toHaveText("6 / 6");
  await expect(page.locator(".attacks")).toContainText(`${attack.text}: strength ${attack.combat.offence} against defence ${attack.combat.defence}`);
  await page.screenshot({ path: `${SHOTS}/medieval-attack-preview.png` });
  await clickSquare(page, attack.to);
  await expect(page.locator("#cursor")).toHaveText("7 / 7");
});

test("a record opens on the analysis board, steps back and forth, and tries another line", async ({ page }) => {
  const record = readFileSync(fileURLToPath(new URL("../../../records/chieftain-opening.rec", import.meta.url)), "utf8");
  await page.goto("/");
  await page.locator("textarea[name=record]").fill(record);
  await page.locator("#import").click();
  await page.waitForURL(/\/analysis$/);
  const total = Number((await page.locator("#cursor").innerText()).split("/")[1]);
  expect(total).toBeGreaterThan(8);
  await page.locator("#nav-end").click();
  await expect(page.locator("#cursor")).toHaveText(`${total} / ${total}`);
  await page.locator("#nav-back").click();
  await expect(page.locator("#cursor")).toHaveText(`${total - 1} / ${total}`);
  await page.locator(".moves li.move").first().click();
  const first = Number((await page.locator("#cursor").innerText()).split("/")[0]);
  expect(first).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/analysis-imported-record.png` });
  await page.locator("#nav-start").click();
  await expect(page.locator("#cursor")).toHaveText(`0 / ${total}`);
  await clickSquare(page, "j2");
  await clickSquare(page, "k4");
  await expect(page.locator("#cursor")).toHaveText("1 / 1");
  await expect(page.getByRole("button", { name: "Back to the original line" })).toBeVisible();
});

test("a free-setup scenario is set up at random on the analysis board", async ({ page }) => {
  await page.goto("/analysis?scenario=border-war");
  await expect(page.locator("#status")).toHaveText("White sets up");
  await page.locator("#random-setup").click();
  await expect(page.locator("#status")).toHaveText("Black sets up");
  await page.locator("#random-setup").click();
  await expect(page.locator("#status")).toContainText("White to move");
  await expect(page.locator(".moves li.move")).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/border-war-after-random-setups.png` });
});
