import type { MenuNode } from '../../entities/fieldTypes/menuTree';

/** Pure operations of the menu tree widget. A node is addressed by its index path, e.g. [0, 2]. */
export type NodePath = readonly number[];

export const samePath = (a: NodePath, b: NodePath) => a.length === b.length && a.every((x, i) => x === b[i]);
export const isInside = (path: NodePath, ancestor: NodePath) => path.length > ancestor.length && ancestor.every((x, i) => path[i] === x);

export function nodeAt(tree: readonly MenuNode[], path: NodePath): MenuNode | undefined {
  let list = tree;
  let node: MenuNode | undefined;
  for (const i of path) {
    node = list[i];
    if (!node) return undefined;
    list = node.children ?? [];
  }
  return node;
}

/** Levels of a subtree: 1 for a leaf. */
export const heightOf = (node: MenuNode): number => 1 + Math.max(0, ...(node.children ?? []).map(heightOf));

/** Applies `fn` to the sibling list that holds the children of `parent` ([] = the top level). */
function withList(tree: readonly MenuNode[], parent: NodePath, fn: (list: MenuNode[]) => MenuNode[]): MenuNode[] {
  if (parent.length === 0) return fn([...tree]);
  const [head, ...rest] = parent;
  return tree.map((n, i) => (i === head ? { ...n, children: withList(n.children ?? [], rest, fn) } : n));
}

export function updateNode(tree: readonly MenuNode[], path: NodePath, patch: Partial<MenuNode>): MenuNode[] {
  const parent = path.slice(0, -1);
  const at = path[path.length - 1];
  return withList(tree, parent, (list) => list.map((n, i) => (i === at ? { ...n, ...patch } : n)));
}

export function removeNode(tree: readonly MenuNode[], path: NodePath): MenuNode[] {
  const at = path[path.length - 1];
  return withList(tree, path.slice(0, -1), (list) => list.filter((_, i) => i !== at));
}

export function insertNode(tree: readonly MenuNode[], parent: NodePath, index: number, node: MenuNode): MenuNode[] {
  return withList(tree, parent, (list) => {
    list.splice(Math.max(0, Math.min(index, list.length)), 0, node);
    return list;
  });
}

/** Where a dragged node goes: into `parent`'s children at `index` (of the list before the move). */
export interface DropTarget {
  parent: NodePath;
  index: number;
}

/** Whether the node at `from` may go to `to` without entering itself or passing `maxDepth` levels. */
export function canMove(tree: readonly MenuNode[], from: NodePath, to: DropTarget, maxDepth: number): boolean {
  const node = nodeAt(tree, from);
  if (!node) return false;
  if (samePath(to.parent, from) || isInside(to.parent, from)) return false;
  return to.parent.length + heightOf(node) <= maxDepth;
}

/** Moves a node; the target index refers to the sibling list as it is before the move. */
export function moveNode(tree: readonly MenuNode[], from: NodePath, to: DropTarget): MenuNode[] {
  const node = nodeAt(tree, from);
  const fromIndex = from.at(-1);
  if (!node || fromIndex === undefined) return [...tree];
  const fromParent = from.slice(0, -1);
  let parent = [...to.parent];
  let index = to.index;
  // Removing the node first shifts what comes after it in its own list…
  if (samePath(fromParent, parent) && fromIndex < index) index -= 1;
  // …and the path of a later sibling's subtree, when the target is inside one.
  const branch = parent[fromParent.length];
  if (isInside(parent, fromParent) && branch !== undefined && branch > fromIndex) parent = parent.map((x, i) => (i === fromParent.length ? x - 1 : x));
  return insertNode(removeNode(tree, from), parent, index, node);
}

/** Ids the API accepts (`[A-Za-z0-9_-]{1,64}`), for new nodes. */
export const newNodeId = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
