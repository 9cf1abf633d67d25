import { describe, expect, it } from 'vitest';
import { can, grantsOf, reachOf } from './can.ts';
import { AUDIENCES } from './roles.ts';
import { PERMISSIONS, SESSION_ONLY } from './table.ts';

const as = (audience: (typeof AUDIENCES)[number], userId?: number, via: 'session' | 'token' = 'session') =>
  userId === undefined ? { audience } : { audience, userId, via };

describe('the permission table', () => {
  it('lets an uploader read their own figures, staff everyone’s and the site’s, and nobody else any', () => {
    expect(can(as('anonymous'), 'analytics.read', 7)).toBe(false);
    expect(can(as('user', 7), 'analytics.read', 7)).toBe(true);
    expect(can(as('user', 7), 'analytics.read', 8)).toBe(false);
    expect(can(as('creator', 7), 'analytics.read', 7)).toBe(true);
    expect(can(as('creator', 7), 'analytics.read', 8)).toBe(false);
    expect(can(as('creator', 7), 'analytics.read', null)).toBe(false);
    expect(can(as('staff', 1), 'analytics.read', 8)).toBe(true);
    expect(can(as('staff', 1), 'analytics.read', null)).toBe(true);
  });

  it('lets everyone signed in upload, edit their own GIFs and make GIFs; channels, stories and the scheduler stay a creator’s', () => {
    for (const audience of ['user', 'creator', 'moderator', 'staff'] as const) {
      expect([
        can(as(audience, 7), 'gif.upload', 7),
        can(as(audience, 7), 'gif.edit', 7),
        can(as(audience, 7), 'media.make'),
        can(as(audience, 7), 'tags.predict'),
        can(as(audience, 7), 'dashboard.open'),
      ]).toEqual([true, true, true, true, true]);
    }
    expect([can(as('user', 7), 'gif.upload', 8), can(as('user', 7), 'gif.edit', 8)]).toEqual([false, false]);
    expect([can(as('anonymous'), 'gif.upload'), can(as('anonymous'), 'media.make')]).toEqual([false, false]);
    for (const action of ['channel.create', 'story.create', 'schedule.manage'] as const) expect(can(as('user', 7), action, 7)).toBe(false);
  });

  it('keeps role changes and the outbox to staff', () => {
    for (const audience of AUDIENCES) {
      expect(reachOf(as(audience, 1), 'role.change') === 'any').toBe(audience === 'staff');
      expect(reachOf(as(audience, 1), 'mail.read_outbox') === 'any').toBe(audience === 'staff');
    }
  });

  it('refuses session-only actions to tokens of any role', () => {
    for (const action of SESSION_ONLY) {
      expect(can(as('staff', 1, 'session'), action, 1)).toBe(true);
      expect(can(as('staff', 1, 'token'), action, 1)).toBe(false);
    }
  });

  it('grants anonymous callers only what everyone may do', () => {
    const anonymous = Object.entries(PERMISSIONS)
      .filter(([, grants]) => 'anonymous' in grants)
      .map(([action]) => action)
      .sort();
    expect(anonymous).toEqual([
      'account.create',
      'build.read',
      'email.verify',
      'gif.report',
      'gif.report_action',
      'password.reset',
      'profile.read',
      'search.report',
      'session.create',
    ]);
  });

  it('never reaches an owned resource of nobody through an own grant', () => {
    expect(can(as('user', 3), 'profile.edit', null)).toBe(false);
    expect(can(as('user', 3), 'profile.edit', 3)).toBe(true);
  });

  it('answers one caller with every action it may take and how far', () => {
    expect(grantsOf(as('creator', 7))).toMatchObject({
      'dashboard.open': 'any',
      'analytics.read': 'own',
      'gif.upload': 'own',
      'token.manage': 'own',
    });
    expect(grantsOf(as('user', 7))).toMatchObject({ 'dashboard.open': 'any', 'gif.upload': 'own', 'media.make': 'any' });
    expect(grantsOf(as('user', 7))).not.toHaveProperty('channel.create');
    expect(grantsOf(as('staff', 7, 'token'))).not.toHaveProperty('token.manage');
    expect(grantsOf(as('moderator', 7))).toMatchObject({ 'gif.moderate': 'any', 'trending.block': 'any' });
    expect(grantsOf(as('moderator', 7))).not.toHaveProperty('takedown.file');
    expect(grantsOf(as('moderator', 7))).not.toHaveProperty('role.change');
    expect(Object.keys(grantsOf(as('anonymous'))).sort()).toEqual([
      'account.create',
      'build.read',
      'email.verify',
      'gif.report',
      'gif.report_action',
      'password.reset',
      'profile.read',
      'search.report',
      'session.create',
    ]);
  });
});
