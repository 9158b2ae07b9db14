// The legend of a game's board: each piece kind with its picture, name, role, value and
// command powers as the rules describe them, and each kind of terrain the board has.

import type { GameInfo, PieceInfo } from "../../api/types";
import { glyphFor } from "../../board/glyphs";
import { SpriteCache } from "../../board/sprites";
import { TERRAIN, type TerrainCode, terrainAt } from "../../board/terrain";
import { h } from "../../ui/dom";

/** The legend, folded (a click opens it). */
export function legend(info: GameInfo, sprites: SpriteCache): HTMLElement {
  const pieces = info.pieces.map((p) =>
    h(
      "li",
      { "data-kind": p.kind },
      h("img", { src: sprites.get(glyphFor(p.appearance), "white", 48).toDataURL(), alt: "", width: 24, height: 24 }),
      h("strong", {}, p.name),
      h("span", { class: "muted" }, ` (${p.symbol}) · ${pieceLine(p)}`),
    ),
  );
  const codes = new Set<TerrainCode>();
  for (let rank = 0; rank < info.board.ranks; rank += 1) {
    for (let file = 0; file < info.board.files; file += 1) codes.add(terrainAt(info.board.terrain, info.board.ranks, file, rank));
  }
  const terrain = [...codes].map((code) => {
    const t = TERRAIN[code];
    return h("li", { "data-terrain": t.name }, h("span", { class: "swatch", style: `background:${t.light}; border-color:${t.ink}` }), t.name);
  });
  return h(
    "details",
    { class: "legend", id: "legend" },
    h("summary", {}, "Legend: pieces and terrain"),
    h("ul", { class: "legend-pieces" }, ...pieces),
    h("ul", { class: "legend-terrain" }, ...terrain),
    h("p", { class: "muted" }, "Point at a piece on the board to see its name."),
  );
}

/** A piece kind's role, value and command powers, in words. */
function pieceLine(p: PieceInfo): string {
  const parts = [p.class.replace(/-/g, " "), `value ${p.value}`];
  if (p.command) parts.push(`orders ${p.command.capacity} within ${p.command.range}`);
  return parts.join(" · ");
}
