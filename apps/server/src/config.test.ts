import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { TEXT_RENDER_DEFAULTS } from './media/constants.ts';

describe('text rendering settings', () => {
  it('default to the media constants and read TEXT_RENDER_* (the cache in MiB)', () => {
    expect(loadConfig({}).textRender).toEqual(TEXT_RENDER_DEFAULTS);
    const env = {
      TEXT_RENDER_CONCURRENCY: '2',
      TEXT_RENDER_QUEUE: '0',
      TEXT_RENDER_CACHE_MB: '64',
      TEXT_RENDER_BUDGET_PER_KEY: '5',
      TEXT_RENDER_BUDGET_PER_ADDRESS: '3',
    };
    expect(loadConfig(env).textRender).toEqual({
      concurrency: 2,
      queue: 0,
      cacheBytes: 64 * 1024 * 1024,
      budgetPerKey: 5,
      budgetPerAddress: 3,
      answerWithinMs: TEXT_RENDER_DEFAULTS.answerWithinMs,
      maxWaitMs: TEXT_RENDER_DEFAULTS.maxWaitMs,
    });
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
    expect(loadConfig({}).site).toEqual({
      name: 'Loopbox',
      description: expect.stringContaining('self-hosted Loopbox'),
      contactEmail: undefined,
    });
    expect(loadConfig({ SITE_NAME: ' GIF Club ', SITE_DESCRIPTION: 'GIFs for the club.', CONTACT_EMAIL: 'team@gif.club' }).site).toEqual({
      name: 'GIF Club',
      description: 'GIFs for the club.',
      contactEmail: 'team@gif.club',
    });
  });
  it('refuses a contact that is not an address and a name too long, naming them', () => {
    expect(() => loadConfig({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL: must be an e-mail address/);
    expect(() => loadConfig({ SITE_NAME: 'x'.repeat(61) })).toThrow(/SITE_NAME/);
  });
});

describe('media store (issue 35)', () => {
  const s3 = {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'media',
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'key',
    AWS_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps media in DATA_DIR/media unless MEDIA_STORE=s3, and names them under this server unless MEDIA_PUBLIC_URL is set', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/loopbox' });
    expect(defaults.mediaStore).toEqual({ kind: 'local', mediaDir: '/srv/loopbox/media' });
    expect(defaults.mediaPublicUrl).toBeUndefined();
    expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example/' }).mediaPublicUrl).toBe('https://cdn.example');
  });

  it('reads the bucket settings, path-style addressing off unless S3_FORCE_PATH_STYLE=true', () => {
    expect(loadConfig(s3).mediaStore).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'us-east-1',
      forcePathStyle: false,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).mediaStore).toMatchObject({ forcePathStyle: true });
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('refuses to start on a bucket with a setting missing, naming each one missing', () => {
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) {
      const { [name]: _gone, ...without } = s3;
      expect(() => loadConfig(without)).toThrow(new RegExp(`MEDIA_STORE=s3 needs ${name}`));
    }
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_ENDPOINT, S3_BUCKET, S3_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/);
  });
});
