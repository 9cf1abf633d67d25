import type { GifSeries } from '@loopbox/contract/gif-management';
import { useEffect, useState } from 'react';
import { callBackend } from '../../shared/backend.ts';
import { ViewsChart } from './analytics/ViewsChart.tsx';
import { Card } from '../../ui/Card.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatCount, formatQuantity } from '../../ui/format.ts';
import { Alert } from '../../ui/Alert.tsx';

const ACTIONS = ['download', 'copy_link', 'copy_embed', 'share', 'share_email'] as const;
const ACTION_LABELS: Record<(typeof ACTIONS)[number], string> = {
  download: 'Downloads',
  copy_link: 'Link copies',
  copy_embed: 'Embed code copies',
  share: 'Shares',
  share_email: 'Shares by email',
};

/** One GIF's figures (GET /api/v1/analytics/gif-series/): views and clicks by day, its shares and downloads, the searches that showed it. */
export function GifFigures({ gifId, days }: { gifId: string; days: number }) {
  const [series, setSeries] = useState<GifSeries | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // The analytics routes answer their object as it is, with no `data` envelope around it.
    callBackend<GifSeries>('GET', `/api/v1/analytics/gif-series/?gif_id=${encodeURIComponent(gifId)}&days=${days}`).then(
      setSeries,
      (err: Error) => setError(err.message),
    );
  }, [gifId, days]);
  if (error) return <Alert>Could not load this GIF’s figures: {error}</Alert>;
  if (!series) return <p role="status">Loading…</p>;
  const totals = Object.fromEntries(ACTIONS.map((a) => [a, series.daily.reduce((s, d) => s + d[a], 0)]));
  return (
    <section className="lb-analytics" aria-label={`Figures of GIF ${gifId}`}>
      <p className="lb-analytics__status">
        GIF {gifId}, {series.from} to {series.to} (UTC)
      </p>
      <ViewsChart daily={series.daily} />
      <div className="lb-analytics__charts lb-analytics__figures">
        <Card title="Shares and downloads">
          <DataTable
            caption="Over the window"
            rows={ACTIONS}
            rowKey={(a) => a}
            columns={[
              { header: 'Action', cell: (a) => ACTION_LABELS[a] },
              { header: 'Count', cell: (a) => formatCount(totals[a] ?? 0), numeric: true },
            ]}
          />
        </Card>
        <Card title="Searches that showed it">
          {series.top_searches.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ol>
              {series.top_searches.map((s) => (
                <li key={s.term}>
                  {s.term}: {formatQuantity(s.count, 'view')}
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </section>
  );
}
