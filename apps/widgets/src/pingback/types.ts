import type { LAYOUT_TYPES, PINGBACK_ACTIONS } from '../constants.ts';

/** A usage report's action (SPEC 7.7). */
export type PingbackAction = (typeof PINGBACK_ACTIONS)[number];
/** The widget a report came from: the layout-type attribute of SPEC 2.2. */
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** Where the GIF was on screen when the action happened (viewport pixels). */
export interface PingbackPosition {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One usage report, in the collector's wire format (`POST /v2/pingback`). */
export interface PingbackEvent {
  /** Client-made unique id: the collector drops repeats. */
  event_id: string;
  action_type: PingbackAction;
  analytics_response_payload: string;
  /** The session's 16-character pingback id. */
  user_id: string;
  logged_in_user_id?: string;
  /** Milliseconds since the epoch. */
  ts: number;
  attributes: {
    layout_type: LayoutType;
    position?: PingbackPosition;
  };
}

/**
 * Where reports go. The widgets only ever call `send`; the batching, retrying and transport are
 * the sink's: the analytics pipeline's worker-backed sink on Loopbox pages (@loopbox/workers), or
 * a main-thread queue by default.
 */
export interface PingbackSink {
  send(event: PingbackEvent): void;
  /** Sends what is queued and stops: no timers are left. A widget closes the sinks it created. */
  close?(): void;
}
