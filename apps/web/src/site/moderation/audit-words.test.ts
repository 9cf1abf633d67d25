import { describe, expect, it } from 'vitest';
import { actorWords } from './audit-words.ts';

describe('actorWords', () => {
  it('names a user by name and role, and says who else acted', () => {
    expect(actorWords({ actor: 7, actor_kind: 'user', actor_username: 'mod_mia', actor_role: 'moderator' })).toBe('mod_mia (moderator)');
    expect(actorWords({ actor: null, actor_kind: 'anonymous', actor_username: null, actor_role: null })).toBe('an anonymous visitor');
    expect(actorWords({ actor: null, actor_kind: 'system', actor_username: null, actor_role: null })).toBe('the system');
    expect(actorWords({ actor: 9, actor_kind: 'user', actor_username: null, actor_role: null })).toBe('user 9 (account gone)');
  });
});
