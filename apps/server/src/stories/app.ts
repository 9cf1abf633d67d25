import { serviceApp } from '../services/service-app.ts';
import type { StoriesDeps } from './deps.ts';
import { storyReadRoutes } from './read-routes.ts';
import { trendingRoutes } from './trending-routes.ts';
import { storyWriteRoutes } from './write-routes.ts';

/**
 * The stories service (SPEC 7.4) as a Hono app of its own: mounted in-process by the platform
 * (platform.ts) or served alone (`npm run start:stories`) for an edge that reaches it by STORIES_URL.
 * Trending comes before the by-id read so `stories/trending` is never taken for an id.
 */
export function createStoriesApp(deps: StoriesDeps) {
  return serviceApp(
    deps.db,
    (app) => {
      app.route('/', trendingRoutes(deps));
      app.route('/', storyReadRoutes(deps));
      app.route('/', storyWriteRoutes(deps));
    },
    deps,
  );
}
