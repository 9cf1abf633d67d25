import { Hono } from 'hono';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import type { TrendingSearchRules } from '../analytics/trending-settings.ts';
import { accountActionRoutes } from './account-routes.ts';
import { decisionRoutes } from './decision-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { searchReportRoutes } from './search-report-routes.ts';
import { searchServiceRoutes } from './search-service-routes.ts';
import { takedownRoutes } from './takedown-routes.ts';
import { trendingBlockRoutes } from './trending-block-routes.ts';
import { transparencyRoutes } from './transparency-routes.ts';
import { trendingReviewRoutes } from './trending-review-routes.ts';
import { userLookupRoutes } from './user-lookup-routes.ts';

/** Moderation (issue 19): reports, decisions, the review queue, the search-report queue and audit trail, account actions, takedowns, the search service, trending terms blocked and reviewed, users found by name for the staff console, and the public transparency figures. */
export function moderationRoutes(deps: AuthDeps & MailDeps & { trendingRules: TrendingSearchRules }) {
  const app = new Hono<AuthEnv>();
  app.route('/', reportRoutes(deps));
  app.route('/', decisionRoutes(deps));
  app.route('/', reviewRoutes(deps));
  app.route('/', searchReportRoutes(deps));
  app.route('/', accountActionRoutes(deps));
  app.route('/', takedownRoutes(deps));
  app.route('/', searchServiceRoutes(deps));
  app.route('/', trendingBlockRoutes(deps));
  app.route('/', trendingReviewRoutes(deps));
  app.route('/', userLookupRoutes(deps));
  app.route('/', transparencyRoutes(deps));
  return app;
}
