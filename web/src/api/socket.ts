// A game's WebSocket: the game's description and every new state, reconnecting by itself
// after a dropped connection. Commands go over HTTP (api/http.ts), so that an answer never
// waits for a socket to come back. After the first whole state the server sends only what
// changed (`delta`, docs/API.md): it is applied here, and the page is handed whole states
// (legal actions with every field, `./legal.ts`).

import { fillLegal, fillState } from "./legal";
import type { GameInfo, LegalAction, LegalPatch, ListPatch, ServerMessage, StateDelta, StateView, WireLegalAction } from "./types";

/** The connection's condition, for the page's indicator. */
export type SocketStatus = "connecting" | "open" | "reconnecting";

/** What a page hears from a game's socket. */
export interface SocketHandlers {
  /** The game's description (on every connection). */
  game(info: GameInfo): void;
  /** A new state. */
  state(state: StateView): void;
  /** The connection's condition changed. */
  status(status: SocketStatus): void;
}

/** The longest wait between reconnection attempts, in ms. */
const MAX_BACKOFF_MS = 8000;

/** A self-reconnecting WebSocket for one game and one token. */
export class GameSocket {
  private socket: WebSocket | null = null;
  /** The latest whole state, which the next delta changes. */
  private latest: StateView | null = null;
  private backoff = 250;
  private timer: number | undefined;
  private closed = false;
  private readonly url: string;
  private readonly retryNow = (): void => {
    if (this.socket === null && !this.closed) this.open();
  };

  /** Connects at once. */
  constructor(id: string, token: string | null, private readonly handlers: SocketHandlers) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    this.url = `${scheme}//${location.host}/api/games/${encodeURIComponent(id)}/ws${query}`;
    window.addEventListener("online", this.retryNow);
    this.open();
  }

  /** Closes the socket for good. */
  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    window.removeEventListener("online", this.retryNow);
    this.socket?.close();
  }

  private open(): void {
    window.clearTimeout(this.timer);
    this.handlers.status(this.backoff > 250 ? "reconnecting" : "connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    this.latest = null;
    socket.onopen = () => {
      this.backoff = 250;
      this.handlers.status("open");
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.handlers.status("reconnecting");
      this.timer = window.setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(MAX_BACKOFF_MS, this.backoff * 2);
    };
  }

  private receive(text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === "game") this.handlers.game(message);
    else if (message.type === "state") {
      this.latest = fillState(message);
      this.handlers.state(this.latest);
    } else if (message.type === "delta") {
      if (this.latest === null || this.latest.seq !== message.from) {
        // A change from a state this page does not hold: ask for the whole state.
        this.socket?.send(JSON.stringify({ type: "sync" }));
        return;
      }
      this.latest = applyDelta(this.latest, message);
      this.handlers.state(this.latest);
    }
  }
}

/** The state a delta makes of the state it changes (docs/API.md). */
export function applyDelta(state: StateView, delta: StateDelta): StateView {
  return {
    ...state,
    seq: delta.seq,
    phase: delta.phase,
    to_move: delta.to_move,
    turn: delta.turn,
    turns_played: delta.turns_played,
    pieces: applyPatch(state.pieces, delta.pieces),
    to_place: delta.to_place,
    legal: applyLegal(state.legal, delta.legal),
    hints: {
      commanders: applyPatch(state.hints.commanders, delta.hints.commanders),
      links: delta.hints.links,
      relays: delta.hints.relays,
      marks: delta.hints.marks,
    },
    moves: state.moves.slice(0, delta.moves_from).concat(delta.moves),
    clock: delta.clock,
    draw_offer: delta.draw_offer,
    takeback_offer: delta.takeback_offer,
    outcome: delta.outcome,
    tallies: delta.tallies,
  };
}

/** The legal actions sent whole (an array), or the list held patched: the actions at the
 * indices of `remove` gone, then each of `add` inserted at its index, in order. */
function applyLegal(list: LegalAction[], sent: WireLegalAction[] | LegalPatch): LegalAction[] {
  if (Array.isArray(sent)) return sent.map(fillLegal);
  const gone = new Set(sent.remove);
  const out = list.filter((_, i) => !gone.has(i));
  for (const [at, action] of sent.add) out.splice(at, 0, fillLegal(action));
  return out;
}

/** A list of items known by their square, patched: the squares of `remove` emptied, then each
 * item of `set` put at its index (replacing the item there if it has the same square). */
function applyPatch<T extends { square: string }>(list: T[], patch: ListPatch<T>): T[] {
  const gone = new Set(patch.remove);
  const out = list.filter((item) => !gone.has(item.square));
  for (const [at, item] of patch.set) {
    if (out[at]?.square === item.square) out[at] = item;
    else out.splice(at, 0, item);
  }
  return out;
}
