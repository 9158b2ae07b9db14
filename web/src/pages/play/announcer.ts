// What each new state of the game is announced with: the pieces captured and the attacks'
// results (a message), a sound for a move, a capture and the viewer's turn, a declined draw
// offer of the viewer's, and a takeback: the viewer's request granted or declined, or turns
// taken back at the opponent's request.

import type { GameInfo, Side, StateView } from "../../api/types";
import type { Sounds } from "../../ui/sound";
import { toast } from "../../ui/toast";
import { changeBetween } from "./material";

/** Announces what each new server state changed since the one before. */
export class Announcer {
  private shown: StateView | null = null;

  /** For the viewer (`seat`) of game `info`, with its sounds. */
  constructor(
    private readonly info: GameInfo,
    private readonly seat: Side | null,
    private readonly sounds: Sounds,
  ) {}

  /** Announces what `state` changed since the last state given (nothing for the first). */
  announce(state: StateView): void {
    const before = this.shown;
    this.shown = state;
    if (!before || state.seq <= before.seq) return;
    const change = changeBetween(this.info, this.seat, before, state);
    if (change.lines.length > 0) toast(change.lines.join(" "), "info", 6000);
    const seat = this.seat;
    const mine = (s: StateView): boolean => seat !== null && s.to_move === seat && s.phase !== "over";
    if (change.captured) this.sounds.play("capture");
    else if (state.moves.length !== before.moves.length || state.turns_played !== before.turns_played) this.sounds.play("move");
    if (mine(state) && !mine(before)) this.sounds.play("turn");
    if (seat !== null && before.draw_offer === seat && state.draw_offer === null && !state.outcome) {
      toast("Your draw offer was declined.", "info", 6000);
    }
    // Turns are only taken back at a request: the viewer's unless the opponent's was pending
    // (the computer grants one in the same update as it is asked).
    const takenBack = state.moves.length < before.moves.length;
    const mineAsked = seat !== null && before.takeback_offer !== (seat === "white" ? "black" : "white");
    if (takenBack) {
      toast(mineAsked ? "Your takeback was accepted." : "Turns were taken back.", "info", 6000);
    } else if (seat !== null && before.takeback_offer === seat && state.takeback_offer === null && !state.outcome) {
      toast("Your takeback request was declined.", "info", 6000);
    }
  }
}
