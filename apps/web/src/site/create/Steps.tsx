import {
  CAPTION_ANIMATIONS,
  CAPTION_FONTS,
  CAPTION_MAX_CHARS,
  CAPTION_SIZE,
  EDIT_MAX_CAPTIONS,
  EDIT_MAX_STICKERS,
  STICKER_ROTATION_MAX,
  STICKER_SCALE,
  TRIM_MAX_DURATION_S,
  TRIM_MIN_DURATION_S,
  createPath,
  type CaptionAnimation,
  type CaptionFont,
} from '@loopbox/pages';
import { getAltText, getBestRenditionUrl, type IGif } from '@loopbox/sdk';
import { useEffect, useState, type ReactNode } from 'react';
import { RATINGS } from '../dashboard/upload-fields.ts';
import { Range } from './Range.tsx';
import { useGoTo } from '../shell/navigation.ts';
import { useSite } from '../shell/site-context.tsx';
import { NEW_CAPTION, type MakerState } from './maker-state.ts';
import { scheduleProblem } from './publish.ts';
import type { Selection } from './Stage.tsx';

type Change = (change: (state: MakerState) => MakerState) => void;
const PICK_LIMIT = 12;

/** GIFs or stickers found by a search, each a button choosing it. */
function Results({ gifs, label, onPick }: { gifs: IGif[]; label: string; onPick(gif: IGif): void }) {
  return (
    <ul className="lb-maker__results" aria-label={label}>
      {gifs.map((gif) => (
        <li key={gif.id}>
          <button type="button" onClick={() => onPick(gif)} aria-label={`Choose ${getAltText(gif)}`}>
            <img src={getBestRenditionUrl(gif, 120, 120)} alt="" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Step 1: a video or GIF file, a URL of this server's media, or a GIF of the site. */
export function SourceStep({ onFile, onUrl }: { onFile(file: File): void; onUrl(url: string, video: boolean): void }) {
  const { client } = useSite();
  const [url, setUrl] = useState('');
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<IGif[]>();
  return (
    <section aria-labelledby="maker-source">
      <h2 id="maker-source">Choose what to make your GIF from</h2>
      <label className="lb-maker__field">
        Upload a video or GIF
        <input
          type="file"
          accept="video/mp4,video/webm,video/quicktime,image/gif,.mp4,.webm,.mov,.gif"
          onChange={(e) => e.target.files?.[0] && onFile(e.target.files[0])}
        />
      </label>
      <form
        className="lb-maker__row"
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim()) onUrl(url.trim(), /\.(mp4|webm|mov)(\?|$)/i.test(url));
        }}
      >
        <label className="lb-maker__field">
          Or a URL of a GIF or video on this site
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/media/…/giphy.mp4" />
        </label>
        <button type="submit" className="lb-button">
          Use URL
        </button>
      </form>
      <search>
        <form
          className="lb-maker__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (term.trim()) void client.search(term.trim(), { limit: PICK_LIMIT }).then((r) => setFound(r.data));
          }}
        >
          <label className="lb-maker__field">
            Or start from a GIF of the site
            <input type="search" value={term} maxLength={50} onChange={(e) => setTerm(e.target.value)} />
          </label>
          <button type="submit" className="lb-button">
            Search GIFs
          </button>
        </form>
      </search>
      {found && (
        <Results
          gifs={found}
          label="GIFs to start from"
          onPick={(gif) => {
            // A GIF's MP4 rendition plays (and scrubs) in the preview; the server trims either.
            const original = gif.images.original;
            const url = original?.mp4 ?? original?.url;
            if (url) onUrl(url, Boolean(original?.mp4));
          }}
        />
      )}
    </section>
  );
}

/** Step 2: where the segment starts and how long it runs, previewed live. */
export function TrimStep({ state, change }: { state: MakerState; change: Change }) {
  const total = state.sourceDuration ?? TRIM_MAX_DURATION_S;
  const { start, duration } = state.trim;
  return (
    <section aria-labelledby="maker-trim">
      <h2 id="maker-trim">Trim</h2>
      <Range
        label="Start"
        unit=" s"
        value={start}
        min={0}
        max={Math.max(0, total - TRIM_MIN_DURATION_S)}
        step={0.05}
        onChange={(v) =>
          change((s) => ({ ...s, trim: { start: v, duration: Math.min(s.trim.duration, Math.max(TRIM_MIN_DURATION_S, total - v)) } }))
        }
      />
      <Range
        label="Length"
        unit=" s"
        value={duration}
        min={TRIM_MIN_DURATION_S}
        max={Math.max(TRIM_MIN_DURATION_S, Math.min(TRIM_MAX_DURATION_S, total - start))}
        step={0.05}
        onChange={(v) => change((s) => ({ ...s, trim: { ...s.trim, duration: v } }))}
      />
    </section>
  );
}

/** Step 3: captions: text, font, colour, size, place and animation. */
export function CaptionStep({
  state,
  change,
  selected,
  onSelect,
}: {
  state: MakerState;
  change: Change;
  selected: Selection;
  onSelect(s: Selection): void;
}) {
  const index = selected?.kind === 'caption' ? selected.index : state.captions.length ? 0 : -1;
  const caption = state.captions[index];
  const edit = (fields: Partial<typeof NEW_CAPTION>) =>
    change((s) => ({ ...s, captions: s.captions.map((c, i) => (i === index ? { ...c, ...fields } : c)) }));
  return (
    <section aria-labelledby="maker-caption">
      <h2 id="maker-caption">Caption</h2>
      <div className="lb-maker__row">
        {state.captions.map((c, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a caption has no identity but its place in the list: the selection and edits address it by index
            key={i}
            type="button"
            className="lb-button lb-button--quiet"
            aria-pressed={i === index}
            onClick={() => onSelect({ kind: 'caption', index: i })}
          >
            {c.text || `Caption ${i + 1}`}
          </button>
        ))}
        <button
          type="button"
          className="lb-button"
          disabled={state.captions.length >= EDIT_MAX_CAPTIONS}
          onClick={() => {
            change((s) => ({ ...s, captions: [...s.captions, { ...NEW_CAPTION }] }));
            onSelect({ kind: 'caption', index: state.captions.length });
          }}
        >
          Add caption
        </button>
      </div>
      {caption && (
        <div className="lb-maker__grid">
          <label className="lb-maker__field">
            Text
            <input type="text" value={caption.text} maxLength={CAPTION_MAX_CHARS} onChange={(e) => edit({ text: e.target.value })} />
          </label>
          <label className="lb-maker__field">
            Font
            <select value={caption.font} onChange={(e) => edit({ font: e.target.value as CaptionFont })}>
              {Object.keys(CAPTION_FONTS).map((font) => (
                <option key={font}>{font}</option>
              ))}
            </select>
          </label>
          <label className="lb-maker__field">
            Colour
            <input type="color" value={caption.color} onChange={(e) => edit({ color: e.target.value })} />
          </label>
          <label className="lb-maker__field">
            Animation
            <select value={caption.animation} onChange={(e) => edit({ animation: e.target.value as CaptionAnimation })}>
              {CAPTION_ANIMATIONS.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
          </label>
          <Range
            label="Size"
            value={caption.size}
            min={CAPTION_SIZE.min}
            max={CAPTION_SIZE.max}
            step={0.01}
            onChange={(size) => edit({ size })}
          />
          <Range label="Across" value={caption.x} min={0} max={1} step={0.01} onChange={(x) => edit({ x })} />
          <Range label="Down" value={caption.y} min={0} max={1} step={0.01} onChange={(y) => edit({ y })} />
          <button
            type="button"
            className="lb-button lb-button--quiet"
            onClick={() => change((s) => ({ ...s, captions: s.captions.filter((_, i) => i !== index) }))}
          >
            Remove caption
          </button>
        </div>
      )}
    </section>
  );
}

/** Step 4: stickers found by a sticker search (its address is SPEC 2.3's virtual page path), placed, scaled and turned. */
export function DecorateStep({
  state,
  change,
  selected,
  onSelect,
  term,
}: {
  state: MakerState;
  change: Change;
  selected: Selection;
  onSelect(s: Selection): void;
  term: string | undefined;
}) {
  const { client } = useSite();
  const goTo = useGoTo();
  const [query, setQuery] = useState(term ?? '');
  const [found, setFound] = useState<IGif[]>();
  useEffect(() => {
    if (term) void client.search(term, { type: 'stickers', limit: PICK_LIMIT }).then((r) => setFound(r.data));
  }, [term, client]);
  const index = selected?.kind === 'sticker' ? selected.index : state.stickers.length ? 0 : -1;
  const sticker = state.stickers[index];
  const edit = (fields: Partial<(typeof state.stickers)[number]>) =>
    change((s) => ({ ...s, stickers: s.stickers.map((l, i) => (i === index ? { ...l, ...fields } : l)) }));
  const add = (gif: IGif) => {
    const preview = gif.images.original?.url;
    if (state.stickers.length >= EDIT_MAX_STICKERS || !preview) return;
    change((s) => ({
      ...s,
      stickers: [...s.stickers, { id: gif.id, preview, title: getAltText(gif), x: 0.5, y: 0.4, scale: 0.3, rotation: 0 }],
    }));
    onSelect({ kind: 'sticker', index: state.stickers.length });
  };
  return (
    <section aria-labelledby="maker-decorate">
      <h2 id="maker-decorate">Decorate</h2>
      <search>
        <form
          className="lb-maker__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (query.trim()) goTo(createPath('decorate', query.trim()));
          }}
        >
          <label className="lb-maker__field">
            Search stickers
            <input type="search" value={query} maxLength={50} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <button type="submit" className="lb-button">
            Find stickers
          </button>
        </form>
      </search>
      {found && <Results gifs={found} label="Stickers to add" onPick={add} />}
      {sticker && (
        <div className="lb-maker__grid">
          <p>
            Sticker {index + 1} of {state.stickers.length}: {sticker.title}
          </p>
          <Range
            label="Sticker size"
            value={sticker.scale}
            min={STICKER_SCALE.min}
            max={STICKER_SCALE.max}
            step={0.01}
            onChange={(scale) => edit({ scale })}
          />
          <Range
            label="Rotation"
            unit="°"
            value={sticker.rotation}
            min={-STICKER_ROTATION_MAX}
            max={STICKER_ROTATION_MAX}
            step={1}
            onChange={(rotation) => edit({ rotation })}
          />
          <Range label="Sticker across" value={sticker.x} min={0} max={1} step={0.01} onChange={(x) => edit({ x })} />
          <Range label="Sticker down" value={sticker.y} min={0} max={1} step={0.01} onChange={(y) => edit({ y })} />
          <button
            type="button"
            className="lb-button lb-button--quiet"
            onClick={() => change((s) => ({ ...s, stickers: s.stickers.filter((_, i) => i !== index) }))}
          >
            Remove sticker
          </button>
        </div>
      )}
    </section>
  );
}

/** Step 5's fields: title, tags and rating. */
export function DetailsFields({ state, change, children }: { state: MakerState; change: Change; children: ReactNode }) {
  const set = (fields: Partial<MakerState['fields']>) => change((s) => ({ ...s, fields: { ...s.fields, ...fields } }));
  return (
    <section aria-labelledby="maker-details">
      <h2 id="maker-details">Details</h2>
      <div className="lb-maker__grid">
        <label className="lb-maker__field">
          Title
          <input type="text" value={state.fields.title} maxLength={140} onChange={(e) => set({ title: e.target.value })} />
        </label>
        <label className="lb-maker__field">
          Tags (comma-separated)
          <input type="text" value={state.fields.tags} onChange={(e) => set({ tags: e.target.value })} />
        </label>
        <label className="lb-maker__field">
          Rating
          <select value={state.fields.rating} onChange={(e) => set({ rating: e.target.value as MakerState['fields']['rating'] })}>
            {RATINGS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
      </div>
      <WhenFields publishAt={state.publishAt} onChange={(publishAt) => change((s) => ({ ...s, publishAt }))} />
      {children}
    </section>
  );
}

/** A `datetime-local` value for a time: local, to the minute. */
const localMinute = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const AN_HOUR_MS = 3_600_000;

/** Publish at once, or at a time of the creator's choosing (the scheduler makes the GIF public then). */
function WhenFields({ publishAt, onChange }: { publishAt: string | undefined; onChange(publishAt: string | undefined): void }) {
  const problem = scheduleProblem(publishAt);
  return (
    <fieldset className="lb-maker__when">
      <legend>When</legend>
      <label>
        <input type="radio" name="maker-when" checked={publishAt === undefined} onChange={() => onChange(undefined)} /> Publish now
      </label>
      <label>
        <input
          type="radio"
          name="maker-when"
          checked={publishAt !== undefined}
          onChange={() => onChange(localMinute(new Date(Date.now() + AN_HOUR_MS)))}
        />{' '}
        Schedule
      </label>
      {publishAt !== undefined && (
        <label className="lb-maker__field">
          Publish at
          <input
            type="datetime-local"
            value={publishAt}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? 'maker-when-problem' : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        </label>
      )}
      {problem && (
        <p id="maker-when-problem" className="lb-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
