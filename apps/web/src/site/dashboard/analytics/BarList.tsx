import { formatQuantity, type Noun } from '../../../ui/format.ts';
import { linearScale } from './scale.ts';

export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** A small still image beside the label. */
  thumbnail?: string | undefined;
  href?: string;
}

/** A ranked list of labelled horizontal bars, longest first as given, each as wide as its share of the longest; the numbers are written out too. */
export function BarList({ items, unit, labelledBy }: { items: readonly BarItem[]; unit: Noun; labelledBy: string }) {
  const max = Math.max(0, ...items.map((i) => i.value));
  const percent = linearScale(max, 0, 100);
  return (
    <ol className="lb-analytics__bars" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.key}>
          <span className="lb-analytics__bar-label">
            {item.thumbnail !== undefined && <img src={item.thumbnail} alt="" width={40} height={40} loading="lazy" />}
            {item.href ? <a href={item.href}>{item.label}</a> : item.label}
          </span>
          <span aria-hidden="true" className="lb-analytics__bar">
            <span style={{ width: `${percent(item.value)}%` }} />
          </span>
          <span className="lb-analytics__num">{formatQuantity(item.value, unit)}</span>
        </li>
      ))}
    </ol>
  );
}
