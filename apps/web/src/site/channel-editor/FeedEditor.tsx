import type { FeedAdded } from '@loopbox/contract/channels';
import { getAltText, getBestRenditionUrl, type IGif } from '@loopbox/sdk';
import { useRef, useState } from 'react';
import { fetchFeed, type Channel } from '../channel/channel-api.ts';
import { useResource } from '../data/use-resource.ts';
import { EDITOR_FEED_LIMIT } from './constants.ts';
import { send, type Queued } from './editor-api.ts';
import { runChange, type ChangeHooks } from './run-change.ts';
import { GifPicker } from './GifPicker.tsx';

export interface FeedEditorProps extends ChangeHooks {
  channel: Channel;
  username: string;
}

/** The channel's feed: drag a GIF onto another's place (or use its arrows) to reorder, feature or remove GIFs, add from My GIFs or a search. */
export function FeedEditor({ channel, username, onChanged, onJob, onError }: FeedEditorProps) {
  const feed = useResource(`editor-feed:${channel.id}:${channel.flush_uuid}`, () => fetchFeed(channel.id, 0, EDITOR_FEED_LIMIT));
  const [dragging, setDragging] = useState<string>();
  const act = (change: () => Promise<Queued | undefined>) => runChange({ onChanged, onJob, onError }, change);
  const moveTo = (gif: string, position: number) =>
    act(async () => void (await send('POST', '/api/v4/channel-gifs/', { channel: channel.id, gif, position })));
  const remove = (gif: string) => act(async () => void (await send('POST', '/api/v4/channel-gifs/remove/', { channel: channel.id, gif })));
  const feature = (gif: string) => act(async () => void (await send('PATCH', `/api/v4/channels/${channel.id}/`, { featured_gif: gif })));
  const add = (gifs: string[]) =>
    act(async () => {
      const { data } = await send<{ data: FeedAdded }>('POST', '/api/v4/channel-gifs/', { channel: channel.id, gif: gifs });
      return 'job' in data ? data : undefined;
    });
  // While a change reloads the feed, the last one stays on screen (no flash of an empty list).
  const last = useRef<{ gifs: IGif[]; total: number }>({ gifs: [], total: 0 });
  if (feed.status === 'ok') last.current = { gifs: feed.data.data, total: feed.data.pagination.total_count };
  const { gifs, total } = last.current;
  return (
    <section className="lb-editor__feed" aria-labelledby="editor-feed">
      <h3 id="editor-feed">
        Feed <span>({total} GIFs)</span>
      </h3>
      {feed.status === 'ok' && gifs.length === 0 && <p>No GIFs yet: add some, or a magic tag.</p>}
      <ol className="lb-editor__thumbs lb-editor__feed-list">
        {gifs.map((gif, index) => (
          <li
            key={gif.id}
            draggable
            data-gif={gif.id}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', gif.id);
              setDragging(gif.id);
            }}
            onDragEnd={() => setDragging(undefined)}
            onDragOver={(e) => {
              if (dragging && dragging !== gif.id) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging && dragging !== gif.id) void moveTo(dragging, index);
              setDragging(undefined);
            }}
          >
            <img src={getBestRenditionUrl(gif, 100, 100) ?? ''} alt={getAltText(gif)} width={100} height={100} loading="lazy" />
            <span className="lb-editor__thumb-actions">
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Move ${getAltText(gif)} earlier`}
                disabled={index === 0}
                onClick={() => void moveTo(gif.id, index - 1)}
              >
                ←
              </button>
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Move ${getAltText(gif)} later`}
                disabled={index === gifs.length - 1}
                onClick={() => void moveTo(gif.id, index + 1)}
              >
                →
              </button>
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Feature ${getAltText(gif)}`}
                aria-pressed={channel.featured_gif?.id === gif.id}
                title="The channel's featured GIF (its tile)"
                onClick={() => void feature(gif.id)}
              >
                ★
              </button>
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Remove ${getAltText(gif)}`}
                onClick={() => void remove(gif.id)}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ol>
      <GifPicker username={username} onAdd={(ids) => void add(ids)} />
    </section>
  );
}
