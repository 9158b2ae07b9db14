// The analysis board itself: the board with the position of the node shown, the move tree,
// navigation (buttons, keyboard arrows, clicks), actions tried (a new variation, the main
// line kept; the server checks each), variations promoted or deleted, comments, the board
// flipped, the computer's analysis (graph, marks, best turns as arrows) and the export.

import * as api from "../../api/http";
import type { ActionView, ComputerTurn, GameInfo, LegalAction, Side, StateView } from "../../api/types";
import type { BoardLine } from "../../board/lines";
import { resultLine } from "../../core/notation";
import { type AnalysisLine, setAnalysisLine } from "../../core/storage";
import { endAction, randomSetup } from "../../core/turn";
import { attackList, BoardControl } from "../../ui/control";
import { h, replace } from "../../ui/dom";
import { tallyTable } from "../../ui/tallies";
import { note, toastError } from "../../ui/toast";
import "./analysis.css";
import { analyseLine, summaryLines } from "./computer";
import { evaluationGraph } from "./graph";
import { moveTree } from "./movetree";
import { type GameTree, ROOT } from "./tree";

/** The list of a record's skipped actions, each as the server words it (line number and reason). */
export function recordErrors(errors: string[] | undefined): HTMLElement | null {
  if (!errors || errors.length === 0) return null;
  const head = errors.length === 1 ? "1 action of the record was illegal or unreadable and was skipped:" : `${errors.length} actions of the record were illegal or unreadable and were skipped:`;
  return h("section", { class: "record-errors", id: "record-errors", role: "alert" }, h("strong", { class: "error" }, head), h("ol", {}, ...errors.map((e) => h("li", {}, e))));
}

/** The analysis board over a game tree. */
export class AnalysisBoard {
  private readonly control: BoardControl;
  private readonly panel = h("aside", { class: "side-panel" });
  private readonly cache = new Map<number, StateView>();
  private readonly attacks = h("div", { id: "selection" });
  private cursor = ROOT;
  private state: StateView;
  private orientation: Side = "white";
  /** The computer's analysis, in the order of the turns. */
  private analysed: ComputerTurn[] = [];
  /** Each analysed turn by the node that ends it. */
  private readonly judged = new Map<number, ComputerTurn>();
  /** Each analysed turn by the node it starts from (where its best turn is drawn). */
  private readonly bestAt = new Map<number, ComputerTurn>();
  private progress: { done: number; total: number } | null = null;
  private exported: string | null = null;

  constructor(
    root: HTMLElement,
    private readonly info: GameInfo,
    first: StateView,
    private readonly line: AnalysisLine,
    private readonly tree: GameTree,
  ) {
    this.state = first;
    this.cache.set(ROOT, first);
    this.control = new BoardControl(info, this.orientation, first, (a) => void this.play([a]));
    this.control.onSelection((actions) => replace(this.attacks, attackList(actions)));
    this.control.onExplain(note);
    replace(root, h("div", { class: "game-layout" }, h("div", { class: "board-wrap" }, this.control.board.element), this.panel));
    window.addEventListener("keydown", (e) => this.key(e));
  }

  /** Shows the position after the node `id`. */
  async go(id: number): Promise<void> {
    if (!this.tree.node(id)) return;
    try {
      let state = this.cache.get(id);
      if (!state) {
        state = (await api.analysis(this.line.scenario, this.line.options, this.texts(id))).state;
        this.cache.set(id, state);
      }
      this.cursor = id;
      this.state = state;
      this.control.show(state, state.phase !== "over");
      this.control.setExtraLines(this.bestLines());
      this.render();
    } catch (e) {
      toastError(e);
    }
  }

  private key(e: KeyboardEvent): void {
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
    const node = this.tree.node(this.cursor);
    if (!node) return;
    const siblings = this.tree.node(node.parent ?? -1)?.children ?? [];
    const at = siblings.indexOf(node.id);
    const to = new Map<string, number | undefined>([
      ["ArrowLeft", node.parent ?? undefined],
      ["ArrowRight", node.children[0]],
      ["ArrowUp", siblings[at - 1]],
      ["ArrowDown", siblings[at + 1]],
      ["Home", ROOT],
      ["End", this.tree.lineEnd(node.id)],
    ]).get(e.key);
    if (to === undefined) return;
    e.preventDefault();
    void this.go(to);
  }

  /** The texts of the actions from the start to `id`. */
  private texts(id: number): string[] {
    return this.tree.path(id).map((n) => n.action?.text ?? "");
  }

  /** Plays `added` from the node shown (each checked by the server): an existing line is
   * followed, a new action starts a variation; the main line stays. */
  private async play(added: ActionView[]): Promise<void> {
    if (added.length === 0) return;
    const before = this.state;
    try {
      const { state } = await api.analysis(this.line.scenario, this.line.options, [...this.texts(this.cursor), ...added.map((a) => a.text)]);
      let at = this.cursor;
      // Only the last action can end the turn: the server refuses actions after an end.
      added.forEach((a, i) => (at = this.tree.add(at, view(a), i === added.length - 1 && turnChanged(before, state))));
      this.cache.set(at, state);
      this.save();
      await this.go(at);
    } catch (e) {
      toastError(e);
    }
  }

  /** Sets up the side to move at random (the server checks every placement) and commits. */
  private async randomSetup(): Promise<void> {
    const base = this.texts(this.cursor);
    const added: ActionView[] = [];
    const step = async (actions: LegalAction[]): Promise<StateView> => {
      const { state } = await api.analysis(this.line.scenario, this.line.options, [...base, ...added.map((a) => a.text), ...actions.map((a) => a.text)]);
      added.push(...actions.map(view));
      return state;
    };
    try {
      const ready = await randomSetup(this.state, step, Math.random);
      const end = endAction(ready);
      await this.play(end ? [...added, view(end)] : added);
    } catch (e) {
      toastError(e);
    }
  }

  /** Keeps the tree for the next visit (the main line also as a plain line). */
  private save(): void {
    const main = this.tree.path(this.tree.lineEnd(ROOT));
    const actions = main.flatMap((n) => (n.action ? [n.action] : []));
    setAnalysisLine({ ...this.line, actions, ends: main.map((n) => n.end), tree: this.tree.toSaved() });
  }

  /** The best turn found from the node shown, as arrows. */
  private bestLines(): BoardLine[] {
    const best = this.bestAt.get(this.cursor)?.best ?? [];
    return best.flatMap((a) => [
      ...(a.from && a.to ? [{ kind: "best" as const, squares: [a.from, a.to] }] : []),
      ...a.carries.map((c) => ({ kind: "best" as const, squares: [c.from, c.to] })),
    ]);
  }

  /** Runs the computer's analysis of the line through the node shown. */
  private async analyse(): Promise<void> {
    const path = this.tree.path(this.tree.lineEnd(this.cursor));
    this.analysed = [];
    this.judged.clear();
    this.bestAt.clear();
    this.progress = { done: 0, total: 0 };
    this.render();
    try {
      await analyseLine(this.line.scenario, this.line.options, this.texts(path[path.length - 1]?.id ?? ROOT), (part) => {
        for (const t of part.turns) {
          const end = path[t.end - 1];
          if (!end) continue;
          this.analysed.push(t);
          this.judged.set(end.id, t);
          this.bestAt.set(this.tree.turnStart(end.id), t);
        }
        this.progress = { done: part.next ?? part.total, total: part.total };
        this.control.setExtraLines(this.bestLines());
        this.render();
      });
    } catch (e) {
      toastError(e);
    }
    this.progress = null;
    this.render();
  }

  /** Asks the server to write the tree as a record, shows it and downloads it. */
  private async export(): Promise<void> {
    try {
      const saved = this.tree.toSaved();
      const nodes = saved.map((n) => ({ parent: n.parent, action: n.action.text, comment: n.comment ?? null }));
      const tags = (this.line.tags ?? []).filter(([k]) => !["scenario", "option"].includes(k.toLowerCase()));
      const { text } = await api.writeRecord(this.line.scenario, this.line.options, tags, nodes);
      this.exported = text;
      this.render();
      const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: `${this.line.scenario}-analysis.rec` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (e) {
      toastError(e);
    }
  }

  private flip(): void {
    this.orientation = this.orientation === "white" ? "black" : "white";
    this.control.board.setOrientation(this.orientation);
    this.render();
  }

  private render(): void {
    // A comment being typed survives the panel being drawn again (the analysis's progress).
    const typing = document.activeElement instanceof HTMLTextAreaElement && document.activeElement.id === "comment" ? document.activeElement.value : null;
    this.draw();
    const box = this.panel.querySelector<HTMLTextAreaElement>("#comment");
    if (typing !== null && box) {
      box.value = typing;
      box.focus();
    }
  }

  private draw(): void {
    const tree = this.tree;
    const end = endAction(this.state);
    const depth = tree.path(this.cursor).length;
    const lineEnd = tree.lineEnd(this.cursor);
    const nav = (label: string, title: string, to: number, id: string) =>
      h("button", { type: "button", title, id, onclick: () => void this.go(to), disabled: to === this.cursor }, label);
    const node = tree.node(this.cursor);
    const branch = tree.branchOf(this.cursor);
    const button = (id: string, label: string, onclick: () => void, title?: string) => h("button", { type: "button", class: "secondary", id, title, onclick }, label);
    replace(
      this.panel,
      h("h2", {}, this.info.scenario.name),
      h("p", { class: "muted" }, this.line.title),
      recordErrors(this.line.errors),
      h("p", { class: "status", id: "status" }, statusLine(this.state, this.info.turn_unit)),
      tallyTable(this.state.tallies),
      h(
        "div",
        { class: "nav" },
        nav("«", "Start (Home)", ROOT, "nav-start"),
        nav("‹", "Back one action (←)", node?.parent ?? ROOT, "nav-back"),
        h("span", { class: "counter", id: "cursor" }, `${depth} / ${tree.path(lineEnd).length}`),
        nav("›", "Forward one action (→)", node?.children[0] ?? this.cursor, "nav-forward"),
        nav("»", "End of this line (End)", lineEnd, "nav-end"),
        button("flip", "Flip", () => this.flip(), "See the board from the other side"),
      ),
      end && this.state.phase !== "over"
        ? h("button", { type: "button", id: "end-turn", onclick: () => void this.play([end]) }, this.state.phase === "setup" ? "Commit setup" : "End turn")
        : null,
      this.attacks,
      this.state.phase === "setup" ? h("button", { type: "button", id: "random-setup", onclick: () => void this.randomSetup() }, "Random setup, committed") : null,
      branch === null
        ? null
        : h(
            "div",
            { class: "buttons variation-buttons" },
            button("back-to-line", "Back to the original line", () => void this.go(tree.node(branch)?.parent ?? ROOT)),
            button("promote", "Promote variation", () => {
              tree.promote(this.cursor);
              this.save();
              this.render();
            }),
            button("delete-variation", "Delete variation", () => {
              const to = tree.removeVariation(this.cursor);
              this.save();
              void this.go(to ?? ROOT);
            }),
          ),
      this.commentBox(),
      this.analysisPanel(),
      moveTree({ tree, cursor: this.cursor, judged: this.judged, first: this.cache.get(ROOT)?.to_move ?? "white", go: (id) => void this.go(id) }),
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", id: "export", onclick: () => void this.export() }, "Export record"),
      ),
      this.exported === null ? null : h("textarea", { id: "export-text", readonly: true, rows: 8, "aria-label": "The exported record" }, this.exported),
    );
  }

  /** The comment of the turn that ends at the node shown (none at the start or mid-turn). */
  private commentBox(): HTMLElement | null {
    const node = this.tree.node(this.cursor);
    if (!node || node.id === ROOT || !node.end) return null;
    const box = h("textarea", { id: "comment", rows: 2, placeholder: "A comment on this turn", "aria-label": "Comment on this turn" });
    box.value = node.comment ?? "";
    box.addEventListener("change", () => {
      node.comment = box.value.trim() === "" ? null : box.value.trim();
      this.save();
      this.render();
    });
    return box;
  }

  /** The computer's analysis: the button, the progress, the graph, the summary, the best turn here. */
  private analysisPanel(): HTMLElement {
    const progress = this.progress;
    const here = this.bestAt.get(this.cursor);
    const shown = this.judged.get(this.cursor) ?? here;
    return h(
      "section",
      { class: "computer", id: "computer" },
      h("button", { type: "button", id: "run-analysis", disabled: progress !== null, onclick: () => void this.analyse(), title: "The computer judges every turn of the line shown" }, "Computer analysis"),
      progress
        ? h(
            "p",
            { id: "analysis-progress", class: "muted" },
            h("progress", { max: Math.max(1, progress.total), value: progress.done }),
            ` ${progress.done} of ${progress.total || "?"} turns analysed`,
          )
        : null,
      this.analysed.length > 0 ? evaluationGraph(this.analysed, shown?.index ?? null, (t) => void this.go(this.startOf(t))) : null,
      this.analysed.length > 0 && !progress ? summaryLines(this.analysed) : null,
      here
        ? h(
            "p",
            { id: "best-turn" },
            "Best turn found here: ",
            h("strong", {}, here.best.map((a) => a.text).join(", ") || "pass"),
            here.mark ? ` (the turn played was marked ${here.mark}, ${Math.round(here.loss * 100)} points lost)` : "",
          )
        : null,
    );
  }

  /** The node an analysed turn starts from. */
  private startOf(turn: ComputerTurn): number {
    for (const [start, t] of this.bestAt) if (t === turn) return start;
    return this.cursor;
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

/** An action as the tree keeps it: a legal action without its previews. */
function view(action: ActionView): ActionView {
  return { text: action.text, kind: action.kind, from: action.from, to: action.to, place: action.place, carries: action.carries };
}
