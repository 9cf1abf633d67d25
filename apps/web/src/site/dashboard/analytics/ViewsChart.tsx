import { AXIS_COLOR, COUNTER_STYLE, GRID_COLOR } from './chart-style.ts';
import { ChartFrame } from '../../../ui/ChartFrame.tsx';
import { DataTable } from '../../../ui/DataTable.tsx';
import { linearScale, niceTicks, pointX, tickIndexes } from './scale.ts';
import type { DayCounts } from './series-api.ts';
import { COUNTER_LABELS, COUNTERS, dailyMax, dayLabel, describeDaily, polylinePoints } from './shape.ts';

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 44 };
const MAX_X_TICKS = 7;
/** Past a month of days the dots would touch, so only the lines are drawn. */
const MAX_DOTTED_DAYS = 31;

/** The first and last day labels align inwards so they stay inside the chart. */
const labelAnchor = (i: number, n: number) => (n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle');

/** Views, clicks, hovers and starts per day, as four lines. */
export function ViewsChart({ daily }: { daily: readonly DayCounts[] }) {
  const ticks = niceTicks(dailyMax(daily));
  const y = linearScale(ticks[ticks.length - 1]!, HEIGHT - MARGIN.bottom, MARGIN.top);
  const x = (i: number) => pointX(i, daily.length, MARGIN.left, WIDTH - MARGIN.right);
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
          columns={[{ header: 'Date', cell: (d) => d.date }, ...COUNTERS.map((c) => ({ header: COUNTER_LABELS[c], cell: (d: DayCounts) => d[c], numeric: true }))]}
        />
      }
    >
      <ul className="lb-analytics__legend" aria-hidden="true">
        {COUNTERS.map((c) => (
          <li key={c}>
            <svg width="24" height="10">
              <line x1="0" y1="5" x2="24" y2="5" stroke={COUNTER_STYLE[c].color} strokeWidth="2" strokeDasharray={COUNTER_STYLE[c].dash} />
            </svg>
            {COUNTER_LABELS[c]}
          </li>
        ))}
      </ul>
      <svg className="lb-analytics__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="views-title" aria-describedby="views-desc">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(t)} y2={y(t)} stroke={GRID_COLOR} />
            <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fill={AXIS_COLOR} fontSize="11">
              {t}
            </text>
          </g>
        ))}
        {tickIndexes(daily.length, MAX_X_TICKS).map((i) => (
          <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor={labelAnchor(i, daily.length)} fill={AXIS_COLOR} fontSize="11">
            {dayLabel(daily[i]!.date)}
          </text>
        ))}
        {COUNTERS.map((c) => (
          <g key={c} data-series={c}>
            <polyline fill="none" stroke={COUNTER_STYLE[c].color} strokeWidth="2" strokeDasharray={COUNTER_STYLE[c].dash} points={polylinePoints(daily.map((d) => d[c]), x, y)} />
            {daily.length <= MAX_DOTTED_DAYS && daily.map((d, i) => <circle key={d.date} cx={x(i)} cy={y(d[c])} r="2.5" fill={COUNTER_STYLE[c].color} />)}
          </g>
        ))}
      </svg>
    </ChartFrame>
  );
}
