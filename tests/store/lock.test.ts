import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../apps/server/src/store/lock.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

describe('data directory lock', () => {
  it('refuses a second holder while the first lives, and frees on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-lock-'));
    // Another live process (our parent) holds it.
    fs.writeFileSync(path.join(dir, 'loopbox.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);
    fs.rmSync(path.join(dir, 'loopbox.lock'));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'loopbox.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'loopbox.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-lock-'));
    fs.writeFileSync(path.join(dir, 'loopbox.lock'), '2147483646');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'loopbox.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.mediaDir).toBe(path.resolve('data/media'));
    expect(c.databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(/PORT.*DATABASE_URL/s);
    expect(() => loadConfig({ LOOPBOX_WEB_KEY: 'short' })).toThrow(/LOOPBOX_WEB_KEY/);
  });
});
