import { API_DOCS_PAGE, PROVIDER_NAME } from '@loopbox/pages';
import { Link } from 'wouter';

/** The site footer: browse and contribute links, then the pages about the site and for developers (some full page loads). */
export function Footer() {
  return (
    <footer className="lb-site-footer">
      <nav aria-label="Footer">
        <ul>
          <li><Link href="/trending-gifs">Trending GIFs</Link></li>
          <li><Link href="/stickers">Stickers</Link></li>
          <li><Link href="/categories">Categories</Link></li>
          <li><a href="/widgets">Widgets for developers</a></li>
          <li><Link href={API_DOCS_PAGE}>API reference</Link></li>
          <li><a href="/dashboard/analytics">Analytics</a></li>
        </ul>
      </nav>
      <p>{PROVIDER_NAME}: every GIF here is made and served by this server.</p>
    </footer>
  );
}
