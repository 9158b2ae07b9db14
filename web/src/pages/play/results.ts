// What the actions of the move list did, as the server's results say (`GET
// /api/games/{id}/results`, the engine's reports): a line under each turn naming its attacks
// and shots with whether they succeeded, and the pieces its moves took.

import type { ActionResult, MoveListTurn } from "../../api/types";

/** The note of each turn with results, by the turn's index in `turns`. */
export function resultNotes(turns: MoveListTurn[], results: ActionResult[]): Map<number, string> {
  const parts = new Map<number, string[]>();
  for (const r of results) {
    const action = turns[r.turn]?.actions.filter((a) => a.kind !== "end")[r.action];
    if (!action) continue;
    let text: string;
    if (action.kind === "attack" || action.kind === "fire") {
      const took = r.success ?? r.captured.length > 0;
      text = `${action.text}: ${took ? "succeeded" : "failed"}`;
    } else if (r.captured.length > 0) {
      text = `${action.text} took ${r.captured.join(", ")}`;
    } else {
      continue;
    }
    parts.set(r.turn, [...(parts.get(r.turn) ?? []), text]);
  }
  return new Map([...parts].map(([turn, list]) => [turn, list.join(" · ")]));
}
