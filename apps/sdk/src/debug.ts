import { DEBUG_QUERY_PARAM, LIBRARY_NAME, LOCAL_HOSTNAMES } from './constants.ts';

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** The parts of the page location the debug switch reads. */
export interface PageLocation {
  hostname: string;
  search: string;
}

export interface DebugSwitches {
  /** An explicit debug flag. */
  debug?: boolean;
  /** The page location, if any (none in Node or a worker without one). */
  location?: PageLocation | undefined;
}

/** Debug logging is on with the debug flag, on a local host, or with debug=true in the query. */
export function isDebugEnabled({ debug = false, location }: DebugSwitches): boolean {
  if (debug) return true;
  if (!location) return false;
  return LOCAL_HOSTNAMES.includes(location.hostname) || new URLSearchParams(location.search).get(DEBUG_QUERY_PARAM) === 'true';
}

const silent = (): void => {};

/** A logger prefixing each line with the library name; every level is silent unless enabled. */
export function createLogger(enabled: boolean, sink: Logger = console): Logger {
  if (!enabled) return { debug: silent, info: silent, warn: silent, error: silent };
  const prefix = `${LIBRARY_NAME}:`;
  return {
    debug: (...args) => sink.debug(prefix, ...args),
    info: (...args) => sink.info(prefix, ...args),
    warn: (...args) => sink.warn(prefix, ...args),
    error: (...args) => sink.error(prefix, ...args),
  };
}
