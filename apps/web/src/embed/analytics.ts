import type { EmbedTrackParams } from '@loopbox/machines/embed';
import type { Logger } from '@loopbox/sdk';
import { ERROR_MESSAGE_MAX_LENGTH, ERROR_SOURCE_MAX_LENGTH, VENDOR_CONSENT_PARAM } from './constants.ts';

/**
 * The embed's analytics events in the collector's wire format (`POST /v2/analytics`, `{events:[…]}`).
 * Building them is pure; `Deliver` is the one seam through which they leave the page.
 */
export interface EmbedActionEvent extends EmbedTrackParams {
  event_id: string;
  kind: 'event';
  gif_id?: string;
  user_id: string;
  ts: number;
  page_path: string;
}

export interface PageViewEvent {
  event_id: string;
  kind: 'page_view';
  page_path: string;
  virtual_page_path?: string;
  gif_id?: string;
  user_id: string;
  ts: number;
}

export interface ErrorReportEvent {
  event_id: string;
  kind: 'error';
  message: string;
  source?: string;
  page_path: string;
  user_id: string;
  ts: number;
}

export type EmbedAnalyticsEvent = EmbedActionEvent | PageViewEvent | ErrorReportEvent;
export type Deliver = (event: EmbedAnalyticsEvent) => void;
export type Track = (params: EmbedTrackParams) => void;

/** Who and where: what every event of one embed visit shares. */
export interface VisitContext {
  userId: string;
  pagePath: string;
  gifId?: string | undefined;
}

/** The clock and id source of built events; tests pass fixed ones. */
export interface EventStamp {
  now: () => number;
  newId: () => string;
}

/** A UUID; random hex where `crypto.randomUUID` is missing (it exists only in secure contexts). */
function randomEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const systemStamp: EventStamp = { now: () => Date.now(), newId: randomEventId };

const gifIdField = (gifId: string | undefined) => (gifId ? { gif_id: gifId } : {});

export function embedActionEvent(params: EmbedTrackParams, visit: VisitContext, stamp: EventStamp = systemStamp): EmbedActionEvent {
  return {
    event_id: stamp.newId(),
    kind: 'event',
    category: params.category,
    action: params.action,
    label: params.label,
    ...gifIdField(visit.gifId),
    user_id: visit.userId,
    ts: stamp.now(),
    page_path: visit.pagePath,
  };
}

export function pageViewEvent(visit: VisitContext, stamp: EventStamp = systemStamp): PageViewEvent {
  return { event_id: stamp.newId(), kind: 'page_view', page_path: visit.pagePath, ...gifIdField(visit.gifId), user_id: visit.userId, ts: stamp.now() };
}

/** An error report; message and source are cut to the collector's limits. */
export function errorEvent(message: string, source: string | undefined, visit: VisitContext, stamp: EventStamp = systemStamp): ErrorReportEvent {
  return {
    event_id: stamp.newId(),
    kind: 'error',
    message: message.slice(0, ERROR_MESSAGE_MAX_LENGTH) || 'unknown error',
    ...(source ? { source: source.slice(0, ERROR_SOURCE_MAX_LENGTH) } : {}),
    page_path: visit.pagePath,
    user_id: visit.userId,
    ts: stamp.now(),
  };
}

/** The embed's track function (SPEC 7.7): each tracked action becomes one event, handed to `deliver`. */
export function createEmbedTracker(deliver: Deliver, visit: VisitContext, logger: Logger, stamp: EventStamp = systemStamp): Track {
  return (params) => {
    logger.debug('embed analytics', params);
    deliver(embedActionEvent(params, visit, stamp));
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
