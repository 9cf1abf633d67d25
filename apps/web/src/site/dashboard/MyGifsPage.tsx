import { listingHead } from '@loopbox/pages';
import { useEffect, useState } from 'react';
import { GifStateBadge } from '../display/GifStateBadge.tsx';
import { GIF_STATE_LABELS, type GifState } from '../display/gif-state.ts';
import { usePage } from '../data/use-page.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import { GifEditor } from './GifEditor.tsx';
import { bulkEdit, fetchMyGifs, isTombstone, type MyGifsFilters, type MyGifsPage as Page } from './my-gifs-api.ts';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { formatCount, formatQuantity } from '../../ui/format.ts';
import { TombstoneItem } from './TombstoneItem.tsx';
import { RATINGS } from './upload-fields.ts';
import { Alert } from '../../ui/Alert.tsx';

const PAGE = 25;
const TYPE_FILTERS = [
  { value: '', label: 'All' },
  { value: 'gif', label: 'GIFs' },
  { value: 'sticker', label: 'Stickers' },
  { value: 'video', label: 'Videos' },
];
const BULK_RATINGS = [{ value: '', label: 'Keep' }, ...RATINGS];
/** Every state My GIFs can show (a GIF its owner deleted is not listed), as its badge says it: the content policy's, not only the owner's choice. */
const STATE_FILTERS = [
  { value: '', label: 'All' },
  ...(Object.keys(GIF_STATE_LABELS) as GifState[]).filter((s) => s !== 'deleted').map((s) => ({ value: s, label: GIF_STATE_LABELS[s] })),
];

/** My GIFs (/dashboard): the creator's GIFs with search and filters, one editor at a time, and bulk tags and rating. */
export default function MyGifsPage() {
  usePage(listingHead('dashboard-gifs'), { pagePath: '/dashboard' });
  const [filters, setFilters] = useState<MyGifsFilters>({ q: '', type: '', state: '', offset: 0 });
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(() => new URLSearchParams(location.search).get('edit'));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkTags, setBulkTags] = useState('');
  const [bulkRating, setBulkRating] = useState('');
  // The same filters anew: the page is asked for again.
  const reload = () => setFilters((f) => ({ ...f }));
  useEffect(() => {
    let live = true;
    fetchMyGifs(filters).then(
      (p) => {
        if (!live) return;
        setPage(p);
        setError(null);
      },
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [filters]);
  const set = (change: Partial<MyGifsFilters>) => setFilters((f) => ({ ...f, offset: 0, ...change }));
  const toggle = (id: string) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));

  return (
    <DashboardLayout title="My GIFs" current="/dashboard">
      <search>
        <form className="lb-filters" onSubmit={(e) => e.preventDefault()}>
          <TextField label="Search my GIFs" type="search" value={filters.q} onChange={(e) => set({ q: e.target.value })} />
          <SelectField label="Type" value={filters.type} choices={TYPE_FILTERS} onValue={(type) => set({ type })} />
          <SelectField label="State" value={filters.state} choices={STATE_FILTERS} onValue={(state) => set({ state })} />
        </form>
      </search>
      {selected.size > 0 && (
        <form
          className="lb-filters"
          aria-label="Bulk edit"
          onSubmit={(e) => {
            e.preventDefault();
            const tags = bulkTags
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean);
            void bulkEdit({
              gif_ids: [...selected],
              ...(tags.length ? { add_tags: tags } : {}),
              ...(bulkRating ? { rating: bulkRating } : {}),
            }).then(
              () => {
                setSelected(new Set());
                setBulkTags('');
                reload();
              },
              (err: Error) => setError(err.message),
            );
          }}
        >
          <strong className="lb-filters__count">{formatCount(selected.size)} selected</strong>
          <TextField label="Add tags" type="text" value={bulkTags} onChange={(e) => setBulkTags(e.target.value)} />
          <SelectField label="Set rating" value={bulkRating} choices={BULK_RATINGS} onValue={setBulkRating} />
          <Button type="submit" variant="primary">
            Apply to selected
          </Button>
        </form>
      )}
      {error && <Alert>{error}</Alert>}
      {page && (
        <>
          <p role="status">
            {page.pagination.total_count === 0 ? 'No GIFs yet: upload some.' : formatQuantity(page.pagination.total_count, 'GIF')}
          </p>
          <ul className="lb-gif-list" aria-label="My GIFs">
            {page.data.map((gif) =>
              isTombstone(gif) ? (
                <TombstoneItem key={gif.id} gif={gif} />
              ) : (
                <li key={gif.id} className="lb-gif-item" data-gif-id={gif.id}>
                  <img src={gif.images.fixed_width_still?.url ?? gif.images.fixed_width?.url} alt={gif.title || 'GIF'} width={100} />
                  <div>
                    <label className="lb-check">
                      <input
                        type="checkbox"
                        checked={selected.has(gif.id)}
                        onChange={() => toggle(gif.id)}
                        aria-label={`Select ${gif.title || gif.id}`}
                      />
                      <strong>{gif.title || '(untitled)'}</strong>
                    </label>
                    <p className="lb-gif-item__state">
                      <GifStateBadge state={gif.state} />
                      {gif.notice && <span>{gif.notice}</span>}
                    </p>
                    <p>
                      {gif.type}
                      {/* Held by a moderator (or waiting for review): the owner's choice is named as theirs, never as the state. */}
                      {gif.state !== gif.visibility && ` · you chose ${gif.visibility}, which applies once the moderators allow it`} · rated{' '}
                      {gif.rating} · {gif.tags.join(', ') || 'no tags'}
                    </p>
                    <p className="lb-gif-item__actions">
                      <ButtonLink href={`/gifs/${gif.id}`}>Open</ButtonLink>
                      <ButtonLink href={`/dashboard/analytics?gif=${gif.id}`}>Figures</ButtonLink>
                      <Button
                        variant={editing === gif.id ? 'secondary' : 'primary'}
                        aria-expanded={editing === gif.id}
                        onClick={() => setEditing(editing === gif.id ? null : gif.id)}
                      >
                        {editing === gif.id ? 'Close editor' : 'Edit'}
                      </Button>
                    </p>
                  </div>
                  {editing === gif.id && (
                    <div className="lb-gif-item__editor">
                      <GifEditor
                        gif={gif}
                        onChanged={reload}
                        onRemoved={() => {
                          setEditing(null);
                          reload();
                        }}
                      />
                    </div>
                  )}
                </li>
              ),
            )}
          </ul>
          <nav aria-label="Pages" className="lb-filters">
            {filters.offset > 0 && (
              <Button onClick={() => setFilters((f) => ({ ...f, offset: Math.max(0, f.offset - PAGE) }))}>Newer</Button>
            )}
            {filters.offset + PAGE < page.pagination.total_count && (
              <Button onClick={() => setFilters((f) => ({ ...f, offset: f.offset + PAGE }))}>Older</Button>
            )}
          </nav>
        </>
      )}
    </DashboardLayout>
  );
}
