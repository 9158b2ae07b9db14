// What the board draws for actions, and how the chooser names them: the paths of the last
// turn and of the turn being built (each action's from and to, and the pieces it carried along, such as a towed piece),
// the lines an action under the pointer would make (its path, its line of fire, what it
// carries and captures), and a sentence for each action. All from the server's descriptions
// (`kind`, `from`, `to`, `carries`, `line`, `captures`); no rule and no notation is read here.

import type { ActionView, GameInfo, LegalAction, StateView } from "../api/types";
import type { BoardLine } from "../board/lines";

/** The actions of the last finished turn (not a setup): the last move, tinted and drawn. */
function lastTurnActions(state: StateView): ActionView[] {
  const done = state.moves.filter((t) => t.done);
  const shown = done[done.length - 1];
  if (!shown || shown.setup) return [];
  return shown.actions;
}

/** The actions of the turn in progress (the turn being built), drawn over the last one. */
function currentTurnActions(state: StateView): ActionView[] {
  const current = state.moves[state.moves.length - 1];
  return current && !current.done && !current.setup ? current.actions : [];
}

/** The squares of the last turn's actions, the squares of the pieces they carried included. */
export function lastTurnSquares(state: StateView): Set<string> {
  const out = new Set<string>();
  for (const a of lastTurnActions(state)) {
    for (const sq of [a.from, a.to]) if (sq !== null) out.add(sq);
    for (const c of a.carries) out.add(c.from).add(c.to);
  }
  return out;
}

/**
 * The paths of the last turn and of the turn being built: an arrow for each action with a
 * from and a to, and one for each piece it carried.
 */
export function lastTurnLines(state: StateView): BoardLine[] {
  return [...lastTurnActions(state), ...currentTurnActions(state)].flatMap((a) => pathLines(a));
}

/**
 * The lines an action makes: a shot's line of fire (firer, the cells it crosses, target), a
 * move's arrow, and an arrow for each piece it carries along.
 */
export function actionLines(action: LegalAction): BoardLine[] {
  if (action.kind === "fire" && action.from && action.to) {
    return [{ kind: "fire", squares: [action.from, ...action.line, action.to] }];
  }
  return pathLines(action);
}

function pathLines(a: ActionView): BoardLine[] {
  const out: BoardLine[] = [];
  if (a.from && a.to && a.kind !== "place") out.push({ kind: a.kind === "fire" ? "fire" : "move", squares: [a.from, a.to] });
  for (const c of a.carries) out.push({ kind: "carry", squares: [c.from, c.to] });
  return out;
}

/** A sentence for people naming what an action does (for the chooser among actions on one square). */
export function actionLabel(info: GameInfo, state: StateView, action: LegalAction): string {
  const name = (sq: string): string => {
    const piece = state.pieces.find((p) => p.square === sq);
    const kind = piece ? info.pieces[piece.kind] : undefined;
    return kind ? `the ${kind.name} on ${sq}` : sq;
  };
  const to = action.to ?? "";
  let text: string;
  switch (action.kind) {
    case "fire":
      text = `Shoot ${name(to)}`;
      break;
    case "attack":
      text = `Attack ${name(to)}`;
      break;
    case "swap":
      text = `Swap with ${name(to)}`;
      break;
    case "prepare":
      text = `Prepare ${name(to)}`;
      break;
    case "place":
      text = `Place a ${action.place !== null ? (info.pieces[action.place]?.name ?? "piece") : "piece"} on ${to}`;
      break;
    case "end":
      text = "End the turn";
      break;
    default:
      text = `Move to ${to}`;
  }
  const carried = action.carries.map((c) => `${name(c.from)} following to ${c.to}`);
  const joined = action.with.filter((sq) => !action.carries.some((c) => c.from === sq)).map((sq) => `with ${name(sq)}`);
  const captures = action.kind === "fire" || action.kind === "attack" ? [] : action.captures.map(name);
  const parts = [text, ...(action.note ? [action.note] : []), ...carried, ...joined];
  if (captures.length > 0) parts.push(`capturing ${captures.join(" and ")}`);
  return parts.join(", ");
}
