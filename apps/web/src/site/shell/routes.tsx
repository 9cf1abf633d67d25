import { sitePath, type SiteRoute } from '@loopbox/pages';
import { lazy } from 'react';

// One chunk per page: a visit loads the shell and the page it lands on, the rest on navigation.
const HomePage = lazy(() => import('../home/HomePage.tsx'));
const SearchPage = lazy(() => import('../search/SearchPage.tsx'));
const GifPage = lazy(() => import('../gif/GifPage.tsx'));
const ProfilePage = lazy(() => import('../profile/ProfilePage.tsx'));
const TrendingPage = lazy(() => import('../browse/TrendingPage.tsx'));
const CategoriesPage = lazy(() => import('../browse/CategoriesPage.tsx'));
const CategoryPage = lazy(() => import('../browse/CategoryPage.tsx'));
const ExplorePage = lazy(() => import('../browse/ExplorePage.tsx'));
const ErrorPage = lazy(() => import('../errors/ErrorPage.tsx'));

/**
 * What stays the same page while the address changes: a search keeps its grid while scrolling
 * rewrites /page/{n}; anything else is a new page.
 */
export function pageKey(route: SiteRoute): string {
  return route.page === 'search' ? `search:${route.type}:${route.term}` : sitePath(route);
}

/** The page component of a route. */
export function RoutePage({ route }: { route: SiteRoute }) {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'search':
      return <SearchPage term={route.term} type={route.type} pageNumber={route.pageNumber} />;
    case 'gif':
      return <GifPage gifId={route.gifId} />;
    case 'profile':
      return <ProfilePage username={route.username} />;
    case 'trending-gifs':
      return <TrendingPage type="gifs" />;
    case 'stickers':
      return <TrendingPage type="stickers" />;
    case 'categories':
      return <CategoriesPage />;
    case 'category':
      return <CategoryPage category={route.category} />;
    case 'subcategory':
      return <CategoryPage category={route.category} subcategory={route.subcategory} />;
    case 'explore':
      return <ExplorePage term={route.term} />;
    case 'error':
      return <ErrorPage status={route.status} />;
    case 'not-found':
      return <ErrorPage status={404} />;
  }
}
