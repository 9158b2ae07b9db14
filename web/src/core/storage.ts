// What the browser keeps between visits: the games this browser holds seats in (with the
// links to pass on), the turn being built in each, and the line the analysis board opens.

import type { ActionView } from "../api/types";
import type { SavedTurn } from "./turn";

/** A game this browser created or joined. */
export interface MyGame {
  /** The game's id. */
  id: string;
  /** This browser's token for it. */
  token: string;
  /** The scenario's name. */
  scenario: string;
  /** Who this browser plays (`spectator` for a watched game). */
  seat: string;
  /** The link for the other player, if this browser created a game between people. */
  invite?: string;
  /** The spectator link, if known. */
  watch?: string;
  /** When it was saved (Unix ms). */
  at: number;
}

/** A node of the analysis board's tree as it is kept: `parent` is the index of an earlier node. */
export interface SavedNode {
  /** The index of the node it follows in the saved list; `null` for the game's first action. */
  parent: number | null;
  /** The action, as the server described it. */
  action: ActionView;
  /** Whether the action ended its turn (or the game). */
  end: boolean;
  /** A comment on the turn it ends. */
  comment?: string | null;
}

/** What the analysis board opens: a scenario, its options and a line of actions. */
export interface AnalysisLine {
  /** The scenario id. */
  scenario: string;
  /** Option overrides. */
  options: Record<string, string>;
  /** The actions as the server describes them, turn ends (kind `end`) included. */
  actions: ActionView[];
  /** For each action, whether it ends its turn. */
  ends: boolean[];
  /** A title (the record's players, or the game's id). */
  title: string;
  /** For an imported record: every illegal or unreadable action skipped, as the server words
   * it (with its line number and reason). */
  errors?: string[];
  /** For an imported record: its tags (written back when the board exports the game). */
  tags?: [string, string][];
  /** The whole tree of lines, variations and comments included (the main line is then also
   * `actions`); without it the board's tree is `actions` alone. */
  tree?: SavedNode[];
}

const GAMES = "warlord:games";
const ANALYSIS = "warlord:analysis";

function read<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page still works, it only forgets.
  }
}

/** The games this browser knows, the latest first. */
export function myGames(): MyGame[] {
  return read<MyGame[]>(localStorage, GAMES, []).sort((a, b) => b.at - a.at);
}

/** Remembers (or updates) a game. */
export function rememberGame(game: MyGame): void {
  const others = myGames().filter((g) => g.id !== game.id || g.token !== game.token);
  write(localStorage, GAMES, [game, ...others].slice(0, 200));
}

/** The token this browser holds for a game, if any. */
export function tokenFor(id: string): string | null {
  return myGames().find((g) => g.id === id)?.token ?? null;
}

/** The turn being built in a game, if one was saved. */
export function savedTurn(id: string, seat: string): SavedTurn | undefined {
  return read<SavedTurn | undefined>(localStorage, `warlord:turn:${id}:${seat}`, undefined);
}

/** Saves (or, with no actions, forgets) the turn being built. */
export function saveTurn(id: string, seat: string, turn: SavedTurn): void {
  const key = `warlord:turn:${id}:${seat}`;
  if (turn.actions.length === 0) localStorage.removeItem(key);
  else write(localStorage, key, turn);
}

/** The line the analysis board opens (none if what is kept is not a line of action views). */
export function analysisLine(): AnalysisLine | null {
  const line = read<AnalysisLine | null>(sessionStorage, ANALYSIS, null);
  const views = Array.isArray(line?.actions) && line.actions.every((a) => typeof a === "object" && a !== null && typeof a.text === "string");
  return line && views ? line : null;
}

/** Sets the line the analysis board opens. */
export function setAnalysisLine(line: AnalysisLine): void {
  write(sessionStorage, ANALYSIS, line);
}
