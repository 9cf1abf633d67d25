import { listingHead } from '@loopbox/pages';
import { useCallback } from 'react';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';

/** `/clips` (SPEC 2.3's `clips` segment): GIFs with sound, trending ones first and then the latest (`videos/trending`). */
export default function ClipsPage() {
  const { client } = useSite();
  usePage(listingHead('clips'), { pagePath: '/clips' });
  const fetchClips = useCallback((offset: number) => client.trending({ type: 'videos', offset, limit: SITE_PAGE_SIZE }), [client]);
  return (
    <div>
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">Clips</h1>
        <p className="lb-page-header__count">GIFs with sound: trending first, then the latest.</p>
      </header>
      <GifFeed fetchGifs={fetchClips} noResults={<p className="lb-no-results">No clips yet.</p>} />
    </div>
  );
}
