import type { Context } from 'hono';
import { can } from '../permissions/can.ts';
import { subjectOf } from '../auth/principal.ts';
import type { AuthEnv } from '../auth/context.ts';
import { originOf } from '../http/origin.ts';
import { envelope, newResponseId, type Pagination } from '../http/envelope.ts';
import type { PresentContext } from '../public-api/present.ts';
import { STORY_EVENT_TYPE } from './constants.ts';
import type { StoriesDeps } from './deps.ts';
import { presentStories, type StoryPresentOptions } from './present.ts';
import type { StoryRow } from './store.ts';

/** The presenter of one answer: its response id, origin and signed payloads (loaded first). */
export async function storyContext(c: Context, deps: StoriesDeps): Promise<PresentContext> {
  await deps.payloads.ready();
  return { origin: originOf(c, deps), responseId: newResponseId(), eventType: STORY_EVENT_TYPE, signPayload: deps.payloads.sign };
}

/** Whether the caller may edit (and so see the private GIFs of) each story: the permission table's answer. */
export async function editorCheck(c: Context<AuthEnv>): Promise<(story: StoryRow) => boolean> {
  const subject = subjectOf(await c.var.auth.principal());
  return (story) => can(subject, 'story.edit', story.user_id);
}

/** Stories in GIPHY's envelope: one (`single`) or a page. */
export async function storiesAnswer(
  c: Context<AuthEnv>,
  deps: StoriesDeps,
  stories: readonly StoryRow[],
  options: Omit<StoryPresentOptions, 'mayEdit'> & { single?: boolean; pagination?: Pagination; status?: 200 | 201 },
) {
  const ctx = await storyContext(c, deps);
  const data = await presentStories(deps.db, stories, ctx, { ...options, mayEdit: await editorCheck(c) });
  const body = options.single
    ? envelope(data[0], ctx.responseId)
    : envelope(data, ctx.responseId, options.pagination ?? { count: data.length, offset: 0 });
  return c.json(body, options.status ?? 200);
}
