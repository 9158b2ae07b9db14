import { describe, expect, it } from "vitest";
import type { Preview } from "../../src/api/types";
import { ApiError } from "../../src/api/http";
import type { LegalAction } from "../../src/api/types";
import { actionsFrom, placeableKinds, placementsOf, randomPlacements, randomSetup, toPlaceByKind, TurnBuilder } from "../../src/core/turn";
import { END, move, place, state } from "./fixtures";

/** The moves of the fake server, by text. */
const MOVES = new Map([move("a1", "a2"), move("a1", "a3"), move("b1", "b2"), move("b1", "b3")].map((m) => [m.text, m]));

/** The fake server's moves with these texts. */
function moves(...texts: string[]): LegalAction[] {
  return texts.flatMap((t) => MOVES.get(t) ?? []);
}

/**
 * A fake server for a two-move turn: a1 and b1 may each move once; after a1-a2 the piece on
 * b1 may only go to b2 (legality depends on the first move); two moves end the turn.
 */
function server(seq = 5): { calls: string[][]; preview: (actions: string[]) => Promise<Preview> } {
  const calls: string[][] = [];
  const preview = async (actions: string[]): Promise<Preview> => {
    calls.push(actions);
    const left = new Map(MOVES);
    for (const text of actions) {
      const played = left.get(text);
      if (!played) throw new ApiError({ code: "illegal-action", message: `${text} is illegal` });
      for (const [t, l] of [...left]) if (l.from === played.from) left.delete(t);
      if (text === "a1-a2") left.delete("b1-b3");
    }
    const ended = actions.length === 2;
    return { state: state(seq + actions.length, ended ? [] : [...left.values(), END]), turn_ended: ended };
  };
  return { calls, preview };
}

describe("turn builder", () => {
  it("shows the server's legal actions after each proposed move", async () => {
    const fake = server();
    const turn = new TurnBuilder(state(5, [...moves("a1-a2", "a1-a3", "b1-b2", "b1-b3"), END]), fake.preview);
    await turn.propose("a1-a2");
    expect([...actionsFrom(turn.state, "b1").keys()]).toEqual(["b2"]);
    expect(actionsFrom(turn.state, "a2").size).toBe(0);
    expect(turn.turnToSend()).toEqual(["a1-a2", "end"]);
    await turn.propose("b1-b2");
    expect(turn.turnEnded).toBe(true);
    expect(turn.turnToSend()).toEqual(["a1-a2", "b1-b2"]);
    await expect(turn.propose("a2-a3")).rejects.toThrow(/complete/);
  });

  it("leaves everything as it was when the server refuses a move", async () => {
    const turn = new TurnBuilder(state(5, moves("a1-a2", "b1-b3")), server().preview);
    await turn.propose("a1-a2");
    const before = turn.state;
    await expect(turn.propose("b1-b3")).rejects.toMatchObject({ code: "illegal-action" });
    expect(turn.actions).toEqual(["a1-a2"]);
    expect(turn.state).toBe(before);
  });

  it("undoes move by move back to the server's state", async () => {
    const fake = server();
    const base = state(5, moves("a1-a2", "b1-b2"));
    const turn = new TurnBuilder(base, fake.preview);
    await turn.propose("a1-a2");
    await turn.propose("b1-b2");
    await turn.undo();
    expect(turn.actions).toEqual(["a1-a2"]);
    expect(turn.turnEnded).toBe(false);
    await turn.undo();
    expect(turn.actions).toEqual([]);
    expect(turn.state).toBe(base);
    expect(fake.calls).toEqual([["a1-a2"], ["a1-a2", "b1-b2"], ["a1-a2"]]);
  });

  it("keeps the turn across a reconnect and a reload, and drops it when it no longer applies", async () => {
    const fake = server();
    const turn = new TurnBuilder(state(5, []), fake.preview);
    await turn.propose("a1-a3");
    const saved = turn.saved();
    expect(await turn.rebase(state(5, moves("a1-a2")))).toBe("kept");
    expect(turn.actions).toEqual(["a1-a3"]);

    const reloaded = new TurnBuilder(state(5, []), fake.preview);
    expect(await reloaded.rebase(state(5, moves("a1-a2")), saved)).toBe("kept");
    expect(reloaded.actions).toEqual(["a1-a3"]);
    const stale = new TurnBuilder(state(6, []), fake.preview);
    expect(await stale.rebase(state(6, []), saved)).toBe("none");

    // Two states arriving at once (a draw offer, then the turn played elsewhere) are taken in
    // order: the second finds the moves the first kept, and drops them.
    const theirs = state(7, [], { to_move: "black" });
    const [first, second] = await Promise.all([turn.rebase(state(6, [])), turn.rebase(theirs)]);
    expect([first, second]).toEqual(["kept", "dropped"]);
    expect(turn.actions).toEqual([]);
    expect(turn.state).toBe(theirs);
  });

  it("random placements fill what is to place on distinct legal squares", () => {
    const squares = ["a1", "b1", "c1", "d1"];
    const setup = state(0, [...["a1", "b1", "c1"].map((q) => place(1, "C", q)), ...squares.map((q) => place(0, "W", q)), END], { phase: "setup" });
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let run = 0; run < 20; run += 1) {
      const picks = randomPlacements(setup, new Map([[1, 2], [0, 2]]), random);
      expect(picks.filter((p) => p.place === 1)).toHaveLength(2);
      expect(picks.filter((p) => p.place === 0)).toHaveLength(2);
      expect(new Set(picks.map((p) => p.to)).size).toBe(4);
    }
    expect(placeableKinds(setup)).toEqual([1, 0]);
    expect([...placementsOf(setup, 1).keys()]).toEqual(["a1", "b1", "c1"]);
    expect(toPlaceByKind(state(0, [], { to_place: [{ kind: 0, count: 3 }, { kind: 1, count: 0 }] }))).toEqual(new Map([[0, 3]]));
  });

  it("a random setup places what is to place, then army choices until it may be committed", async () => {
    // Two warriors (kind 0) to place; a leader (kind 1) is a choice, and the setup may end only with one.
    const squares = ["a1", "b1", "c1", "d1"];
    const at = (placed: LegalAction[]) => {
      const used = new Set(placed.map((p) => p.to));
      const warriors = 2 - placed.filter((p) => p.place === 0).length;
      const leader = placed.some((p) => p.place === 1);
      const free = squares.filter((q) => !used.has(q));
      const legal = [
        ...(warriors > 0 ? free.map((q) => place(0, "W", q)) : []),
        ...(leader ? [] : free.map((q) => place(1, "L", q))),
        ...(warriors === 0 && leader ? [END] : []),
      ];
      return state(0, legal, { phase: "setup", to_place: warriors > 0 ? [{ kind: 0, count: warriors }] : [] });
    };
    const placed: LegalAction[] = [];
    const step = async (actions: LegalAction[]) => {
      const next = [...placed, ...actions];
      if (new Set(next.map((p) => p.to)).size < next.length) throw new ApiError({ code: "illegal-action", message: "taken" });
      placed.push(...actions);
      return at(placed);
    };
    const done = await randomSetup(at([]), step, Math.random);
    expect(placed.filter((p) => p.place === 0)).toHaveLength(2);
    expect(placed.filter((p) => p.place === 1)).toHaveLength(1);
    expect(done.legal.map((a) => a.kind)).toEqual(["end"]);
  });

  it("a random setup refused as a batch goes on one legal placement at a time, with one refusal", async () => {
    // Three warriors to place on a1..f1, at most one on a file of a..c (a quota binding the
    // pieces together, which each legal action alone does not show).
    const squares = ["a1", "b1", "c1", "d1", "e1", "f1"];
    const quota = new Set(["a1", "b1", "c1"]);
    const at = (placed: string[]) => {
      const used = new Set(placed);
      const full = placed.some((q) => quota.has(q));
      const free = squares.filter((q) => !used.has(q) && !(full && quota.has(q)));
      const left = 3 - placed.length;
      return state(0, left > 0 ? free.map((q) => place(0, "W", q)) : [END], { phase: "setup", to_place: left > 0 ? [{ kind: 0, count: left }] : [] });
    };
    const placed: string[] = [];
    let refused = 0;
    const step = async (actions: LegalAction[]) => {
      const next = [...placed, ...actions.map((a) => a.to ?? "")];
      if (next.filter((q) => quota.has(q)).length > 1 || new Set(next).size < next.length) {
        refused += 1;
        throw new ApiError({ code: "illegal-action", message: "quota" });
      }
      placed.push(...actions.map((a) => a.to ?? ""));
      return at(placed);
    };
    // Random numbers that pick a1 and b1 first: the batch breaks the quota.
    const picks = [0, 0, 0.9, 0.1, 0.9, 0.9, 0.9];
    const done = await randomSetup(at([]), step, () => picks.shift() ?? 0.5);
    expect(placed).toHaveLength(3);
    expect(refused).toBe(1);
    expect(done.legal.map((a) => a.kind)).toEqual(["end"]);
  });

  it("ends a turn with the text of the legal end action", async () => {
    const turn = new TurnBuilder(state(5, [...moves("a1-a2"), END]), server().preview);
    expect(turn.turnToSend()).toEqual(["end"]);
  });
});
