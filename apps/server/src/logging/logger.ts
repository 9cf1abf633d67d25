import pino, { type DestinationStream, type Logger } from 'pino';
import { CREDENTIAL_IN_TEXT, type LOG_LEVELS, REDACTED, SECRET_FIELDS, SECRET_PARAM_IN_TEXT } from './constants.ts';

export type LogLevel = (typeof LOG_LEVELS)[number];
export type { Logger };

/** A message's text with every secret-looking value replaced. */
export function redactText(text: string): string {
  return text.replace(SECRET_PARAM_IN_TEXT, `$1=${REDACTED}`).replace(CREDENTIAL_IN_TEXT, `$1 ${REDACTED}`);
}

/**
 * The process's logger: one JSON object per line on stderr (pino). Every string is JSON-escaped, so a
 * control character a client put in a path or parameter (`%0A` decoded) can never start a line of
 * its own; fields named like secrets and secret-looking text in messages are censored.
 */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)], censor: REDACTED },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    options.destination ?? pino.destination({ dest: 2, sync: false }),
  );
}

/** For the parts of the server that log a line of text (`log?: (line: string) => void`). */
export const lineLogger = (logger: Logger) => (line: string) => logger.info(line);
