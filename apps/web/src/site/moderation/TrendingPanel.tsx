import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { formatDateTime, formatQuantity } from '../../ui/format.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import {
  fetchBlockedTerms,
  fetchTrendingReview,
  fetchTrendingSearches,
  setTermApproved,
  setTermBlocked,
  type BlockedTerm,
  type TrendingReview,
  type TrendingTerm,
} from './moderation-api.ts';

/**
 * Trending searches as the site shows them, each with a Block button; with review on, the terms
 * waiting for staff (Approve, or Deny: blocked) and those approved; the blocked terms with Unblock.
 */
export function TrendingPanel() {
  const [trending, setTrending] = useState<TrendingTerm[]>();
  const [blocked, setBlocked] = useState<BlockedTerm[]>([]);
  const [review, setReview] = useState<TrendingReview>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const load = useCallback(async () => {
    try {
      const [terms, blocks, candidates] = await Promise.all([fetchTrendingSearches(), fetchBlockedTerms(), fetchTrendingReview()]);
      setTrending(terms);
      setBlocked(blocks);
      setReview(candidates);
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
  async function approve(term: string, approved: boolean) {
    try {
      const answer = await setTermApproved(term, approved);
      setMessage({ text: `“${answer.term}” ${approved ? 'approved for' : 'no longer approved for'} trending searches.`, error: false });
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
        <p role="status">Loading trending searches…</p>
      ) : trending.length === 0 ? (
        <EmptyState title="No searches are trending." />
      ) : (
        <ol className="lb-mod-list lb-mod-terms">
          {trending.map((t) => (
            <li key={t.term}>
              <span>
                {t.term} <small>({formatQuantity(t.searches, { one: 'search', other: 'searches' })})</small>
              </span>
              <Button onClick={() => void change(t.term, true)}>
                Block<span className="lb-visually-hidden"> “{t.term}” from trending</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
      {review && (
        <p>
          A term trends once at least {review.min_searchers} different people found results for it within a day
          {review.review ? ', and staff approved it.' : '.'}
        </p>
      )}
      {review?.review && (
        <>
          <h3>Waiting for review</h3>
          {review.candidates.length === 0 ? (
            <p className="lb-mod-muted">None.</p>
          ) : (
            <ul className="lb-mod-list lb-mod-terms">
              {review.candidates.map((t) => (
                <li key={t.term}>
                  <span>
                    {t.term} <small>({formatQuantity(t.searchers, 'searcher')})</small>
                  </span>
                  <Button onClick={() => void approve(t.term, true)}>
                    Approve<span className="lb-visually-hidden"> “{t.term}”</span>
                  </Button>
                  <Button onClick={() => void change(t.term, true)}>
                    Deny<span className="lb-visually-hidden"> “{t.term}” (block it)</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <h3>Approved terms</h3>
          {review.approved.length === 0 ? (
            <p className="lb-mod-muted">None.</p>
          ) : (
            <ul className="lb-mod-list lb-mod-terms">
              {review.approved.map((a) => (
                <li key={a.term}>
                  <span>
                    {a.term} <small>since {formatDateTime(a.created_at)}</small>
                  </span>
                  <Button onClick={() => void approve(a.term, false)}>
                    Withdraw<span className="lb-visually-hidden"> approval of “{a.term}”</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <form className="lb-mod-row" onSubmit={blockTyped}>
        <TextField label="Block a term" name="term" maxLength={50} required autoComplete="off" />
        <Button type="submit">Block</Button>
      </form>
      <h3>Blocked terms</h3>
      {blocked.length === 0 ? (
        <p className="lb-mod-muted">None.</p>
      ) : (
        <ul className="lb-mod-list lb-mod-terms">
          {blocked.map((b) => (
            <li key={b.term}>
              <span>
                {b.term} <small>since {formatDateTime(b.created_at)}</small>
              </span>
              <Button onClick={() => void change(b.term, false)}>
                Unblock<span className="lb-visually-hidden"> “{b.term}”</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
