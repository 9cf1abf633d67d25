import type { Counter } from './shape.ts';

/** One colour and dash per counter, so the lines differ by more than colour. */
export const COUNTER_STYLE: Record<Counter, { color: string; dash: string }> = {
  views: { color: '#1d4ed8', dash: '' },
  clicks: { color: '#b91c1c', dash: '6 3' },
  hovers: { color: '#047857', dash: '2 3' },
  starts: { color: '#6d28d9', dash: '8 3 2 3' },
};

export const PAGE_VIEW_COLOR = '#b45309';
export const BAR_COLOR = '#1d4ed8';
export const AXIS_COLOR = '#4b5563';
export const GRID_COLOR = '#e5e7eb';
