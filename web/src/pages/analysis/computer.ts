// The computer's analysis of a line, asked of the server a few turns a request (each a bounded
// heavy job there), so that the board shows the results and the progress as they come.

import * as api from "../../api/http";
import type { ComputerAnalysis, ComputerTurn, Side } from "../../api/types";
import { h } from "../../ui/dom";

/** Analyses the line `actions` (texts, turn ends included), calling `progress` after each part. */
export async function analyseLine(
  scenario: string,
  options: Record<string, string>,
  actions: string[],
  progress: (part: ComputerAnalysis) => void,
): Promise<void> {
  let from: number | null = 0;
  while (from !== null) {
    const part: ComputerAnalysis = await api.computerAnalysis(scenario, options, actions, from);
    progress(part);
    from = part.next;
  }
}

/** Each side's marks, counted: `White: 1 inaccuracy, 0 mistakes, 2 blunders`. */
export function summaryLines(turns: ComputerTurn[]): HTMLElement {
  const line = (side: Side) => {
    const mine = turns.filter((t) => t.side === side);
    const count = (j: string, one: string, many: string) => {
      const n = mine.filter((t) => t.judgement === j).length;
      return `${n} ${n === 1 ? one : many}`;
    };
    const name = side === "white" ? "White" : "Black";
    const counts = [count("inaccuracy", "inaccuracy", "inaccuracies"), count("mistake", "mistake", "mistakes"), count("blunder", "blunder", "blunders")];
    return h("li", {}, `${name}: ${counts.join(", ")}`);
  };
  return h("ul", { class: "analysis-summary", id: "analysis-summary" }, line("white"), line("black"));
}
