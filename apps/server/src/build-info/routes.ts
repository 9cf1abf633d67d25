import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { BuildInfo as BuildInfoSchema } from '@loopbox/contract/build-info';

export type BuildInfo = Built<typeof BuildInfoSchema>;

const SERVER_PACKAGE = fileURLToPath(new URL('../../package.json', import.meta.url));

/**
 * What this server is: the server package's version; the commit from LOOPBOX_COMMIT, else the
 * repository's HEAD, else `unknown`; built at LOOPBOX_BUILT_AT, else when this process started
 * (the TypeScript runs unbundled, so starting is its build).
 */
export function readBuildInfo(env: NodeJS.ProcessEnv = process.env): BuildInfo {
  const version = (JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { version?: string }).version ?? '0.0.0';
  let commit = env.LOOPBOX_COMMIT ?? 'unknown';
  if (!env.LOOPBOX_COMMIT) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        encoding: 'utf8',
        timeout: 2_000,
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      /* not a git checkout */
    }
  }
  return { version, commit, built_at: builtAt(env.LOOPBOX_BUILT_AT) };
}

/** LOOPBOX_BUILT_AT as a moment (refused at start when it is none, so the answer always carries an ISO time), else the process's start. */
function builtAt(setting: string | undefined): Date {
  if (setting === undefined) return new Date(Date.now() - process.uptime() * 1000);
  const moment = new Date(setting);
  if (Number.isNaN(moment.getTime())) throw new Error(`LOOPBOX_BUILT_AT must be a date and time, not ${setting}`);
  return moment;
}

/** GET /api/v3/env/build: the build this server runs. */
export function buildRoutes(info: BuildInfo) {
  const app = new Hono<AuthEnv>();
  app.get(
    '/api/v3/env/build',
    describe({ tag: 'site', summary: 'The build this server runs', access: { permission: 'build.read' }, response: BuildInfoSchema }),
    async (c) => {
      await authorize(c, 'build.read');
      return c.json(info);
    },
  );
  return app;
}
