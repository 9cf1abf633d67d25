import { searchPath, sitePageHead } from '@loopbox/pages';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useSite } from '../shell/site-context.tsx';
import { TermPills } from '../feeds/TermPills.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';

const TRENDING_SEARCHES_SHOWN = 20;

/** The header's search box: the one box the site has, so the bare /search page puts the cursor there. */
const headerSearchInput = () => document.querySelector<HTMLInputElement>('.lb-site-header .lb-search__input');

/** The bare `/search`: the search box focused, and what people are searching for now. */
export default function SearchHomePage() {
  const { client } = useSite();
  usePage(sitePageHead('search-home'), { pagePath: '/search' });
  const searches = useResource('trending-searches', () => client.trendingSearches());
  useEffect(() => {
    headerSearchInput()?.focus();
  }, []);
  return (
    <div>
      <h1 className="lb-page-header__title">Search GIFs and stickers</h1>
      <p>
        Type in the search box above: words, a tag, <code>@channel</code> or <code>@user</code> followed by words to search inside a channel
        or someone's uploads.
      </p>
      <section aria-labelledby="search-trending" className="lb-section lb-section--pills">
        <h2 id="search-trending" className="lb-section__title">
          Trending searches
        </h2>
        {searches.status === 'ok' && (
          <TermPills terms={searches.data.data.slice(0, TRENDING_SEARCHES_SHOWN)} hrefOf={(t) => searchPath(t)} label="Trending searches" />
        )}
        {searches.status === 'error' && <p role="alert">Could not load the trending searches.</p>}
      </section>
      <p>
        Or browse the <Link href="/trending-gifs">trending GIFs</Link>, <Link href="/stickers">stickers</Link> and{' '}
        <Link href="/categories">categories</Link>.
      </p>
    </div>
  );
}
