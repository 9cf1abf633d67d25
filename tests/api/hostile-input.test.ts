/**
 * Hostile input through npm start's wiring: every parameter and body field of every route gets NUL,
 * control characters, lone surrogates, 100 KB strings, out-of-range numbers, arrays for scalars and
 * bad JSON. The answer is always below 500 and, on API paths, a JSON error naming the problem; a
 * refused change changes nothing; valid events sent beside hostile ones are all counted; and the
 * server logs no error. Routes added later join the tables below.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Hostile values for a query or path parameter, as they appear in the URL (percent-encoded). A lone
 * surrogate cannot be encoded in UTF-8, so in a URL it arrives as its WTF-8 bytes.
 */
const PARAM_VALUES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['control characters', 'a%07%1B%5B2J%0D%0Aforged%3A%20line'],
  ['a lone surrogate', 'x%ED%A0%80y'],
  ['a 100 KB string', 'x'.repeat(100_000)],
  ['a negative number', '-1'],
  ['an out-of-range number', '99999999999999999999999'],
  ['not a number', '1e309'],
  ['a malformed escape', '%E0%A4%A'],
];

/** JSON nested well past MAX_JSON_DEPTH, as text (serialising it would itself recurse). */
const DEEP_JSON = `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`;

/** Hostile values for a JSON field. */
const JSON_VALUES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['control characters', 'a\u0007\r\nb'],
  ['a lone surrogate', '\udc00x'],
  ['a 100 KB string', 'x'.repeat(100_000)],
  ['a negative number', -1],
  ['an out-of-range number', 1e308],
  ['an array for a scalar', ['x']],
  ['an object for a scalar', { a: 1 }],
  ['null', null],
  ['deep nesting', DEEP_JSON],
];

/** JSON.stringify, with DEEP_JSON spliced in where it stands as a value. */
const toJson = (value: unknown) => JSON.stringify(value).replaceAll(JSON.stringify(DEEP_JSON), DEEP_JSON);

/**
 * A POST written whole over a socket, its length declared or (`chunked`) not; the status and body of
 * whatever came back, however the server closed it.
 */
function rawPost(
  baseUrl: string,
  pathAndQuery: string,
  body: string,
  { chunked = false, method = 'POST', headers = '' }: { chunked?: boolean; method?: string; headers?: string } = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => {
      const length = Buffer.byteLength(body);
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
      socket.write(
        `${method} ${pathAndQuery} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n${headers}${framing}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(chunked ? `${length.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body: rest.join('\r\n\r\n') });
    });
  });
}

interface GetRoute {
  path: string;
  params: string[];
  /** Pages answer browsers in HTML; everything else in JSON. */
  page?: boolean;
}

/** oEmbed's own spec answers a format it cannot give with 501 Not Implemented. */
const SPEC_501 = /^\/oembed\?.*format=/;

/** The Tenor-compatible API's calls (apps/server/src/tenor/), with every parameter Tenor defines. */
function tenorRoutes(gifId: string) {
  const common = ['key', 'client_key', 'country', 'locale'];
  const listing = ['limit', 'pos', 'contentfilter', 'media_filter', 'ar_range', 'random', 'searchfilter', ...common];
  return [
    { path: '/tenor/v2/search?q=cat', params: ['q', ...listing] },
    { path: '/tenor/v2/featured', params: listing },
    { path: '/tenor/v2/categories', params: ['type', 'contentfilter', ...common] },
    { path: '/tenor/v2/autocomplete?q=ca', params: ['q', 'limit', ...common] },
    { path: '/tenor/v2/search_suggestions?q=cat', params: ['q', 'limit', ...common] },
    { path: '/tenor/v2/trending_terms', params: ['limit', ...common] },
    { path: `/tenor/v2/registershare?id=${gifId}`, params: ['id', 'q', ...common] },
    { path: `/tenor/v2/posts?ids=${gifId}`, params: ['ids', 'media_filter', ...common] },
  ];
}

describe('hostile input through npm start’s wiring', { timeout: 300_000 }, () => {
  let server: TestServer;
  let gif: { id: string; payload: string };
  let routes: GetRoute[];

  beforeAll(async () => {
    // The suite sends a few thousand requests from one address: the edge's per-address limit is raised so every one reaches a service.
    // One new text render is enough to reach the renderer with a hostile message; the rest are refused by budget (429) at once.
    server = await startTestServer('pglite', {
      web: true,
      env: { RATE_LIMIT_PER_ADDRESS: '1000000', RATE_LIMIT_PER_KEY: '1000000' },
      textRender: { budgetPerKey: 1, budgetPerAddress: 1 },
    });
    const { body } = await server.get('/v1/gifs/search?q=pizza&limit=1');
    gif = { id: body.data[0].id, payload: body.data[0].analytics_response_payload };
    const user = await server.store.db.selectFrom('users').select('id').where('is_public', '=', true).executeTakeFirstOrThrow();
    const COMMON = ['limit', 'offset', 'rating', 'lang', 'pingback_id', 'random_id', 'api_key'];
    const channel = await server.store.db.selectFrom('channels').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    routes = [
      { path: '/v1/gifs/search?q=pizza', params: ['q', 'excludeDynamicResults', ...COMMON] },
      { path: '/v1/stickers/search?q=heart', params: ['q', ...COMMON] },
      { path: '/v1/text/search?q=hi&excludeDynamicResults=true', params: ['q', 'excludeDynamicResults', ...COMMON] },
      { path: '/v1/gifs/trending', params: COMMON },
      { path: '/v1/gifs/random', params: ['tag', ...COMMON] },
      { path: `/v1/gifs/related?gif_id=${gif.id}`, params: ['gif_id', ...COMMON] },
      { path: `/v1/gifs/${gif.id}`, params: COMMON },
      { path: `/v1/gifs?ids=${gif.id}`, params: ['ids', ...COMMON] },
      { path: `/v1/gifs/${gif.id}/associations`, params: COMMON },
      { path: '/v1/gifs/categories', params: COMMON },
      { path: '/v1/emoji', params: COMMON },
      { path: '/v2/emoji', params: ['cursor', ...COMMON] },
      { path: '/v1/text/animate?m=hi', params: ['m', ...COMMON] },
      { path: '/v1/channels/search?q=loop', params: ['q', ...COMMON] },
      { path: '/v1/trending/searches', params: COMMON },
      { path: '/v1/tags/related/happy', params: ['score', ...COMMON] },
      { path: '/v1/gifs/search/tags?q=ha', params: ['q', ...COMMON] },
      { path: '/v1/videos/search?q=pizza', params: ['q', ...COMMON] },
      { path: `/v1/videos/related?gif_id=${gif.id}`, params: ['gif_id', ...COMMON] },
      { path: `/api/v1/users/${user.id}/view-count/`, params: [] },
      { path: `/api/v1/proxy-gif/${gif.id}/view-count/`, params: [] },
      { path: `/ajax/gifs/trending?gif_ids=${gif.id}`, params: ['gif_ids'] },
      { path: '/api/v1/analytics/dashboard-trending-searches/', params: ['username'] },
      { path: '/api/v1/analytics/series/', params: ['days', 'username'] },
      { path: '/api/v1/collector/rejects/', params: [] },
      { path: `/api/v4/channels?slug=${channel.slug}`, params: ['slug', 'mine'] },
      { path: `/api/v4/channels/${channel.id}`, params: [] },
      { path: `/api/v4/channels/${channel.id}/children/`, params: [] },
      { path: `/api/v4/channels/${channel.id}/feed/?limit=2`, params: ['limit', 'offset', 'cursor'] },
      { path: `/api/v4/channel-gifs/?gif=${gif.id}`, params: ['gif'] },
      { path: '/api/v4/channels/retrieve-job/?job=00000000-0000-4000-8000-000000000000', params: ['job'] },
      { path: `/channels/${channel.slug}/page/2`, params: [], page: true },
      { path: `/channel/${channel.slug}/search/cats`, params: [], page: true },
      { path: `/oembed?url=${encodeURIComponent(`${server.baseUrl}/gifs/${gif.id}`)}`, params: ['url', 'format', 'maxwidth', 'maxheight'] },
      { path: `/media/${gif.id}/200.gif`, params: [] },
      { path: `/ajax/gifs/metadata?gif_ids=${gif.id}`, params: ['gif_ids'] },
      { path: `/ajax/gifs/extended-metadata?gif_ids=${gif.id}`, params: ['gif_ids'] },
      { path: `/ajax/gif/${gif.id}/tag-counts`, params: [] },
      { path: `/ajax/gif/${gif.id}/tag-translations`, params: [] },
      { path: `/ajax/gif/bulk/language-tags?gif_ids=${gif.id}`, params: ['gif_ids'] },
      { path: '/ajax/tags/related/gif/happy/', params: [] },
      { path: '/api/v4/artists/', params: ['filter', 'freelance', 'order', 'sort', 'offset'] },
      { path: '/api/v3/spotify/artist?spotify_url=x', params: ['spotify_url'] },
      { path: `/api/v1/analytics/gif-series/?gif_id=${gif.id}`, params: ['gif_id', 'days'] },
      { path: `/api/v1/stories?username=${channel.slug}`, params: ['username', 'fetch_unpublished', 'limit', 'next_cursor'] },
      { path: '/api/v1/stories/partnerArtist', params: ['limit', 'since', 'until'] },
      { path: '/api/v1/stories/trending', params: ['sort'] },
      { path: '/api/v1/stories/latest', params: ['limit'] },
      { path: '/api/v1/stories/slug/some-story', params: [] },
      { path: '/api/v1/stories/00000000-0000-4000-8000-000000000000', params: [] },
      { path: '/schedule', params: ['limit', 'offset', 'type'] },
      { path: '/activity', params: ['limit', 'offset'] },
      { path: `/gifs/${gif.id}`, params: [], page: true },
      { path: `/embed/${gif.id}`, params: [], page: true },
      ...tenorRoutes(gif.id),
      { path: '/api/v1/developer/apps/1/usage/', params: ['days'] },
    ];
  });
  afterAll(async () => {
    await server?.close();
  });

  const headers = { Authorization: '' };
  async function expectAnswered(url: string, init: RequestInit = {}, page = false): Promise<Response & { bodyText: string }> {
    const res = await fetch(url, init);
    const text = await res.text();
    const limit = res.status === 501 && SPEC_501.test(url.slice(url.indexOf('/', 8))) ? 502 : 500;
    expect(res.status, `${init.method ?? 'GET'} ${url.slice(0, 200)} answered ${res.status}: ${text.slice(0, 200)}`).toBeLessThan(limit);
    if (!page || res.headers.get('content-type')?.includes('json')) {
      if (res.status >= 400) {
        // GIPHY's error body, Tenor's {error: {code, message}}, or (oEmbed, which has none of its own) {error, status}.
        const body = JSON.parse(text) as {
          meta?: { status: number; msg: string };
          error?: string | { code: number; message: string };
          status?: number;
        };
        const [status, message] = body.meta
          ? [body.meta.status, body.meta.msg]
          : typeof body.error === 'object'
            ? [body.error.code, body.error.message]
            : [body.status, body.error];
        expect(status, `${url.slice(0, 200)}: ${text.slice(0, 200)}`).toBe(res.status);
        expect(message?.length).toBeGreaterThan(3);
      }
    }
    return Object.assign(res, { bodyText: text });
  }

  it('answers every query and path parameter’s hostile value below 500, with a JSON error on API paths', async () => {
    for (const route of routes) {
      const base = new URL(route.path, server.baseUrl);
      const keyParam = base.pathname.startsWith('/v') ? 'api_key' : base.pathname.startsWith('/tenor/') ? 'key' : undefined;
      const key = keyParam ? `${keyParam}=${server.webKey}` : '';
      for (const [, value] of PARAM_VALUES) {
        for (const name of route.params) {
          const kept = [...base.searchParams].filter(([other]) => other !== name).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
          const query = [...kept, `${name}=${value}`, ...(name === keyParam ? [] : [key])].filter(Boolean).join('&');
          await expectAnswered(`${base.origin}${base.pathname}?${query}`, {}, route.page);
          // Arrays for scalars: the parameter twice, and PHP-style brackets.
          await expectAnswered(`${base.origin}${base.pathname}?${query}&${name}=2&${name}[]=3`, {}, route.page);
        }
        // The value in place of the last path segment that names something (an id, a file, a tag).
        const segments = base.pathname.split('/');
        const at = segments.findLastIndex((s) => s === gif.id || s === '200.gif' || /^\d+$/.test(s) || s === 'happy');
        if (at > 0) {
          segments[at] = value;
          await expectAnswered(
            `${server.baseUrl}${segments.join('/')}?${[base.search.slice(1), key].filter(Boolean).join('&')}`,
            {},
            route.page,
          );
        }
      }
    }
  });

  it('answers every hostile parameter of the staff reads (moderation, search service) below 500, as staff', async () => {
    const staffReads: { path: string; params: string[] }[] = [
      { path: '/api/v1/moderation/queue/', params: ['limit', 'offset'] },
      { path: `/api/v1/gifs/${gif.id}/moderation`, params: [] },
      { path: '/api/v1/moderation/audit/', params: ['target', 'actor', 'before', 'limit'] },
      {
        path: '/api/v1/search-service/search/',
        params: ['q', 'username', 'rating', 'state', 'type', 'uploaded_from', 'uploaded_to', 'min_reports', 'limit', 'offset'],
      },
      {
        path: '/api/v1/search-service/csv/',
        params: ['q', 'username', 'rating', 'state', 'type', 'uploaded_from', 'uploaded_to', 'min_reports'],
      },
      { path: '/api/v3/content-takedown/takedown/1', params: [] },
      { path: '/api/v1/moderation/users/', params: ['username'] },
    ];
    const init = { headers: { Authorization: `Bearer ${server.adminToken}` } };
    for (const route of staffReads) {
      for (const [, value] of PARAM_VALUES) {
        for (const name of route.params) await expectAnswered(`${server.baseUrl}${route.path}?${name}=${value}&${name}[]=3`, init);
        const segments = route.path.split('/');
        const at = segments.findLastIndex((s) => s === gif.id || /^\d+$/.test(s));
        if (at > 0)
          await expectAnswered(`${server.baseUrl}${[...segments.slice(0, at), value, ...segments.slice(at + 1)].join('/')}`, init);
      }
    }
  });

  it('answers a request line too long for Node itself with a JSON error', async () => {
    const res = await expectAnswered(`${server.baseUrl}/v1/gifs/search?q=${'x'.repeat(200_000)}&api_key=${server.webKey}`);
    expect(res.status).toBe(431);
  });

  const validPingback = () => ({
    event_id: randomUUID(),
    action_type: 'SEEN',
    analytics_response_payload: gif.payload,
    user_id: 'a1b2c3d4e5f6a7b8',
    ts: Date.now(),
    attributes: { layout_type: 'GRID' },
  });
  const validAnalytics = () => ({
    event_id: randomUUID(),
    kind: 'event',
    category: 'Embed',
    action: 'Copy',
    label: 'Embed Code',
    gif_id: gif.id,
    user_id: 'u1',
    ts: Date.now(),
    page_path: '/gifs/x',
  });
  const collectors: [string, () => Record<string, unknown>, string[]][] = [
    [
      '/v2/pingback',
      validPingback,
      [
        'event_id',
        'action_type',
        'analytics_response_payload',
        'user_id',
        'logged_in_user_id',
        'ts',
        'attributes',
        'attributes.position',
        'attributes.layout_type',
        'attributes.tab',
      ],
    ],
    ['/v2/analytics', validAnalytics, ['event_id', 'kind', 'category', 'action', 'label', 'gif_id', 'user_id', 'ts', 'page_path']],
  ];
  const withField = (event: Record<string, unknown>, field: string, value: unknown) => {
    const [top, inner] = field.split('.') as [string, string | undefined];
    if (!inner) return { ...event, [top]: value };
    return { ...event, [top]: { ...(event[top] as object), [inner]: value } };
  };
  const stored = async (ids: string[]) =>
    (await server.store.db.selectFrom('events').select('event_id').where('event_id', 'in', ids).execute()).length;

  it.each(collectors)('%s refuses each hostile field on its own and counts every valid neighbour', async (path, valid, fields) => {
    for (const field of fields) {
      const good: Record<string, unknown>[] = [];
      const events: Record<string, unknown>[] = [];
      for (const [, value] of JSON_VALUES) {
        const neighbours = [valid(), valid()];
        good.push(...neighbours);
        events.push(neighbours[0]!, withField(valid(), field, value), neighbours[1]!);
      }
      const res = await expectAnswered(`${server.baseUrl}${path}?apikey=${server.webKey}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: toJson({ events }),
      });
      expect(res.status, field).toBe(200);
      expect(await stored(good.map((e) => e.event_id as string)), field).toBe(good.length);
    }
  });

  it.each(['/v2/pingback', '/v2/analytics'])('%s answers bad JSON and bad shapes with a JSON 4xx', async (path) => {
    const bodies: [string, BodyInit][] = [
      ['truncated JSON', '{"events": ['],
      ['not JSON', 'events=1'],
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"events"'],
      ['events not an array', '{"events": "x"}'],
      ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
      ['too deep', '['.repeat(100_000) + ']'.repeat(100_000)],
    ];
    for (const [name, body] of bodies) {
      const res = await expectAnswered(`${server.baseUrl}${path}?apikey=${server.webKey}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
    }
    // Over the size bound the server answers before reading the rest, so the request goes over a raw
    // socket that keeps what came back even as the server closes it.
    // Its length declared (refused from the header) or not (counted as it streams in).
    for (const chunked of [false, true]) {
      const tooLarge = await rawPost(
        server.baseUrl,
        `${path}?apikey=${server.webKey}`,
        JSON.stringify({ events: [{ pad: 'x'.repeat(1_100_000) }] }),
        { chunked },
      );
      expect(tooLarge.status, chunked ? 'chunked' : 'declared').toBe(413);
      expect(JSON.parse(tooLarge.body).meta.msg).toContain('at most');
    }
  });

  it('refuses each hostile field of a call to action and changes nothing', async () => {
    const before = await server.store.db.selectFrom('gifs').select('cta').where('id', '=', gif.id).executeTakeFirstOrThrow();
    const url = `${server.baseUrl}/v1/gifs/${gif.id}/cta?api_key=${server.webKey}`;
    const init = (body: BodyInit): RequestInit => ({
      method: 'PUT',
      headers: { ...headers, Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' },
      body,
    });
    for (const field of ['link', 'text']) {
      for (const [name, value] of JSON_VALUES) {
        const res = await expectAnswered(url, init(toJson({ link: 'https://example.test/shop', text: 'Shop', [field]: value })));
        expect(res.status, `${field}: ${name}`).toBe(400);
      }
    }
    for (const body of ['{', 'null', '[]', new Uint8Array([0xff, 0xfe])]) expect((await expectAnswered(url, init(body))).status).toBe(400);
    const after = await server.store.db.selectFrom('gifs').select('cta').where('id', '=', gif.id).executeTakeFirstOrThrow();
    expect(after.cta).toEqual(before.cta);
  });

  /**
   * The creators' JSON calls (issue 16), called by staff on the seeded GIF: each field of a valid body
   * replaced by each hostile value. Text the store cannot keep, 100 KB strings and deep nesting are
   * always refused; whatever is refused leaves the GIF (and its language tags) as it was.
   */
  const creatorCalls: [string, string, () => Record<string, unknown>, string[]][] = [
    ['POST', '/ajax/gif/update', () => ({ gif_id: gif.id, key: 'title', value: 'A title' }), ['gif_id', 'key', 'value']],
    [
      'PATCH',
      '/api/v1/gifs/{gif}/',
      () => ({
        title: 'A title',
        tags: ['a'],
        rating: 'g',
        source_post_url: 'https://example.test/p',
        visibility: 'public',
        is_sticker: false,
        alt_text: 'Alt',
      }),
      ['title', 'tags', 'rating', 'source_post_url', 'visibility', 'is_sticker', 'alt_text'],
    ],
    [
      'POST',
      '/api/v1/gifs/bulk/',
      () => ({ gif_ids: [gif.id], add_tags: ['a'], remove_tags: ['b'], rating: 'g' }),
      ['gif_ids', 'add_tags', 'remove_tags', 'rating'],
    ],
    ['POST', '/ajax/gif/{gif}/language-tags', () => ({ tags: ['hola'], lang: 'es' }), ['tags', 'lang']],
    ['DELETE', '/ajax/gif/{gif}/language-tags', () => ({ tag: 'hola', lang: 'es' }), ['tag', 'lang']],
    ['POST', '/ajax/instashare/', () => ({ gif_id: gif.id, to: 'friend@example.test' }), ['gif_id', 'to']],
    ['PATCH', '/api/v4/artists/{user}/', () => ({ is_freelance: true, music_artist_url: '' }), ['is_freelance', 'music_artist_url']],
    ['POST', '/ajax/gif/{gif}/report/', () => ({ reason: 'spam', note: 'A note' }), ['reason', 'note']],
    [
      'POST',
      '/ajax/report-search',
      () => ({
        reasons: ['other'],
        additional_info: 'More',
        search_response_id: 'abc-1',
        search_term: 'cats',
        search_content_type: 'gifs',
      }),
      ['reasons', 'additional_info', 'search_response_id', 'search_term', 'search_content_type'],
    ],
    ['POST', '/api/v1/gifs/{gif}/moderation', () => ({ action: 'approve', reason: 'Fine', rating: 'g' }), ['action', 'reason', 'rating']],
    // An id naming no GIF: whatever passes the boundary is answered 422 and nothing is taken down.
    [
      'POST',
      '/api/v3/content-takedown/takedown',
      () => ({ items: [{ gif_id: 'NoSuchGif404', reason: 'copyright' }], send_email: false, note: 'A note' }),
      ['items', 'send_email', 'note'],
    ],
    ['PUT', '/api/v1/moderation/trending-blocks/', () => ({ term: 'blockme' }), ['term']],
    ['DELETE', '/api/v1/moderation/trending-blocks/', () => ({ term: 'blockme' }), ['term']],
    ['POST', '/api/v1/users/{user}/moderation/', () => ({ action: 'warn', reason: 'A warning' }), ['action', 'reason']],
    [
      'POST',
      '/api/v1/uploads/',
      () => ({
        source_image_url: 'http://127.0.0.1:9/x.gif',
        title: 'T',
        tags: 'a,b',
        rating: 'g',
        source_post_url: 'https://example.test/p',
        is_sticker: false,
        visibility: 'public',
      }),
      ['source_image_url', 'title', 'tags', 'rating', 'source_post_url', 'is_sticker', 'visibility', 'username'],
    ],
  ];
  const ALWAYS_REFUSED = new Set(['NUL', 'a lone surrogate', 'a 100 KB string', 'deep nesting']);
  const gifState = async () => {
    const row = await server.store.db.selectFrom('gifs').selectAll().where('id', '=', gif.id).executeTakeFirstOrThrow();
    const events = await server.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return JSON.stringify({ row, events: Number(events.n) });
  };

  it.each(creatorCalls)('%s %s refuses each hostile field and changes nothing', async (method, path, valid, fields) => {
    const user = await server.store.db.selectFrom('users').select('id').where('is_public', '=', true).executeTakeFirstOrThrow();
    const url = `${server.baseUrl}${path.replace('{gif}', gif.id).replace('{user}', String(user.id))}`;
    const init = (body: BodyInit): RequestInit => ({
      method,
      headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' },
      body,
    });
    for (const field of fields) {
      for (const [name, value] of JSON_VALUES) {
        const before = await gifState();
        const res = await expectAnswered(url, init(toJson({ ...valid(), [field]: value })));
        if (ALWAYS_REFUSED.has(name)) expect(res.status, `${field}: ${name}`).toBeGreaterThanOrEqual(400);
        if (res.status >= 400) expect(await gifState(), `${field}: ${name}`).toEqual(before);
      }
    }
    for (const body of ['{', 'null', '[]', new Uint8Array([0xff, 0xfe])]) expect((await expectAnswered(url, init(body))).status).toBe(400);
  });

  const CHECKED_FORM_FIELDS = new Set(['title', 'tags', 'source_post_url', 'rating', 'is_sticker']);
  it('answers 413 to a body past its bound on every route that takes pictures, its length declared or not', async () => {
    const user = await server.store.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const channel = await server.store.db.selectFrom('channels').select('id').orderBy('id').executeTakeFirstOrThrow();
    const bounded: [method: string, path: string, bytes: number, message: RegExp][] = [
      ['POST', '/ajax/tags/prediction/', 17 * 1024 * 1024, /frames may take at most/],
      ['PATCH', `/api/v1/users/${user.id}/`, 6 * 1024 * 1024, /avatar must be at most 5 MB/],
      ['PATCH', `/api/v4/channels/${channel.id}/`, 11 * 1024 * 1024, /pictures must be at most 5 MB each/],
    ];
    for (const [method, path, bytes, message] of bounded) {
      for (const chunked of [false, true]) {
        const res = await rawPost(server.baseUrl, path, JSON.stringify({ pad: 'x'.repeat(bytes) }), {
          chunked,
          method,
          headers: `Authorization: Bearer ${server.adminToken}\r\n`,
        });
        expect(res.status, `${path} ${chunked ? 'chunked' : 'declared'}`).toBe(413);
        expect(JSON.parse(res.body).meta.msg).toMatch(message);
      }
    }
  });

  it('refuses hostile form fields of the GIPHY upload and of tag prediction', async () => {
    const before = await gifState();
    for (const field of ['file', 'source_image_url', 'tags', 'source_post_url', 'username', 'title', 'rating', 'is_sticker']) {
      for (const [name, value] of JSON_VALUES) {
        const form = new FormData();
        form.set('source_image_url', 'http://127.0.0.1:9/x.gif');
        form.set(field, typeof value === 'string' ? value : JSON.stringify(value));
        const res = await expectAnswered(`${server.baseUrl}/v1/gifs?api_key=${server.webKey}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${server.adminToken}` },
          body: form,
        });
        expect(res.status, `${field}: ${name}`).toBeGreaterThanOrEqual(400);
        // The creator's own fields are checked before the URL: text no field may hold is refused naming the field.
        if (CHECKED_FORM_FIELDS.has(field) && (name === 'NUL' || name === 'a 100 KB string'))
          expect((JSON.parse(res.bodyText) as { field?: string }).field, `${field}: ${name}: ${res.bodyText.slice(0, 200)}`).toBe(field);
      }
    }
    for (const [name, value] of JSON_VALUES) {
      const form = new FormData();
      form.set('frames', typeof value === 'string' ? value : JSON.stringify(value));
      const res = await expectAnswered(`${server.baseUrl}/ajax/tags/prediction/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.adminToken}` },
        body: form,
      });
      expect(res.status, `frames: ${name}`).toBe(400);
    }
    const tus = await expectAnswered(`${server.baseUrl}/api/v1/uploads/resumable`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${server.adminToken}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '-1',
        'Upload-Metadata': `filename ${Buffer.from('a\u0000b').toString('base64')}`,
      },
    });
    expect(tus.status).toBeGreaterThanOrEqual(400);
    expect(await gifState()).toEqual(before);
  });

  it('refuses each hostile field of every channel call (staff, by token) and logs nothing for a refusal', async () => {
    const admin = { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' };
    const post = (method: string, path: string, body: BodyInit) =>
      expectAnswered(`${server.baseUrl}${path}`, { method, headers: admin, body });
    const setUp = async (path: string, body: unknown) =>
      (await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) })).json();
    const made = await setUp('/api/v4/channels/', { slug: `hostile-${randomUUID().slice(0, 8)}`, display_name: 'Hostile' });
    const id = made.data.id as number;
    const ranked = await setUp('/api/v4/channel-ranked-tags/', { channel: id, tag: 'hostile' });
    const magic = await setUp('/api/v4/channel-magic-tags/', { channel: id, tag: 'hostile' });
    const calls: { method: string; path: string; valid: Record<string, unknown>; fields: string[] }[] = [
      {
        method: 'POST',
        path: '/api/v4/channels/',
        valid: { slug: 'never-made', display_name: 'x' },
        fields: [
          'slug',
          'display_name',
          'short_display_name',
          'description',
          'parent',
          'type',
          'content_type',
          'is_visible',
          'is_private',
          'position',
        ],
      },
      {
        method: 'PATCH',
        path: `/api/v4/channels/${id}/`,
        valid: { display_name: 'x' },
        fields: ['display_name', 'short_display_name', 'description', 'featured_gif', 'is_visible', 'is_private', 'is_live'],
      },
      { method: 'POST', path: `/api/v4/channels/${id}/move/`, valid: { position: 0 }, fields: ['position', 'target_channel'] },
      { method: 'POST', path: '/api/v4/channel-gifs/', valid: { channel: id, gif: gif.id }, fields: ['channel', 'gif', 'position'] },
      { method: 'POST', path: '/api/v4/channel-gifs/remove/', valid: { channel: id, gif: gif.id }, fields: ['channel', 'gif'] },
      { method: 'POST', path: '/api/v4/channel-ranked-tags/', valid: { channel: id, tag: 'other' }, fields: ['channel', 'tag', 'rank'] },
      { method: 'PATCH', path: `/api/v4/channel-ranked-tags/${ranked.data.id}/`, valid: { rank: 0 }, fields: ['tag', 'rank'] },
      { method: 'POST', path: '/api/v4/channel-magic-tags/', valid: { channel: id, tag: 'other' }, fields: ['channel', 'tag'] },
    ];
    // Values a field may really take: null clears a featured GIF, or makes a channel a root; `gif` may be a list (['x'] names no GIF: a removal of nothing).
    const accepted = new Set(['PATCH featured_gif null', 'POST parent null', 'POST target_channel null', 'POST gif an array for a scalar']);
    const logged = async () =>
      Number(
        (
          await server.store.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const call of calls) {
      for (const field of call.fields) {
        for (const [name, value] of JSON_VALUES) {
          const before = await logged();
          const res = await post(call.method, call.path, toJson({ ...call.valid, [field]: value }));
          if (accepted.has(`${call.method} ${field} ${name}`)) continue;
          expect(res.status, `${call.method} ${call.path} ${field}: ${name}`).toBeGreaterThanOrEqual(400);
          expect(await logged(), `${call.method} ${call.path} ${field}: ${name}`).toBe(before);
        }
      }
      for (const body of ['{', 'null', '[]', new Uint8Array([0xff, 0xfe])])
        expect((await post(call.method, call.path, body)).status).toBe(400);
    }
    expect((await post('DELETE', `/api/v4/channel-magic-tags/${magic.data.id}/`, '')).status).toBe(202);
  });

  /** Events in the log: a refused call adds none. */
  const logged = async () =>
    Number(
      (
        await server.store.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  type JsonCall = { method: string; path: string; valid: Record<string, unknown>; fields: string[] };
  /** Each field of each call's valid body replaced by each hostile value: refused (unless `accepted` names `field value`) and nothing logged; broken bodies refused. */
  async function expectEachFieldRefused(
    calls: JsonCall[],
    accepted: ReadonlySet<string>,
    send: (method: string, path: string, body: BodyInit) => Promise<Response>,
  ) {
    for (const call of calls) {
      for (const field of call.fields) {
        for (const [name, value] of JSON_VALUES) {
          const before = await logged();
          const res = await send(call.method, call.path, toJson({ ...call.valid, [field]: value }));
          if (accepted.has(`${field} ${name}`)) continue;
          expect(res.status, `${call.method} ${call.path} ${field}: ${name}`).toBeGreaterThanOrEqual(400);
          expect(await logged(), `${call.method} ${call.path} ${field}: ${name}`).toBe(before);
        }
      }
      for (const body of ['{', 'null', '[]', new Uint8Array([0xff, 0xfe])])
        expect((await send(call.method, call.path, body)).status).toBe(400);
    }
  }

  it('refuses each hostile field of every developer app call (staff, by token) and logs nothing for a refusal', async () => {
    const admin = { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' };
    const send = (method: string, path: string, body: BodyInit) =>
      expectAnswered(`${server.baseUrl}${path}`, { method, headers: admin, body });
    const made = await (
      await fetch(`${server.baseUrl}/api/v1/developer/apps/`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ name: 'Hostile', platform: 'web' }),
      })
    ).json();
    const app = made.data.id as string;
    await fetch(`${server.baseUrl}/api/v1/developer/apps/${app}/production/`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ note: 'for review' }),
    });
    const open = await (await fetch(`${server.baseUrl}/api/v1/developer/production-requests/`, { headers: admin })).json();
    const request = open.data.find((r: { app_id: string }) => r.app_id === app).id as string;
    const calls: { method: string; path: string; valid: Record<string, unknown>; fields: string[] }[] = [
      {
        method: 'POST',
        path: '/api/v1/developer/apps/',
        valid: { name: 'x', platform: 'web' },
        fields: ['name', 'description', 'platform'],
      },
      { method: 'POST', path: `/api/v1/developer/apps/${app}/production/`, valid: { note: 'again' }, fields: ['note'] },
      { method: 'POST', path: `/api/v1/developer/apps/${app}/rotate/`, valid: { grace_seconds: 0 }, fields: ['grace_seconds'] },
      {
        method: 'POST',
        path: `/api/v1/developer/production-requests/${request}/`,
        valid: { decision: 'refused', note: 'x' },
        fields: ['decision', 'note'],
      },
    ];
    // Free text on one line: control characters become spaces (the call is then made, or refused for the state it finds: 409, 404).
    const accepted = new Set(['name control characters', 'description control characters', 'note control characters']);
    await expectEachFieldRefused(calls, accepted, send);
  });

  it('refuses each hostile field of every story and scheduler call (staff, by token) and logs nothing for a refusal', async () => {
    const admin = { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' };
    const send = (method: string, path: string, body: BodyInit) =>
      expectAnswered(`${server.baseUrl}${path}`, { method, headers: admin, body });
    const made = await (
      await fetch(`${server.baseUrl}/api/v1/stories`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ title: 'Hostile', gifs: [{ gif_id: gif.id }] }),
      })
    ).json();
    const id = made.data.story_id as string;
    const story = {
      title: 'A story',
      description: 'About it',
      cover_gif_id: gif.id,
      gifs: [{ gif_id: gif.id, caption: 'A caption' }],
      is_published: false,
    };
    const calls: { method: string; path: string; valid: Record<string, unknown>; fields: string[] }[] = [
      {
        method: 'POST',
        path: '/api/v1/stories',
        valid: story,
        fields: ['story_id', 'title', 'description', 'slug', 'cover_gif_id', 'gifs', 'is_published'],
      },
      {
        method: 'POST',
        path: '/api/v1/stories',
        valid: { story_id: id, title: 'Changed' },
        fields: ['title', 'description', 'slug', 'cover_gif_id', 'gifs', 'is_published'],
      },
      {
        method: 'PUT',
        path: `/api/v1/stories/${id}`,
        valid: story,
        fields: ['title', 'description', 'slug', 'cover_gif_id', 'gifs', 'is_published'],
      },
      {
        method: 'POST',
        path: '/api/v1/stories/trending',
        valid: { story_id: id, publish_datetime: new Date().toISOString() },
        fields: ['story_id', 'publish_datetime'],
      },
      {
        method: 'POST',
        path: '/schedule',
        valid: {
          gifs: [{ id: gif.id, is_sticker: false, type: 'gif' }],
          timestamp: new Date(Date.now() + 3_600_000).toISOString(),
          public_gifs: 'private_until_publish',
        },
        fields: ['gifs', 'timestamp', 'public_gifs'],
      },
    ];
    // Values a field may really take: titles are free text (controls become spaces), a description keeps its lines, null clears the cover.
    const accepted = new Set(['title control characters', 'description control characters', 'cover_gif_id null']);
    await expectEachFieldRefused(calls, accepted, send);
  });

  it('refuses each hostile parameter and field of an imaging trim (staff, by token), as query, JSON and form', async () => {
    const auth = { Authorization: `Bearer ${server.adminToken}` };
    const valid: Record<string, string> = { media_url: `/media/${gif.id}/200.gif`, start: '0', duration: '0.3', format: 'gif' };
    for (const field of Object.keys(valid)) {
      for (const [name, value] of PARAM_VALUES) {
        const query = Object.entries(valid)
          .map(([k, v]) => `${k}=${k === field ? value : encodeURIComponent(v)}`)
          .join('&');
        const res = await expectAnswered(`${server.baseUrl}/imaging/trim?${query}`, { headers: auth });
        expect(res.status, `query ${field}: ${name}`).toBeGreaterThanOrEqual(400);
        await expectAnswered(`${server.baseUrl}/imaging/trim?${query}&${field}=2&${field}[]=3`, { headers: auth });
      }
      for (const [name, value] of JSON_VALUES) {
        const json = await expectAnswered(`${server.baseUrl}/imaging/trim`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: toJson({ ...valid, [field]: value }),
        });
        expect(json.status, `JSON ${field}: ${name}`).toBeGreaterThanOrEqual(400);
        const form = new FormData();
        for (const [k, v] of Object.entries({ ...valid, [field]: typeof value === 'string' ? value : JSON.stringify(value) }))
          form.set(k, v);
        const res = await expectAnswered(`${server.baseUrl}/imaging/trim`, { method: 'POST', headers: auth, body: form });
        expect(res.status, `form ${field}: ${name}`).toBeGreaterThanOrEqual(400);
      }
    }
    for (const body of ['{', 'null', '[]', new Uint8Array([0xff, 0xfe])]) {
      expect(
        (
          await expectAnswered(`${server.baseUrl}/imaging/trim`, {
            method: 'POST',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body,
          })
        ).status,
      ).toBe(400);
    }
  });

  it('refuses each hostile field of a GIF maker edit list (staff, by token), as JSON and as the edits form field', async () => {
    const auth = { Authorization: `Bearer ${server.adminToken}` };
    const sticker = (
      await server.store.db.selectFrom('gifs').select('id').where('type', '=', 'sticker').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const valid = {
      media_url: `/media/${gif.id}/200.gif`,
      trim: { start: 0, duration: 0.3 },
      captions: [{ text: 'hi', font: 'sans', color: '#ffffff', size: 0.1, x: 0.5, y: 0.5, animation: 'fade' }],
      stickers: [{ id: sticker, x: 0.5, y: 0.5, scale: 0.2, rotation: 0 }],
    };
    const variants: [string, (value: unknown) => unknown][] = [
      ...['media_url', 'trim', 'captions', 'stickers'].map((field): [string, (value: unknown) => unknown] => [
        field,
        (value) => ({ ...valid, [field]: value }),
      ]),
      ...['start', 'duration'].map((field): [string, (value: unknown) => unknown] => [
        `trim.${field}`,
        (value) => ({ ...valid, trim: { ...valid.trim, [field]: value } }),
      ]),
      ...Object.keys(valid.captions[0]!).map((field): [string, (value: unknown) => unknown] => [
        `captions.${field}`,
        (value) => ({ ...valid, captions: [{ ...valid.captions[0], [field]: value }] }),
      ]),
      ...Object.keys(valid.stickers[0]!).map((field): [string, (value: unknown) => unknown] => [
        `stickers.${field}`,
        (value) => ({ ...valid, stickers: [{ ...valid.stickers[0], [field]: value }] }),
      ]),
    ];
    // Values an edit list may really hold: no captions or stickers at all; a caption's line breaks and controls become spaces (like a title's); a rotation of -1°.
    const accepted = new Set(['captions null', 'stickers null', 'captions.text control characters', 'stickers.rotation a negative number']);
    for (const [field, withValue] of variants) {
      for (const [name, value] of JSON_VALUES) {
        const res = await expectAnswered(`${server.baseUrl}/imaging/render`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: toJson(withValue(value)),
        });
        if (!accepted.has(`${field} ${name}`)) expect(res.status, `JSON ${field}: ${name}`).toBeGreaterThanOrEqual(400);
      }
    }
    for (const [name, value] of JSON_VALUES) {
      const form = new FormData();
      form.set('edits', typeof value === 'string' ? value : toJson(value));
      const res = await expectAnswered(`${server.baseUrl}/imaging/render`, { method: 'POST', headers: auth, body: form });
      expect(res.status, `edits: ${name}`).toBeGreaterThanOrEqual(400);
    }
  });

  it('logged no server error through all of it', () => {
    const errors = server.logs.filter((line) => /"level":"(error|fatal)"/.test(line));
    expect(errors).toEqual([]);
  });
});
