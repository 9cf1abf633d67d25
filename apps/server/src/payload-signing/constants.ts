/** A new signing secret this often; the kid is the period's number, so every process agrees on it. */
export const KEY_PERIOD_MS = 7 * 24 * 3_600_000;
/** Payloads signed with a secret this much older than now are still accepted (pages stay open, queues replay). */
export const KEY_ACCEPTED_FOR_MS = 5 * KEY_PERIOD_MS;
/** How often a process rereads the secrets, so one another process made is known. */
export const KEY_REFRESH_MS = 60_000;
/** HMAC-SHA256 truncated to this many bytes: forging one still needs 2^96 tries. */
export const SIGNATURE_BYTES = 12;
/** Verified payloads remembered per signer (one response's payload recurs in every event for its GIF). */
export const VERIFIED_CACHE_SIZE = 10_000;
/** What GIPHY's analytics package appends to a payload when its debug logger is on. */
export const VERIFICATION_SUFFIX = '&mode=verification';
