import { describe, expect, it } from 'vitest';
import { LIBRARY_NAME } from './constants.ts';
import { FetchError } from './errors.ts';
import { fetchEnvelope } from './request.ts';
import { envelope, jsonResponse, recordingFetch, TEST_RESPONSE_ID } from './testing/recording-fetch.ts';

const URL = 'http://127.0.0.1:1234/v1/gifs/search?q=cats';
const HEADERS = { 'X-GIPHY-SDK-NAME': 'JavascriptSDK' };

function failWith(respond: () => Response | Promise<Response>) {
  return fetchEnvelope(URL, recordingFetch(respond), HEADERS);
}

describe('fetchEnvelope', () => {
  it('GETs the URL with the headers and returns data, pagination and meta', async () => {
    const fetch = recordingFetch(() => jsonResponse(envelope(['a'], { pagination: { count: 1, offset: 0, total_count: 1 } })));
    const result = await fetchEnvelope(URL, fetch, HEADERS);
    expect(fetch.requests).toEqual([{ url: URL, method: 'GET', headers: HEADERS }]);
    expect(result).toEqual({
      data: ['a'],
      pagination: { count: 1, offset: 0, total_count: 1 },
      meta: { status: 200, msg: 'OK', response_id: TEST_RESPONSE_ID },
    });
  });

  it('coerces the meta status', async () => {
    const body = { data: [], meta: { status: '200', response_id: 'r' } };
    const result = await fetchEnvelope(
      URL,
      recordingFetch(() => jsonResponse(body)),
      HEADERS,
    );
    expect(result.meta).toEqual({ status: 200, msg: '', response_id: 'r' });
  });
});

describe('fetchEnvelope errors (SPEC 8)', () => {
  it('raises on a network failure, keeping the cause', async () => {
    const cause = new TypeError('fetch failed');
    const error = await failWith(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({
      name: 'FetchError',
      message: `${LIBRARY_NAME}: Error fetching`,
      url: URL,
      status: 0,
      statusText: '',
      cause,
    });
  });

  it('takes the message from the body’s message field', async () => {
    const respond = () => jsonResponse({ message: 'Invalid authentication credentials' }, { status: 401, statusText: 'Unauthorized' });
    await expect(failWith(respond)).rejects.toMatchObject({
      message: `${LIBRARY_NAME}: Invalid authentication credentials`,
      url: URL,
      status: 401,
      statusText: 'Unauthorized',
    });
  });

  it('takes the message from meta.msg when there is no message', async () => {
    const respond = () =>
      jsonResponse({ meta: { status: 429, msg: 'API rate limit exceeded' } }, { status: 429, statusText: 'Too Many Requests' });
    await expect(failWith(respond)).rejects.toMatchObject({
      message: `${LIBRARY_NAME}: API rate limit exceeded`,
      status: 429,
      statusText: 'Too Many Requests',
    });
  });

  it('says Error fetching when the error body has no message or is not JSON', async () => {
    const notJson = () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' });
    await expect(failWith(notJson)).rejects.toMatchObject({
      message: `${LIBRARY_NAME}: Error fetching`,
      status: 502,
      statusText: 'Bad Gateway',
    });
    const empty = () => jsonResponse({ message: '' }, { status: 500, statusText: 'Internal Server Error' });
    await expect(failWith(empty)).rejects.toMatchObject({ message: `${LIBRARY_NAME}: Error fetching`, status: 500 });
  });

  it('raises when a successful body is not JSON', async () => {
    await expect(failWith(() => new Response('not json'))).rejects.toMatchObject({
      message: `${LIBRARY_NAME}: Error parsing json for ${URL}`,
      status: 200,
    });
  });

  it.each([
    ['no meta', { data: [] }],
    ['no response_id', { data: [], meta: { status: 200, msg: 'OK' } }],
    ['an empty response_id', { data: [], meta: { status: 200, msg: 'OK', response_id: '' } }],
    ['a non-object body', ['a']],
  ])('raises synthetic response for a body with %s', async (_, body) => {
    await expect(failWith(() => jsonResponse(body))).rejects.toMatchObject({
      name: 'FetchError',
      message: `${LIBRARY_NAME}: synthetic response`,
      url: URL,
      status: 200,
    });
  });
});

describe('FetchError', () => {
  it('round-trips through plain data', () => {
    const error = new FetchError('m', 'u', 404, 'Not Found');
    const copy = FetchError.fromJSON(JSON.parse(JSON.stringify(error.toJSON())));
    expect(copy).toBeInstanceOf(FetchError);
    expect(copy.toJSON()).toEqual({ message: 'm', url: 'u', status: 404, statusText: 'Not Found' });
  });
});
