import './analytics/analytics-page.css';
import { listingHead } from '@loopbox/pages';
import { useEffect, useState } from 'react';
import { fetchLoginState, reachOf, type LoginState } from '../../shared/login-state.ts';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';
import { AnalyticsPage } from './analytics/AnalyticsPage.tsx';
import { readPageQuery, withDays, type WindowDays } from './analytics/window-choice.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import { GifFigures } from './GifFigures.tsx';

const fetchImpl: typeof fetch = (input, init) => fetch(input, { credentials: 'same-origin', ...init });

/**
 * Analytics in the dashboard (/dashboard/analytics): a creator sees their own GIFs' figures (and,
 * with `?gif=`, one GIF's), staff the whole site's unless they name a creator (`?username=`).
 */
export default function AnalyticsSection() {
  usePage(listingHead('dashboard-analytics'), { pagePath: '/dashboard/analytics' });
  const { client } = useSite();
  const initial = readPageQuery(location.search);
  const [days, setDays] = useState<WindowDays>(initial.days);
  const [me, setMe] = useState<LoginState | null>(null);
  useEffect(() => {
    void fetchLoginState().then(setMe, () => setMe(null));
  }, []);
  const gifId = new URLSearchParams(location.search).get('gif');
  const username = initial.username ?? (reachOf(me ?? undefined, 'analytics.read') === 'own' ? (me?.user?.username ?? null) : null);
  const changeDays = (next: WindowDays) => {
    history.replaceState(null, '', withDays(location.search, next));
    setDays(next);
  };
  return (
    <DashboardLayout title="Analytics" current="/dashboard/analytics">
      {gifId ? (
        <GifFigures gifId={gifId} days={days} />
      ) : (
        me && <AnalyticsPage client={client} fetchImpl={fetchImpl} days={days} username={username} onDaysChange={changeDays} />
      )}
    </DashboardLayout>
  );
}
