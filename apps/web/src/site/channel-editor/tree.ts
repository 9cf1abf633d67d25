/** The editor's channel tree, flattened for display, and where a drop puts a channel. */
export interface TreeNode {
  id: number;
  parent: number | null;
  display_name: string;
  slug: string;
  children: TreeNode[];
}

export interface Row {
  node: TreeNode;
  depth: number;
  /** Its index among its siblings. */
  index: number;
}

/** Depth-first rows of the tree, each with its depth and place among its siblings. */
export function flatten(roots: readonly TreeNode[], depth = 0): Row[] {
  return roots.flatMap((node, index) => [{ node, depth, index }, ...flatten(node.children, depth + 1)]);
}

/** Whether `id` is `ancestor` or below it. */
export function isWithin(roots: readonly TreeNode[], ancestor: number, id: number): boolean {
  const find = (nodes: readonly TreeNode[]): TreeNode | undefined =>
    nodes.reduce<TreeNode | undefined>((found, n) => found ?? (n.id === ancestor ? n : find(n.children)), undefined);
  const top = find(roots);
  const below = (n: TreeNode): boolean => n.id === id || n.children.some(below);
  return top ? below(top) : false;
}

export type DropPlace = 'before' | 'into' | 'after';

/** Where to drop by the pointer's height in the row: the top third before it, the bottom third after, the middle into it. */
export const placeAt = (offsetY: number, height: number): DropPlace =>
  offsetY < height / 3 ? 'before' : offsetY > (2 * height) / 3 ? 'after' : 'into';

/**
 * The move call for dropping `dragged` at `place` of `target`: the new parent (`target_channel`,
 * null for the top level) and position; undefined when the drop would put a channel into its own
 * subtree (the server refuses it too) or change nothing.
 */
export function moveFor(
  roots: readonly TreeNode[],
  dragged: Row,
  target: Row,
  place: DropPlace,
): { target_channel: number | null; position: number } | undefined {
  if (isWithin(roots, dragged.node.id, target.node.id)) return undefined;
  if (place === 'into')
    return { target_channel: target.node.id, position: target.node.children.filter((c) => c.id !== dragged.node.id).length };
  const parent = target.node.parent;
  let position = target.index + (place === 'after' ? 1 : 0);
  // Within the same parent, taking the dragged channel out first shifts the later ones up.
  if (dragged.node.parent === parent && dragged.index < position) position -= 1;
  if (dragged.node.parent === parent && dragged.index === position) return undefined;
  return { target_channel: parent, position };
}
