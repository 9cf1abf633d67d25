import { SERVICES, type Service } from './routes.ts';

/** Anything that answers a request: an origin reached by URL, a Workers service binding, or an app in the same process. */
export interface Upstream {
  /** `signal` aborts when the edge gives up waiting; an upstream may ignore it (the edge stops waiting anyway). */
  fetch(request: Request, signal?: AbortSignal): Promise<Response>;
}
export type Upstreams = Record<Service, Upstream>;

/** What a service binding or an in-process app offers (a Workers `Fetcher`, a Hono app, …). */
export interface FetchTarget {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * An origin over the network: the request's path and query are appended to the base URL's path.
 * It is asked for an unencoded body, and a body the runtime's fetch decoded loses its encoding headers.
 */
export function urlUpstream(base: string): Upstream {
  const origin = new URL(base);
  const prefix = origin.pathname.replace(/\/$/, '');
  return {
    async fetch(request, signal) {
      const { pathname, search } = new URL(request.url);
      const outgoing = new Request(new URL(`${prefix}${pathname}${search}`, origin), request);
      outgoing.headers.delete('Accept-Encoding');
      const answer = await fetch(outgoing, { signal: signal ?? null });
      if (!answer.headers.has('Content-Encoding')) return answer;
      const headers = new Headers(answer.headers);
      headers.delete('Content-Encoding');
      headers.delete('Content-Length');
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    },
  };
}

/** A service binding or an app in this process: the request is handed over as is, with no network hop. */
export function bindingUpstream(target: FetchTarget): Upstream {
  return { fetch: async (request) => target.fetch(request) };
}

/** Per service: `NAME` is a service binding, `NAME_URL` the URL of its origin (see edge/README.md). */
export const UPSTREAM_NAMES: Record<Service, string> = {
  publicApi: 'PUBLIC_API',
  collector: 'COLLECTOR',
  backend: 'BACKEND',
  stories: 'STORIES',
  scheduler: 'SCHEDULER',
  imaging: 'IMAGING',
  media: 'MEDIA',
  assets: 'ASSETS',
};
/** The origin of every service that has neither a binding nor a URL of its own. */
export const SHARED_UPSTREAM_VAR = 'UPSTREAM_URL';

function isFetchTarget(value: unknown): value is FetchTarget {
  return typeof value === 'object' && value !== null && typeof (value as FetchTarget).fetch === 'function';
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Each service's upstream from Workers bindings and vars, or from the process environment:
 * its own binding, else its own URL, else UPSTREAM_URL, else the fallback (the in-process server on Node).
 */
export function upstreamsFrom(env: Readonly<Record<string, unknown>>, fallback?: Upstream): Upstreams {
  const sharedUrl = nonEmptyString(env[SHARED_UPSTREAM_VAR]);
  const shared = sharedUrl ? urlUpstream(sharedUrl) : fallback;
  const pick = (service: Service): Upstream => {
    const name = UPSTREAM_NAMES[service];
    const binding = env[name];
    const url = nonEmptyString(env[`${name}_URL`]);
    if (isFetchTarget(binding)) return bindingUpstream(binding);
    if (url) return urlUpstream(url);
    if (shared) return shared;
    throw new Error(`No upstream for ${service}: bind ${name}, or set ${name}_URL or ${SHARED_UPSTREAM_VAR}`);
  };
  return Object.fromEntries(SERVICES.map((service) => [service, pick(service)])) as Upstreams;
}
