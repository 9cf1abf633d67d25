import './gif-page.css';
import { gifHead, gifKind, gifPath, searchPath } from '@loopbox/pages';
import { virtualPagePath, type IGif } from '@loopbox/sdk';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import ErrorPage from '../errors/ErrorPage.tsx';
import { Attribution } from '../display/Attribution.tsx';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { GifMedia } from './GifMedia.tsx';
import { MadeFrom } from './MadeFrom.tsx';
import { refusalOf, type ShownGif } from './page-gif.ts';
import { ReportButton } from './ReportButton.tsx';
import { ShareLinks } from './ShareLinks.tsx';
import { StateBanner } from './StateBanner.tsx';

/**
 * The GIF page (`/gifs/{slug-id}`). A GIF the server put in the page for this viewer shows at once;
 * a GIF the API refuses is the 404, 410 (hidden by the moderators) or 451 (taken down) page.
 */
export default function GifPage({ gifId }: { gifId: string }) {
  const { pageGifs } = useSite();
  const [served] = useState(() => pageGifs.served(gifId));
  return served ? <GifDetails shown={served} /> : <FetchedGif gifId={gifId} />;
}

function FetchedGif({ gifId }: { gifId: string }) {
  const { client, pageGifs } = useSite();
  const [attempt, retry] = useRetry();
  const found = useResource(`gif:${gifId}:${attempt}`, () => pageGifs.load(client, gifId));
  if (found.status === 'loading') return <PageLoading label="Loading the GIF" />;
  if (found.status === 'error') {
    const refusal = refusalOf(found.error);
    if (refusal) return <ErrorPage status={refusal} />;
    return <PageFailed onRetry={retry}>This GIF could not be loaded.</PageFailed>;
  }
  return <GifDetails shown={found.data} />;
}

function useRetry(): [number, () => void] {
  const [attempt, setAttempt] = useState(0);
  return [attempt, () => setAttempt(attempt + 1)];
}

function GifDetails({ shown: { gif, restricted } }: { shown: ShownGif }) {
  // Opened at GIPHY's /stickers/{slug}, it is counted under the stickers page type (SPEC 2.3).
  const pagePath = location.pathname.startsWith('/stickers/') ? gifPath(gif).replace(/^\/gifs\//, '/stickers/') : gifPath(gif);
  usePage(gifHead(gif), { pagePath, gifId: gif.id });
  const kind = gifKind(gif);
  return (
    <article className="lb-gif-page">
      {restricted && <StateBanner state={restricted.state} notice={restricted.notice} />}
      <div className="lb-gif-page__media">
        <GifMedia gif={gif} />
      </div>
      <div className="lb-gif-page__about">
        <Attribution user={gif.user} />
        <h1 className="lb-gif-page__title">{gif.title || gif.alt_text}</h1>
        <MadeFrom gif={gif} />
        {gif.tags.length > 0 && (
          <ul className="lb-tags" aria-label="Tags">
            {gif.tags.map((tag) => (
              <li key={tag}>
                <Link href={searchPath(tag)} className="lb-tag">
                  #{tag}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <dl className="lb-gif-page__facts">
          <dt>Rating</dt>
          <dd>{(gif.rating ?? 'g').toUpperCase()}</dd>
          {gif.source && (
            <>
              <dt>Source</dt>
              <dd>
                <a href={gif.source} rel="nofollow noopener noreferrer" target="_blank">
                  {gif.source_tld || gif.source}
                </a>
              </dd>
            </>
          )}
          <dt>Type</dt>
          <dd>{kind}</dd>
        </dl>
        {/* Others cannot open a restricted GIF: nothing to favorite, share, report or relate yet. */}
        {!restricted && (
          <>
            <FavoriteButton gif={gif} />
            <ShareLinks gif={gif} />
            <ReportButton gifId={gif.id} kind={kind} />
          </>
        )}
      </div>
      {!restricted && <RelatedGifs gif={gif} pagePath={pagePath} />}
    </article>
  );
}

function RelatedGifs({ gif, pagePath }: { gif: IGif; pagePath: string }) {
  const { client, sendPageView } = useSite();
  // A clip's related items are clips (videos/related); a GIF's and a sticker's, GIFs.
  const clip = gif.type === 'video';
  const related = useCallback(
    (offset: number) => client.related(gif.id, { offset, limit: SITE_PAGE_SIZE, ...(clip ? { type: 'videos' as const } : {}) }),
    [client, gif.id, clip],
  );
  return (
    <section className="lb-gif-page__related" aria-labelledby="related-title">
      <h2 id="related-title" className="lb-section__title">
        Related {gif.is_sticker ? 'stickers' : gif.type === 'video' ? 'clips' : 'GIFs'}
      </h2>
      <GifFeed
        fetchGifs={related}
        // Pages past the first are virtual page views of their own (SPEC 2.3); the first is part of this visit.
        onPageSeen={(page) =>
          page > 1 && sendPageView({ pagePath, virtualPagePath: virtualPagePath({ kind: 'related', gifId: gif.id, page }), gifId: gif.id })
        }
        noResults={<p className="lb-no-results">Nothing related yet.</p>}
      />
    </section>
  );
}
