// Square names (docs/NOTATION.md): files a..z, aa..dp (bijective base 26), ranks from 1; the
// board's coordinates. Distances and areas come from the rules (`hints`), never from here.

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
