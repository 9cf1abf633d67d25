import type { EdgeLogger } from './logger.ts';
import { COLLECTOR_MAX_EVENTS_PER_BATCH, QUEUE_RETRY_DELAY_S, QUEUE_RETRY_MAX_DELAY_S } from './constants.ts';
import type { QueuedBatch, QueuedMessage } from './stores/pingback-queue.ts';
import type { Upstream } from './upstreams.ts';

/** Where the consumer's posts are addressed; an upstream keeps only the path and query. */
const DELIVERY_ORIGIN = 'https://edge.internal';

/** The answers that say the batch was not taken and asking again may work: the origin busy, down, slow or restarting. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

/** What one post decided for its messages. */
type Verdict = { delivered: true } | { delivered: false; delaySeconds: number };

function retryDelay(answer: Response | null): number {
  const asked = Number(answer?.headers.get('Retry-After'));
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, QUEUE_RETRY_MAX_DELAY_S) : QUEUE_RETRY_DELAY_S;
}

async function post(
  collector: Upstream,
  path: string,
  messages: readonly QueuedMessage[],
  timeoutMs: number,
  logger: EdgeLogger,
): Promise<Verdict> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const request = new Request(`${DELIVERY_ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: messages.map((message) => message.body.event) }),
      signal: abort.signal,
    });
    const answer = await collector.fetch(request, abort.signal);
    await answer.body?.cancel();
    if (isTransient(answer.status)) return { delivered: false, delaySeconds: retryDelay(answer) };
    // The query holds the key: only the route is logged.
    if (answer.status >= 400)
      logger.error(
        { route: new URL(path, DELIVERY_ORIGIN).pathname, status: answer.status, events: messages.length },
        'queued events refused by the collector',
      );
    return { delivered: true };
  } catch {
    return { delivered: false, delaySeconds: QUEUE_RETRY_DELAY_S };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The queue's consumer: the batch's events grouped by route and query (the key they were sent
 * with), posted to the origin's collector as `{events:[…]}` with their ids, at most the collector's
 * batch size per post. A post the collector answers is done (its refusals of single events are its
 * dead letters, a refused key is final and logged); one that fails, times out or is answered busy or 5xx leaves
 * its messages to be retried after the origin's Retry-After (or QUEUE_RETRY_DELAY_S), never dropped.
 * A post that reached the origin but whose answer was lost is sent again, and the collector's
 * `ON CONFLICT (event_id) DO NOTHING` counts it once.
 */
export async function deliverPingbacks(batch: QueuedBatch, collector: Upstream, timeoutMs: number, logger: EdgeLogger): Promise<void> {
  const groups = new Map<string, QueuedMessage[]>();
  for (const message of batch.messages) {
    const path = `/v2/${message.body.route}${message.body.search}`;
    const group = groups.get(path) ?? [];
    group.push(message);
    groups.set(path, group);
  }
  const posts: Promise<void>[] = [];
  for (const [path, messages] of groups) {
    for (let start = 0; start < messages.length; start += COLLECTOR_MAX_EVENTS_PER_BATCH) {
      const chunk = messages.slice(start, start + COLLECTOR_MAX_EVENTS_PER_BATCH);
      posts.push(
        post(collector, path, chunk, timeoutMs, logger).then((verdict) => {
          for (const message of chunk) {
            if (verdict.delivered) message.ack();
            else message.retry({ delaySeconds: verdict.delaySeconds });
          }
        }),
      );
    }
  }
  await Promise.all(posts);
}
