// The server's JSON, as docs/API.md describes it (server/src/render.rs is the source).

/** A side of the board. */
export type Side = "white" | "black";

/** A game family. */
export type Family = "warlord" | "medieval";

/** A piece's role; the piece images are chosen by it. */
export type UnitClass = "leader" | "heavy-cavalry" | "cannon" | "light-cavalry" | "infantry" | "other";

/** How a game is played. */
export type Mode = "live" | "correspondence" | "ai";

/** A scenario of `GET /api/scenarios`. */
export interface ScenarioEntry {
  /** Its id. */
  id: string;
  /** Its display name. */
  name: string;
  /** What it is. */
  description: string;
  /** Its family. */
  family: Family;
  /** Each option's default value, as text. */
  options: Record<string, string>;
}

/** A leader's command powers. */
export interface CommandInfo {
  /** Pieces it may activate in a turn (its level). */
  capacity: number;
  /** Its activation range in king steps. */
  range: number;
  /** Whether it may activate others (not only itself). */
  others: boolean;
}

/** A piece kind of a game. */
export interface PieceInfo {
  /** Its index. */
  kind: number;
  /** Its name. */
  name: string;
  /** Its symbol (upper case). */
  symbol: string;
  /** Its role. */
  class: UnitClass;
  /** Its points value. */
  value: number;
  /** Its command powers, for leaders. */
  command: CommandInfo | null;
}

/** A board's size and terrain. */
export interface BoardInfo {
  /** Number of files. */
  files: number;
  /** Number of ranks. */
  ranks: number;
  /** One string per rank, top rank first: `.` open, `~` water, `T` town, `F` trees, `^` hill. */
  terrain: string[];
}

/** A game's fixed description (the WebSocket's first message). */
export interface GameInfo {
  /** The game's id. */
  id: string;
  /** Its scenario. */
  scenario: { id: string; name: string; description: string; family: Family };
  /** Option overrides. */
  options: Record<string, string>;
  /** How it is played. */
  mode: Mode;
  /** The clock settings. */
  clock: { initial_ms: number; increment_ms: number } | null;
  /** The AI's seat. */
  ai: { side: Side; level: number } | null;
  /** Whether the lobby lists it. */
  public: boolean;
  /** Creation time, Unix ms. */
  created_ms: number;
  /** The board. */
  board: BoardInfo;
  /** The piece kinds. */
  pieces: PieceInfo[];
}

/** A piece on the board. */
export interface PieceView {
  /** Its square's name. */
  square: string;
  /** Its side. */
  side: Side;
  /** Its kind. */
  kind: number;
  /** Its symbol in the side's case. */
  symbol: string;
  /** Whether it acted this turn. */
  moved: boolean;
}

/** What a melee attack would do. */
export interface Combat {
  /** The attackers' strength. */
  offence: number;
  /** The target's defence. */
  defence: number;
  /** Whether it succeeds. */
  success: boolean;
}

/** The kinds of action. */
export type ActionKind = "move" | "swap" | "attack" | "fire" | "place" | "end";

/** One legal action. */
export interface LegalAction {
  /** Its notation: what to send to play it. */
  text: string;
  /** Its kind. */
  kind: ActionKind;
  /** The square it acts from. */
  from: string | null;
  /** The square it goes to or aims at. */
  to: string | null;
  /** A melee attack's preview. */
  combat: Combat | null;
}

/** One turn of the move list. */
export interface MoveListTurn {
  /** Who played it. */
  side: Side;
  /** Whether it was a setup. */
  setup: boolean;
  /** Its actions. */
  actions: string[];
  /** Whether it has ended. */
  done: boolean;
}

/** The clocks. */
export interface ClockView {
  /** White's time left at `at_ms`. */
  white_ms: number;
  /** Black's time left at `at_ms`. */
  black_ms: number;
  /** The side whose clock runs. */
  running: Side | null;
  /** Server time of these figures. */
  at_ms: number;
  /** Increment per turn. */
  increment_ms: number;
}

/** A finished game's result. */
export interface OutcomeView {
  /** The winner, or null for a draw. */
  winner: Side | null;
  /** Why it ended. */
  reason: string;
  /** `1-0`, `0-1`, `1/2-1/2`. */
  score: string;
  /** A sentence. */
  text: string;
}

/** A game's state as one viewer sees it. */
export interface StateView {
  /** The game's id. */
  game: string;
  /** The number of events so far. */
  seq: number;
  /** Who the view is for. */
  you: Side | "spectator";
  /** The phase. */
  phase: "setup" | "play" | "over";
  /** The side to act. */
  to_move: Side;
  /** The turn in progress. */
  turn: { number: number; cap: number; actions: string[] };
  /** Turns completed in play. */
  turns_played: number;
  /** The visible pieces. */
  pieces: PieceView[];
  /** Pieces still to place. */
  reserve: { kind: number; count: number }[];
  /** The viewer's legal actions (its turn only). */
  legal: LegalAction[];
  /** Square of each piece that could act now -> squares of the pieces that could activate it. */
  activators: Record<string, string[]>;
  /** The move list. */
  moves: MoveListTurn[];
  /** The clocks. */
  clock: ClockView | null;
  /** The side offering a draw. */
  draw_offer: Side | null;
  /** The result, once over. */
  outcome: OutcomeView | null;
  /** Enemy leaders captured by White and by Black. */
  leaders_captured: [number, number];
}

/** An API error body's content. */
export interface ApiErrorBody {
  /** A stable code (`illegal-action`, `stale`, ...). */
  code: string;
  /** A sentence for people. */
  message: string;
}

/** A seat or spectator link of a new game. */
export interface Link {
  /** The token. */
  token: string;
  /** `/play/{id}#{token}`. */
  path: string;
}

/** `POST /api/games`'s answer. */
export interface Created {
  /** The game's id. */
  id: string;
  /** White's link (none if the AI plays White). */
  white: Link | null;
  /** Black's link. */
  black: Link | null;
  /** The spectator link. */
  spectator: Link;
}

/** A lobby entry. */
export interface LobbyEntry {
  /** The game's id. */
  id: string;
  /** Its scenario's id. */
  scenario: string;
  /** Its mode. */
  mode: Mode;
  /** `setup`, `play` or `over`. */
  status: string;
  /** The score, once over. */
  result: string | null;
  /** Created, Unix ms. */
  created_ms: number;
  /** Last event, Unix ms. */
  updated_ms: number;
}

/** A game description with a state: `GET /api/games/{id}` and `POST /api/analysis`. */
export interface GameAndState {
  /** The description. */
  game: GameInfo;
  /** The state. */
  state: StateView;
}

/** `POST /api/games/{id}/preview`'s answer. */
export interface Preview {
  /** The state after the proposed actions. */
  state: StateView;
  /** Whether they end the turn. */
  turn_ended: boolean;
}

/** `POST /api/records/parse`'s answer. */
export interface ParsedRecord {
  /** The scenario id. */
  scenario: string;
  /** The options of its tags. */
  options: Record<string, string>;
  /** Its tags. */
  tags: [string, string][];
  /** Every action, turn ends written `end`. */
  actions: string[];
  /** Its turns, as ranges of `actions`. */
  turns: { number: number; second: boolean; comment: string | null; start: number; end: number }[];
  /** The first illegal action, if any. */
  error: string | null;
}

/** A message on a game's WebSocket. */
export type ServerMessage =
  | ({ type: "game" } & GameInfo)
  | ({ type: "state" } & StateView)
  | { type: "accepted"; ref: number | null; seq: number }
  | { type: "pong"; ref: number | null }
  | { type: "error"; ref: number | null; error: ApiErrorBody };
