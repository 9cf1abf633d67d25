import { Hono } from 'hono';
import { signupRoutes } from '../accounts/signup.ts';
import { emailRoutes } from '../accounts/email.ts';
import { passwordRoutes } from '../accounts/password.ts';
import { profileRoutes } from '../accounts/profile.ts';
import { roleRoutes } from '../accounts/roles.ts';
import type { AuthEnv } from '../auth/context.ts';
import { channelRoutes } from '../channels/routes.ts';
import { favoriteRoutes } from '../favorites/routes.ts';
import { outboxRoutes } from '../mail/routes.ts';
import { loginCheckRoutes } from '../sessions/check.ts';
import { sessionRoutes } from '../sessions/routes.ts';
import { tokenRoutes } from '../tokens/routes.ts';
import { uploadRoutes } from '../uploads/routes.ts';
import { gifManagementRoutes } from '../gif-management/routes.ts';
import { artistRoutes } from '../artists/routes.ts';
import { tagPredictionRoutes } from '../tag-prediction/routes.ts';
import { moderationRoutes } from '../moderation/routes.ts';
import { analyticsSeriesRoutes } from './analytics-series.ts';
import { analyticsRoutes } from './analytics.ts';
import { buildRoutes, type BuildInfo } from './build-info.ts';
import type { BackendDeps } from './deps.ts';

/** The own backend (SPEC 7.2) served by this server; every route asks the permission table (permissions/table.ts). */
export function backendRoutes(deps: BackendDeps, build: BuildInfo) {
  const app = new Hono<AuthEnv>();
  app.route('/', loginCheckRoutes(deps));
  app.route('/', buildRoutes(build));
  app.route('/', signupRoutes(deps));
  app.route('/', sessionRoutes(deps));
  app.route('/', passwordRoutes(deps));
  app.route('/', emailRoutes(deps));
  app.route('/', roleRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', tokenRoutes(deps));
  app.route('/', favoriteRoutes(deps));
  app.route('/', outboxRoutes(deps));
  app.route('/', analyticsRoutes(deps));
  app.route('/', analyticsSeriesRoutes(deps));
  if (deps.uploads) app.route('/', uploadRoutes(deps.uploads));
  app.route('/', gifManagementRoutes(deps));
  app.route('/', artistRoutes(deps));
  if (deps.predictor) app.route('/', tagPredictionRoutes(deps.predictor));
  app.route('/', channelRoutes(deps));
  app.route('/', moderationRoutes(deps));
  return app;
}
