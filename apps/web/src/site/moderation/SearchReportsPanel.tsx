import './search-reports.css';
import { useCallback, useEffect, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatCount, formatQuantity } from '../../ui/format.ts';
import { ReportedSearch } from './ReportedSearch.tsx';
import { fetchSearchReports, type ReportedTerm } from './search-reports-api.ts';
import { Alert } from '../../ui/Alert.tsx';

/** Terms the panel shows at once (most reported first). */
const TERMS_SHOWN = 25;

/**
 * The search-report queue: searches people reported (`/ajax/report-search`), grouped by term, most
 * reported first. Each term opens as it was searched, shows its results to hide, can be blocked from
 * trending, and is resolved (dismissed, or resolved saying what was done); a resolved term leaves the queue.
 */
export function SearchReportsPanel() {
  const [terms, setTerms] = useState<ReportedTerm[]>();
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState<string>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await fetchSearchReports(TERMS_SHOWN);
      setTerms(answer.data);
      setTotal(answer.pagination.total_count);
      setFailed(undefined);
    } catch (error) {
      setFailed((error as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const resolved = (text: string, error: boolean) => {
    setMessage({ text, error });
    if (!error) void load();
  };

  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-search-reports-title">
      <h2 id="lb-mod-search-reports-title">Reported searches</h2>
      <div role="status" aria-live="polite" className={message?.error ? 'lb-mod-message lb-mod-message--error' : 'lb-mod-message'}>
        {message?.text}
      </div>
      {failed && <Alert>The reported searches could not be read: {failed}</Alert>}
      {!terms ? (
        !failed && <p role="status">Loading reported searches…</p>
      ) : terms.length === 0 ? (
        <EmptyState title="No search is waiting.">Every report has been resolved.</EmptyState>
      ) : (
        <>
          <p>
            {formatQuantity(total, { one: 'search', other: 'searches' })} with open reports
            {total > terms.length ? `, the ${formatCount(terms.length)} most reported shown` : ''}.
          </p>
          <ol className="lb-mod-list lb-mod-reported">
            {terms.map((t) => (
              <li key={t.term}>
                <ReportedSearch reported={t} onResolved={resolved} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
