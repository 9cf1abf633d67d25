import { DECISIONS, type Decision } from '@loopbox/pages';
import { useId, useState } from 'react';
import { RATINGS } from '../dashboard/upload-fields.ts';
import { useResource } from '../data/use-resource.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { formatDateTime, formatQuantity } from '../../ui/format.ts';
import { AuditList } from './AuditList.tsx';
import { fetchGifModeration } from './moderation-api.ts';

const DECISION_LABEL: Record<Decision, string> = {
  approve: 'Approve',
  rate: 'Change rating',
  hide: 'Hide',
  remove: 'Remove',
  restore: 'Restore',
};
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
  // The rating picked for this GIF; until one is picked, the select shows the GIF's own rating.
  const [picked, setPicked] = useState<{ id: string; rating: string }>();
  const ids = useId();
  if (gif.status === 'loading') return <p role="status">Loading GIF {id}…</p>;
  if (gif.status === 'error')
    return (
      <p role="alert">
        GIF {id} could not be loaded: {(gif.error as Error).message}
      </p>
    );
  const g = gif.data;
  const rating = picked?.id === g.id ? picked.rating : g.rating;
  return (
    <Card className="lb-mod-detail" aria-labelledby={`${ids}-title`} role="article">
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
          <dd>{formatDateTime(g.create_datetime)}</dd>
          {g.tags.length > 0 && (
            <>
              <dt>Tags</dt>
              <dd>{g.tags.join(', ')}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="lb-mod-stack">
        <TextField
          id={`${ids}-reason`}
          label="Reason for the decision"
          value={decision.reason}
          maxLength={1000}
          onChange={(e) => decision.onReason(e.target.value)}
        />
        <fieldset className="lb-button-row" aria-label="Decision">
          {DECISIONS.filter((d) => d !== 'rate').map((action) => (
            <Button
              key={action}
              variant={action === 'remove' ? 'danger' : 'secondary'}
              disabled={decision.busy}
              onClick={() => decision.onDecide(action)}
            >
              {DECISION_LABEL[action]}
            </Button>
          ))}
        </fieldset>
        <div className="lb-mod-row">
          <SelectField<string>
            id={`${ids}-rating`}
            label="Rating"
            choices={RATINGS}
            value={rating}
            onValue={(r) => setPicked({ id: g.id, rating: r })}
          />
          <Button disabled={decision.busy} onClick={() => decision.onDecide('rate', rating)}>
            {DECISION_LABEL.rate}
          </Button>
        </div>
      </div>
      <h4>{formatQuantity(g.reports.length, 'report')}</h4>
      {g.reports.length === 0 ? (
        <p className="lb-mod-muted">No reports.</p>
      ) : (
        <ul className="lb-mod-list">
          {g.reports.map((r) => (
            <li key={r.id}>
              <strong>{r.reason}</strong> · {formatDateTime(r.created_at)} · {r.resolved_at ? `closed: ${r.resolution ?? ''}` : 'open'}
              {r.note && <p className="lb-mod-note">{r.note}</p>}
            </li>
          ))}
        </ul>
      )}
      <h4>History</h4>
      <AuditList entries={g.history} />
    </Card>
  );
}
