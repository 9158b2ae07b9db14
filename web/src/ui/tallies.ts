// The counts the rules keep per side (`tallies`: leaders captured, ...), as a small table.

import type { Tally } from "../api/types";
import { h } from "./dom";

/** A table of the tallies, one row each with White's and Black's values; `null` if none. */
export function tallyTable(tallies: Tally[]): HTMLElement | null {
  if (tallies.length === 0) return null;
  return h(
    "table",
    { class: "tallies", id: "tallies" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { scope: "col" }, "White"), h("th", { scope: "col" }, "Black"))),
    h(
      "tbody",
      {},
      ...tallies.map((t) =>
        h("tr", { "data-name": t.name }, h("th", { scope: "row" }, t.label), h("td", {}, String(t.values[0])), h("td", {}, String(t.values[1]))),
      ),
    ),
  );
}
