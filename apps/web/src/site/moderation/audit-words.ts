import type { AuditEntry } from './moderation-api.ts';

/**
 * Who an audit entry is by, in words: a user by name and role (their number when the account is
 * gone), "an anonymous visitor" for someone not signed in (a report), "the system" for the rest
 * (an operator's command line, a job).
 */
export function actorWords(entry: Pick<AuditEntry, 'actor' | 'actor_kind' | 'actor_username' | 'actor_role'>): string {
  if (entry.actor_kind === 'anonymous') return 'an anonymous visitor';
  if (entry.actor_kind === 'system' || entry.actor === null) return 'the system';
  return entry.actor_username ? `${entry.actor_username} (${entry.actor_role ?? 'user'})` : `user ${entry.actor} (account gone)`;
}
