// The analysis board's page: a game as a tree of lines from a scenario's start (an imported
// record with its variations and comments, a finished game's replay, or moves tried here).
// The board itself is in ./analysis/.

import * as api from "../api/http";
import type { GameAndState, ParsedRecord } from "../api/types";
import { analysisLine, type AnalysisLine, type SavedNode } from "../core/storage";
import { h, replace } from "../ui/dom";
import { toastError } from "../ui/toast";
import { AnalysisBoard } from "./analysis/board";
import { GameTree, ROOT } from "./analysis/tree";

/** Reads a record file into an analysis line (the server replays it), its variations and
 * comments kept as the board's tree. */
export async function lineFromRecord(text: string, title: string): Promise<AnalysisLine> {
  // The slips are listed on the analysis board (the page changes at once, so a toast here
  // would never be seen).
  const parsed = await api.parseRecord(text);
  const ends = parsed.actions.map(() => false);
  for (const turn of parsed.turns) ends[turn.end - 1] = true;
  const tag = (name: string): string | undefined => parsed.tags.find(([k]) => k.toLowerCase() === name)?.[1];
  const players = tag("white") && tag("black") ? `${tag("white")} – ${tag("black")}` : title;
  return { scenario: parsed.scenario, options: parsed.options, actions: parsed.actions, ends, title: players, errors: parsed.errors, tags: parsed.tags, tree: recordTree(parsed, ends) };
}

/** A read record as the board's saved tree: the main line (node `i` is action `i`), then the
 * variations, numbered as the server numbers them. */
function recordTree(parsed: ParsedRecord, ends: boolean[]): SavedNode[] {
  const comments = new Map(parsed.turns.map((t) => [t.end - 1, t.comment]));
  const main: SavedNode[] = parsed.actions.map((action, i) => ({ parent: i === 0 ? null : i - 1, action, end: ends[i] ?? false, comment: comments.get(i) ?? null }));
  const variations: SavedNode[] = parsed.variations.map((n) => ({ parent: n.parent, action: n.action, end: n.ends, comment: n.comment }));
  return [...main, ...variations];
}

/** Renders the analysis board into `root`. */
export async function analysisPage(root: HTMLElement): Promise<void> {
  const query = new URLSearchParams(location.search).get("scenario");
  const line = query ? { scenario: query, options: {}, actions: [], ends: [], title: "Analysis" } : analysisLine();
  if (!line) {
    await chooseScenario(root);
    return;
  }
  let start: GameAndState;
  try {
    start = await api.analysis(line.scenario, line.options, []);
  } catch (e) {
    toastError(e);
    replace(root, h("p", { class: "panel" }, "This line cannot be opened. ", h("a", { href: "/" }, "Back to the front page")));
    return;
  }
  const saved: SavedNode[] = line.tree ?? line.actions.map((action, i) => ({ parent: i === 0 ? null : i - 1, action, end: line.ends[i] ?? false }));
  void new AnalysisBoard(root, start.game, start.state, line, GameTree.fromSaved(saved)).go(ROOT);
}

async function chooseScenario(root: HTMLElement): Promise<void> {
  const list = h("ul", { class: "links" });
  replace(root, h("section", { class: "panel" }, h("h1", {}, "Analysis board"), h("p", {}, "Choose a scenario to try lines from its start, or open a record from the front page."), list));
  try {
    for (const s of await api.scenarios()) list.append(h("li", {}, h("a", { href: `/analysis?scenario=${encodeURIComponent(s.id)}` }, s.name)));
  } catch (e) {
    toastError(e);
  }
}
