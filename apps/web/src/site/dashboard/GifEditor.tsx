import { useState } from 'react';
import { addLanguageTags, LANGUAGES, removeGif, removeLanguageTag, saveGif, setCta, type MyGif } from './my-gifs-api.ts';
import { ExternalVideoForm } from './ExternalVideoForm.tsx';
import { SelectField } from '../../ui/Field.tsx';
import { RATINGS, VISIBILITIES } from './upload-fields.ts';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Editing one GIF: details, language tags, call to action, external video, removal. Each part saves on its own. */
export function GifEditor({ gif, onChanged, onRemoved }: { gif: MyGif; onChanged(): void; onRemoved(): void }) {
  const [title, setTitle] = useState(gif.title);
  const [tags, setTags] = useState(gif.tags.join(', '));
  const [rating, setRating] = useState(gif.rating);
  const [source, setSource] = useState(gif.source_post_url);
  const [visibility, setVisibility] = useState(gif.visibility);
  const [lang, setLang] = useState<string>(LANGUAGES[0]);
  const [langTags, setLangTags] = useState('');
  const [ctaLink, setCtaLink] = useState(gif.cta?.link ?? '');
  const [ctaText, setCtaText] = useState(gif.cta?.text ?? '');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (what: string, action: () => Promise<unknown>) => {
    try {
      await action();
      setStatus({ ok: true, text: `${what} saved` });
      onChanged();
    } catch (err) {
      setStatus({ ok: false, text: `${what}: ${message(err)}` });
    }
  };

  return (
    <div className="lb-form lb-gif-editor">
      <form
        className="lb-form"
        onSubmit={(e) => {
          e.preventDefault();
          // Only what changed: a rating the moderators locked, or a visibility the scheduler holds, is not sent back.
          const changed = { ...(rating !== gif.rating ? { rating } : {}), ...(visibility !== gif.visibility ? { visibility } : {}) };
          void run('Details', () => saveGif(gif.id, { title, tags, source_post_url: source, ...changed }));
        }}
      >
        <label>
          Title
          <input type="text" value={title} maxLength={140} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label>
          Tags (comma-separated)
          <input type="text" value={tags} onChange={(e) => setTags(e.target.value)} />
        </label>
        <SelectField<MyGif['rating']> label="Rating" value={rating} choices={RATINGS} onValue={setRating} />
        <label>
          Source URL
          <input type="url" value={source} onChange={(e) => setSource(e.target.value)} />
        </label>
        {gif.visibility === 'scheduled' ? (
          <p className="lb-form__hint">
            Visibility: scheduled. It goes public at its post&rsquo;s time; cancel the post in the scheduler to change it.
          </p>
        ) : (
          <SelectField<MyGif['visibility']> label="Visibility" value={visibility} choices={VISIBILITIES} onValue={setVisibility} />
        )}
        <button type="submit" className="lb-button lb-button--primary">
          Save details
        </button>
      </form>

      <form
        className="lb-form"
        aria-label="Language tags"
        onSubmit={(e) => {
          e.preventDefault();
          void run('Language tags', () => addLanguageTags(gif.id, lang, langTags)).then(() => setLangTags(''));
        }}
      >
        <h3>Tags in other languages</h3>
        <ul className="lb-suggestions" aria-label="Language tags">
          {Object.entries(gif.language_tags).flatMap(([l, list]) =>
            list.map((t) => (
              <li key={`${l}:${t}`}>
                <button
                  type="button"
                  className="lb-button lb-button--quiet"
                  aria-label={`Remove ${l} tag ${t}`}
                  onClick={() => void run('Language tags', () => removeLanguageTag(gif.id, l, t))}
                >
                  {l}: {t} ×
                </button>
              </li>
            )),
          )}
        </ul>
        <SelectField label="Language" value={lang} choices={LANGUAGES} onValue={setLang} />
        <label>
          Tags in that language (comma-separated)
          <input type="text" value={langTags} onChange={(e) => setLangTags(e.target.value)} />
        </label>
        <button type="submit" className="lb-button">
          Add language tags
        </button>
      </form>

      <form
        className="lb-form"
        aria-label="Call to action"
        onSubmit={(e) => {
          e.preventDefault();
          void run('Call to action', () => setCta(gif.id, ctaLink, ctaText));
        }}
      >
        <h3>Call to action</h3>
        <label>
          Link
          <input type="url" value={ctaLink} onChange={(e) => setCtaLink(e.target.value)} />
        </label>
        <label>
          Text (empty removes it)
          <input type="text" value={ctaText} maxLength={40} onChange={(e) => setCtaText(e.target.value)} />
        </label>
        <button type="submit" className="lb-button">
          Save call to action
        </button>
      </form>

      <ExternalVideoForm gif={gif} run={run} />

      <button
        type="button"
        className="lb-button lb-button--danger"
        onClick={() => {
          if (window.confirm(`Remove “${gif.title || gif.id}”? It leaves every listing at once.`))
            void removeGif(gif.id).then(onRemoved, (err: unknown) => setStatus({ ok: false, text: `Remove: ${message(err)}` }));
        }}
      >
        Remove GIF
      </button>
      <p role="status" className={status && !status.ok ? 'lb-error' : undefined}>
        {status?.text}
      </p>
    </div>
  );
}
