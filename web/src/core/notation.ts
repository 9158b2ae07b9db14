// How the move list shows turns in the project notation (docs/NOTATION.md): numbered in pairs
// as in chess, a setup counting as the first pair, an empty finished turn written `pass`.

import type { MoveListTurn, Side } from "../api/types";

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
  /** The actions as shown: the notation joined by `, `, or `pass`. */
  text: string;
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
      setup: turn.setup,
      current: !turn.done,
    };
  });
}

/** A turn's actions in notation; a finished turn without actions is `pass`. */
export function turnText(turn: MoveListTurn): string {
  if (turn.actions.length === 0) return turn.done ? "pass" : "…";
  return turn.actions.join(", ");
}

/** A long setup as a short line (`setup: 48 pieces`); other turns unchanged. */
export function foldedText(row: MoveRow, max = 60): string {
  if (!row.setup || row.text.length <= max) return row.text;
  const count = row.text.split(", ").length;
  return `setup: ${count} pieces`;
}

/** The squares an action names, in order: `d2-d4` -> d2, d4; `[f5, f6] attack g6` -> f5, f6, g6. */
export function actionSquares(text: string): string[] {
  // A capture's `x` sits between two squares (`d2xd4`): read it as the move's `-`.
  const plain = text.replace(/([0-9])x(?=[a-z])/g, "$1-");
  return Array.from(plain.matchAll(/(?<![A-Za-z0-9])([a-z]{1,2}[1-9][0-9]{0,2})(?![0-9])/g), (m) => m[1] ?? "");
}

/** The piece symbol of a placement (`L2@d2` -> `L2`), upper case; `null` for other actions. */
export function placementSymbol(text: string): string | null {
  const at = text.indexOf("@");
  return at > 0 ? text.slice(0, at).toUpperCase() : null;
}

/** How a result reads for people: `1-0 · White wins: ...`. */
export function resultLine(score: string, text: string): string {
  return `${score} · ${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
