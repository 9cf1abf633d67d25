import { CSRF_HEADER, csrfToken } from '../../shared/backend.ts';
import { editList, type MakerState } from './maker-state.ts';

/** What the imaging service made: the file, its frame count and its duration (its X-Loopbox-* headers). */
export interface Made {
  file: File;
  frames: number;
  duration: number;
}

async function post(path: string, body: BodyInit, name: string, json = false): Promise<Made> {
  const headers = new Headers({ [CSRF_HEADER]: csrfToken() ?? '' });
  if (json) headers.set('Content-Type', 'application/json');
  const res = await fetch(path, { method: 'POST', headers, body, credentials: 'same-origin' });
  if (!res.ok) {
    const answer = (await res.json().catch(() => undefined)) as { meta?: { msg?: string } } | undefined;
    throw new Error(answer?.meta?.msg ?? `The imaging service answered ${res.status}`);
  }
  const file = new File([await res.blob()], name, { type: res.headers.get('Content-Type') ?? 'image/gif' });
  return { file, frames: Number(res.headers.get('X-Loopbox-Frames')), duration: Number(res.headers.get('X-Loopbox-Duration')) };
}

/**
 * The GIF maker's final render on the server from the edit list (POST /imaging/render): with the
 * picked file as a form, or as JSON naming this server's media. Answers the GIF, ready to upload.
 */
export async function renderOnServer(state: MakerState, file: Blob | undefined): Promise<Made> {
  const edits = editList(state);
  if (state.source?.kind !== 'file') return post('/imaging/render', JSON.stringify(edits), 'made.gif', true);
  if (!file) throw new Error('The picked file is gone: choose it again');
  const form = new FormData();
  form.set('file', file, state.source.name);
  form.set('edits', JSON.stringify(edits));
  return post('/imaging/render', form, 'made.gif');
}

/** A segment of a file as a new GIF (POST /imaging/trim), named after the file. */
export function trimOnServer(file: File, start: number, duration: number): Promise<Made> {
  const form = new FormData();
  form.set('file', file, file.name);
  form.set('start', String(Math.round(start * 1000) / 1000));
  form.set('duration', String(Math.round(duration * 1000) / 1000));
  return post('/imaging/trim', form, `${file.name.replace(/\.[^.]+$/, '')}-trimmed.gif`);
}
