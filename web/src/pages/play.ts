// The game page: the board, the turn being built (checked by the server action by action,
// with undo, pass and end turn), the setup phase, clocks, the move list, draw offers,
// resignation, the record, and the links to invite an opponent or spectators.

import * as api from "../api/http";
import { GameSocket } from "../api/socket";
import type { GameAndState, GameInfo, LegalAction, Side, StateView } from "../api/types";
import { glyphFor } from "../board/glyphs";
import { SpriteCache } from "../board/sprites";
import { resultLine } from "../core/notation";
import { myGames, rememberGame, savedTurn, saveTurn, setAnalysisLine, tokenFor } from "../core/storage";
import { endAction, placeableKinds, placementsOf, randomSetup, toPlaceByKind, TurnBuilder } from "../core/turn";
import { formatClock, timeLeft } from "../ui/clock";
import { attackList, BoardControl } from "../ui/control";
import { h, replace } from "../ui/dom";
import { moveList } from "../ui/movelist";
import { tallyTable } from "../ui/tallies";
import { toast, toastError } from "../ui/toast";
import { lineFromRecord } from "./analysis";

/** The most actions one command may carry (the server's limit). */
const MAX_ACTIONS_PER_COMMAND = 256;

/** Renders the game `id` into `root`. */
export async function playPage(root: HTMLElement, id: string): Promise<void> {
  const fromLink = decodeURIComponent(location.hash.slice(1)) || null;
  const token = fromLink ?? tokenFor(id);
  let first: GameAndState;
  try {
    first = await api.game(id, token);
  } catch (e) {
    replace(root, h("section", { class: "panel" }, h("h1", {}, "This game cannot be opened"), h("p", { class: "error" }, e instanceof Error ? e.message : String(e)), h("a", { href: "/" }, "Back to the front page")));
    return;
  }
  if (token) {
    const known = myGames().find((g) => g.id === id && g.token === token);
    rememberGame({ ...known, id, token, scenario: first.game.scenario.name, seat: first.state.you, at: Date.now() });
  }
  new GamePage(root, first.game, first.state, token);
}

class GamePage {
  private readonly control: BoardControl;
  private readonly turn: TurnBuilder;
  private readonly panel = h("aside", { class: "side-panel" });
  private readonly seat: Side | null;
  private readonly sprites = new SpriteCache();
  private orientation: Side;
  private busy = false;
  private sending = false;
  private ranges = false;
  private receivedAt = Date.now();
  private selection: LegalAction[] = [];

  constructor(
    root: HTMLElement,
    private readonly info: GameInfo,
    state: StateView,
    private readonly token: string | null,
  ) {
    this.seat = state.you === "spectator" ? null : state.you;
    this.orientation = this.seat ?? "white";
    this.turn = new TurnBuilder(state, (actions) => api.preview(info.id, token ?? "", actions));
    this.control = new BoardControl(info, this.orientation, state, (a) => void this.propose(a.text));
    this.control.onSelection((actions) => {
      this.selection = actions;
      this.renderSelection();
    });
    replace(root, h("div", { class: "game-layout" }, h("div", { class: "board-wrap" }, this.control.board.element), this.panel));
    void this.rebase(state, savedTurn(info.id, this.seatName()));
    new GameSocket(info.id, token, {
      game: () => undefined,
      state: (s) => void this.rebase(s),
      status: (status) => {
        const el = document.getElementById("conn");
        if (!el) return;
        el.hidden = status === "open";
        el.textContent = status === "reconnecting" ? "Connection lost: reconnecting…" : "Connecting…";
      },
    });
    window.setInterval(() => this.tickClocks(), 250);
  }

  private seatName(): string {
    return this.seat ?? "spectator";
  }

  private myTurn(): boolean {
    const s = this.turn.base;
    return this.seat !== null && s.to_move === this.seat && s.phase !== "over";
  }

  private async rebase(state: StateView, restore?: { seq: number; actions: string[] }): Promise<void> {
    const result = await this.turn.rebase(state, restore);
    this.receivedAt = Date.now();
    if (result === "dropped" && !this.sending) toast("The game changed: your unsent moves no longer apply and were cleared.", "error");
    if (result === "kept" && restore) toast("Your unsent moves were restored.", "ok", 3000);
    this.update();
  }

  private async propose(action: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.turn.propose(action);
    } catch (e) {
      toastError(e);
    } finally {
      this.busy = false;
      this.update();
    }
  }

  private async undo(): Promise<void> {
    try {
      await this.turn.undo();
    } catch (e) {
      toastError(e);
    }
    this.update();
  }

  /** Sends the turn (in commands of at most the server's limit, each checked against the game's count). */
  private async send(actions: string[]): Promise<void> {
    if (this.busy || !this.token) return;
    this.busy = true;
    this.sending = true;
    let seq = this.turn.base.seq;
    try {
      for (let i = 0; i < actions.length; i += MAX_ACTIONS_PER_COMMAND) {
        const chunk = actions.slice(i, i + MAX_ACTIONS_PER_COMMAND);
        seq = await api.command(this.info.id, this.token, { type: "act", actions: chunk, seq });
      }
      this.turn.clear();
    } catch (e) {
      toastError(e);
      if (e instanceof api.ApiError && e.code === "stale") this.turn.clear();
    } finally {
      this.busy = false;
      this.sending = false;
      this.update();
    }
  }

  private async fill(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const step = async (actions: LegalAction[]): Promise<StateView> => {
        await this.turn.propose(...actions.map((a) => a.text));
        return this.turn.state;
      };
      await randomSetup(this.turn.state, step, Math.random);
    } finally {
      this.busy = false;
      this.update();
    }
  }

  private async command(body: api.GameCommand, confirmText?: string): Promise<void> {
    if (!this.token || (confirmText && !window.confirm(confirmText))) return;
    try {
      await api.command(this.info.id, this.token, body);
    } catch (e) {
      toastError(e);
    }
  }

  private async replay(): Promise<void> {
    try {
      const text = await api.record(this.info.id, this.token);
      setAnalysisLine(await lineFromRecord(text, `Game ${this.info.id}`));
      location.assign("/analysis");
    } catch (e) {
      toastError(e);
    }
  }

  private update(): void {
    saveTurn(this.info.id, this.seatName(), this.turn.saved());
    const state = this.turn.state;
    const interactive = this.myTurn() && !this.turn.turnEnded;
    this.control.show(state, interactive);
    if (interactive && state.phase === "setup" && this.control.placingKind === null) {
      const [first] = placeableKinds(state);
      if (first !== undefined) this.control.setPlacing(first);
    }
    this.render();
  }

  private render(): void {
    const base = this.turn.base;
    const state = this.turn.state;
    const setup = base.phase === "setup";
    const over = base.phase === "over";
    const top: Side = this.orientation === "white" ? "black" : "white";
    replace(
      this.panel,
      h("h2", {}, this.info.scenario.name),
      h("p", { class: "muted" }, this.seat ? `You play ${cap(this.seat)}` : "You are watching: only the players can move.", ` · ${modeText(this.info)}`),
      this.player(top),
      h("p", { class: `status${this.myTurn() ? " yours" : ""}`, id: "status" }, this.statusText()),
      this.myTurn() && setup ? this.setupPanel() : null,
      this.myTurn() && !setup ? this.turnPanel() : null,
      h("div", { class: "selection", id: "selection" }),
      this.player(top === "white" ? "black" : "white"),
      tallyTable(base.tallies),
      base.hints.commanders.length > 0
        ? h(
            "label",
            { class: "check" },
            h("input", {
              type: "checkbox",
              id: "ranges",
              checked: this.ranges,
              onchange: (e: Event) => {
                this.ranges = (e.target as HTMLInputElement).checked;
                this.control.setRanges(this.ranges);
              },
            }),
            " Show activation ranges",
          )
        : null,
      moveList(state.moves, null),
      this.gameButtons(over),
      this.invitePanel(),
    );
    this.renderSelection();
    this.tickClocks();
  }

  private statusText(): string {
    const base = this.turn.base;
    const state = this.turn.state;
    if (base.outcome) return resultLine(base.outcome.score, base.outcome.text);
    const who = base.to_move === this.seat ? "Your" : `${cap(base.to_move)}'s`;
    if (base.phase === "setup") {
      return base.to_move === this.seat ? "Your setup: place your pieces inside your zone, then commit." : `${cap(base.to_move)} is setting up (hidden until both commit).`;
    }
    const left = Math.max(0, state.turn.cap - state.turn.actions.length);
    const offer = base.draw_offer && base.draw_offer !== this.seat ? ` · ${cap(base.draw_offer)} offers a draw` : "";
    return `${who} turn · ${left} of ${state.turn.cap} ${this.info.turn_unit} left${offer}`;
  }

  private player(side: Side): HTMLElement {
    const ai = this.info.ai?.side === side;
    const name = ai ? `Computer (level ${this.info.ai?.level})` : side === this.seat ? "You" : "Opponent";
    return h(
      "div",
      { class: `player ${side}${this.turn.base.to_move === side && !this.turn.base.outcome ? " to-move" : ""}` },
      h("span", { class: `dot ${side}` }),
      h("span", {}, `${cap(side)} · ${name}`),
      this.turn.base.clock ? h("span", { class: "clock", "data-side": side }, "") : null,
    );
  }

  private tickClocks(): void {
    const clock = this.turn.base.clock;
    if (!clock) return;
    for (const el of this.panel.querySelectorAll<HTMLElement>(".clock")) {
      const side = el.dataset.side as Side;
      const ms = timeLeft(clock, side, this.receivedAt, Date.now());
      el.textContent = formatClock(ms);
      el.classList.toggle("running", clock.running === side);
      el.classList.toggle("low", ms < 20_000);
    }
  }

  private turnPanel(): HTMLElement {
    const proposed = this.turn.actions;
    const end = endAction(this.turn.state);
    const sendLabel = this.turn.turnEnded ? "Send turn" : "End turn";
    return h(
      "div",
      { class: "turn-panel" },
      h("p", { class: "muted" }, proposed.length > 0 ? "This turn so far (not sent yet):" : "Select a piece to see where it may go."),
      proposed.length > 0 ? h("ol", { class: "proposed", id: "proposed" }, ...proposed.map((a) => h("li", {}, a))) : null,
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", id: "undo", disabled: proposed.length === 0 || this.busy, onclick: () => void this.undo() }, "Undo"),
        proposed.length === 0
          ? h("button", { type: "button", id: "pass", disabled: !end || this.busy, onclick: () => { if (end) void this.send([end.text]); } }, "Pass")
          : h("button", { type: "button", id: "end-turn", class: "primary", disabled: (!end && !this.turn.turnEnded) || this.busy, onclick: () => void this.send(this.turn.turnToSend()) }, sendLabel),
      ),
    );
  }

  private setupPanel(): HTMLElement {
    const state = this.turn.state;
    const counts = toPlaceByKind(state);
    const palette = h("div", { class: "palette", id: "palette" });
    // The pieces still to place (`to_place`), then any other kind a legal placement offers now
    // (an army's optional choices).
    const legalKinds = placeableKinds(state);
    const kinds = [...counts.keys(), ...legalKinds.filter((k) => !counts.has(k))];
    for (const kind of kinds) {
      const count = counts.get(kind);
      const piece = this.info.pieces[kind];
      if (!piece || !this.seat) continue;
      const icon = this.sprites.get(glyphFor(piece.appearance), this.seat, 64).toDataURL();
      const item = h(
        "button",
        {
          type: "button",
          class: `reserve${this.control.placingKind === kind ? " chosen" : ""}`,
          "data-kind": kind,
          disabled: !legalKinds.includes(kind),
          title: `${piece.name}: click, then click a square (or drag it onto the board)`,
          onclick: () => {
            this.control.setPlacing(this.control.placingKind === kind ? null : kind);
            this.render();
          },
        },
        h("img", { src: icon, alt: "", width: 32, height: 32 }),
        h("span", {}, count === undefined ? `${piece.name} (choice)` : `${piece.name} ×${count}`),
      );
      item.addEventListener("pointerdown", (e) => this.dragFromPalette(e, kind, icon));
      palette.append(item);
    }
    const end = endAction(state);
    const placed = this.turn.actions.length;
    return h(
      "div",
      { class: "turn-panel" },
      kinds.length > 0 ? palette : h("p", {}, "Every piece is placed."),
      h(
        "div",
        { class: "buttons" },
        h("button", { type: "button", id: "random-fill", disabled: legalKinds.length === 0 || this.busy, onclick: () => void this.fill() }, "Random fill"),
        h("button", { type: "button", id: "undo", disabled: placed === 0 || this.busy, onclick: () => void this.undo() }, "Undo"),
        h(
          "button",
          {
            type: "button",
            id: "clear",
            disabled: placed === 0 || this.busy,
            onclick: () => {
              this.turn.clear();
              this.update();
            },
          },
          "Clear",
        ),
        h("button", { type: "button", id: "commit", class: "primary", disabled: !end || this.busy, onclick: () => void this.send(this.turn.turnToSend()) }, "Commit setup"),
      ),
    );
  }

  private dragFromPalette(down: PointerEvent, kind: number, icon: string): void {
    const ghost = h("img", { src: icon, class: "drag-ghost", alt: "" });
    let dragging = false;
    const move = (e: PointerEvent): void => {
      if (!dragging && Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < 6) return;
      if (!dragging) {
        dragging = true;
        document.body.append(ghost);
        this.control.setPlacing(kind);
      }
      ghost.style.left = `${e.clientX - 20}px`;
      ghost.style.top = `${e.clientY - 20}px`;
    };
    const up = (e: PointerEvent): void => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      ghost.remove();
      if (!dragging) return;
      const square = this.control.board.squareAtClient(e.clientX, e.clientY);
      const place = square ? placementsOf(this.turn.state, kind).get(square) : undefined;
      if (place) void this.propose(place.text);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  private renderSelection(): void {
    const box = this.panel.querySelector("#selection");
    if (!box) return;
    replace(box, attackList(this.selection));
  }

  private gameButtons(over: boolean): HTMLElement {
    const offer = this.turn.base.draw_offer;
    const seated = this.seat !== null && !over;
    const recordHref = `/api/games/${encodeURIComponent(this.info.id)}/record${this.token ? `?token=${encodeURIComponent(this.token)}` : ""}`;
    return h(
      "div",
      { class: "buttons game-buttons" },
      h(
        "button",
        {
          type: "button",
          title: "Turn the board round",
          onclick: () => {
            this.orientation = this.orientation === "white" ? "black" : "white";
            this.control.board.setOrientation(this.orientation);
            this.render();
          },
        },
        "Flip board",
      ),
      seated && offer && offer !== this.seat ? h("button", { type: "button", onclick: () => void this.command({ type: "accept-draw" }) }, "Accept draw") : null,
      seated && offer && offer !== this.seat ? h("button", { type: "button", onclick: () => void this.command({ type: "decline-draw" }) }, "Decline draw") : null,
      seated && !offer ? h("button", { type: "button", onclick: () => void this.command({ type: "offer-draw" }) }, "Offer draw") : null,
      seated ? h("button", { type: "button", class: "danger", onclick: () => void this.command({ type: "resign" }, "Resign this game?") }, "Resign") : null,
      h("a", { class: "button", href: recordHref, download: `warlord-${this.info.id}.txt`, id: "export" }, "Export record"),
      h("button", { type: "button", id: "replay", onclick: () => void this.replay() }, over ? "Replay" : "Analyse"),
    );
  }

  private invitePanel(): HTMLElement | null {
    const mine = myGames().find((g) => g.id === this.info.id && g.token === this.token);
    if (!mine?.invite && !mine?.watch) return null;
    const row = (label: string, link: string | undefined, id: string) =>
      link
        ? h(
            "div",
            { class: "invite" },
            h("label", { for: id }, label),
            h("input", { id, readonly: true, value: link, onfocus: (e: Event) => (e.target as HTMLInputElement).select() }),
            h("button", { type: "button", onclick: () => void navigator.clipboard?.writeText(link).then(() => toast("Copied.", "ok", 1500)) }, "Copy"),
          )
        : null;
    return h("div", { class: "invites" }, row("Send this link to your opponent:", mine.invite, "invite-link"), row("Spectators' link:", mine.watch, "watch-link"));
  }
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function modeText(info: GameInfo): string {
  if (info.mode === "ai") return "against the computer";
  if (info.clock) return `live, ${Math.round(info.clock.initial_ms / 60000)} min + ${Math.round(info.clock.increment_ms / 1000)} s`;
  return info.mode === "live" ? "live" : "correspondence";
}
