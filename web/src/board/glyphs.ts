// The piece images: one silhouette per shape, drawn from SVG paths in a 100x100 box. Which
// shape (and label) a piece kind wears is the rules' choice, sent as its `appearance`.

import type { Appearance } from "../api/types";

/** A silhouette: its outline paths, its detail paths (drawn in the outline colour), a label. */
export interface Glyph {
  /** A key naming the shape, for caches and tests. */
  key: string;
  /** The filled body, SVG path data in a 100x100 box. */
  body: string[];
  /** Inner lines drawn over the body. */
  detail: string[];
  /** A short text drawn on the body (a leader's level), if any. */
  label?: string;
}

const PLINTH = "M22 88 H78 Q82 88 82 84 V80 Q82 76 78 76 H22 Q18 76 18 80 V84 Q18 88 22 88 Z";

export const SHAPES: Record<string, { body: string[]; detail: string[] }> = {
  crown: {
    body: ["M16 74 L10 30 L32 50 L50 18 L68 50 L90 30 L84 74 Z", PLINTH],
    detail: ["M20 64 H80"],
  },
  coronet: {
    body: ["M22 74 L18 42 L36 56 L50 36 L64 56 L82 42 L78 74 Z", PLINTH],
    detail: ["M26 66 H74"],
  },
  horse: {
    body: [
      "M30 76 C28 60 34 50 44 44 C38 44 30 50 22 52 C16 50 16 44 20 40 L40 22 L42 12 L50 20 C66 22 78 36 78 56 L78 76 Z",
      PLINTH,
    ],
    detail: ["M36 32 L40 30"],
  },
  armoured: {
    body: [
      "M30 76 C28 60 34 50 44 44 C38 44 30 50 22 52 C16 50 16 44 20 40 L40 22 L42 12 L50 20 C66 22 78 36 78 56 L78 76 Z",
      "M50 20 C54 8 66 4 74 8 C66 10 60 16 58 24 Z",
      PLINTH,
    ],
    detail: ["M36 32 L40 30", "M24 44 L44 36", "M46 50 L76 50", "M52 62 L78 62"],
  },
  cannon: {
    body: ["M12 52 L70 30 L76 44 L18 66 Z", "M40 60 m-18 0 a18 18 0 1 0 36 0 a18 18 0 1 0 -36 0", "M36 66 L12 84 L18 90 L44 72 Z"],
    detail: ["M40 60 m-6 0 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0", "M70 30 L76 44"],
  },
  infantry: {
    body: [
      "M50 14 C36 14 28 24 28 34 L20 38 H80 L72 34 C72 24 64 14 50 14 Z",
      "M36 40 C36 48 42 54 50 54 C58 54 64 48 64 40 Z",
      "M28 76 C28 64 38 56 50 56 C62 56 72 64 72 76 Z",
      PLINTH,
    ],
    detail: [],
  },
  sword: {
    body: ["M46 12 L54 12 L56 58 L44 58 Z", "M28 58 H72 V66 H28 Z", "M45 66 H55 V76 H45 Z", PLINTH],
    detail: ["M50 16 V56"],
  },
  staff: {
    body: [
      "M46 26 H54 V76 H46 Z",
      "M50 6 C62 6 68 14 68 22 C68 30 60 36 50 36 C60 30 60 14 50 6 Z",
      "M40 76 H60 V70 H40 Z",
      PLINTH,
    ],
    detail: ["M40 44 H60"],
  },
  mitre: {
    body: ["M50 10 C66 24 72 40 66 60 H34 C28 40 34 24 50 10 Z", "M30 62 H70 V72 H30 Z", PLINTH],
    detail: ["M56 26 L44 42"],
  },
  tower: {
    body: ["M24 16 H34 V24 H44 V16 H56 V24 H66 V16 H76 V34 L68 40 V70 H32 V40 L24 34 Z", "M26 70 H74 V76 H26 Z", PLINTH],
    detail: ["M32 40 H68"],
  },
  king: {
    body: [
      "M46 6 H54 V12 H60 V18 H54 V24 H46 V18 H40 V12 H46 Z",
      "M50 26 C62 26 70 34 68 44 L62 70 H38 L32 44 C30 34 38 26 50 26 Z",
      PLINTH,
    ],
    detail: ["M36 56 H64"],
  },
  queen: {
    body: [
      "M22 28 m-6 0 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0",
      "M50 16 m-6 0 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0",
      "M78 28 m-6 0 a6 6 0 1 0 12 0 a6 6 0 1 0 -12 0",
      "M22 32 L34 62 L40 30 L50 58 L60 30 L66 62 L78 32 L70 74 H30 Z",
      PLINTH,
    ],
    detail: ["M32 66 H68"],
  },
  pawn: {
    body: ["M50 20 m-13 0 a13 13 0 1 0 26 0 a13 13 0 1 0 -26 0", "M40 34 H60 L66 74 H34 Z", PLINTH],
    detail: [],
  },
  disc: {
    body: ["M50 48 m-34 0 a34 34 0 1 0 68 0 a34 34 0 1 0 -68 0"],
    detail: [],
  },
};

/** The silhouette the rules chose for a piece kind (its `appearance`); a disc for an unknown shape. */
export function glyphFor(appearance: Appearance): Glyph {
  const key = Object.hasOwn(SHAPES, appearance.shape) ? appearance.shape : "disc";
  const shape = SHAPES[key];
  const label = appearance.label;
  return { key, body: shape?.body ?? [], detail: shape?.detail ?? [], ...(label ? { label } : {}) };
}

/** The colours of a side's pieces: a light body with dark lines, or the reverse. */
export const SIDE_COLOURS = {
  white: { body: "#fbf7ec", line: "#1d1d1d", label: "#1d1d1d" },
  black: { body: "#2a2623", line: "#0b0b0b", label: "#f4ead2", detail: "#d9c9a3" },
} as const;
