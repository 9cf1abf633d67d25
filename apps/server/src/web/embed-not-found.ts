import { PROVIDER_NAME } from '@loopbox/pages';
import type { Refusal } from '../content-policy/refusal.ts';

const SAYS: Record<Refusal, string> = {
  404: 'This GIF is not available',
  410: 'This GIF is no longer available',
  451: 'This GIF is unavailable for legal reasons',
};

/**
 * The embed's page for a GIF it cannot show, as the content policy refuses it (404: unknown or not
 * for anyone's eyes; 410: hidden by the moderators; 451: taken down): a few hundred bytes of HTML,
 * no script, so a host page's broken iframe costs its visitors nothing. Dark like the embed.
 */
export function embedNotFoundHtml(status: Refusal = 404): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>GIF not found - ${PROVIDER_NAME}</title>
    <style>html,body{height:100%;margin:0}body{display:grid;place-items:center;background:#121212;color:#fff;font:16px/1.4 system-ui,sans-serif;text-align:center}a{color:#00ccff}</style>
  </head>
  <body>
    <main>
      <h1 style="font-size:1.1em">${SAYS[status]}</h1>
      <p><a href="/" target="_blank" rel="noopener">Find more on ${PROVIDER_NAME}</a></p>
    </main>
  </body>
</html>
`;
}
