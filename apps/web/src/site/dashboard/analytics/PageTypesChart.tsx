import { useRef } from 'react';
import { AXIS_COLOR, COUNTER_STYLE, PAGE_VIEW_COLOR } from './chart-style.ts';
import { ChartFrame } from '../../../ui/ChartFrame.tsx';
import { DataTable } from '../../../ui/DataTable.tsx';
import { linearScale } from './scale.ts';
import type { PageTypeDay } from './series-api.ts';
import { pageTypeTotals, type PageTypeTotal } from './shape.ts';
import { formatCount, formatQuantity } from '../../../ui/format.ts';
import { useWidth } from '../../feeds/use-width.ts';

/** The width drawn before the box is measured. */
const FALLBACK_WIDTH = 720;
const LABEL_WIDTH = 120;
const VALUE_WIDTH = 56;
const BAR = 12;
const ROW = 2 * BAR + 14;

const GROUPS = [
  { key: 'views', label: 'GIF views', color: COUNTER_STYLE.views.color },
  { key: 'pageViews', label: 'Page views', color: PAGE_VIEW_COLOR },
] as const;

/** Per page type, GIF views (pingbacks) and page views over the window, as grouped bars. */
export function PageTypesChart({ rows }: { rows: readonly PageTypeDay[] }) {
  const ref = useRef<HTMLDivElement>(null);
  // 0 before the first layout: draw at the fallback until the box is measured.
  const chartWidth = useWidth(ref) || FALLBACK_WIDTH;
  const totals = pageTypeTotals(rows);
  const max = Math.max(0, ...totals.flatMap((t) => [t.views, t.pageViews]));
  const width = linearScale(max, 0, chartWidth - LABEL_WIDTH - VALUE_WIDTH);
  const height = Math.max(ROW, totals.length * ROW);
  const description = totals.length
    ? `GIF views and page views per page type over the window; ${formatQuantity(totals.length, 'page type')}, the busiest ${totals[0]!.pageType}.`
    : 'No page had views in this window.';
  return (
    <ChartFrame
      id="page-types"
      title="Page types"
      description={description}
      table={
        <DataTable<PageTypeTotal>
          caption="Totals per page type"
          rows={totals}
          rowKey={(t) => t.pageType}
          columns={[
            { header: 'Page type', cell: (t) => t.pageType },
            { header: 'GIF views', cell: (t) => formatCount(t.views), numeric: true },
            { header: 'Clicks', cell: (t) => formatCount(t.clicks), numeric: true },
            { header: 'Hovers', cell: (t) => formatCount(t.hovers), numeric: true },
            { header: 'Starts', cell: (t) => formatCount(t.starts), numeric: true },
            { header: 'Page views', cell: (t) => formatCount(t.pageViews), numeric: true },
          ]}
        />
      }
    >
      <ul className="lb-analytics__legend" aria-hidden="true">
        {GROUPS.map((g) => (
          <li key={g.key}>
            <svg width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" style={{ fill: g.color }} />
            </svg>
            {g.label}
          </li>
        ))}
      </ul>
      <div ref={ref} className="lb-analytics__plot">
        <svg
          className="lb-analytics__svg"
          width={chartWidth}
          height={height}
          viewBox={`0 0 ${chartWidth} ${height}`}
          role="img"
          aria-label="Page types"
          aria-describedby="page-types-desc"
        >
          {totals.map((t, row) => (
            <g key={t.pageType} transform={`translate(0 ${row * ROW})`} data-page-type={t.pageType}>
              <text x={LABEL_WIDTH - 8} y={BAR} textAnchor="end" style={{ fill: AXIS_COLOR }} fontSize="12">
                {t.pageType}
              </text>
              {GROUPS.map((g, i) => (
                <g key={g.key} transform={`translate(${LABEL_WIDTH} ${i * BAR})`}>
                  <rect height={BAR - 2} width={t[g.key] > 0 ? Math.max(1, width(t[g.key])) : 0} style={{ fill: g.color }} />
                  <text x={width(t[g.key]) + 4} y={BAR - 3} style={{ fill: AXIS_COLOR }} fontSize="10">
                    {formatCount(t[g.key])}
                  </text>
                </g>
              ))}
            </g>
          ))}
        </svg>
      </div>
    </ChartFrame>
  );
}
