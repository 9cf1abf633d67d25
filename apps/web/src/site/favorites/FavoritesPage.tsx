import { accountHead } from '@loopbox/pages';
import { useCallback } from 'react';
import { Link } from 'wouter';
import { useSignedIn } from '../shell/account.tsx';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { fetchFavorites } from './favorites-api.ts';

/** `/favorites`: the GIFs and stickers the signed-in visitor favorited, newest first, in the site's grid. */
export default function FavoritesPage() {
  usePage(accountHead('favorites'), { pagePath: '/favorites' });
  const signedIn = useSignedIn();
  const favorites = useCallback((offset: number) => fetchFavorites(offset, SITE_PAGE_SIZE), []);
  if (!signedIn) return <PageLoading label="Loading your favorites" />;
  return (
    <div>
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">Your favorites</h1>
      </header>
      <GifFeed
        fetchGifs={favorites}
        noResults={
          <p className="lb-no-results">
            No favorites yet. Open a GIF and press <strong>Favorite</strong> to keep it here.{' '}
            <Link href="/trending-gifs">See trending GIFs</Link>
          </p>
        }
      />
    </div>
  );
}
