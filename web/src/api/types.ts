// The server's JSON (docs/API.md). Every type the server sends or reads is generated from its
// Rust types into ./generated.ts (server/src/api_types.rs); this file re-exports them, and
// derives the shapes the pages hold where the server leaves fields out (a legal action's empty
// lists and nulls, filled in by ./legal.ts wherever a state arrives).

import type * as Wire from "./generated";

export type {
  OptionGuide,
  PieceGuide,
  RulesGuide,
  NewChallenge,
  JoinedSeat,
  ActionKind,
  ActionResult,
  ActionView,
  AiSeat,
  ApiErrorBody,
  Appearance,
  BoardInfo,
  ClockConfig,
  ClockView,
  Combat,
  Command,
  CommandLink,
  Commander,
  ComputerAnalysis,
  ComputerTurn,
  Created,
  EndReason,
  ErrorCode,
  GameCommand,
  GameInfo,
  GameResults,
  Geometry,
  HintsDelta,
  HintsView,
  IllegalKind,
  JudgementView,
  LegalPatch,
  LineNode,
  ListPatch,
  Link,
  LobbyEntry,
  Mode,
  MoveListTurn,
  NewAiSeat,
  NewClock,
  NewGame,
  OptionSpec,
  OptionType,
  OutcomeView,
  ParsedRecord,
  PieceInfo,
  PieceView,
  RecordNode,
  RecordTurn,
  Refusal,
  RefusalRequest,
  ScenarioBoard,
  ScenarioEntry,
  LevelEntry,
  ScenarioInfo,
  ServerMessage,
  Side,
  Square,
  StateDelta,
  Tally,
  ToPlace,
  TurnView,
  UnitClass,
  WrittenRecord,
} from "./generated";

/** A legal action as the server sends it: its empty lists and null fields left out. */
export type WireLegalAction = Wire.LegalAction;

/** A state as the server sends it (legal actions in their sent shape). */
export type WireStateView = Wire.StateView;

/** A legal action with every field present (`with`, `captures` and `line` empty, `combat` and
 * `note` null when the server left them out). */
export type LegalAction = Required<Wire.LegalAction>;

/** A game's state as the pages hold it: its legal actions whole. */
export type StateView = Omit<Wire.StateView, "legal"> & { legal: LegalAction[] };

/** A game's description and its state (legal actions whole). */
export type GameAndState = Omit<Wire.GameAndState, "state"> & { state: StateView };

/** The state a seat would see after proposed actions (legal actions whole). */
export type Preview = Omit<Wire.Preview, "state"> & { state: StateView };
