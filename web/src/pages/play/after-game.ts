// What a finished game offers its players: a rematch (the same scenario, options and way of
// playing, colours swapped) and a new game from the front page.

import * as api from "../../api/http";
import type { GameInfo, Side } from "../../api/types";
import { rememberGame } from "../../core/storage";
import { h } from "../../ui/dom";
import { toastError } from "../../ui/toast";

/** The buttons after the end of game `info` for the viewer (`seat`; a spectator gets only the new game). */
export function afterGameButtons(info: GameInfo, seat: Side | null): HTMLElement {
  return h(
    "div",
    { class: "buttons after-game", id: "after-game" },
    seat ? h("button", { type: "button", class: "primary", id: "rematch", onclick: () => void rematch(info, seat) }, "Rematch") : null,
    h("a", { class: "button", id: "new-game", href: "/" }, "New game"),
  );
}

/** Creates the rematch and opens it: the viewer takes the other colour. */
async function rematch(info: GameInfo, seat: Side): Promise<void> {
  const side: Side = seat === "white" ? "black" : "white";
  const other: Side = seat;
  try {
    const created = await api.createGame({
      scenario: info.scenario.id,
      options: info.options,
      mode: info.mode,
      clock: info.clock ? { initial_seconds: Math.round(info.clock.initial_ms / 1000), increment_seconds: Math.round(info.clock.increment_ms / 1000) } : undefined,
      ai: info.ai ? { side: other, level: info.ai.level } : undefined,
      public: info.public,
    });
    const mine = created[side];
    if (!mine) throw new Error("the server gave no seat for your side");
    const theirs = created[other];
    rememberGame({
      id: created.id,
      token: mine.token,
      scenario: info.scenario.name,
      seat: side,
      invite: theirs ? location.origin + theirs.path : undefined,
      watch: location.origin + created.spectator.path,
      at: Date.now(),
    });
    location.assign(mine.path);
  } catch (e) {
    toastError(e);
  }
}
