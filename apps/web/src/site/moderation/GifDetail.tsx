import { DECISIONS, type Decision } from '@loopbox/pages';
import { useId, useState } from 'react';
import { RATINGS } from '../dashboard/upload-fields.ts';
import { useResource } from '../shell/use-resource.ts';
import { AuditList } from './AuditList.tsx';
import { fetchGifModeration } from './moderation-api.ts';

const DECISION_LABEL: Record<Decision, string> = { approve: 'Approve', rate: 'Change rating', hide: 'Hide', remove: 'Remove', restore: 'Restore' };
const when = (iso: string) => new Date(iso).toLocaleString();
export const score = (s: number | null) => (s === null ? 'not scored' : s.toFixed(2));

export interface DecisionProps {
  /** The reason sent with a decision. */
  reason: string;
  onReason(reason: string): void;
  onDecide(action: Decision, rating?: string): void;
  busy: boolean;
}

/**
 * A GIF as moderators see it (`GET /api/v1/gifs/{id}/moderation`): its preview, state, NSFW score
 * and suggested rating, its reports and its history (the audit trail on its stream), and the
 * decisions. `version` changes after each decision so the detail is read again.
 */
export function GifDetail({ id, version, decision }: { id: string; version: number; decision: DecisionProps }) {
  const gif = useResource(`moderation:${id}:${version}`, () => fetchGifModeration(id));
  const [rating, setRating] = useState<string>('pg');
  const ids = useId();
  if (gif.status === 'loading') return <p role="status">Loading GIF {id}…</p>;
  if (gif.status === 'error') return <p role="alert">GIF {id} could not be loaded: {(gif.error as Error).message}</p>;
  const g = gif.data;
  return (
    <article className="lb-mod-detail" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{g.title || `GIF ${g.id}`}</h3>
      <div className="lb-mod-detail__top">
        {g.preview ? <img src={g.preview} alt={g.title || `GIF ${g.id}`} className="lb-mod-detail__preview" /> : <p>No preview</p>}
        <dl className="lb-mod-facts">
          <dt>Id</dt>
          <dd>{g.id}</dd>
          <dt>State</dt>
          <dd>
            {g.is_removed ? 'removed' : g.moderation_state} · {g.visibility}
          </dd>
          <dt>Rating</dt>
          <dd>{g.rating}</dd>
          <dt>NSFW score</dt>
          <dd>
            {score(g.nsfw_score)}
            {g.suggested_rating && ` (suggests ${g.suggested_rating})`}
          </dd>
          <dt>Owner</dt>
          <dd>{g.username ?? 'none'}</dd>
          <dt>Uploaded</dt>
          <dd>{when(g.create_datetime)}</dd>
          {g.tags.length > 0 && (
            <>
              <dt>Tags</dt>
              <dd>{g.tags.join(', ')}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="lb-form lb-mod-decide">
        <label htmlFor={`${ids}-reason`}>Reason for the decision</label>
        <input id={`${ids}-reason`} type="text" value={decision.reason} maxLength={1000} onChange={(e) => decision.onReason(e.target.value)} />
        <div className="lb-mod-decide__buttons">
          {DECISIONS.filter((d) => d !== 'rate').map((action) => (
            <button key={action} type="button" className={`lb-button${action === 'remove' ? ' lb-button--danger' : ''}`} disabled={decision.busy} onClick={() => decision.onDecide(action)}>
              {DECISION_LABEL[action]}
            </button>
          ))}
          <span className="lb-mod-decide__rate">
            <label htmlFor={`${ids}-rating`}>Rating</label>
            <select id={`${ids}-rating`} value={rating} onChange={(e) => setRating(e.target.value)}>
              {RATINGS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <button type="button" className="lb-button" disabled={decision.busy} onClick={() => decision.onDecide('rate', rating)}>
              {DECISION_LABEL.rate}
            </button>
          </span>
        </div>
      </div>
      <h4>Reports ({g.reports.length})</h4>
      {g.reports.length === 0 ? (
        <p>No reports.</p>
      ) : (
        <ul className="lb-mod-list">
          {g.reports.map((r) => (
            <li key={r.id}>
              <strong>{r.reason}</strong> · {when(r.created_at)} · {r.resolved_at ? `closed: ${r.resolution ?? ''}` : 'open'}
              {r.note && <p className="lb-mod-note">{r.note}</p>}
            </li>
          ))}
        </ul>
      )}
      <h4>History</h4>
      <AuditList entries={g.history} />
    </article>
  );
}
