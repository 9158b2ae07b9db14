// Premoves: moves of the viewer's own pieces queued while the opponent is to move (from a
// square to a square; the rules cannot be asked then), played in order when the turn comes
// while each is exactly one legal action.

import type { StateView } from "../../api/types";
import { h } from "../../ui/dom";
import { note } from "../../ui/toast";

/** A queued move: a piece's square and the square it is to go to. */
export interface Premove {
  /** The piece's square. */
  from: string;
  /** Where it is to go. */
  to: string;
}

/** The moves queued while the opponent is to move. */
export class PremoveQueue {
  private queued: Premove[] = [];

  /** The queued moves, in order. */
  get list(): Premove[] {
    return this.queued;
  }

  /** Queues a move. */
  add(from: string, to: string): void {
    this.queued.push({ from, to });
  }

  /**
   * Plays the queued moves on the turn that has come, in order: each whose squares name exactly
   * one legal action of the state now is proposed with `propose` (which resolves to whether it
   * was taken); the first that is not drops the rest, with a note. The queue is emptied.
   */
  async play(state: () => StateView, propose: (text: string) => Promise<boolean>): Promise<void> {
    const queued = this.queued;
    this.queued = [];
    for (const p of queued) {
      const options = state().legal.filter((a) => a.from === p.from && a.to === p.to);
      const [only] = options;
      if (options.length !== 1 || !only) {
        note(`The premove ${p.from}→${p.to} is not one legal action now: it and those after it were dropped.`);
        return;
      }
      if (!(await propose(only.text))) return;
    }
  }

  /** The queued moves with a button to clear them (`cleared` is then called); `null` when there are none. */
  element(cleared: () => void): HTMLElement | null {
    if (this.queued.length === 0) return null;
    return h(
      "div",
      { class: "premoves", id: "premoves" },
      h("span", {}, `Premoves, played when your turn comes: ${this.queued.map((p) => `${p.from}→${p.to}`).join(", ")} `),
      h(
        "button",
        {
          type: "button",
          id: "clear-premoves",
          onclick: () => {
            this.queued = [];
            cleared();
          },
        },
        "Clear",
      ),
    );
  }
}
