import { useId, useState, type FormEvent } from 'react';
import type { MagicTagQueued, MagicTagRemoved } from '@loopbox/contract/channels';
import type { Channel } from '../channel/channel-api.ts';
import { send, type Queued } from './editor-api.ts';
import { runChange, type ChangeHooks } from './run-change.ts';

interface TagsEditorProps extends ChangeHooks {
  channel: Channel;
}

function AddTag({ label, onAdd }: { label: string; onAdd(tag: string): Promise<void> }) {
  const id = useId();
  const [value, setValue] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    await onAdd(value.trim());
    setValue('');
  };
  return (
    <form className="lb-editor__row" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} maxLength={50} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="lb-button">
        Add
      </button>
    </form>
  );
}

/**
 * Ranked tags (the pills the channel page shows, in order) and magic tags (every public GIF with
 * the tag joins the feed, now and later: each change runs as an update job the editor follows).
 */
export function TagsEditor({ channel, onChanged, onJob, onError }: TagsEditorProps) {
  const act = (change: () => Promise<Queued | undefined>) => runChange({ onChanged, onJob, onError }, change);
  const ranked = channel.tags;
  return (
    <div className="lb-editor__tags">
      <section aria-labelledby="editor-ranked">
        <h3 id="editor-ranked">Ranked tags</h3>
        <ol className="lb-editor__tag-list">
          {ranked.map((t, index) => (
            <li key={t.id}>
              <span>{t.tag}</span>
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Move ${t.tag} up`}
                disabled={index === 0}
                onClick={() =>
                  void act(async () => void (await send('PATCH', `/api/v4/channel-ranked-tags/${t.id}/`, { rank: index - 1 })))
                }
              >
                ↑
              </button>
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Move ${t.tag} down`}
                disabled={index === ranked.length - 1}
                onClick={() =>
                  void act(async () => void (await send('PATCH', `/api/v4/channel-ranked-tags/${t.id}/`, { rank: index + 1 })))
                }
              >
                ↓
              </button>
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Remove ranked tag ${t.tag}`}
                onClick={() => void act(async () => void (await send('DELETE', `/api/v4/channel-ranked-tags/${t.id}/`)))}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
        <AddTag
          label="New ranked tag"
          onAdd={(tag) => act(async () => void (await send('POST', '/api/v4/channel-ranked-tags/', { channel: channel.id, tag })))}
        />
      </section>
      <section aria-labelledby="editor-magic">
        <h3 id="editor-magic">Magic tags</h3>
        <p className="lb-editor__hint">Every public GIF with a magic tag joins the feed, now and whenever a GIF gets the tag later.</p>
        <ul className="lb-editor__tag-list">
          {channel.syncable_tags.map((t) => (
            <li key={t.id}>
              <span>{t.tag}</span>
              <button
                type="button"
                className="lb-editor__icon"
                aria-label={`Remove magic tag ${t.tag}`}
                onClick={() =>
                  void act(async () => (await send<{ data: MagicTagRemoved }>('DELETE', `/api/v4/channel-magic-tags/${t.id}/`)).data)
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <AddTag
          label="New magic tag"
          onAdd={(tag) =>
            act(
              async () => (await send<{ data: MagicTagQueued }>('POST', '/api/v4/channel-magic-tags/', { channel: channel.id, tag })).data,
            )
          }
        />
      </section>
    </div>
  );
}
