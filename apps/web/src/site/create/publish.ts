import { sendFile, type ItemProgress } from '../dashboard/upload-item.ts';
import { schedulePost } from '../scheduler/schedule-api.ts';
import { renderOnServer } from './imaging-api.ts';
import { madeFromGifId, type MakerState } from './maker-state.ts';

/** Where publishing from the maker stands: rendering, then the upload's phases, then the scheduled time if any. */
export type PublishProgress = Partial<ItemProgress> & { rendering?: boolean; scheduledFor?: Date };

/** Why the chosen publishing time cannot be used, or nothing when it can (the scheduler checks again). */
export function scheduleProblem(publishAt: string | undefined, now = Date.now()): string | undefined {
  if (publishAt === undefined) return undefined;
  const at = new Date(publishAt).getTime();
  if (Number.isNaN(at)) return 'Pick a date and time to publish at.';
  if (at <= now) return 'Pick a time in the future.';
  return undefined;
}

/**
 * Renders the edit list on the server and uploads the result through the creators' pipeline. With a
 * publishing time, the GIF is uploaded private and handed to the scheduler, which makes it public then.
 */
export async function publishMade(state: MakerState, file: Blob | undefined, report: (p: PublishProgress) => void): Promise<void> {
  report({ rendering: true });
  const { file: made } = await renderOnServer(state, file);
  const at = state.publishAt === undefined ? undefined : new Date(state.publishAt);
  const fields = at ? { ...state.fields, visibility: 'private' as const } : state.fields;
  let progress: PublishProgress = { phase: 'sending', transfer: 0 };
  const update = (p: PublishProgress) => {
    progress = { ...progress, ...p };
    report(progress);
  };
  report(progress);
  // A GIF made from a site GIF keeps a credit to it (and its author) on its page and in the API.
  const source = madeFromGifId(state.source);
  sendFile(
    made,
    fields,
    (p) => {
      if (!at || p.phase !== 'done' || !p.gifId) return update(p);
      const gif = { id: p.gifId, is_sticker: fields.is_sticker, type: fields.is_sticker ? 'sticker' : 'gif' };
      schedulePost([gif], at).then(
        () => update({ ...p, scheduledFor: at }),
        (err: Error) => update({ phase: 'failed', gifId: p.gifId, error: `uploaded as private but not scheduled: ${err.message}` }),
      );
    },
    source ? { source_gif_id: source } : {},
  );
}
