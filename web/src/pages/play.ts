// The game page: the board, the turn being built (checked by the server action by action,
// with undo, pass and end turn; the rules say why a move tried is refused), the setup phase
// and the arrivals to place during play, clocks, the move list (a click shows an earlier
// position), captures announced with sounds, draw offers, resignation, rematch, the record,
// the legend, and the links to invite an opponent or spectators. This file wires
// the socket, the turn builder and the board control to the panel's parts in ./play/.

import * as api from "../api/http";
import { GameSocket } from "../api/socket";
import type { GameAndState, GameInfo, LegalAction, Side, StateView } from "../api/types";
import { SpriteCache } from "../board/sprites";
import { myGames, rememberGame, savedTurn, saveTurn, tokenFor } from "../core/storage";
import { actingSquares, endAction, placeableKinds, randomSetup, toPlaceByKind, TurnBuilder } from "../core/turn";
import { timeLeft } from "../ui/clock";
import { attackList, BoardControl, type Proposal } from "../ui/control";
import { h, replace } from "../ui/dom";
import { moveList } from "../ui/movelist";
import { tallyTable } from "../ui/tallies";
import { Sounds } from "../ui/sound";
import { note, toast, toastError } from "../ui/toast";
import { resultLine } from "../core/notation";
import { aboutGame } from "./play/about";
import { afterGameButtons } from "./play/after-game";
import { gameButtons } from "./play/game-buttons";
import { GameHistory } from "./play/history";
import { invitePanel } from "./play/invites";
import { legend } from "./play/legend";
import { Announcer } from "./play/announcer";
import { materialTable } from "./play/material";
import { PremoveQueue } from "./play/premoves";
import { GameResults } from "./play/results";
import { LOW_TIME_MS, playerRow, showClocks } from "./play/players";
import { SetupPalette } from "./play/setup-palette";
import { seatLine, statusLine, thinkingLine } from "./play/status";
import { setupPanel, type TurnCommands, turnPanel } from "./play/turn-panel";

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
  private readonly palette: SetupPalette | null;
  private orientation: Side;
  private busy = false;
  /** The proposals under way, in the order they were made (`propose`). */
  private proposals: Promise<void> = Promise.resolve();
  private sending = false;
  private ranges = false;
  private receivedAt = Date.now();
  private selection: LegalAction[] = [];
  private readonly sounds = new Sounds();
  private readonly sprites = new SpriteCache();
  private readonly history: GameHistory;
  /** The legend and the section about the game, built once (so that they stay open across redraws). */
  private readonly legend: HTMLElement;
  private readonly about: HTMLElement;
  /** The scenario's start (for the captured material), once read. */
  private start: StateView | null = null;
  /** An earlier position shown from the move list (its turn's index), or `null`: the live game. */
  private viewing: { index: number; state: StateView } | null = null;
  /** The rules' reason why the turn may not end, for the actions it was asked with. */
  private endReason: { key: string; text: string | null } | null = null;
  private readonly results: GameResults;
  private readonly premoves = new PremoveQueue();
  private readonly announcer: Announcer;
  /** Whether the player's running clock is low (its sound was played; again once it is not). */
  private warnedLow = false;
  private readonly commands: TurnCommands = {
    busy: () => this.busy,
    undo: () => void this.undo(),
    send: (actions) => void this.send(actions),
    fill: () => void this.fill(),
    clear: () => {
      this.turn.clear();
      this.update();
    },
  };

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
    this.control.onExplain(note);
    this.control.onRefusal((proposal) => this.whyNot(proposal));
    this.control.onPlacing(() => this.render());
    this.history = new GameHistory(info, token);
    this.legend = legend(info, this.sprites);
    this.about = aboutGame(info);
    this.results = new GameResults(info, token);
    this.announcer = new Announcer(info, this.seat, this.sounds);
    void api.analysis(info.scenario.id, info.options, [], "spectator").then(
      (answer) => {
        this.start = answer.state;
        this.render();
      },
      () => undefined,
    );
    this.control.onSelection((actions) => {
      this.selection = actions;
      this.renderSelection();
    });
    this.palette = this.seat ? new SetupPalette(info, this.seat, this.control, this.turn, { chosen: () => this.render(), place: (action) => void this.propose(action) }) : null;
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
    this.announcer.announce(state);
    void this.results.update(state, () => this.render());
    if (this.myTurn() && this.premoves.list.length > 0 && result !== "kept") {
      await this.premoves.play(
        () => this.turn.state,
        async (text) => {
          await this.propose(text);
          return this.turn.actions[this.turn.actions.length - 1] === text;
        },
      );
    }
    if (result === "dropped" && !this.sending) toast("The game changed: your unsent moves no longer apply and were cleared.", "error");
    if (result === "kept" && restore) toast("Your unsent moves were restored.", "ok", 3000);
    this.update();
  }

  /**
   * Proposes an action after the proposals already under way: a move clicked while the
   * server still checks the one before is played after it, not lost.
   */
  private propose(action: string): Promise<void> {
    this.proposals = this.proposals.then(() => this.proposeNow(action));
    return this.proposals;
  }

  private async proposeNow(action: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const before = this.turn.state.pieces.length;
      await this.turn.propose(action);
      this.sounds.play(this.turn.state.pieces.length < before ? "capture" : "move");
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
      if (!(await this.confirmEmptyTurn(actions))) return;
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

  /**
   * A turn with no action (a pass) that would end the game: the server's preview says so (the
   * browser knows no rule), and the player is asked first, the result named. Resolves to
   * whether to send.
   */
  private async confirmEmptyTurn(actions: string[]): Promise<boolean> {
    if (!this.token || this.turn.actions.length > 0 || this.turn.base.phase === "setup") return true;
    let outcome;
    try {
      outcome = (await api.preview(this.info.id, this.token, actions)).state.outcome;
    } catch {
      return true; // The command itself will say what is wrong.
    }
    if (!outcome) return true;
    return window.confirm(`Passing now ends the game: ${resultLine(outcome.score, outcome.text)}. Pass anyway?`);
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

  private update(): void {
    saveTurn(this.info.id, this.seatName(), this.turn.saved());
    const state = this.turn.state;
    const interactive = this.myTurn() && !this.turn.turnEnded;
    const waiting = this.seat !== null && this.turn.base.phase === "play" && this.turn.base.to_move !== this.seat && !this.turn.base.outcome;
    this.control.setPremoves(waiting && !this.viewing ? this.seat : null, this.premoves.list, (from, to) => {
      this.premoves.add(from, to);
      this.update();
    });
    if (this.viewing) {
      this.control.show(this.viewing.state, false);
    } else {
      this.control.show(state, interactive);
      // With only pieces to place (a setup, or a turn of arrivals alone), the first kind is chosen.
      if (interactive && this.control.placingKind === null && actingSquares(state).size === 0) {
        const [first] = placeableKinds(state);
        if (first !== undefined) this.control.setPlacing(first);
      }
    }
    if (interactive && state.phase === "play" && !endAction(state)) void this.askEndReason();
    document.title = `${this.myTurn() ? "● Your turn · " : ""}${this.info.scenario.name} · Warlord`;
    this.render();
  }

  /** Asks the rules why what the player tried is not legal, after the turn so far. */
  private async whyNot(proposal: Proposal): Promise<string | null> {
    if (!this.token) return null;
    const answer = await api.refusal(this.info.id, this.token, { ...proposal, actions: [...this.turn.actions], end: false });
    return answer.reason;
  }

  /** Asks the rules (once per turn so far) why the turn may not end yet, and shows it. */
  private async askEndReason(): Promise<void> {
    const key = `${this.turn.base.seq}:${this.turn.actions.join(",")}`;
    if (!this.token || this.endReason?.key === key) return;
    this.endReason = { key, text: null };
    try {
      const answer = await api.refusal(this.info.id, this.token, { actions: [...this.turn.actions], from: null, to: null, place: null, end: true });
      if (this.endReason.key !== key) return;
      this.endReason = { key, text: answer.reason };
      this.render();
    } catch {
      // The button stays greyed out without a reason.
    }
  }

  /** Shows the position after turn `index` of the move list (or, for the turn in play, the live game). */
  private async view(index: number): Promise<void> {
    const turns = this.turn.base.moves;
    if (index >= turns.length - 1 && !turns[index]?.done) {
      this.live();
      return;
    }
    try {
      const state = await this.history.after(index, this.turn.base.seq);
      if (!state) {
        this.live();
        return;
      }
      this.viewing = { index, state };
    } catch (e) {
      toastError(e);
      return;
    }
    this.update();
  }

  /** Back to the live game. */
  private live(): void {
    this.viewing = null;
    this.update();
  }

  private render(): void {
    const base = this.turn.base;
    const yours = this.myTurn();
    const top: Side = this.orientation === "white" ? "black" : "white";
    const over = base.phase === "over";
    replace(
      this.panel,
      h("h2", {}, this.info.scenario.name),
      seatLine(this.info, this.seat),
      playerRow(this.info, this.seat, base, top),
      statusLine(this.info, this.seat, this.turn, yours),
      thinkingLine(this.info, this.turn),
      this.premoves.element(() => this.update()),
      this.viewing ? this.viewingLine(this.viewing.index) : null,
      yours && !this.viewing ? this.turnPanel() : null,
      over ? afterGameButtons(this.info, this.seat) : null,
      h("div", { class: "selection", id: "selection" }),
      playerRow(this.info, this.seat, base, top === "white" ? "black" : "white"),
      tallyTable(base.tallies),
      materialTable(this.info, this.start, base),
      base.hints.commanders.length > 0 ? this.rangesToggle() : null,
      moveList(this.turn.state.moves, this.viewing?.index ?? null, (i) => void this.view(i), "white", this.results.notes(this.turn.state.moves)),
      gameButtons(this.info, this.seat, this.token, base, () => this.flip()),
      this.soundToggle(),
      this.legend,
      this.about,
      invitePanel(this.info.id, this.token),
    );
    this.renderSelection();
    this.tickClocks();
  }

  /** The setup panel (with the palette) during setup, else the turn panel (with the arrivals to place, if any). */
  private turnPanel(): HTMLElement | null {
    const state = this.turn.state;
    if (this.turn.base.phase !== "setup") {
      const arrivals = placeableKinds(state).length > 0 || toPlaceByKind(state).size > 0;
      const palette = arrivals && this.palette ? this.palette.element() : null;
      const key = `${this.turn.base.seq}:${this.turn.actions.join(",")}`;
      const endReason = this.endReason?.key === key ? this.endReason.text : null;
      return turnPanel(this.turn, this.commands, { palette, endReason });
    }
    return this.palette ? setupPanel(this.turn, this.commands, this.palette.element()) : null;
  }

  /** The line shown while an earlier position is on the board, with the way back. */
  private viewingLine(index: number): HTMLElement {
    return h(
      "p",
      { class: "viewing", id: "viewing" },
      `Showing the game after turn ${index + 1} of the move list. `,
      h("button", { type: "button", id: "live", onclick: () => this.live() }, "Back to the game"),
    );
  }

  /** The switch that mutes or unmutes the sounds (remembered). */
  private soundToggle(): HTMLElement {
    return h(
      "label",
      { class: "check" },
      h("input", {
        type: "checkbox",
        id: "mute",
        checked: this.sounds.muted,
        onchange: (e: Event) => {
          this.sounds.muted = (e.target as HTMLInputElement).checked;
        },
      }),
      " Mute sounds",
    );
  }

  /** The check box showing every commander's activation range on the board. */
  private rangesToggle(): HTMLElement {
    return h(
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
      this.turn.base.hints.relays.length > 0 ? " Show activation ranges and the chain of command" : " Show activation ranges",
    );
  }

  private flip(): void {
    this.orientation = this.orientation === "white" ? "black" : "white";
    this.control.board.setOrientation(this.orientation);
    this.render();
  }

  private renderSelection(): void {
    const box = this.panel.querySelector("#selection");
    if (!box) return;
    replace(box, attackList(this.selection));
  }

  private tickClocks(): void {
    const clock = this.turn.base.clock;
    showClocks(this.panel, clock, this.receivedAt);
    if (!clock || this.seat === null) return;
    const low = clock.running === this.seat && timeLeft(clock, this.seat, this.receivedAt, Date.now()) < LOW_TIME_MS;
    if (low && !this.warnedLow) this.sounds.play("low");
    if (clock.running === this.seat) this.warnedLow = low;
  }
}
