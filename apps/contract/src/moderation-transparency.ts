import { DECISIONS, GIF_REPORT_REASONS } from '@loopbox/pages';
import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';
import { count, SEARCH_REPORT_REASONS, SEARCH_REPORT_RESOLUTIONS } from './moderation.ts';

/** The moderation figures `/transparency` publishes (`GET /api/v1/transparency/`). */

/** One calendar month (UTC) of moderation. */
export const TransparencyMonth = z.strictObject({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** GIF reports by reason, and search reports by reason (a search report may give several). */
  gif_reports: z.partialRecord(z.enum(GIF_REPORT_REASONS), count),
  search_reports: z.partialRecord(z.enum(SEARCH_REPORT_REASONS), count),
  /** Decisions about GIFs by kind (a takedown's GIFs count as `remove`). */
  decisions: z.partialRecord(z.enum(DECISIONS), count),
  /** Search reports closed, by resolution, counted per report. */
  search_report_resolutions: z.partialRecord(z.enum(SEARCH_REPORT_RESOLUTIONS), count),
  /** Takedowns filed, and the GIFs they named. */
  takedowns: count,
  takedown_items: count,
  /** GIF reports closed by a decision or a takedown this month, and the median time from report to that close. */
  reports_decided: count,
  median_seconds_to_decision: count.nullable(),
});
export type TransparencyMonth = Wire<typeof TransparencyMonth>;

export const TransparencyFigures = z.strictObject({
  /** The first moment (UTC) the figures cover, and when they were computed. */
  since: Timestamp,
  generated_at: Timestamp,
  /** Newest month first, every month of the window present (zero when nothing happened). */
  months: z.array(TransparencyMonth),
});
export type TransparencyFigures = Wire<typeof TransparencyFigures>;
export const TransparencyAnswer = enveloped(TransparencyFigures);
