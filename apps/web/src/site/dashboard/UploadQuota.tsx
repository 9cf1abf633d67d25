import type { UploadQuota } from '@loopbox/contract/uploads';
import { backendData } from '../../shared/backend.ts';
import { useResource } from '../data/use-resource.ts';
import { formatBytes, formatCount, formatDateTime, formatQuantity } from '../../ui/format.ts';

/** GET /api/v1/uploads/quota/: what a creator may have going at once and send today, and what they use now (typed by the contract). */
export type { UploadQuota };

/** What a new account is told before uploading: its uploads wait for review, and until when. */
export function trustText(q: Pick<UploadQuota, 'trust'>): string | undefined {
  if (q.trust.level !== 'new') return undefined;
  const left = q.trust.approved_needed - q.trust.approved_uploads;
  return `New account: each upload waits for a moderator's review before it appears in search, trending and on your profile; anyone with its link can see it meanwhile. After ${formatQuantity(left, 'more approved upload')} yours go live at once, with higher limits.`;
}

/** The server counts its upload limits in binary multiples (1 GB a day is 1024³ bytes). */
const sizeText = (bytes: number) => formatBytes(bytes, 1024);

export function quotaText(q: Pick<UploadQuota, 'open' | 'url_fetches' | 'bytes_today'>): string {
  return `${formatCount(q.open.used)} of ${formatQuantity(q.open.limit, 'upload')} in progress · ${sizeText(q.bytes_today.used)} of ${sizeText(q.bytes_today.limit)} today · ${formatCount(q.url_fetches.used)} of ${formatQuantity(q.url_fetches.limit, 'URL')} being fetched`;
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
      <p className="lb-upload-quota" role="note" aria-label="Your upload quota" data-full={full}>
        {quotaText(q)}
        {full && (
          <span className="lb-error">
            {' '}
            · {q.open.used >= q.open.limit ? 'wait for one to finish' : `more after ${formatDateTime(q.bytes_today.resets_at)}`}
          </span>
        )}
      </p>
    </>
  );
}
