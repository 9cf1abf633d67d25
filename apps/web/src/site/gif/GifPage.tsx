import './gif-page.css';
import { gifHead, gifPath, searchPath } from '@loopbox/pages';
import { virtualPagePath, type IGif } from '@loopbox/sdk';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import ErrorPage from '../errors/ErrorPage.tsx';
import { Attribution } from '../shell/Attribution.tsx';
import { GifFeed } from '../shell/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../shell/layout.ts';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../shell/use-page.ts';
import { useResource } from '../shell/use-resource.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { GifMedia } from './GifMedia.tsx';
import { ReportButton } from './ReportButton.tsx';
import { ShareLinks } from './ShareLinks.tsx';

const isNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

/** The GIF page (`/gifs/{slug-id}`); an unknown or removed GIF is the 404 page. */
export default function GifPage({ gifId }: { gifId: string }) {
  const { client } = useSite();
  const [attempt, retry] = useRetry();
  const found = useResource(`gif:${gifId}:${attempt}`, () => client.gif(gifId));
  if (found.status === 'loading') return <PageLoading label="Loading the GIF" />;
  if (found.status === 'error') {
    if (isNotFound(found.error)) return <ErrorPage status={404} />;
    return <PageFailed onRetry={retry}>This GIF could not be loaded.</PageFailed>;
  }
  return <GifDetails gif={found.data.data} />;
}

function useRetry(): [number, () => void] {
  const [attempt, setAttempt] = useState(0);
  return [attempt, () => setAttempt(attempt + 1)];
}

function GifDetails({ gif }: { gif: IGif }) {
  const { client, sendPageView } = useSite();
  const pagePath = gifPath(gif);
  usePage(gifHead(gif), { pagePath, gifId: gif.id });
  const related = useCallback((offset: number) => client.related(gif.id, { offset, limit: SITE_PAGE_SIZE }), [client, gif.id]);
  const kind = gif.is_sticker ? 'Sticker' : 'GIF';
  return (
    <article className="lb-gif-page">
      <div className="lb-gif-page__media">
        <GifMedia gif={gif} />
      </div>
      <div className="lb-gif-page__about">
        <Attribution user={gif.user} />
        <h1 className="lb-gif-page__title">{gif.title || gif.alt_text}</h1>
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
        <FavoriteButton gif={gif} />
        <ShareLinks gif={gif} />
        <ReportButton gifId={gif.id} kind={kind} />
      </div>
      <section className="lb-gif-page__related" aria-labelledby="related-title">
        <h2 id="related-title" className="lb-section__title">
          Related {gif.is_sticker ? 'stickers' : 'GIFs'}
        </h2>
        <GifFeed
          fetchGifs={related}
          // Pages past the first are virtual page views of their own (SPEC 2.3); the first is part of this visit.
          onPageSeen={(page) => page > 1 && sendPageView({ pagePath, virtualPagePath: virtualPagePath({ kind: 'related', gifId: gif.id, page }), gifId: gif.id })}
          noResults={<p className="lb-no-results">Nothing related yet.</p>}
        />
      </section>
    </article>
  );
}
