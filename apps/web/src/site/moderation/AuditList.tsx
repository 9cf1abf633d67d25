import { formatDateTime } from '../../ui/format.ts';
import { actorWords } from './audit-words.ts';
import type { AuditEntry } from './moderation-api.ts';

/** The parts of an event's payload worth a line: what was done and why. */
const SHOWN = [
  'action',
  'decision',
  'resolution',
  'reason',
  'reasons',
  'additional_info',
  'note',
  'from',
  'to',
  'rating',
  'takedown',
  'reports',
] as const;

function summary(payload: Record<string, unknown>): string {
  return SHOWN.filter((k) => payload[k] !== undefined && payload[k] !== null && payload[k] !== '')
    .map((k) => `${k}: ${typeof payload[k] === 'object' ? JSON.stringify(payload[k]) : String(payload[k])}`)
    .join(' · ');
}

/** Audit trail entries, newest first (by the log's sequence number): time, event, target, who by (name and role) and the why. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="lb-mod-muted">Nothing recorded.</p>;
  return (
    <ol className="lb-mod-list lb-mod-audit">
      {entries.map((e) => (
        <li key={e.seq}>
          <span className="lb-mod-audit__when">{formatDateTime(e.ts)}</span> <strong>{e.type}</strong> on {e.stream}:{e.stream_id} by{' '}
          {actorWords(e)}
          {summary(e.payload) && <span className="lb-mod-audit__why"> — {summary(e.payload)}</span>}
        </li>
      ))}
    </ol>
  );
}
