// The server's HTTP API (docs/API.md), one function per route.

import type {
  ApiErrorBody,
  ComputerAnalysis,
  Created,
  GameAndState,
  GameResults,
  ErrorCode,
  GameCommand,
  IllegalKind,
  JoinedSeat,
  LevelEntry,
  LineNode,
  LobbyEntry,
  NewGame,
  ParsedRecord,
  Preview,
  Refusal,
  RefusalRequest,
  RulesGuide,
  ScenarioEntry,
  WrittenRecord,
} from "./types";
import type * as Wire from "./generated";
import { withFilledState } from "./legal";

export type { GameCommand, NewGame };

/** An error answer of the API (or `network` when the server could not be reached): its code,
 * its sentence for people, and for an illegal action the kind of rule broken. */
export class ApiError extends Error {
  /** The stable code, such as `illegal-action`, `stale` or `network`. */
  readonly code: ErrorCode | "network";
  /** For `illegal-action`: the kind of rule broken. */
  readonly rule: IllegalKind | undefined;
  /** For `busy` and `rate-limited`: the seconds the server asks to wait (`Retry-After`). */
  readonly retryAfterS: number | undefined;
  /** Builds one from an error body and the answer's `Retry-After`. */
  constructor(body: ApiErrorBody | { code: "network"; message: string }, retryAfterS?: number) {
    super(body.message);
    this.code = body.code;
    this.rule = "rule" in body ? body.rule : undefined;
    this.retryAfterS = retryAfterS;
  }
}

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  return JSON.parse(await send(method, path, token, body)) as T;
}

/** How many times a request the server was too busy for is sent again (docs/API.md, `busy`). */
const BUSY_RETRIES = 20;

/**
 * Sends a request; resolves to the body's text, or rejects with an [ApiError]. When the server
 * answers `busy` (its slots for heavy requests are taken), the request is sent again after the
 * `Retry-After` it gives, a few times, as the API asks of clients.
 */
async function send(method: string, path: string, token: string | null, body?: unknown): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendOnce(method, path, token, body);
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== "busy" || attempt >= BUSY_RETRIES) throw e;
      await new Promise((resolve) => setTimeout(resolve, (e.retryAfterS ?? 1) * 1000 * (0.5 + Math.random())));
    }
  }
}

async function sendOnce(method: string, path: string, token: string | null, body?: unknown): Promise<string> {
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
    const retryAfter = Number(response.headers.get("Retry-After"));
    throw new ApiError(error, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  return text;
}

/** The shipped scenarios. */
export function scenarios(): Promise<ScenarioEntry[]> {
  return call("GET", "/api/scenarios", null);
}

/** A scenario's rules for people, with these options (the rules page). */
export function guide(id: string, options: Record<string, string> = {}): Promise<RulesGuide> {
  const query = new URLSearchParams(options).toString();
  return call("GET", `/api/scenarios/${encodeURIComponent(id)}/guide${query ? `?${query}` : ""}`, null);
}

/** The levels of the computer opponent, weakest first. */
export function levels(): Promise<LevelEntry[]> {
  return call("GET", "/api/levels", null);
}

/** The public games; with `open`, only the open challenges, the longest waiting first. */
export function lobby(open = false): Promise<LobbyEntry[]> {
  return call("GET", open ? "/api/games?open=true" : "/api/games", null);
}

/** Takes the seat an open challenge offers. */
export function joinChallenge(id: string): Promise<JoinedSeat> {
  return call("POST", `/api/games/${encodeURIComponent(id)}/join`, null);
}

/** Cancels one's own open challenge (with the creator's seat token). */
export async function cancelChallenge(id: string, token: string): Promise<void> {
  await send("DELETE", `/api/games/${encodeURIComponent(id)}/challenge`, token);
}

/** Creates a game; its links are in the answer. */
export function createGame(request: NewGame): Promise<Created> {
  return call("POST", "/api/games", null, request);
}

/** A game's description and state for a token's holder. */
export async function game(id: string, token: string | null): Promise<GameAndState> {
  return withFilledState(await call<Wire.GameAndState>("GET", `/api/games/${encodeURIComponent(id)}`, token));
}

/** What each action of a game's move list did (pieces removed, attacks' success). */
export function results(id: string, token: string | null): Promise<GameResults> {
  return call("GET", `/api/games/${encodeURIComponent(id)}/results`, token);
}

/** A game's record file, as text. */
export function record(id: string, token: string | null): Promise<string> {
  return send("GET", `/api/games/${encodeURIComponent(id)}/record`, token);
}

/** The state a seat would see after proposing `actions` in its turn; nothing is stored. */
export async function preview(id: string, token: string, actions: string[]): Promise<Preview> {
  return withFilledState(await call<Wire.Preview>("POST", `/api/games/${encodeURIComponent(id)}/preview`, token, { actions }));
}

/** Why the rules refuse what a seat tried on the board after its turn so far (nothing is stored). */
export function refusal(id: string, token: string, request: RefusalRequest): Promise<Refusal> {
  return call("POST", `/api/games/${encodeURIComponent(id)}/refusal`, token, request);
}

/** A scenario's position after a line of actions (`spectator`: without legal actions). */
export async function analysis(
  scenario: string,
  options: Record<string, string>,
  actions: string[],
  view: "player" | "spectator" = "player",
): Promise<GameAndState> {
  return withFilledState(await call<Wire.GameAndState>("POST", "/api/analysis", null, { scenario, options, actions, view }));
}

/** A record file read and replayed into its actions. */
export function parseRecord(text: string): Promise<ParsedRecord> {
  return call("POST", "/api/records/parse", null, { text });
}

/** The computer's analysis of a line's turns from its turn `from`, a few turns a request
 * (`next` names the turn to ask for next). */
export function computerAnalysis(scenario: string, options: Record<string, string>, actions: string[], from: number): Promise<ComputerAnalysis> {
  return call("POST", "/api/analysis/computer", null, { scenario, options, actions, from });
}

/** A tree of lines written by the engine as a record file (comments and variations kept). */
export function writeRecord(scenario: string, options: Record<string, string>, tags: [string, string][], nodes: LineNode[]): Promise<WrittenRecord> {
  return call("POST", "/api/records/write", null, { scenario, options, tags, nodes });
}

/** Carries out a seat's command; resolves to the game's event count after it. */
export async function command(id: string, token: string, body: GameCommand): Promise<number> {
  const answer = await call<{ seq: number }>("POST", `/api/games/${encodeURIComponent(id)}/commands`, token, body);
  return answer.seq;
}
