import { searchPath } from '@loopbox/pages';
import { getAltText, getBestRenditionUrl, type IGif } from '@loopbox/sdk';
import { useId, useState } from 'react';
import { useSite } from '../shell/site-context.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/Field.tsx';
import { formatCount, formatDateTime, formatQuantity } from '../../ui/format.ts';
import { decide, setTermBlocked } from './moderation-api.ts';
import { resolveSearchReports, type ReportedTerm, type SearchReportResolution } from './search-reports-api.ts';
import { Alert } from '../../ui/Alert.tsx';

/** Results shown of a reported search, to hide from. */
const RESULTS_SHOWN = 12;

/** The site's search tab for a reported content type (GIFs or stickers: the tabs the report button sits on). */
type SearchType = 'gifs' | 'stickers';
const siteType = (contentType: string): SearchType => (contentType === 'stickers' ? 'stickers' : 'gifs');
const when = formatDateTime;
const counted = (reasons: Record<string, number>) =>
  Object.entries(reasons)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, n]) => `${reason} ${formatCount(n)}`)
    .join(' · ');

/**
 * One reported search: its reasons and reports, the search as it was reported (on the site, and its
 * results here, each with Hide), Block from trending, and the resolution: dismiss, or resolve saying
 * what was done (what was done here is said for the moderator unless they write their own note).
 */
export function ReportedSearch({ reported, onResolved }: { reported: ReportedTerm; onResolved(text: string, error: boolean): void }) {
  const { client } = useSite();
  const id = useId();
  const { term } = reported;
  const types = [...new Set(reported.content_types.map(siteType))];
  const [results, setResults] = useState<{ type: SearchType; gifs: IGif[] }>();
  const [hidden, setHidden] = useState<string[]>([]);
  const [blocked, setBlocked] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  const showResults = (type: SearchType) =>
    attempt(async () => setResults({ type, gifs: (await client.search(term, { type, limit: RESULTS_SHOWN })).data }));
  const hide = (gif: IGif) =>
    attempt(async () => {
      await decide(gif.id, { action: 'hide', reason: `Hidden from the reported search “${term}”${note.trim() ? `: ${note.trim()}` : ''}` });
      setHidden((h) => [...h, gif.id]);
    });
  const block = () =>
    attempt(async () => {
      await setTermBlocked(term, true);
      setBlocked(true);
    });
  const done = [
    ...(blocked ? ['blocked from trending'] : []),
    ...(hidden.length > 0 ? [`hid ${formatQuantity(hidden.length, 'GIF')} (${hidden.join(', ')})`] : []),
  ];
  const resolve = (resolution: SearchReportResolution) =>
    attempt(async () => {
      const reason = [done.join('; '), note.trim()].filter(Boolean).join('. ');
      const answer = await resolveSearchReports({ term, resolution, through: reported.through, ...(reason ? { reason } : {}) });
      onResolved(
        `“${answer.term}”: ${formatQuantity(answer.reports, 'report')} ${resolution === 'dismiss' ? 'dismissed' : 'resolved'}.`,
        false,
      );
    });

  return (
    <Card className="lb-mod-detail" role="article" aria-labelledby={`${id}-term`}>
      <h3 id={`${id}-term`}>
        “{term}” <small>{formatQuantity(reported.open_reports, 'report')}</small>
      </h3>
      <dl className="lb-mod-facts">
        <dt>Reasons</dt>
        <dd>{counted(reported.reasons)}</dd>
        <dt>Results of</dt>
        <dd>{reported.content_types.join(', ')}</dd>
        <dt>Reported</dt>
        <dd>
          {reported.first_reported_at === reported.last_reported_at
            ? when(reported.first_reported_at)
            : `${when(reported.first_reported_at)} – ${when(reported.last_reported_at)}`}
        </dd>
      </dl>
      <details>
        <summary>The reports{reported.reports.length < reported.open_reports ? ` (newest ${reported.reports.length})` : ''}</summary>
        <ol className="lb-mod-list">
          {reported.reports.map((r) => (
            <li key={r.id}>
              {when(r.created_at)} by {r.signed_in ? 'a signed-in person' : 'an anonymous visitor'}: {r.reasons.join(', ')} on{' '}
              {r.search_content_type}
              {r.additional_info && <> — “{r.additional_info}”</>}
              {r.search_response_id && <small> (response {r.search_response_id})</small>}
            </li>
          ))}
        </ol>
      </details>
      <div className="lb-button-row">
        {types.map((type) => (
          <ButtonLink key={type} external href={searchPath(term, { type })} target="_blank" rel="noopener">
            Open the {type === 'stickers' ? 'sticker ' : ''}search<span className="lb-visually-hidden"> “{term}”</span>
          </ButtonLink>
        ))}
        {types.map((type) => (
          <Button key={type} disabled={busy} onClick={() => void showResults(type)}>
            Show its {type === 'stickers' ? 'stickers' : 'GIFs'}
            <span className="lb-visually-hidden"> for “{term}”</span>
          </Button>
        ))}
        <Button disabled={busy || blocked} onClick={() => void block()}>
          {blocked ? 'Blocked from trending' : 'Block from trending'}
          <span className="lb-visually-hidden"> “{term}”</span>
        </Button>
      </div>
      {results && (
        <section aria-label={`Results of “${term}”`}>
          {results.gifs.length === 0 ? (
            <p>The search finds nothing now.</p>
          ) : (
            <ul className="lb-mod-reported__results">
              {results.gifs.map((gif) => (
                <li key={gif.id}>
                  <img src={getBestRenditionUrl(gif, 100, 100) ?? ''} alt={getAltText(gif)} width={100} height={100} loading="lazy" />
                  <Button disabled={busy || hidden.includes(gif.id)} onClick={() => void hide(gif)}>
                    {hidden.includes(gif.id) ? 'Hidden' : 'Hide'}
                    <span className="lb-visually-hidden"> {getAltText(gif)}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <TextField
        label="Note"
        value={note}
        maxLength={1000}
        onChange={(e) => setNote(e.target.value)}
        placeholder={done.length > 0 ? `Done: ${done.join('; ')}` : 'What was done, or why nothing needs doing'}
      />
      {error && <Alert>{error}</Alert>}
      <div className="lb-button-row">
        <Button disabled={busy} onClick={() => void resolve('dismiss')}>
          Dismiss<span className="lb-visually-hidden"> the reports of “{term}”</span>
        </Button>
        <Button disabled={busy} onClick={() => void resolve('act')}>
          Resolve: action taken<span className="lb-visually-hidden"> on “{term}”</span>
        </Button>
      </div>
    </Card>
  );
}
