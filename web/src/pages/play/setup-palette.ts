// The palette of pieces to place, in setup and for arrivals during play (reinforcements): the
// piece kinds the viewer may place, each a button to choose it (then click a square) or to
// drag onto the board. It shows the pieces still to place (`to_place`),
// then any other kind a legal placement offers now (an army's optional choices).

import type { GameInfo, Side } from "../../api/types";
import { glyphFor } from "../../board/glyphs";
import { SpriteCache } from "../../board/sprites";
import { placeableKinds, placementsOf, toPlaceByKind, type TurnBuilder } from "../../core/turn";
import type { BoardControl } from "../../ui/control";
import { h } from "../../ui/dom";

/** What the palette tells the page. */
export interface PaletteEvents {
  /** A kind was chosen or unchosen by a click (the page redraws its panel). */
  chosen(): void;
  /** A piece was dragged onto a square it may be placed on: propose this action. */
  place(action: string): void;
}

/** The setup palette of `side`'s pieces, choosing the kind to place on a board control. */
export class SetupPalette {
  private readonly sprites = new SpriteCache();

  /** A palette for `side` in game `info`, for the turn `turn` played on `control`. */
  constructor(
    private readonly info: GameInfo,
    private readonly side: Side,
    private readonly control: BoardControl,
    private readonly turn: TurnBuilder,
    private readonly events: PaletteEvents,
  ) {}

  /** The palette for the turn's state now, or a line saying every piece is placed. */
  element(): HTMLElement {
    const state = this.turn.state;
    const counts = toPlaceByKind(state);
    const legalKinds = placeableKinds(state);
    const kinds = [...counts.keys(), ...legalKinds.filter((k) => !counts.has(k))];
    if (kinds.length === 0) return h("p", {}, "Every piece is placed.");
    const palette = h("div", { class: "palette", id: "palette" });
    for (const kind of kinds) {
      const count = counts.get(kind);
      const piece = this.info.pieces[kind];
      if (!piece) continue;
      const icon = this.sprites.get(glyphFor(piece.appearance), this.side, 64).toDataURL();
      const item = h(
        "button",
        {
          type: "button",
          class: `reserve${this.control.placingKind === kind ? " chosen" : ""}`,
          "data-kind": kind,
          disabled: !legalKinds.includes(kind),
          title: `${piece.name}: click, then click a square (or drag it onto the board)`,
          onclick: () => {
            this.control.setPlacing(this.control.placingKind === kind ? null : kind);
            this.events.chosen();
          },
        },
        h("img", { src: icon, alt: "", width: 32, height: 32, draggable: "false" }),
        h("span", {}, count === undefined ? `${piece.name} (choice)` : `${piece.name} ×${count}`),
      );
      item.addEventListener("pointerdown", (e) => this.drag(e, kind, icon));
      palette.append(item);
    }
    return palette;
  }

  /** Drags a piece of `kind` from the palette (past a few pixels) and places it where it is dropped, if it may go there. */
  private drag(down: PointerEvent, kind: number, icon: string): void {
    if (down.button !== 0) return;
    // The browser's own drag of the image (which left a copy stuck on the page) is not wanted.
    down.preventDefault();
    const ghost = h("img", { src: icon, class: "drag-ghost", alt: "", draggable: "false" });
    let dragging = false;
    const move = (e: PointerEvent): void => {
      if (!dragging && Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < 6) return;
      if (!dragging) {
        dragging = true;
        document.body.append(ghost);
        this.control.setPlacing(kind);
      }
      ghost.style.left = `${e.clientX - 20}px`;
      ghost.style.top = `${e.clientY - 20}px`;
    };
    const up = (e: PointerEvent): void => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      ghost.remove();
      if (!dragging) return;
      const square = this.control.board.squareAtClient(e.clientX, e.clientY);
      const place = square ? placementsOf(this.turn.state, kind).get(square) : undefined;
      if (place) this.events.place(place.text);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }
}
