import { useId } from 'react';

const WIDTH = 560;
const HEIGHT = 160;
const AXIS = 24;
const API_LABELS: Record<string, string> = { giphy: 'GIPHY API', tenor: 'Tenor API' };
const API_CLASSES: Record<string, string> = { giphy: 'lb-usage__bar--giphy', tenor: 'lb-usage__bar--tenor' };

/** Every day from `from` to `to` (YYYY-MM-DD, UTC). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); at <= new Date(`${to}T00:00:00Z`); at = new Date(at.getTime() + 86_400_000)) days.push(at.toISOString().slice(0, 10));
  return days;
}

/**
 * Calls a day as stacked bars (GIPHY API below, Tenor API above), drawn as inline SVG; the same
 * figures are in the caption and the table beside it, for screen readers and for copying.
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
  const scale = (HEIGHT - AXIS) / most;
  const summary = `${total} ${total === 1 ? 'call' : 'calls'} from ${from} to ${to}: ${totals.giphy} to the GIPHY API, ${totals.tenor} to the Tenor API`;
  return (
    <figure className="lb-usage__chart" data-total-calls={total}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={captionId} preserveAspectRatio="none">
        {days.map((day, i) => {
          let top = HEIGHT - AXIS;
          return (
            <g key={day}>
              {(['giphy', 'tenor'] as const).map((api) => {
                const calls = byDay.get(day)![api] ?? 0;
                if (calls === 0) return null;
                const height = calls * scale;
                top -= height;
                return <rect key={api} className={API_CLASSES[api]} x={i * slot + slot * 0.15} y={top} width={slot * 0.7} height={height} />;
              })}
              {i % 2 === 0 ? (
                <text x={i * slot + slot / 2} y={HEIGHT - 6} textAnchor="middle" className="lb-usage__tick">
                  {day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption id={captionId}>{summary}</figcaption>
      <p className="lb-usage__legend">
        {Object.entries(API_LABELS).map(([api, label]) => (
          <span key={api}>
            <span className={`lb-usage__swatch ${API_CLASSES[api]}`} aria-hidden="true" /> {label}
          </span>
        ))}
      </p>
    </figure>
  );
}

export const apiLabel = (api: string) => API_LABELS[api] ?? api;
