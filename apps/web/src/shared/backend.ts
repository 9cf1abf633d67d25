/**
 * The one way every page calls the own backend (/api, /login/check) with the visitor's cookie
 * session: same-origin credentials, JSON or multipart bodies, and on every change the `X-CSRFToken`
 * header copied from the `csrftoken` cookie (SPEC 6; the edge and the service both check it). A
 * non-2xx answer is thrown as a BackendError carrying the server's message and, when one input
 * caused it, that input's name (`{meta: {msg}, field}`), so forms show it beside the field.
 */

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** SPEC 6's password header: re-confirms the caller's password (changing the e-mail address). */
export const PASSWORD_HEADER = 'X-Password';

export class BackendError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The input that caused it, as the server names it (`username`, `password`, …). */
    readonly field: string | undefined,
    /** Seconds to wait before trying again (429). */
    readonly retryAfter: number | undefined,
    /** The answer's parsed JSON body, for errors that carry details (a takedown's per-item statuses). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'BackendError';
  }
}

export interface BackendCall {
  json?: unknown;
  form?: FormData;
  /** Sent as X-Password. */
  password?: string;
  signal?: AbortSignal;
}

/** The CSRF token the server handed this browser with its session, or undefined when signed out. */
export function csrfToken(cookies: string = document.cookie): string | undefined {
  for (const pair of cookies.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function errorOf(status: number, body: unknown, headers: Headers): BackendError {
  const { meta, field } = (body ?? {}) as { meta?: { msg?: unknown }; field?: unknown };
  const message =
    typeof meta?.msg === 'string' && meta.msg
      ? meta.msg
      : status === 0
        ? 'The server could not be reached'
        : `The server answered ${status}`;
  const retry = Number(headers.get('Retry-After'));
  return new BackendError(
    message,
    status,
    typeof field === 'string' ? field : undefined,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
    body,
  );
}

/** Calls the backend and answers its parsed JSON body; throws BackendError for any failure. */
export async function callBackend<T = unknown>(method: string, path: string, call: BackendCall = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (call.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(call.json);
  } else if (call.form) body = call.form;
  if (CHANGES.has(method)) {
    const token = csrfToken();
    if (token) headers.set(CSRF_HEADER, token);
  }
  if (call.password !== undefined) headers.set(PASSWORD_HEADER, call.password);
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body ?? null, credentials: 'same-origin', signal: call.signal ?? null });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    throw errorOf(0, undefined, new Headers());
  }
  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorOf(response.status, parsed, response.headers);
  return parsed as T;
}

/** What to tell the visitor of a failed call: the server's message, else `fallback` (a bug or a failure outside the backend). */
export const failureText = (error: unknown, fallback: string): string => (error instanceof BackendError ? error.message : fallback);

/** The `data` of a backend answer in the public API's envelope. */
export async function backendData<T>(method: string, path: string, call?: BackendCall): Promise<T> {
  return (await callBackend<{ data: T }>(method, path, call)).data;
}
