import { CONTENT_STATES, GIF_TYPES, type Decision } from '@loopbox/pages';
import { RATINGS } from '../dashboard/upload-fields.ts';
import { useState, type FormEvent } from 'react';
import { SelectField } from '../../ui/Field.tsx';
import { GifDetail, score } from './GifDetail.tsx';
import { csvHref, searchContent, type ContentRow, type SearchFilters } from './moderation-api.ts';
import { useDecision } from './use-decision.ts';
import { namedChoices } from './audit-words.ts';

const PAGE = 25;
const FILTER_NAMES = ['q', 'username', 'rating', 'state', 'type', 'uploaded_from', 'uploaded_to', 'min_reports'] as const;

/**
 * The search service for staff: all content (private, hidden and removed too) by text, user,
 * rating, state, type, upload dates and report count, paged; the same query as a CSV download; a
 * row opens the GIF's detail with the decisions.
 */
export function SearchPanel() {
  const [filters, setFilters] = useState<Partial<SearchFilters>>();
  const [offset, setOffset] = useState(0);
  const [rows, setRows] = useState<ContentRow[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [opened, setOpened] = useState<ContentRow>();
  const [version, setVersion] = useState(0);
  const decision = useDecision();

  async function load(f: Partial<SearchFilters>, at: number) {
    try {
      const answer = await searchContent(f, { limit: PAGE, offset: at });
      setRows(answer.data);
      setHasMore(answer.pagination.has_more);
      setOffset(at);
      setFailed(undefined);
    } catch (error) {
      setFailed((error as Error).message);
    }
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const f = Object.fromEntries(FILTER_NAMES.map((n) => [n, String(form.get(n) ?? '').trim()]).filter(([, v]) => v)) as Partial<SearchFilters>;
    setFilters(f);
    setOpened(undefined);
    void load(f, 0);
  };
  const decideOpened = async (action: Decision, rating?: string) => {
    if (!opened || !filters) return;
    if (await decision.run(opened.id, opened.title, action, rating)) {
      setVersion((v) => v + 1);
      await load(filters, offset);
    }
  };

  return (
    <section className="lb-mod-panel" aria-labelledby="lb-mod-search-title">
      <h2 id="lb-mod-search-title">Search all content</h2>
      <form className="lb-form lb-mod-filters" onSubmit={submit}>
        <label>
          Text
          <input type="search" name="q" maxLength={50} />
        </label>
        <label>
          Username
          <input type="text" name="username" autoComplete="off" />
        </label>
        <SelectField name="rating" label="Rating" choices={namedChoices(RATINGS)} anyLabel="any" />
        <SelectField name="state" label="State" choices={namedChoices(CONTENT_STATES)} anyLabel="any" />
        <SelectField name="type" label="Type" choices={namedChoices(GIF_TYPES)} anyLabel="any" />
        <label>
          Uploaded from
          <input type="date" name="uploaded_from" />
        </label>
        <label>
          Uploaded to
          <input type="date" name="uploaded_to" />
        </label>
        <label>
          At least this many reports
          <input type="number" name="min_reports" min={0} />
        </label>
        <p>
          <button type="submit" className="lb-button lb-button--primary">
            Search
          </button>
        </p>
      </form>
      {failed && <p role="alert">The search failed: {failed}</p>}
      {filters && !failed && (
        <>
          <p className="lb-mod-inline">
            <span role="status">
              {rows.length === 0 ? 'Nothing matches.' : `Results ${offset + 1}–${offset + rows.length}${hasMore ? ', more follow' : ''}.`}
            </span>
            <a className="lb-button" href={csvHref(filters)} download>
              Download CSV
            </a>
          </p>
          {rows.length > 0 && (
            <div className="lb-mod-table-wrap">
              <table className="lb-mod-table">
                <caption className="lb-visually-hidden">Content matching the search</caption>
                <thead>
                  <tr>
                    <th scope="col">GIF</th>
                    <th scope="col">User</th>
                    <th scope="col">Type</th>
                    <th scope="col">Rating</th>
                    <th scope="col">State</th>
                    <th scope="col">Reports</th>
                    <th scope="col">NSFW</th>
                    <th scope="col">Uploaded</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td>
                        <button type="button" className="lb-button lb-button--quiet" onClick={() => setOpened(row)}>
                          {row.title || row.id}
                        </button>
                      </td>
                      <td>{row.username ?? ''}</td>
                      <td>{row.type}</td>
                      <td>{row.rating}</td>
                      <td>{row.is_removed ? 'removed' : `${row.moderation_state} · ${row.visibility}`}</td>
                      <td>{row.reports}</td>
                      <td>{score(row.nsfw_score)}</td>
                      <td>{new Date(row.create_datetime).toLocaleDateString()}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="lb-mod-inline">
            {offset > 0 && (
              <button type="button" className="lb-button" onClick={() => void load(filters, Math.max(0, offset - PAGE))}>
                Previous page
              </button>
            )}
            {hasMore && (
              <button type="button" className="lb-button" onClick={() => void load(filters, offset + PAGE)}>
                Next page
              </button>
            )}
          </p>
        </>
      )}
      {opened && (
        <>
          <div role="status" aria-live="polite" className={decision.message?.error ? 'lb-mod-message lb-mod-message--error' : 'lb-mod-message'}>
            {decision.message?.text}
          </div>
          <GifDetail id={opened.id} version={version} decision={{ reason: decision.reason, onReason: decision.setReason, busy: decision.busy, onDecide: (action, rating) => void decideOpened(action, rating) }} />
        </>
      )}
    </section>
  );
}
