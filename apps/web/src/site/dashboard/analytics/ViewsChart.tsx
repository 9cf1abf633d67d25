import { useRef } from 'react';
import { AXIS_COLOR, COUNTER_STYLE, GRID_COLOR } from './chart-style.ts';
import { ChartFrame } from '../../../ui/ChartFrame.tsx';
import { DataTable } from '../../../ui/DataTable.tsx';
import { linearScale, niceTicks, pointX, tickIndexes } from './scale.ts';
import type { DayCounts } from './series-api.ts';
import { COUNTER_LABELS, COUNTERS, dailyMax, dayLabel, describeDaily, polylinePoints } from './shape.ts';
import { formatCount } from '../../../ui/format.ts';
import { useWidth } from '../../feeds/use-width.ts';

/** The width drawn before the box is measured. */
const FALLBACK_WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 44 };
/** Room per day label along the bottom, so labels never touch however narrow the chart. */
const X_TICK_SPACING = 90;
/** Past a month of days the dots would touch, so only the lines are drawn. */
const MAX_DOTTED_DAYS = 31;

/** The first and last day labels align inwards so they stay inside the chart. */
const labelAnchor = (i: number, n: number) => (n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle');

/** Views, clicks, hovers and starts per day, as four lines. */
export function ViewsChart({ daily }: { daily: readonly DayCounts[] }) {
  const ref = useRef<HTMLDivElement>(null);
  // 0 before the first layout: draw at the fallback until the box is measured.
  const chartWidth = useWidth(ref) || FALLBACK_WIDTH;
  const ticks = niceTicks(dailyMax(daily));
  const y = linearScale(ticks[ticks.length - 1]!, HEIGHT - MARGIN.bottom, MARGIN.top);
  const x = (i: number) => pointX(i, daily.length, MARGIN.left, chartWidth - MARGIN.right);
  const maxXTicks = Math.max(2, Math.min(7, Math.floor((chartWidth - MARGIN.left) / X_TICK_SPACING)));
  return (
    <ChartFrame
      id="views"
      title="Views over time"
      description={describeDaily(daily)}
      table={
        <DataTable
          caption="Per day"
          rows={daily}
          rowKey={(d) => d.date}
          columns={[
            { header: 'Date', cell: (d) => d.date },
            ...COUNTERS.map((c) => ({ header: COUNTER_LABELS[c], cell: (d: DayCounts) => formatCount(d[c]), numeric: true })),
          ]}
        />
      }
    >
      <ul className="lb-analytics__legend" aria-hidden="true">
        {COUNTERS.map((c) => (
          <li key={c}>
            <svg width="24" height="10" aria-hidden="true">
              <line
                x1="0"
                y1="5"
                x2="24"
                y2="5"
                style={{ stroke: COUNTER_STYLE[c].color }}
                strokeWidth="2"
                strokeDasharray={COUNTER_STYLE[c].dash}
              />
            </svg>
            {COUNTER_LABELS[c]}
          </li>
        ))}
      </ul>
      <div ref={ref} className="lb-analytics__plot">
        <svg
          className="lb-analytics__svg"
          width={chartWidth}
          height={HEIGHT}
          viewBox={`0 0 ${chartWidth} ${HEIGHT}`}
          role="img"
          aria-label="Views over time"
          aria-describedby="views-desc"
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={MARGIN.left} x2={chartWidth - MARGIN.right} y1={y(t)} y2={y(t)} style={{ stroke: GRID_COLOR }} />
              <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end" style={{ fill: AXIS_COLOR }} fontSize="11">
                {formatCount(t)}
              </text>
            </g>
          ))}
          {tickIndexes(daily.length, maxXTicks).map((i) => (
            <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor={labelAnchor(i, daily.length)} style={{ fill: AXIS_COLOR }} fontSize="11">
              {dayLabel(daily[i]!.date)}
            </text>
          ))}
          {COUNTERS.map((c) => (
            <g key={c} data-series={c}>
              <polyline
                fill="none"
                style={{ stroke: COUNTER_STYLE[c].color }}
                strokeWidth="2"
                strokeDasharray={COUNTER_STYLE[c].dash}
                points={polylinePoints(
                  daily.map((d) => d[c]),
                  x,
                  y,
                )}
              />
              {daily.length <= MAX_DOTTED_DAYS &&
                daily.map((d, i) => <circle key={d.date} cx={x(i)} cy={y(d[c])} r="2.5" style={{ fill: COUNTER_STYLE[c].color }} />)}
            </g>
          ))}
        </svg>
      </div>
    </ChartFrame>
  );
}
