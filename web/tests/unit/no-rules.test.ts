/// <reference types="node" />
// The browser knows no game family and reads no notation: what it shows comes from the
// server's descriptions (appearance, turn_unit, option specs, hints, tallies, to_place, and
// the from/to/kind/place of every action). This test reads every file of web/src (but the
// generated API types) and fails on a family's name or on notation parsing.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../src", import.meta.url));

/** Files that are not read: the types generated from the server's Rust types. */
const SKIPPED = new Set(["api/generated.ts"]);

/** What a file must not contain, each with why. */
const FORBIDDEN: [RegExp, string][] = [
  [/["'`]medieval["'`]/i, "a game family's name"],
  [/["'`]chieftain["'`]/i, "a game family's (or its scenario's) name"],
  [/["'`]warlord["'`]/i, "a game family's name"],
  [/family\s*[!=]==?/, "a family comparison"],
  [/\.family\b/, "a family field"],
  [/Family/, "a family type"],
  [/\[a-z\]\{1,2\}\s*\(?\[1-9\]/, "a square pattern (notation parsing)"],
  [/\[a-z\][+*]\)?\s*\(?(\[0-9\]|\\d|\[1-9\])/, "a square pattern (notation parsing)"],
  [/actionSquares/, "notation parsing (actionSquares)"],
  [/placementSymbol/, "notation parsing (placementSymbol)"],
  [/indexOf\(\s*["'`]@["'`]\s*\)/, "notation parsing (a placement's @)"],
  [/split\(\s*["'`]@["'`]\s*\)|@`\)|["']@["']\s*\)/, "notation parsing (a placement's @)"],
  [/split\(\s*["'`], ["'`]\s*\)/, "notation parsing (splitting a turn's text)"],
  [/\.text\s*\.\s*(split|match|matchAll|startsWith|endsWith|indexOf|includes|slice|substring|replace|toUpperCase|toLowerCase)\b/, "reading an action's text"],
];

/** The violations in a file's text: `line: why`. */
export function violations(text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const [pattern, why] of FORBIDDEN) if (pattern.test(line)) out.push(`${i + 1}: ${why}: ${line.trim()}`);
  });
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * The one exception: core/squares.ts reads a square's name into board coordinates (the
 * board's geometry; every square the server sends is drawn through it). It reads no action.
 */
const SQUARE_NAMES = "core/squares.ts";

describe("web/src knows no family and parses no notation", () => {
  const sources = files(SRC)
    .map((path) => relative(SRC, path).split("\\").join("/"))
    .filter((name) => !SKIPPED.has(name));

  it("reads the whole source tree", () => {
    expect(sources).toContain("pages/play.ts");
    expect(sources).toContain("core/turn.ts");
    expect(sources.length).toBeGreaterThan(15);
  });

  for (const name of sources) {
    it(name, () => {
      let found = violations(readFileSync(join(SRC, name), "utf8"));
      if (name === SQUARE_NAMES) found = found.filter((v) => !v.includes("a square pattern"));
      expect(found).toEqual([]);
    });
  }

  it("catches each kind of violation", () => {
    const planted = [
      `if (info.scenario.family === "medieval") return;`,
      `const order = ["chieftain", "warlord-original"];`,
      `import type { Family } from "../api/types";`,
      `const m = /([a-z]{1,2}[1-9][0-9]{0,2})/g;`,
      `const squares = text.match(/[a-z]+[0-9]+/g);`,
      `return actionSquares(a.text);`,
      `const symbol = placementSymbol(action.text);`,
      `const at = text.indexOf("@");`,
      `const count = row.text.split(", ").length;`,
      `a.text.toUpperCase().startsWith(\`\${symbol}@\`)`,
      `const [from, to] = action.text.split("-");`,
    ];
    for (const line of planted) expect(violations(line), line).not.toEqual([]);
    expect(violations(`const key = "warlord:games";`)).toEqual([]);
    expect(violations(`return actions.map((a) => a.text).join(", ");`)).toEqual([]);
  });
});
