/** The names and numbers of signing in, each defined once (the edge names the same cookies and header). */
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** SPEC 6: "a password header can be sent when fetching a user"; it re-confirms the caller's password. */
export const PASSWORD_HEADER = 'X-Password';

/** A session lives this long after it was last used ("remember me" for two weeks). */
export const SESSION_IDLE_MS = 14 * 86_400_000;
/** …and never longer than this after it was made. */
export const SESSION_MAX_MS = 90 * 86_400_000;
/** Last-used times are written at most this often, so reads stay reads. */
export const TOUCH_EVERY_MS = 60 * 60_000;

/** Random bytes in every secret we hand out (sessions, tokens, mailed links): 256 bits. */
export const SECRET_BYTES = 32;
/** Personal access tokens start with this, so secret scanners and people can tell them apart. */
export const TOKEN_PREFIX = 'lbp_';

/**
 * scrypt at OWASP's recommended cost (N=2^15, r=8, p=3: 32 MiB, about a quarter second here);
 * the parameters are stored with each hash, so raising them later leaves old hashes valid.
 */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltBytes: 16 } as const;

/** Abuse limits (per server process): attempts allowed per window before a 429. */
export const ATTEMPT_LIMITS = {
  /** Failed logins against one account (by the name or e-mail typed). */
  loginFailuresPerAccount: { points: 5, windowS: 15 * 60 },
  /** Failed logins from one address, whatever the account. */
  loginFailuresPerAddress: { points: 30, windowS: 15 * 60 },
  /** Reset and verification mails asked for one address (the e-mail typed). */
  mailsPerEmail: { points: 3, windowS: 60 * 60 },
  /** Reset and verification mails, and sign-ups, asked from one client address. */
  mailsPerAddress: { points: 20, windowS: 60 * 60 },
  /** Wrong password-header or current-password confirmations for one signed-in account. */
  confirmFailuresPerAccount: { points: 5, windowS: 15 * 60 },
  /** GIF links mailed by one signed-in person (POST /ajax/instashare/). */
  sharesPerUser: { points: 10, windowS: 60 * 60 },
  /** GIF links mailed to one recipient address, whoever sends them. */
  sharesPerRecipient: { points: 3, windowS: 60 * 60 },
  /** Reports of GIFs and of searches sent from one client address. */
  reportsPerAddress: { points: 30, windowS: 60 * 60 },
} as const;
export type AttemptLimitName = keyof typeof ATTEMPT_LIMITS;
/**
 * Keys each abuse limit counts at once (the least recently used goes past it): a bounded count, and
 * keys of at most ATTEMPT_KEY_MAX_CHARS, so a flood of distinct names costs bounded memory. To push
 * one account's failures out, a flood needs this many other names, which the per-address limits bound.
 */
export const ATTEMPT_LIMIT_MAX_KEYS = 20_000;
/** A longer key (an e-mail typed, say) is counted by its hash. */
export const ATTEMPT_KEY_MAX_CHARS = 64;
