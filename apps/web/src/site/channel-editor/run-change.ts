import type { Queued } from './editor-api.ts';

/** What an editor panel tells the page after a change: reload, follow a queued job, or show a problem. */
export interface ChangeHooks {
  onChanged(): void;
  onJob(job: string): void;
  onError(message: string): void;
}

/** Runs one change: a job it queued is followed, the channel reloads, a refusal is shown. */
export async function runChange(hooks: ChangeHooks, change: () => Promise<Queued | undefined>): Promise<void> {
  try {
    const queued = await change();
    if (queued?.job) hooks.onJob(queued.job);
    hooks.onChanged();
  } catch (err) {
    hooks.onError((err as Error).message);
  }
}
