/** The dashboard's calls to the own backend: same-origin, the session cookie, and the CSRF header on changes. */

/** A refused call: its status, the server's message and, when one input caused it, that field. */
export class BackendError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';

/** The session's CSRF token, from the cookie the server sets beside the session (readable by design). */
export function csrfToken(): string {
  return document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`))?.slice(CSRF_COOKIE.length + 1) ?? '';
}

export function csrfHeaders(): Record<string, string> {
  return { [CSRF_HEADER]: csrfToken() };
}

export interface CallOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

/** Calls the backend and answers `data` (or the whole body when it has none); a non-2xx answer throws BackendError. */
export async function backend<T>(path: string, o: CallOptions = {}): Promise<T> {
  const method = o.method ?? (o.json !== undefined || o.form ? 'POST' : 'GET');
  const headers: Record<string, string> = method === 'GET' ? {} : csrfHeaders();
  if (o.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, { method, headers, credentials: 'same-origin', ...(o.signal ? { signal: o.signal } : {}), body: o.json !== undefined ? JSON.stringify(o.json) : (o.form ?? null) });
  const body = (await res.json().catch(() => null)) as { data?: T; meta?: { msg?: string }; field?: string } | null;
  if (!res.ok) throw new BackendError(res.status, body?.meta?.msg ?? `HTTP ${res.status}`, body?.field);
  return (body && 'data' in body ? body.data : body) as T;
}

/** Who is signed in (GET /login/check). */
export interface Me {
  loggedInStatus: boolean;
  userType: string;
  userID: number | null;
  user: { username: string; display_name: string } | null;
}

export const fetchMe = () => backend<Me>('/login/check');
