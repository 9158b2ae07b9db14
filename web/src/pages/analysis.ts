// The analysis board: a line of actions from a scenario's start (an imported record, a
// finished game's replay, or moves tried here), stepped through action by action; at any
// point a different action can be tried, which starts a new line from there.

import * as api from "../api/http";
import type { ActionView, GameAndState, GameInfo, LegalAction, MoveListTurn, Side, StateView } from "../api/types";
import { resultLine } from "../core/notation";
import { analysisLine, type AnalysisLine, setAnalysisLine } from "../core/storage";
import { endAction, randomSetup } from "../core/turn";
import { attackList, BoardControl } from "../ui/control";
import { h, replace } from "../ui/dom";
import { moveList } from "../ui/movelist";
import { tallyTable } from "../ui/tallies";
import { note, toastError } from "../ui/toast";

/** Reads a record file into an analysis line (the server replays it). */
export async function lineFromRecord(text: string, title: string): Promise<AnalysisLine> {
  // The slips are listed on the analysis board (the page changes at once, so a toast here
  // would never be seen).
  const parsed = await api.parseRecord(text);
  const ends = parsed.actions.map(() => false);
  for (const turn of parsed.turns) ends[turn.end - 1] = true;
  const tag = (name: string): string | undefined => parsed.tags.find(([k]) => k.toLowerCase() === name)?.[1];
  const players = tag("white") && tag("black") ? `${tag("white")} – ${tag("black")}` : title;
  return { scenario: parsed.scenario, options: parsed.options, actions: parsed.actions, ends, title: players, errors: parsed.errors };
}

/** The list of a record's skipped actions, each as the server words it (line number and reason). */
export function recordErrors(errors: string[] | undefined): HTMLElement | null {
  if (!errors || errors.length === 0) return null;
  const head = errors.length === 1 ? "1 action of the record was illegal or unreadable and was skipped:" : `${errors.length} actions of the record were illegal or unreadable and were skipped:`;
  return h("section", { class: "record-errors", id: "record-errors", role: "alert" }, h("strong", { class: "error" }, head), h("ol", {}, ...errors.map((e) => h("li", {}, e))));
}

/** The turns of a line, for the move list: each turn's actions (ends left out) and side. */
export function lineTurns(line: AnalysisLine, first: Side, setupTurns: number): { turns: MoveListTurn[]; ends: number[] } {
  const turns: MoveListTurn[] = [];
  const ends: number[] = [];
  let current: ActionView[] = [];
  line.actions.forEach((action, i) => {
    if (action.kind !== "end") current.push(action);
    if (line.ends[i]) {
      const side: Side = turns.length % 2 === 0 ? first : first === "white" ? "black" : "white";
      turns.push({ side, setup: turns.length < setupTurns, actions: current, done: true });
      ends.push(i + 1);
      current = [];
    }
  });
  if (current.length > 0) {
    const side: Side = turns.length % 2 === 0 ? first : first === "white" ? "black" : "white";
    turns.push({ side, setup: turns.length < setupTurns, actions: current, done: false });
    ends.push(line.actions.length);
  }
  return { turns, ends };
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
  new AnalysisBoard(root, start.game, start.state, line).go(0);
}

class AnalysisBoard {
  private readonly control: BoardControl;
  private readonly panel = h("aside", { class: "side-panel" });
  private readonly cache = new Map<number, StateView>();
  private readonly mainline: AnalysisLine;
  private cursor = 0;
  private state: StateView;
  private readonly setupTurns: number;
  private readonly attacks = h("div", { id: "selection" });

  constructor(
    root: HTMLElement,
    private readonly info: GameInfo,
    private readonly first: StateView,
    private line: AnalysisLine,
  ) {
    this.mainline = line;
    this.state = first;
    this.setupTurns = first.phase === "setup" ? 2 : 0;
    this.control = new BoardControl(info, "white", first, (a) => void this.act(a));
    this.control.onSelection((actions) => replace(this.attacks, attackList(actions)));
    this.control.onExplain(note);
    replace(root, h("div", { class: "game-layout" }, h("div", { class: "board-wrap" }, this.control.board.element), this.panel));
    window.addEventListener("keydown", (e) => {
      if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
      if (e.key === "ArrowLeft") void this.go(this.cursor - 1);
      if (e.key === "ArrowRight") void this.go(this.cursor + 1);
    });
  }

  /** Shows the position after the first `cursor` actions of the line. */
  async go(cursor: number): Promise<void> {
    const target = Math.max(0, Math.min(this.line.actions.length, cursor));
    try {
      let state = this.cache.get(target);
      if (!state) {
        state = target === 0 ? this.first : (await api.analysis(this.line.scenario, this.line.options, texts(this.line.actions.slice(0, target)))).state;
        this.cache.set(target, state);
      }
      this.cursor = target;
      this.state = state;
      this.control.show(state, state.phase !== "over");
      this.render();
    } catch (e) {
      toastError(e);
    }
  }

  private act(action: LegalAction): Promise<void> {
    return this.extend([view(action)]);
  }

  /** Sets up the side to move at random (the server checks every placement) and commits. */
  private async randomSetup(): Promise<void> {
    const base = this.line.actions.slice(0, this.cursor);
    const added: ActionView[] = [];
    const step = async (actions: LegalAction[]): Promise<StateView> => {
      const { state } = await api.analysis(this.line.scenario, this.line.options, texts([...base, ...added, ...actions]));
      added.push(...actions.map(view));
      return state;
    };
    const ready = await randomSetup(this.state, step, Math.random);
    const end = endAction(ready);
    await this.extend(end ? [...added, view(end)] : added);
  }

  /** Continues the line from the cursor with `added` (a new line if the old one went on). */
  private async extend(added: ActionView[]): Promise<void> {
    if (added.length === 0) return;
    const before = this.state;
    const actions = [...this.line.actions.slice(0, this.cursor), ...added];
    try {
      const { state } = await api.analysis(this.line.scenario, this.line.options, texts(actions));
      // Only the last action can end the turn: the server refuses actions after an end.
      const ends = [...this.line.ends.slice(0, this.cursor), ...added.map((_, i) => i === added.length - 1 && turnChanged(before, state))];
      this.line = { ...this.line, actions, ends };
      setAnalysisLine(this.line);
      for (const k of [...this.cache.keys()]) if (k > this.cursor) this.cache.delete(k);
      this.cache.set(actions.length, state);
      await this.go(actions.length);
    } catch (e) {
      toastError(e);
    }
  }

  private render(): void {
    const { turns, ends } = lineTurns(this.line, this.first.to_move, this.setupTurns);
    const at = ends.findIndex((end) => end >= this.cursor && this.cursor > 0);
    const end = endAction(this.state);
    const nav = (label: string, title: string, to: number, id: string) =>
      h("button", { type: "button", title, id, onclick: () => void this.go(to), disabled: to === this.cursor }, label);
    const offMainline = this.line !== this.mainline && this.mainline.actions.length > 0;
    replace(
      this.panel,
      h("h2", {}, this.info.scenario.name),
      h("p", { class: "muted" }, this.line.title),
      recordErrors(this.mainline.errors),
      h("p", { class: "status", id: "status" }, statusLine(this.state, this.info.turn_unit)),
      tallyTable(this.state.tallies),
      h(
        "div",
        { class: "nav" },
        nav("«", "Start", 0, "nav-start"),
        nav("‹", "Back one action", Math.max(0, this.cursor - 1), "nav-back"),
        h("span", { class: "counter", id: "cursor" }, `${this.cursor} / ${this.line.actions.length}`),
        nav("›", "Forward one action", Math.min(this.line.actions.length, this.cursor + 1), "nav-forward"),
        nav("»", "End", this.line.actions.length, "nav-end"),
      ),
      end && this.state.phase !== "over"
        ? h("button", { type: "button", id: "end-turn", onclick: () => void this.act(end) }, this.state.phase === "setup" ? "Commit setup" : "End turn")
        : null,
      this.attacks,
      this.state.phase === "setup"
        ? h(
            "button",
            {
              type: "button",
              id: "random-setup",
              onclick: () => void this.randomSetup(),
            },
            "Random setup, committed",
          )
        : null,
      offMainline
        ? h(
            "button",
            {
              type: "button",
              class: "secondary",
              onclick: () => {
                this.line = this.mainline;
                this.cache.clear();
                void this.go(0);
              },
            },
            "Back to the original line",
          )
        : null,
      moveList(turns, at < 0 ? null : at, (i) => void this.go(ends[i] ?? 0), this.first.to_move),
    );
  }
}

/** Whether an action ended the turn: the side to move, the phase or the turn number changed. */
function turnChanged(before: StateView, after: StateView): boolean {
  return before.to_move !== after.to_move || before.phase !== after.phase || before.turn.number !== after.turn.number;
}

function statusLine(state: StateView, unit: string): string {
  if (state.outcome) return resultLine(state.outcome.score, state.outcome.text);
  const who = state.to_move === "white" ? "White" : "Black";
  if (state.phase === "setup") return `${who} sets up`;
  return `${who} to move · ${state.turn.actions.length} of ${state.turn.cap} ${unit} used this turn`;
}

/** An action as a line keeps it: a legal action without its previews. */
function view(action: ActionView): ActionView {
  return { text: action.text, kind: action.kind, from: action.from, to: action.to, place: action.place, carries: action.carries };
}

/** What the server is sent for a line: its actions' texts. */
function texts(actions: ActionView[]): string[] {
  return actions.map((a) => a.text);
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
