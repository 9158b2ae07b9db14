// How the move list shows turns: numbered in pairs as in chess, a setup counting as the first
// pair, each action's notation as the server wrote it (never read here), an empty finished
// turn written `pass`.

import type { ActionView, MoveListTurn, Side } from "../api/types";

/** One line of the move list: a turn with its number and mark. */
export interface MoveRow {
  /** Index of the turn in the game's list. */
  index: number;
  /** The turn number, counted in pairs. */
  number: number;
  /** `N.` for the first player, `N...` for the answer. */
  label: string;
  /** The side that played it. */
  side: Side;
  /** The actions as shown: their texts joined by `, `, or `pass`. */
  text: string;
  /** How many actions it has. */
  count: number;
  /** Whether it was a setup (shown folded when long). */
  setup: boolean;
  /** Whether it is still being played. */
  current: boolean;
}

/**
 * Numbers the turns of a move list: `first` (the side that plays the game's first turn) gets
 * `N.`, the other `N...`. A list may start with the second side's turn (the first side's
 * setup is hidden from it until both commit): it is then `1...`.
 */
export function moveRows(turns: MoveListTurn[], first: Side = "white"): MoveRow[] {
  let number = 0;
  let previousFirst = false;
  return turns.map((turn, index) => {
    const second = turn.side !== first;
    if (!(second && previousFirst)) number += 1;
    previousFirst = !second;
    return {
      index,
      number,
      label: second ? `${number}...` : `${number}.`,
      side: turn.side,
      text: turnText(turn),
      count: played(turn.actions).length,
      setup: turn.setup,
      current: !turn.done,
    };
  });
}

/** The actions of a turn that are shown: every one but a turn's end. */
function played(actions: ActionView[]): ActionView[] {
  return actions.filter((a) => a.kind !== "end");
}

/** A turn's actions, their texts joined by `, `; a finished turn without actions is `pass`. */
export function turnText(turn: MoveListTurn): string {
  const actions = played(turn.actions);
  if (actions.length === 0) return turn.done ? "pass" : "…";
  return actions.map((a) => a.text).join(", ");
}

/** A long setup as a short line (`setup: 48 pieces`); other turns unchanged. */
export function foldedText(row: MoveRow, max = 60): string {
  if (!row.setup || row.text.length <= max) return row.text;
  return `setup: ${row.count} pieces`;
}

/** How a result reads for people: `1-0 · White wins: ...`; the score once, also when the
 * server's sentence already starts with it (`1/2-1/2 (draw: both sides passed)`). */
export function resultLine(score: string, text: string): string {
  let rest = text.startsWith(score) ? text.slice(score.length).trim() : text;
  if (rest.startsWith("(") && rest.endsWith(")")) rest = rest.slice(1, -1);
  if (rest.length === 0) return score;
  return `${score} · ${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}
