import type { EmbedTrackParams } from '@loopbox/machines/embed';
import type { Logger } from '@loopbox/sdk';
import {
  gifIdField,
  systemStamp,
  type ErrorReportEvent,
  type EventStamp,
  type PageViewEvent,
  type VisitContext,
} from '../shared/analytics-events.ts';
import { VENDOR_CONSENT_PARAM } from './constants.ts';

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

export type EmbedAnalyticsEvent = EmbedActionEvent | PageViewEvent | ErrorReportEvent;
export type Deliver = (event: EmbedAnalyticsEvent) => void;
export type Track = (params: EmbedTrackParams) => void;

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
