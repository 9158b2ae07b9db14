// The panel of the viewer's turn being built on the game page: in play, the arrivals to place,
// the actions so far with undo and pass or end (send) turn (and the rules' reason when the
// turn may not end yet); in setup, the palette with random fill, undo, clear
// and commit.

import { endAction, placeableKinds, type TurnBuilder } from "../../core/turn";
import { h } from "../../ui/dom";

/** What the turn panels' buttons ask of the page. */
export interface TurnCommands {
  /** Whether a proposal or a send is under way (the buttons wait for it). */
  busy(): boolean;
  /** Takes back the last proposed action. */
  undo(): void;
  /** Sends these actions as the turn. */
  send(actions: string[]): void;
  /** Places the rest of the setup at random. */
  fill(): void;
  /** Takes back every proposed action. */
  clear(): void;
}

/** What the play panel shows besides the turn: the arrivals to place, and why the turn may not end. */
export interface TurnExtras {
  /** The palette of pieces waiting to be placed (arrivals), if any. */
  palette: HTMLElement | null;
  /** The rules' reason why the turn may not end now, when End turn is greyed out. */
  endReason: string | null;
}

/** The turn panel in play: the arrivals to place, the actions proposed so far, undo, and pass (nothing proposed) or end turn. */
export function turnPanel(turn: TurnBuilder, commands: TurnCommands, extras: TurnExtras): HTMLElement {
  const proposed = turn.actions;
  const end = endAction(turn.state);
  const busy = commands.busy();
  const blocked = !end && !turn.turnEnded;
  return h(
    "div",
    { class: "turn-panel" },
    extras.palette ? h("div", { class: "arrivals" }, h("p", { class: "muted" }, "Pieces to place: choose one, then click a square marked blue (or drag it there)."), extras.palette) : null,
    h("p", { class: "muted" }, proposed.length > 0 ? "This turn so far (not sent yet):" : "Select a piece to see where it may go."),
    turn.state.hints.commanders.length > 0
      ? h("p", { class: "muted help", id: "command-help" }, "Blue rings: the leaders that could order the selected piece. A label left/total on a leader: its orders left this turn (red when spent).")
      : null,
    proposed.length > 0 ? h("ol", { class: "proposed", id: "proposed" }, ...proposed.map((a) => h("li", {}, a))) : null,
    h(
      "div",
      { class: "buttons" },
      undoButton(turn, commands),
      proposed.length === 0
        ? h("button", { type: "button", id: "pass", disabled: !end || busy, onclick: () => { if (end) commands.send([end.text]); } }, "Pass")
        : h(
            "button",
            { type: "button", id: "end-turn", class: "primary", disabled: blocked || busy, onclick: () => commands.send(turn.turnToSend()) },
            turn.turnEnded ? "Send turn" : "End turn",
          ),
    ),
    blocked && extras.endReason ? h("p", { class: "end-reason", id: "end-reason" }, extras.endReason) : null,
  );
}

/** The turn panel in setup: `palette` (the pieces to place), random fill, undo, clear, and commit. */
export function setupPanel(turn: TurnBuilder, commands: TurnCommands, palette: HTMLElement): HTMLElement {
  const end = endAction(turn.state);
  const placed = turn.actions.length;
  const busy = commands.busy();
  return h(
    "div",
    { class: "turn-panel" },
    palette,
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "button", id: "random-fill", disabled: placeableKinds(turn.state).length === 0 || busy, onclick: () => commands.fill() }, "Random fill"),
      undoButton(turn, commands),
      h("button", { type: "button", id: "clear", disabled: placed === 0 || busy, onclick: () => commands.clear() }, "Clear"),
      h("button", { type: "button", id: "commit", class: "primary", disabled: !end || busy, onclick: () => commands.send(turn.turnToSend()) }, "Commit setup"),
    ),
  );
}

/** Takes back the last proposed action (none proposed: disabled). */
function undoButton(turn: TurnBuilder, commands: TurnCommands): HTMLElement {
  return h("button", { type: "button", id: "undo", disabled: turn.actions.length === 0 || commands.busy(), onclick: () => commands.undo() }, "Undo");
}
