import { Validator } from '@seriousme/openapi-schema-validator';
import { Hono } from 'hono';
import { describe as suite, expect, it } from 'vitest';
import { z } from 'zod';
import { enveloped, Timestamp } from '@loopbox/contract/common';
import { describe } from './describe.ts';
import { documentedRoutes, openApiDocument, openApiPath } from './document.ts';

const Query = z.object({ q: z.string().min(1), limit: z.string().regex(/^\d+$/).optional().transform(Number) });
const Body = z.object({ name: z.string().max(40) });
const Anything = enveloped(z.strictObject({}));
const Thing = enveloped(z.strictObject({ id: z.string(), changed_at: Timestamp }));

function sampleApp() {
  const app = new Hono();
  app.get('/healthz', (c) => c.text('ok'));
  app.get(
    '/v1/things',
    describe({ response: Anything, tag: 'gifs', summary: 'Search things', access: { apiKey: 'giphy' }, query: Query }),
    (c) => c.json({}),
  );
  app.get(
    '/v1/things/:id{[^/]+}',
    describe({
      response: Anything,
      tag: 'gifs',
      summary: 'One thing',
      access: { apiKey: 'giphy' },
      params: z.object({ id: z.string().max(64) }),
    }),
    (c) => c.json({}),
  );
  app.post(
    '/api/v1/things/:id/',
    describe({
      tag: 'moderation',
      summary: 'Change a thing',
      access: { permission: 'gif.moderate' },
      body: Body,
      status: 201,
      response: Thing,
    }),
    (c) => c.json({}),
  );
  app.get(
    '/api/v1/lists/',
    describe({ response: Anything, tag: 'channels', summary: 'Lists', access: { permission: 'channel.manage', when: 'with mine=true' } }),
    (c) => c.json({}),
  );
  app.post(
    '/ajax/report',
    describe({ response: Anything, tag: 'moderation', summary: 'Report', access: { permission: 'gif.report' } }),
    (c) => c.json({}),
  );
  app.get('/tenor/v2/search', describe({ response: Anything, tag: 'tenor', summary: 'Tenor search', access: { apiKey: 'tenor' } }), (c) =>
    c.json({}),
  );
  app.get('/oembed', describe({ response: Anything, tag: 'site', summary: 'oEmbed', access: 'anyone' }), (c) => c.json({}));
  return app;
}

suite('openApiPath', () => {
  it("turns Hono's parameters, with or without a pattern, into OpenAPI's", () => {
    expect(openApiPath('/v1/gifs/:id{[^/]+}')).toBe('/v1/gifs/{id}');
    expect(openApiPath('/v1/:type/search')).toBe('/v1/{type}/search');
    expect(openApiPath('/api/v1/uploads/resumable/:id{[A-Za-z0-9]+}')).toBe('/api/v1/uploads/resumable/{id}');
  });
});

suite('openApiDocument', () => {
  const doc = openApiDocument(sampleApp().routes, { version: '1.2.3', origin: 'https://gifs.example' }) as any;

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    expect(doc.servers).toEqual([{ url: 'https://gifs.example' }]);
  });

  it('lists each described route once and leaves out what is not an API call', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/ajax/report',
      '/api/v1/lists/',
      '/api/v1/things/{id}/',
      '/oembed',
      '/tenor/v2/search',
      '/v1/things',
      '/v1/things/{id}',
    ]);
  });

  it('takes query parameters from the schema the handler parses with: what a client sends, and whether it must', () => {
    const params = doc.paths['/v1/things'].get.parameters;
    expect(params).toEqual([
      { name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 1 } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d+$' } },
    ]);
    expect(doc.paths['/v1/things/{id}'].get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } },
    ]);
    expect(doc.paths['/api/v1/things/{id}/'].post.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('describes the body and the success status', () => {
    const op = doc.paths['/api/v1/things/{id}/'].post;
    expect(op.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 40 } },
      required: ['name'],
    });
    expect(Object.keys(op.responses)).toEqual(['201', '400', '401', '403', '404']);
  });

  it('describes the success answer from its response schema, timestamps as the strings the JSON carries', () => {
    const schema = doc.paths['/api/v1/things/{id}/'].post.responses['201'].content['application/json'].schema;
    expect(schema).toMatchObject({
      type: 'object',
      required: ['data', 'meta'],
      properties: { data: { properties: { id: { type: 'string' }, changed_at: { type: 'string', format: 'date-time' } } } },
    });
  });

  it("names each route's callers from the permission table, and the refusals they can meet", () => {
    const moderate = doc.paths['/api/v1/things/{id}/'].post;
    expect(moderate['x-permission']).toBe('gif.moderate');
    expect(moderate.security).toEqual([{ session: [] }, { token: [] }]);
    expect(moderate.description).toContain('(`gif.moderate`): moderator, staff.');
    // Anyone may report: no sign-in needed, so no 401 and no 403.
    const report = doc.paths['/ajax/report'].post;
    expect(report.security).toEqual([{}, { session: [] }, { token: [] }]);
    expect(Object.keys(report.responses)).toEqual(['200']);
    // A permission asked only under a condition: open to anyone otherwise.
    const lists = doc.paths['/api/v1/lists/'].get;
    expect(lists.security).toEqual([{}, { session: [] }, { token: [] }]);
    expect(lists.description).toBe(
      'Who may call it: anyone; with mine=true, `channel.manage`: user (their own), creator (their own), moderator (their own), staff.',
    );
    expect(lists['x-permission']).toBe('channel.manage');
    const key = doc.paths['/v1/things'].get;
    expect(key.security).toEqual([{ api_key: [] }]);
    expect(Object.keys(key.responses)).toEqual(['200', '400', '401', '403', '429']);
    expect(key.responses[429].headers['Retry-After']).toBeDefined();
    expect(doc.paths['/tenor/v2/search'].get.responses[401].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/TenorError',
    );
    expect(doc.paths['/oembed'].get.security).toEqual([]);
  });

  it('gives every operation its own id', () => {
    const ids = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('finds a description inside a sub-app with its own error handler (Hono wraps those handlers)', () => {
    const sub = new Hono();
    sub.get('/search', describe({ response: Anything, tag: 'tenor', summary: 'Wrapped', access: { apiKey: 'tenor' } }), (c) => c.json({}));
    sub.onError((_err, c) => c.json({}, 500));
    const app = new Hono().route('/tenor/v2', sub);
    expect(documentedRoutes(app.routes).get('GET /tenor/v2/search')?.summary).toBe('Wrapped');
  });

  it('refuses to build while a route answering JSON names no response schema; CSV and header-only answers need none', () => {
    const app = sampleApp();
    app.get('/api/v1/other.csv', describe({ tag: 'gifs', summary: 'CSV', access: 'anyone', responseType: 'text/csv' }), (c) => c.text(''));
    app.post('/api/v1/tus/', describe({ tag: 'gifs', summary: 'tus', access: 'anyone', status: 201, responseType: 'none' }), (c) =>
      c.body(null, 201),
    );
    const built = openApiDocument(app.routes, { version: '0', origin: 'https://gifs.example' }) as any;
    expect(built.paths['/api/v1/tus/'].post.responses['201'].content).toBeUndefined();
    app.get('/api/v1/other/', describe({ tag: 'gifs', summary: 'Other', access: 'anyone' }), (c) => c.json({}));
    expect(() => openApiDocument(app.routes, { version: '0', origin: 'https://gifs.example' })).toThrow(
      'GET /api/v1/other/ answers JSON but names no response schema',
    );
  });

  it('refuses to build while a route has no description, naming it', () => {
    const app = sampleApp();
    app.delete('/api/v1/things/:id/', (c) => c.json({}));
    expect(documentedRoutes(app.routes).get('DELETE /api/v1/things/:id/')).toBeUndefined();
    expect(() => openApiDocument(app.routes, { version: '0', origin: 'https://gifs.example' })).toThrow(
      'DELETE /api/v1/things/:id/ has no describe() documentation',
    );
  });
});
