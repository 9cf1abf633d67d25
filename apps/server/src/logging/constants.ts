/** Field names whose values are secrets: censored wherever a log entry carries them (at the top or one level down). */
export const SECRET_FIELDS = ['apiKey', 'api_key', 'apikey', 'token', 'adminToken', 'password', 'authorization', 'cookie'] as const;
/** A secret written into a message's text: a key, token or password parameter. */
export const SECRET_PARAM_IN_TEXT = /\b(api_?key|apikey|token|password)=[^&\s"']+/gi;
/** A secret written into a message's text: a Bearer or Token credential (as an Authorization header writes it). */
export const CREDENTIAL_IN_TEXT = /\b(Bearer|Token)\s+[\w.~+/=-]{8,}/g;
export const REDACTED = '[redacted]';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
