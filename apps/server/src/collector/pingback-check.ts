import { EVENT_ID_PATTERN, LAYOUT_TYPES, MAX_ATTRIBUTE_LENGTH, MAX_USER_ID_LENGTH, PINGBACK_ACTIONS } from './constants.ts';
import type { PingbackEvent } from './pingback-event.ts';

const ACTIONS: ReadonlySet<unknown> = new Set(PINGBACK_ACTIONS);
const LAYOUTS: ReadonlySet<unknown> = new Set(LAYOUT_TYPES);
const POSITION_KEYS = ['x', 'y', 'width', 'height'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isPosition(v: unknown): boolean {
  if (!isObject(v)) return false;
  const keys = Object.keys(v);
  // Extra keys would be stripped by the schema; leave such rare events to it.
  return (
    keys.length === 4 &&
    POSITION_KEYS.every((k) => k in v) &&
    isFiniteNumber(v.x) &&
    isFiniteNumber(v.y) &&
    isFiniteNumber(v.width) &&
    v.width >= 0 &&
    isFiniteNumber(v.height) &&
    v.height >= 0
  );
}

// Only attributes already in their stored shape: one layout, position as an object. GIPHY's widgets'
// shapes (JSON-string position, comma-joined layouts) go to the schema, which normalises them.
function isAttributes(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const key in v) {
    const value = v[key];
    if (key === 'layout_context') {
      return false;
    } else if (key === 'layout_type') {
      if (!LAYOUTS.has(value)) return false;
    } else if (key === 'position') {
      if (!isPosition(value)) return false;
    } else if (!(isString(value, 0, MAX_ATTRIBUTE_LENGTH) || isFiniteNumber(value) || typeof value === 'boolean')) {
      return false;
    }
  }
  return true;
}

/**
 * The hot path's check: the pingback as the schema would return it, when it plainly satisfies the
 * schema, else null. It may refuse more than the schema (the caller then asks the schema, which
 * also gives the error message) but never accepts less. About ten times cheaper than the schema.
 */
export function plainPingback(c: Record<string, unknown>): PingbackEvent | null {
  const { event_id, action_type, analytics_response_payload, user_id, logged_in_user_id, ts, attributes } = c;
  if (
    (event_id !== undefined && (typeof event_id !== 'string' || !EVENT_ID_PATTERN.test(event_id))) ||
    !ACTIONS.has(action_type) ||
    !isString(analytics_response_payload, 3, 1000) ||
    !isString(user_id, 1, MAX_USER_ID_LENGTH) ||
    (logged_in_user_id !== undefined && !isString(logged_in_user_id, 0, 64)) ||
    !Number.isSafeInteger(ts) ||
    (ts as number) <= 0 ||
    (attributes !== undefined && !isAttributes(attributes))
  ) {
    return null;
  }
  const event: PingbackEvent = {
    action_type: action_type as PingbackEvent['action_type'],
    analytics_response_payload,
    user_id,
    ts: ts as number,
  };
  if (event_id !== undefined) event.event_id = event_id as string;
  if (logged_in_user_id !== undefined) event.logged_in_user_id = logged_in_user_id as string;
  if (attributes !== undefined) event.attributes = attributes as PingbackEvent['attributes'];
  return event;
}
