// The turn builder: a seat's turn is built action by action, each checked by the server on a
// copy of the game (`POST /api/games/{id}/preview`), and sent whole when finished. Legality
// always comes from the engine: the legal actions shown after the first move are the
// server's answer for the position after it, since in activation games they depend on it.

import type { LegalAction, Preview, StateView } from "../api/types";

/** Asks the server what the game would be after the given actions of this turn. */
export type Previewer = (actions: string[]) => Promise<Preview>;

/** What became of the proposed actions when the builder moved onto a new state. */
export type Rebased = "kept" | "dropped" | "none";

/** What the builder keeps across a reload: the proposed actions and the game they were for. */
export interface SavedTurn {
  /** The game's event count when they were proposed. */
  seq: number;
  /** The proposed actions. */
  actions: string[];
}

/** A turn being built on top of the server's latest state. */
export class TurnBuilder {
  private baseState: StateView;
  private shown: StateView;
  private proposed: string[] = [];
  private ended = false;
  private queue: Promise<unknown> = Promise.resolve();

  /** Starts with no action proposed. */
  constructor(base: StateView, private readonly preview: Previewer) {
    this.baseState = base;
    this.shown = base;
  }

  /** The server's latest state. */
  get base(): StateView {
    return this.baseState;
  }

  /** The state to show: the game after the proposed actions. */
  get state(): StateView {
    return this.shown;
  }

  /** The proposed actions, in order. */
  get actions(): readonly string[] {
    return this.proposed;
  }

  /** Whether the proposed actions end the turn (the cap is reached, or the game ends). */
  get turnEnded(): boolean {
    return this.ended;
  }

  /** What to save so that a reload can pick the turn up again. */
  saved(): SavedTurn {
    return { seq: this.baseState.seq, actions: [...this.proposed] };
  }

  /** Proposes more actions. If the server refuses them, nothing changes and the error is thrown. */
  propose(...actions: string[]): Promise<void> {
    return this.serial(async () => {
      if (this.ended) throw new Error("the turn is complete: send it or undo a move");
      await this.show([...this.proposed, ...actions]);
    });
  }

  /** Takes back the last proposed action. */
  undo(): Promise<void> {
    return this.serial(async () => {
      if (this.proposed.length === 0) return;
      await this.show(this.proposed.slice(0, -1));
    });
  }

  /** Takes back every proposed action. */
  clear(): void {
    this.proposed = [];
    this.ended = false;
    this.shown = this.baseState;
  }

  /**
   * Moves onto a new server state (after a reconnect, or any event such as a draw offer).
   * The proposed actions (or `restore`'s, when they were made on this same state) are kept
   * when they still apply to it: `kept`, else `dropped`; `none` when there were none.
   */
  rebase(state: StateView, restore?: SavedTurn): Promise<Rebased> {
    return this.serial(async () => {
      const wanted =
        restore && restore.seq === state.seq && this.proposed.length === 0 ? restore.actions : this.proposed;
      this.baseState = state;
      this.clear();
      const mine = state.you === state.to_move && state.phase !== "over";
      if (wanted.length === 0) return "none";
      if (!mine) return "dropped";
      try {
        await this.show(wanted);
        return "kept";
      } catch {
        return "dropped";
      }
    });
  }

  /** The actions that finish the turn: the proposed ones, then the legal end unless they ended it. */
  turnToSend(): string[] {
    if (this.ended) return [...this.proposed];
    return [...this.proposed, endAction(this.shown)?.text ?? "end"];
  }

  private async show(actions: string[]): Promise<void> {
    if (actions.length === 0) {
      this.clear();
      return;
    }
    const answer = await this.preview(actions);
    this.proposed = actions;
    this.shown = answer.state;
    this.ended = answer.turn_ended;
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** The legal actions of the piece on `square`, by the square each goes to. */
export function actionsFrom(state: StateView, square: string): Map<string, LegalAction[]> {
  const out = new Map<string, LegalAction[]>();
  for (const action of state.legal) {
    if (action.from !== square || action.to === null) continue;
    const list = out.get(action.to) ?? [];
    list.push(action);
    out.set(action.to, list);
  }
  return out;
}

/** The squares of the pieces that have a legal action now. */
export function actingSquares(state: StateView): Set<string> {
  return new Set(state.legal.flatMap((a) => (a.from && a.kind !== "place" ? [a.from] : [])));
}

/** The legal placements of pieces of kind `kind` (an index into the game's pieces), by square. */
export function placementsOf(state: StateView, kind: number): Map<string, LegalAction> {
  const out = new Map<string, LegalAction>();
  for (const action of state.legal) {
    if (action.kind === "place" && action.to !== null && action.place === kind) out.set(action.to, action);
  }
  return out;
}

/** The piece kinds that may be placed now, in the order the legal actions name them. */
export function placeableKinds(state: StateView): number[] {
  const kinds = new Set<number>();
  for (const action of state.legal) if (action.kind === "place" && action.place !== null) kinds.add(action.place);
  return [...kinds];
}

/** The `end` action (pass, commit), if the turn may end now. */
export function endAction(state: StateView): LegalAction | undefined {
  return state.legal.find((a) => a.kind === "end");
}

/** How many pieces of each kind the viewer still has to place (`to_place`). */
export function toPlaceByKind(state: StateView): Map<number, number> {
  const out = new Map<number, number>();
  for (const { kind, count } of state.to_place) if (count > 0) out.set(kind, (out.get(kind) ?? 0) + count);
  return out;
}

/**
 * Random placements for a setup: for each kind, as many legal placements as `counts` asks,
 * all on distinct squares, chosen with `random` (numbers in [0, 1)). The server checks them.
 */
export function randomPlacements(state: StateView, counts: Map<number, number>, random: () => number): LegalAction[] {
  const byKind = new Map<number, LegalAction[]>();
  for (const action of state.legal) {
    if (action.kind !== "place" || action.place === null || action.to === null) continue;
    byKind.set(action.place, [...(byKind.get(action.place) ?? []), action]);
  }
  const used = new Set<string>();
  const out: LegalAction[] = [];
  for (const [kind, count] of counts) {
    const free = byKind.get(kind) ?? [];
    let placed = 0;
    while (placed < count && free.length > 0) {
      const [pick] = free.splice(Math.floor(random() * free.length), 1);
      if (!pick?.to || used.has(pick.to)) continue;
      used.add(pick.to);
      out.push(pick);
      placed += 1;
    }
  }
  return out;
}

/**
 * Fills a setup at random: the pieces to place in one batch on distinct legal squares; when
 * the server refuses a batch (placement rules that bind pieces together, such as a section's
 * quota of leaders), the rest one legal placement at a time, each chosen among the legal
 * actions of the state before it, so that at most one request is refused. Then, while the
 * setup cannot be committed yet, one legal placement at a time (armies with choices, such as
 * which leaders to field). `step` proposes placements and resolves to the state after them,
 * or rejects when the server refuses.
 */
export async function randomSetup(
  state: StateView,
  step: (actions: LegalAction[]) => Promise<StateView>,
  random: () => number,
): Promise<StateView> {
  let current = state;
  let batches = true;
  for (let round = 0; round < 2000; round += 1) {
    const counts = toPlaceByKind(current);
    let picks: LegalAction[] = [];
    if (counts.size > 0 && batches) {
      picks = randomPlacements(current, counts, random);
    } else if (counts.size > 0 || !endAction(current)) {
      const places = current.legal.filter((a) => a.kind === "place" && (counts.size === 0 || (a.place !== null && counts.has(a.place))));
      const one = places[Math.floor(random() * places.length)];
      if (one) picks = [one];
    }
    if (picks.length === 0) break;
    try {
      current = await step(picks);
    } catch {
      if (picks.length === 1) break;
      batches = false;
    }
  }
  return current;
}
