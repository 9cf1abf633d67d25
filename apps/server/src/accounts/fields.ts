import { z } from 'zod';
import { ROLES } from '../permissions/roles.ts';
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TOKEN_LABEL_MAX,
  URL_MAX,
  USERNAME_PATTERN,
} from './constants.ts';

// One rule for text: no NUL or other control characters (newlines only where asked), no lone surrogates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters this rule refuses
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters this rule refuses
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function text(name: string, max: number, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: `${name} must be text` })
    .max(max, `${name} must be at most ${max} characters`)
    .refine((v) => !LONE_SURROGATE.test(v), `${name} contains an invalid character`)
    .refine((v) => !(options.multiline ? CONTROL : CONTROL_OR_NEWLINE).test(v), `${name} contains a control character`);
}

export const username = z
  .string({ error: 'username is required' })
  .regex(USERNAME_PATTERN, 'username must be 2 to 40 letters, digits or _');
export const email = text('email', EMAIL_MAX)
  .transform((v) => v.trim())
  .pipe(z.email('email must be an e-mail address'));
export const password = text('password', PASSWORD_MAX).pipe(
  z.string().min(PASSWORD_MIN, `password must be at least ${PASSWORD_MIN} characters`),
);
/** A password typed to prove who you are: any length, so an old shorter one still works. */
export const currentPassword = text('password', PASSWORD_MAX).pipe(z.string().min(1, 'password is required'));
export const displayName = text('display_name', DISPLAY_NAME_MAX).transform((v) => v.trim());
export const bio = text('description', BIO_MAX, { multiline: true }).transform((v) => v.trim());
/** An http(s) URL, or '' to clear it. */
export const webUrl = (name: string) =>
  text(name, URL_MAX)
    .transform((v) => v.trim())
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` })]));
export const role = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
export const tokenLabel = text('label', TOKEN_LABEL_MAX)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'label must not be empty'));
/** A secret from a mailed link. */
export const mailedToken = z.string({ error: 'token is required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'token is not a valid link token');
/** A user in a path: their id. */
export const userIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id must be a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'id is too large')),
});
