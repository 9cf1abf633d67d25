import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';
import { count, userId } from './moderation.ts';

/** Trending search terms staff block, and (TRENDING_REVIEW=on) review and approve. */

/** A term kept out of trending searches (`GET /api/v1/moderation/trending-blocks/`). */
export const BlockedTerm = z.strictObject({ term: z.string(), blocked_by: userId.nullable(), created_at: Timestamp });
export type BlockedTerm = Wire<typeof BlockedTerm>;
export const BlockedTermsAnswer = enveloped(z.array(BlockedTerm));

/** `PUT` (block) and `DELETE` (unblock): `changed` false when the term already was so. */
export const TermBlockedAnswer = enveloped(z.strictObject({ term: z.string(), blocked: z.boolean(), changed: z.boolean() }));
export type TermBlocked = Wire<typeof TermBlockedAnswer>['data'];

/** A term that qualifies to trend but waits for staff's approval. */
export const TrendingCandidate = z.strictObject({
  term: z.string(),
  /** The decayed score as of now. */
  score: z.number().min(0),
  /** Searches logged for the term (all of them, results or not). */
  searches: count,
  /** Distinct searchers who found results for it lately. */
  searchers: count,
});

export const TrendingReview = z.strictObject({
  /** Whether review is on (only approved terms trend). */
  review: z.boolean(),
  min_searchers: count,
  candidates: z.array(TrendingCandidate),
  approved: z.array(z.strictObject({ term: z.string(), approved_by: userId.nullable(), created_at: Timestamp })),
});
export type TrendingReview = Wire<typeof TrendingReview>;
export const TrendingReviewAnswer = enveloped(TrendingReview);

/** `PUT` (approve) and `DELETE` (withdraw): `changed` false when the term already was so. */
export const TermApprovedAnswer = enveloped(z.strictObject({ term: z.string(), approved: z.boolean(), changed: z.boolean() }));
export type TermApproved = Wire<typeof TermApprovedAnswer>['data'];
