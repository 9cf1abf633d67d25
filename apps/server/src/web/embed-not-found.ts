import { PROVIDER_NAME } from '@loopbox/pages';

/**
 * The embed's page for a GIF it cannot show (404: none by that id; 410: removed or hidden by a
 * moderator, a neutral "no longer available" card): a few hundred bytes of HTML, no script, so a
 * host page's broken iframe costs its visitors nothing. Dark like the embed.
 */
export function embedNotFoundHtml(gone = false): string {
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
      <h1 style="font-size:1.1em">This GIF is ${gone ? 'no longer' : 'not'} available</h1>
      <p><a href="/" target="_blank" rel="noopener">Find more on ${PROVIDER_NAME}</a></p>
    </main>
  </body>
</html>
`;
}
