import { getAltText, getBestRenditionUrl, type IGif } from '@loopbox/sdk';
import { useId, useState, type FormEvent } from 'react';
import { useSite } from '../shell/site-context.tsx';
import { PICKER_PAGE_SIZE } from './constants.ts';

/** GIFs to add: the caller's own (My GIFs, their `@username` search) or a search; add one, or all shown. */
export function GifPicker({ username, onAdd }: { username: string; onAdd(ids: string[]): void }) {
  const { client } = useSite();
  const id = useId();
  const [term, setTerm] = useState('');
  const [shown, setShown] = useState<{ label: string; gifs: IGif[] }>();
  const [error, setError] = useState<string>();
  const load = async (label: string, load: () => Promise<{ data: IGif[] }>) => {
    setError(undefined);
    try {
      setShown({ label, gifs: (await load()).data });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) void load(`Results for ${term.trim()}`, () => client.search(term.trim(), { limit: PICKER_PAGE_SIZE }));
  };
  return (
    <div className="lb-editor__picker">
      <h4>Add GIFs</h4>
      <div className="lb-editor__row">
        <button
          type="button"
          className="lb-button"
          onClick={() => void load('My GIFs', () => client.search('', { channel: username, limit: PICKER_PAGE_SIZE }))}
        >
          My GIFs
        </button>
        <search>
          <form onSubmit={search} className="lb-editor__row">
            <label htmlFor={id} className="lb-visually-hidden">
              Search GIFs to add
            </label>
            <input
              id={id}
              type="search"
              value={term}
              maxLength={50}
              placeholder="Search GIFs to add"
              onChange={(e) => setTerm(e.target.value)}
            />
            <button type="submit" className="lb-button">
              Search
            </button>
          </form>
        </search>
      </div>
      {error && (
        <p role="alert" className="lb-editor__error">
          {error}
        </p>
      )}
      {shown && (
        <section aria-label={shown.label}>
          <p>
            {shown.label}: {shown.gifs.length > 0 ? `${shown.gifs.length} GIFs` : 'none found'}{' '}
            {shown.gifs.length > 0 && (
              <button type="button" className="lb-button" onClick={() => onAdd(shown.gifs.map((g) => g.id))}>
                Add all shown
              </button>
            )}
          </p>
          <ul className="lb-editor__thumbs">
            {shown.gifs.map((gif) => (
              <li key={gif.id}>
                <img src={getBestRenditionUrl(gif, 100, 100) ?? ''} alt={getAltText(gif)} width={100} height={100} loading="lazy" />
                <button type="button" className="lb-editor__icon" aria-label={`Add ${getAltText(gif)}`} onClick={() => onAdd([gif.id])}>
                  +
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
