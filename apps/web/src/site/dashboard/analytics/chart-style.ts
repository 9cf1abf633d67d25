import type { Counter } from './shape.ts';

/**
 * The charts' colours are CSS custom properties (set on `.lb-analytics` in analytics-page.css from
 * the design system's tokens), so they follow the theme; each counter also has its own dash, so the
 * lines differ by more than colour.
 */
export const COUNTER_STYLE: Record<Counter, { color: string; dash: string }> = {
  views: { color: 'var(--lb-chart-views)', dash: '' },
  clicks: { color: 'var(--lb-chart-clicks)', dash: '6 3' },
  hovers: { color: 'var(--lb-chart-hovers)', dash: '2 3' },
  starts: { color: 'var(--lb-chart-starts)', dash: '8 3 2 3' },
};

export const PAGE_VIEW_COLOR = 'var(--lb-chart-page-views)';
export const BAR_COLOR = 'var(--lb-chart-views)';
export const AXIS_COLOR = 'var(--lb-chart-axis)';
export const GRID_COLOR = 'var(--lb-chart-grid)';
