import { RETRIED_STATUSES } from '../constants.ts';
import { parseRetryAfter } from './backoff.ts';
import type { FetchLike, OutgoingEvent } from './types.ts';

/** What became of one POST of a batch. */
export type BatchOutcome =
  | { kind: 'delivered'; accepted: number; duplicates: number; rejected: unknown[] }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'dropped'; reason: string };

/**
 * POSTs `{events}` to a collector and classifies the answer: 2xx delivered (the collector committed
 * it); a network failure, 5xx or one of RETRIED_STATUSES (401, 403, 408, 429) is worth retrying (with
 * the server's Retry-After if any); any other 4xx can never succeed, so the batch is dropped.
 */
export async function postBatch(
  fetch: FetchLike,
  url: string,
  headers: Record<string, string>,
  events: OutgoingEvent[],
  options: { keepalive?: boolean; now?: () => number } = {},
): Promise<BatchOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ events }),
      keepalive: options.keepalive ?? false,
    });
  } catch (error) {
    return { kind: 'retry', reason: `network error: ${error instanceof Error ? error.message : String(error)}` };
  }
  const body = (await response.json().catch(() => null)) as { data?: Record<string, unknown>; meta?: { msg?: unknown } } | null;
  if (response.ok) {
    const data = body?.data ?? {};
    return {
      kind: 'delivered',
      accepted: Number(data.accepted ?? events.length),
      duplicates: Number(data.duplicates ?? 0),
      rejected: Array.isArray(data.rejected) ? data.rejected : [],
    };
  }
  const reason = `${response.status} ${typeof body?.meta?.msg === 'string' ? body.meta.msg : response.statusText}`.trim();
  if (RETRIED_STATUSES.has(response.status) || response.status >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), (options.now ?? Date.now)());
    return retryAfterMs === undefined ? { kind: 'retry', reason } : { kind: 'retry', reason, retryAfterMs };
  }
  return { kind: 'dropped', reason };
}
