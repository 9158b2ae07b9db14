import { describe, expect, it } from "vitest";
import { clockText, waitedText } from "../../src/pages/home/challenges";
import { rulesHref, rulesRoute } from "../../src/pages/rules";

describe("the rules page's address", () => {
  it("carries the scenario and the options there and back", () => {
    const href = rulesHref("chieftain", { "shorter-game": "true", "turn-limit": "40" });
    expect(href).toBe("/#/rules/chieftain?shorter-game=true&turn-limit=40");
    expect(rulesRoute(href.slice(1))).toEqual({ id: "chieftain", options: { "shorter-game": "true", "turn-limit": "40" } });
    expect(rulesRoute("#/rules/medieval")).toEqual({ id: "medieval", options: {} });
  });

  it("is not read from other hashes (a seat's token)", () => {
    expect(rulesRoute("#feecabefa3766ac8")).toBeNull();
    expect(rulesRoute("#/rules/")).toBeNull();
  });
});

describe("the lobby's words", () => {
  it("writes a clock and a wait for people", () => {
    expect(clockText(null)).toBe("correspondence");
    expect(clockText({ initial_ms: 180_000, increment_ms: 2_000 })).toBe("3 min + 2 s");
    expect(waitedText(12_400)).toBe("12 s");
    expect(waitedText(150_000)).toBe("2 min");
    expect(waitedText(7_300_000)).toBe("2 h");
    expect(waitedText(-5)).toBe("0 s");
  });
});
