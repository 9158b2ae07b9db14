// The game page's buttons about the whole game: turn the board round, offer, accept or decline
// a draw, ask for a takeback or answer one, resign, export the record, and replay or analyse the game on the analysis board.

import * as api from "../../api/http";
import type { GameInfo, Side, StateView } from "../../api/types";
import { setAnalysisLine } from "../../core/storage";
import { h } from "../../ui/dom";
import { toastError } from "../../ui/toast";
import { lineFromRecord } from "../analysis";

/** The game buttons for the viewer (`seat`, holding `token`) of game `info` in `state` (the server's); `flip` turns the board round. */
export function gameButtons(info: GameInfo, seat: Side | null, token: string | null, state: StateView, flip: () => void): HTMLElement {
  const over = state.phase === "over";
  const offer = state.draw_offer;
  const seated = seat !== null && !over;
  const offered = seated && offer && offer !== seat;
  const takeback = state.takeback_offer;
  const askedOfMe = seated && takeback !== null && takeback !== seat;
  const canAsk = seated && state.phase === "play" && takeback === null && state.moves.some((t) => t.side === seat && t.done && !t.setup);
  const send = (body: api.GameCommand, confirmText?: string) => () => void command(info.id, token, body, confirmText);
  const recordHref = `/api/games/${encodeURIComponent(info.id)}/record${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  return h(
    "div",
    { class: "buttons game-buttons" },
    h("button", { type: "button", title: "Turn the board round", onclick: flip }, "Flip board"),
    offered ? h("button", { type: "button", onclick: send({ type: "accept-draw" }) }, "Accept draw") : null,
    offered ? h("button", { type: "button", onclick: send({ type: "decline-draw" }) }, "Decline draw") : null,
    seated && !offer ? h("button", { type: "button", onclick: send({ type: "offer-draw" }) }, "Offer draw") : null,
    askedOfMe ? h("button", { type: "button", id: "accept-takeback", onclick: send({ type: "accept-takeback" }) }, "Accept takeback") : null,
    askedOfMe ? h("button", { type: "button", id: "decline-takeback", onclick: send({ type: "decline-takeback" }) }, "Decline takeback") : null,
    canAsk ? h("button", { type: "button", id: "takeback", title: takebackHelp, onclick: send({ type: "offer-takeback" }) }, "Takeback") : null,
    seated && takeback === seat ? h("button", { type: "button", id: "takeback", disabled: true }, "Takeback asked…") : null,
    seated ? h("button", { type: "button", class: "danger", onclick: send({ type: "resign" }, "Resign this game?") }, "Resign") : null,
    h("a", { class: "button", href: recordHref, download: `warlord-${info.id}.txt`, id: "export" }, "Export record"),
    h("button", { type: "button", id: "replay", onclick: () => void replay(info.id, token) }, over ? "Replay" : "Analyse"),
  );
}

/** What the takeback button asks for. */
const takebackHelp = "Ask to take back your last turn (and your opponent's turn after it, if they have played); the computer always agrees";

/** Sends a command about the game (after `confirmText`'s question, if any, is answered yes); a refusal is shown. */
async function command(gameId: string, token: string | null, body: api.GameCommand, confirmText?: string): Promise<void> {
  if (!token || (confirmText && !window.confirm(confirmText))) return;
  try {
    await api.command(gameId, token, body);
  } catch (e) {
    toastError(e);
  }
}

/** Opens the game's record on the analysis board. */
async function replay(gameId: string, token: string | null): Promise<void> {
  try {
    const text = await api.record(gameId, token);
    setAnalysisLine(await lineFromRecord(text, `Game ${gameId}`));
    location.assign("/analysis");
  } catch (e) {
    toastError(e);
  }
}
