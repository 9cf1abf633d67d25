/** The analytics page (/dashboard/analytics): charts of GET /api/v1/analytics/series/. */
import './analytics-page.css';
import { LoopboxFetch } from '@loopbox/sdk';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchLoginState, reachOf, type LoginState } from '../shared/login-state.ts';
import { readPageConfig } from '../shared/page-config.ts';
import { sendPageView, startPagePipeline } from '../shared/page-pipeline.ts';
import { AnalyticsPage } from './AnalyticsPage.tsx';
import { readPageQuery, withDays, type WindowDays } from './window-choice.ts';

const config = readPageConfig();
const pipeline = startPagePipeline(config);
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase, cache: pipeline.cacheStore });
sendPageView(pipeline, { userId: client.pingbackId, pagePath: location.pathname });
const fetchImpl: typeof fetch = (input, init) => fetch(input, init);
const initial = readPageQuery(location.search);

/**
 * Whose figures the page opens with: the `username` asked for, else the visitor's own when the
 * permission table lets them read only their own (a creator), else the site's (staff).
 */
function defaultUsername(state: LoginState | undefined): string | null {
  if (initial.username) return initial.username;
  return reachOf(state, 'analytics.read') === 'own' ? (state?.user?.username ?? null) : null;
}

function App({ username }: { username: string | null }) {
  const [days, setDays] = useState(initial.days);
  const changeDays = (next: WindowDays) => {
    history.replaceState(null, '', withDays(location.search, next));
    setDays(next);
  };
  return <AnalyticsPage client={client} fetchImpl={fetchImpl} days={days} username={username} onDaysChange={changeDays} />;
}

const render = (state?: LoginState) => createRoot(document.getElementById('root')!).render(<App username={defaultUsername(state)} />);
fetchLoginState().then(render, () => render());
