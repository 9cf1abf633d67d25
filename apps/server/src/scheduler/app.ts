import { serviceApp } from '../services/service-app.ts';
import type { SchedulerDeps } from './deps.ts';
import { schedulerRoutes } from './routes.ts';

/**
 * The scheduler service (SPEC 7.5) as a Hono app of its own: mounted in-process by the platform or
 * served alone (`npm run start:scheduler`) for an edge that reaches it by SCHEDULER_URL. Publishing
 * itself is a job (jobs.ts) run by whichever process's job runner claims it first.
 */
export function createSchedulerApp(deps: SchedulerDeps) {
  return serviceApp(deps.db, (app) => app.route('/', schedulerRoutes(deps)), deps);
}
