// The links the game's creator hands out: the opponent's invitation and the spectators' link,
// each with a button to copy it. Only the browser that created the game has them (saved with
// its games).

import { myGames } from "../../core/storage";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";

/** The invitation and spectators' links saved with game `gameId` and `token`; `null` if there are none. */
export function invitePanel(gameId: string, token: string | null): HTMLElement | null {
  const mine = myGames().find((g) => g.id === gameId && g.token === token);
  if (!mine?.invite && !mine?.watch) return null;
  return h("div", { class: "invites" }, linkRow("Send this link to your opponent:", mine.invite, "invite-link"), linkRow("Spectators' link:", mine.watch, "watch-link"));
}

/** A labelled, read-only link (selected on focus) with a copy button; `null` without a link. */
function linkRow(label: string, link: string | undefined, id: string): HTMLElement | null {
  if (!link) return null;
  return h(
    "div",
    { class: "invite" },
    h("label", { for: id }, label),
    h("input", { id, readonly: true, value: link, onfocus: (e: Event) => (e.target as HTMLInputElement).select() }),
    h("button", { type: "button", onclick: () => void navigator.clipboard?.writeText(link).then(() => toast("Copied.", "ok", 1500)) }, "Copy"),
  );
}
