import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { TEXT_RENDER_DEFAULTS } from './media/constants.ts';

describe('text rendering settings', () => {
  it('default to the media constants and read TEXT_RENDER_* (the cache in MiB)', () => {
    expect(loadConfig({}).textRender).toEqual(TEXT_RENDER_DEFAULTS);
    const env = { TEXT_RENDER_CONCURRENCY: '2', TEXT_RENDER_QUEUE: '0', TEXT_RENDER_CACHE_MB: '64', TEXT_RENDER_BUDGET_PER_KEY: '5', TEXT_RENDER_BUDGET_PER_ADDRESS: '3' };
    expect(loadConfig(env).textRender).toEqual({ concurrency: 2, queue: 0, cacheBytes: 64 * 1024 * 1024, budgetPerKey: 5, budgetPerAddress: 3, answerWithinMs: TEXT_RENDER_DEFAULTS.answerWithinMs, maxWaitMs: TEXT_RENDER_DEFAULTS.maxWaitMs });
  });

  it('refuses settings that would unbound or stop rendering, naming them', () => {
    expect(() => loadConfig({ TEXT_RENDER_CONCURRENCY: '0' })).toThrow(/TEXT_RENDER_CONCURRENCY/);
    expect(() => loadConfig({ TEXT_RENDER_CACHE_MB: '1' })).toThrow(/TEXT_RENDER_CACHE_MB/);
    expect(() => loadConfig({ TEXT_RENDER_BUDGET_PER_ADDRESS: 'many' })).toThrow(/TEXT_RENDER_BUDGET_PER_ADDRESS/);
  });
});

describe('several processes', () => {
  it('reads a replica for public reads and whether to serve the in-process edge', () => {
    const defaults = loadConfig({});
    expect([defaults.databaseReadUrl, defaults.edge]).toEqual([undefined, true]);
    const behind = loadConfig({ DATABASE_URL: 'postgres://a@primary/db', DATABASE_READ_URL: 'postgres://a@replica/db', EDGE: 'off' });
    expect([behind.databaseReadUrl, behind.edge]).toEqual(['postgres://a@replica/db', false]);
    expect(() => loadConfig({ EDGE: 'maybe' })).toThrow(/EDGE/);
  });
});

describe('removed media retention', () => {
  it('keeps removed GIFs’ files 30 days unless REMOVED_MEDIA_RETENTION_DAYS says otherwise (0: delete at the next pass)', () => {
    expect(loadConfig({}).removedMediaRetentionDays).toBe(30);
    expect(loadConfig({ REMOVED_MEDIA_RETENTION_DAYS: '0' }).removedMediaRetentionDays).toBe(0);
    expect(loadConfig({ REMOVED_MEDIA_RETENTION_DAYS: '90' }).removedMediaRetentionDays).toBe(90);
    expect(() => loadConfig({ REMOVED_MEDIA_RETENTION_DAYS: '-1' })).toThrow(/REMOVED_MEDIA_RETENTION_DAYS/);
    expect(() => loadConfig({ REMOVED_MEDIA_RETENTION_DAYS: 'forever' })).toThrow(/REMOVED_MEDIA_RETENTION_DAYS/);
  });
});

describe('what /about says of this instance', () => {
  it('defaults to the product name and description, no contact; reads SITE_NAME, SITE_DESCRIPTION and CONTACT_EMAIL', () => {
    expect(loadConfig({}).site).toEqual({ name: 'Loopbox', description: expect.stringContaining('self-hosted Loopbox'), contactEmail: undefined });
    expect(loadConfig({ SITE_NAME: ' GIF Club ', SITE_DESCRIPTION: 'GIFs for the club.', CONTACT_EMAIL: 'team@gif.club' }).site).toEqual({ name: 'GIF Club', description: 'GIFs for the club.', contactEmail: 'team@gif.club' });
  });
  it('refuses a contact that is not an address and a name too long, naming them', () => {
    expect(() => loadConfig({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL: must be an e-mail address/);
    expect(() => loadConfig({ SITE_NAME: 'x'.repeat(61) })).toThrow(/SITE_NAME/);
  });
});
