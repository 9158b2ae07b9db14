// The game page's status: who the viewer is and how the game is played, then whose setup or
// turn it is with the actions left this turn (or the result), and a draw offered or a takeback
// asked of the viewer.

import type { GameInfo, Side } from "../../api/types";
import { resultLine } from "../../core/notation";
import type { TurnBuilder } from "../../core/turn";
import { h } from "../../ui/dom";
import { clockText } from "../home/challenges";

/** A side's name for people: `White`, `Black`. */
export function sideName(side: Side): string {
  return side.charAt(0).toUpperCase() + side.slice(1);
}

/** Which side the viewer plays (or that they watch), and how the game is played: live, clocked, against the computer. */
export function seatLine(info: GameInfo, seat: Side | null): HTMLElement {
  return h("p", { class: "muted" }, seat ? `You play ${sideName(seat)}` : "You are watching: only the players can move.", ` · ${modeText(info)}`);
}

/** The status line of the turn being built; `yours` marks it when the viewer is the one to act. */
export function statusLine(info: GameInfo, seat: Side | null, turn: TurnBuilder, yours: boolean): HTMLElement {
  return h("p", { class: `status${yours ? " yours" : ""}`, id: "status" }, statusText(info, seat, turn));
}

/** The result; or whose setup it is; or whose turn, with how many of its actions are left and any draw offered or takeback asked of the viewer. */
function statusText(info: GameInfo, seat: Side | null, turn: TurnBuilder): string {
  const base = turn.base;
  const state = turn.state;
  if (base.outcome) return resultLine(base.outcome.score, base.outcome.text);
  const who = base.to_move === seat ? "Your" : `${sideName(base.to_move)}'s`;
  if (base.phase === "setup") {
    return base.to_move === seat ? "Your setup: place your pieces inside your zone, then commit." : `${sideName(base.to_move)} is setting up (hidden until both commit).`;
  }
  const draw = base.draw_offer && base.draw_offer !== seat ? ` · ${sideName(base.draw_offer)} offers a draw` : "";
  const takeback = base.takeback_offer && base.takeback_offer !== seat ? ` · ${sideName(base.takeback_offer)} asks for a takeback` : "";
  const offer = draw + takeback;
  // A turn the proposed actions ended shows the next side's turn in `state`: it is full.
  if (turn.turnEnded) return `${who} turn · all ${base.turn.cap} ${info.turn_unit} used: send the turn${offer}`;
  const left = Math.max(0, state.turn.cap - state.turn.actions.length);
  return `${who} turn · ${left} of ${state.turn.cap} ${info.turn_unit} left${offer}`;
}

/** While the computer is to move: a line saying it is thinking; else `null`. */
export function thinkingLine(info: GameInfo, turn: TurnBuilder): HTMLElement | null {
  const base = turn.base;
  if (!info.ai || base.outcome || base.to_move !== info.ai.side) return null;
  return h("p", { class: "thinking", id: "thinking", role: "status" }, h("span", { class: "spinner", "aria-hidden": "true" }), "The computer is thinking…");
}

/** How the game is played, for people. */
function modeText(info: GameInfo): string {
  if (info.mode === "ai") return "against the computer";
  if (info.clock) return `live, ${clockText(info.clock)}`;
  return info.mode === "live" ? "live" : "correspondence";
}
