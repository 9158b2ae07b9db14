// The analysis board's game as a tree of actions: the start is the root, each node one action
// (each turn's end included), a node's first child continues its line (the main line is the
// root's first children all the way down) and its other children are variations. Which
// actions are legal and where turns end is the server's word: the tree only keeps what it was
// told.

import type { ActionView } from "../../api/types";
import type { SavedNode } from "../../core/storage";

/** One node of the tree. */
export interface TreeNode {
  /** Its id (stable while the page is open; the root is [ROOT]). */
  id: number;
  /** The node it follows; `null` for the root. */
  parent: number | null;
  /** Its action; `null` for the root (the start position). */
  action: ActionView | null;
  /** Whether its action ended the turn (the root counts as a turn's end). */
  end: boolean;
  /** A comment on the turn it ends. */
  comment: string | null;
  /** The nodes that follow it, the main continuation first. */
  children: number[];
}

/** The id of the root: the position before any action. */
export const ROOT = 0;

/** A game as a tree of lines. */
export class GameTree {
  private readonly nodes = new Map<number, TreeNode>([[ROOT, { id: ROOT, parent: null, action: null, end: true, comment: null, children: [] }]]);
  private nextId = 1;

  /** A tree from a saved list (each node after its parent; a node whose parent is missing is dropped). */
  static fromSaved(saved: SavedNode[]): GameTree {
    const tree = new GameTree();
    const ids: (number | undefined)[] = [];
    for (const node of saved) {
      const parent = node.parent === null ? ROOT : ids[node.parent];
      ids.push(parent === undefined ? undefined : tree.add(parent, node.action, node.end, node.comment ?? null));
    }
    return tree;
  }

  /** A node, if it exists. */
  node(id: number): TreeNode | undefined {
    return this.nodes.get(id);
  }

  /** The node of `action` after `parent`: the existing child with the same action, else a new last child. */
  add(parent: number, action: ActionView, end: boolean, comment: string | null = null): number {
    const at = this.nodes.get(parent);
    if (!at) throw new Error(`no node ${parent}`);
    const existing = at.children.map((c) => this.nodes.get(c)).find((c) => c?.action?.text === action.text);
    if (existing) {
      if (comment && !existing.comment) existing.comment = comment;
      return existing.id;
    }
    const id = this.nextId;
    this.nextId += 1;
    this.nodes.set(id, { id, parent, action, end, comment, children: [] });
    at.children.push(id);
    return id;
  }

  /** The nodes from the game's first action to `id` (empty for the root). */
  path(id: number): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n = this.nodes.get(id); n && n.id !== ROOT; n = n.parent === null ? undefined : this.nodes.get(n.parent)) out.push(n);
    return out.reverse();
  }

  /** The last node of the line through `id`: its first children followed to the end. */
  lineEnd(id: number): number {
    let n = this.nodes.get(id);
    while (n && n.children.length > 0) n = this.nodes.get(n.children[0] ?? -1);
    return n?.id ?? id;
  }

  /** The node where the line through `id` leaves its parent line (`null` on the main line). */
  branchOf(id: number): number | null {
    for (let n = this.nodes.get(id); n && n.parent !== null; n = this.nodes.get(n.parent)) {
      const parent = this.nodes.get(n.parent);
      if (parent && parent.children[0] !== n.id) return n.id;
    }
    return null;
  }

  /** Makes the variation through `id` its parent line's main continuation; `false` on the main line. */
  promote(id: number): boolean {
    const branch = this.branchOf(id);
    const parent = branch === null ? undefined : this.nodes.get(this.nodes.get(branch)?.parent ?? -1);
    if (branch === null || !parent) return false;
    parent.children = [branch, ...parent.children.filter((c) => c !== branch)];
    return true;
  }

  /** Deletes the variation through `id` (from where it branches); answers the node it branched from, or `null` on the main line. */
  removeVariation(id: number): number | null {
    const branch = this.branchOf(id);
    const node = branch === null ? undefined : this.nodes.get(branch);
    const parent = node?.parent === null || node === undefined ? undefined : this.nodes.get(node.parent);
    if (!node || !parent) return null;
    parent.children = parent.children.filter((c) => c !== node.id);
    const gone = [node.id];
    while (gone.length > 0) {
      const n = this.nodes.get(gone.pop() ?? -1);
      if (!n) continue;
      gone.push(...n.children);
      this.nodes.delete(n.id);
    }
    return parent.id;
  }

  /** The node that starts the turn `id` belongs to: the end of the turn before (or the root). */
  turnStart(id: number): number {
    let n = this.nodes.get(id);
    if (!n || n.id === ROOT) return ROOT;
    for (n = this.nodes.get(n.parent ?? ROOT); n && !n.end; n = this.nodes.get(n.parent ?? ROOT));
    return n?.id ?? ROOT;
  }

  /** The tree as a list, each node after its parent, children in their order. */
  toSaved(): SavedNode[] {
    const out: SavedNode[] = [];
    const stack: [number, number | null][] = [...(this.nodes.get(ROOT)?.children ?? [])].reverse().map((c) => [c, null]);
    while (stack.length > 0) {
      const [id, parent] = stack.pop() ?? [ROOT, null];
      const n = this.nodes.get(id);
      if (!n?.action) continue;
      const index = out.length;
      out.push({ parent, action: n.action, end: n.end, comment: n.comment });
      for (const c of [...n.children].reverse()) stack.push([c, index]);
    }
    return out;
  }
}
