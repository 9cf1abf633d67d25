/**
 * RFC 9110 conditional and range requests against a stored representation, without any runtime
 * API: the media server (files on disk), the edge cache (answers kept whole) and the service
 * worker (media kept whole) all answer by it, so they agree on every case.
 *
 * - Preconditions in the RFC's order (13.2.2): If-Match, If-Unmodified-Since (412), If-None-Match
 *   (304 for GET/HEAD, else 412), If-Modified-Since only without If-None-Match (304).
 * - Range (14.2) for GET only; a Range with an unknown unit or a malformed list is ignored (200,
 *   whole); If-Range that does not match by strong comparison (or as the exact Last-Modified date)
 *   also gives the whole representation.
 * - Overlapping or adjacent ranges are merged; one range left gives 206; several disjoint ranges
 *   give 200 with the whole representation (RFC 9110 lets a server ignore Range; browsers and
 *   video players ask for one range); none satisfiable gives 416, its Content-Range naming only the size.
 */

/** What a stored representation says about itself: its validators and length. */
export interface Representation {
  etag: string | null;
  lastModified: string | null;
  size: number;
}

export type Outcome = { status: 200 } | { status: 206; start: number; end: number } | { status: 304 } | { status: 412 } | { status: 416 };

/** Headers of a 200 that a 304 repeats (RFC 9110 15.4.5), plus Last-Modified and CORS so a cross-origin revalidation stays readable. */
const NOT_MODIFIED_KEEPS = [
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
  'last-modified',
  'access-control-allow-origin',
  'accept-ranges',
];

/** More ranges than this in one header are not worth parsing: the whole representation is sent. */
const MAX_RANGES = 100;

const isSafe = (method: string) => method === 'GET' || method === 'HEAD';

/** The entity tags of an If-Match / If-None-Match list ('*' as itself). */
function entityTags(list: string): string[] {
  return list.trim() === '*' ? ['*'] : (list.match(/(?:W\/)?"[^"]*"/g) ?? []);
}

const opaque = (tag: string) => tag.replace(/^W\//, '');
const isWeak = (tag: string) => tag.startsWith('W/');

function matchesStrongly(list: string, etag: string | null): boolean {
  if (!etag) return false;
  return entityTags(list).some((tag) => tag === '*' || (!isWeak(tag) && !isWeak(etag) && tag === etag));
}

function matchesWeakly(list: string, etag: string | null): boolean {
  return entityTags(list).some((tag) => tag === '*' || (etag !== null && opaque(tag) === opaque(etag)));
}

/** Milliseconds of an HTTP date, or NaN when absent or unreadable (an unreadable date is ignored). */
const dateOf = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);

/** Whether the representation was last modified after `since` (whole seconds, as HTTP dates carry). */
function modifiedAfter(lastModified: string | null, since: string | null): boolean | undefined {
  const modified = dateOf(lastModified);
  const threshold = dateOf(since);
  if (Number.isNaN(modified) || Number.isNaN(threshold)) return undefined;
  return Math.floor(modified / 1000) > Math.floor(threshold / 1000);
}

function preconditionOutcome(method: string, headers: Headers, rep: Representation): Outcome | undefined {
  const ifMatch = headers.get('if-match');
  if (ifMatch !== null) {
    if (!matchesStrongly(ifMatch, rep.etag)) return { status: 412 };
  } else if (modifiedAfter(rep.lastModified, headers.get('if-unmodified-since')) === true) {
    return { status: 412 };
  }
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    if (matchesWeakly(ifNoneMatch, rep.etag)) return { status: isSafe(method) ? 304 : 412 };
  } else if (isSafe(method) && modifiedAfter(rep.lastModified, headers.get('if-modified-since')) === false) {
    return { status: 304 };
  }
  return undefined;
}

/** If-Range holds when absent, when it is the current strong entity tag, or when it is exactly the Last-Modified date. */
function ifRangeHolds(headers: Headers, rep: Representation): boolean {
  const ifRange = headers.get('if-range')?.trim();
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/'))
    return !isWeak(ifRange) && rep.etag !== null && !isWeak(rep.etag) && ifRange === rep.etag;
  return rep.lastModified !== null && !Number.isNaN(dateOf(ifRange)) && dateOf(ifRange) === dateOf(rep.lastModified);
}

/**
 * The satisfiable byte ranges of a Range header, merged and in order; null when the header is to be
 * ignored (another unit, bad syntax, too many ranges).
 */
export function byteRanges(header: string, size: number): Array<[number, number]> | null {
  const match = /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!match) return null;
  const specs = (match[1] as string)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (specs.length === 0 || specs.length > MAX_RANGES) return null;
  const ranges: Array<[number, number]> = [];
  for (const spec of specs) {
    const parts = /^(\d*)-(\d*)$/.exec(spec);
    if (!parts || (parts[1] === '' && parts[2] === '')) return null;
    const [first, last] = [parts[1] as string, parts[2] as string];
    if (first === '') {
      const suffix = Number(last);
      if (suffix > 0 && size > 0) ranges.push([Math.max(0, size - suffix), size - 1]);
      continue;
    }
    const start = Number(first);
    if (last !== '' && Number(last) < start) return null; // an invalid range-spec makes the header invalid
    if (start < size) ranges.push([start, last === '' ? size - 1 : Math.min(Number(last), size - 1)]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range[0] <= previous[1] + 1) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** How to answer `method` with these request headers from the representation. */
export function evaluateRequest(method: string, headers: Headers, rep: Representation): Outcome {
  const precondition = preconditionOutcome(method, headers, rep);
  if (precondition) return precondition;
  const range = headers.get('range');
  if (method !== 'GET' || range === null || !ifRangeHolds(headers, rep)) return { status: 200 };
  const ranges = byteRanges(range, rep.size);
  if (ranges === null) return { status: 200 };
  if (ranges.length === 0) return { status: 416 };
  if (ranges.length > 1) return { status: 200 };
  const [start, end] = ranges[0] as [number, number];
  return { status: 206, start, end };
}

/** The headers of a 304 made from the 200's headers. */
export function notModifiedHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of NOT_MODIFIED_KEEPS) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}

/**
 * The outcome as a response: `headers` are the whole representation's (Content-Length is set here),
 * and `body(start, end)` reads bytes start..end inclusive.
 */
export function respond(
  outcome: Outcome,
  headers: Headers,
  size: number,
  body: (start: number, end: number) => ConstructorParameters<typeof Response>[0],
  method = 'GET',
): Response {
  if (outcome.status === 304) return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  const out = new Headers(headers);
  if (outcome.status === 412 || outcome.status === 416) {
    out.delete('content-type');
    out.set('content-length', '0');
    if (outcome.status === 416) out.set('content-range', `bytes */${size}`);
    return new Response(null, { status: outcome.status, headers: out });
  }
  const [start, end] = outcome.status === 206 ? [outcome.start, outcome.end] : [0, size - 1];
  if (outcome.status === 206) out.set('content-range', `bytes ${start}-${end}/${size}`);
  out.set('content-length', String(end - start + 1));
  return new Response(method === 'HEAD' || size === 0 ? null : body(start, end), { status: outcome.status, headers: out });
}

/** Request headers that can make an answer other than the whole 200. */
const CONDITIONAL_HEADERS = ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'range'];

/** Whether `request` asks for anything but the whole 200 (a precondition or a range). */
export function isConditional(request: Request): boolean {
  return CONDITIONAL_HEADERS.some((name) => request.headers.has(name));
}

/** A kept whole 200 answered as `request` asks: 304, 206, 412, 416 or the whole of it (as is, unread, when nothing is asked). */
export async function answerFromWhole(request: Request, whole: Response): Promise<Response> {
  if (!isConditional(request)) return whole;
  const bytes = await whole.arrayBuffer();
  const headers = new Headers(whole.headers);
  const rep = { etag: headers.get('etag'), lastModified: headers.get('last-modified'), size: bytes.byteLength };
  const outcome = evaluateRequest(request.method, request.headers, rep);
  return respond(
    outcome,
    headers,
    bytes.byteLength,
    (start, end) => (start === 0 && end === bytes.byteLength - 1 ? bytes : bytes.slice(start, end + 1)),
    request.method,
  );
}
