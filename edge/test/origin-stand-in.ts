import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the origin's two doors the Worker's R2 and Queue parts talk to, on 127.0.0.1 (the
 * workerd run cannot start the whole server).
 *
 * The media door answers as apps/server/src/media/serve.ts does, by the GIF id (the path's first
 * segment): `public-…` to anyone, public and immutable; `own-…` private and never kept when the
 * request carries a session cookie, else 404; `gone-…` 410; `legal-…` 451; anything else 404.
 * It counts the requests it answers per path (GET /_media_asks?path=…).
 *
 * The collector stores each event once by its event_id, as the origin's `ON CONFLICT (event_id) DO
 * NOTHING` does, and answers with accepted and duplicates. A key `down-N` is answered 503 with
 * Retry-After for its first N posts. GET /_collected?api_key=… tells what that key's posts brought.
 */
export interface OriginStandIn {
  url: string;
  close(): Promise<void>;
}

export interface Collected {
  posts: number;
  /** Each post's event ids, in order, including the refused ones. */
  deliveries: string[][];
  /** The stored events' ids, each once. */
  stored: string[];
}

function refusal(res: ServerResponse, status: number, msg: string, headers: Record<string, string> = {}): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers })
    .end(JSON.stringify({ meta: { status, msg, response_id: 'stand-in' } }));
}

function mediaDoor(req: IncomingMessage, res: ServerResponse, path: string): void {
  const gif = path.split('/')[2] ?? '';
  const type = path.endsWith('.mp4') ? 'video/mp4' : 'image/gif';
  const file = (cacheControl: string) => {
    res
      .writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControl, ETag: '"origin-etag"' })
      .end(req.method === 'HEAD' ? undefined : 'origin bytes');
  };
  if (gif.startsWith('public-')) file('public, max-age=31536000, immutable');
  else if (gif.startsWith('own-') && (req.headers.cookie ?? '').includes('sessionid=')) file('private, no-store');
  else if (gif.startsWith('gone-')) refusal(res, 410, 'This GIF was removed');
  else if (gif.startsWith('legal-')) refusal(res, 451, 'This GIF is unavailable for legal reasons');
  else refusal(res, 404, 'Media not found');
}

export async function startOriginStandIn(): Promise<OriginStandIn> {
  const mediaAsks = new Map<string, number>();
  const collected = new Map<string, Collected>();
  const stored = new Set<string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://origin');
      if (url.pathname.startsWith('/media/')) {
        mediaAsks.set(url.pathname, (mediaAsks.get(url.pathname) ?? 0) + 1);
        return mediaDoor(req, res, url.pathname);
      }
      if (url.pathname === '/_media_asks') return res.end(JSON.stringify(mediaAsks.get(url.searchParams.get('path') ?? '') ?? 0));
      const key = url.searchParams.get('api_key') ?? '';
      const mine = collected.get(key) ?? { posts: 0, deliveries: [], stored: [] };
      collected.set(key, mine);
      if (url.pathname === '/_collected') return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mine));
      if (req.method !== 'POST' || !/^\/v2\/(pingback|analytics)$/.test(url.pathname)) return refusal(res, 404, 'Not found');
      mine.posts += 1;
      const failFirst = Number(/^down-(\d+)$/.exec(key)?.[1] ?? 0);
      if (mine.posts <= failFirst) return refusal(res, 503, 'The collector is restarting', { 'Retry-After': '2' });
      const { events } = JSON.parse(Buffer.concat(chunks).toString()) as { events: { event_id: string }[] };
      mine.deliveries.push(events.map((event) => event.event_id));
      let accepted = 0;
      for (const { event_id } of events) {
        if (stored.has(`${key}/${event_id}`)) continue;
        stored.add(`${key}/${event_id}`);
        mine.stored.push(event_id);
        accepted += 1;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          data: { accepted, duplicates: events.length - accepted, rejected: [] },
          meta: { status: 200, msg: 'OK', response_id: 'stand-in' },
        }),
      );
    });
  });
  const url = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
