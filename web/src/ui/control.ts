// Playing on the board: select a piece to see where it may go and which commanders could
// order it (with lines to them), click or drag to act, choose a piece kind to place and a
// square to place it. Pointing at a target shows what the action there would do: its path,
// its line of fire, the pieces it carries along and those it captures. When several actions
// share a piece and a target (a move and a shot, a move and a tow, two tows), a chooser lists
// them by what they do. While the other side is to move, the game page may let the viewer
// queue moves of its own pieces (premoves). Used by the game page and the analysis board
// alike; what an action does is the page's business. Everything shown comes from the
// server's state: its legal actions, hints and move list.

import type { GameInfo, LegalAction, Side, StateView } from "../api/types";
import type { BoardLine } from "../board/lines";
import { BoardView, type Highlights, noHighlights, type TargetKind } from "../board/view";
import { actingSquares, actionsFrom, placementsOf } from "../core/turn";
import { actionLabel, actionLines, lastTurnLines, lastTurnSquares } from "./action-marks";
import { h } from "./dom";

/** How the page takes an action chosen on the board. */
export type Act = (action: LegalAction) => void;

/** What the player tried on the board that is not a legal action: a piece (`from` alone), a
 * piece taken to a square (`from` and `to`), or a piece kind put on a square (`place` and `to`). */
export interface Proposal {
  /** The piece's square. */
  from: string | null;
  /** The square it was taken to. */
  to: string | null;
  /** The kind put on `to` (an index into the game's pieces). */
  place: number | null;
}

/** Asks the rules why a proposal is not legal: their sentence, or `null` when they give none. */
export type RefusalAsker = (proposal: Proposal) => Promise<string | null>;

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
  private onPlace: () => void = () => undefined;
  /** While the other side is to move: the viewer's side, whose pieces may be premoved. */
  private premoveSide: Side | null = null;
  private premoveFrom: string | null = null;
  private premoves: { from: string; to: string }[] = [];
  private onPremove: (from: string, to: string) => void = () => undefined;
  private askWhy: RefusalAsker | null = null;

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
        if (!this.interactive) {
          if (this.ownPiece(from)) this.queuePremove(from, to);
          return;
        }
        if (this.selected !== from) this.select(from);
        if (actionsFrom(this.state, from).has(to)) {
          this.chooseAt(to);
        } else {
          this.refuse({ from, to, place: null }, this.unreachableText(from, to));
        }
      },
      canDrag: (sq) => (this.interactive && actingSquares(this.state).has(sq)) || this.ownPiece(sq),
      hover: (sq) => {
        this.hovered = sq;
        // The piece's name on hover (a tooltip).
        const piece = sq ? this.state.pieces.find((p) => p.square === sq) : undefined;
        const name = piece ? this.info.pieces[piece.kind]?.name : undefined;
        this.board.element.title = piece && name ? `${name} (${sideWord(piece.side)}) on ${piece.square}` : "";
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
    this.onPlace();
  }

  /** Called when the kind being placed changes (the page marks it in its palette). */
  onPlacing(listener: () => void): void {
    this.onPlace = listener;
  }

  /**
   * Lets the viewer queue moves of `side`'s pieces (from a square to a square) while the other
   * side is to move (`null`: not now), drawing `queued`; `queue` is called with each new one.
   * The rules are not asked: the page tries them when the turn comes.
   */
  setPremoves(side: Side | null, queued: { from: string; to: string }[], queue: (from: string, to: string) => void): void {
    this.premoveSide = side;
    this.premoves = queued;
    this.onPremove = queue;
    if (side === null) this.premoveFrom = null;
    this.refresh();
  }

  /** Whether a premove may start on `square`: a piece of the viewer's while the other side is to move. */
  private ownPiece(square: string): boolean {
    return this.premoveSide !== null && this.state.pieces.some((p) => p.square === square && p.side === this.premoveSide);
  }

  /** A click while the other side is to move: picks a piece of one's own, then its square to go to. */
  private premoveClick(square: string): void {
    if (this.premoveSide === null) return;
    const from = this.premoveFrom;
    if (from && square !== from && !this.ownPiece(square)) {
      this.queuePremove(from, square);
      return;
    }
    this.premoveFrom = from === square || !this.ownPiece(square) ? null : square;
    this.refresh();
  }

  private queuePremove(from: string, to: string): void {
    this.premoveFrom = null;
    if (from !== to) this.onPremove(from, to);
    this.refresh();
  }

  /** Lets clicks that do nothing ask the rules why (without it, the notes say what the state shows). */
  onRefusal(asker: RefusalAsker): void {
    this.askWhy = asker;
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
    if (!this.interactive) {
      this.premoveClick(square);
      return;
    }
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
      if (place) {
        this.act(place);
        return;
      }
      const kind = this.placing;
      if (!actingSquares(state).has(square)) {
        const name = this.info.pieces[kind]?.name ?? "piece";
        this.refuse({ from: null, to: square, place: kind }, `${name} cannot be placed on ${square}: the marked squares are where it may go.`);
        return;
      }
      // A click on a piece that may act: leave placing for moving it.
      this.setPlacing(null);
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

  /**
   * Says why a click did nothing: the rules' own reason when the page can ask for it (the
   * piece clicked alone, or the selected piece taken to the square), else what the state shows.
   */
  private explain(square: string, from: string | null): void {
    const state = this.state;
    if (actingSquares(state).has(square)) return;
    const piece = state.pieces.find((p) => p.square === square);
    if (from && !(piece && piece.side === state.to_move)) {
      this.refuse({ from, to: square, place: null }, this.unreachableText(from, square));
      return;
    }
    if (!piece) return;
    const name = this.pieceName(square);
    let text: string;
    if (piece.side !== state.to_move) {
      text = `${name} is ${sideWord(piece.side)}'s: it is ${sideWord(state.to_move)}'s turn.`;
    } else if (piece.moved) {
      text = `${name} has already acted this turn.`;
    } else {
      const turnOver = state.legal.every((a) => a.kind === "end");
      text = turnOver ? "No more actions this turn: end the turn." : `${name} has no legal action now.`;
    }
    this.refuse({ from: square, to: null, place: null }, text);
  }

  /** The note for a piece that cannot reach a square, from the state alone. */
  private unreachableText(from: string, to: string): string {
    return `${this.pieceName(from)} cannot reach ${to}: the marked squares are where it may go.`;
  }

  /** `The Infantry on e4` (or `That piece`). */
  private pieceName(square: string): string {
    const piece = this.state.pieces.find((p) => p.square === square);
    const kind = piece ? this.info.pieces[piece.kind] : undefined;
    return kind ? `The ${kind.name} on ${square}` : "That piece";
  }

  /** Notes why `proposal` did nothing: the rules' reason when they give one, else `fallback`. */
  private refuse(proposal: Proposal, fallback: string): void {
    const ask = this.askWhy;
    if (!ask) {
      this.onNote(fallback);
      return;
    }
    const shown = this.state;
    ask(proposal).then(
      (reason) => {
        if (this.state === shown) this.onNote(reason ? sentence(reason) : fallback);
      },
      () => {
        if (this.state === shown) this.onNote(fallback);
      },
    );
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
    if (this.interactive) {
      // The orders each commander of the side to move has left this turn, where it may give
      // more than one or has none left (`hints.commanders`).
      for (const c of state.hints.commanders) {
        if (c.side !== state.to_move || (c.capacity <= 1 && c.left > 0) || marks.labels.has(c.square)) continue;
        marks.labels.set(c.square, { text: `${c.left}/${c.capacity}`, good: c.left > 0 });
      }
    }
    if (this.premoveSide !== null) {
      marks.selected = this.premoveFrom;
      for (const p of this.premoves) marks.lines.push({ kind: "premove", squares: [p.from, p.to] });
    }
    if (this.ranges) {
      // With a piece selected, only the areas of the commanders that could order it: the
      // areas of a whole army overlap into one tint.
      const link = this.selected ? state.hints.links.find((l) => l.square === this.selected) : undefined;
      const shown = link ? state.hints.commanders.filter((c) => link.commanders.includes(c.square)) : state.hints.commanders;
      marks.ranges = shown.map((c) => ({ square: c.square, area: c.area, side: c.side, spent: c.left === 0 }));
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

/** The rules' reason as a sentence: capitalised, with a full stop. */
function sentence(reason: string): string {
  const text = reason.charAt(0).toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
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
