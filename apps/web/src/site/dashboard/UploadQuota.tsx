import { backendData } from '../../shared/backend.ts';
import { useResource } from '../shell/use-resource.ts';

/** GET /api/v1/uploads/quota/: what a creator may have going at once and send today, and what they use now. */
export interface UploadQuota {
  open: { used: number; limit: number };
  url_fetches: { used: number; limit: number };
  bytes_today: { used: number; limit: number; resets_at: string };
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
  return (
    <p className="lb-upload-quota" aria-label="Your upload quota" data-full={full}>
      {quotaText(q)}
      {full && <span className="lb-error"> · {q.open.used >= q.open.limit ? 'wait for one to finish' : `more after ${new Date(q.bytes_today.resets_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`}</span>}
    </p>
  );
}
