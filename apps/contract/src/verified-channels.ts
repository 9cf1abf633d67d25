import { APPLICATION_STATES, ROLES } from '@loopbox/pages';
import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';

/** Applications for a verified channel (issue 31): the applicant's, and staff's queue and decisions. */

/** One example of an applicant's work: the URL as given (or this site's GIF page), and the GIF's id when it is one of this site's. */
export const ApplicationExample = z.strictObject({ url: z.string(), gif_id: z.string().nullable() });
export type ApplicationExample = Wire<typeof ApplicationExample>;

/** An application as its applicant and staff read it. */
export const Application = z.strictObject({
  id: z.string(),
  state: z.enum(APPLICATION_STATES),
  name: z.string(),
  links: z.array(z.string()),
  examples: z.array(ApplicationExample),
  why: z.string(),
  created_at: Timestamp,
  /** Staff's note with the decision ('' while open). */
  decision_note: z.string(),
  decided_at: Timestamp.nullable(),
});
export type Application = Wire<typeof Application>;

/** A GIF of this site shown as a tile in staff's queue. */
export const ExampleGif = z.strictObject({ id: z.string(), title: z.string(), preview: z.string() });

/** An open application in staff's queue, with its applicant and a tile for each example that is this site's GIF. */
export const OpenApplication = Application.extend({
  applicant: z.strictObject({
    id: z.number().int(),
    username: z.string(),
    display_name: z.string(),
    role: z.enum(ROLES),
    is_verified: z.boolean(),
    gif_count: z.number().int().min(0),
  }),
  /** By GIF id. */
  gifs: z.record(z.string(), ExampleGif),
});
export type OpenApplication = Wire<typeof OpenApplication>;

/** What deciding did: the applicant's role and badge after it. */
export const ApplicationDecided = z.strictObject({
  id: z.string(),
  state: z.enum(['approved', 'refused']),
  user_id: z.number().int(),
  role: z.enum(ROLES),
  is_verified: z.boolean(),
  note: z.string(),
});
export type ApplicationDecided = Wire<typeof ApplicationDecided>;

export const ApplicationAnswer = enveloped(Application);
/** `null` when the person never applied. */
export const MyApplicationAnswer = enveloped(Application.nullable());
export const OpenApplicationsAnswer = enveloped(z.array(OpenApplication));
export const ApplicationDecidedAnswer = enveloped(ApplicationDecided);
