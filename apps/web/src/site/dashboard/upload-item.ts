import type { TagSuggestion } from '@loopbox/contract/tag-prediction';
import type { Upload as UploadAnswer, UploadStatus } from '@loopbox/contract/uploads';
import { Upload } from 'tus-js-client';
import { backendData, CSRF_HEADER, csrfToken } from '../../shared/backend.ts';
import { fieldStrings, type UploadFields } from './upload-fields.ts';

export interface ItemProgress {
  /** 0–1 of the bytes sent (a URL upload: fetched by the server). */
  transfer: number;
  /** 0–1 of processing. */
  processing: number;
  phase: 'ready' | 'sending' | 'processing' | 'done' | 'failed';
  gifId?: string;
  /** Who can see the GIF meanwhile, when not everyone sees it listed (a new account's upload waits for review). */
  notice?: string;
  error?: string;
}

const RESUMABLE_ENDPOINT = '/api/v1/uploads/resumable';
const CHUNK_BYTES = 5 * 1024 * 1024;
const POLL_MS = 700;

/** Follows an upload's processing until it is done or failed. */
async function follow(uploadId: string, onProgress: (p: Partial<ItemProgress>) => void): Promise<void> {
  for (;;) {
    const state = await backendData<UploadStatus>('GET', `/api/v1/uploads/${uploadId}/`);
    if (state.state === 'done')
      return onProgress({
        phase: 'done',
        processing: 1,
        transfer: 1,
        gifId: state.gif_id,
        ...(state.gif?.notice ? { notice: state.gif.notice } : {}),
      });
    if (state.state === 'failed') return onProgress({ phase: 'failed', error: state.error?.message ?? 'Processing failed' });
    onProgress({
      phase: state.state === 'receiving' ? 'sending' : 'processing',
      processing: state.progress,
      ...(state.state !== 'receiving' ? { transfer: 1 } : {}),
    });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The server's message in a refused tus request's body (our JSON envelope), else the client's. */
function tusMessage(err: Error & { originalResponse?: { getBody(): string; getStatus(): number } | null }): string {
  const body = err.originalResponse?.getBody();
  try {
    return (JSON.parse(body ?? '') as { meta?: { msg?: string } }).meta?.msg ?? err.message;
  } catch {
    return body?.trim() || err.message;
  }
}

/**
 * Sends one file by the tus protocol (tus-js-client): 5 MB chunks, retried with growing delays, and
 * resumed from the server's offset after a dropped connection (or a reload: the client remembers
 * the upload's address). Then follows processing. Returns a function that stops the transfer.
 */
export function sendFile(
  file: File,
  fields: UploadFields,
  onProgress: (p: Partial<ItemProgress>) => void,
  extra: Record<string, string> = {},
): () => void {
  let uploadId = '';
  const upload = new Upload(file, {
    endpoint: RESUMABLE_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, ...fieldStrings(fields), ...extra },
    headers: { [CSRF_HEADER]: csrfToken() ?? '' },
    onUploadUrlAvailable() {
      uploadId = upload.url?.split('/').pop() ?? '';
    },
    onProgress(sent, total) {
      onProgress({ phase: 'sending', transfer: total ? sent / total : 0 });
    },
    onSuccess() {
      onProgress({ phase: 'processing', transfer: 1 });
      follow(uploadId, onProgress).catch((err: Error) => onProgress({ phase: 'failed', error: err.message }));
    },
    onError(err) {
      onProgress({ phase: 'failed', error: tusMessage(err) });
    },
  });
  void upload.findPreviousUploads().then((previous) => {
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return () => void upload.abort();
}

/** Has the server fetch a URL, then follows processing. */
export async function sendUrl(url: string, fields: UploadFields, onProgress: (p: Partial<ItemProgress>) => void): Promise<void> {
  try {
    const state = await backendData<UploadAnswer>('POST', '/api/v1/uploads/', {
      json: { source_image_url: url, ...fieldStrings(fields), is_sticker: fields.is_sticker },
    });
    onProgress({ phase: 'processing' });
    await follow(state.id, onProgress);
  } catch (err) {
    onProgress({ phase: 'failed', error: err instanceof Error ? err.message : String(err) });
  }
}

/** Suggested tags for a file's frames (POST /ajax/tags/prediction/); none when prediction fails. */
export async function suggestTags(frames: Blob[]): Promise<string[]> {
  if (frames.length === 0) return [];
  const form = new FormData();
  frames.forEach((frame, i) => {
    form.append('frames', frame, `frame-${i}.png`);
  });
  try {
    return (await backendData<TagSuggestion[]>('POST', '/ajax/tags/prediction/', { form })).map((s) => s.name);
  } catch {
    return [];
  }
}
