import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { fetchBlockedTerms, fetchTrendingSearches, setTermBlocked, type BlockedTerm, type TrendingTerm } from './moderation-api.ts';

/** Trending searches as the site shows them, each with a Block button, and the blocked terms with Unblock. */
export function TrendingPanel() {
  const [trending, setTrending] = useState<TrendingTerm[]>();
  const [blocked, setBlocked] = useState<BlockedTerm[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const load = useCallback(async () => {
    try {
      const [terms, blocks] = await Promise.all([fetchTrendingSearches(), fetchBlockedTerms()]);
      setTrending(terms);
      setBlocked(blocks);
    } catch (error) {
      setMessage({ text: `Trending searches could not be loaded: ${(error as Error).message}`, error: true });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function change(term: string, block: boolean) {
    try {
      const answer = await setTermBlocked(term, block);
      setMessage({ text: `“${answer.term}” ${block ? 'blocked from' : 'allowed back into'} trending searches.`, error: false });
      await load();
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    }
  }
  const blockTyped = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const term = String(new FormData(form).get('term') ?? '').trim();
    if (term) void change(term, true).then(() => form.reset());
  };

  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-trending-title">
      <h2 id="lb-mod-trending-title">Trending searches</h2>
      <div role="status" aria-live="polite" className={message?.error ? 'lb-mod-message lb-mod-message--error' : 'lb-mod-message'}>
        {message?.text}
      </div>
      {!trending ? (
        <p>Loading trending searches…</p>
      ) : trending.length === 0 ? (
        <p>No searches are trending.</p>
      ) : (
        <ol className="lb-mod-list lb-mod-terms">
          {trending.map((t) => (
            <li key={t.term}>
              <span>
                {t.term} <small>({t.searches} searches)</small>
              </span>
              <button type="button" className="lb-button" onClick={() => void change(t.term, true)}>
                Block<span className="lb-visually-hidden"> “{t.term}” from trending</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <form className="lb-form lb-mod-inline" onSubmit={blockTyped}>
        <label>
          Block a term
          <input type="text" name="term" maxLength={50} required autoComplete="off" />
        </label>
        <button type="submit" className="lb-button">
          Block
        </button>
      </form>
      <h3>Blocked terms</h3>
      {blocked.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="lb-mod-list lb-mod-terms">
          {blocked.map((b) => (
            <li key={b.term}>
              <span>
                {b.term} <small>since {new Date(b.created_at).toLocaleString()}</small>
              </span>
              <button type="button" className="lb-button" onClick={() => void change(b.term, false)}>
                Unblock<span className="lb-visually-hidden"> “{b.term}”</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
