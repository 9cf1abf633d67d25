import type { Actor } from '../auth/audit.ts';
import type { NewEvent } from '../store/events.ts';

/** A change to a developer app or its keys as a domain event on the app's stream, with who made it and from where. Never holds a key itself: keys appear by id. */
export function appEvent(type: string, appId: string, actor: Actor, details: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    stream: 'developer_app',
    streamId: appId,
    payload: { ...details, actor: actor.userId, via: actor.via, address: actor.address },
  };
}
