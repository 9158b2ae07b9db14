// Earlier positions of a game on its page: a click on a turn of the move list shows the game
// as it stood after that turn (the game's record read and replayed by the server, as the
// analysis board does), until the player goes back to the live game.

import * as api from "../../api/http";
import type { GameInfo, ParsedRecord, StateView } from "../../api/types";

/** The record of a game read once per state of it, and positions replayed from it. */
export class GameHistory {
  private parsed: { seq: number; record: Promise<ParsedRecord> } | null = null;

  /** For game `info`, read with `token`. */
  constructor(
    private readonly info: GameInfo,
    private readonly token: string | null,
  ) {}

  /**
   * The game after its turn `index` (counted as the move list counts them, from 0), as a
   * spectator sees it; `null` when the record does not have that turn finished yet.
   */
  async after(index: number, seq: number): Promise<StateView | null> {
    if (!this.parsed || this.parsed.seq !== seq) {
      const record = api.record(this.info.id, this.token).then((text) => api.parseRecord(text));
      this.parsed = { seq, record };
    }
    let parsed;
    try {
      parsed = await this.parsed.record;
    } catch (e) {
      this.parsed = null;
      throw e;
    }
    const turn = parsed.turns[index];
    if (!turn) return null;
    const actions = parsed.actions.slice(0, turn.end).map((a) => a.text);
    const answer = await api.analysis(parsed.scenario, parsed.options, actions, "spectator");
    return answer.state;
  }
}
