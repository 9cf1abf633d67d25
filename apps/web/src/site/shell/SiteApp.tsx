import { parseSitePath, type ErrorStatus, type SiteRoute } from '@loopbox/pages';
import { PingbackProvider } from '@loopbox/widgets';
import { Suspense, useRef, useState } from 'react';
import { Router, useLocation } from 'wouter';
import { AccountProvider } from './account.tsx';
import { ChunkBoundary } from './ChunkBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { PageLoading } from './PageStatus.tsx';
import { pageKey, RoutePage } from './routes.tsx';
import type { SiteServices } from './services.ts';
import { SiteProvider } from './site-context.tsx';
import { useNavigationScroll } from './use-navigation-scroll.ts';
import { ToastProvider } from '../../ui/Toast.tsx';

export interface SiteAppProps {
  services: SiteServices;
  /**
   * The status the server gave the page it served: a 404 there (an unknown GIF or user), or a GIF's
   * 410 (hidden by the moderators) or 451 (taken down), shows at once.
   */
  initialStatus: number;
}

const SERVED_ERRORS = new Set<number>([403, 410, 451, 503] satisfies ErrorStatus[]);

/** The route of the page a visit lands on: the error page the server already decided on, if any. */
export function initialRoute(path: string, status: number): SiteRoute {
  if (SERVED_ERRORS.has(status)) return { page: 'error', status: status as ErrorStatus };
  if (status === 404) return { page: 'not-found' };
  return parseSitePath(path);
}

/** The route a path shows; the server's verdict holds for the path it served. */
const routeOf = (path: string, served: { path: string; status: number }): SiteRoute =>
  path === served.path ? initialRoute(path, served.status) : parseSitePath(path);

function Site({ initialStatus }: { initialStatus: number }) {
  // wouter's location is percent-decoded (decodeURI); the grammar reads the path as sent, so a
  // search for "100%" stays one. useLocation still re-renders this on every navigation.
  useLocation();
  const path = location.pathname;
  const [served] = useState(() => ({ path, status: initialStatus }));
  const main = useRef<HTMLElement>(null);
  const route = routeOf(path, served);
  const key = pageKey(route);
  useNavigationScroll(key, main);
  return (
    <>
      <a className="lb-skip-link" href="#main">
        Skip to content
      </a>
      <Header searchTerm={route.page === 'search' ? route.term : undefined} currentPath={path} />
      <main id="main" ref={main} tabIndex={-1} className="lb-site-main">
        <ChunkBoundary key={key}>
          <Suspense fallback={<PageLoading />}>
            <RoutePage key={key} route={route} />
          </Suspense>
        </ChunkBoundary>
      </main>
      <Footer />
    </>
  );
}

/**
 * The site: one React app, one client-side router (wouter; paths parsed by @loopbox/pages, the
 * grammar the server uses too), a page per route loaded on demand inside the shell.
 */
export function SiteApp({ services, initialStatus }: SiteAppProps) {
  return (
    <SiteProvider services={services}>
      <PingbackProvider sink={services.sink} userId={services.client.pingbackId}>
        <AccountProvider>
          <Router>
            <ToastProvider>
              <Site initialStatus={initialStatus} />
            </ToastProvider>
          </Router>
        </AccountProvider>
      </PingbackProvider>
    </SiteProvider>
  );
}
