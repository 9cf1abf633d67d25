import type { PageHead } from '@loopbox/pages';
import { useEffect } from 'react';
import { useSite } from '../shell/site-context.tsx';
import type { SitePageView } from '../shell/services.ts';

/** Sets the document title to the page's (the same text the server wrote into the HTML). */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/**
 * The page's head and page view: the title, then one page view per distinct view (a page that is
 * still loading what it shows passes undefined and reports once it knows).
 */
export function usePage(head: PageHead | undefined, view: SitePageView | undefined): void {
  const { sendPageView } = useSite();
  useTitle(head?.title);
  const key = view ? JSON.stringify(view) : '';
  useEffect(() => {
    if (view) sendPageView(view);
    // The key stands for the view: a re-render with an equal view reports nothing new.
  }, [key]);
}
