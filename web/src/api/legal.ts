// The server leaves a legal action's empty lists and null fields out of its JSON (docs/API.md,
// "Legal actions"); the pages read every field. Every state that arrives, over the socket or
// HTTP, passes through here once.

import type { LegalAction, StateView, WireLegalAction, WireStateView } from "./types";

/** A legal action with the fields the server left out put back (empty lists, nulls). */
export function fillLegal(action: WireLegalAction): LegalAction {
  return {
    ...action,
    with: action.with ?? [],
    captures: action.captures ?? [],
    combat: action.combat ?? null,
    line: action.line ?? [],
    note: action.note ?? null,
  };
}

/** A state as sent, with its legal actions whole. */
export function fillState<T extends WireStateView>(state: T): Omit<T, "legal"> & StateView {
  return { ...state, legal: state.legal.map(fillLegal) };
}

/** Any answer holding a state, with the state's legal actions whole. */
export function withFilledState<T extends { state: WireStateView }>(answer: T): Omit<T, "state"> & { state: StateView } {
  return { ...answer, state: fillState(answer.state) };
}
