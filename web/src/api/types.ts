// The server's JSON (docs/API.md). Everything the server renders from its Rust types is
// generated into ./generated.ts (server/src/api_types.rs); this file re-exports it and keeps by
// hand only what is not generated: errors, creation links, the lobby and the socket's messages.

import type { GameInfo, Mode, StateView } from "./generated";

export type {
  ActionKind,
  ActionView,
  AiSeat,
  Appearance,
  BoardInfo,
  ClockConfig,
  ClockView,
  Combat,
  Command,
  CommandLink,
  Commander,
  EndReason,
  GameAndState,
  GameInfo,
  Geometry,
  HintsView,
  IllegalKind,
  LegalAction,
  Mode,
  MoveListTurn,
  OptionSpec,
  OptionType,
  OutcomeView,
  ParsedRecord,
  PieceInfo,
  PieceView,
  Preview,
  RecordTurn,
  ScenarioBoard,
  ScenarioEntry,
  ScenarioInfo,
  Side,
  Square,
  StateView,
  Tally,
  ToPlace,
  TurnView,
  UnitClass,
} from "./generated";

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

/** A lobby entry of `GET /api/games`. */
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

/** A message on a game's WebSocket. */
export type ServerMessage =
  | ({ type: "game" } & GameInfo)
  | ({ type: "state" } & StateView)
  | { type: "accepted"; ref: number | null; seq: number }
  | { type: "pong"; ref: number | null }
  | { type: "error"; ref: number | null; error: ApiErrorBody };
