import { z } from 'zod';
import { CSRF_HEADER, SESSION_COOKIE, TOKEN_PREFIX } from '../auth/constants.ts';
import { AUDIENCES } from '../permissions/roles.ts';
import { PERMISSIONS, type Action, type Grants } from '../permissions/table.ts';
import { MEDIA_ANSWER_TYPES, OPENAPI_TAGS, SECURITY, UNDOCUMENTED_ROUTES } from './constants.ts';
import { routeDocOf, type RouteAccess, type RouteDoc } from './describe.ts';

type Json = Record<string, unknown>;
/** What Hono's `app.routes` lists: one entry per handler, middleware included. */
export interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

/** Every route that should be documented, as `METHOD path`, with its documentation when it has one. */
export function documentedRoutes(routes: readonly RouteEntry[]): Map<string, RouteDoc | undefined> {
  const found = new Map<string, RouteDoc | undefined>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    if (UNDOCUMENTED_ROUTES.has(key)) continue;
    found.set(key, found.get(key) ?? routeDocOf(route.handler));
  }
  return found;
}

/** Hono's `/v1/gifs/:id{[^/]+}` as OpenAPI's `/v1/gifs/{id}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, '{$1}');
}

/**
 * The OpenAPI 3.1 document of an app, built from the `describe` middleware on its routes. A route
 * without one, or answering JSON without its response schema, makes this throw, so a new route cannot
 * ship undocumented nor outside the contract (tests/api/openapi.test.ts).
 */
export function openApiDocument(routes: readonly RouteEntry[], info: { version: string; origin: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const ids = new Set<string>();
  for (const [key, doc] of documentedRoutes(routes)) {
    if (!doc) throw new Error(`${key} has no describe() documentation`);
    if (answersJson(doc) && !doc.response) throw new Error(`${key} answers JSON but names no response schema`);
    const [method, honoPath] = key.split(' ') as [string, string];
    const path = openApiPath(honoPath);
    const op = operation(method, path, doc);
    // Paths that differ only in slashes (`/channels//children/`) would share an id.
    for (let n = 2; ids.has(op.operationId as string); n++) op.operationId = `${operationId(method, path)}${n}`;
    ids.add(op.operationId as string);
    paths[path] = { ...paths[path], [method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loopbox API',
      version: info.version,
      description:
        'The public GIF API (GIPHY-compatible), the analytics collector, the Tenor-compatible API and the own backend of this Loopbox.',
    },
    servers: [{ url: info.origin }],
    tags: Object.entries(OPENAPI_TAGS).map(([name, { title, description }]) => ({ name, description, 'x-displayName': title })),
    paths,
    components: { securitySchemes: SECURITY_SCHEMES, schemas: { Error: ERROR_SCHEMA, TenorError: TENOR_ERROR_SCHEMA } },
  };
}

const answersJson = (doc: RouteDoc) => doc.status !== 204 && (doc.responseType ?? 'application/json') === 'application/json';

function operation(method: string, path: string, doc: RouteDoc): Json {
  const who = accessText(doc.access);
  return {
    operationId: operationId(method, path),
    tags: [doc.tag],
    summary: doc.summary,
    description: [doc.description, who].filter(Boolean).join('\n\n'),
    parameters: [...pathParameters(path, doc.params), ...queryParameters(doc.query)],
    ...(doc.body
      ? { requestBody: { required: true, content: { [doc.bodyType ?? 'application/json']: { schema: jsonSchema(doc.body) } } } }
      : {}),
    responses: responses(path, doc),
    security: security(doc.access),
    ...(typeof doc.access === 'object' && 'permission' in doc.access ? { 'x-permission': doc.access.permission } : {}),
    ...(doc.alsoAsks ? { 'x-also-permissions': doc.alsoAsks } : {}),
  };
}

function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * A schema as JSON Schema 2020-12, as the JSON carries it: what a client sends (before any transform),
 * or what the server answers (a `Timestamp` as its string, not the `Date` a handler builds).
 */
function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
}

function objectProperties(schema: z.ZodType, what: string): { properties: Record<string, Json>; required: string[] } {
  const json = jsonSchema(schema);
  if (json.type !== 'object' || typeof json.properties !== 'object') throw new Error(`${what} must be an object schema`);
  return { properties: json.properties as Record<string, Json>, required: (json.required as string[] | undefined) ?? [] };
}

function pathParameters(path: string, schema?: z.ZodType): Json[] {
  const described = schema ? objectProperties(schema, 'params').properties : {};
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: described[name!] ?? { type: 'string' },
  }));
}

function queryParameters(schema?: z.ZodType): Json[] {
  if (!schema) return [];
  const { properties, required } = objectProperties(schema, 'query');
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: required.includes(name), ...(description ? { description } : {}), schema: rest };
  });
}

function responses(path: string, doc: RouteDoc): Json {
  const status = doc.status ?? 200;
  const success: Json = { description: 'Success' };
  if (doc.responseType === 'media')
    success.content = Object.fromEntries(MEDIA_ANSWER_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  else if (status !== 204 && doc.responseType !== 'none')
    success.content = {
      [doc.responseType ?? 'application/json']: {
        schema: doc.response ? jsonSchema(doc.response) : {},
        ...(doc.example === undefined ? {} : { example: doc.example }),
      },
    };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${tenor(doc) ? 'TenorError' : 'Error'}` } } },
  });
  const answers: Json = { [status]: success };
  if (doc.query || doc.body || path.includes('{')) answers[400] = error('A parameter or the body is invalid; the message names it.');
  for (const [code, description] of refusals(doc.access)) answers[code] = error(description);
  if (path.includes('{')) answers[404] = error('Not found.');
  if (answers[429])
    answers[429] = {
      ...answers[429],
      headers: { 'Retry-After': { description: 'Seconds until a call is allowed again.', schema: { type: 'integer' } } },
    };
  return answers;
}

const tenor = (doc: RouteDoc) => typeof doc.access === 'object' && 'apiKey' in doc.access && doc.access.apiKey === 'tenor';
const grantsOf = (action: Action): Grants => PERMISSIONS[action];
const opensToAnonymous = (access: RouteAccess) =>
  typeof access === 'object' &&
  'permission' in access &&
  (access.when !== undefined || grantsOf(access.permission).anonymous !== undefined);

/** The refusals a caller can meet: a key's, or the permission table's (401 when not signed in, 403 when the role or owner is wrong). */
function refusals(access: RouteAccess): [number, string][] {
  if (access === 'anyone') return [];
  if ('apiKey' in access)
    return [
      [401, 'No API key.'],
      [403, 'The key is unknown or revoked.'],
      [429, "The key's hourly limit is spent."],
    ];
  const grants = grantsOf(access.permission);
  const found: [number, string][] = [];
  if (!grants.anonymous) found.push([401, access.when ? `Not signed in (${access.when}).` : 'Not signed in.']);
  if (AUDIENCES.some((audience) => grants[audience] !== 'any'))
    found.push([403, 'Your role may not do this, or not to what another person owns.']);
  return found;
}

function security(access: RouteAccess): Json[] {
  if (access === 'anyone') return [];
  if ('apiKey' in access) return [{ [access.apiKey === 'tenor' ? SECURITY.tenorKey : SECURITY.apiKey]: [] }];
  const signedIn = [{ [SECURITY.session]: [] }, { [SECURITY.token]: [] }];
  return opensToAnonymous(access) ? [{}, ...signedIn] : signedIn;
}

function accessText(access: RouteAccess): string {
  if (access === 'anyone') return 'Who may call it: anyone.';
  if ('apiKey' in access)
    return `Who may call it: any app with a key (\`${access.apiKey === 'tenor' ? 'key' : 'api_key'}\`), within its hourly limit.`;
  const grants = Object.entries(grantsOf(access.permission)).map(([audience, reach]) =>
    reach === 'own' ? `${audience} (their own)` : audience,
  );
  return access.when
    ? `Who may call it: anyone; ${access.when}, \`${access.permission}\`: ${grants.join(', ')}.`
    : `Who may call it (\`${access.permission}\`): ${grants.join(', ')}.`;
}

const SECURITY_SCHEMES = {
  [SECURITY.apiKey]: { type: 'apiKey', in: 'query', name: 'api_key', description: "An app's API key, from /dashboard/developers." },
  [SECURITY.tenorKey]: { type: 'apiKey', in: 'query', name: 'key', description: "The same API key, under the name Tenor's API uses." },
  [SECURITY.session]: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `The site's session cookie (POST /api/v1/session/). A call that changes something must also send the ${CSRF_HEADER} header with the csrftoken cookie's value.`,
  },
  [SECURITY.token]: {
    type: 'http',
    scheme: 'bearer',
    description: `A personal access token (\`${TOKEN_PREFIX}…\`, POST /api/v1/tokens/) as \`Authorization: Bearer\`.`,
  },
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['meta'],
  properties: {
    meta: {
      type: 'object',
      required: ['status', 'msg', 'response_id'],
      properties: { status: { type: 'integer' }, msg: { type: 'string' }, response_id: { type: 'string' } },
    },
    field: { type: 'string', description: 'The input field the error is about, when there is one.' },
  },
};

const TENOR_ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'status'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, status: { type: 'string' } },
    },
  },
};
