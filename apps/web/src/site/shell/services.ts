import type { LoopboxFetch } from '@loopbox/sdk';
import type { PingbackEvent, PingbackSink } from '@loopbox/widgets';
import type { AnalyticsPipeline } from '@loopbox/workers/pipeline';
import { embedActionEvent } from '../../embed/analytics.ts';
import { sendPageView } from '../../shared/page-pipeline.ts';
import { fetchProfile, type Profile } from '../profile/profile-api.ts';
import { createRecentSearches, type RecentSearches } from '../search-box/recent-searches.ts';
import { pageGifs, type PageGifs } from '../gif/page-gif.ts';

/** A page view as a page reports it: its path (the page type comes from it), paged view and GIF. */
export interface SitePageView {
  pagePath: string;
  virtualPagePath?: string | undefined;
  gifId?: string | undefined;
}

/** What every page of the site uses: made once in main.tsx, handed down by SiteContext. */
export interface SiteServices {
  client: LoopboxFetch;
  /** Every widget's usage reports, stamped with the page path the current page is counted under. */
  sink: PingbackSink;
  sendPageView(view: SitePageView): void;
  /** An action of SPEC 7.7's Embed category (copying the embed code or a link, sharing). */
  sendAction(action: 'Copy' | 'Social Sharing' | 'Click', label: string, gifId?: string): void;
  profile(username: string): Promise<Profile | null>;
  recentSearches: RecentSearches;
  /** The GIF the server put in this page for a viewer who sees it by privilege (gif/page-gif.ts). */
  pageGifs: PageGifs;
}

/**
 * The site's services over one page pipeline and one provider client. Usage reports carry the path
 * of the page last reported as viewed (so a GIF seen on the 404 page counts under /404, not under the
 * path that was not found); before any page view, the location's.
 */
export function createSiteServices(
  client: LoopboxFetch,
  pipeline: AnalyticsPipeline,
  storage: Storage | null,
  pageConfig: unknown,
): SiteServices {
  let countedPath: string | undefined;
  const profiles = new Map<string, Promise<Profile | null>>();
  const stamp = (event: PingbackEvent) => ({ ...event, attributes: { ...event.attributes, page_path: countedPath ?? location.pathname } });
  return {
    client,
    sink: { send: (event) => pipeline.pingbackSink.send(stamp(event)) },
    sendPageView(view) {
      countedPath = view.pagePath;
      sendPageView(pipeline, { userId: client.pingbackId, ...view });
    },
    sendAction(action, label, gifId) {
      pipeline.sendAnalytics(
        embedActionEvent(
          { category: 'Embed', action, label },
          { userId: client.pingbackId, pagePath: countedPath ?? location.pathname, gifId },
        ),
      );
    },
    profile(username) {
      const key = username.toLowerCase();
      let found = profiles.get(key);
      if (!found) {
        found = fetchProfile(username);
        profiles.set(key, found);
        // A failure is not remembered: the next visit asks again.
        found.catch(() => profiles.delete(key));
      }
      return found;
    },
    recentSearches: createRecentSearches(storage),
    pageGifs: pageGifs(pageConfig),
  };
}
