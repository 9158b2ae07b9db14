import { describe, expect, it } from "vitest";
import type { ActionView } from "../../src/api/types";
import { GameTree, ROOT } from "../../src/pages/analysis/tree";

function act(text: string, kind: ActionView["kind"] = "move"): ActionView {
  return { text, kind, from: null, to: null, place: null, carries: [] };
}

/** A main line a, b, end(1) then c, end(2); a variation of the first turn branching at b. */
function sample(): { tree: GameTree; ids: Record<string, number> } {
  const tree = new GameTree();
  const a = tree.add(ROOT, act("a"), false);
  const b = tree.add(a, act("b"), false);
  const e1 = tree.add(b, act("end", "end"), true, "main");
  const c = tree.add(e1, act("c"), false);
  const e2 = tree.add(c, act("end", "end"), true);
  const x = tree.add(a, act("x"), false);
  const ex = tree.add(x, act("end", "end"), true, "tried");
  return { tree, ids: { a, b, e1, c, e2, x, ex } };
}

describe("the analysis board's tree", () => {
  it("keeps the main line when another action is tried, and reuses an action tried twice", () => {
    const { tree, ids } = sample();
    expect(tree.path(tree.lineEnd(ROOT)).map((n) => n.action?.text)).toEqual(["a", "b", "end", "c", "end"]);
    expect(tree.add(ids.a ?? -1, act("x"), false)).toBe(ids.x);
    expect(tree.branchOf(ids.ex ?? -1)).toBe(ids.x);
    expect(tree.branchOf(ids.e2 ?? -1)).toBeNull();
    expect(tree.turnStart(ids.c ?? -1)).toBe(ids.e1);
    expect(tree.turnStart(ids.ex ?? -1)).toBe(ROOT);
  });

  it("promotes a variation to the main line and deletes one", () => {
    const { tree, ids } = sample();
    expect(tree.promote(ids.ex ?? -1)).toBe(true);
    expect(tree.path(tree.lineEnd(ROOT)).map((n) => n.action?.text)).toEqual(["a", "x", "end"]);
    expect(tree.promote(ids.ex ?? -1)).toBe(false);
    expect(tree.removeVariation(ids.c ?? -1)).toBe(ids.a);
    expect(tree.node(ids.e2 ?? -1)).toBeUndefined();
    expect(tree.node(ROOT)?.children).toEqual([ids.a]);
    expect(tree.node(ids.a ?? -1)?.children).toEqual([ids.x]);
  });

  it("is saved and read back with its order, ends and comments", () => {
    const { tree } = sample();
    const saved = tree.toSaved();
    expect(saved.every((n, i) => n.parent === null || n.parent < i)).toBe(true);
    const again = GameTree.fromSaved(saved);
    expect(again.toSaved()).toEqual(saved);
    expect(saved.filter((n) => n.comment).map((n) => n.comment)).toEqual(["main", "tried"]);
  });
});
