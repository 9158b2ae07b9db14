// The server's HTTP API (docs/API.md), one function per route.

import type {
  ApiErrorBody,
  Created,
  GameAndState,
  LobbyEntry,
  Mode,
  ParsedRecord,
  Preview,
  ScenarioEntry,
  Side,
} from "./types";

/** An error answer of the API: its code and its sentence for people. */
export class ApiError extends Error {
  /** The stable code, such as `illegal-action`, `stale` or `network`. */
  readonly code: string;
  /** Builds one from an error body. */
  constructor(body: ApiErrorBody) {
    super(body.message);
    this.code = body.code;
  }
}

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  return JSON.parse(await send(method, path, token, body)) as T;
}

/** Sends a request; resolves to the body's text, or rejects with an [ApiError]. */
async function send(method: string, path: string, token: string | null, body?: unknown): Promise<string> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError({ code: "network", message: "the server cannot be reached; check your connection" });
  }
  const text = await response.text();
  if (!response.ok) {
    let error: ApiErrorBody = { code: "internal", message: `the server answered ${response.status}` };
    try {
      const parsed = JSON.parse(text) as { error?: ApiErrorBody };
      if (parsed.error) error = parsed.error;
    } catch {
      // Not JSON: keep the status sentence.
    }
    throw new ApiError(error);
  }
  return text;
}

/** The shipped scenarios. */
export function scenarios(): Promise<ScenarioEntry[]> {
  return call("GET", "/api/scenarios", null);
}

/** The public games. */
export function lobby(): Promise<LobbyEntry[]> {
  return call("GET", "/api/games", null);
}

/** What a new game is created with. */
export interface NewGame {
  /** The scenario's id. */
  scenario: string;
  /** Option overrides, as text. */
  options: Record<string, string>;
  /** How it is played. */
  mode: Mode;
  /** A live game's clock. */
  clock?: { initial_seconds: number; increment_seconds: number };
  /** The AI's seat, against the AI. */
  ai?: { side: Side; level: number };
  /** Whether the lobby lists it. */
  public: boolean;
}

/** Creates a game; its links are in the answer. */
export function createGame(request: NewGame): Promise<Created> {
  return call("POST", "/api/games", null, request);
}

/** A game's description and state for a token's holder. */
export function game(id: string, token: string | null): Promise<GameAndState> {
  return call("GET", `/api/games/${encodeURIComponent(id)}`, token);
}

/** A game's record file, as text. */
export function record(id: string, token: string | null): Promise<string> {
  return send("GET", `/api/games/${encodeURIComponent(id)}/record`, token);
}

/** The state a seat would see after proposing `actions` in its turn; nothing is stored. */
export function preview(id: string, token: string, actions: string[]): Promise<Preview> {
  return call("POST", `/api/games/${encodeURIComponent(id)}/preview`, token, { actions });
}

/** A scenario's position after a line of actions (`spectator`: without legal actions). */
export function analysis(
  scenario: string,
  options: Record<string, string>,
  actions: string[],
  view: "player" | "spectator" = "player",
): Promise<GameAndState> {
  return call("POST", "/api/analysis", null, { scenario, options, actions, view });
}

/** A record file read and replayed into its actions. */
export function parseRecord(text: string): Promise<ParsedRecord> {
  return call("POST", "/api/records/parse", null, { text });
}

/** A command of a seat: actions, resignation, draw offers (docs/API.md, "Commands"). */
export type GameCommand =
  | { type: "act"; actions: string[]; seq?: number }
  | { type: "resign" }
  | { type: "offer-draw" }
  | { type: "accept-draw" }
  | { type: "decline-draw" };

/** Carries out a seat's command; resolves to the game's event count after it. */
export async function command(id: string, token: string, body: GameCommand): Promise<number> {
  const answer = await call<{ seq: number }>("POST", `/api/games/${encodeURIComponent(id)}/commands`, token, body);
  return answer.seq;
}
