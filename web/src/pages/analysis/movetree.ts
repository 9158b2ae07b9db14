// The analysis board's move list: the main line turn by turn, numbered in pairs, each
// variation after the turn it branches in (indented, in brackets, nested ones inside), the
// record's comments beside their turns and the computer's marks (?!, ?, ??) on the turns it
// judged. Every action and every mark is a link to its position.

import type { ActionView, ComputerTurn, Side } from "../../api/types";
import { h } from "../../ui/dom";
import { type GameTree, ROOT, type TreeNode } from "./tree";

/** What the move list shows and where its clicks go. */
export interface MoveTreeView {
  /** The game. */
  tree: GameTree;
  /** The node shown on the board. */
  cursor: number;
  /** The computer's verdict on each turn it analysed, by the node that ends the turn. */
  judged: Map<number, ComputerTurn>;
  /** The side that plays the first turn. */
  first: Side;
  /** Shows a node. */
  go(id: number): void;
}

/** A turn's label: `3.` for the first player's, `3...` for the answer (a setup is the first pair). */
export function turnLabel(index: number): string {
  return `${Math.floor(index / 2) + 1}${index % 2 === 1 ? "..." : "."}`;
}

/** The move list of a tree. */
export function moveTree(view: MoveTreeView): HTMLElement {
  const list = h("ol", { class: "moves move-tree", "aria-label": "Move list" });
  const first = view.tree.node(ROOT)?.children[0];
  if (first === undefined) list.append(h("li", { class: "muted" }, "No moves yet."));
  else list.append(...line(view, first, 0, false));
  queueMicrotask(() => list.querySelector(".act.at, .move.at")?.scrollIntoView({ block: "nearest" }));
  return list;
}

/** The items of the line starting at node `start` in turn `index` (from its first children on);
 * `variation`: the line is a variation, whose first node's siblings the line around it shows. */
function line(view: MoveTreeView, start: number, index: number, variation: boolean): HTMLElement[] {
  const items: HTMLElement[] = [];
  let next: number | undefined = start;
  let turn = index;
  let head = variation;
  while (next !== undefined) {
    const nodes: TreeNode[] = [];
    const variations: [number, number][] = [];
    let n = view.tree.node(next);
    while (n) {
      const parent = view.tree.node(n.parent ?? ROOT);
      if (!head) for (const other of parent?.children.slice(1) ?? []) variations.push([other, turn]);
      head = false;
      nodes.push(n);
      if (n.end) break;
      n = view.tree.node(n.children[0] ?? -1);
    }
    const last = nodes[nodes.length - 1];
    if (!last) break;
    items.push(turnItem(view, nodes, turn));
    for (const [other, at] of variations) {
      items.push(h("li", { class: "variation" }, h("ol", { class: "line" }, ...line(view, other, at, true))));
    }
    next = last.end ? last.children[0] : undefined;
    turn += 1;
  }
  return items;
}

/** One turn: its label, its actions (each a link), its mark and its comment. */
function turnItem(view: MoveTreeView, nodes: TreeNode[], index: number): HTMLElement {
  const last = nodes[nodes.length - 1];
  const end = last?.id ?? ROOT;
  const side: Side = index % 2 === 0 ? view.first : view.first === "white" ? "black" : "white";
  const here = nodes.some((n) => n.id === view.cursor);
  const acts = nodes.filter((n) => n.action && n.action.kind !== "end");
  const partial = view.tree.turnStart(nodes[0]?.id ?? ROOT) !== (nodes[0]?.parent ?? ROOT);
  const text = (a: ActionView | null) => a?.text ?? "";
  const shown = acts.length > 12 && acts.every((n) => n.action?.kind === "place") ? [] : acts;
  const item = h(
    "li",
    { class: `move ${side}${here ? " at" : ""}`, "data-node": end, title: acts.map((n) => text(n.action)).join(", ") },
    h("span", { class: "num" }, partial ? `${turnLabel(index)} …` : turnLabel(index)),
    " ",
    h(
      "span",
      { class: "text" },
      ...shown.flatMap((n, i) => [i > 0 ? ", " : "", link(view, n.id, text(n.action))]),
      shown.length === 0 && acts.length > 0 ? link(view, end, `setup: ${acts.length} pieces`) : null,
      acts.length === 0 ? (last?.end ? link(view, end, "pass") : "…") : null,
    ),
  );
  const judged = view.judged.get(end);
  if (judged?.mark && judged.judgement) {
    const lost = Math.round(judged.loss * 100);
    item.append(
      " ",
      h(
        "button",
        {
          type: "button",
          class: `mark ${judged.judgement}`,
          title: `${judged.judgement}: ${lost} points of winning chance lost; show the best turn found`,
          onclick: (e: Event) => {
            e.stopPropagation();
            view.go(view.tree.turnStart(end));
          },
        },
        judged.mark,
      ),
    );
  }
  if (last?.comment) item.append(" ", h("span", { class: "comment" }, last.comment));
  item.classList.add("clickable");
  item.addEventListener("click", () => view.go(end));
  return item;
}

/** A link to a node. */
function link(view: MoveTreeView, id: number, label: string): HTMLElement {
  return h(
    "span",
    {
      class: `act${id === view.cursor ? " at" : ""}`,
      "data-node": id,
      onclick: (e: Event) => {
        e.stopPropagation();
        view.go(id);
      },
    },
    label,
  );
}
