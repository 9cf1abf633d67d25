import { backendData } from '../../shared/backend.ts';
import { useResource } from '../shell/use-resource.ts';

/** GET /api/v1/uploads/quota/: what a creator may have going at once and send today, and what they use now. */
export interface UploadQuota {
  open: { used: number; limit: number };
  url_fetches: { used: number; limit: number };
  bytes_today: { used: number; limit: number; resets_at: string };
  /** The uploader's trust level (apps/server/src/uploads/trust.ts). */
  trust?: { level: 'new' | 'trusted'; approved_uploads: number; approved_needed: number };
}

/** What a new account is told before uploading: its uploads wait for review, and until when. */
export function trustText(q: UploadQuota): string | undefined {
  if (q.trust?.level !== 'new') return undefined;
  const left = q.trust.approved_needed - q.trust.approved_uploads;
  return `New account: each upload waits for a moderator's review before it appears in search, trending and on your profile; anyone with its link can see it meanwhile. After ${left} more approved upload${left === 1 ? '' : 's'} yours go live at once, with higher limits.`;
}

/** Sizes as people read them: "340 MB", "1 GB". */
export function sizeText(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(bytes >= 10 * size ? 0 : 1))} ${unit}`;
  return `${bytes} bytes`;
}

export function quotaText(q: UploadQuota): string {
  return `${q.open.used} of ${q.open.limit} uploads in progress · ${sizeText(q.bytes_today.used)} of ${sizeText(q.bytes_today.limit)} today · ${q.url_fetches.used} of ${q.url_fetches.limit} URLs being fetched`;
}

/** The creator's quota on the upload page, read again whenever `refresh` changes (an upload started or ended). */
export function UploadQuotaLine({ refresh }: { refresh: string }) {
  const quota = useResource(`upload-quota:${refresh}`, () => backendData<UploadQuota>('GET', '/api/v1/uploads/quota/'));
  if (quota.status !== 'ok') return null;
  const q = quota.data;
  const full = q.open.used >= q.open.limit || q.bytes_today.used >= q.bytes_today.limit;
  const trust = trustText(q);
  return (
    <>
      {trust && <p className="lb-upload-trust">{trust}</p>}
      <p className="lb-upload-quota" aria-label="Your upload quota" data-full={full}>
        {quotaText(q)}
        {full && <span className="lb-error"> · {q.open.used >= q.open.limit ? 'wait for one to finish' : `more after ${new Date(q.bytes_today.resets_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`}</span>}
      </p>
    </>
  );
}
