// The front page's open challenges: games whose creator waits for an opponent, each with its
// scenario, its clock, who waits with the side offered, how long they have waited, and Join
// (or Cancel, for this browser's own challenge). The list is read again every few seconds.

import * as api from "../../api/http";
import type { ClockConfig, LobbyEntry, Side } from "../../api/types";
import { myGames, rememberGame } from "../../core/storage";
import { h, replace } from "../../ui/dom";
import { toastError } from "../../ui/toast";
import { sideName } from "../play/status";
import "./challenges.css";

/** How often the list is read again (milliseconds). */
const REFRESH_MS = 5000;

/** The open challenges' panel; it refreshes itself while it is on the page. */
export function challengesPanel(): HTMLElement {
  const list = h("ul", { class: "challenges", id: "challenge-list" }, h("li", { class: "muted" }, "Loading…"));
  const panel = h("section", { class: "panel", id: "challenges" }, h("h2", {}, "Open challenges"), list);
  const refresh = async (): Promise<void> => {
    try {
      const open = await api.lobby(true);
      replace(list, ...(open.length === 0 ? [h("li", { class: "muted" }, "Nobody is waiting for an opponent.")] : open.map((g) => challengeItem(g, () => void refresh()))));
    } catch {
      replace(list, h("li", { class: "muted" }, "The lobby is not available."));
    }
  };
  void refresh();
  const timer = window.setInterval(() => {
    if (!panel.isConnected) window.clearInterval(timer);
    else void refresh();
  }, REFRESH_MS);
  return panel;
}

/** One challenge: what it is, who waits, and Join or (for one's own) Cancel. */
function challengeItem(g: LobbyEntry, refresh: () => void): HTMLElement {
  const offered = g.open_side ?? "white";
  const waiting = otherSide(offered);
  const own = myGames().find((m) => m.id === g.id && m.seat === waiting);
  const button = own
    ? h("button", { type: "button", class: "cancel-challenge", onclick: () => void cancel(g.id, own.token, refresh) }, "Cancel")
    : h("button", { type: "button", class: "primary join", onclick: () => void join(g) }, "Join");
  return h(
    "li",
    { class: "challenge", "data-id": g.id },
    h("strong", { class: "challenge-scenario" }, g.scenario_name),
    h("span", { class: "challenge-clock" }, clockText(g.clock)),
    h("span", { class: "challenge-who" }, `${g.challenger ?? "Someone"} (${sideName(waiting)}) waits: you play ${sideName(offered)}`),
    h("span", { class: "challenge-waited muted" }, `waiting ${waitedText(Date.now() - g.created_ms)}`),
    button,
  );
}

/** Takes the challenge's seat and opens the game. */
async function join(g: LobbyEntry): Promise<void> {
  try {
    const seat = await api.joinChallenge(g.id);
    rememberGame({ id: seat.id, token: seat.token, scenario: g.scenario_name, seat: seat.side, at: Date.now() });
    location.assign(seat.path);
  } catch (e) {
    toastError(e);
  }
}

/** Cancels one's own challenge, then reads the list again. */
async function cancel(id: string, token: string, refresh: () => void): Promise<void> {
  try {
    await api.cancelChallenge(id, token);
  } catch (e) {
    toastError(e);
  }
  refresh();
}

/** A clock for people: `5 min + 5 s`, or correspondence. */
export function clockText(clock: ClockConfig | null): string {
  if (!clock) return "correspondence";
  const minutes = Math.round(clock.initial_ms / 60000);
  return `${minutes} min + ${Math.round(clock.increment_ms / 1000)} s`;
}

/** A wait for people: `12 s`, `3 min`, `2 h`. */
export function waitedText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  return `${Math.floor(s / 3600)} h`;
}

function otherSide(side: Side): Side {
  return side === "white" ? "black" : "white";
}
