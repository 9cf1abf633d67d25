import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { findJob, type JobView } from '../jobs/queue.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { parseQuery } from '../http/parse.ts';
import { purgeChannels } from './access.ts';
import { describe } from '../openapi/describe.ts';
import type { Database } from '../store/schema.ts';
import { JOB_KINDS } from './constants.ts';
import { ChannelJobAnswer } from '@loopbox/contract/channels';

const JobQuery = z.object({ job: z.uuid({ error: 'job must be a job id' }) });
const CHANNEL_JOB_KINDS: ReadonlySet<string> = new Set(Object.values(JOB_KINDS));

/** A job of this domain; other features' jobs (a scheduled post's publishing) answer as an unknown id. */
async function findChannelJob(db: Kysely<Database>, id: string): Promise<JobView | undefined> {
  const job = await findJob(db, id);
  return job && CHANNEL_JOB_KINDS.has(job.kind) ? job : undefined;
}

/**
 * GET /api/v4/channels/retrieve-job/?job={id}: an update job's status (PENDING, RUNNING, DONE or
 * FAILED with its reason) and progress, for whoever may manage what it changes. Once a job is DONE
 * the answer names its channel in the edge's purge header: the job changed the channel after the
 * call that queued it was answered.
 */
export function channelJobRoutes(deps: AuthDeps) {
  const app = new Hono<AuthEnv>();
  app.get(
    '/api/v4/channels/retrieve-job/',
    describe({
      tag: 'channels',
      summary: "A channel job's state",
      response: ChannelJobAnswer,
      description: 'PENDING, RUNNING, DONE or FAILED with its reason, and progress.',
      access: { permission: 'channel.manage' },
      query: JobQuery,
    }),
    async (c) => {
      const { job: id } = parseQuery(JobQuery, c.req.query());
      let found: JobView | undefined;
      await authorizeUser(c, 'channel.manage', async () => {
        found = await findChannelJob(deps.db, id);
        return found ? found.owner_id : undefined;
      });
      found ??= await findChannelJob(deps.db, id);
      if (!found) throw new ApiError(404, `Job ${id} not found`);
      const { owner_id: _, payload, ...job } = found;
      const channel = typeof payload.channel === 'number' ? payload.channel : undefined;
      const data = { ...job, job: job.id, ...(channel !== undefined ? { channel } : {}) };
      const headers = {
        'Cache-Control': 'private, no-store',
        ...(job.status === 'DONE' && channel !== undefined ? purgeChannels([channel]) : {}),
      };
      return c.json(envelope(data, newResponseId()), 200, headers);
    },
  );
  return app;
}
