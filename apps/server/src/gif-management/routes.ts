import { Hono } from 'hono';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import type { VideoOembedSettings } from '../external-video/settings.ts';
import { actionRoutes } from './action-routes.ts';
import { gifSeriesRoutes } from './gif-series-route.ts';
import { languageTagRoutes } from './language-tag-routes.ts';
import { readRoutes } from './read-routes.ts';
import { updateRoutes } from './update-routes.ts';

/** Managing GIFs (SPEC 7.2's /ajax/gif… and /ajax/tags… calls, and the dashboard's My GIFs). */
export function gifManagementRoutes(
  deps: AuthDeps & MailDeps & { payloads: PayloadSigner } & { videoOembed?: VideoOembedSettings | undefined },
) {
  const app = new Hono<AuthEnv>();
  app.route('/', languageTagRoutes(deps));
  app.route('/', updateRoutes(deps));
  app.route('/', readRoutes(deps));
  app.route('/', actionRoutes(deps));
  app.route('/', gifSeriesRoutes(deps));
  return app;
}
