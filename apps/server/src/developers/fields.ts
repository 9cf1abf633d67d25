import { z } from 'zod';
import { normaliseFreeText } from '../boundary/text.ts';
import {
  APP_DESCRIPTION_MAX,
  APP_NAME_MAX,
  APP_PLATFORMS,
  REVIEW_NOTE_MAX,
  ROTATION_GRACE_MAX_S,
  ROTATION_GRACE_MIN_S,
} from './constants.ts';

/** Free text on one line (controls become spaces), trimmed, at most `max` characters. */
const line = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .transform((v) => normaliseFreeText(v).trim())
    .pipe(z.string().max(max, `${name} must be at most ${max} characters`));

export const AppBody = z.object({
  name: line('name', APP_NAME_MAX).pipe(z.string().min(1, 'name is required')),
  description: line('description', APP_DESCRIPTION_MAX).default(''),
  platform: z.enum(APP_PLATFORMS, { error: `platform must be one of ${APP_PLATFORMS.join(', ')}` }),
});

export const ProductionBody = z.object({ note: line('note', REVIEW_NOTE_MAX).default('') });

export const RotateBody = z.object({
  grace_seconds: z
    .number({ error: 'grace_seconds must be a number' })
    .int('grace_seconds must be a whole number of seconds')
    .min(ROTATION_GRACE_MIN_S, `grace_seconds must be from ${ROTATION_GRACE_MIN_S} to ${ROTATION_GRACE_MAX_S}`)
    .max(ROTATION_GRACE_MAX_S, `grace_seconds must be from ${ROTATION_GRACE_MIN_S} to ${ROTATION_GRACE_MAX_S}`),
});

export const DecisionBody = z.object({
  decision: z.enum(['approved', 'refused'], { error: 'decision must be approved or refused' }),
  note: line('note', REVIEW_NOTE_MAX).default(''),
});

const ID = /^[1-9][0-9]{0,17}$/;
export const AppPath = z.object({ app: z.string().regex(ID, 'app must be an app id') });
export const KeyPath = z.object({ key: z.string().regex(ID, 'key must be a key id') });
export const RequestPath = z.object({ request: z.string().regex(ID, 'request must be a request id') });
