// The players' rows on the game page: each side's colour and who plays it (you, the opponent,
// the computer), marked while it is to move, with its clock counted down locally between the
// server's updates when the game has clocks.

import type { ClockView, GameInfo, Side, StateView } from "../../api/types";
import { formatClock, timeLeft } from "../../ui/clock";
import { h } from "../../ui/dom";
import { sideName } from "./status";

/** Under this much time left (in milliseconds) a clock is shown as low. */
export const LOW_TIME_MS = 20_000;

/** The row of `side` in `state`, as the viewer (`seat`) sees it; its clock is left empty for `showClocks`. */
export function playerRow(info: GameInfo, seat: Side | null, state: StateView, side: Side): HTMLElement {
  const ai = info.ai?.side === side;
  // A spectator watches two players (the API has no names for them): neither is an "Opponent".
  const person = seat === null ? "Player" : side === seat ? "You" : "Opponent";
  const name = ai ? `Computer (level ${info.ai?.level})` : person;
  return h(
    "div",
    { class: `player ${side}${state.to_move === side && !state.outcome ? " to-move" : ""}` },
    h("span", { class: `dot ${side}` }),
    h("span", {}, `${sideName(side)} · ${name}`),
    state.clock ? h("span", { class: "clock", "data-side": side }, "") : null,
  );
}

/** Sets the clocks of the player rows in `within` to the time left now, `clock` having been received at local time `receivedAt`. */
export function showClocks(within: ParentNode, clock: ClockView | null, receivedAt: number): void {
  if (!clock) return;
  for (const el of within.querySelectorAll<HTMLElement>(".clock")) {
    const side = el.dataset.side as Side;
    const ms = timeLeft(clock, side, receivedAt, Date.now());
    el.textContent = formatClock(ms);
    el.classList.toggle("running", clock.running === side);
    el.classList.toggle("low", ms < LOW_TIME_MS);
  }
}
