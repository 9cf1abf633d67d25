import type { NewEvent } from '../store/events.ts';
import type { Principal } from './principal.ts';

/** Who made a change and from where, as every audit event records it. */
export interface Actor {
  /** The signed-in user who acted; `null` when nobody was signed in (sign-up, reset by mailed link). */
  userId: number | null;
  via: 'session' | 'token' | 'anonymous' | 'cli';
  address: string;
}

export function actorOf(principal: Principal, address: string): Actor {
  return principal.kind === 'user'
    ? { userId: principal.userId, via: principal.via, address }
    : { userId: null, via: 'anonymous', address };
}

/**
 * A change to a person's account, role, sessions or tokens as a domain event on their `user` stream:
 * what happened, to whom, by whom, from which address (the log's `ts` says when). Details never hold
 * a secret: sessions and tokens appear by their public ids.
 */
export function auditEvent(type: string, userId: number, actor: Actor, details: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    stream: 'user',
    streamId: String(userId),
    payload: { ...details, actor: actor.userId, via: actor.via, address: actor.address },
  };
}
