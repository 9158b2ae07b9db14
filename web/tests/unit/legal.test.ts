import { describe, expect, it } from "vitest";
import { fillLegal, fillState, withFilledState } from "../../src/api/legal";
import { applyDelta } from "../../src/api/socket";
import type { StateDelta, WireLegalAction, WireStateView } from "../../src/api/types";
import { deltaOf, END, move, state } from "./fixtures";

/** A move as the server sends it: its empty lists and nulls left out. */
const SENT: WireLegalAction = { text: "a1-a2", kind: "move", from: "a1", to: "a2", place: null, carries: [] };

describe("legal actions sent without their empty fields", () => {
  it("get every field back, empty or null", () => {
    expect(fillLegal(SENT)).toEqual(move("a1", "a2"));
  });

  it("keep the fields the server sent", () => {
    const shot: WireLegalAction = { ...SENT, kind: "fire", captures: ["a2"], line: ["b1"], combat: { offence: 3, defence: 2, success: true }, note: "far" };
    expect(fillLegal(shot)).toEqual({ ...shot, with: [] });
  });

  it("are filled in a whole state, an answer holding one, and a delta", () => {
    const sent: WireStateView = { ...state(4, []), legal: [SENT] };
    expect(fillState(sent).legal).toEqual([move("a1", "a2")]);
    expect(withFilledState({ turn_ended: false, state: sent }).state.legal).toEqual([move("a1", "a2")]);
    const delta = { from: 4, seq: 5, legal: [SENT, { text: "end", kind: "end", from: null, to: null, place: null, carries: [] }] };
    const after = applyDelta(state(4, [END]), { ...deltaOf(state(4, [])), ...delta } as StateDelta);
    expect(after.legal).toEqual([move("a1", "a2"), END]);
  });
});
