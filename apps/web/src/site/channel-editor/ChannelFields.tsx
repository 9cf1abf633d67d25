import { useId, useState, type FormEvent } from 'react';
import type { Channel as WireChannel } from '@loopbox/contract/channels';
import { asChannel, type Channel } from '../channel/channel-api.ts';
import { send } from './editor-api.ts';

/** The channel's own fields: name, description, featured GIF, flags, banner and avatar pictures. */
export function ChannelFields({ channel, onSaved }: { channel: Channel; onSaved(channel: Channel): void }) {
  const id = useId();
  const [message, setMessage] = useState<{ error: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = {
      display_name: String(form.get('display_name') ?? ''),
      description: String(form.get('description') ?? ''),
      featured_gif: String(form.get('featured_gif') ?? '') || null,
      is_visible: form.get('is_visible') === 'on',
      is_private: form.get('is_private') === 'on',
      is_live: form.get('is_live') === 'on',
    };
    const pictures = (['banner', 'avatar'] as const).filter((name) => (form.get(name) as File | null)?.size);
    let body: unknown = fields;
    if (pictures.length > 0) {
      const multipart = new FormData();
      for (const [key, value] of Object.entries(fields)) multipart.set(key, value === null ? '' : String(value));
      for (const name of pictures) multipart.set(name, form.get(name) as File);
      body = multipart;
    }
    setBusy(true);
    try {
      const saved = await send<{ data: WireChannel }>('PATCH', `/api/v4/channels/${channel.id}/`, body);
      setMessage({ error: false, text: 'Saved.' });
      onSaved(asChannel(saved.data));
    } catch (err) {
      setMessage({ error: true, text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="lb-editor__form" onSubmit={submit} key={channel.flush_uuid}>
      <h3>Details</h3>
      <label htmlFor={`${id}-name`}>Name</label>
      <input id={`${id}-name`} name="display_name" defaultValue={channel.display_name} required maxLength={100} />
      <label htmlFor={`${id}-description`}>Description</label>
      <textarea id={`${id}-description`} name="description" defaultValue={channel.description} maxLength={2000} rows={3} />
      <label htmlFor={`${id}-featured`}>Featured GIF id</label>
      <input id={`${id}-featured`} name="featured_gif" defaultValue={channel.featured_gif?.id ?? ''} maxLength={64} />
      <fieldset>
        <legend>Who sees it</legend>
        <label>
          <input type="checkbox" name="is_visible" defaultChecked={channel.is_visible} /> Visible
        </label>
        <label>
          <input type="checkbox" name="is_private" defaultChecked={channel.is_private} /> Private (only you and staff)
        </label>
        <label>
          <input type="checkbox" name="is_live" defaultChecked={channel.is_live} /> Live
        </label>
      </fieldset>
      <label htmlFor={`${id}-banner`}>Banner picture</label>
      <input id={`${id}-banner`} name="banner" type="file" accept="image/*" />
      <label htmlFor={`${id}-avatar`}>Avatar picture</label>
      <input id={`${id}-avatar`} name="avatar" type="file" accept="image/*" />
      <button type="submit" className="lb-button lb-button--primary" disabled={busy}>
        Save details
      </button>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'lb-editor__error' : undefined}>
          {message.text}
        </p>
      )}
    </form>
  );
}
