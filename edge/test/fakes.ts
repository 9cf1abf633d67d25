import { Hono } from 'hono';
import { SERVICES, type Service } from '../src/routes.ts';
import { bindingUpstream, type Upstreams } from '../src/upstreams.ts';
import type { Echo } from './echo-server.ts';

/** A fake service's answer: what it saw, plus GIPHY-style `data` with a GIF per id in `?ids=a,b`. */
export interface FakeAnswer extends Echo {
  service: Service;
  data: { id: string }[];
}

export interface FakeServices {
  upstreams: Upstreams;
  /** What each service received, in order. */
  seen: Record<Service, FakeAnswer[]>;
}

/**
 * One small Hono app per service standing in for it behind the edge. Query parameters steer the answer:
 * `status`, `cache_control`, `set_cookie`, `purge` (the purge header) and `header=Name:value` (repeatable).
 */
export function fakeServices(): FakeServices {
  const seen = Object.fromEntries(SERVICES.map((service) => [service, [] as FakeAnswer[]])) as Record<Service, FakeAnswer[]>;
  const fake = (service: Service) => {
    const app = new Hono();
    app.all('*', async (c) => {
      const url = new URL(c.req.url);
      const query = Object.fromEntries(url.searchParams);
      const answer: FakeAnswer = {
        service,
        method: c.req.method,
        path: url.pathname,
        query,
        headers: Object.fromEntries(c.req.raw.headers),
        body: await c.req.text(),
        data: (query.ids ?? '')
          .split(',')
          .filter(Boolean)
          .map((id) => ({ id })),
      };
      seen[service].push(answer);
      if (query.delay_ms) await new Promise((resolve) => setTimeout(resolve, Number(query.delay_ms)));
      const headers = new Headers({ 'Content-Type': 'application/json' });
      if (query.cache_control) headers.set('Cache-Control', query.cache_control);
      if (query.set_cookie) headers.set('Set-Cookie', query.set_cookie);
      if (query.purge) headers.set('Loopbox-Purge', query.purge);
      for (const header of url.searchParams.getAll('header')) {
        const [name = '', value = ''] = header.split(':');
        headers.append(name, value);
      }
      return new Response(JSON.stringify(answer), { status: Number(query.status ?? 200), headers });
    });
    return bindingUpstream(app);
  };
  const upstreams = Object.fromEntries(SERVICES.map((service) => [service, fake(service)])) as Upstreams;
  return { upstreams, seen };
}
