import { channelSearchPath } from '@loopbox/pages';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { Channel } from './channel-api.ts';

/** A search box for the GIFs of one channel: it opens `/channel/{slug}/search/{term}`. */
export function ChannelSearchForm({ channel, term = '' }: { channel: Pick<Channel, 'slug' | 'display_name'>; term?: string }) {
  const [value, setValue] = useState(term);
  const [, navigate] = useLocation();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) navigate(channelSearchPath(channel.slug, value.trim()));
  };
  return (
    <search>
      <form className="lb-channel__search" onSubmit={submit}>
        <label htmlFor={id} className="lb-visually-hidden">
          Search {channel.display_name}
        </label>
        <input
          id={id}
          type="search"
          value={value}
          maxLength={50}
          placeholder={`Search ${channel.display_name}`}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="lb-button">
          Search
        </button>
      </form>
    </search>
  );
}
