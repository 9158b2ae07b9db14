// Playing on the board: select a piece to see where it may go and which commanders could
// order it (with lines to them), click or drag to act, choose a piece kind to place and a
// square to place it. Pointing at a target shows what the action there would do: its path,
// its line of fire, the pieces it carries along and those it captures. When several actions
// share a piece and a target (a move and a shot, a move and a tow, two tows), a chooser lists
// them by what they do. Used by the game page and the analysis board alike; what an action
// does is the page's business. Everything shown comes from the server's state: its legal
// actions, hints and move list.

import type { GameInfo, LegalAction, Side, StateView } from "../api/types";
import type { BoardLine } from "../board/lines";
import { BoardView, type Highlights, noHighlights, type TargetKind } from "../board/view";
import { actingSquares, actionsFrom, placementsOf } from "../core/turn";
import { actionLabel, actionLines, lastTurnLines, lastTurnSquares } from "./action-marks";
import { h } from "./dom";

/** How the page takes an action chosen on the board. */
export type Act = (action: LegalAction) => void;

/** Board interaction over a game's state. */
export class BoardControl {
  /** The board. */
  readonly board: BoardView;
  private interactive = false;
  private selected: string | null = null;
  private placing: number | null = null;
  private ranges = false;
  /** The square under the pointer. */
  private hovered: string | null = null;
  /** The chooser's action under the pointer, if any. */
  private looked: LegalAction | null = null;
  /** The open chooser, if any, and the actions it offers. */
  private menu: HTMLElement | null = null;
  private menuOptions: LegalAction[] = [];
  private onSelect: (actions: LegalAction[]) => void = () => undefined;
  private onNote: (text: string) => void = () => undefined;
  /** Lines the page adds over the board (the analysis board's best turn). */
  private extraLines: BoardLine[] = [];

  /** A board for `info`, seen from `orientation`, showing `state` until told otherwise. */
  constructor(
    private readonly info: GameInfo,
    orientation: Side,
    private state: StateView,
    private readonly act: Act,
  ) {
    this.board = new BoardView(info, orientation, {
      click: (sq) => this.click(sq),
      dragStart: (sq) => this.select(sq),
      drop: (from, to) => {
        if (this.selected !== from) this.select(from);
        this.chooseAt(to);
      },
      canDrag: (sq) => this.interactive && actingSquares(this.state).has(sq),
      hover: (sq) => {
        this.hovered = sq;
        if (this.selected) this.refresh();
      },
    });
    this.show(state, false);
  }

  /** Shows a state; `interactive` lets the viewer act on it. Keeps a selection that still applies. */
  show(state: StateView, interactive: boolean): void {
    this.state = state;
    this.interactive = interactive;
    this.board.setPieces(state.pieces);
    if (this.selected && !actingSquares(state).has(this.selected)) this.selected = null;
    if (this.placing !== null && placementsOf(state, this.placing).size === 0) this.placing = null;
    this.closeMenu();
    this.refresh();
  }

  /** Chooses the piece kind to place (an index into the game's pieces), or none. */
  setPlacing(kind: number | null): void {
    this.placing = kind;
    this.selected = null;
    this.refresh();
  }

  /** The piece kind being placed. */
  get placingKind(): number | null {
    return this.placing;
  }

  /** Shows or hides every commander's area (`hints.commanders`). */
  setRanges(on: boolean): void {
    this.ranges = on;
    this.refresh();
  }

  /** Draws these lines over the board besides the control's own (none by default). */
  setExtraLines(lines: BoardLine[]): void {
    this.extraLines = lines;
    this.refresh();
  }

  /** Called with the selected piece's actions whenever the selection changes. */
  onSelection(listener: (actions: LegalAction[]) => void): void {
    this.onSelect = listener;
  }

  private click(square: string): void {
    if (!this.interactive) return;
    // With the chooser open, a click on a piece taking part in just one of its actions (the
    // piece a tow would take along) chooses that action.
    const joined = this.menuOptions.filter((a) => a.with.includes(square) || a.carries.some((c) => c.from === square));
    this.closeMenu();
    if (joined.length === 1 && joined[0]) {
      this.selected = null;
      this.act(joined[0]);
      return;
    }
    const state = this.state;
    if (this.placing !== null) {
      const place = placementsOf(state, this.placing).get(square);
      if (place) this.act(place);
      return;
    }
    if (this.selected && actionsFrom(state, this.selected).has(square)) {
      this.chooseAt(square);
      return;
    }
    const direct = state.legal.filter((a) => a.from === null && a.to === square && a.kind !== "place");
    if (direct.length > 0 && !actingSquares(state).has(square)) {
      this.pick(direct);
      return;
    }
    const from = this.selected;
    this.select(this.selected === square ? null : square);
    if (from !== square) this.explain(square, from);
  }

  /** Says why a click did nothing (the rules' reasons are the server's; these are what the state shows). */
  private explain(square: string, from: string | null): void {
    const state = this.state;
    if (actingSquares(state).has(square)) return;
    const piece = state.pieces.find((p) => p.square === square);
    const name = (p: { kind: number }): string => this.info.pieces[p.kind]?.name ?? "piece";
    let text: string | null = null;
    if (piece && piece.side !== state.to_move) {
      text = `The ${name(piece)} on ${square} is ${sideWord(piece.side)}'s: it is ${sideWord(state.to_move)}'s turn.`;
    } else if (piece && piece.moved) {
      text = `The ${name(piece)} on ${square} has already acted this turn.`;
    } else if (piece) {
      const turnOver = state.legal.every((a) => a.kind === "end");
      text = turnOver
        ? "No more actions this turn: end the turn."
        : `The ${name(piece)} on ${square} has no legal action now.`;
    } else if (from) {
      const mover = state.pieces.find((p) => p.square === from);
      text = `${mover ? `The ${name(mover)} on ${from}` : "That piece"} cannot reach ${square}: the marked squares are where it may go.`;
    }
    if (text) this.onNote(text);
  }

  /** Called with a sentence when a click did nothing, saying why. */
  onExplain(listener: (text: string) => void): void {
    this.onNote = listener;
  }

  private select(square: string | null): void {
    const acting = square !== null && actingSquares(this.state).has(square);
    this.selected = acting ? square : null;
    this.refresh();
  }

  private chooseAt(square: string): void {
    if (!this.selected) return;
    const options = actionsFrom(this.state, this.selected).get(square);
    if (options) this.pick(options);
  }

  /** Takes the one action, or opens a chooser among several (each named by what it does). */
  private pick(options: LegalAction[]): void {
    if (options.length === 1 && options[0]) {
      this.selected = null;
      this.act(options[0]);
      return;
    }
    this.closeMenu();
    const joining = options.some((a) => a.with.length > 0 || a.carries.length > 0);
    const menu = h(
      "div",
      { class: "chooser", id: "chooser", role: "menu" },
      h("p", {}, joining ? "Which action? (Or click the piece that takes part.)" : "Which action?"),
    );
    // An entry acts only on a click whose press began on it after the chooser opened: on a
    // phone the tap that opens the chooser (on pointerup) is followed by its click, which would
    // otherwise land on the entry that just opened under the finger. A click from the keyboard
    // (detail 0) has no press.
    let pressed: EventTarget | null = null;
    menu.addEventListener("pointerdown", (e) => {
      pressed = e.target instanceof Element ? e.target.closest("button") : null;
    });
    const deliberate = (e: Event, item: EventTarget): boolean => (e instanceof MouseEvent && e.detail === 0) || pressed === item;
    for (const action of options) {
      const item: HTMLButtonElement = h(
        "button",
        {
          type: "button",
          role: "menuitem",
          "data-action": action.text,
          onclick: (e: Event) => {
            if (!deliberate(e, item)) return;
            this.closeMenu();
            this.selected = null;
            this.act(action);
          },
        },
        actionLabel(this.info, this.state, action),
        action.combat ? ` — ${combatText(action)}` : "",
        " ",
        h("code", {}, action.text),
      );
      item.addEventListener("mouseenter", () => this.look(action));
      item.addEventListener("focus", () => this.look(action));
      item.addEventListener("mouseleave", () => this.look(null));
      menu.append(item);
    }
    const cancel: HTMLButtonElement = h("button", { type: "button", class: "secondary", onclick: (e: Event) => deliberate(e, cancel) && this.closeMenu() }, "Cancel");
    menu.append(cancel);
    this.menu = menu;
    this.menuOptions = options;
    this.board.element.append(menu);
    this.placeMenu(menu, options);
  }

  /**
   * Puts the chooser where it covers neither the target nor the paths drawn to it: on the half
   * of the board away from them (on a phone, a sheet at the bottom of the screen, by CSS).
   */
  private placeMenu(menu: HTMLElement, options: LegalAction[]): void {
    const squares = options.flatMap((a) => [a.from, a.to, ...a.with, ...a.carries.flatMap((c) => [c.from, c.to])]);
    const boxes = squares.flatMap((sq) => (sq ? [this.board.squareBox(sq)] : [])).filter((b) => b !== null);
    const height = this.board.element.clientHeight;
    if (boxes.length === 0 || height === 0) return;
    const top = Math.min(...boxes.map((b) => b.y));
    const bottom = Math.max(...boxes.map((b) => b.y + b.size));
    // The side with more room, away from the squares.
    if (top > height - bottom) {
      menu.classList.add("at-top");
    } else {
      menu.classList.add("at-bottom");
    }
  }

  /** Shows what a chooser's action would do (none: back to the pointer's square). */
  private look(action: LegalAction | null): void {
    this.looked = action;
    this.refresh();
  }

  private closeMenu(): void {
    this.menu?.remove();
    this.menu = null;
    this.menuOptions = [];
    this.looked = null;
  }

  private refresh(): void {
    const state = this.state;
    const marks: Highlights = noHighlights();
    marks.last = lastTurnSquares(state);
    marks.lines = [...lastTurnLines(state), ...this.extraLines];
    // Lasting states the rules name on pieces (a paratrooper prepared to leap).
    for (const m of state.hints.marks) marks.labels.set(m.square, { text: m.label, good: true });
    let chosen: LegalAction[] = [];
    if (this.interactive && this.placing !== null) {
      for (const sq of placementsOf(state, this.placing).keys()) marks.targets.set(sq, "place");
    } else if (this.interactive && this.selected) {
      marks.selected = this.selected;
      for (const [to, actions] of actionsFrom(state, this.selected)) {
        chosen = chosen.concat(actions);
        marks.targets.set(to, targetKind(actions));
        const attack = actions.find((a) => a.combat);
        if (attack?.combat) {
          marks.labels.set(to, { text: `${attack.combat.offence}:${attack.combat.defence}`, good: attack.combat.success });
        }
      }
      const link = state.hints.links.find((l) => l.square === this.selected);
      for (const sq of link?.commanders ?? []) {
        marks.commanders.add(sq);
        if (sq !== this.selected) marks.lines.push({ kind: "command", squares: [sq, this.selected] });
      }
      // What the actions under the pointer (or the chooser's) would do.
      const looked = this.looked ? [this.looked] : (actionsFrom(state, this.selected).get(this.hovered ?? "") ?? []);
      for (const action of looked) {
        marks.lines.push(...actionLines(action));
        if (action.kind !== "attack" || action.combat?.success) for (const sq of action.captures) marks.captures.add(sq);
      }
    }
    if (this.interactive) {
      // Actions named by their target alone (`attack c4`: every adjacent piece joins).
      for (const a of state.legal) {
        if (a.from !== null || !a.to || a.kind === "place") continue;
        chosen.push(a);
        marks.targets.set(a.to, targetKind([a]));
        if (a.combat) marks.labels.set(a.to, { text: `${a.combat.offence}:${a.combat.defence}`, good: a.combat.success });
      }
    }
    if (this.ranges) {
      marks.ranges = state.hints.commanders.map((c) => ({ area: c.area, side: c.side, spent: c.left === 0 }));
      for (const r of state.hints.relays) marks.lines.push({ kind: "relay", squares: [r.from, r.to] });
    }
    this.board.setHighlights(marks);
    this.onSelect(chosen);
  }
}

/** The attacks among `actions`, each with its strength against defence; `null` if none. */
export function attackList(actions: LegalAction[]): HTMLElement | null {
  const attacks = actions.filter((a) => a.combat);
  if (attacks.length === 0) return null;
  return h(
    "div",
    { class: "attacks" },
    h("strong", {}, "Attacks, before you make them:"),
    h("ul", {}, ...attacks.map((a) => h("li", { class: a.combat?.success ? "good" : "bad" }, `${a.text}: ${combatText(a)}`))),
  );
}

/** Attack strength against defence, for people. */
export function combatText(action: LegalAction): string {
  const c = action.combat;
  if (!c) return "";
  return `strength ${c.offence} against defence ${c.defence}: ${c.success ? "succeeds" : "fails"}`;
}

/** A side's name for people. */
function sideWord(side: Side): string {
  return side.charAt(0).toUpperCase() + side.slice(1);
}

function targetKind(actions: LegalAction[]): TargetKind {
  const kinds = new Set(actions.map((a) => a.kind));
  if (kinds.has("attack")) return "attack";
  if (kinds.has("fire")) return "fire";
  if (kinds.has("swap")) return "swap";
  return actions.some((a) => a.captures.length > 0) ? "capture" : "move";
}
