import { useState, type DragEvent } from 'react';
import { flatten, moveFor, placeAt, type DropPlace, type Row, type TreeNode } from './tree.ts';

export interface ChannelTreeProps {
  roots: TreeNode[];
  selected: number | undefined;
  onSelect(id: number): void;
  onMove(id: number, move: { target_channel: number | null; position: number }): void;
}

/**
 * The caller's channels as a tree: select one to edit it; drag a channel before, after or into
 * another to reorder or move it (never into its own subtree); or use its Move up / Move down buttons.
 */
export function ChannelTree({ roots, selected, onSelect, onMove }: ChannelTreeProps) {
  const rows = flatten(roots);
  const [dragging, setDragging] = useState<Row>();
  const [over, setOver] = useState<{ id: number; place: DropPlace }>();
  const siblingsOf = (row: Row) =>
    row.node.parent === null ? roots : (rows.find((r) => r.node.id === row.node.parent)?.node.children ?? []);
  const placeOf = (event: DragEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return placeAt(event.clientY - box.top, box.height);
  };
  if (rows.length === 0) return <p>You have no channels yet. Make your first one below.</p>;
  return (
    <ol className="lb-editor__tree" aria-label="Your channels">
      {rows.map((row) => {
        const move = dragging && over?.id === row.node.id ? moveFor(roots, dragging, row, over.place) : undefined;
        return (
          <li
            key={row.node.id}
            className={`lb-editor__tree-row${selected === row.node.id ? ' is-selected' : ''}${move ? ` is-drop-${over!.place}` : ''}`}
            style={{ paddingInlineStart: `${row.depth * 20 + 8}px` }}
            draggable
            data-channel={row.node.slug}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(row.node.id));
              setDragging(row);
            }}
            onDragEnd={() => {
              setDragging(undefined);
              setOver(undefined);
            }}
            onDragOver={(e) => {
              if (!dragging) return;
              e.preventDefault();
              const place = placeOf(e);
              if (over?.id !== row.node.id || over.place !== place) setOver({ id: row.node.id, place });
            }}
            onDrop={(e) => {
              e.preventDefault();
              const target = dragging && moveFor(roots, dragging, row, placeOf(e));
              if (dragging && target) onMove(dragging.node.id, target);
              setDragging(undefined);
              setOver(undefined);
            }}
          >
            <button
              type="button"
              className="lb-editor__tree-name"
              aria-current={selected === row.node.id ? 'true' : undefined}
              onClick={() => onSelect(row.node.id)}
            >
              {row.node.display_name}
            </button>
            <span className="lb-editor__tree-actions">
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Move ${row.node.display_name} up`}
                disabled={row.index === 0}
                onClick={() => onMove(row.node.id, { target_channel: row.node.parent, position: row.index - 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Move ${row.node.display_name} down`}
                disabled={row.index === siblingsOf(row).length - 1}
                onClick={() => onMove(row.node.id, { target_channel: row.node.parent, position: row.index + 1 })}
              >
                ↓
              </button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
