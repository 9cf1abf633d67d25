import { API_DOCS_PAGE, PROVIDER_NAME } from '@loopbox/pages';
import { Link } from 'wouter';

/** The site footer: browse and contribute links, then the pages about the site and for developers (some full page loads). */
export function Footer() {
  return (
    <footer className="lb-site-footer">
      <nav aria-label="Footer">
        <ul>
          <li>
            <Link href="/trending-gifs">Trending GIFs</Link>
          </li>
          <li>
            <Link href="/stickers">Stickers</Link>
          </li>
          <li>
            <Link href="/categories">Categories</Link>
          </li>
          <li>
            <Link href="/clips">Clips</Link>
          </li>
          <li>
            <Link href="/stories">Stories</Link>
          </li>
          <li>
            <Link href="/artists">Artists</Link>
          </li>
          <li>
            <Link href="/studios">Studios</Link>
          </li>
          <li>
            <Link href="/create">GIF Maker</Link>
          </li>
          <li>
            <Link href="/apply">Apply for a verified channel</Link>
          </li>
        </ul>
        <ul>
          <li>
            <Link href="/about">About</Link>
          </li>
          <li>
            <Link href="/apps">Apps and API</Link>
          </li>
          <li>
            <Link href="/transparency">Transparency</Link>
          </li>
          <li>
            <a href="/widgets">Widgets for developers</a>
          </li>
          <li>
            <Link href={API_DOCS_PAGE}>API reference</Link>
          </li>
          <li>
            <a href="/dashboard/analytics">Analytics</a>
          </li>
        </ul>
      </nav>
      <p>{PROVIDER_NAME}: every GIF here is made and served by this server.</p>
    </footer>
  );
}
