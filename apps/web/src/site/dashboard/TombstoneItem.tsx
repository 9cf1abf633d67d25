import { GifStateBadge } from '../display/GifStateBadge.tsx';
import type { MyGifTombstone } from './my-gifs-api.ts';
import { formatDate } from '../../ui/format.ts';

const dateOf = (iso: string | null) => (iso ? formatDate(iso) : undefined);

/** A GIF removed by the moderators or taken down, in My GIFs: what it was and why it is gone; nothing to edit. */
export function TombstoneItem({ gif }: { gif: MyGifTombstone }) {
  const removed = dateOf(gif.removed_at);
  return (
    <li className="lb-gif-item lb-gif-item--gone" data-gif-id={gif.id}>
      <div className="lb-gif-item__no-media" aria-hidden="true">
        Gone
      </div>
      <div>
        <p className="lb-gif-item__state">
          <strong>“{gif.title || 'Untitled'}”</strong>
          <GifStateBadge state={gif.state} />
        </p>
        {gif.notice && <p>{gif.notice}</p>}
        <p className="lb-gif-item__meta">
          {gif.type}
          {removed && ` · gone since ${removed}`}
        </p>
      </div>
    </li>
  );
}
