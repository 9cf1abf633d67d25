import { listingHead } from '@loopbox/pages';
import { useCallback } from 'react';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';

/** `/trending-gifs` and `/stickers`: what is trending, without end. */
export default function TrendingPage({ type }: { type: 'gifs' | 'stickers' }) {
  const { client } = useSite();
  const page = type === 'gifs' ? 'trending-gifs' : 'stickers';
  usePage(listingHead(page), { pagePath: `/${page}` });
  const fetchGifs = useCallback((offset: number) => client.trending({ type, offset, limit: SITE_PAGE_SIZE }), [client, type]);
  return (
    <div>
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">{type === 'gifs' ? 'Trending GIFs' : 'Trending Stickers'}</h1>
        <p className="lb-page-header__count">
          {type === 'gifs' ? 'What everyone is sharing right now.' : 'Transparent, animated, ready for any chat.'}
        </p>
      </header>
      <GifFeed fetchGifs={fetchGifs} />
    </div>
  );
}
