import {
  MAX_SEARCH_TERM_LENGTH,
  SEARCH_API_TYPE,
  SEARCH_KINDS,
  SEARCH_TYPES,
  searchHead,
  searchPath,
  searchTabCounts,
  type SearchType,
} from '@loopbox/pages';
import { virtualPagePath, type GifsResult } from '@loopbox/sdk';
import { useCallback } from 'react';
import { Link, useLocation } from 'wouter';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { PastLastPage } from '../feeds/PastLastPage.tsx';
import { SegmentedControl } from '../../ui/Tabs.tsx';
import { useSite } from '../shell/site-context.tsx';
import { useFirstPage } from '../data/use-first-page.ts';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';
import { NoResults } from './NoResults.tsx';
import { ScopeNote } from './ScopeNote.tsx';
import { shiftedPage } from './shifted-page.ts';
import { formatQuantity } from '../../ui/format.ts';

export interface SearchPageProps {
  term: string;
  type: SearchType;
  /** The page the address names (`/page/{n}`); the grid starts there. */
  pageNumber: number;
}

/**
 * Search (`/search/{term}[/stickers|/clips][/page/{n}]`): GIFs, Stickers and Clips (a segmented
 * control) with their result counts,
 * `@channel term` and `@user term` scoped searches, and a grid that starts at the page the address
 * names. While scrolling, the address follows the page being looked at (replacing, not pushing), so
 * a reload or a shared link comes back to the same place; each page of results seen is reported as
 * a virtual page view (SPEC 2.3).
 */
export default function SearchPage({ term, type, pageNumber }: SearchPageProps) {
  const { client, sendPageView } = useSite();
  const [, navigate] = useLocation();
  const query = term.slice(0, MAX_SEARCH_TERM_LENGTH);
  const { firstPage, wrote, ownsAddress } = useFirstPage(pageNumber);
  const pagePath = searchPath(term, { type, page: firstPage });
  usePage(searchHead(term, type, firstPage), { pagePath, virtualPagePath: virtualPagePath({ kind: 'search', term, page: firstPage }) });

  const counts = useResource(`search-counts:${query}`, () => searchTabCounts(client, query));
  const base = (firstPage - 1) * SITE_PAGE_SIZE;
  const fetchGifs = useCallback(
    (offset: number): Promise<GifsResult> =>
      client
        .search(query, { type: SEARCH_API_TYPE[type], offset: base + offset, limit: SITE_PAGE_SIZE })
        .then((page) => shiftedPage(page, base)),
    [client, query, type, base],
  );
  const onPageSeen = (page: number) => {
    if (page !== firstPage)
      sendPageView({ pagePath: searchPath(term, { type, page }), virtualPagePath: virtualPagePath({ kind: 'search', term, page }) });
    const path = searchPath(term, { type, page });
    if (location.pathname !== path && ownsAddress()) {
      wrote(page, path);
      navigate(path, { replace: true });
    }
  };

  const total = counts.status === 'ok' ? counts.data[type] : undefined;
  const kind = SEARCH_KINDS[type];
  return (
    <div className="lb-search-page">
      <header className="lb-page-header">
        <h1 className="lb-page-header__title">
          {term} <span className="lb-page-header__kind">{kind}</span>
        </h1>
        <p className="lb-page-header__count" aria-live="polite">
          {total === undefined ? '\u00a0' : formatQuantity(total, { one: kind.replace(/s$/, ''), other: kind })}
        </p>
      </header>
      <ScopeNote term={term} />
      <SegmentedControl
        label="Result type"
        current={type}
        segments={SEARCH_TYPES.map((t) => ({
          key: t,
          label: SEARCH_KINDS[t],
          href: searchPath(term, { type: t }),
          count: counts.status === 'ok' ? counts.data[t] : undefined,
        }))}
      />
      {firstPage > 1 && (
        <p className="lb-earlier">
          Showing results from page {firstPage}.{' '}
          <Link href={searchPath(term, { type, page: firstPage - 1 })} onClick={() => window.scrollTo(0, 0)}>
            Previous page
          </Link>
          {' · '}
          <Link href={searchPath(term, { type })} onClick={() => window.scrollTo(0, 0)}>
            First page
          </Link>
        </p>
      )}
      <GifFeed
        key={`${type}:${query}:${firstPage}`}
        fetchGifs={fetchGifs}
        firstPage={firstPage}
        onPageSeen={onPageSeen}
        noResults={
          firstPage > 1 ? (
            <PastLastPage page={firstPage} firstPageHref={searchPath(term, { type })} />
          ) : (
            <NoResults term={query} type={type} counts={counts.status === 'ok' ? counts.data : undefined} />
          )
        }
      />
    </div>
  );
}
