/** Test support: a fetch stand-in that records each request and answers from a handler. */
import type { FetchLike } from '../request.ts';

export interface RecordedRequest {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
}

export type RecordingFetch = FetchLike & { readonly requests: RecordedRequest[] };

export const TEST_RESPONSE_ID = 'test-response-id';

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
    ...init,
  });
}

/** A GIPHY envelope around `data` with a valid meta. */
export function envelope(data: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { data, meta: { status: 200, msg: 'OK', response_id: TEST_RESPONSE_ID }, ...extra };
}

/** Records every call; answers with `respond(url)` (default: an empty GIF list). */
export function recordingFetch(
  respond: (url: string) => Response | Promise<Response> = () =>
    jsonResponse(envelope([], { pagination: { count: 0, offset: 0, total_count: 0 } })),
): RecordingFetch {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    requests.push({ url, method: init.method, headers: { ...(init.headers as Record<string, string>) } });
    return respond(url);
  };
  return Object.assign(fetch, { requests });
}

/** An in-memory sessionStorage stand-in. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}
