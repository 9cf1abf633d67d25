import { newEventId, type IGif, type IUser } from '@loopbox/sdk';
import type { LayoutType, PingbackAction, PingbackEvent, PingbackPosition } from './types.ts';

export interface PingbackEventInput {
  gif: Pick<IGif, 'analytics_response_payload'>;
  action: PingbackAction;
  userId: string;
  /** The logged-in user the widget was given (its `user` prop), if any. */
  user?: Partial<IUser> | undefined;
  layoutType: LayoutType;
  /** The GIF's element, measured now. */
  element?: Element | null | undefined;
  now?: () => number;
  randomId?: () => string;
}

function positionOf(element: Element): PingbackPosition {
  const { x, y, width, height } = element.getBoundingClientRect();
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}

/** The report of an action on a GIF, or undefined when the GIF carries no analytics payload. */
export function createPingbackEvent({
  gif,
  action,
  userId,
  user,
  layoutType,
  element,
  now = Date.now,
  randomId = newEventId,
}: PingbackEventInput): PingbackEvent | undefined {
  const payload = gif.analytics_response_payload;
  if (!payload) return undefined;
  const event: PingbackEvent = {
    event_id: randomId(),
    action_type: action,
    analytics_response_payload: payload,
    user_id: userId,
    ts: now(),
    attributes: { layout_type: layoutType, ...(element ? { position: positionOf(element) } : {}) },
  };
  if (user?.id !== undefined && user.id !== '') event.logged_in_user_id = String(user.id);
  return event;
}
