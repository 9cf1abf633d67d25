import { useState } from 'react';
import { saveGif, type MyGif } from './my-gifs-api.ts';
import { SelectField } from '../../ui/Field.tsx';

const HOSTS = ['YouTube', 'Vimeo'] as const;
type Host = (typeof HOSTS)[number];

/**
 * A YouTube or Vimeo video attached to the GIF (SPEC 3 external_media; the embed's Watch button
 * plays it): its id or URL and where it starts. The server checks it with the host before saving.
 */
export function ExternalVideoForm({ gif, run }: { gif: MyGif; run(what: string, action: () => Promise<unknown>): Promise<void> }) {
  const current = gif.external_media;
  const [host, setHost] = useState<Host>(current?.provider_name ?? 'YouTube');
  const [video, setVideo] = useState(current?.url ?? '');
  const [start, setStart] = useState(String(current?.start ?? 0));
  return (
    <form
      className="lb-form"
      aria-label="External video"
      onSubmit={(e) => {
        e.preventDefault();
        void run('External video', () =>
          saveGif(gif.id, { external_media: { provider_name: host, video: video.trim(), start: Number(start) || 0 } }),
        );
      }}
    >
      <h3>External video</h3>
      {current && (
        <p className="lb-form__hint">
          Attached: {current.provider_name} video {current.asset_uid}
          {current.start ? `, from ${current.start} s` : ''}.
        </p>
      )}
      <SelectField<Host> label="Video host" value={host} choices={HOSTS} onValue={setHost} />
      <label>
        Video id or URL
        <input
          type="text"
          value={video}
          required
          maxLength={2000}
          onChange={(e) => setVideo(e.target.value)}
          placeholder={host === 'YouTube' ? 'https://youtu.be/…' : 'https://vimeo.com/…'}
        />
      </label>
      <label>
        Start at (seconds)
        <input type="number" min={0} step={1} value={start} onChange={(e) => setStart(e.target.value)} />
      </label>
      <div className="lb-button-row">
        <button type="submit" className="lb-button">
          Save video
        </button>
        {current && (
          <button
            type="button"
            className="lb-button lb-button--quiet"
            onClick={() => void run('External video', () => saveGif(gif.id, { external_media: null }))}
          >
            Remove video
          </button>
        )}
      </div>
    </form>
  );
}
