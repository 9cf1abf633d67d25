import type { LoopboxFetch } from '@loopbox/sdk';
import { PageTypesChart } from './PageTypesChart.tsx';
import { TopGifsChart } from './TopGifsChart.tsx';
import { TopSearchesChart } from './TopSearchesChart.tsx';
import { useSeries, useThumbnails } from './use-series.ts';
import { ViewsChart } from './ViewsChart.tsx';
import { WINDOW_CHOICES, type WindowDays } from './window-choice.ts';
import { Button } from '../../../ui/Button.tsx';
import { RadioGroup } from '../../../ui/Field.tsx';

const WINDOWS = WINDOW_CHOICES.map((d) => ({ value: String(d), label: `${d} days` }));

export interface AnalyticsPageProps {
  client: LoopboxFetch;
  fetchImpl: typeof fetch;
  days: WindowDays;
  username: string | null;
  onDaysChange(days: WindowDays): void;
}

/** The analytics dashboard: a window selector and four charts of the series endpoint. */
export function AnalyticsPage({ client, fetchImpl, days, username, onDaysChange }: AnalyticsPageProps) {
  const { loading, series, error, retry } = useSeries(days, username, fetchImpl);
  const thumbnails = useThumbnails(client, series?.top_gifs.map((g) => g.id) ?? []);
  return (
    <section className="lb-analytics" aria-busy={loading}>
      <header className="lb-analytics__header">
        <h2>{username ? `Analytics for @${username}` : 'The whole site'}</h2>
        <div className="lb-analytics__window">
          <RadioGroup
            legend="Window"
            name="days"
            choices={WINDOWS}
            value={String(days)}
            onValue={(d) => onDaysChange(Number(d) as WindowDays)}
          />
        </div>
      </header>
      <p role="status" className="lb-analytics__status">
        {loading ? 'Loading analytics…' : series ? `Showing ${series.from} to ${series.to} (UTC).` : ''}
      </p>
      {error !== undefined && (
        <div role="alert" className="lb-alert lb-alert--error">
          <p>Could not load analytics: {error}</p>
          <Button onClick={retry}>Try again</Button>
        </div>
      )}
      {series && (
        <div className="lb-analytics__charts" data-days={series.days}>
          <ViewsChart daily={series.daily} />
          <TopGifsChart gifs={series.top_gifs} thumbnails={thumbnails} />
          <TopSearchesChart searches={series.top_searches} />
          {series.page_types ? (
            <PageTypesChart rows={series.page_types} />
          ) : (
            <p className="lb-analytics__status">Page types are kept for the whole site only.</p>
          )}
        </div>
      )}
    </section>
  );
}
