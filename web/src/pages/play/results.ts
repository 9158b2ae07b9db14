// What the actions of the move list did, as the server's results say (`GET
// /api/games/{id}/results`, the engine's reports): a line under each turn naming its attacks
// and shots with whether they succeeded, and the pieces its moves took.

import * as api from "../../api/http";
import type { ActionResult, GameInfo, MoveListTurn, StateView } from "../../api/types";

/** The results of a game's move list, read again when a turn has been finished since. */
export class GameResults {
  private finished = -1;
  private list: ActionResult[] = [];

  /** For game `info`, read with `token`. */
  constructor(
    private readonly info: GameInfo,
    private readonly token: string | null,
  ) {}

  /** Reads the results for `state` if a turn was finished since the last read; `changed` is called when they arrive. */
  async update(state: StateView, changed: () => void): Promise<void> {
    const done = state.moves.filter((t) => t.done).length;
    if (done === this.finished) return;
    this.finished = done;
    try {
      const answer = await api.results(this.info.id, this.token);
      if (this.finished !== done) return;
      this.list = answer.results;
      changed();
    } catch {
      // The move list is shown without the results.
    }
  }

  /** The notes of `turns` (see [resultNotes]). */
  notes(turns: MoveListTurn[]): Map<number, string> {
    return resultNotes(turns, this.list);
  }
}

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
