import { API_DOCS_PAGE, DEVELOPERS_PAGE, embedCode, PROVIDER_NAME, sitePageHead } from '@loopbox/pages';
import { Link } from 'wouter';
import { usePage } from '../data/use-page.ts';
import './about.css';

/** The embed code as the GIF pages copy it, for an example GIF id. */
function exampleEmbed(origin: string): string {
  return embedCode({ embedUrl: `${origin}/embed/{id}`, pageUrl: `${origin}/gifs/{id}`, width: 480, height: 270 });
}

/** `/apps`: for developers and users, what talks to this server: its GIF API, GIPHY's SDKs, the Tenor-compatible API, the embed and the widgets. */
export default function AppsPage() {
  usePage(sitePageHead('apps'), { pagePath: '/apps' });
  const origin = location.origin;
  return (
    <article className="lb-info">
      <h1>Apps and the API</h1>
      <p className="lb-info__lead">
        Everything on this site is also reachable from your own app, page or chat client: search, trending, stickers, uploads and the
        player.
      </p>

      <section aria-labelledby="apps-api">
        <h2 id="apps-api">The GIF API (GIPHY-compatible)</h2>
        <p>
          The public API under <code>{origin}/v1/</code> answers GIPHY's calls with GIPHY's shapes: search, trending, GIFs by id, stickers,
          emoji, categories, random, translate, uploads. Every call takes an <code>api_key</code>: make an app and get your keys on the{' '}
          <Link href={DEVELOPERS_PAGE}>developers page</Link>, and try every call live in the{' '}
          <Link href={API_DOCS_PAGE}>API reference</Link>.
        </p>
        <pre>
          <code>{`curl "${origin}/v1/gifs/search?q=cat&limit=5&api_key=YOUR_KEY"`}</code>
        </pre>
      </section>

      <section aria-labelledby="apps-sdks">
        <h2 id="apps-sdks">GIPHY's SDKs, unchanged</h2>
        <p>
          An app built on GIPHY's JavaScript packages (<code>@giphy/js-fetch-api</code>, <code>@giphy/react-components</code>,{' '}
          <code>@giphy/js-components</code>, <code>@giphy/js-analytics</code>) works against {PROVIDER_NAME} by pointing its base URL at{' '}
          <code>{origin}/v1/</code> and using a key from here. Its grids, search bars and pingbacks work as they do against GIPHY.
        </p>
      </section>

      <section aria-labelledby="apps-tenor">
        <h2 id="apps-tenor">The Tenor-compatible API</h2>
        <p>
          An app written for Tenor's v2 API works by changing its base URL from <code>https://tenor.googleapis.com/v2</code> to{' '}
          <code>{origin}/tenor/v2</code>: the same calls, parameters and answers (search, featured, categories, autocomplete, search
          suggestions, trending terms, registershare, posts).
        </p>
        <pre>
          <code>{`curl "${origin}/tenor/v2/search?q=cat&key=YOUR_KEY&client_key=my_app&limit=8"`}</code>
        </pre>
      </section>

      <section aria-labelledby="apps-embed">
        <h2 id="apps-embed">Embed a GIF</h2>
        <p>
          Every GIF's page has its embed code to copy (the player at <code>/embed/{'{id}'}</code> in an iframe, with a link back). Sites
          that read oEmbed (<code>{origin}/oembed?url=…</code>) embed a GIF from its link alone. The code looks like this:
        </p>
        <pre>
          <code>{exampleEmbed(origin)}</code>
        </pre>
      </section>

      <section aria-labelledby="apps-widgets">
        <h2 id="apps-widgets">Widgets</h2>
        <p>
          A grid, a carousel, a single GIF and a video player to drop into any page: with a build step from the{' '}
          <code>@loopbox/widgets</code> package, without one from the standalone bundles this server ships at <code>/lib/widgets/</code>.
          The <a href="/widgets">widgets demo page</a> shows each of them running on this server.
        </p>
      </section>

      <p>
        Questions about using the API on this instance: see the <Link href="/about">about page</Link>.
      </p>
    </article>
  );
}
