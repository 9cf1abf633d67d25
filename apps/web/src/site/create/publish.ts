import { CSRF_HEADER, csrfToken } from '../../shared/backend.ts';
import { editList, type MakerState } from './maker-state.ts';

/**
 * The final render on the server from the edit list (POST /imaging/render): with the picked file as
 * a form, or as JSON naming this server's media. Answers the GIF, ready to upload.
 */
export async function renderOnServer(state: MakerState, file: Blob | undefined): Promise<File> {
  const edits = editList(state);
  const headers = new Headers({ [CSRF_HEADER]: csrfToken() ?? '' });
  let body: BodyInit;
  if (state.source?.kind === 'file') {
    if (!file) throw new Error('The picked file is gone: choose it again');
    const form = new FormData();
    form.set('file', file, state.source.name);
    form.set('edits', JSON.stringify(edits));
    body = form;
  } else {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(edits);
  }
  const res = await fetch('/imaging/render', { method: 'POST', headers, body, credentials: 'same-origin' });
  if (!res.ok) {
    const answer = (await res.json().catch(() => undefined)) as { meta?: { msg?: string } } | undefined;
    throw new Error(answer?.meta?.msg ?? `The render failed (${res.status})`);
  }
  return new File([await res.blob()], 'made.gif', { type: 'image/gif' });
}
