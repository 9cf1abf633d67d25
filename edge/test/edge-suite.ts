import { GIPHY_SDK_PINGBACK_KEY } from '../src/constants.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EdgeLogger } from '../src/logger.ts';
import type { AccessLogEntry } from '../src/middleware/access-log.ts';
import type { ApiKeys } from '../src/middleware/api-key.ts';
import type { Service } from '../src/routes.ts';
import { bindingUpstream, urlUpstream, type Upstream, type Upstreams } from '../src/upstreams.ts';
import type { Echo } from './echo-server.ts';
import { fakeServices, type FakeAnswer, type FakeServices } from './fakes.ts';

/** What the suite asks of an edge: its upstreams and the settings it tests against. */
export interface SuiteEdgeOptions {
  upstreams: Upstreams;
  keys: ApiKeys;
  siteOrigins: string[];
  upstreamTimeoutMs: number;
  /** Gets the access log and the edge's own errors. */
  logger: EdgeLogger;
  accessLog: true;
}

/** An edge started by a harness, reached the way its runtime is (HTTP on Node, the Worker's fetch in workerd). */
export interface EdgeClient {
  /** The origin clients address, as the edge sees it. */
  origin: string;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A GET from another client address than `fetch`'s, one per visitor number. */
  fetchAs(visitor: number, path: string): Promise<Response>;
  close(): Promise<void>;
}

/** One runtime's way of running the edge: each `start` gives fresh stores and its own client address. */
export interface EdgeHarness {
  runtime: string;
  /** Requests per window its rate limiters allow. */
  limits: { perKey: number; perAddress: number; mediaPerAddress: number };
  /** Resolves when a test may count up to a limit without its limiters' window ending meanwhile. */
  windowWithRoom(): Promise<void>;
  /** An echoing HTTP upstream on 127.0.0.1 (paths with /slow never answer) and a URL nothing listens on. */
  httpUpstreams(): { echoUrl: string; closedUrl: string };
  start(options: SuiteEdgeOptions): Promise<EdgeClient>;
}

/** Limits small enough to reach in a test; the workerd run configures its rate limiting bindings with them. */
export const SUITE_LIMITS = { perKey: 3, perAddress: 30, mediaPerAddress: 40 };
export const KEYS: ApiKeys = { web: 'web-key-0001', mobile: 'mobile-key-0001' };
const SITE_ORIGIN = 'https://site.example';
const TIMEOUT_MS = 300;

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

const neverAnswers: Upstream = { fetch: () => new Promise<Response>(() => undefined) };
const fails: Upstream = bindingUpstream({
  fetch: () => {
    throw new Error('connection reset');
  },
});

/** The edge's behaviour, the same on every runtime. */
export function edgeSuite(harness: EdgeHarness): void {
  describe(`the edge on ${harness.runtime}`, () => {
    const started: EdgeClient[] = [];
    afterEach(async () => {
      await Promise.all(started.splice(0).map((edge) => edge.close()));
    });

    interface Logged {
      level: 'info' | 'error';
      fields: Record<string, unknown>;
      message: string;
    }

    async function startEdge(
      upstreams: Partial<Upstreams> = {},
      options: { siteOrigins?: string[] } = {},
    ): Promise<{ edge: EdgeClient; fakes: FakeServices; logged: Logged[] }> {
      const fakes = fakeServices();
      const logged: Logged[] = [];
      const edge = await harness.start({
        upstreams: { ...fakes.upstreams, ...upstreams },
        keys: KEYS,
        siteOrigins: options.siteOrigins ?? [SITE_ORIGIN],
        upstreamTimeoutMs: TIMEOUT_MS,
        logger: {
          info: (fields, message) => logged.push({ level: 'info', fields, message }),
          error: (fields, message) => logged.push({ level: 'error', fields, message }),
        },
        accessLog: true,
      });
      started.push(edge);
      return { edge, fakes, logged };
    }

    async function json<T>(response: Response): Promise<T> {
      return (await response.json()) as T;
    }

    function lastSeen(fakes: FakeServices, service: Service): FakeAnswer {
      const answer = fakes.seen[service].at(-1);
      if (!answer) throw new Error(`${service} received nothing`);
      return answer;
    }

    describe('routing', () => {
      it.each<[string, Service]>([
        ['/v1/gifs/trending', 'publicApi'],
        ['/v2/emoji', 'publicApi'],
        ['/v2/pingback', 'collector'],
        ['/v2/pingback/batch', 'collector'],
        ['/v2/analytics', 'collector'],
        ['/api/v4/channels/7/feed/', 'backend'],
        ['/ajax/gifs/trending', 'backend'],
        ['/login/check', 'backend'],
        ['/login', 'assets'],
        ['/api/v1/stories/abc', 'stories'],
        ['/api/v1/stories', 'stories'],
        ['/api/v1/storiesx', 'backend'],
        ['/stories', 'assets'],
        ['/stories/my-story', 'assets'],
        ['/schedule', 'scheduler'],
        ['/schedule/41', 'scheduler'],
        ['/activity', 'scheduler'],
        ['/imaging/trim', 'imaging'],
        ['/media/abc/200.gif', 'media'],
        ['/', 'assets'],
        ['/embed/abc', 'assets'],
        ['/gifs/happy-abc', 'assets'],
        ['/activity-feed', 'assets'],
        ['/v3/anything', 'assets'],
      ])('sends %s to the %s service', async (path, service) => {
        const { edge, fakes } = await startEdge();
        const response = await edge.fetch(`${path}?q=cats&limit=2`);
        expect(response.status).toBe(200);
        const answer = await json<FakeAnswer>(response);
        expect(answer.service).toBe(service);
        expect(answer.path).toBe(path);
        expect(answer.query).toMatchObject({ q: 'cats', limit: '2' });
        expect(fakes.seen[service]).toHaveLength(1);
      });

      it('passes the method and body of a change through', async () => {
        const { edge, fakes } = await startEdge();
        const body = JSON.stringify({ events: [{ action: 'SEEN' }] });
        const response = await edge.fetch('/v2/pingback', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
        expect(response.status).toBe(200);
        expect(lastSeen(fakes, 'collector')).toMatchObject({ method: 'POST', body });
      });

      it('reaches an upstream by URL, with the forwarding headers and no client Host', async () => {
        const { echoUrl } = harness.httpUpstreams();
        const { edge } = await startEdge({ stories: urlUpstream(`${echoUrl}/`) });
        const response = await edge.fetch('/api/v1/stories/slug/cats?next_cursor=5', { headers: { Authorization: 'Token story-token' } });
        expect(response.status).toBe(200);
        const echo = await json<Echo>(response);
        const edgeHost = new URL(edge.origin).host;
        expect(echo).toMatchObject({ method: 'GET', path: '/api/v1/stories/slug/cats', query: { next_cursor: '5' } });
        expect(echo.headers).toMatchObject({
          authorization: 'Token story-token',
          'x-forwarded-host': edgeHost,
          'x-forwarded-proto': new URL(edge.origin).protocol.slice(0, -1),
        });
        expect(echo.headers.host).toBe(new URL(echoUrl).host);
        expect(echo.headers['x-request-id']).toBe(response.headers.get('X-Request-Id'));
      });
    });

    describe('credentials', () => {
      it.each([
        ['a desktop browser', DESKTOP, KEYS.web],
        ['no user agent', '', KEYS.web],
        ['an iPhone', IPHONE, KEYS.mobile],
        ['an Android phone', ANDROID, KEYS.mobile],
      ])('gives anonymous public API reads from %s the right key', async (_device, userAgent, key) => {
        const { edge, fakes } = await startEdge();
        await edge.fetch('/v1/gifs/search?q=cat', { headers: { 'User-Agent': userAgent } });
        expect(lastSeen(fakes, 'publicApi').query).toEqual({ q: 'cat', api_key: key });
      });

      it('keeps a key the caller sent, in either spelling', async () => {
        const { edge, fakes } = await startEdge();
        await edge.fetch('/v1/gifs/trending?api_key=developer-key');
        expect(lastSeen(fakes, 'publicApi').query).toEqual({ api_key: 'developer-key' });
        await edge.fetch('/v2/emoji?apikey=developer-key');
        expect(lastSeen(fakes, 'publicApi').query).toEqual({ apikey: 'developer-key' });
      });

      it('adds no key outside the public API', async () => {
        const { edge, fakes } = await startEdge();
        await edge.fetch('/ajax/gifs/trending?gif_ids=a');
        await edge.fetch('/v2/pingback', { method: 'POST', body: '{}' });
        expect(lastSeen(fakes, 'backend').query).toEqual({ gif_ids: 'a' });
        expect(lastSeen(fakes, 'collector').query).toEqual({});
      });

      it('passes the session cookie and a matching CSRF token through to the backend', async () => {
        const { edge, fakes } = await startEdge();
        const cookie = 'sessionid=s3ss10n; csrftoken=t0k3n';
        const response = await edge.fetch('/api/v1/users/7/', {
          method: 'PATCH',
          body: '{"display_name":"Z"}',
          headers: { Cookie: cookie, 'X-CSRFToken': 't0k3n' },
        });
        expect(response.status).toBe(200);
        expect(lastSeen(fakes, 'backend').headers).toMatchObject({ cookie, 'x-csrftoken': 't0k3n' });
      });

      it.each([
        ['no token', {}],
        ['a token not matching the cookie', { 'X-CSRFToken': 'forged' }],
      ])('refuses a cookie-authenticated change with %s', async (_case, extra: Record<string, string>) => {
        const { edge, fakes } = await startEdge();
        const response = await edge.fetch('/ajax/gif/update', {
          method: 'POST',
          body: 'gif_id=a',
          headers: { Cookie: 'sessionid=s3ss10n; csrftoken=t0k3n', ...extra },
        });
        expect(response.status).toBe(403);
        const body = await json<{ message: string; meta: { status: number; request_id: string } }>(response);
        expect(body.message).toMatch(/CSRF/);
        expect(body.meta).toMatchObject({ status: 403, request_id: response.headers.get('X-Request-Id') });
        expect(fakes.seen.backend).toHaveLength(0);
      });

      it('lets reads with the cookie and changes without it through', async () => {
        const { edge, fakes } = await startEdge();
        expect((await edge.fetch('/login/check', { headers: { Cookie: 'sessionid=s3ss10n' } })).status).toBe(200);
        expect((await edge.fetch('/ajax/report-search', { method: 'POST', body: '{}' })).status).toBe(200);
        expect(fakes.seen.backend).toHaveLength(2);
      });

      it('carries the Authorization token to stories and the scheduler, without the session cookie', async () => {
        const { edge, fakes } = await startEdge();
        const headers = { Authorization: 'Token t-1', Cookie: 'sessionid=s3ss10n; theme=dark' };
        expect((await edge.fetch('/api/v1/stories', { method: 'POST', body: '{}', headers })).status).toBe(200);
        expect((await edge.fetch('/schedule/9', { method: 'DELETE', headers })).status).toBe(200);
        for (const service of ['stories', 'scheduler'] as const) {
          const seen = lastSeen(fakes, service);
          expect(seen.headers.authorization).toBe('Token t-1');
          expect(seen.headers.cookie).toBe('theme=dark');
        }
      });
    });

    describe('headers', () => {
      it('gives every answer a request id, forwards it, and keeps a well-formed one from the client', async () => {
        const { edge, fakes } = await startEdge();
        const fresh = await edge.fetch('/v1/gifs/trending');
        const id = fresh.headers.get('X-Request-Id');
        expect(id).toMatch(/^[\w-]{16,}$/);
        expect(lastSeen(fakes, 'publicApi').headers['x-request-id']).toBe(id);
        const kept = await edge.fetch('/api/v3/env/build', { headers: { 'X-Request-Id': 'client-trace-42' } });
        expect(kept.headers.get('X-Request-Id')).toBe('client-trace-42');
        expect(lastSeen(fakes, 'backend').headers['x-request-id']).toBe('client-trace-42');
      });

      it.each([
        ['characters outside the pattern', 'bad id; injected'],
        ['an equals sign', 'trace=0123456789'],
        ['too few characters', 'short'],
        ['too many characters', 'x'.repeat(65)],
      ])('replaces a client request id with %s, upstream and in the answer', async (_case, given) => {
        const { edge, fakes } = await startEdge();
        const response = await edge.fetch('/api/v3/env/build', { headers: { 'X-Request-Id': given } });
        const id = response.headers.get('X-Request-Id');
        expect(id).not.toBe(given);
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(lastSeen(fakes, 'backend').headers['x-request-id']).toBe(id);
      });

      it.each([
        '/v1/gifs/trending',
        '/v1/gifs/missing?status=404',
        '/v2/pingback',
        '/api/v3/env/build',
        '/api/v1/users/404/?status=404',
        '/ajax/gifs/trending?gif_ids=a',
        '/ajax/nothing?status=404',
        '/gifs/abc',
        '/gifs/missing?status=404',
        '/embed/abc',
        '/embed/missing?status=404',
        '/oembed?url=https%3A%2F%2Felsewhere.example%2Fgifs%2Fa&status=404',
        '/media/abc/200.gif',
        '/no-such-page?status=404',
        '/api/v1/stories/x',
        '/imaging/trim',
      ])('gives %s a request id, with no site origins configured', async (path) => {
        const { edge } = await startEdge({}, { siteOrigins: [] });
        const response = await edge.fetch(path);
        expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
      });

      it("gives the edge's own errors, a cache hit and a preflight a request id", async () => {
        const { edge } = await startEdge({ backend: fails }, { siteOrigins: [] });
        const failed = await edge.fetch('/api/v4/channels/');
        expect(failed.status).toBe(502);
        expect(failed.headers.get('X-Request-Id')).toBe(((await failed.json()) as { meta: { request_id: string } }).meta.request_id);
        await edge.fetch('/v1/gifs/trending?ids=a');
        const hit = await edge.fetch('/v1/gifs/trending?ids=a', { headers: { 'X-Request-Id': 'second-read-0001' } });
        expect(hit.headers.get('X-Cache')).toBe('HIT');
        expect(hit.headers.get('X-Request-Id')).toBe('second-read-0001');
        const preflight = await edge.fetch('/v2/pingback', {
          method: 'OPTIONS',
          headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
      });

      it('logs one entry per request, with the path still encoded and no query, so a %0A cannot forge a line', async () => {
        const { edge, logged } = await startEdge();
        const forged = '/api/x%0Aedge%2000000000%20GET%20%2Fadmin%20200%0D%0A';
        const response = await edge.fetch(`${forged}?api_key=secret-key-0001&q=%0Afake`);
        const entries = logged.filter((entry) => entry.fields.requestId === response.headers.get('X-Request-Id'));
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({ level: 'info', message: 'edge request' });
        const entry = entries[0]!.fields as unknown as AccessLogEntry;
        expect(entry).toMatchObject({ method: 'GET', path: forged, service: 'backend', status: 200 });
        expect(JSON.stringify(logged)).not.toMatch(/secret-key-0001|fake/);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach a log entry
        expect(Object.values(entry).join(' ')).not.toMatch(/[\u0000-\u001f\u007f]/);
      });

      it('drops hop-by-hop, internal and client-made forwarding headers on the way in', async () => {
        const { edge, fakes } = await startEdge();
        await edge.fetch('/api/v4/artists/', {
          headers: {
            'Proxy-Authorization': 'Basic c2VjcmV0',
            'Loopbox-Purge': 'all',
            'X-Forwarded-For': '6.6.6.6',
            'X-Forwarded-Host': 'evil.example',
            'CF-Worker': 'evil.example',
            'X-CSRFToken': 'kept',
          },
        });
        const { headers } = lastSeen(fakes, 'backend');
        expect(headers).not.toHaveProperty('proxy-authorization');
        expect(headers).not.toHaveProperty('loopbox-purge');
        expect(headers).not.toHaveProperty('cf-worker');
        expect(headers['x-forwarded-for']).not.toBe('6.6.6.6');
        expect(headers['x-forwarded-host']).toBe(new URL(edge.origin).host);
        expect(headers['x-csrftoken']).toBe('kept');
      });

      it('drops hop-by-hop and internal headers on the way out', async () => {
        const { edge } = await startEdge();
        const response = await edge.fetch(
          '/api/x?header=Connection:X-Hop&header=X-Hop:1&header=Keep-Alive:timeout=1&header=Loopbox-Secret:1&header=X-Kept:1',
        );
        expect(response.status).toBe(200);
        expect(response.headers.get('X-Hop')).toBeNull();
        expect(response.headers.get('Loopbox-Secret')).toBeNull();
        expect(response.headers.get('X-Kept')).toBe('1');
      });
    });

    describe('caching', () => {
      it('answers a repeated public read from the cache', async () => {
        const { edge, fakes } = await startEdge();
        const first = await edge.fetch('/v1/gifs/trending?limit=2&ids=a,b');
        const second = await edge.fetch('/v1/gifs/trending?ids=a,b&limit=2');
        expect(first.headers.get('X-Cache')).toBe('MISS');
        expect(second.headers.get('X-Cache')).toBe('HIT');
        expect(await second.text()).toBe(await first.text());
        expect(second.headers.get('Content-Type')).toBe('application/json');
        expect(second.headers.get('X-Request-Id')).not.toBe(first.headers.get('X-Request-Id'));
        expect(fakes.seen.publicApi).toHaveLength(1);
      });

      it('finds the same entry whatever parameters the route does not read: ?bust=x, another order, a repeated one, 12 KB of junk', async () => {
        const { edge, fakes } = await startEdge();
        expect((await edge.fetch('/v1/gifs/search?q=cat&limit=2')).headers.get('X-Cache')).toBe('MISS');
        for (const path of [
          '/v1/gifs/search?q=cat&limit=2&bust=x',
          '/v1/gifs/search?limit=2&bust=y&q=cat',
          '/v1/gifs/search?q=cat&limit=2&q=dog',
          `/v1/gifs/search?q=cat&limit=2&junk=${'j'.repeat(12_000)}`,
        ]) {
          expect((await edge.fetch(path)).headers.get('X-Cache'), path.slice(0, 60)).toBe('HIT');
        }
        expect(fakes.seen.publicApi).toHaveLength(1);
        // A parameter the route reads, and the API key, still make their own entries; one another route reads does not.
        expect((await edge.fetch('/v1/gifs/search?q=cat&limit=3')).headers.get('X-Cache')).toBe('MISS');
        expect((await edge.fetch('/v1/gifs/search?q=cat&limit=2&api_key=developer-key')).headers.get('X-Cache')).toBe('MISS');
        await edge.fetch('/v1/gifs/trending?q=a');
        expect((await edge.fetch('/v1/gifs/trending?q=b')).headers.get('X-Cache')).toBe('HIT');
        expect(fakes.seen.publicApi).toHaveLength(4);
      });

      it('keeps one copy of a media file whatever its query string, for its whole lifetime', async () => {
        const { edge, fakes } = await startEdge();
        await edge.fetch('/media/abc/200.gif?cid=1');
        for (const query of ['', '?bust=x', '?v=2&w=3', `?junk=${'j'.repeat(12_000)}`]) {
          const hit = await edge.fetch(`/media/abc/200.gif${query}`);
          expect(hit.headers.get('X-Cache')).toBe('HIT');
        }
        expect(fakes.seen.media).toHaveLength(1);
      });

      it('passes through uncached a path whose parameters it does not know, and a key past its maximum', async () => {
        const { edge, fakes } = await startEdge();
        const longIds = `/v1/gifs?ids=${'abcdefghijklmnopqrstuvwxyz0123456789,'.repeat(120)}`;
        for (const path of ['/v1/gifs/search/', '/v1/no-such-call?q=a', longIds]) {
          const answers = [await edge.fetch(path), await edge.fetch(path)];
          expect(answers.map((response) => response.headers.get('X-Cache'))).toEqual(['BYPASS', 'BYPASS']);
        }
        expect(fakes.seen.publicApi).toHaveLength(6);
      });

      it('keeps media and lets other queries miss', async () => {
        const { edge, fakes } = await startEdge();
        await edge.fetch('/media/abc/200.gif');
        expect((await edge.fetch('/media/abc/200.gif')).headers.get('X-Cache')).toBe('HIT');
        expect((await edge.fetch('/media/abc/200w.webp')).headers.get('X-Cache')).toBe('MISS');
        expect(fakes.seen.media).toHaveLength(2);
      });

      it.each([
        ['a random pick', '/v1/gifs/random?tag=cat', {}],
        ['a sticker random pick', '/v1/stickers/random', {}],
        ['a backend read', '/api/v4/channels/7', {}],
        ['a read with an Authorization token', '/v1/gifs/trending', { Authorization: 'Bearer t' }],
        ['a read with the session cookie', '/v1/gifs/trending', { Cookie: 'sessionid=s' }],
        ["one user's read (random_id)", '/v1/gifs/search?q=cat&random_id=u1', {}],
        ["one session's read (pingback_id, as GIPHY's SDK sends)", '/v1/gifs/trending?pingback_id=s1', {}],
        ["Tenor's registershare (it counts a share)", '/tenor/v2/registershare?id=a&key=k', {}],
      ])('never caches %s', async (_case, path, headers: Record<string, string>) => {
        const { edge, fakes } = await startEdge();
        const answers = [await edge.fetch(path, { headers }), await edge.fetch(path, { headers })];
        expect(answers.map((response) => response.headers.get('X-Cache'))).toEqual(['BYPASS', 'BYPASS']);
        const total = Object.values(fakes.seen).reduce((sum, list) => sum + list.length, 0);
        expect(total).toBe(2);
      });

      it('answers conditional and range requests from a kept answer as the origin would (RFC 9110)', async () => {
        const { edge, fakes } = await startEdge();
        const path = '/media/abc/hd.mp4?header=ETag:"v1"';
        const first = await edge.fetch(path);
        const whole = await first.text();
        const ask = async (headers: Record<string, string>) => {
          const response = await edge.fetch(path, { headers });
          return [response.status, response.headers.get('X-Cache'), response.headers.get('Content-Range'), await response.text()];
        };
        expect(first.headers.get('X-Cache')).toBe('MISS');
        expect(await ask({ Range: 'bytes=0-9' })).toEqual([206, 'HIT', `bytes 0-9/${whole.length}`, whole.slice(0, 10)]);
        expect(await ask({ Range: 'bytes=0-1,5-6' })).toEqual([200, 'HIT', null, whole]);
        expect(await ask({ Range: 'bytes=0-9', 'If-Range': '"v0"' })).toEqual([200, 'HIT', null, whole]);
        expect(await ask({ Range: `bytes=${whole.length}-` })).toEqual([416, 'HIT', `bytes */${whole.length}`, '']);
        expect(await ask({ 'If-None-Match': '"v1"' })).toEqual([304, 'HIT', null, '']);
        expect(await ask({ 'If-None-Match': '"v0"' })).toEqual([200, 'HIT', null, whole]);
        expect(fakes.seen.media).toHaveLength(1);
      });

      it.each([
        ['says no-store', 'cache_control=no-store'],
        ['says private', 'cache_control=private,max-age=60'],
        ['sets a cookie', 'set_cookie=seen=1'],
        ['fails', 'status=503'],
      ])('does not keep a public answer whose upstream %s', async (_case, query) => {
        const { edge, fakes } = await startEdge();
        const first = await edge.fetch(`/v1/gifs/trending?${query}`);
        const second = await edge.fetch(`/v1/gifs/trending?${query}`);
        expect(second.status).toBe(first.status);
        expect(second.headers.get('X-Cache')).toBe('MISS');
        expect(fakes.seen.publicApi).toHaveLength(2);
      });

      it.each([
        ['served by privilege (private, no-store)', 'cache_control=private,no-store'],
        ['refused as hidden (410, no-store)', 'status=410&cache_control=no-store'],
        ['refused for legal reasons (451, no-store)', 'status=451&cache_control=no-store'],
      ])('never keeps a media file %s', async (_case, query) => {
        const { edge, fakes } = await startEdge();
        const answers = [await edge.fetch(`/media/abc/200.gif?${query}`), await edge.fetch(`/media/abc/200.gif?${query}`)];
        expect(answers.map((response) => response.headers.get('X-Cache'))).toEqual(['MISS', 'MISS']);
        expect(fakes.seen.media).toHaveLength(2);
      });

      it('keeps a web asset only when its upstream gives it a lifetime', async () => {
        const { edge, fakes } = await startEdge();
        await edge.fetch('/assets/app-1234.js?cache_control=public,max-age=31536000,immutable');
        const hashed = await edge.fetch('/assets/app-1234.js?cache_control=public,max-age=31536000,immutable');
        await edge.fetch('/embed/abc');
        const page = await edge.fetch('/embed/abc');
        expect(hashed.headers.get('X-Cache')).toBe('HIT');
        expect(hashed.headers.get('Cache-Control')).toBe('public,max-age=31536000,immutable');
        expect(page.headers.get('X-Cache')).toBe('MISS');
        expect(fakes.seen.assets).toHaveLength(3);
      });

      it('drops the cached entries showing a GIF when a change names it in the purge header', async () => {
        const { edge, fakes } = await startEdge();
        const reads = ['/v1/gifs?ids=a,b', '/v1/gifs?ids=c', '/media/a/200.gif', '/media/c/200.gif'];
        for (const path of reads) await edge.fetch(path);
        const change = await edge.fetch('/v1/gifs/a/cta?purge=gif:a', { method: 'PUT', body: '{"link":"https://x.example","text":"Go"}' });
        expect(change.status).toBe(200);
        expect(change.headers.get('Loopbox-Purge')).toBeNull();
        const after = await Promise.all(reads.map(async (path) => (await edge.fetch(path)).headers.get('X-Cache')));
        expect(after).toEqual(['MISS', 'HIT', 'MISS', 'HIT']);
        expect(fakes.seen.publicApi.map((seen) => seen.method)).toEqual(['GET', 'GET', 'PUT', 'GET']);
      });

      it('keeps no answer that was in flight while a purge happened: a read racing a change is not cached', async () => {
        const { edge } = await startEdge();
        const slow = '/media/r/200.gif?delay_ms=200';
        const racing = edge.fetch(slow);
        await edge.fetch('/v1/gifs/r/cta?purge=gif:r', { method: 'PUT', body: '{"link":"https://x.example","text":"Go"}' });
        expect((await racing).headers.get('X-Cache')).toBe('MISS');
        expect((await edge.fetch(slow)).headers.get('X-Cache')).toBe('MISS');
        expect((await edge.fetch(slow)).headers.get('X-Cache')).toBe('HIT');
      });

      it('takes an answer’s purge tags from Loopbox-Cache-Tags when the upstream names them, and never shows the header', async () => {
        const { edge } = await startEdge();
        // The body shows GIF x, but the upstream names the tag `featured` instead.
        const named = '/v1/gifs?ids=x&header=Loopbox-Cache-Tags:featured';
        const first = await edge.fetch(named);
        expect(first.headers.get('Loopbox-Cache-Tags')).toBeNull();
        await edge.fetch('/v1/gifs/x/cta?purge=gif:x', { method: 'PUT', body: '{"link":"https://x.example","text":"Go"}' });
        expect((await edge.fetch(named)).headers.get('X-Cache')).toBe('HIT');
        await edge.fetch('/v1/gifs/x/cta?purge=featured', { method: 'PUT', body: '{"link":"https://x.example","text":"Go"}' });
        expect((await edge.fetch(named)).headers.get('X-Cache')).toBe('MISS');
      });
    });

    describe('rate limits', () => {
      beforeEach(() => harness.windowWithRoom());

      it('limits each API key a developer sends, then each client address, with 429 and Retry-After', async () => {
        const { edge } = await startEdge();
        const { perKey, perAddress } = harness.limits;
        const run = crypto.randomUUID().slice(0, 8);
        const statuses = [];
        for (let i = 0; i <= perKey; i++) statuses.push((await edge.fetch(`/v1/gifs/trending?api_key=${run}-a&offset=${i}`)).status);
        expect(statuses).toEqual([...Array<number>(perKey).fill(200), 429]);

        const limited = await edge.fetch(`/v1/gifs/trending?api_key=${run}-a&offset=99`);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
        expect(limited.headers.get('X-Request-Id')).toBeTruthy();
        expect((await json<{ message: string }>(limited)).message).toMatch(/API key/);
        expect((await edge.fetch(`/v1/gifs/trending?api_key=${run}-b`)).status).toBe(200);

        let sent = perKey + 3;
        let last: Response | undefined;
        while (sent < perAddress + 1) {
          last = await edge.fetch(`/api/v3/env/build?n=${sent}`);
          sent++;
        }
        expect(last?.status).toBe(429);
        expect((await json<{ message: string }>(last as Response)).message).toMatch(/address/);
        expect((await edge.fetch('/media/abc/200.gif')).status).toBe(200);
      });

      it('does not count the keys it adds itself against a key limit', async () => {
        const { edge } = await startEdge();
        for (let i = 0; i <= harness.limits.perKey; i++) expect((await edge.fetch(`/v1/gifs/search?q=${i}`)).status).toBe(200);
      });

      it('never counts an answer from its cache', async () => {
        const { edge, fakes } = await startEdge();
        const key = `dev-${crypto.randomUUID().slice(0, 8)}`;
        const reads = Math.max(harness.limits.perKey, harness.limits.perAddress) + 5;
        for (let i = 0; i < reads; i++) expect((await edge.fetch(`/v1/gifs/trending?api_key=${key}`)).status).toBe(200);
        expect(fakes.seen.publicApi).toHaveLength(1);
      });

      it('never counts pages and assets, and media against their own budget', async () => {
        const { edge } = await startEdge();
        for (let i = 0; i <= harness.limits.perAddress; i++) {
          for (const path of [`/gifs/g${i}`, `/assets/a${i}.js`, `/media/m${i}/200.gif`]) expect((await edge.fetch(path)).status).toBe(200);
        }
        expect((await edge.fetch('/api/v3/env/build')).status).toBe(200);
      });

      it('limits the media files an address fetches past the cache, with 429, and still serves the kept ones', async () => {
        const { edge, fakes } = await startEdge();
        const { mediaPerAddress } = harness.limits;
        const statuses: number[] = [];
        for (let i = 0; i < mediaPerAddress; i++) statuses.push((await edge.fetch(`/media/m${i}/200.gif`)).status);
        expect(statuses.every((status) => status === 200)).toBe(true);
        const limited = await edge.fetch('/media/one-more/200.gif');
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
        expect((await json<{ message: string }>(limited)).message).toMatch(/media from this address/);
        // A query string makes no new file to fetch: the kept copy answers, uncounted.
        const kept = await edge.fetch('/media/m0/200.gif?bust=x');
        expect([kept.status, kept.headers.get('X-Cache')]).toEqual([200, 'HIT']);
        expect(fakes.seen.media).toHaveLength(mediaPerAddress);
        // The API's budget is its own, and another address has its own media budget.
        expect((await edge.fetch('/api/v3/env/build')).status).toBe(200);
        expect((await edge.fetchAs(4, '/media/one-more/200.gif')).status).toBe(200);
      });

      it("limits a busy visitor on the site's own key by address, never the other visitors", async () => {
        const { edge } = await startEdge();
        const busy: number[] = [];
        for (let i = 0; i <= harness.limits.perAddress; i++)
          busy.push((await edge.fetchAs(1, `/v1/gifs/search?q=busy-${i}&api_key=${KEYS.web}`)).status);
        expect(busy.slice(0, -1).every((status) => status === 200)).toBe(true);
        expect(busy.at(-1)).toBe(429);
        for (let i = 0; i <= harness.limits.perKey; i++)
          expect((await edge.fetchAs(2, `/v1/gifs/search?q=calm-${i}&api_key=${KEYS.web}`)).status).toBe(200);
        expect((await edge.fetchAs(3, `/v1/stickers/search?q=calm&api_key=${KEYS.mobile}`)).status).toBe(200);
      });

      it('limits pingbacks per developer key too, but never per the key every GIPHY widget shares', async () => {
        const { edge } = await startEdge();
        // Each call from its own address, so only the key limit can refuse it (the limit counts calls whatever their method).
        const post = (key: string, visitor: number) => edge.fetchAs(visitor, `/v2/pingback?apikey=${key}`);
        const developer: number[] = [];
        for (let i = 0; i <= harness.limits.perKey; i++) developer.push((await post('collector-dev-key', 10 + i)).status);
        expect(developer).toEqual([...Array<number>(harness.limits.perKey).fill(200), 429]);
        for (let i = 0; i <= harness.limits.perKey; i++) expect((await post(GIPHY_SDK_PINGBACK_KEY, 20 + i)).status).toBe(200);
      });

      it('gives a string that cannot be an API key no key limit of its own, only the address limit', async () => {
        const { edge } = await startEdge();
        const notAKey = 'k'.repeat(2_000);
        for (let i = 0; i <= harness.limits.perKey; i++)
          expect((await edge.fetch(`/v1/gifs/trending?api_key=${notAKey}&offset=${i}`)).status).toBe(200);
      });
    });

    describe('CORS', () => {
      const preflight = (origin: string) => ({
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'Content-Type' },
      });

      it('answers preflights for public routes from any origin, without the upstream', async () => {
        const { edge, fakes } = await startEdge();
        const response = await edge.fetch('/v2/pingback', preflight('https://blog.example'));
        expect(response.status).toBe(204);
        expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
        expect(response.headers.get('X-Request-Id')).toBeTruthy();
        expect(fakes.seen.collector).toHaveLength(0);
        for (const cache of ['MISS', 'HIT']) {
          const read = await edge.fetch('/v1/gifs/trending', { headers: { Origin: 'https://blog.example' } });
          expect(read.headers.get('X-Cache')).toBe(cache);
          expect(read.headers.get('Access-Control-Allow-Origin')).toBe('*');
          expect(read.headers.get('Access-Control-Expose-Headers')).toContain('X-Request-Id');
        }
      });

      it('allows only the site origins, with credentials, on the site services', async () => {
        const { edge } = await startEdge();
        const site = await edge.fetch('/api/v4/channels/', preflight(SITE_ORIGIN));
        expect(site.headers.get('Access-Control-Allow-Origin')).toBe(SITE_ORIGIN);
        expect(site.headers.get('Access-Control-Allow-Credentials')).toBe('true');
        expect(site.headers.get('Access-Control-Allow-Headers')).toContain('X-CSRFToken');
        const read = await edge.fetch('/api/v4/channels/7', { headers: { Origin: SITE_ORIGIN } });
        expect(read.headers.get('Access-Control-Allow-Origin')).toBe(SITE_ORIGIN);
        expect(read.headers.get('Access-Control-Allow-Credentials')).toBe('true');
        expect(read.headers.get('Vary')).toMatch(/\bOrigin\b/);
        const other = await edge.fetch('/api/v4/channels/', preflight('https://evil.example'));
        expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
        const asset = await edge.fetch('/', { headers: { Origin: 'https://blog.example' } });
        expect(asset.headers.get('Access-Control-Allow-Origin')).toBeNull();
      });
    });

    describe('upstream failures', () => {
      async function expectEdgeError(response: Response, status: number, message: RegExp) {
        expect(response.status).toBe(status);
        expect(response.headers.get('Content-Type')).toMatch(/application\/json/);
        const body = await json<{ message: string; meta: { status: number; request_id: string } }>(response);
        expect(body.message).toMatch(message);
        expect(body.meta).toEqual({ status, msg: body.message, request_id: response.headers.get('X-Request-Id') });
      }

      it('gives a 502 when an upstream cannot be reached', async () => {
        const { edge } = await startEdge({ imaging: urlUpstream(harness.httpUpstreams().closedUrl), scheduler: fails });
        await expectEdgeError(await edge.fetch('/imaging/trim?media_url=x'), 502, /imaging service is unavailable/);
        await expectEdgeError(await edge.fetch('/activity'), 502, /scheduler service is unavailable/);
      });

      it('gives a 504 when an upstream does not answer in time', async () => {
        const { echoUrl } = harness.httpUpstreams();
        const { edge } = await startEdge({ backend: neverAnswers, stories: urlUpstream(echoUrl) });
        await expectEdgeError(
          await edge.fetch('/api/v4/artists/'),
          504,
          new RegExp(`backend service did not answer within ${TIMEOUT_MS} ms`),
        );
        await expectEdgeError(await edge.fetch('/api/v1/stories/slow'), 504, /stories service did not answer/);
      });

      it("passes an upstream's own error answer through", async () => {
        const { edge } = await startEdge();
        const response = await edge.fetch('/api/v4/channels/9?status=404');
        expect(response.status).toBe(404);
        expect((await json<FakeAnswer>(response)).service).toBe('backend');
      });
    });
  });
}
