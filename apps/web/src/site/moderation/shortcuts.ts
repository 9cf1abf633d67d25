import type { Decision } from '@loopbox/pages';

/** What a key does in the review queue. */
export type QueueCommand = { decide: Extract<Decision, 'approve' | 'hide' | 'remove'> } | { move: 1 | -1 };

/** The review queue's keys, shown on screen beside the queue. */
export const QUEUE_SHORTCUTS: readonly { key: string; label: string; command: QueueCommand }[] = [
  { key: 'a', label: 'Approve', command: { decide: 'approve' } },
  { key: 'h', label: 'Hide', command: { decide: 'hide' } },
  { key: 'r', label: 'Remove', command: { decide: 'remove' } },
  { key: 'j', label: 'Next', command: { move: 1 } },
  { key: 'k', label: 'Previous', command: { move: -1 } },
];

/** The part of a key press that decides whether it is a shortcut. */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** The focused element's tag name and whether it is editable text. */
  targetTag: string;
  targetEditable: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * The command a key press means, or undefined: never while typing in a field (the reason box,
 * the filters) or with a modifier held (the browser's own shortcuts).
 */
export function queueCommand(press: KeyPress): QueueCommand | undefined {
  if (press.altKey || press.ctrlKey || press.metaKey || press.targetEditable || TYPING_TAGS.has(press.targetTag)) return undefined;
  return QUEUE_SHORTCUTS.find((s) => s.key === press.key.toLowerCase())?.command;
}
