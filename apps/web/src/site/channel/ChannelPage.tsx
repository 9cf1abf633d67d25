import './channel.css';
import { channelHead, channelPath, channelSearchPath } from '@loopbox/pages';
import { getAltText, getBestRenditionUrl, virtualPagePath, type GifsResult } from '@loopbox/sdk';
import { useCallback } from 'react';
import { Link, useLocation } from 'wouter';
import ErrorPage from '../errors/ErrorPage.tsx';
import { shiftedPage } from '../search/shifted-page.ts';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { TermPills } from '../feeds/TermPills.tsx';
import { useSite } from '../shell/site-context.tsx';
import { useFirstPage } from '../data/use-first-page.ts';
import { usePage } from '../data/use-page.ts';
import { PastLastPage } from '../feeds/PastLastPage.tsx';
import { useResource } from '../data/use-resource.ts';
import { channelHref, fetchChannelBySlug, fetchChildren, fetchFeed, type Channel } from './channel-api.ts';
import { ChannelSearchForm } from './ChannelSearchForm.tsx';

/** A channel's page (`/{slug}`, `/channels/{slug}[/page/{n}]`); a slug no channel has is the 404 page. */
export default function ChannelPage({ slug, pageNumber = 1 }: { slug: string; pageNumber?: number }) {
  const found = useResource(`channel:${slug}`, () => fetchChannelBySlug(slug));
  if (found.status === 'loading') return <PageLoading label="Loading the channel" />;
  if (found.status === 'error') return <PageFailed onRetry={() => location.reload()}>This channel could not be loaded.</PageFailed>;
  if (!found.data) return <ErrorPage status={404} />;
  return <ChannelDetails channel={found.data} pageNumber={pageNumber} />;
}

const TILE_WIDTH = 248;
const TILE_HEIGHT = 140;

/** The channel's header: banner, avatar, name, description and its place in the tree. */
export function ChannelHeader({ channel }: { channel: Channel }) {
  const avatar = channel.avatar_image || channel.user?.avatar_url || '';
  return (
    <header className="lb-channel__header">
      {channel.banner_image && <img className="lb-channel__banner" src={channel.banner_image} alt="" width={1040} height={260} />}
      {channel.ancestors && channel.ancestors.length > 0 && (
        <nav aria-label="Breadcrumbs" className="lb-channel__crumbs">
          <ol>
            {channel.ancestors.map((a) => (
              <li key={a.id}>
                <Link href={channelHref(a)}>{a.display_name}</Link>
              </li>
            ))}
            <li aria-current="page">{channel.display_name}</li>
          </ol>
        </nav>
      )}
      <div className="lb-channel__who">
        {avatar && <img className="lb-channel__avatar" src={avatar} alt="" width={80} height={80} />}
        <div>
          <h1 className="lb-channel__name">{channel.display_name}</h1>
          {channel.description && <p className="lb-channel__description">{channel.description}</p>}
        </div>
      </div>
    </header>
  );
}

function ChildTiles({ channel }: { channel: Channel }) {
  const children = useResource(`channel-children:${channel.id}:${channel.flush_uuid}`, () => fetchChildren(channel.id));
  if (children.status !== 'ok' || children.data.length === 0) return null;
  return (
    <section className="lb-section" aria-labelledby="channel-children">
      <h2 id="channel-children" className="lb-section__title">
        Channels in {channel.display_name}
      </h2>
      <ul className="lb-category-cards lb-category-cards--wrap">
        {children.data.map((child) => {
          const gif = child.featured_gif;
          const image =
            gif && (getBestRenditionUrl(gif, TILE_WIDTH, TILE_HEIGHT, 'webp') ?? getBestRenditionUrl(gif, TILE_WIDTH, TILE_HEIGHT));
          return (
            <li key={child.id}>
              <Link href={channelHref(child)} className="lb-category-card">
                {image && gif ? (
                  <img src={image} alt={getAltText(gif)} width={TILE_WIDTH} height={TILE_HEIGHT} loading="lazy" decoding="async" />
                ) : (
                  <span className="lb-category-card__blank" />
                )}
                <span className="lb-category-card__name">{child.display_name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The channel: header, ranked tags as pills (each a search inside the channel), a search box for
 * the channel, its children as tiles and its feed as an infinite grid that starts at the page the
 * address names. The address follows the feed page in view (`/channels/{slug}/page/{n}`, replaced,
 * not pushed) and each feed page seen is a page view with its virtual page path (SPEC 2.3).
 */
function ChannelDetails({ channel, pageNumber }: { channel: Channel; pageNumber: number }) {
  const { sendPageView } = useSite();
  const [, navigate] = useLocation();
  const { firstPage, wrote, ownsAddress } = useFirstPage(pageNumber);
  const home = channelHref(channel);
  const pathOf = (page: number) => (page > 1 ? channelPath(channel.slug, { page }) : home);
  const virtual = (page: number) =>
    virtualPagePath({ kind: 'channel-feed', slug: channel.slug, offset: (page - 1) * SITE_PAGE_SIZE, limit: SITE_PAGE_SIZE });
  usePage(channelHead(channel, firstPage), { pagePath: pathOf(firstPage), virtualPagePath: virtual(firstPage) });
  const base = (firstPage - 1) * SITE_PAGE_SIZE;
  const fetchGifs = useCallback(
    (offset: number): Promise<GifsResult> => fetchFeed(channel.id, base + offset, SITE_PAGE_SIZE).then((page) => shiftedPage(page, base)),
    [channel.id, base],
  );
  const onPageSeen = (page: number) => {
    if (page !== firstPage) sendPageView({ pagePath: pathOf(page), virtualPagePath: virtual(page) });
    const path = pathOf(page);
    if (location.pathname !== path && ownsAddress()) {
      wrote(page, path);
      navigate(path, { replace: true });
    }
  };
  return (
    <div className="lb-channel">
      <ChannelHeader channel={channel} />
      <TermPills
        terms={channel.tags.map((t) => t.tag)}
        hrefOf={(tag) => channelSearchPath(channel.slug, tag)}
        label={`Tags of ${channel.display_name}`}
      />
      <ChannelSearchForm channel={channel} />
      <ChildTiles channel={channel} />
      <section className="lb-section" aria-labelledby="channel-feed">
        <h2 id="channel-feed" className="lb-section__title">
          GIFs
        </h2>
        {firstPage > 1 && (
          <p className="lb-earlier">
            Showing the feed from page {firstPage}.{' '}
            <Link href={pathOf(firstPage - 1)} onClick={() => window.scrollTo(0, 0)}>
              Previous page
            </Link>
            {' · '}
            <Link href={home} onClick={() => window.scrollTo(0, 0)}>
              First page
            </Link>
          </p>
        )}
        <GifFeed
          key={`${channel.flush_uuid}:${firstPage}`}
          fetchGifs={fetchGifs}
          firstPage={firstPage}
          onPageSeen={onPageSeen}
          noResults={
            firstPage > 1 ? (
              <PastLastPage page={firstPage} firstPageHref={home} noun="GIFs" />
            ) : (
              <p className="lb-no-results">{channel.display_name} has no GIFs yet.</p>
            )
          }
        />
      </section>
    </div>
  );
}
