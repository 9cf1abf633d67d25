import { z } from 'zod';
import type { Wire } from './common.ts';

/** `GET /oembed`: an oEmbed 1.0 "rich" answer whose `html` is a GIF's embed code. */
export const Oembed = z.strictObject({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  /** Only for a GIF with an author. */
  author_name: z.string().optional(),
  author_url: z.string().optional(),
  html: z.string(),
  /** The embed's size, fitted into 480×480. */
  width: z.number().int().min(0),
  height: z.number().int().min(0),
});
export type Oembed = Wire<typeof Oembed>;
