import { DEFAULT_API_BASE } from './constants.ts';

export type QueryValue = string | number | boolean | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** The `/vN/` segment ending an API base. */
const VERSION_SEGMENT = /\/v\d+\/$/;

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/**
 * The API base of a client: its own setting, else the page-level one, else same-origin `/v1/`;
 * always ending with a slash. Absolute (http://127.0.0.1:1234/v1/) and relative bases both work.
 */
export function resolveApiBase(clientBase?: string, pageBase?: string): string {
  return withTrailingSlash(clientBase || pageBase || DEFAULT_API_BASE);
}

/** The base for another API version: `/v1/` becomes `/v2/`. A base without `/vN/` is kept. */
export function withApiVersion(base: string, version: number): string {
  return base.replace(VERSION_SEGMENT, `/v${version}/`);
}

/** One path segment, percent-encoded (ids, category names). */
export function pathSegment(value: string): string {
  return encodeURIComponent(value);
}

/** base + path + query; undefined parameters are left out. */
export function buildApiUrl(base: string, path: string, params: QueryParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}
