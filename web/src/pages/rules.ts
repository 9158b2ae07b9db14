// The rules page of a scenario (`/#/rules/{id}`, options after `?` as in
// `/#/rules/chieftain?shorter-game=true`): everything on it is the engine's description
// (`GET /api/scenarios/{id}/guide`): the board, how a turn goes and how the game is won, each
// piece kind with the picture the board draws, its moves in words, command powers, notes and
// value, and every option with the value used and its help. The browser adds no rule.

import * as api from "../api/http";
import type { OptionGuide, PieceGuide, RulesGuide } from "../api/types";
import { glyphFor } from "../board/glyphs";
import { SpriteCache } from "../board/sprites";
import { h, replace } from "../ui/dom";
import "./rules/rules.css";

/** The hash route of a scenario's rules page, with the options to describe. */
export function rulesHref(scenario: string, options: Record<string, string> = {}): string {
  const query = new URLSearchParams(options).toString();
  return `/#/rules/${encodeURIComponent(scenario)}${query ? `?${query}` : ""}`;
}

/** The scenario id and options of a rules page's hash, or `null` if the hash is not one. */
export function rulesRoute(hash: string): { id: string; options: Record<string, string> } | null {
  const match = /^#\/rules\/([^?]+)(?:\?(.*))?$/.exec(hash);
  if (!match?.[1]) return null;
  return { id: decodeURIComponent(match[1]), options: Object.fromEntries(new URLSearchParams(match[2] ?? "")) };
}

/** Renders the rules page of scenario `id` with `options` into `root`. */
export async function rulesPage(root: HTMLElement, id: string, options: Record<string, string>): Promise<void> {
  const body = h("section", { class: "panel wide rules-page", id: "rules" }, h("p", { class: "muted" }, "Reading the rules…"));
  replace(root, h("main", { class: "rules-main" }, body));
  try {
    const guide = await api.guide(id, options);
    document.title = `Rules · ${guide.name} · Warlord`;
    replace(body, ...guideSections(guide));
  } catch (e) {
    replace(body, h("p", { class: "error" }, e instanceof Error ? e.message : String(e)), h("a", { href: "/" }, "Back to the front page"));
  }
}

function guideSections(guide: RulesGuide): HTMLElement[] {
  const sprites = new SpriteCache();
  return [
    h("p", {}, h("a", { href: "/" }, "← Front page")),
    h("h1", {}, `Rules of ${guide.name}`),
    h("p", { class: "muted" }, `${guide.family_title} · ${guide.board}`),
    h("p", { class: "description" }, guide.description),
    h("h2", {}, "A turn"),
    h("ul", { id: "rules-turn" }, ...guide.turn.map((t) => h("li", {}, t))),
    h("h2", {}, "Winning"),
    h("ul", { id: "rules-victory" }, ...guide.victory.map((t) => h("li", {}, t))),
    h("h2", {}, "Pieces"),
    h("ul", { class: "rules-pieces", id: "rules-pieces" }, ...guide.pieces.map((p) => pieceItem(p, sprites))),
    h("h2", {}, "Options"),
    guide.options.length === 0
      ? h("p", { class: "muted" }, "This scenario has no options.")
      : h("ul", { class: "rules-options", id: "rules-options" }, ...guide.options.map(optionItem)),
  ];
}

/** A piece kind: its picture as the board draws it, name and symbol, moves, powers and value. */
function pieceItem(p: PieceGuide, sprites: SpriteCache): HTMLElement {
  return h(
    "li",
    { class: "rules-piece", "data-kind": p.kind, "data-shape": p.appearance.shape },
    h("img", { src: sprites.get(glyphFor(p.appearance), "white", 96).toDataURL(), alt: `${p.name} (White)`, width: 48, height: 48 }),
    h("img", { src: sprites.get(glyphFor(p.appearance), "black", 96).toDataURL(), alt: `${p.name} (Black)`, width: 48, height: 48 }),
    h(
      "div",
      {},
      h("strong", {}, p.name),
      h("span", { class: "muted" }, ` (${p.symbol}) · ${p.class.replace(/-/g, " ")} · value ${p.value}`),
      h("ul", { class: "rules-moves" }, ...p.moves.map((m) => h("li", {}, m))),
      p.notes.length > 0 ? h("ul", { class: "rules-notes" }, ...p.notes.map((n) => h("li", {}, n))) : null,
    ),
  );
}

/** An option: its label, the value described (marked when not the default) and its help. */
function optionItem(o: OptionGuide): HTMLElement {
  const changed = o.value !== o.default;
  return h(
    "li",
    { "data-option": o.name, class: changed ? "chosen" : "" },
    h("strong", {}, `${o.label}: ${o.value}`),
    changed ? h("span", { class: "muted" }, ` (default ${o.default})`) : null,
    h("small", { class: "option-help" }, o.help),
  );
}
