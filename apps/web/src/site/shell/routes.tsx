import { isAccountRoute, sitePath, type AccountPage, type SiteRoute } from '@loopbox/pages';
import { lazyPage, type LazyPage } from './lazy-page.tsx';

// One chunk per page: a visit loads the shell and the page it lands on, the rest on navigation.
const HomePage = lazyPage(() => import('../home/HomePage.tsx'));
const SearchPage = lazyPage(() => import('../search/SearchPage.tsx'));
const GifPage = lazyPage(() => import('../gif/GifPage.tsx'));
const ProfilePage = lazyPage(() => import('../profile/ProfilePage.tsx'));
const TrendingPage = lazyPage(() => import('../browse/TrendingPage.tsx'));
const ClipsPage = lazyPage(() => import('../clips/ClipsPage.tsx'));
const CategoriesPage = lazyPage(() => import('../browse/CategoriesPage.tsx'));
const CategoryPage = lazyPage(() => import('../browse/CategoryPage.tsx'));
const ExplorePage = lazyPage(() => import('../browse/ExplorePage.tsx'));
const ErrorPage = lazyPage(() => import('../errors/ErrorPage.tsx'));
const ArtistsPage = lazyPage(() => import('../artists/ArtistsPage.tsx'));
const UploadPage = lazyPage(() => import('../dashboard/UploadPage.tsx'));
const CreatePage = lazyPage(() => import('../create/CreatePage.tsx'));
const MyGifsPage = lazyPage(() => import('../dashboard/MyGifsPage.tsx'));
const AnalyticsSection = lazyPage(() => import('../dashboard/AnalyticsSection.tsx'));
const StoryEditorPage = lazyPage(() => import('../stories/StoryEditorPage.tsx'));
const SchedulePage = lazyPage(() => import('../scheduler/SchedulePage.tsx'));
const ModerationPage = lazyPage(() => import('../moderation/ModerationPage.tsx'));
const NoticesPage = lazyPage(() => import('../dashboard/NoticesPage.tsx'));
const DASHBOARD_PAGES = {
  gifs: MyGifsPage,
  analytics: AnalyticsSection,
  stories: StoryEditorPage,
  schedule: SchedulePage,
  moderation: ModerationPage,
  notices: NoticesPage,
} as const;
const ChannelPage = lazyPage(() => import('../channel/ChannelPage.tsx'));
const ChannelSearchPage = lazyPage(() => import('../channel/ChannelSearchPage.tsx'));
const ChannelEditorPage = lazyPage(() => import('../channel-editor/ChannelEditorPage.tsx'));
const StoriesPage = lazyPage(() => import('../stories/StoriesPage.tsx'));
const DevelopersPage = lazyPage(() => import('../developers/DevelopersPage.tsx'));
const DeveloperReviewPage = lazyPage(() => import('../developers/DeveloperReviewPage.tsx'));
const ApiDocsPage = lazyPage(() => import('../docs/ApiDocsPage.tsx'));
const StoryPage = lazyPage(() => import('../stories/StoryPage.tsx'));
const TransparencyPage = lazyPage(() => import('../transparency/TransparencyPage.tsx'));
const AboutPage = lazyPage(() => import('../about/AboutPage.tsx'));
const AppsPage = lazyPage(() => import('../about/AppsPage.tsx'));
const StudiosPage = lazyPage(() => import('../studios/StudiosPage.tsx'));
const SearchHomePage = lazyPage(() => import('../search/SearchHomePage.tsx'));
const RedirectPage = lazyPage(() => import('./RedirectPage.tsx'));
/** The account pages: one fixed path each, no props. */
const ACCOUNT_PAGES: Record<AccountPage, LazyPage<object>> = {
  join: lazyPage(() => import('../account/JoinPage.tsx')),
  'verify-email': lazyPage(() => import('../account/VerifyEmailPage.tsx')),
  login: lazyPage(() => import('../account/LoginPage.tsx')),
  password: lazyPage(() => import('../account/PasswordPage.tsx')),
  settings: lazyPage(() => import('../settings/SettingsPage.tsx')),
  favorites: lazyPage(() => import('../favorites/FavoritesPage.tsx')),
  outbox: lazyPage(() => import('../dashboard/OutboxPage.tsx')),
  apply: lazyPage(() => import('../apply/ApplyPage.tsx')),
};

const PAGES: Record<Exclude<SiteRoute['page'], 'dashboard'>, Pick<LazyPage<never>, 'preload'>> = {
  home: HomePage,
  search: SearchPage,
  gif: GifPage,
  profile: ProfilePage,
  'trending-gifs': TrendingPage,
  stickers: TrendingPage,
  clips: ClipsPage,
  categories: CategoriesPage,
  category: CategoryPage,
  subcategory: CategoryPage,
  explore: ExplorePage,
  channel: ChannelPage,
  'channel-search': ChannelSearchPage,
  'channel-editor': ChannelEditorPage,
  developers: DevelopersPage,
  'developer-review': DeveloperReviewPage,
  'api-docs': ApiDocsPage,
  stories: StoriesPage,
  story: StoryPage,
  about: AboutPage,
  apps: AppsPage,
  studios: StudiosPage,
  'search-home': SearchHomePage,
  redirect: RedirectPage,
  ...ACCOUNT_PAGES,
  error: ErrorPage,
  'not-found': ErrorPage,
  artists: ArtistsPage,
  upload: UploadPage,
  create: CreatePage,
  transparency: TransparencyPage,
};

/** Loads a route's page ahead of rendering it (main.tsx does so for the page a visit lands on). */
export const preloadRoute = (route: SiteRoute): Promise<void> =>
  (route.page === 'dashboard' ? DASHBOARD_PAGES[route.section] : PAGES[route.page]).preload();

/**
 * What stays the same page while the address changes: a search or a channel keeps its grid while
 * scrolling rewrites /page/{n}; anything else is a new page.
 */
export function pageKey(route: SiteRoute): string {
  if (route.page === 'search') return `search:${route.type}:${route.term}`;
  if (route.page === 'channel') return `channel:${route.slug}`;
  if (route.page === 'channel-search') return `channel-search:${route.slug}:${route.term}`;
  // The maker keeps its work from step to step.
  if (route.page === 'create') return 'create';
  return sitePath(route);
}

/** The page component of a route. */
export function RoutePage({ route }: { route: SiteRoute }) {
  if (isAccountRoute(route)) {
    const Page = ACCOUNT_PAGES[route.page];
    return <Page />;
  }
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
    case 'clips':
      return <ClipsPage />;
    case 'categories':
      return <CategoriesPage />;
    case 'category':
      return <CategoryPage category={route.category} />;
    case 'subcategory':
      return <CategoryPage category={route.category} subcategory={route.subcategory} />;
    case 'explore':
      return <ExplorePage term={route.term} />;
    case 'artists':
      return <ArtistsPage />;
    case 'upload':
      return <UploadPage />;
    case 'create':
      return <CreatePage step={route.step} stickerTerm={route.stickerTerm} />;
    case 'dashboard': {
      const Section = DASHBOARD_PAGES[route.section];
      return <Section />;
    }
    case 'channel':
      return <ChannelPage slug={route.slug} pageNumber={route.pageNumber} />;
    case 'channel-search':
      return <ChannelSearchPage slug={route.slug} term={route.term} pageNumber={route.pageNumber} />;
    case 'channel-editor':
      return <ChannelEditorPage />;
    case 'developers':
      return <DevelopersPage />;
    case 'developer-review':
      return <DeveloperReviewPage />;
    case 'api-docs':
      return <ApiDocsPage />;
    case 'stories':
      return <StoriesPage />;
    case 'story':
      return <StoryPage slug={route.slug} />;
    case 'transparency':
      return <TransparencyPage />;
    case 'about':
      return <AboutPage />;
    case 'apps':
      return <AppsPage />;
    case 'studios':
      return <StudiosPage />;
    case 'search-home':
      return <SearchHomePage />;
    case 'redirect':
      return <RedirectPage to={route.to} />;
    case 'error':
      return <ErrorPage status={route.status} />;
    case 'not-found':
      return <ErrorPage status={404} />;
  }
}
