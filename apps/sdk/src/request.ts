import { GENERIC_ERROR_MESSAGE, JSON_PARSE_ERROR_MESSAGE, SYNTHETIC_RESPONSE_MESSAGE } from './constants.ts';
import { isRecord, toInt } from './coerce.ts';
import { createFetchError } from './errors.ts';
import type { IMeta } from './types.ts';
import type { WireEnvelope } from './wire-types.ts';

/** The fetch function the client calls: the platform's fetch or any stand-in with its shape. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** The message of an error body: its `message`, else its `meta.msg`. */
function errorBodyMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.message === 'string' && body.message) return body.message;
  const meta = body.meta;
  return isRecord(meta) && typeof meta.msg === 'string' && meta.msg ? meta.msg : undefined;
}

/** The envelope of a provider response, or undefined when meta.response_id is missing. */
function parseEnvelope(body: unknown): WireEnvelope | undefined {
  if (!isRecord(body) || !isRecord(body.meta)) return undefined;
  const { response_id, status, msg } = body.meta;
  if (typeof response_id !== 'string' || !response_id) return undefined;
  const meta: IMeta = { status: toInt(status), msg: typeof msg === 'string' ? msg : '', response_id };
  return { data: body.data, pagination: body.pagination, meta };
}

/**
 * GETs one provider URL and returns its envelope, or throws a FetchError (SPEC 8) when the
 * network fails, the status is not 2xx, the body is not JSON, or meta.response_id is missing.
 */
export async function fetchEnvelope(url: string, fetchImpl: FetchLike, headers: Readonly<Record<string, string>>): Promise<WireEnvelope> {
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'GET', headers });
  } catch (cause) {
    throw createFetchError(GENERIC_ERROR_MESSAGE, url, 0, '', { cause });
  }
  const { status, statusText } = response;

  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw createFetchError(errorBodyMessage(body) ?? GENERIC_ERROR_MESSAGE, url, status, statusText);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw createFetchError(`${JSON_PARSE_ERROR_MESSAGE} ${url}`, url, status, statusText, { cause });
  }
  const envelope = parseEnvelope(body);
  if (!envelope) throw createFetchError(SYNTHETIC_RESPONSE_MESSAGE, url, status, statusText);
  return envelope;
}
