// A game's WebSocket: the game's description and every new state, reconnecting by itself
// after a dropped connection. Commands go over HTTP (api/http.ts), so that an answer never
// waits for a socket to come back.

import type { GameInfo, ServerMessage, StateView } from "./types";

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
    else if (message.type === "state") this.handlers.state(message);
  }
}
