import type { Logger } from '@loopbox/sdk';
import type { Deliver } from './analytics.ts';

export interface PostDeliveryOptions {
  /** The collector's analytics endpoint (`/v2/analytics`); without one nothing is sent. */
  url: string;
  apiKey: string;
  logger: Logger;
  fetch?: typeof globalThis.fetch;
}

/**
 * Delivers each event at once as a one-event batch, with keepalive so a click that navigates away
 * still gets its event out. The page's only delivery path; a queueing worker can replace it.
 */
export function createPostDelivery(options: PostDeliveryOptions): Deliver {
  const { url, apiKey, logger } = options;
  const post = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return (event) => {
    if (!url) return;
    const body = JSON.stringify({ events: [event] });
    post(`${url}?${new URLSearchParams({ apikey: apiKey })}`, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body }).then(
      (response) => {
        if (!response.ok) logger.warn('analytics send refused', response.status);
      },
      (error: unknown) => logger.warn('analytics send failed', error),
    );
  };
}
