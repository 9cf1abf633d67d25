import './channel.css';
import { channelSearchHead, channelSearchPath, MAX_SEARCH_TERM_LENGTH } from '@loopbox/pages';
import { virtualPagePath, type GifsResult } from '@loopbox/sdk';
import { useCallback } from 'react';
import { Link, useLocation } from 'wouter';
import ErrorPage from '../errors/ErrorPage.tsx';
import { shiftedPage } from '../search/shifted-page.ts';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { useSite } from '../shell/site-context.tsx';
import { useFirstPage } from '../data/use-first-page.ts';
import { usePage } from '../data/use-page.ts';
import { PastLastPage } from '../feeds/PastLastPage.tsx';
import { useResource } from '../data/use-resource.ts';
import { channelHref, fetchChannelBySlug, type Channel } from './channel-api.ts';
import { ChannelSearchForm } from './ChannelSearchForm.tsx';

export interface ChannelSearchPageProps {
  slug: string;
  term: string;
  pageNumber: number;
}

/** A search inside a channel (`/channel/{slug}/search/{term}[/page/{n}]`): the public API's `@slug term` search. */
export default function ChannelSearchPage(props: ChannelSearchPageProps) {
  const found = useResource(`channel:${props.slug}`, () => fetchChannelBySlug(props.slug));
  if (found.status === 'loading') return <PageLoading label="Loading the channel" />;
  if (found.status === 'error') return <PageFailed onRetry={() => location.reload()}>This channel could not be loaded.</PageFailed>;
  if (!found.data) return <ErrorPage status={404} />;
  return <ChannelSearch channel={found.data} {...props} />;
}

function ChannelSearch({ channel, term, pageNumber }: ChannelSearchPageProps & { channel: Channel }) {
  const { client, sendPageView } = useSite();
  const [, navigate] = useLocation();
  const { firstPage, wrote, ownsAddress } = useFirstPage(pageNumber);
  const query = term.slice(0, MAX_SEARCH_TERM_LENGTH);
  const virtual = (page: number) => virtualPagePath({ kind: 'channel-search', slug: channel.slug, term, page });
  usePage(channelSearchHead(channel, term, firstPage), {
    pagePath: channelSearchPath(channel.slug, term, firstPage),
    virtualPagePath: virtual(firstPage),
  });
  const base = (firstPage - 1) * SITE_PAGE_SIZE;
  const fetchGifs = useCallback(
    (offset: number): Promise<GifsResult> =>
      client.search(query, { channel: channel.slug, offset: base + offset, limit: SITE_PAGE_SIZE }).then((page) => shiftedPage(page, base)),
    [client, query, channel.slug, base],
  );
  const onPageSeen = (page: number) => {
    const path = channelSearchPath(channel.slug, term, page);
    if (page !== firstPage) sendPageView({ pagePath: path, virtualPagePath: virtual(page) });
    if (location.pathname !== path && ownsAddress()) {
      wrote(page, path);
      navigate(path, { replace: true });
    }
  };
  return (
    <div className="lb-channel">
      <header className="lb-page-header">
        <p className="lb-channel__crumbs">
          <Link href={channelHref(channel)}>{channel.display_name}</Link>
        </p>
        <h1 className="lb-page-header__title">
          {term} <span className="lb-page-header__kind">in {channel.display_name}</span>
        </h1>
      </header>
      <ChannelSearchForm key={term} channel={channel} term={term} />
      <GifFeed
        key={`${query}:${firstPage}`}
        fetchGifs={fetchGifs}
        firstPage={firstPage}
        onPageSeen={onPageSeen}
        noResults={
          firstPage > 1 ? (
            <PastLastPage page={firstPage} firstPageHref={channelSearchPath(channel.slug, term)} />
          ) : (
            <p className="lb-no-results">
              No {term} GIFs in {channel.display_name}. <Link href={channelHref(channel)}>See the whole channel</Link>
            </p>
          )
        }
      />
    </div>
  );
}
