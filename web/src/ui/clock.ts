// The game clocks: the server's figures counted down locally between updates.

import type { ClockView, Side } from "../api/types";

/** `m:ss`, or `h:mm:ss` from an hour, of a time in milliseconds (never negative). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const pad = (n: number): string => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A side's time left now, given the clock as received at local time `receivedAt`. */
export function timeLeft(clock: ClockView, side: Side, receivedAt: number, now: number): number {
  const base = side === "white" ? clock.white_ms : clock.black_ms;
  return clock.running === side ? base - (now - receivedAt) : base;
}
