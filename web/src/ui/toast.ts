// Messages for people: refusals, lost connections, confirmations. Each stays a few seconds.

/** How a message looks. */
export type Tone = "error" | "info" | "ok";

/** Shows a message in the corner of the page. */
export function toast(text: string, tone: Tone = "info", ms = 5000): void {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = document.createElement("div");
  el.className = `toast toast-${tone}`;
  el.setAttribute("role", tone === "error" ? "alert" : "status");
  el.textContent = text;
  box.append(el);
  window.setTimeout(() => el.remove(), ms);
}

/** Shows an error's message (an API refusal's sentence, or any error's). */
export function toastError(error: unknown): void {
  toast(error instanceof Error ? error.message : String(error), "error", 7000);
}

/** Shows a short note (why a click did nothing): one at a time, replacing the last, briefly. */
export function note(text: string): void {
  const box = document.getElementById("toasts");
  if (!box) return;
  let el = document.getElementById("note");
  if (!el) {
    el = document.createElement("div");
    el.id = "note";
    el.className = "toast toast-info note";
    el.setAttribute("role", "status");
  }
  el.textContent = text;
  box.append(el);
  const shown = el;
  window.clearTimeout(Number(shown.dataset.timer ?? 0));
  shown.dataset.timer = String(window.setTimeout(() => shown.remove(), 4000));
}
