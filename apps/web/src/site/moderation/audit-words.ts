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

/** A select's choices from stored names: `hide_gif` reads "hide gif". */
export const namedChoices = <T extends string>(values: readonly T[]) => values.map((value) => ({ value, label: value.replace(/_/g, ' ') }));
