/**
 * A stand-in for the video hosts' oEmbed endpoints on 127.0.0.1 (external video, SPEC 8), answering
 * as YouTube's and Vimeo's do: JSON for a video that may be embedded, 404, 403 or 500 otherwise.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Video ids the stand-in knows: each answers its status. */
export const YOUTUBE = { ok: 'dQw4w9WgXcQ', missing: 'AAAAAAAAAAA', private: 'BBBBBBBBBBB', broken: 'CCCCCCCCCCC' };
export const VIMEO = { ok: '76979871', missing: '1111' };
const STATUS: Record<string, number> = {
  [`https://www.youtube.com/watch?v=${YOUTUBE.ok}`]: 200,
  [`https://www.youtube.com/watch?v=${YOUTUBE.missing}`]: 404,
  [`https://www.youtube.com/watch?v=${YOUTUBE.private}`]: 403,
  [`https://www.youtube.com/watch?v=${YOUTUBE.broken}`]: 500,
  [`https://vimeo.com/${VIMEO.ok}`]: 200,
  [`https://vimeo.com/${VIMEO.missing}`]: 404,
};

/** The hosts' oEmbed endpoints as they answer: JSON for a video that may be embedded, a bare status otherwise. */
export function startVideoOembedStandIn(asked: string[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const video = url.searchParams.get('url') ?? '';
    asked.push(`${url.pathname} ${video}`);
    const status = STATUS[video] ?? 404;
    if (status === 200)
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'video', version: '1.0', title: 'A video', html: '<iframe></iframe>' }));
    else res.writeHead(status, { 'content-type': 'text/html' }).end(status === 403 ? 'Forbidden' : 'Not Found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The settings pointing the server at the stand-in (YOUTUBE_OEMBED_URL, VIMEO_OEMBED_URL). */
export function oembedSettings(standIn: http.Server): Record<string, string> {
  const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  return { YOUTUBE_OEMBED_URL: `${base}/youtube/oembed`, VIMEO_OEMBED_URL: `${base}/vimeo/api/oembed.json` };
}
