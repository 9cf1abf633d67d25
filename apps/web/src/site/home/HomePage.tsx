import { categoryPath, HOME_SEARCHES_SHOWN, homeHead, searchPath } from '@loopbox/pages';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { CategoryCards } from '../feeds/CategoryCards.tsx';
import { GifCarousel } from '../feeds/GifCarousel.tsx';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { TermPills } from '../feeds/TermPills.tsx';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';
import { trendingGifs, trendingStickers } from './home-data.ts';
import { useResource } from '../data/use-resource.ts';

/** Home (`/`): trending searches, trending stickers, categories, then trending GIFs without end. */
export default function HomePage() {
  const { client } = useSite();
  usePage(homeHead(), { pagePath: '/' });
  const searches = useResource('trending-searches', () => client.trendingSearches());
  const categories = useResource('categories', () => client.categories());
  const stickers = useMemo(() => trendingStickers(client), [client]);
  const gifs = useMemo(() => trendingGifs(client), [client]);
  return (
    <div className="lb-home">
      <h1 className="lb-visually-hidden">Loopbox: trending GIFs and stickers</h1>
      <section aria-labelledby="home-searches" className="lb-section lb-section--pills">
        <h2 id="home-searches" className="lb-section__title">
          Trending searches
        </h2>
        {searches.status === 'ok' && (
          <TermPills terms={searches.data.data.slice(0, HOME_SEARCHES_SHOWN)} hrefOf={(t) => searchPath(t)} label="Trending searches" />
        )}
      </section>
      <section aria-labelledby="home-stickers" className="lb-section">
        <h2 id="home-stickers" className="lb-section__title">
          <Link href="/stickers">Trending stickers</Link>
        </h2>
        <GifCarousel fetchGifs={stickers} label="Trending stickers" />
      </section>
      <section aria-labelledby="home-categories" className="lb-section">
        <h2 id="home-categories" className="lb-section__title">
          <Link href="/categories">Categories</Link>
        </h2>
        {categories.status === 'ok' && <CategoryCards categories={categories.data.data} hrefOf={(c) => categoryPath(c.name_encoded)} />}
      </section>
      <section aria-labelledby="home-gifs" className="lb-section">
        <h2 id="home-gifs" className="lb-section__title">
          <Link href="/trending-gifs">Trending GIFs</Link>
        </h2>
        <GifFeed fetchGifs={gifs} />
      </section>
    </div>
  );
}
