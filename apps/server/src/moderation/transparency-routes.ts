import { Hono } from 'hono';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { describe } from '../openapi/describe.ts';
import { TransparencyAnswer } from '@loopbox/contract/moderation-transparency';
import { envelope, newResponseId } from '../http/envelope.ts';
import { TRANSPARENCY_CACHE_MS } from './constants.ts';
import { moderationDb } from './schema.ts';
import { transparencyFigures, type TransparencyFigures } from './transparency-figures.ts';

const PUBLIC_CACHE = `public, max-age=${TRANSPARENCY_CACHE_MS / 1000}`;

/**
 * `GET /api/v1/transparency/`: the moderation figures `/transparency` publishes, for anyone. They are
 * computed at most once per TRANSPARENCY_CACHE_MS per process (one computation shared by the callers
 * that arrive meanwhile), and the answer may be kept as long by the edge and browsers.
 */
export function transparencyRoutes(deps: AuthDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();
  let kept: { until: number; figures: Promise<TransparencyFigures> } | undefined;
  const figures = () => {
    const now = Date.now();
    if (!kept || kept.until <= now) {
      const computing = transparencyFigures(db);
      kept = { until: now + TRANSPARENCY_CACHE_MS, figures: computing };
      // A failure is not kept: the next caller computes again.
      computing.catch(() => {
        if (kept?.figures === computing) kept = undefined;
      });
    }
    return kept.figures;
  };
  app.get(
    '/api/v1/transparency/',
    describe({
      tag: 'moderation',
      summary: 'Moderation figures',
      response: TransparencyAnswer,
      description:
        'What moderation did, by calendar month (UTC, newest first, the last 12): GIF and search reports by reason, decisions by kind, search reports resolved, takedowns and the GIFs they named, and the median time from a GIF report to the decision or takedown that closed it. Public; computed from the event log at most every 5 minutes.',
      access: 'anyone',
    }),
    async (c) => {
      return c.json(envelope(await figures(), newResponseId()), 200, { 'Cache-Control': PUBLIC_CACHE });
    },
  );
  return app;
}
