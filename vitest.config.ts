import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{apps,machines,workers,edge,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // Suites share two cores with ffmpeg, Chromium and PostgreSQL: a test that takes long under load is not a failure.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll waits on a browser or a server: Vitest's 1 s default failed a page's favorite state
    // under a full run's load. A poll still passes the moment its condition holds.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['tests/support/global-setup.ts'],
    // GIPHY's analytics package reads its collector's origin once, at load: inlined, vi.resetModules
    // gives each suite a fresh copy pointed at its own server.
    server: { deps: { inline: ['@giphy/js-analytics'] } },
  },
});
