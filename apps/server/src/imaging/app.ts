import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { createAttemptLimiter } from '../auth/attempt-limits.ts';
import { authenticate } from '../auth/authenticate.ts';
import type { AuthEnv } from '../auth/context.ts';
import { paramsGuard } from '../http/params-guard.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { errorBody, handleErrors } from '../http/envelope.ts';
import type { Decoder } from '../media/ffmpeg-binary.ts';
import type { Database } from '../store/schema.ts';
import type { ImagingSettings } from './settings.ts';
import { renderRoutes } from './render-route.ts';
import { trimRoutes } from './trim-route.ts';
import { imagingQueue } from './work.ts';
import type { MediaStore } from '../media-store/media-store.ts';

export interface ImagingDeps {
  /** The shared store: callers are resolved from its sessions and personal access tokens. */
  db: Kysely<Database>;
  /** The media folder `/media/…` URLs name (this server's media). */
  mediaDir: string;
  /** Where those files are read from (MEDIA_STORE); the local disk under `mediaDir` when absent. */
  mediaStore?: MediaStore | undefined;
  /** Scratch space (inside the data directory). */
  workDir: string;
  publicUrl?: string | undefined;
  settings: ImagingSettings;
  /** The maintained ffmpeg found at start (media/ffmpeg-binary.ts); without one, trims and renders answer 503. */
  decoder: Decoder;
  log?: (line: string) => void;
}

/**
 * The imaging service (SPEC 7.3): a Hono app of its own, mounted in-process by `npm start` under
 * the edge's `/imaging/*` route or started alone (`npm run start:imaging`, reached by IMAGING_URL).
 * It shares the store for identity only.
 */
export function createImagingApp(deps: ImagingDeps) {
  const app = new Hono<AuthEnv>();
  app.use(securityHeaders());
  app.use(paramsGuard());
  app.use('*', authenticate({ db: deps.db, limits: createAttemptLimiter(), publicUrl: deps.publicUrl }));
  const work = { ...deps, queue: imagingQueue() };
  app.route('/', trimRoutes(work));
  app.route('/', renderRoutes(work));
  app.notFound((c) => c.json(errorBody(404, `No route for ${c.req.method} ${c.req.path}`), 404));
  app.onError(handleErrors(deps.log));
  return app;
}
