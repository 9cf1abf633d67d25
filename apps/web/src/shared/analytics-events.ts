import { newEventId } from '@loopbox/sdk';

/**
 * Events every Loopbox page sends to the collector's analytics endpoint (`POST /v2/analytics`,
 * `{events:[…]}`): page views and error reports. Building them is pure; the page's pipeline
 * delivers them (page-pipeline.ts).
 */

/** The collector's limits on an error report's message and source. */
export const ERROR_MESSAGE_MAX_LENGTH = 500;
export const ERROR_SOURCE_MAX_LENGTH = 500;

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

/** Who and where: what every event of one visit shares. */
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

export const systemStamp: EventStamp = { now: () => Date.now(), newId: newEventId };

export const gifIdField = (gifId: string | undefined) => (gifId ? { gif_id: gifId } : {});

/** What a page view says beyond its visit: the paged view shown, when it is one (SPEC 2.3). */
export interface PageViewDetails {
  virtualPagePath?: string | undefined;
}

export function pageViewEvent(visit: VisitContext & PageViewDetails, stamp: EventStamp = systemStamp): PageViewEvent {
  return {
    event_id: stamp.newId(),
    kind: 'page_view',
    page_path: visit.pagePath,
    ...(visit.virtualPagePath ? { virtual_page_path: visit.virtualPagePath } : {}),
    ...gifIdField(visit.gifId),
    user_id: visit.userId,
    ts: stamp.now(),
  };
}

/** An error report; message and source are cut to the collector's limits. */
export function errorEvent(
  message: string,
  source: string | undefined,
  visit: VisitContext,
  stamp: EventStamp = systemStamp,
): ErrorReportEvent {
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
