// Square names (docs/NOTATION.md): files a..z, aa..dp (bijective base 26), ranks from 1; the
// board's coordinates and the distance between cells in its geometry.

import type { Geometry } from "../api/types";

/** A square by zero-based file and rank. */
export interface Coord {
  /** Zero-based file (column). */
  file: number;
  /** Zero-based rank (row), 0 at White's side. */
  rank: number;
}

/** The name of a zero-based file: 0 -> `a`, 25 -> `z`, 26 -> `aa`, 119 -> `dp`. */
export function fileName(file: number): string {
  let n = file + 1;
  let name = "";
  while (n > 0) {
    const digit = (n - 1) % 26;
    name = String.fromCharCode(97 + digit) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** The name of a square. */
export function squareName(c: Coord): string {
  return `${fileName(c.file)}${c.rank + 1}`;
}

/** Reads a square name; `null` if it is not one (upper case, `a0`, leading zeros...). */
export function parseSquare(name: string): Coord | null {
  const m = /^([a-z]{1,2})([1-9][0-9]{0,2})$/.exec(name);
  if (!m || !m[1] || !m[2]) return null;
  let file = 0;
  for (const ch of m[1]) file = file * 26 + (ch.charCodeAt(0) - 96);
  return { file: file - 1, rank: Number(m[2]) - 1 };
}

/**
 * The number of steps between two cells in a board's geometry: king steps on a square board;
 * hex steps on a hex board of offset rows (docs/NOTATION.md, "Hex cells": in lattice
 * coordinates `x = file - floor(rank / 2)`, `y = rank`, the six neighbours are the same six
 * steps from every hex).
 */
export function steps(a: Coord, b: Coord, geometry: Geometry): number {
  if (geometry === "square") return Math.max(Math.abs(a.file - b.file), Math.abs(a.rank - b.rank));
  const dx = b.file - Math.floor(b.rank / 2) - (a.file - Math.floor(a.rank / 2));
  const dy = b.rank - a.rank;
  return (Math.abs(dx) + Math.abs(dy) + Math.abs(dx + dy)) / 2;
}

/** The cells of a `files` x `ranks` board within `range` steps of `centre`. */
export function cellsWithin(centre: Coord, range: number, geometry: Geometry, files: number, ranks: number): Coord[] {
  const out: Coord[] = [];
  for (let rank = Math.max(0, centre.rank - range); rank <= Math.min(ranks - 1, centre.rank + range); rank += 1) {
    for (let file = Math.max(0, centre.file - range - 1); file <= Math.min(files - 1, centre.file + range + 1); file += 1) {
      if (steps(centre, { file, rank }, geometry) <= range) out.push({ file, rank });
    }
  }
  return out;
}
