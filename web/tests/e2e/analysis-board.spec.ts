// The analysis board with an imported record, on a desktop and a phone: a different turn tried
// becomes a variation beside the kept main line, the record's comments stand beside their
// turns (one is edited), the board flips, the computer's analysis draws its graph and marks, a mark shows the
// best turn as arrows, the export holds the variation and the comments, and a variation is
// promoted and another deleted.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { analysisState, boardState, clickSquare, expect, SHOTS, test } from "./helpers";

// The first seven pairs of turns of the sample Medieval War Chess game, with its comments.
const SAMPLE = readFileSync(fileURLToPath(new URL("../../../records/medieval-sample.txt", import.meta.url)), "utf8").split("\n");
const RECORD = [...SAMPLE.filter((l) => l.startsWith("[")), ...SAMPLE.filter((l) => /^\d/.test(l)).slice(0, 14)].join("\n");
const FIRST_TURN = ["c2-c3", "c3-c4", "e2-e3"];

for (const [name, device] of [
  ["desktop", { viewport: { width: 1280, height: 860 } }],
  ["phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(name, () => {
    test.use(device);

    test("a record is analysed, varied, flipped and exported with its comments", async ({ page, request }) => {
      await page.goto("/");
      await page.locator("textarea[name=record]").fill(RECORD);
      await page.locator("#import").click();
      await page.waitForURL(/\/analysis$/);
      const tree = page.locator(".move-tree");
      const mainTurns = page.locator(".move-tree > li.move");
      await expect(mainTurns).toHaveCount(14);
      await expect(tree.locator(".comment").first()).toHaveText("White opens the c-file: one pawn walks twice");

      // Black's first turn gets a comment of our own in place of the record's.
      await mainTurns.nth(1).click();
      await expect(page.locator("#comment")).toHaveValue("the knight steps up behind the pawns");
      await page.locator("#comment").fill("a quiet answer");
      await page.locator("#comment").press("Tab");
      await expect(mainTurns.nth(1).locator(".comment")).toHaveText("a quiet answer");

      // After White's first turn, Black tries another first action than the record's f7-f6.
      await mainTurns.first().click();
      await expect(page.locator("#cursor")).toHaveText("3 / 42");
      const { state } = await analysisState(request, "medieval", FIRST_TURN);
      const tried = state.legal.find((a) => a.kind === "move" && a.from === "b7" && a.to);
      if (!tried?.from || !tried.to) throw new Error("no move for b7");
      await clickSquare(page, tried.from);
      await clickSquare(page, tried.to);
      await expect(page.locator("#cursor")).toHaveText("4 / 4");
      const variation = tree.locator("li.variation");
      await expect(variation).toHaveCount(1);
      await expect(variation).toContainText(tried.text);
      await expect(variation.locator(".act.at")).toHaveText(tried.text);
      await expect(mainTurns).toHaveCount(14);
      await expect(page.locator("#promote")).toBeVisible();
      // Keyboard: back to the branch point and forward along the main line.
      await page.locator("body").press("ArrowLeft");
      await expect(page.locator("#cursor")).toHaveText("3 / 42");
      await page.locator("body").press("ArrowRight");
      await expect(page.locator("#cursor")).toHaveText("4 / 42");
      await expect(page.locator("#promote")).toHaveCount(0);

      // Flip the board.
      expect((await boardState(page)).flipped).toBe(false);
      await page.locator("#flip").click();
      await expect.poll(async () => (await boardState(page)).flipped).toBe(true);

      // The computer's analysis of the main line.
      await page.locator("#run-analysis").click();
      await expect(page.locator("#analysis-summary")).toBeVisible({ timeout: 80_000 });
      await expect(page.locator("#eval-graph polyline")).toHaveCount(1);
      const marks = tree.locator(".mark");
      expect(await marks.count()).toBeGreaterThan(0);
      await expect(marks.first()).toHaveText(/^\?[!?]?$|^\?\?$/);
      await marks.first().click();
      await expect(page.locator("#best-turn")).toContainText("Best turn found here");
      await expect(page.locator(".board")).toHaveAttribute("data-lines", /best:[a-h]\d [a-h]\d/);
      await page.screenshot({ path: `${SHOTS}/analysis-board-${name}.png` });

      // The export: the engine's record, the variation and the comments in it, downloaded.
      const download = page.waitForEvent("download");
      await page.locator("#export").click();
      const text = readFileSync(await (await download).path(), "utf8");
      await expect(page.locator("#export-text")).toHaveValue(text);
      expect(text).toContain('[Scenario "medieval"]');
      expect(text).toContain("— White opens the c-file: one pawn walks twice");
      expect(text).toContain("1... f7-f6, g7-g6, g8-g7 — a quiet answer\n");
      expect(text).toMatch(new RegExp(`\\(\\n  1\\.\\.\\. ${tried.text}\\n\\)`));
      expect(text.split("\n").filter((l) => /^\d/.test(l))).toHaveLength(14);

      // The variation promoted to the main line, then the old main line deleted.
      await variation.locator(".act").first().click();
      await page.locator("#promote").click();
      await expect(mainTurns).toHaveCount(2);
      await expect(variation).toContainText("f7-f6");
      await variation.locator(".act", { hasText: "f7-f6" }).click();
      await page.locator("#delete-variation").click();
      await expect(variation).toHaveCount(0);
      await expect(mainTurns).toHaveCount(2);
      await expect(page.locator("#cursor")).toHaveText("3 / 4");
    });
  });
}
