import { z } from 'zod';
import { enveloped, type Wire } from './common.ts';

/** Tags suggested for an upload's frames (`POST /ajax/tags/prediction/`). */

/** Where a suggestion came from: words read in the picture, or the tags of visually close GIFs. */
export const SUGGESTION_SOURCES = ['text', 'neighbours'] as const;

export const TagSuggestion = z.strictObject({
  name: z.string(),
  /** 0–1: the neighbours' weighted share voting for it, or 1 for words read in the picture. */
  score: z.number().min(0).max(1),
  source: z.enum(SUGGESTION_SOURCES),
});
export type TagSuggestion = Wire<typeof TagSuggestion>;

/** Best first. */
export const TagSuggestionsAnswer = enveloped(z.array(TagSuggestion));
