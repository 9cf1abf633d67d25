import type { EmbedTrackParams } from '@loopbox/machines/embed';
import type { Logger } from '@loopbox/sdk';
import { EMBED_LAYOUT_TYPE, EMBED_PINGBACK_ACTION, VENDOR_CONSENT_PARAM } from './constants.ts';

/** An embed analytics event in the collector's pingback format (POST /v2/pingback). */
export interface EmbedPingbackEvent {
  event_id: string;
  action_type: typeof EMBED_PINGBACK_ACTION;
  analytics_response_payload: string;
  user_id: string;
  ts: number;
  attributes: { layout_type: typeof EMBED_LAYOUT_TYPE } & EmbedTrackParams;
}

export interface EmbedAnalyticsOptions {
  pingbackUrl: string;
  apiKey: string;
  /** The GIF's analytics payload; without one nothing is sent (the collector would refuse it). */
  payload: string | undefined;
  userId: string;
  logger: Logger;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  randomId?: () => string;
}

/** A UUID where crypto.randomUUID exists (secure contexts), random hex elsewhere. */
function randomEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type Track = (params: EmbedTrackParams) => void;

/** The embed event for one tracked action: a CLICK pingback of layout EMBED carrying category, action and label. */
export function embedPingbackEvent(params: EmbedTrackParams, payload: string, userId: string, ts: number, eventId: string): EmbedPingbackEvent {
  return {
    event_id: eventId,
    action_type: EMBED_PINGBACK_ACTION,
    analytics_response_payload: payload,
    user_id: userId,
    ts,
    attributes: { layout_type: EMBED_LAYOUT_TYPE, ...params },
  };
}

/**
 * The embed's track function (SPEC 7.7). Embed events are rare clicks, so each is sent at once
 * with keepalive (it survives the navigation a click often starts) rather than batched.
 */
export function createEmbedTracker(options: EmbedAnalyticsOptions): Track {
  const { pingbackUrl, apiKey, payload, userId, logger } = options;
  const send = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const now = options.now ?? Date.now;
  const randomId = options.randomId ?? randomEventId;
  return (params) => {
    logger.debug('embed analytics', params);
    if (!pingbackUrl || !payload) return;
    const event = embedPingbackEvent(params, payload, userId, now(), randomId());
    const url = `${pingbackUrl}?${new URLSearchParams({ apikey: apiKey })}`;
    send(url, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ events: [event] }) }).catch(
      (error: unknown) => logger.warn('analytics send failed', error),
    );
  };
}

/** Vendor consent: the page config's flag, or vendor_consent=1 in the embed URL's query. */
export function hasVendorConsent(search: string, configConsent: boolean): boolean {
  return configConsent || new URLSearchParams(search).get(VENDOR_CONSENT_PARAM) === '1';
}

/** Pushes a page view to the tag manager's data layer, only with vendor consent (SPEC 7.7). */
export function pushPageView(target: { dataLayer?: unknown[] }, consent: boolean, pagePath: string): boolean {
  if (!consent) return false;
  target.dataLayer ??= [];
  target.dataLayer.push({ event: 'page_view', page_type: 'embed', page_path: pagePath });
  return true;
}
