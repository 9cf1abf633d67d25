import { Link } from 'wouter';
import { formatCount } from './format.ts';

export interface Segment {
  key: string;
  label: string;
  href: string;
  /** A figure beside the label (a result count), when known. */
  count?: number | undefined;
}

/**
 * A segmented control of links: one segment per view of the same thing (a search's GIFs, Stickers
 * and Clips), the current one marked `aria-current="page"`. Links, not buttons: each view has its
 * own address, so it can be shared, reloaded and opened in a new tab.
 */
export function SegmentedControl({ label, segments, current }: { label: string; segments: readonly Segment[]; current: string }) {
  return (
    <nav className="lb-tabs" aria-label={label}>
      {segments.map((segment) => (
        <Link key={segment.key} href={segment.href} className="lb-tab" aria-current={segment.key === current ? 'page' : undefined}>
          {segment.label}
          {segment.count !== undefined && <span className="lb-tab__count">{formatCount(segment.count)}</span>}
        </Link>
      ))}
    </nav>
  );
}
