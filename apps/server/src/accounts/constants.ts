/** Accounts' numbers, each named once. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{2,40}$/;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
export const URL_MAX = 300;
export const TOKEN_LABEL_MAX = 60;

/** A mailed verification link works this long, a password-reset link much less. */
export const VERIFY_EMAIL_TTL_MS = 3 * 86_400_000;
export const RESET_PASSWORD_TTL_MS = 60 * 60_000;
/** A sign-up's confirmation link works, and holds its username, as long as a verification link. */
export const SIGNUP_REQUEST_TTL_MS = VERIFY_EMAIL_TTL_MS;

/**
 * New accounts get random ids from this range, so ids cannot be walked (1, 2, 3, …) to find people;
 * ids stay integers, as GIPHY's user objects have them. Seeded users keep their small sequence ids.
 */
export const USER_ID_MIN = 100_000_000;
export const USER_ID_MAX = 2_147_483_647;

/** Avatars: the largest upload accepted, the largest picture decoded, and the square kept. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_SIZE = 400;
