// The panel of the viewer's turn being built on the game page: in play, the actions so far
// with undo and pass or end (send) turn; in setup, the palette with random fill, undo, clear
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

/** The turn panel in play: the actions proposed so far, undo, and pass (nothing proposed) or end turn. */
export function turnPanel(turn: TurnBuilder, commands: TurnCommands): HTMLElement {
  const proposed = turn.actions;
  const end = endAction(turn.state);
  const busy = commands.busy();
  return h(
    "div",
    { class: "turn-panel" },
    h("p", { class: "muted" }, proposed.length > 0 ? "This turn so far (not sent yet):" : "Select a piece to see where it may go."),
    proposed.length > 0 ? h("ol", { class: "proposed", id: "proposed" }, ...proposed.map((a) => h("li", {}, a))) : null,
    h(
      "div",
      { class: "buttons" },
      undoButton(turn, commands),
      proposed.length === 0
        ? h("button", { type: "button", id: "pass", disabled: !end || busy, onclick: () => { if (end) commands.send([end.text]); } }, "Pass")
        : h(
            "button",
            { type: "button", id: "end-turn", class: "primary", disabled: (!end && !turn.turnEnded) || busy, onclick: () => commands.send(turn.turnToSend()) },
            turn.turnEnded ? "Send turn" : "End turn",
          ),
    ),
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
