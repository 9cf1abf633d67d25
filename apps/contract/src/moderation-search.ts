import { z } from 'zod';
import { enveloped, Meta, Timestamp, type Wire } from './common.ts';
import {
  contentState,
  count,
  countedPage,
  gifType,
  moderationState,
  rating,
  SEARCH_CONTENT_TYPES,
  SEARCH_REPORT_REASONS,
  SEARCH_REPORT_RESOLUTIONS,
  visibility,
} from './moderation.ts';

/** Searches reported and their queue, and the staff's search over all content. */

const searchReportReason = z.enum(SEARCH_REPORT_REASONS);
const searchContentType = z.enum(SEARCH_CONTENT_TYPES);

/** One open report of a search, as the queue details it. */
export const SearchReport = z.strictObject({
  id: z.string(),
  reasons: z.array(searchReportReason),
  additional_info: z.string(),
  search_content_type: searchContentType,
  search_response_id: z.string(),
  /** Whether a signed-in person reported (else a visitor, known by address only). */
  signed_in: z.boolean(),
  created_at: Timestamp,
});
export type SearchReport = Wire<typeof SearchReport>;

/** A term with open search reports, in `GET /api/v1/moderation/search-reports/`. */
export const ReportedTerm = z.strictObject({
  term: z.string(),
  open_reports: count,
  /** How many open reports gave each reason. */
  reasons: z.partialRecord(searchReportReason, count),
  /** What the reported searches were for, each once. */
  content_types: z.array(searchContentType),
  first_reported_at: Timestamp,
  last_reported_at: Timestamp,
  /** The newest open report's id: resolving `through` it closes exactly what was shown. */
  through: z.string(),
  /** The newest open reports (a few; `open_reports` counts them all). */
  reports: z.array(SearchReport),
});
export type ReportedTerm = Wire<typeof ReportedTerm>;
export const SearchReportQueueAnswer = countedPage(ReportedTerm);

/** `POST /api/v1/moderation/search-reports/resolve`: the term's reports closed, up to `through`. */
export const SearchReportsResolvedAnswer = enveloped(
  z.strictObject({ term: z.string(), resolution: z.enum(SEARCH_REPORT_RESOLUTIONS), through: z.string(), reports: count }),
);
export type SearchReportsResolved = Wire<typeof SearchReportsResolvedAnswer>['data'];

/** A GIF as `GET /api/v1/search-service/search/` lists it, whatever its visibility or state. */
export const ContentRow = z.strictObject({
  id: z.string(),
  title: z.string(),
  type: gifType,
  rating,
  username: z.string().nullable(),
  tags: z.array(z.string()),
  /** Its one state in the content policy. */
  state: contentState,
  visibility,
  moderation_state: moderationState,
  is_removed: z.boolean(),
  nsfw_score: z.number().nullable(),
  /** Its reports, open or closed. */
  reports: count,
  create_datetime: Timestamp,
});
export type ContentRow = Wire<typeof ContentRow>;

/** The search service pages by offset and says whether there is more, without counting the whole match. */
export const ContentSearchAnswer = z.strictObject({
  data: z.array(ContentRow),
  pagination: z.strictObject({ count, offset: count, has_more: z.boolean() }),
  meta: Meta,
});
