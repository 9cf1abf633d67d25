import { Hono } from 'hono';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { JobQueueDeps } from '../jobs/queue.ts';
import type { MediaDeps } from '../media-store/media-store.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import { channelGifRoutes } from './feed-routes.ts';
import { channelJobRoutes } from './job-routes.ts';
import { channelReadRoutes } from './read-routes.ts';
import { channelTagRoutes } from './tag-routes.ts';
import { channelWriteRoutes } from './write-routes.ts';

/** Every `/api/v4/channel…` call of SPEC 7.2 (the job status call first: its path would read as a channel id). */
export function channelRoutes(deps: AuthDeps & JobQueueDeps & MediaDeps & { payloads: PayloadSigner }) {
  const app = new Hono<AuthEnv>();
  app.route('/', channelJobRoutes(deps));
  app.route('/', channelReadRoutes(deps));
  app.route('/', channelWriteRoutes(deps));
  app.route('/', channelGifRoutes(deps));
  app.route('/', channelTagRoutes(deps));
  return app;
}
