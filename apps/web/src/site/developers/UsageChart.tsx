import { useId } from 'react';
import { formatCount, formatDate, formatDay, formatQuantity } from '../../ui/format.ts';

const WIDTH = 560;
const HEIGHT = 140;
const API_LABELS: Record<string, string> = { giphy: 'GIPHY API', tenor: 'Tenor API' };
/** Each API's bar colour: the design system's two chart colours. */
const API_CLASSES: Record<string, string> = { giphy: 'lb-chart__bar', tenor: 'lb-chart__bar lb-chart__bar--2' };

/** Every day from `from` to `to` (YYYY-MM-DD, UTC). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); at <= new Date(`${to}T00:00:00Z`); at = new Date(at.getTime() + 86_400_000))
    days.push(at.toISOString().slice(0, 10));
  return days;
}

/**
 * Calls a day as stacked bars (GIPHY API below, Tenor API above), drawn as inline SVG that takes its
 * box's width; the days under it are text (every other one, every fourth on a phone), so they keep their size. The
 * same figures are in the caption and the tables beside it, for screen readers and for copying.
 */
export function UsageChart({ from, to, daily }: { from: string; to: string; daily: { day: string; api: string; calls: number }[] }) {
  const captionId = useId();
  const days = daysBetween(from, to);
  const byDay = new Map(days.map((day) => [day, { giphy: 0, tenor: 0 } as Record<string, number>]));
  for (const row of daily) {
    const day = byDay.get(row.day);
    if (day) day[row.api] = (day[row.api] ?? 0) + row.calls;
  }
  const totals = { giphy: 0, tenor: 0 } as Record<string, number>;
  for (const day of byDay.values()) for (const api of Object.keys(totals)) totals[api]! += day[api] ?? 0;
  const total = totals.giphy! + totals.tenor!;
  const most = Math.max(1, ...[...byDay.values()].map((d) => (d.giphy ?? 0) + (d.tenor ?? 0)));
  const slot = WIDTH / days.length;
  const scale = HEIGHT / most;
  const summary = `${formatQuantity(total, 'call')} from ${formatDate(from)} to ${formatDate(to)}: ${formatCount(totals.giphy!)} to the GIPHY API, ${formatCount(totals.tenor!)} to the Tenor API`;
  return (
    <figure className="lb-usage__chart" data-total-calls={total}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
        {days.map((day, i) => {
          let top = HEIGHT;
          return (
            <g key={day}>
              {(['giphy', 'tenor'] as const).map((api) => {
                const calls = byDay.get(day)![api] ?? 0;
                if (calls === 0) return null;
                const height = calls * scale;
                top -= height;
                return (
                  <rect key={api} className={API_CLASSES[api]} x={i * slot + slot * 0.15} y={top} width={slot * 0.7} height={height} />
                );
              })}
            </g>
          );
        })}
      </svg>
      <ol className="lb-usage__days" aria-hidden="true">
        {days.map((day, i) => (
          <li key={day} data-major={i % 4 === 0 || undefined}>
            {i % 2 === 0 ? formatDay(day) : ''}
          </li>
        ))}
      </ol>
      <figcaption id={captionId}>{summary}</figcaption>
      <p className="lb-usage__legend">
        {Object.entries(API_LABELS).map(([api, label]) => (
          <span key={api}>
            <svg className="lb-usage__swatch" viewBox="0 0 10 10" aria-hidden="true">
              <rect className={API_CLASSES[api]} width="10" height="10" />
            </svg>{' '}
            {label}
          </span>
        ))}
      </p>
    </figure>
  );
}

export const apiLabel = (api: string) => API_LABELS[api] ?? api;
