import { BAR_COLOR } from './chart-style.ts';
import { linearScale } from './scale.ts';

export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** A small still image beside the label. */
  thumbnail?: string | undefined;
  href?: string;
}

const BAR_WIDTH = 240;
const BAR_HEIGHT = 14;

/** A ranked list of labelled horizontal bars, longest first as given; the numbers are written out too. */
export function BarList({ items, unit, labelledBy }: { items: readonly BarItem[]; unit: string; labelledBy: string }) {
  const max = Math.max(0, ...items.map((i) => i.value));
  const width = linearScale(max, 0, BAR_WIDTH);
  return (
    <ol className="lb-analytics__bars" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.key}>
          <span className="lb-analytics__bar-label">
            {item.thumbnail !== undefined && <img src={item.thumbnail} alt="" width={40} height={40} loading="lazy" />}
            {item.href ? <a href={item.href}>{item.label}</a> : item.label}
          </span>
          <svg width={BAR_WIDTH} height={BAR_HEIGHT} aria-hidden="true" className="lb-analytics__bar">
            <rect x="0" y="0" height={BAR_HEIGHT} width={Math.max(1, width(item.value))} fill={BAR_COLOR} rx="2" />
          </svg>
          <span className="lb-analytics__num">
            {item.value} {unit}
          </span>
        </li>
      ))}
    </ol>
  );
}
