// The move list panel: turns numbered in pairs, the current one marked, each clickable when
// the page can go to it (replays and the analysis board).

import type { MoveListTurn, Side } from "../api/types";
import { foldedText, moveRows } from "../core/notation";
import { h } from "./dom";

/**
 * A move list; `go(i)` (if given) is called when turn `i` is clicked; `at` marks a turn; `first`
 * plays first; `notes` adds a line under a turn (by its index: what its attacks did).
 */
export function moveList(turns: MoveListTurn[], at: number | null, go?: (index: number) => void, first: Side = "white", notes?: Map<number, string>): HTMLElement {
  const rows = moveRows(turns, first);
  const list = h("ol", { class: "moves", "aria-label": "Move list" });
  for (const row of rows) {
    const item = h(
      "li",
      { class: `move ${row.side}${row.index === at ? " at" : ""}${row.current ? " current" : ""}`, title: row.text },
      h("span", { class: "num" }, row.label),
      " ",
      h("span", { class: "text" }, foldedText(row)),
    );
    const note = notes?.get(row.index);
    if (note) item.append(h("span", { class: "result-note" }, note));
    if (go) {
      item.classList.add("clickable");
      item.addEventListener("click", () => go(row.index));
    }
    list.append(item);
  }
  if (rows.length === 0) list.append(h("li", { class: "muted" }, "No moves yet."));
  queueMicrotask(() => list.querySelector(".at, .current")?.scrollIntoView({ block: "nearest" }));
  return list;
}
